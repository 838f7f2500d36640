"""The Foes' plan for the Team Game (``scripted:plan=team``, TeamFoeAgent in
baselines/scripted/adventures_plans.py): how it is asked for, the rules it plays by, each set up
through the position builder, and that it wins more Team Games than the scripted Foes."""
import numpy as np
import pytest

from baselines import load_agent
from baselines.ladder import difficulty_spec
from baselines.scripted.adventures import ScriptedAgent
from baselines.scripted.adventures_plans import TeamFoeAgent
from conan_envs import ConfigError
from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps_resolve as SR
from conan_envs.adventures.content import FATE_KINDS, content

from .helpers import (
    FixedDice,
    act,
    answer_chores,
    at_main,
    clear_board,
    die_act,
    game,
    no_tokens,
    play_until,
    run_tasks,
    scorpion_in_shem,
    set_dice,
    take_token,
)

C = content()
K = C.kid
TEAM = {"num_players": 4, "team": True}  # conan, foe, ally, foe2


def team_foe(role=1):
    return load_agent("scripted:plan=team", "adventures_v2", role, seed=0, **TEAM)


def answer(agent, s):
    return agent.act(None, s.legal_action_mask(), s)


def test_the_plan_is_asked_for_by_name_and_only_where_it_applies():
    assert isinstance(team_foe(1), TeamFoeAgent) and isinstance(team_foe("foe2"), TeamFoeAgent)
    assert type(load_agent("scripted", "adventures_v2", 1, **TEAM)) is ScriptedAgent
    with pytest.raises(ConfigError, match="Foes' plan in the Team Game"):
        load_agent("scripted:plan=team", "adventures_v2", "conan", **TEAM)
    with pytest.raises(ConfigError, match="Foes' plan in the Team Game"):
        load_agent("scripted:plan=team", "adventures_v2", "foe", num_players=2)
    with pytest.raises(ConfigError, match="kings_v2 has no plan 'team'; plans: default"):
        load_agent("scripted:plan=team", "kings_v2", 0)
    with pytest.raises(ConfigError, match="adventures_v2 has no plan 'teams'; plans: default, team"):
        load_agent("scripted:plan=teams", "adventures_v2", 1, **TEAM)
    with pytest.raises(ConfigError, match="plan=3 is invalid"):
        load_agent("scripted:plan=3", "adventures_v2", 1, **TEAM)


def test_the_ladder_plays_it_as_the_team_foes_hard():
    for foe in ("foe", "foe2"):
        assert difficulty_spec("hard", "adventures_v2", foe, **TEAM) == "scripted:plan=team"
        assert difficulty_spec("normal", "adventures_v2", foe, **TEAM) == "scripted"
    assert difficulty_spec("hard", "adventures_v2", "foe", num_players=3) != "scripted:plan=team"


def drive(s, agents, until, limit=500):
    """Play each decision by its role's agent until `until(s)`."""
    for _ in range(limit):
        if until(s):
            return s
        s.apply_action(answer(agents[s.frame().actor], s))
    raise AssertionError("situation not reached")


def _unchosen_scorpion(monkeypatch, fate):
    """The Scorpion (Kingdom, Scry, Warrior, Warrior) in a Team Game with the Foe first in turn
    order: Conan takes the Ally's Kingdom and Scry, nobody rolls the two Warriors, and the
    Foe, with one Warrior and three Character results unchosen, is asked whether to change
    them before applying them."""
    s = game(4, team=True).new_initial_state(7)
    at_main(s, 0)
    scorpion = scorpion_in_shem(s, 4)
    P.turn_order(s, [1, 2, 3, 0])
    for p in range(4):
        P.give(s, p, ability_used=True)
    P.give(s, 1, fate=fate)
    FixedDice(monkeypatch, ["warrior", "char", "char", "char"], ["kingdom", "scry", "char", "char"],
              ["char"] * 4, ["thief", "char", "char", "move"])
    run_tasks(s, SR.ADVENTURE_PHASE)
    for _ in range(50):
        d = s.frame()
        if d.key == "adjust" and d.why == "unchosen" and d.actor == 1:
            return s, scorpion
        if s.frame().key == "adv_choose":  # Conan: none of the Foe's dice, the Ally's two
            first = int(np.flatnonzero(s.legal_action_mask()[act("die"):act("die", 7) + 1])[0])
            s.apply_action(act("done") if s.frame().roller != 2 else act("die", first))
        else:
            answer_chores(s, until="adv_choose")
    raise AssertionError("the Foe's unchosen dice were not reached")


def test_a_foe_spends_a_fate_token_to_take_the_adventure_from_conan(monkeypatch):
    s, scorpion = _unchosen_scorpion(monkeypatch, {"warrior": 1})
    assert answer(ScriptedAgent("adventures_v2", 1), s) == act("done")
    a = answer(team_foe(), s)
    assert a == act("fate_die", 1 * 8 + FATE_KINDS.index("warrior"))  # a Character die
    vp = list(s.vp)
    s.apply_action(a)
    s.apply_action(act("done"))
    answer_chores(s)
    assert scorpion in s.adv_held[1]
    assert s.vp[1] - vp[1] == 2 * 3 and s.vp[0] == vp[0] and s.vp[2] == vp[2]


def test_without_the_token_it_changes_nothing(monkeypatch):
    s, _ = _unchosen_scorpion(monkeypatch, {"move": 1})   # a Move token completes nothing
    assert answer(team_foe(), s) == act("done")


def _next_to_conan(monkeypatch, foe_dice, rolls):
    s = at_main(game(4, team=True).new_initial_state(5), 1)
    clear_board(s)
    for p in range(4):
        no_tokens(s, p)
        P.give(s, p, ability_used=True)
    P.place(s, {0: "Ophir", 1: "Nemedia", 3: "Cimmeria"})
    set_dice(s, 0, ["warrior", "move"])
    set_dice(s, 1, foe_dice)
    FixedDice(monkeypatch, *rolls)
    return s


def test_next_to_conan_it_duels_him_and_turns_a_miss_into_a_warrior(monkeypatch):
    # the Foe's pool: its Warrior die; Conan's: his Warrior; both roll a Warrior, then the
    # Foe misses its reroll and Conan hits again
    s = _next_to_conan(monkeypatch, ["warrior", "move", "thief"],
                       [["warrior"], ["warrior"], ["move"], ["warrior"]])
    P.give(s, 1, fate={"warrior": 1})
    foe = team_foe()
    a = answer(foe, s)
    assert a == die_act(1, "move")  # Conan is next door: go in, with the Move die
    s.apply_action(a)
    assert s.frame().key == "move_to"
    s.apply_action(answer(foe, s))
    assert s.loc[1] == K["Ophir"]
    agents = [load_agent("scripted", "adventures_v2", r, seed=0, **TEAM) for r in range(4)]
    agents[1] = foe
    drive(s, agents, lambda s: s.frame().key == "adjust" and s.frame().actor == 1 and s.hits[1] == 1)
    assert s.zone[1].count(dp.POOL) == 1 and C.face_hits[s.face[1][0]] == 0  # the missed reroll
    a = answer(foe, s)
    assert a == act("fate_die", 0 * 8 + FATE_KINDS.index("warrior"))
    s.apply_action(a)
    assert C.face_hits[s.face[1][0]] == 1


def test_it_lays_what_costs_conan_first_and_keeps_its_own_lose_fate_hidden():
    s = at_main(game(4, team=True).new_initial_state(3), 1)
    clear_board(s)
    for p in range(4):
        no_tokens(s, p)
    P.place(s, {0: "Ophir", 1: "Nemedia", 3: "Cimmeria"})
    gold, lose = take_token(s, "gold", 2), take_token(s, "lose_fate")
    P.hold_tokens(s, 1, [gold, lose])
    P.knows(s, 1, [gold, lose])
    set_dice(s, 1, ["sorcery", "move"])
    s.apply_action(die_act(0, "sorcery: place challenge token"))  # draws one more, then lays one
    assert s.frame().key == "place_token"
    foe = team_foe()
    s.apply_action(answer(foe, s))
    assert s.frame().key == "place_where" and s.frame().token == lose
    s.apply_action(act("kingdom", K["Brythunia"]))
    assert s.ct_board[K["Brythunia"]] == lose
    play_until(s, lambda s: s.frame().key == "main" and s.frame().actor == 1)
    P.place(s, {1: "Nemedia"})
    set_dice(s, 1, ["move"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Brythunia"]))
    assert s.frame().key == "reveal_choice"
    assert answer(ScriptedAgent("adventures_v2", 1), s) == act("yes")
    assert answer(foe, s) == act("done")


def test_the_team_foes_win_more_team_games_than_the_scripted_foes():
    g = game(4, team=True)
    wins = {}
    for plan in ("scripted", "scripted:plan=team"):
        wins[plan] = 0
        for seed in range(40):
            s = g.new_initial_state(seed)
            agents = [load_agent(plan if r in (1, 3) else "scripted", "adventures_v2", r,
                                 seed=seed, **TEAM) for r in range(4)]
            while not s.is_terminal() and not s.is_truncated():
                s.apply_action(answer(agents[s.current_player()], s))
            wins[plan] += s.returns()[1] > 0
    assert wins["scripted:plan=team"] >= wins["scripted"] + 8, wins
