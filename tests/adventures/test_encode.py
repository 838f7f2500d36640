"""The v1 observation layout: named blocks that sum to the observation size, each block
written only where its name says (role, decision, players, board, what is being resolved)."""
import numpy as np

from conan_envs.adventures import encode as E
from conan_envs.adventures.content import content

from .helpers import act, at_main, game

C = content()


def test_blocks_sum_to_the_observation_size_and_are_named_once():
    g = game(4)
    blocks = E.observation_blocks(g, 0)
    names = [n for n, _ in blocks]
    assert len(set(names)) == len(names)
    assert sum(n for _, n in blocks) == E.SIZE == g.observation_shape(0)[0]
    assert names[:6] == ["role", "player_count", "phase", "decision_kind", "actor", "round"]


def block(v, name):
    o = E.O[name]
    return v[o:o + dict(E.LAYOUT)[name]]


def test_blocks_hold_what_their_names_say():
    s = at_main(game(3).new_initial_state(2), 0)
    v = s.observation(1)
    assert block(v, "role")[1] == 1 and block(v, "player_count")[1] == 1
    assert block(v, "actor")[0] == 1  # Conan decides
    assert block(v, "phase")[E.PHASE_INDEX["main"]] == 1
    for p in range(3):
        pb = block(v, f"player_{p}")
        assert pb[E.PO["present"]] == 1
        assert pb[E.PO["character"] + s.char[p]] == 1
        n = len(s.zone[p])
        assert pb[E.PO["dice"]: E.PO["dice"] + n * E.PER_DIE: E.PER_DIE].sum() == n
    assert block(v, "player_3").sum() == 0
    assert block(v, "plot_cards").sum() == 5
    for i, a in enumerate(s.adv_face):
        assert block(v, "adventures")[i * (E.NA + E.NK + 9) + a] == 1


def test_values_stay_in_range_and_buffers_are_not_shared():
    s = game(4, team=True).new_initial_state(1)
    rng = np.random.default_rng(1)
    for _ in range(400):
        for r in range(4):
            o = s.observation(r)
            assert o.dtype == np.float32 and o.min() >= 0 and o.max() <= 1
        s.apply_action(int(rng.choice(s.legal_actions())))
    a = s.observation(0)
    a[:] = 7
    assert s.observation(0).max() <= 1


def test_plot_roll_context_carries_the_roll_number():
    s = game(2).new_initial_state(0)
    while s.frame().key != "plot":
        s.apply_action(s.legal_actions()[0])
    v = s.observation(s.frame().actor)
    assert block(v, "context")[E.CO["rolls"] - E.O["context"]] == 1 / 3
    if s.legal_action_mask()[act("yes")]:
        s.apply_action(act("yes"))
        if not s.over and s.frame().key == "plot":
            assert s.observation(s.frame().actor)[E.CO["rolls"]] == 2 / 3
