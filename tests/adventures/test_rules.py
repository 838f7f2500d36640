"""Rules beyond the worked examples: invariants over random games, hidden information, dice
buying, movement, duels, the end of the game, the map and the variants."""
import numpy as np
import pytest

from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps_resolve as SR
from conan_envs.adventures.content import FOE, KINGDOM_TYPES, content
from conan_envs.adventures.encode import encode
from conan_envs.adventures.resource import can_buy, price, turn_order

from .helpers import (
    FixedDice,
    K,
    act,
    answer_chores,
    at_main,
    clear_board,
    die_act,
    game,
    halted,
    no_tokens,
    play_until,
    run_tasks,
    set_dice,
    take_token,
)

C = content()


def _random_states(n, seeds, **cfg):
    g = game(n, **cfg)
    for seed in seeds:
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal() and not s.is_truncated():
            yield s
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(len(legal))]))
        yield s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tokens_and_dice_are_conserved(n):
    for s in _random_states(n, range(3)):
        assert sum(s.fate_supply) + sum(map(sum, s.fate)) + sum(map(sum, s.fate_board)) == 32
        assert min(s.fate_supply) >= 0 and all(min(f) >= 0 for f in s.fate)
        tokens = (s.ct_supply + s.ct_discard + [t for t in s.ct_board if t >= 0]
                  + sum(s.temple, []) + sum(s.ct_hand, []) + sum(s.ct_card, []))
        assert sorted(tokens) == list(range(30))
        assert sum(s.god_supply) + sum(map(len, s.gods)) == 8 and max(map(len, s.gods)) <= 3
        for t in range(len(C.dtypes)):
            assert sum(row.count(t) for row in s.dtype) <= C.dcount[t]
        assert all(len(z) <= dp.MAX_DICE for z in s.zone)
        assert all(v >= 0 for v in s.gold)


def test_face_down_tokens_and_own_supply_are_hidden():
    s = at_main(game(3).new_initial_state(2), 0)
    clear_board(s)
    fight, gold = take_token(s, "fight", 2), take_token(s, "gold", 2)
    P.put_token(s, "Koth", fight)
    P.hold_tokens(s, 1, [gold])
    P.knows(s, 1, {gold, fight})  # the Foe placed the Fight and holds the Gold
    seen = encode(s, 0)
    P.put_token(s, "Koth", gold)
    P.hold_tokens(s, 1, [fight])
    P.knows(s, 1, {gold, fight})
    assert np.array_equal(encode(s, 0), seen)
    assert not np.array_equal(encode(s, 1), encode(s, 0))


def test_resample_keeps_what_the_observer_knows():
    s = at_main(game(3).new_initial_state(2), 0)
    clear_board(s)
    known, unknown = take_token(s, "fight", 4), take_token(s, "vp", 5)
    P.put_token(s, "Koth", known)
    P.put_token(s, "Ophir", unknown)
    P.knows(s, 0, s.ct_known[0] | {known})
    rng = np.random.default_rng(0)
    moved = set()
    for _ in range(20):
        r = s.resample_hidden(0, rng)
        assert r.ct_board[K["Koth"]] == known
        moved.add(r.ct_board[K["Ophir"]])
        assert sorted(r.ct_supply + [t for t in r.ct_board if t >= 0]) == \
            sorted(s.ct_supply + [t for t in s.ct_board if t >= 0])
    assert len(moved) > 1


def test_foe_dice_prices_count_free_dice():
    s = play_until(game(2).new_initial_state(0),
                   lambda s: not s.over and s.frame().key == "buy" and s.frame().actor == 1)
    P.give(s, 1, gained=0, free_dice=1, gold=10)
    assert price(s, 1) == 0
    P.give(s, 1, gained=1)
    assert price(s, 1) == 2  # one free die: the next costs 2
    P.give(s, 1, gained=2)
    assert price(s, 1) == 3
    P.give(s, 1, free_dice=0, gained=0)
    assert price(s, 1) == 1


def test_first_of_two_foes_gains_at_most_two_dice():
    s = game(4).new_initial_state(0)
    P.turn_order(s, [1, 2, 3, 0])
    for p in range(4):
        P.give(s, p, gold=20)
    P.give(s, 1, gained=2)
    assert not can_buy(s, 1, C.dtypes.index("foe_general"))
    P.give(s, 3, gained=2)
    assert can_buy(s, 3, C.dtypes.index("foe_general"))


def test_turn_order_follows_the_event_arrows():
    s = game(4).new_initial_state(0)
    assert turn_order(s, 0) == [1, 2, 3, 0]  # clockwise from Conan's left
    assert turn_order(s, 1) == [3, 2, 1, 0]  # counter-clockwise from Conan's right


def test_leaving_the_eastern_desert_takes_two_move_dice():
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    P.place(s, {0: "Eastern Desert", 1: "Aquilonia"})
    set_dice(s, 0, ["move", "thief"])
    assert not s.legal_action_mask()[die_act(0, "move")]
    set_dice(s, 0, ["move", "char"])
    s.apply_action(die_act(0, "move"))
    assert s.frame().key == "second_move_die"
    s.apply_action(act("die", 1))
    s.apply_action(act("kingdom", K["Shem"]))
    assert s.loc[0] == K["Shem"] and s.zone[0] == [dp.SPENT, dp.SPENT]


def test_ally_moving_conan_to_and_from_adventures_earns_fate():
    s = at_main(game(3).new_initial_state(4), 2)
    clear_board(s)
    no_tokens(s, 0, 2)
    P.place(s, {0: "Aquilonia", 1: "Stygia"})
    adv_nemedia = next(i for i, a in enumerate(C.adventures) if C.adv_kingdom[i] == K["Nemedia"])
    P.face_up(s, adventures=[adv_nemedia, -1, -1])
    set_dice(s, 2, ["move", "move"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Nemedia"]))
    answer_chores(s)
    assert sum(s.fate[2]) == 1 and sum(s.fate[0]) == 0
    play_until(s, lambda s: s.frame().key == "main" and s.frame().actor == 2)
    clear_board(s)
    P.place(s, {0: "Nemedia", 1: "Stygia"})
    P.face_up(s, adventures=[adv_nemedia, -1, -1])
    set_dice(s, 2, ["move"])
    no_tokens(s, 0, 2)
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Brythunia"]))
    answer_chores(s)
    assert sum(s.fate[0]) == 1 and sum(s.fate[2]) == 0  # Conan's Fate token, for Brythunia


def test_conan_wins_ties_against_a_foe(monkeypatch):
    s = at_main(game(2).new_initial_state(5), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    P.place(s, {0: "Nemedia", 1: "Ophir"})
    set_dice(s, 0, ["move", "warrior"])
    set_dice(s, 1, ["warrior", "kingdom"])
    FixedDice(monkeypatch, ["warrior"], ["warrior"], ["move"], ["move"])
    vp0, vp1 = s.vp
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Ophir"]))
    answer_chores(s, until="pool")
    no_tokens(s, 0)
    s.apply_action(act("die", 1))
    s.apply_action(act("yes"))
    s.apply_action(act("die", 0))
    s.apply_action(act("yes"))
    while s.frame().key == "duel_go":
        s.apply_action(act("yes"))
    answer_chores(s)
    assert s.frame().key == "move_to" and s.frame().actor == 0  # Conan won the 1-1 tie: he pushes
    assert s.vp[0] == vp0 and s.zone[1].count(dp.WOUND) == 1


def test_foe_revealing_a_temple_of_set_scores_two():
    s = at_main(game(2).new_initial_state(6), 1)
    clear_board(s)
    no_tokens(s, 1)
    P.place(s, {0: "Cimmeria", 1: "Koth"})
    temple = take_token(s, "temple")
    P.put_token(s, "Ophir", temple)
    set_dice(s, 1, ["move", "kingdom"])
    vp = s.vp[1]
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Ophir"]))
    assert s.frame().key == "reveal_choice"  # a Foe may leave it face down
    s.apply_action(act("yes"))
    assert s.vp[1] == vp + 2 and s.temple[K["Ophir"]] == [temple]


def test_encounters_unlock_with_one_die_per_player():
    from conan_envs.adventures.encounters import unlocked
    s = game(3).new_initial_state(0)
    P.encounter_track(s, [(0, 0), (1, 0), None, None])
    assert not unlocked(s)
    P.encounter_track(s, [(0, 0), (1, 0), (2, 0), None])
    assert unlocked(s)


def test_foes_advance_on_the_plot_when_no_adventure_is_attempted():
    s = at_main(game(3).new_initial_state(1), 0)
    P.face_up(s, adventures=[-1, -1, -1])
    plot, vp = list(s.plot), list(s.vp)
    run_tasks(s, SR.ADVENTURE_PHASE)
    answer_chores(s)
    assert s.plot[1] == plot[1] + 1 and s.plot[0] == plot[0] and s.plot[2] == plot[2]
    assert s.vp[1] - vp[1] == s.plot_spaces[plot[1]]


def test_game_ends_at_the_round_end_with_achievement_points():
    s = at_main(game(2).new_initial_state(1), 0)
    P.scores(s, vp=[41, 42], ach=[[8, 4, 0], [0, 0, 0]])
    run_tasks(s, SR.EOR_FINAL)
    assert s.is_terminal()
    assert s.vp == [41 + 8 + 5, 42] and s.returns() == [1.0, -1.0]


def test_ties_go_to_the_player_further_along_the_plot():
    s = at_main(game(2).new_initial_state(1), 0)
    P.scores(s, vp=[42, 42], plot=[3, 4], ach=[[0] * 3, [0] * 3])
    run_tasks(s, SR.EOR_FINAL)
    assert s.winners == [1]


def test_team_game_lowest_score_loses():
    s = at_main(game(4, team=True).new_initial_state(1), 0)
    P.scores(s, vp=[30, 40, 35, 12], ach=[[0] * 3 for _ in range(4)])
    P.end_triggered(s)
    run_tasks(s, SR.EOR_FINAL)
    assert sorted(s.winners) == [0, 2] and s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_plot_track_skip_tokens():
    g = game(2)
    spaces = g.plot_track(g.plot_cards)
    skips = sum(C.plots[i]["skip"] for i in g.plot_cards)
    assert len(spaces) == 10 - skips and spaces == sorted(spaces)


def test_map_is_symmetric_and_connected_with_the_printed_facts():
    n = len(C.kingdoms)
    assert all(a in C.adj[b] for a in range(n) for b in C.adj[a])
    seen, todo = {0}, [0]
    while todo:
        for y in C.adj[todo.pop()]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    assert len(seen) == n
    assert sum(C.starburst) == 4
    assert set(C.ktypes[K["Turan"]]) == {KINGDOM_TYPES.index("savage"), KINGDOM_TYPES.index("port")}
    treachery = KINGDOM_TYPES.index("treachery")
    assert [k for k in range(n) if treachery in C.ktypes[k]] == [K["Zamora"]]
    assert len(C.adventures) == 45 and len(C.encounters) == 25 and len(C.events) == 12
    assert len(C.plots) == 24 and sum(len(v) for v in C.characters.values()) == 13 + 1


def test_ohala_is_a_foe_using_ally_dice():
    g = game(2, ohala=True)
    for seed in range(40):
        s = g.new_initial_state(seed)
        if C.characters[FOE][s.char[1]].get("ohala"):
            break
    assert all(C.dtypes[t].startswith("ally") for t in s.dtype[1])
    from conan_envs.adventures.resource import buy_types
    assert [C.dtypes[t] for t in buy_types(s, 1)] == ["ally_primary", "ally_general"]


@pytest.mark.parametrize("cfg", [dict(num_players=2), dict(num_players=3), dict(num_players=4),
                                 dict(num_players=4, team=True), dict(num_players=3, ohala=True),
                                 dict(num_players=2, plot="mixed", longer_game=3)])
def test_scripted_agents_finish_games(cfg):
    from baselines.scripted.adventures import ScriptedAgent
    g = game(cfg.pop("num_players"), **cfg)
    agents = [ScriptedAgent(role=r, seed=r) for r in range(g.num_roles)]
    for seed in range(3):
        s = g.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
        assert s.is_terminal()
        assert sum(r > 0 for r in s.returns()) >= 1


def test_ability_and_ibis():
    s = at_main(game(2).new_initial_state(3), 0)
    P.give(s, 0, side=1, ability_used=False)  # Conan's second side: a free Move
    clear_board(s)
    P.place(s, {0: "Nemedia", 1: "Stygia"})
    set_dice(s, 0, ["kingdom"])
    s.apply_action(act("ability"))
    s.apply_action(act("kingdom", K["Ophir"]))
    answer_chores(s)
    assert s.loc[0] == K["Ophir"] and s.ability_used[0]
    assert s.frame().key == "main" and not s.legal_action_mask()[act("ability")]
    from conan_envs.adventures.content import IBIS
    P.give(s, 0, gods=[IBIS])
    s.apply_action(act("ibis"))
    assert s.side[0] == 0 and not s.ability_used[0] and IBIS not in s.gods[0]


def test_halt_helper_really_halts():
    s = at_main(game(2).new_initial_state(3), 0)
    run_tasks(s)
    assert halted(s) and s.legal_actions() == [act("done")]


def test_scry_peeks_a_deck_top_that_only_the_ally_sees_and_resampling_keeps():
    s = at_main(game(3).new_initial_state(4), 2)
    no_tokens(s, 2)
    P.give(s, 2, gold=0)
    set_dice(s, 2, ["scry", "kingdom"])
    before = [encode(s, r) for r in range(3)]
    s.apply_action(die_act(0, "scry"))
    s.apply_action(act("slot", 2))  # the Event deck
    top = s.ev_deck[-1]
    assert s.peek[2][2] == top
    r = s.resample_hidden(2, np.random.default_rng(1))
    assert r.ev_deck[-1] == top and sorted(r.ev_deck) == sorted(s.ev_deck)
    assert np.array_equal(r.observation(2), s.observation(2))
    from conan_envs.adventures.encode import O
    at = O["scried"] + len(C.adventures) + len(C.encounters) + top  # the Event-deck peek
    assert s.view(2)["scried_top_cards"] == {"event": C.events[top]["name"]}
    assert s.view(0)["scried_top_cards"] == {}
    assert before[2][at] == 0 and encode(s, 2)[at] == 1 and encode(s, 0)[at] == 0
