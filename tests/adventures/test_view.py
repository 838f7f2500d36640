"""The view contract for every Adventures config, over longer games than the generic test
(every phase, Fights, Duels, Encounters and Adventures): equal observations <-> equal views (the
log aside), views unchanged by resampling what the role cannot see, the text board shows the
prompt; and the board names what issue 13 asked for."""

import numpy as np
import pytest

from baselines import load_agent
from conan_envs.adventures.content import content
from tests import test_views as contract

from .helpers import act, game

C = content()
CONFIGS = [dict(num_players=2), dict(num_players=3, ohala=True), dict(num_players=4),
           dict(num_players=4, team=True), dict(num_players=2, plot="mixed")]


def sampled(cfg, games=4, steps=600):
    cfg = dict(cfg)
    g = game(cfg.pop("num_players"), **cfg)
    cfg["num_players"] = g.n
    out = []
    for k in range(games):
        s = g.new_initial_state(200 + k)
        rng = np.random.default_rng(k)
        agents = None
        if k % 2:
            agents = [load_agent("scripted", "adventures_v2", r, seed=k, **cfg) for r in range(g.num_roles)]
        for step in range(steps):
            if s.is_terminal() or s.is_truncated():
                break
            if step % 4 == 0:
                out.append(s.clone())
            p = s.current_player()
            if agents is None:
                a = int(rng.choice(s.legal_actions()))
            else:
                a = agents[p].act(s.observation(p), s.legal_action_mask(), s)
            s.apply_action(a)
        out.append(s)
    return g, out


@pytest.fixture(scope="module", params=CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def states(request):
    return sampled(request.param)


def test_observation_and_view_are_one_to_one(states):
    contract.check_plain_json(*states)
    contract.check_one_to_one(*states)


def test_view_is_unchanged_by_resampling_and_board_shows_the_prompt(states):
    contract.check_no_leak(*states)
    contract.check_board(*states)


def test_every_phase_and_resolution_is_reached(states):
    g, sts = states
    kinds = {s.view(0)["decision"]["kind"] for s in sts}
    assert {"plot_roll", "main_action", "choose_adventure_dice"} <= kinds
    assert any(s.fight or s.duel for s in sts)


def test_board_names_what_a_player_needs():
    s = game(3).new_initial_state(4)
    v = s.view(0)
    text = str(s)
    chapter1 = v["plot_track"]["cards"][0]
    assert chapter1["required"] == ["Move", "Warrior"] and chapter1["bonus"] == ["Thief"]
    assert "required Move, Warrior; bonus Thief" in text
    adv = v["adventures"][0]
    assert adv["needs"] and adv["victory_points_per_die"] > 0 and adv["reward"]
    assert f"{adv['victory_points_per_die']} VP per die" in text
    assert all(e["needs"] and e["reward"] and e["penalty"] for e in v["encounters"])
    for p in v["players"]:
        assert p["character"] and p["ability"]["face_up"] in text
    assert "slot" not in " ".join(s.action_to_string(a) for a in s.legal_actions())
    assert v["decision"]["kind"] == "choose_character_side"


def test_action_names_have_no_doubled_prefixes():
    g = game(4)
    names = set()
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal() and not s.is_truncated():
            legal = s.legal_actions()
            names.update(s.action_to_string(a) for a in legal)
            s.apply_action(int(rng.choice(legal)))
    text = "\n".join(names)
    for bad in ("die die", "fate_die", "set_die", "slot ", "yes", "done", "adv_", "main_post"):
        assert bad not in text, bad
    assert not {"yes", "done"} & names


def test_decision_kinds_are_in_the_games_words():
    from conan_envs.adventures.frames_resolve import BY_KEY
    for internal in ("pool", "adjust", "main_post", "adv_choose"):
        assert BY_KEY[internal].kind not in ("pool", "adjust", "main_post", "adv_choose")
    s = game(2).new_initial_state(0)
    assert s.decision() == "choose_character_side"
    s.apply_action(act("slot", 0))
    assert "side" in s.view(1)["decision"]["prompt"]
