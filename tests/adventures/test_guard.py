"""The Adventures guard (baselines/guards/) and a policy played with it (``guard=true``):
positions set up through the position builder and public moves, then seeded games."""
import numpy as np
import pytest

from baselines import load_agent
from baselines.guards import guard_for
from baselines.guards.adventures import empty_ambush_duel
from baselines.guards.adventures import guard as adventures_guard
from conan_envs import ConfigError

from . import helpers
from .helpers import act, at_main, game

ENV = "adventures_v2"
FOE_POLICY = "policy:adventures_foe_league"


def ambush_for_the_foe(foe_faces):
    s = helpers.ambush_for_the_foe(foe_faces)
    assert s.frame().key == "ambush" and s.frame().actor == 1
    return s


def test_an_ambush_duel_with_no_warrior_pool_is_removed_and_the_track_die_kept():
    # no die of the Foe shows a Warrior, Character or Wild result: its Pool would be empty,
    # and Conan wins ties against the Foe (Duels: Create the Warrior Pool, Settling Ties)
    s = ambush_for_the_foe(["kingdom", "move"])
    mask = s.legal_action_mask()
    assert mask[act("yes")] and empty_ambush_duel(s, mask)
    guarded = adventures_guard(s, mask)
    assert not guarded[act("yes")]
    assert (guarded == (mask & ~np.eye(mask.size, dtype=bool)[act("yes")])).all()
    assert mask[act("yes")]  # the state's own mask is left as it was


def test_an_ambush_duel_with_a_warrior_die_is_kept():
    for faces in (["kingdom", "char"], ["warrior", "move"]):
        s = ambush_for_the_foe(faces)
        mask = s.legal_action_mask()
        assert not empty_ambush_duel(s, mask)
        assert (adventures_guard(s, mask) == mask).all()


def test_the_guarded_policy_declines_the_empty_duel_the_bare_one_may_take():
    s = ambush_for_the_foe(["kingdom", "move"])
    guarded = load_agent(FOE_POLICY + ",guard=true", ENV, "foe")
    a = guarded.act(s.observation(1), s.legal_action_mask(), s)
    assert a != act("yes") and s.legal_action_mask()[a]


def test_over_seeded_games_the_guard_removes_only_the_empty_ambush_duel():
    # every decision of both sides, the guarded Foe against the scripted Conan: the guard
    # leaves a non-empty part of the mask, and what it removes is that Duel alone
    for seed in range(3):
        agents = [load_agent("scripted", ENV, 0, seed=seed),
                  load_agent(FOE_POLICY + ",guard=true", ENV, 1, seed=seed)]
        s = game(2).new_initial_state(seed)
        while not s.is_terminal():
            p = s.current_player()
            mask = s.legal_action_mask()
            guarded = adventures_guard(s, mask)
            assert guarded.any() and not (guarded & ~mask).any()
            gone = np.flatnonzero(mask & ~guarded).tolist()
            assert gone == ([act("yes")] if empty_ambush_duel(s, mask) else [])
            a = agents[p].act(s.observation(p), mask, s)
            assert a not in gone
            s.apply_action(a)


def test_a_plot_roll_may_still_be_stopped_early():
    # stopping early is left to the policy (the module docstring says why): at a Plot roll
    # the guard removes nothing
    s = game(2).new_initial_state(0)
    while s.frame().key != "plot" or not s.legal_action_mask()[act("yes")]:
        s.apply_action(act("done") if s.legal_action_mask()[act("done")] else s.legal_actions()[0])
    mask = s.legal_action_mask()
    assert mask[act("done")] and (adventures_guard(s, mask) == mask).all()


def test_the_guard_is_asked_for_by_option_and_refused_where_a_game_has_none():
    assert guard_for(ENV) is adventures_guard
    bare = load_agent(FOE_POLICY, ENV, "foe")
    assert bare.guard is None
    with pytest.raises(ConfigError, match="kings_v2 has no guard"):
        load_agent("policy:kings_ppo_selfplay,guard=true", "kings_v2", 0)
    guarded = load_agent(FOE_POLICY + ",guard=true", ENV, "foe")
    s = game(2).new_initial_state(0)
    with pytest.raises(ValueError, match="reads the game state"):
        guarded.act(np.zeros(1), s.legal_action_mask())


def test_no_ambush_no_guard():
    s = at_main(game(2).new_initial_state(4), 0)
    mask = s.legal_action_mask()
    assert not empty_ambush_duel(s, mask) and (adventures_guard(s, mask) == mask).all()
