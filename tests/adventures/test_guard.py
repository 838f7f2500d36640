"""The Adventures guard (baselines/guards.py) and a policy played with it (``guard=true``):
positions set up through the position builder and public moves, then seeded games."""
import numpy as np
import pytest

from baselines import load_agent
from baselines.guards import adventures_guard, early_plot_stop, empty_ambush_duel, guard_for
from conan_envs import ConfigError
from conan_envs.adventures import position as P
from conan_envs.adventures.dicepool import ASIDE, covered
from conan_envs.adventures.resource import plot_dice, plot_needs

from .helpers import K, act, at_main, clear_board, die_act, game, no_tokens, set_dice, take_token

ENV = "adventures_v2"
FOE_POLICY = "policy:adventures_foe_league"


def ambush_for_the_foe(foe_faces):
    """Conan walks onto an Ambush token; the Foe, elsewhere, holds dice showing `foe_faces`."""
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    P.place(s, {0: "Nemedia", 1: "Stygia"})
    P.put_token(s, K["Ophir"], take_token(s, "ambush"))
    set_dice(s, 0, ["move", "thief"])
    set_dice(s, 1, foe_faces)
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Ophir"]))
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


def guarded_games(seeds, foe=FOE_POLICY + ",guard=true", conan="scripted"):
    """Seeded games; every decision of both sides is checked against the guard's contract.
    Returns how many early Plot stops and empty Ambush Duels the guard removed, and how many
    the guarded Foe played (none)."""
    removed = {"plot": 0, "ambush": 0}
    played = 0
    for seed in seeds:
        agents = [load_agent(conan, ENV, 0, seed=seed), load_agent(foe, ENV, 1, seed=seed)]
        s = game(2).new_initial_state(seed)
        while not s.is_terminal():
            p = s.current_player()
            mask = s.legal_action_mask()
            guarded = adventures_guard(s, mask)
            assert guarded.any() and not (guarded & ~mask).any()
            gone = np.flatnonzero(mask & ~guarded).tolist()
            if gone == [act("done")]:
                assert s.frame().key == "plot" and mask[act("yes")]
                req = plot_needs(s, s.frame().actor, bonus=False)
                assert covered(plot_dice(s, s.frame().actor, ASIDE), req) < len(req)
                removed["plot"] += 1
            elif gone == [act("yes")]:
                assert s.frame().key == "ambush" and empty_ambush_duel(s, mask)
                removed["ambush"] += 1
            else:
                assert gone == []
            a = agents[p].act(s.observation(p), mask, s)
            if p == 1:
                played += a in gone
            s.apply_action(a)
    return removed, played


def test_over_seeded_games_the_guard_removes_only_what_it_names_and_the_foe_never_plays_it():
    removed, played = guarded_games(range(4))
    assert removed["plot"] > 3 and played == 0


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


def test_early_plot_stop_is_false_away_from_a_plot_roll():
    s = at_main(game(2).new_initial_state(4), 0)
    assert not early_plot_stop(s, s.legal_action_mask())
