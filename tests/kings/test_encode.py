"""The observation encoder (encode.py) against a plain reference encoding written straight
from the layout: the incrementally kept `board` and the per-observer permutations must give
exactly the same vector, for every observer, at every step of random games."""
import json

import numpy as np
import pytest

import conan_envs
from conan_envs.engine import CorruptStateError
from conan_envs.kings import content as C
from conan_envs.kings.encode import (
    DECISIONS,
    EFFECTS,
    PHASES,
    ROLLS,
    STAGES,
    TASK_DECISIONS,
    observation_blocks,
    observation_size,
    pending,
)

from .helpers import A, E, K, blank, put, rid

R, T = C.NUM_REGIONS, C.NUM_TYPES


def reference(s, role):
    """The observation, element by element, from the unit counts (not from `board`)."""
    n = s.n
    f32 = np.float32
    seats = [(role + k) % n for k in range(n)] + [n]
    vals = []
    for r in range(R):
        for o in seats:
            for t in range(T):
                vals.append(min(f32(s.at(r, o, t)) * f32(1.0 / C.CHITS[t]), f32(1.0)))
    for r in range(R):
        for o in seats:
            vals.append(1.0 if sum(s.at(r, o, t) for t in range(T)) > 0 else 0.0)
    vals += [min(f32(k) * f32(1 / 3.0), f32(1.0)) for k in s.storm]
    vals += [min(f32(k) * f32(1 / 6.0), f32(1.0)) for k in s.curse]
    vals += [0.0 if k < 0 else ((k - role) % n + 1) / n for k in s.raided]
    frame = None if s.is_terminal() else s.frame()  # the decision asked (its public fields)
    asked = frame.actor if frame else -1
    for p in seats[:n]:
        vals += [min(s.gold[p] / 10, 1.0), min(s.div[p] / 5, 1.0), min(s.relics[p] / 5, 1.0),
                 float(s.alive[p]), float(sum(s.at(r, p, K) for r in range(R)) > 0),
                 s.order.index(p) / (n - 1), float(p == s.me()), float(p == asked),
                 float(s.king_dead[p])]
    vals += [1.0 if s.phase == ph else 0.0 for ph in PHASES]
    kind = frame.kind if frame else None
    vals += [1.0 if kind == d else 0.0 for d in DECISIONS]
    eff, fr, ft, fu = pending(s) if kind in TASK_DECISIONS or kind in ("battle_target", "restore") \
        else (-1, -1, -1, -1)
    vals += [1.0 if e == eff else 0.0 for e in range(len(EFFECTS))]
    vals += [1.0 if r == fr else 0.0 for r in range(R)]
    vals += [1.0 if r == ft else 0.0 for r in range(R)]
    vals += [1.0 if t == fu else 0.0 for t in range(T)]
    roll = frame.roll if kind == "divination" else None
    ctx = roll.ctx if roll else None
    vals += [1.0 if roll and roll.what == w else 0.0 for w in ROLLS]
    vals.append(roll.value / roll.sides if roll else 0.0)
    rr = (ctx.region if ctx.region >= 0 else ctx.target) if ctx else -1
    vals += [1.0 if r == rr else 0.0 for r in range(R)]
    vals += [1.0 if ctx and t == ctx.unit else 0.0 for t in range(T)]
    vals += [1.0 if ctx and k == ctx.side else 0.0 for k in range(2)]
    bt = s.battle
    vals += [1.0 if bt and r == bt.region else 0.0 for r in range(R)]
    vals += [1.0 if bt and o == bt.owners[1] else 0.0 for o in seats]
    if bt:
        vals += [bt.round / 50] + [1.0 if st == bt.stage else 0.0 for st in STAGES]
        for side in (0, 1):
            vals += [getattr(bt, k)[side] / 10 for k in ("initiative", "attack_bonus", "charge",
                                                          "confusion", "hits")]
            for k in ("killed", "raised", "possessed", "immobilized"):
                vals += [x / 10 for x in getattr(bt, k)[side]]
    else:
        vals += [0.0] * (1 + len(STAGES) + 2 * (5 + 4 * T))
    vals.append(min(s.turn / (s.game.max_turns or 100), 1.0))
    vals.append(1.0 if s.battle is not None else 0.0)
    for r in range(R):  # Relic-bearing Wizards, per region and player (the observer first)
        vals += [min(f32(s.relic[r * n + p]) * f32(1 / 10), f32(1.0)) for p in seats[:n]]
    for field in ("stack_bonus", "journey", "plan", "bonus_recruit", "rolls"):
        vals += [k / 10 for k in getattr(s, field)]
    vals += [float(s.king_journey), float(s.king_plan)]
    vals += [float(v) for v in s.country_roll]
    vals.append((1 if s.task.boarding >= 0 else s.task.count) / 30
                if kind == "move_marked" else 0.0)
    out = np.array(vals, dtype=np.float32)
    assert out.shape == (observation_size(n),)
    assert len(vals) == sum(size for _, size in observation_blocks(s.game, role))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_encoding_matches_the_reference_in_random_games(n):
    game = conan_envs.make_game("kings_v2", num_players=n, max_turns=12)
    checked = 0
    for seed in range(3):
        s = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not s.is_terminal() and not s.is_truncated():
            if k % 5 == 0:
                for role in range(n):
                    obs = s.observation(role)
                    assert obs.dtype == np.float32
                    np.testing.assert_array_equal(obs, reference(s, role))
                    checked += 1
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(rng.choice(legal)))
            k += 1
    assert checked > 50


@pytest.mark.parametrize("n", [2, 4])
def test_observers_asking_now_and_then_see_what_a_fresh_encoder_sees(n):
    """The board is written lazily (each observer catches up on the unit counts changed
    since it last asked): whoever asks, however seldom, sees what a state rebuilt from the
    save (its board written in full) shows; a clone catches up on its own."""
    game = conan_envs.make_game("kings_v2", num_players=n, max_turns=15)
    checked = 0
    for seed, chance in enumerate((0.03, 0.3, 1.0)):
        s = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal() and not s.is_truncated():
            if rng.random() < chance:
                role = int(rng.integers(n))
                fresh = game.state_from_snapshot(s.snapshot())
                np.testing.assert_array_equal(s.observation(role), fresh.observation(role))
                twin = s.clone()
                for other in range(n):
                    np.testing.assert_array_equal(twin.observation(other),
                                                  fresh.observation(other))
                checked += 1
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(rng.choice(legal)))
    assert checked > 30


def test_counts_past_the_chit_limit_and_tokens_show_capped():
    s = blank(3)
    put(s, "Asgard", 3, A, 45)  # neutral armies have no chit limit
    put(s, "Asgard", 1, E, 20)
    put(s, "Asgard", 1, E, -7)
    s.set_storm(rid("Koth"), 5)
    s.set_curse(rid("Koth"), 2)
    s.set_raid(rid("Ophir"), 2)
    put(s, "Nemedia", 0, K)  # player 0's King: a move to make
    s.begin("move")
    assert s.decision() == "move_from" and s.current_player() == 0
    for role in range(3):
        np.testing.assert_array_equal(s.observation(role), reference(s, role))
    obs = s.observation(1)  # player 1 first: its 13 Elites at 13/20
    i = (rid("Asgard") * 4 + 0) * T + E
    assert obs[i] == np.float32(13) * np.float32(1 / 20)
    assert obs[(rid("Asgard") * 4 + 3) * T + A] == 1.0


def test_a_saved_state_rebuilds_the_board_and_rejects_bad_unit_counts():
    game = conan_envs.make_game("kings_v2")
    s = game.new_initial_state(4)
    restored = game.state_from_snapshot(s.snapshot())
    assert "board" not in json.loads(s.snapshot())["fields"]
    for role in range(s.n):
        s.observation(role)
    assert np.array_equal(restored.board, s.board) and restored == s
    data = json.loads(s.snapshot())
    data["fields"]["u"] = data["fields"]["u"][:-1]
    with pytest.raises(CorruptStateError):
        game.state_from_snapshot(json.dumps(data))
