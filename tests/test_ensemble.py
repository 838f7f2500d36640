"""The ensemble agent (``ensemble:members=A|B``): every move is the legal move with the
highest weighted mean of the members' probabilities; members that give no probabilities and
bad member lists are refused."""
import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from baselines.ensemble import EnsembleAgent
from baselines.match import play_match
from conan_envs import ConfigError

SELF = "policy:kings_ppo_selfplay"
LEAGUE = "policy:kings_league"


def _positions(count=60, seed=3):
    """Positions of a game between the scripted and the random player, with the mover."""
    game = conan_envs.make_game("kings_v2")
    seen = []

    def record(state, role, label):
        if not state.is_terminal():
            seen.append(state.clone())

    play_match(game, [load_agent("scripted", "kings_v2", 0, seed=1),
                      load_agent("random", "kings_v2", 1, seed=2)], seed=seed,
               on_step=record, max_steps=count)
    return seen


def test_the_move_has_the_highest_weighted_mean_probability():
    ens = load_agent(f"ensemble:members={SELF}|{LEAGUE},weights=3|1", "kings_v2", 0)
    assert isinstance(ens, EnsembleAgent)
    a = {r: load_agent(SELF, "kings_v2", r) for r in (0, 1)}
    b = {r: load_agent(LEAGUE, "kings_v2", r) for r in (0, 1)}
    ens_by_role = {0: ens, 1: load_agent(f"ensemble:members={SELF}|{LEAGUE},weights=3|1", "kings_v2", 1)}
    differs = 0
    for state in _positions():
        r = state.current_player()
        obs, mask = state.observation(r), state.legal_action_mask()
        mean = 0.75 * a[r].action_probabilities(obs, mask) + 0.25 * b[r].action_probabilities(obs, mask)
        np.testing.assert_allclose(ens_by_role[r].action_probabilities(obs, mask), mean, atol=1e-12)
        move = ens_by_role[r].act(obs, mask, state)
        assert mask[move] and mean[move] == mean.max()
        differs += move != a[r].act(obs, mask, state) or move != b[r].act(obs, mask, state)
    assert differs > 0  # the two members disagree somewhere, so the mean decided


def test_a_member_with_all_the_weight_plays_alone():
    ens = load_agent(f"ensemble:members={LEAGUE}|{SELF},weights=0|1", "kings_v2", 0)
    alone = load_agent(SELF, "kings_v2", 0)
    for state in _positions():
        if state.current_player() != 0:
            continue
        obs, mask = state.observation(0), state.legal_action_mask()
        assert ens.act(obs, mask, state) == alone.act(obs, mask, state)


def test_sampling_is_seeded_and_legal():
    spec = f"ensemble:members={SELF}|{LEAGUE},deterministic=false"
    runs = []
    for _ in range(2):
        ens = load_agent(spec, "kings_v2", 0, seed=9)
        moves = []
        for state in _positions():
            if state.current_player() == 0:
                mask = state.legal_action_mask()
                move = ens.act(state.observation(0), mask, state)
                assert mask[move]
                moves.append(move)
        runs.append(moves)
    assert runs[0] == runs[1] and runs[0]


@pytest.mark.parametrize("spec, message", [
    ("ensemble:members=scripted|random", "not a trained policy"),
    (f"ensemble:members={SELF}", "two agents or more"),
    (f"ensemble:members={SELF}|hard", "may not be a difficulty or a mixture"),
    (f"ensemble:members={SELF}|mix:members=random", "may not be a difficulty or a mixture"),
    (f"ensemble:members={SELF}|{LEAGUE},weights=1|2|3", "must be 2 numbers"),
    (f"ensemble:members={SELF}|{LEAGUE},weights=0|0", "not all zero"),
    ("ensemble", "members"),
])
def test_bad_member_lists_are_refused(spec, message):
    with pytest.raises(ConfigError, match=message):
        load_agent(spec, "kings_v2", 0)
