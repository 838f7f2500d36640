"""Rules beyond the worked examples, continued: adventures, encounters, gods, events and
kingdom effects."""
import numpy as np

from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps as S
from conan_envs.adventures import steps_resolve as SR
from conan_envs.adventures.content import FATE_KINDS, KINGDOM_TYPES, content

from .helpers import (
    FixedDice,
    K,
    act,
    ambush_for_the_foe,
    answer_chores,
    at_main,
    clear_board,
    die_act,
    game,
    halted,
    no_tokens,
    play_until,
    run_tasks,
    scorpion_in_shem,
    set_dice,
    take_token,
)

C = content()


def test_adventure_completed_by_a_foe_scores_only_that_foe(monkeypatch):
    s = game(3).new_initial_state(7)
    at_main(s, 0)
    scorpion = scorpion_in_shem(s, 3)
    P.turn_order(s, [1, 2, 0])
    vp = list(s.vp)
    # Conan takes the Ally's Kingdom and Scry; his own roll misses; in the unchosen-dice pass
    # the Foe (first in turn order) applies its two Warriors and completes the Adventure.
    FixedDice(monkeypatch, ["warrior", "warrior", "char", "char"], ["kingdom", "scry", "char", "char"],
              ["thief", "char", "char", "move"])
    run_tasks(s, SR.ADVENTURE_PHASE)
    s.apply_action(act("done"))
    s.apply_action(act("die", 0))
    s.apply_action(act("die", 1))
    answer_chores(s)
    assert halted(s)
    assert scorpion in s.adv_held[1]
    assert s.vp[1] - vp[1] == 6 and s.vp[0] == vp[0] and s.vp[2] == vp[2]


def test_zath_doubles_adventure_points(monkeypatch):
    from conan_envs.adventures.content import ZATH
    s = at_main(game(2).new_initial_state(7), 0)
    scorpion_in_shem(s, 2)
    P.give(s, 0, gods=[ZATH], ability_used=True)
    vp = s.vp[0]
    FixedDice(monkeypatch, ["char"] * 4, ["kingdom", "scry", "warrior", "warrior"])
    run_tasks(s, SR.ADVENTURE_PHASE)
    answer_chores(s, until="adv_choose")
    for d in range(4):
        s.apply_action(act("die", d))
    assert s.frame().key == "zath"
    s.apply_action(act("zath"))
    answer_chores(s)
    assert s.vp[0] - vp == 2 * 4 * 3 and ZATH not in s.gods[0]


def test_nobody_defeating_an_encounter_means_no_penalties(monkeypatch):
    s = at_main(game(2).new_initial_state(6), 0)
    spider = next(i for i, e in enumerate(C.encounters) if e["name"] == "Giant Spider")
    P.face_up(s, encounters=[spider, -1, -1])
    for p in range(2):
        no_tokens(s, p)
        P.give(s, p, fate=[1] + [0] * 7)
        set_dice(s, p, ["char"] * 4, dtypes=None)
    P.encounter_track(s, [(0, 3), (1, 3), None, None])
    # Conan's single Warrior is no Double Warrior; the Foe rolls one Warrior only
    FixedDice(monkeypatch, ["warrior", "char", "char"], ["warrior", "char", "char", "move"])
    run_tasks(s, SR.ENCOUNTER_PHASE)
    answer_chores(s, until="enc_aside")
    s.apply_action(act("die", s.frame().opts[0]))
    answer_chores(s)
    assert halted(s)
    assert [sum(f) for f in s.fate] == [1, 1] and all(dp.WOUND not in z for z in s.zone)
    assert spider in s.enc_discard


def test_giant_spider_needs_conans_double_warrior_on_a_primary_die(monkeypatch):
    s = at_main(game(2).new_initial_state(6), 0)
    spider = next(i for i, e in enumerate(C.encounters) if e["name"] == "Giant Spider")
    P.face_up(s, encounters=[spider, -1, -1])
    for p in range(2):
        no_tokens(s, p)
    set_dice(s, 0, ["char"] * 4, dtypes=["conan_primary", "conan_primary", "conan_general", "conan_general"])
    set_dice(s, 1, ["char"] * 4)
    P.encounter_track(s, [(0, 3), (1, 3), None, None])
    vp = s.vp[0]
    FixedDice(monkeypatch, ["warrior+warrior", "char", "char"])
    run_tasks(s, SR.ENCOUNTER_PHASE)
    answer_chores(s, until="enc_aside")
    s.apply_action(act("die", 2))
    answer_chores(s)
    assert halted(s) and s.vp[0] == vp + 2


def test_event_places_tokens_only_in_empty_unoccupied_kingdoms():
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    e = next(i for i, ev in enumerate(C.events) if len(ev["challenge"]) >= 2)
    ks = C.event_ct[e]
    P.place(s, {0: ks[0]})
    P.event_on_top(s, e)
    run_tasks(s, S.EVENT)
    assert s.ct_board[ks[0]] == -1 and all(s.ct_board[k] >= 0 for k in ks[1:])
    assert all(t not in s.ct_known[p] for p in range(2) for t in s.ct_board if t >= 0)


def test_kingdom_effects_brythunia_and_argos():
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Brythunia", 1: "Stygia"})
    set_dice(s, 0, ["kingdom", "kingdom"])
    s.apply_action(die_act(0, "kingdom effect"))
    assert s.fate[0][0] == 2  # two Move Fate tokens
    P.place(s, {0: "Argos"})
    play_until(s, lambda s: s.frame().key == "main" and s.frame().actor == 0)
    set_dice(s, 0, ["kingdom"])
    P.place(s, {0: "Argos"})
    s.apply_action(die_act(0, "kingdom effect"))
    assert s.frame().key == "move_to" and set(s.frame().opts) == set(C.pirate_kingdoms) - {K["Argos"]}


def test_cycled_cards_are_seen_by_the_cycler_only():
    s = at_main(game(2).new_initial_state(3), 0)
    no_tokens(s, 0)
    set_dice(s, 0, ["trade", "char"])
    s.apply_action(die_act(0, "trade: cycle adventure"))
    s.apply_action(act("slot", 0))
    assert s.frame().key == "keep_card"
    foe_view, conan_view = s.observation(1), s.observation(0)
    rng = np.random.default_rng(0)
    others = {tuple(s.resample_hidden(1, rng).frame().drawn) for _ in range(10)}
    assert len(others) > 1
    r = s.resample_hidden(0, rng)
    assert r.frame().drawn == s.frame().drawn and np.array_equal(r.observation(0), conan_view)
    assert np.array_equal(s.resample_hidden(1, rng).observation(1), foe_view)


def test_extra_action_token_rerolls_the_spent_die(monkeypatch):
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Nemedia", 1: "Stygia"})
    P.give(s, 0, gold=0)
    extra = take_token(s, "extra_action")
    P.put_token(s, K["Ophir"], extra)
    set_dice(s, 0, ["move", "thief"])
    FixedDice(monkeypatch, ["pirate"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Ophir"]))
    assert s.ct_card[0] == [extra]  # revealed by Conan, kept face up on his card
    assert s.frame().key == "main_post"
    s.apply_action(act("use_extra_action"))
    assert s.zone[0][0] == dp.ACTIVE and s.ct_card[0] == [] and extra in s.ct_discard


def test_ambush_lets_the_next_foe_duel_conan_or_take_a_track_slot():
    s = ambush_for_the_foe(["kingdom", "char"])
    assert s.frame().key == "ambush" and s.frame().actor == 1
    s.apply_action(act("slot", 2))  # any active die, whatever the slot shows
    s.apply_action(act("die", 0))
    assert s.track_p[2] == 1 and s.zone[1][0] == dp.TRACK


def test_adventure_reward_at_the_end_of_the_round_in_its_kingdom():
    s = at_main(game(2).new_initial_state(4), 0)
    blood = next(i for i, a in enumerate(C.adventures) if a["name"] == "Blood for Blood")
    P.held_adventures(s, 0, [blood])
    P.place(s, {0: "Brythunia"})
    P.give(s, 0, ach=[0, 0, 0])
    P.forget_kingdom_rolls(s)
    run_tasks(s, SR.EorPlayer(0))
    while s.frame().key != "adjust":
        if s.frame().key == "pick_track":
            s.apply_action(act("ach", 2 * 2))  # Warrior
        else:
            s.apply_action(act("done") if s.legal_action_mask()[act("done")] else s.legal_actions()[0])
    assert s.ach[0][2] >= 1
    assert s.log_kdie[0][:2] == [0, KINGDOM_TYPES.index("eldritch")]


def test_plot_advance_with_character_dice_scores_points_only():
    s = at_main(game(2).new_initial_state(3), 0)
    P.give(s, 0, plot=0)
    chapter = s.plot_spaces[0]
    set_dice(s, 0, ["char"] * (chapter - 1) + ["wild", "thief"])
    vp, gold, fate = s.vp[0], s.gold[0], sum(s.fate[0])
    s.apply_action(act("plot_with_characters"))
    assert s.plot[0] == 1 and s.vp[0] == vp + chapter
    assert s.zone[0][-1] == dp.ACTIVE and s.zone[0][:chapter].count(dp.SPENT) == chapter
    assert s.gold[0] == gold and sum(s.fate[0]) == fate  # no Plot rewards in the Main phase


def test_tribute_takes_a_god_with_its_gold_and_three_is_the_limit():
    from conan_envs.adventures.content import ASURA, BEL, MITRA, SET
    s = at_main(game(2).new_initial_state(3), 0)
    P.gods_in_supply(s, range(8))
    P.give(s, 0, gods=[ASURA, BEL])  # taken from the supply
    P.god_gold(s, SET, 3)
    P.give(s, 0, gold=1)
    set_dice(s, 0, ["kingdom", "kingdom"])
    s.apply_action(die_act(0, "tribute"))
    s.apply_action(act("god", SET))
    assert s.gods[0] == [ASURA, BEL, SET] and s.gold[0] == 3 and s.god_gold[SET] == 0
    play_until(s, lambda s: s.frame().key == "main" and s.frame().actor == 0)
    set_dice(s, 0, ["kingdom"])
    assert not s.legal_action_mask()[die_act(0, "tribute")]
    assert MITRA not in s.gods[0]


def test_fate_and_god_tokens_change_plot_results(monkeypatch):
    from conan_envs.adventures.content import BEL, MITRA, SET
    s = game(2).new_initial_state(1)
    play_until(s, lambda s: not s.over and s.frame().key == "plot")
    FixedDice(monkeypatch, ["kingdom", "kingdom", "kingdom", "kingdom"], ["char", "char", "char", "char"])
    s.apply_action(act("done"))
    play_until(s, lambda s: not s.over and s.frame().key == "plot" and s.frame().actor == 0)
    P.give(s, 0, gods=[MITRA, SET, BEL], fate=[0, 1, 0, 0, 0, 0, 0, 0])
    P.event(s, next(i for i, e in enumerate(C.events) if e["plot_bonus"] == ["gold:2"]))
    s.apply_action(act("mitra"))  # reroll all: four Characters
    assert s.face[0] == [C.faces.index(("single", 0, 0))] * 4 and MITRA not in s.gods[0]
    # four Characters showing: no Fate token ("if you haven't already rolled 3+ character
    # results"), but "God tokens are still potentially usable"
    assert not s.legal_action_mask()[act("fate_die", 0 * 8 + 1)]
    s.apply_action(act("set_die", 1 * 11 + 3))  # Set: die 1 to Move
    s.apply_action(act("bel_die", 2))  # Bel: die 2 to Thief (the bonus)
    s.apply_action(act("fate_die", 0 * 8 + 1))  # two Characters left: a Warrior Fate token
    for d in (0, 1, 2):
        s.apply_action(act("die", d))
    gold = s.gold[0]
    s.apply_action(act("done"))
    answer_chores(s)
    assert s.plot[0] == 1 and s.fate[0][1] == 0 and s.gods[0] == []
    reward = C.plots[s.plot_cards[0]]["rewards"]["conan"]
    extra = sum(int(r[5:]) for r in reward if r.startswith("gold:"))
    assert s.gold[0] == gold + extra + 2  # the Event's bonus (Thief, from Bel) too


def test_kingdom_effects_aquilonia_hyperborea_corinthia():
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Aquilonia", 1: "Stygia"})
    P.give(s, 0, fate=[0, 0, 0, 1, 0, 0, 0, 0])
    P.give(s, 0, gold=0)
    set_dice(s, 0, ["kingdom", "thief"])
    s.apply_action(die_act(0, "kingdom effect"))  # return a Fate token for 2 Gold
    s.apply_action(act("fate", 3))
    assert s.gold[0] == 2 and sum(s.fate[0]) == 0
    play_until(s, lambda s: s.frame().key == "main" and s.frame().actor == 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Hyperborea"})
    set_dice(s, 0, ["kingdom", "char"], dtypes=["conan_primary", "conan_primary"])
    s.apply_action(die_act(0, "kingdom effect"))
    s.apply_action(act("die", 1))
    faces = C.dfaces[C.dtypes.index("conan_primary")]
    wild = faces.index(C.faces.index(("wild", 11, 11)))
    assert not s.legal_action_mask()[act("face", wild)]  # focus: any face but the Wild
    s.apply_action(act("face", 1))
    assert s.face[0][1] == faces[1]
    play_until(s, lambda s: s.frame().key == "main" and s.frame().actor == 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Corinthia"})
    P.put_fate(s, "Koth", FATE_KINDS[2])
    set_dice(s, 0, ["kingdom"])
    s.apply_action(die_act(0, "kingdom effect"))
    s.apply_action(act("kingdom", K["Koth"]))
    s.apply_action(act("fate", 2))
    s.apply_action(act("kingdom", K["Zamora"]))
    assert s.fate_board[K["Zamora"]][2] == 1 and s.fate_board[K["Koth"]][2] == 0


def test_two_foes_that_tie_neither_win_nor_lose(monkeypatch):
    s = at_main(game(4).new_initial_state(5), 1)
    clear_board(s)
    for p in range(4):
        no_tokens(s, p)
    P.place(s, {0: "Cimmeria", 1: "Nemedia", 3: "Ophir"})
    set_dice(s, 1, ["move", "warrior"])
    set_dice(s, 3, ["warrior", "kingdom"])
    FixedDice(monkeypatch, ["warrior"], ["warrior"], ["move"], ["move"])
    vp = list(s.vp)
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Ophir"]))
    answer_chores(s, until="pool")
    no_tokens(s, 1)
    s.apply_action(act("die", 1))
    s.apply_action(act("yes"))
    s.apply_action(act("die", 0))
    s.apply_action(act("yes"))
    answer_chores(s)
    assert s.loc[1] == s.loc[3] == K["Ophir"] and s.vp[3] == vp[3]
    assert dp.WOUND not in s.zone[1] and dp.WOUND not in s.zone[3]


def test_a_placed_token_is_known_to_its_placer_only():
    s = at_main(game(3).new_initial_state(2), 1)
    clear_board(s)
    no_tokens(s, 1)
    P.hold_tokens(s, 1, [])
    set_dice(s, 1, ["sorcery|warrior", "char"])
    s.apply_action(die_act(0, "sorcery: place challenge token"))
    assert s.frame().key == "place_token" and len(s.ct_hand[1]) == 1
    t = s.ct_hand[1][0]
    s.apply_action(s.legal_actions()[0])
    assert s.frame().key == "place_where" and s.loc[0] not in s.frame().opts  # no character there
    target = s.frame().opts[0]
    s.apply_action(act("kingdom", target))
    assert s.ct_board[target] == t and t in s.ct_known[1]
    for r in (0, 2):
        assert t not in s.ct_known[r]
    rng = np.random.default_rng(0)
    assert {s.resample_hidden(0, rng).ct_board[target] for _ in range(15)} != {t}
    assert all(s.resample_hidden(1, rng).ct_board[target] == t for _ in range(5))


def test_ignoring_a_fight_is_a_loss_and_a_wound():
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Border Kingdom", 1: "Stygia"})
    fight = take_token(s, "fight", 3)
    P.put_token(s, K["Cimmeria"], fight)
    set_dice(s, 0, ["move", "warrior", "thief"])
    vp = s.vp[0]
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Cimmeria"]))
    s.apply_action(act("done"))  # no Warrior Pool
    answer_chores(s)
    assert s.vp[0] == vp and s.zone[0].count(dp.WOUND) == 1 and fight in s.ct_discard


def test_temple_of_set_fought_with_a_warrior_action(monkeypatch):
    s = at_main(game(3).new_initial_state(4), 2)
    clear_board(s)
    no_tokens(s, 2)
    P.place(s, {0: "Koth", 1: "Stygia"})
    temple = take_token(s, "temple")
    P.temple(s, "Koth", [temple])
    set_dice(s, 2, ["warrior", "wild", "scry"])
    FixedDice(monkeypatch, ["warrior", "wild"])
    s.apply_action(die_act(0, "fight temple of set"))
    assert s.frame().key == "pool" and s.zone[2][0] == dp.POOL
    s.apply_action(act("die", 1))
    s.apply_action(act("yes"))
    assert s.temple[K["Koth"]] == [] and temple in s.ct_discard


def test_main_phase_ends_when_every_die_is_spent():
    s = at_main(game(2).new_initial_state(4), 0)
    for p in range(2):
        set_dice(s, p, ["char"])
        P.give(s, p, gold=0)
        P.give(s, p, card_tokens=[])
    s.apply_action(die_act(0, "pass"))
    answer_chores(s)
    if s.frame().key == "main":
        s.apply_action(die_act(0, "pass"))
        answer_chores(s)
    assert s.phase != "main"


def test_team_partner_zath_and_gold():
    from conan_envs.adventures.content import ZATH
    s = at_main(game(4, team=True).new_initial_state(7), 0)
    P.give(s, 0, gods=[])
    P.give(s, 2, gods=[ZATH])
    P.give(s, 0, vp=0)
    run_tasks(s, SR.AdvScore(0, 6))
    assert s.frame().key == "zath" and s.frame().actor == 2  # the Ally's Zath for Conan's points
    s.apply_action(act("zath"))
    assert s.vp[0] == 12 and s.gods[2] == []
    s2 = at_main(game(4, team=True).new_initial_state(7), 0)
    P.give(s2, 0, gold=2)
    P.give(s2, 2, gold=0)
    s2.apply_action(act("give_gold"))
    assert s2.gold == [1, s2.gold[1], 1, s2.gold[3]] and s2.frame().key == "main"
    s3 = at_main(game(4).new_initial_state(7), 0)
    P.give(s3, 0, gold=2)
    assert not s3.legal_action_mask()[act("give_gold")]
