"""Invariants over random games: chit limits never exceeded, unit counts consistent, no
region left contested after the Battle Phase, Divination offered only to holders, one
decision asked at a time over the phase; the
scripted player plays whole games and beats random play."""
import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from conan_envs.kings import content as C
from conan_envs.kings.encode import board_values

T = C.NUM_TYPES


def check(s):
    n, O = s.n, s.O
    for o in range(O):
        for t in range(T):
            total = sum(s.at(r, o, t) for r in range(C.NUM_REGIONS))
            assert total == s.pool[o * T + t] >= 0
            if o < n:
                assert total <= C.CHITS[t], (o, C.UNIT_KEYS[t], total)
        for r in range(C.NUM_REGIONS):
            assert s.tot[r * O + o] == sum(s.at(r, o, t) for t in range(T))
    for role in range(n):  # the encoder's copy, once every observer has caught up
        s.observation(role)
    assert np.array_equal(s.board, board_values(s))
    assert s.pool[n * T:(n + 1) * T] == [s.pool[n * T]] + [0] * (T - 1)  # neutrals: Armies
    if s.phase == "plunder":  # every battle of the phasing player has been fought
        me = s.me()
        contested = [C.REGIONS[r] for r in range(C.NUM_REGIONS) if s.enemies_in(me, r)
                     and s.tot[r * O + me]]
        assert not contested, contested
    if s.decision() == "move_from":  # the cached list of regions to move from is exact
        assert s.task.sources == s.move_sources(s.me())
    if s.decision() == "divination":
        p = s.current_player()
        bt = s.battle
        assert s.div[p] > 0 or (bt and p in bt.owners and bt.confusion[bt.owners.index(p)])
        assert s.frame().offered[0] == p  # the offer's holders, the one asked first
    assert all(k >= 0 for k in s.gold + s.div + s.relics + s.storm + s.curse)
    # the decision stack (engine/flow.py): the phase being played, one decision over it
    if s.is_terminal():
        assert s.stack == [] and s.phase == "over"
    else:
        assert len(s.stack) == 2 and s.stack[0].phase == s.phase and s.stack[1] is s.frame()


def play(game, seed, every=1):
    s = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    k = 0
    while not s.is_terminal() and not s.is_truncated():
        if k % every == 0:
            check(s)
        legal = np.flatnonzero(s.legal_action_mask())
        s.apply_action(int(rng.choice(legal)))
        k += 1
    check(s)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant(n):
    game = conan_envs.make_game("kings_v2", num_players=n)
    for seed in range(6):
        play(game, seed, every=3)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_random_games_keep_every_invariant(n):
    game = conan_envs.make_game("kings_v2", num_players=n)
    for seed in range(300):
        play(game, 1000 + seed, every=7)


def test_scripted_player_beats_random_play():
    game = conan_envs.make_game("kings_v2", num_players=2)
    wins = 0
    for seed in range(16):
        seat = seed % 2
        agents = [load_agent("random", "kings_v2", role=p, seed=seed) for p in range(2)]
        agents[seat] = load_agent("scripted", "kings_v2", role=seat, seed=seed)
        s = game.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
        wins += s.returns()[seat] > 0
    assert wins >= 9
