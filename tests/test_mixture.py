"""The mixture agent (``mix:members=A|B``): one member plays each game, drawn by the agent's
seed; bad member lists are refused."""
import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from baselines.match import play_match
from baselines.mixture import MixtureAgent
from conan_envs import ConfigError

MIX = "mix:members=scripted|random"


def test_each_game_is_played_by_one_member_drawn_by_the_seed():
    mix = load_agent(MIX, "kings_v2", 0, seed=5)
    assert isinstance(mix, MixtureAgent)
    drawn = []
    for _ in range(40):
        mix.reset()
        drawn.append(type(mix.current).__name__)
    assert set(drawn) == {"ScriptedAgent", "RandomAgent"}
    again = load_agent(MIX, "kings_v2", 0, seed=5)
    redrawn = []
    for _ in range(40):
        again.reset()
        redrawn.append(type(again.current).__name__)
    assert redrawn == drawn


def test_the_drawn_member_chooses_every_move():
    game = conan_envs.make_game("kings_v2")
    mix = load_agent(MIX, "kings_v2", 0, seed=1)
    seen = []

    class Watch:
        def __init__(self, inner):
            self.inner = inner

        def reset(self):
            self.inner.reset()

        def act(self, obs, mask, state):
            a = self.inner.act(obs, mask, state)
            seen.append((self.inner.current, a, np.asarray(mask)[a]))
            return a

    play_match(game, [Watch(mix), load_agent("random", "kings_v2", 1, seed=2)], seed=3, max_steps=200)
    assert seen and all(member is seen[0][0] for member, _, _ in seen)
    assert all(legal for _, _, legal in seen)


@pytest.mark.parametrize("spec, message", [
    ("mix:members=random", "two agents or more"),
    ("mix:members=random|", "two agents or more"),
    ("mix:members=hard|random", "may not be a difficulty or a mixture"),
    ("mix:members=random|mix:members=random|random", "may not be a difficulty or a mixture"),
    ("mix:members=random|nonsense", "unknown agent 'nonsense'"),
    ("mix", "members"),
    ("mix:members=random|scripted,weights=1|2|3", "must be 2 numbers"),
    ("mix:members=random|scripted,weights=1|-1", "none negative"),
    ("mix:members=random|scripted,weights=0|0", "not all zero"),
    ("mix:members=random|scripted,weights=a|b", "numbers separated by"),
])
def test_bad_member_lists_are_refused(spec, message):
    with pytest.raises(ConfigError, match=message):
        load_agent(spec, "kings_v2", 0)


def test_weights_set_how_often_each_member_is_drawn():
    mix = load_agent("mix:members=scripted|random,weights=3|1", "kings_v2", 0, seed=7)
    draws = []
    for _ in range(2000):
        mix.reset()
        draws.append(type(mix.current).__name__)
    assert 0.70 < draws.count("ScriptedAgent") / len(draws) < 0.80
    never = load_agent("mix:members=scripted|random,weights=1|0", "kings_v2", 0, seed=7)
    for _ in range(200):
        never.reset()
        assert type(never.current).__name__ == "ScriptedAgent"
    assert never.name.endswith(",weights=1|0")


def test_a_guarded_mixture_chooses_only_what_its_game_s_guard_leaves(monkeypatch):
    """``guard=true`` narrows the mask before the drawn member chooses: here a stand-in guard
    removes the first legal move wherever there are two or more, and no move it removed is
    ever played."""
    from baselines.guards import adventures

    removed = []

    def first_out(s, mask):
        legal = np.flatnonzero(mask)
        if len(legal) < 2:
            return mask
        out = np.array(mask, dtype=bool)
        out[legal[0]] = False
        removed.append(int(legal[0]))
        return out

    monkeypatch.setattr(adventures, "guard", first_out)
    env = "adventures_v2"
    mix = load_agent("mix:members=random|scripted,guard=true", env, 1, seed=0)
    assert mix.name.endswith(",guard=true")
    s = conan_envs.make_game(env).new_initial_state(4)
    conan = load_agent("scripted", env, 0, seed=1)
    played = []
    for _ in range(400):
        if s.is_terminal():
            break
        p = s.current_player()
        mask = np.asarray(s.legal_action_mask(), dtype=bool)
        if p == 1:
            before = len(removed)
            a = mix.act(s.observation(p), mask, s)
            assert mask[a]
            if len(removed) > before:
                played.append(a != removed[-1])
        else:
            a = conan.act(s.observation(p), mask, s)
        s.apply_action(a)
    assert len(played) > 20 and all(played)


def test_a_guarded_mixture_needs_a_game_with_a_guard_and_the_state():
    with pytest.raises(ConfigError, match="kings_v2 has no guard"):
        load_agent("mix:members=scripted|random,guard=true", "kings_v2", 0)
    mix = load_agent("mix:members=scripted|random,guard=true", "adventures_v2", 1, seed=0)
    s = conan_envs.make_game("adventures_v2").new_initial_state(0)
    with pytest.raises(ValueError, match="pass it to act"):
        mix.act(s.observation(1), s.legal_action_mask())
