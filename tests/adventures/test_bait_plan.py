"""Conan who baits Duels (``scripted:plan=bait``, BaitConanAgent in
baselines/scripted/adventures_plans.py): how it is asked for and refused, that its own choices are
legal, the rules it plays by set up through the position builder, and what it does over
seeded games."""
import numpy as np
import pytest

from baselines import load_agent
from baselines.scripted.adventures import ScriptedAgent
from baselines.scripted.adventures_plans import BaitConanAgent
from baselines.scripted.adventures_tactics import MOVES, duel_chance
from conan_envs import ConfigError
from conan_envs.adventures import position as P
from conan_envs.adventures.content import content
from conan_envs.adventures.dicepool import ACTIVE, ASIDE, SPENT, covered
from conan_envs.adventures.resource import plot_dice, plot_needs

from .helpers import act, at_main, clear_board, die_act, game, no_tokens, set_dice

C = content()
K = C.kid
ENV = "adventures_v2"
SCORPION = next(i for i, a in enumerate(C.adventures) if a["name"] == "The Scorpion")  # in Shem


def bait(seed=0):
    return load_agent("scripted:plan=bait", ENV, "conan", seed=seed)


def answer(agent, s):
    return agent.act(None, s.legal_action_mask(), s)


def test_the_plan_is_asked_for_by_name_and_only_for_conan_in_the_two_player_game():
    assert isinstance(bait(), BaitConanAgent)
    assert isinstance(load_agent("scripted:plan=bait", ENV, 0, num_players=2), BaitConanAgent)
    refused = "Conan's plan in the two-player game"
    with pytest.raises(ConfigError, match=refused):
        load_agent("scripted:plan=bait", ENV, "foe")
    with pytest.raises(ConfigError, match=refused):
        load_agent("scripted:plan=bait", ENV, "conan", num_players=3)
    with pytest.raises(ConfigError, match=refused):
        load_agent("scripted:plan=bait", ENV, "conan", num_players=4, team=True)
    with pytest.raises(ConfigError, match="adventures_v2 has no plan 'baits'; plans: default, team, bait"):
        load_agent("scripted:plan=baits", ENV, "conan")


def test_the_duel_odds():
    # "Each Warrior or Wild symbol rolled counts as a hit" and "Conan wins ties against the Foe"
    # (Duels: Resolve the Duel, Settling Ties): against an empty Pool Conan cannot lose, and an
    # orange die (Warrior, double Warrior, Wild: 4 hits in 6 faces) beats a Foe's general die
    # (one Warrior in six) more often than that die beats it
    primary, general = C.dtypes.index("conan_primary"), C.dtypes.index("foe_general")
    assert duel_chance([primary], []) > 0.99
    assert duel_chance([], [general]) == pytest.approx(5 / 6)  # the Foe's die misses: a tie
    assert duel_chance([primary], [general]) > 0.9
    assert duel_chance([primary] * 2, [general] * 4) > duel_chance([primary], [general] * 4)


def test_leaving_a_vast_kingdom_takes_two_move_dice():
    # "Eastern Desert and Hyperborea are vast kingdoms. You can enter with one Move action, but
    # leaving requires using 2 dice with one action."
    desert = K["Eastern Desert"]
    out = C.adj[desert][0]
    assert MOVES[desert][out] == 2 and MOVES[out][desert] == 1


def _next_to_the_foe(conan_dice, conan_types, foe_dice):
    """Conan in Ophir, the Foe next door in Koth on his way to The Scorpion, face up in Shem
    (Argos is the other way there): Conan to act in the Main Phase with these dice."""
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    P.place(s, {0: "Ophir", 1: "Koth"})
    P.face_up(s, adventures=[SCORPION, -1, -1])
    set_dice(s, 0, conan_dice, dtypes=conan_types)
    set_dice(s, 1, foe_dice)
    return s


def test_he_walks_into_a_foe_he_outmatches_and_not_into_one_he_does_not():
    # the Foe shows no Warrior, Character or Wild: "The player can select any number of dice
    # showing the following symbols to create their Warrior Pool: Warrior, Character, Wild"
    s = _next_to_the_foe(["move", "warrior+warrior", "wild", "warrior"],
                         ["conan_general", "conan_primary", "conan_primary", "conan_general"],
                         ["scry", "move", "gold", "move"])
    assert MOVES[K["Ophir"]][K["Shem"]] == 2
    assert MOVES[K["Koth"]][K["Shem"]] == MOVES[K["Argos"]][K["Shem"]] == 1
    plan, scripted = bait(), ScriptedAgent(ENV, 0)
    a = answer(plan, s)
    assert a == die_act(0, "move")  # the Move die, the one worth nothing in a Pool
    c = s.clone()
    c.apply_action(a)
    assert answer(plan, c) == act("kingdom", K["Koth"])  # into the Foe
    assert answer(scripted, c) == act("kingdom", K["Argos"])  # the scripted Conan: the other way
    # a Foe with four Pool dice against one general Warrior: the other way
    s = _next_to_the_foe(["move", "warrior"], ["conan_general", "conan_general"],
                         ["wild", "sorcery|warrior", "warrior", "char"])
    plan = bait()
    s.apply_action(answer(plan, s))
    assert answer(plan, s) == act("kingdom", K["Argos"])


def _in_koth_with_a_warrior(foe_dice_zone):
    """Conan in Koth (a Warrior kingdom) with no Adventure face up: a Warrior and a
    Thief|Pirate die; the Foe far away in Stygia with its dice in `foe_dice_zone`."""
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    P.place(s, {0: "Koth", 1: "Stygia"})
    P.face_up(s, adventures=[-1, -1, -1])
    set_dice(s, 0, ["warrior", "thief|pirate"], dtypes=["conan_primary", "conan_primary"])
    set_dice(s, 1, ["wild", "move", "scry"], zone=foe_dice_zone)
    return s


def test_he_keeps_his_warrior_dice_while_the_foe_can_act():
    s = _in_koth_with_a_warrior(ACTIVE)
    scripted = ScriptedAgent(ENV, 0)
    assert answer(scripted, s) == die_act(0, "advance warrior")
    a = answer(bait(), s)
    assert a in [die_act(1, v) for v in ("thievery", "advance thief", "advance pirate", "take gold",
                                         "kingdom effect", "unlock encounters", "pass")]
    # the Foe has spent its dice: nothing comes this Main Phase, the Warrior goes on the track
    s = _in_koth_with_a_warrior(SPENT)
    assert answer(bait(), s) == die_act(0, "advance warrior")


def test_he_plays_the_warrior_side_of_his_card():
    s = game(2).new_initial_state(0)
    plan = bait()
    while s.frame().key != "side" or s.frame().actor != 0:
        s.apply_action(int(np.flatnonzero(s.legal_action_mask())[0]))
    assert answer(plan, s) == act("slot", C.characters[0][0]["sides"].index("warrior"))


def play(conan, foe, seed, watch=None):
    agents = [load_agent(conan, ENV, 0, seed=seed), load_agent(foe, ENV, 1, seed=seed)]
    s = game(2).new_initial_state(seed)
    duels = won = 0
    while not s.is_terminal():
        p = s.current_player()
        mask = s.legal_action_mask()
        a = agents[p].act(None, mask, s)
        if watch is not None and p == 0:
            watch(s, mask, a)
        seq = s.log_seq
        s.apply_action(a)
        for _, text in s.events_since(0, seq):
            duels += " wins the Duel against " in text
            won += text.startswith("Conan wins the Duel")
    return s, duels, won


def test_its_own_choices_are_legal_over_seeded_games():
    plan = bait()
    chosen = 0

    def own_choice(s, mask, a):
        nonlocal chosen
        plan.s, plan.mask, plan.p, plan.kind = s, mask, 0, s.rk[0]
        mine = getattr(plan, "_" + s.frame().key, lambda: None)()
        if mine is not None:
            assert mask[mine], (s.frame().key, s.action_to_string(mine))
            chosen += 1

    for seed in range(12):
        play("scripted:plan=bait", "scripted", seed, own_choice)
    assert chosen > 1000


def test_he_never_stops_a_plot_roll_he_has_not_made():
    # "If they did not advance with one roll ... Reroll all dice in your Active Pool, and repeat
    # the above steps up to two more times": stopping earlier fails the attempt for certain
    stops = {"early": 0, "rolls": 0}

    def watch(s, mask, a):
        if s.frame().key != "plot" or not mask[act("yes")]:
            return
        stops["rolls"] += 1
        req = plot_needs(s, 0, bonus=False)
        if a == act("done") and covered(plot_dice(s, 0, ASIDE), req) < len(req):
            stops["early"] += 1

    for seed in range(6):
        play("scripted:plan=bait", "scripted", seed, watch)
    assert stops["rolls"] > 30 and stops["early"] == 0


def test_he_duels_every_game_and_wins_more_of_his_duels():
    # over the same seeded games against the scripted Foe the plan fights a Duel a game at
    # least and wins a larger share of its Duels than the scripted Conan does
    seeds = range(20, 32)
    tally = {}
    for conan in ("scripted", "scripted:plan=bait"):
        duels = won = 0
        for seed in seeds:
            _, d, w = play(conan, "scripted", seed)
            duels += d
            won += w
        tally[conan] = (duels, won)
    d_bait, w_bait = tally["scripted:plan=bait"]
    d_scr, w_scr = tally["scripted"]
    assert d_bait >= len(seeds)  # a Duel a game at least
    assert w_bait / d_bait >= 0.9 and w_bait / d_bait > w_scr / max(d_scr, 1)

