"""The rulebook's worked examples, replayed with fixed dice."""
import collections

from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps as S
from conan_envs.adventures import steps_resolve as SR
from conan_envs.adventures.content import CT_KINDS, FATE_KINDS, KINGDOM_TYPES, SYM, YMIR, content

from .helpers import (
    FixedDice,
    K,
    act,
    answer_chores,
    at_main,
    clear_board,
    die_act,
    face,
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


def _plot_turn(monkeypatch, second_roll):
    """Using Wilds to Advance the Plot: Warrior + Move needed, Thief as bonus."""
    s = game(2).new_initial_state(1)
    play_until(s, lambda s: not s.over and s.frame().key == "plot")
    P.event(s, next(i for i, e in enumerate(C.events) if e["plot_bonus"] == ["gold:2"]))
    first = s.frame().actor
    assert first == 1  # the Foe rolls first; Conan is last in turn order
    dice = FixedDice(monkeypatch, ["wild", "pirate", "char", "kingdom"])
    s.apply_action(act("done"))  # the Foe stops
    play_until(s, lambda s: not s.over and s.frame().key == "plot" and s.frame().actor == 0)
    card = s.plot_cards[s.plot_spaces[0] - 1]
    assert C.plot_req[card] == (SYM["move"], SYM["warrior"]) and C.plot_bonus[card] == (SYM["thief"],)
    assert s.legal_actions().count(act("die", 0)) == 1  # the Wild may be set aside
    assert not s.legal_action_mask()[act("die", 3)]  # a Kingdom result is no use here
    s.apply_action(act("die", 0))
    dice.add(second_roll)
    s.apply_action(act("yes"))  # reroll: the Character result is a failed result
    assert s.zone[0][2] == dp.FAILED
    return s


def test_wild_in_the_plot_roll_counts_as_the_missing_move(monkeypatch):
    s = _plot_turn(monkeypatch, ["warrior", "kingdom"])
    s.apply_action(act("die", 1))
    gold, vp = s.gold[0], s.vp[0]
    s.apply_action(act("done"))
    answer_chores(s)
    assert s.plot[0] == 1 and s.vp[0] == vp + 1  # chapter 1
    reward = C.plots[s.plot_cards[0]]["rewards"]["conan"]
    extra = sum(int(r[5:]) for r in reward if r.startswith("gold:"))
    assert s.gold[0] == gold + extra  # no bonus: the Wild was needed as the Move


def test_wild_can_be_reassigned_to_the_bonus(monkeypatch):
    s = _plot_turn(monkeypatch, ["warrior", "move"])
    s.apply_action(act("die", 1))
    assert s.legal_action_mask()[act("die", 3)]  # a Move now frees the Wild for the Thief
    s.apply_action(act("die", 3))
    gold = s.gold[0]
    s.apply_action(act("done"))
    answer_chores(s)
    reward = C.plots[s.plot_cards[0]]["rewards"]["conan"]
    extra = sum(int(r[5:]) for r in reward if r.startswith("gold:"))
    assert s.gold[0] == gold + extra + 2  # the Event's bonus: 2 Gold


def test_three_character_results_fail_the_plot(monkeypatch):
    s = game(2).new_initial_state(1)
    play_until(s, lambda s: not s.over and s.frame().key == "plot")
    FixedDice(monkeypatch, ["char", "char", "char", "kingdom"])
    s.apply_action(act("done"))
    play_until(s, lambda s: not s.over and s.frame().key == "plot" and s.frame().actor == 0)
    s.apply_action(act("yes"))
    assert s.plot[0] == 0 and not (s.frame().key == "plot" and s.frame().actor == 0)


def test_thievery_action():
    s = at_main(game(2).new_initial_state(3), 0)
    set_dice(s, 0, ["thief", "char"])
    gold = s.gold[0]
    s.apply_action(die_act(0, "thievery"))
    assert s.gold[0] == gold + 1 and s.zone[0][0] == dp.SPENT


def test_zamora_then_turan_kingdom_die_rolls():
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    P.place(s, {0: "Zamora", 1: "Stygia"})
    P.give(s, 0, gold=5)
    set_dice(s, 0, ["move", "char"])
    s.apply_action(act("free_roll"))
    answer_chores(s)
    assert s.log_kdie[-1][:2] == [0, KINGDOM_TYPES.index("treachery")]
    assert not s.legal_action_mask()[act("free_roll")]  # once per visit
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Turan"]))
    answer_chores(s)
    assert s.frame().key == "main_post" and s.legal_action_mask()[act("free_roll")]
    P.forget_kingdom_rolls(s)
    s.apply_action(act("free_roll"))  # Turan is Savage and a Port: both dice are rolled
    answer_chores(s)
    assert [(p, t) for p, t, _ in s.log_kdie] == [(0, KINGDOM_TYPES.index("savage")),
                                                   (0, KINGDOM_TYPES.index("port"))]
    assert s.rolled_here[0]


def test_cimmeria_fight_four_hits_over_two_rolls(monkeypatch):
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Border Kingdom", 1: "Stygia"})
    P.put_token(s, "Cimmeria", take_token(s, "fight", 4))
    set_dice(s, 0, ["move", "warrior", "warrior", "wild", "pirate"])
    FixedDice(monkeypatch, ["warrior", "wild", "move"], ["warrior", "wild"])
    vp = s.vp[0]
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Cimmeria"]))
    assert s.frame().key == "pool"
    assert not s.legal_action_mask()[act("die", 4)]  # a Pirate cannot join the Warrior Pool
    for d in (1, 2, 3):
        s.apply_action(act("die", d))
    s.apply_action(act("yes"))
    assert s.vp[0] == vp + 4 and s.hits[0] == 4
    assert [s.zone[0][d] for d in range(5)] == [dp.SPENT, dp.ACTIVE, dp.ACTIVE, dp.SPENT, dp.ACTIVE]
    assert s.ct_board[K["Cimmeria"]] == -1


def test_nestor_duels_thoth_amon(monkeypatch):
    s = game(3).new_initial_state(5)
    P.characters(s, {1: 0, 2: 1})  # Thoth-Amon, Nestor the Gunderman
    at_main(s, 2)
    clear_board(s)
    no_tokens(s, 0, 1, 2)
    P.place(s, {0: "Border Kingdom", 1: "Brythunia"})
    P.face_up(s, adventures=[-1, -1, -1])
    extra = take_token(s, "extra_action")
    P.give(s, 1, card_tokens=[extra])
    set_dice(s, 2, ["move", "warrior", "warrior", "char", "thief"])
    set_dice(s, 1, ["warrior", "sorcery|warrior", "move", "kingdom"])
    FixedDice(monkeypatch, ["warrior", "warrior", "kingdom"], ["warrior", "move"],
              ["warrior", "move"], ["move"], ["scry"])
    vp = s.vp[2]
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Brythunia"]))
    answer_chores(s, until="pool")  # Nestor, who started the Duel, gains a local Fate token
    assert sum(s.fate[2]) == 1
    no_tokens(s, 2)
    for d in (1, 2, 3):
        s.apply_action(act("die", d))
    s.apply_action(act("yes"))
    assert s.frame().key == "pool" and s.frame().actor == 1
    s.apply_action(act("die", 0))
    s.apply_action(act("die", 1))
    s.apply_action(act("yes"))
    assert s.hits[2] == 2 and s.hits[1] == 1
    assert s.frame().key == "duel_go" and s.frame().actor == 2
    s.apply_action(act("yes"))
    assert s.hits[2] == 3 and s.hits[1] == 1
    s.apply_action(act("yes"))  # keeps rolling: a Scry, the last die spent
    answer_chores(s)
    assert s.vp[2] == vp + 2
    assert s.ct_card[2] == [extra] and s.ct_card[1] == []
    assert s.zone[1].count(dp.WOUND) == 1
    assert s.frame().key == "move_to" and s.frame().actor == 2 and s.frame().who == 1
    s.apply_action(act("kingdom", K["Nemedia"]))
    assert s.loc[1] == K["Nemedia"]


def test_three_player_encounter_won_by_the_foe(monkeypatch):
    s = at_main(game(3).new_initial_state(6), 0)
    clear_board(s)
    kozak = next(i for i, e in enumerate(C.encounters) if e["name"] == "Kozak Raiders")
    P.face_up(s, encounters=[kozak, -1, -1])
    P.place(s, {0: "Khoraja"})
    P.turn_order(s, [2, 1, 0])  # red arrows: the Ally, then the Foe, after Conan
    for p in range(3):
        no_tokens(s, p)
        P.give(s, p, gold=3)
    P.give(s, 0, fate={"move": 1})
    P.give(s, 2, fate={"move": 1})
    set_dice(s, 0, ["warrior", "char", "char", "char"],
             dtypes=["conan_primary", "conan_primary", "conan_general", "conan_general"])
    set_dice(s, 1, ["move", "char", "char", "char"])
    set_dice(s, 2, ["move", "char", "char", "char"])
    P.encounter_track(s, [(0, 0), (2, 0), None, (1, 0)])
    FixedDice(monkeypatch, ["warrior", "move"], ["thief", "char", "kingdom"],
              ["wild", "char", "move", "scry"])
    run_tasks(s, SR.ENCOUNTER_PHASE)
    assert s.frame().key == "enc_aside" and s.frame().actor == 0  # one Foe die: set one aside
    s.apply_action(act("die", 1))
    answer_chores(s)
    assert s.frame().key == "enc_aside" and s.frame().actor == 2
    s.apply_action(act("die", 0))  # the Ally sets aside her Move from the track
    answer_chores(s)
    assert halted(s)
    assert s.vp[1] == 1 and s.gold[1] == 5
    for p in (0, 2):
        assert s.zone[p].count(dp.WOUND) == 1 and sum(s.fate[p]) == 0 and s.gold[p] == 2


def test_the_scorpion_in_shem_with_ymir(monkeypatch):
    s = game(3).new_initial_state(7)
    P.characters(s, {1: 0, 2: 1})
    at_main(s, 0)
    scorpion = scorpion_in_shem(s, 3)
    P.turn_order(s, [1, 2, 0])
    P.give(s, 0, gods=[YMIR])
    vp = list(s.vp)
    FixedDice(monkeypatch, ["warrior", "warrior", "scry", "char"],
              ["kingdom", "wild", "char", "char"], ["warrior", "thief", "char", "char"])
    run_tasks(s, SR.ADVENTURE_PHASE)
    assert s.frame().key == "adv_choose" and s.frame().roller == 1
    s.apply_action(act("done"))  # Conan takes none of the Foe's dice
    assert s.frame().roller == 2
    s.apply_action(act("die", 0))
    s.apply_action(act("die", 1))
    # "If Conan chooses a Wild, he must specify which symbol": "applying it to Scry"
    assert s.frame().key == "adv_wild" and s.frame().opts == (SYM["warrior"], SYM["scry"])
    s.apply_action(act("symbol", SYM["scry"]))
    assert s.frame().key == "adjust" and s.frame().actor == 0  # Conan, after his roll, may use Ymir
    s.apply_action(act("ymir_die", 2))
    s.apply_action(act("done"))
    s.apply_action(act("die", 0))
    s.apply_action(act("die", 2))
    answer_chores(s)
    assert halted(s)
    assert scorpion in s.adv_held[0]
    assert s.vp[0] - vp[0] == 6 and s.vp[2] - vp[2] == 6 and s.vp[1] == vp[1]


def test_janissa_turns_in_fate_tokens_in_turan():
    s = at_main(game(3).new_initial_state(8), 0)
    P.place(s, {0: "Turan"})
    P.give(s, 2, fate={"thief": 1, "pirate": 3}, ach=[0, 0, 0])
    run_tasks(s, SR.AchieveStep(2))
    legal = set(s.legal_actions())
    assert legal == {act("ach", 0), act("ach", 1), act("ach", 2), act("done")}  # no "all Thief"
    s.apply_action(act("ach", 1))  # all three Pirate tokens: 2 spaces
    assert s.ach[2][0] == 2 and s.fate[2][FATE_KINDS.index("pirate")] >= 0
    # a Pirate token gained on the track cannot be turned in again this round
    assert all(a not in (act("ach", 0), act("ach", 1)) for a in s.legal_actions())


def test_scoring_track_gold_at_16_is_gained_again_after_moving_back():
    s = at_main(game(2).new_initial_state(9), 0)
    P.give(s, 0, vp=14, gold=0)
    run_tasks(s, S.Reward(0, ("vp:3",)))
    assert s.vp[0] == 17 and s.gold[0] == 1
    P.give(s, 0, vp=15)  # the score moved back
    run_tasks(s, S.Reward(0, ("vp:1",)))
    assert s.gold[0] == 2


def test_challenge_token_counts():
    counts = collections.Counter((CT_KINDS[k], v) for k, v in C.ct)
    assert len(C.ct) == 30
    assert counts == {("fate_any", 0): 2, ("ambush", 0): 3, ("extra_action", 0): 2, ("fight", 2): 2,
                      ("fight", 3): 4, ("fight", 4): 1, ("gold", 2): 3, ("gold", 3): 1,
                      ("kingdom", 0): 2, ("lose_fate", 0): 3, ("temple", 0): 5, ("vp", 4): 1,
                      ("vp", 5): 1}
    assert face("warrior+warrior") in C.dfaces[C.dtypes.index("conan_primary")]


def test_ally_thievery_then_rolls_the_wealthy_die_in_conans_khauran():
    s = at_main(game(3).new_initial_state(3), 2)
    clear_board(s)
    P.place(s, {0: "Khauran"})
    P.give(s, 2, gold=0)
    set_dice(s, 2, ["wild", "char"])
    s.apply_action(die_act(0, "thievery"))  # the Wild spent as a Thief
    assert s.gold[2] == 1
    P.forget_kingdom_rolls(s)
    s.apply_action(act("free_roll"))
    answer_chores(s)
    assert [(p, t) for p, t, _ in s.log_kdie] == [(2, KINGDOM_TYPES.index("wealthy"))]


def test_which_encounters_conan_faces_in_zingara_and_ophir():
    name = {e["name"]: i for i, e in enumerate(C.encounters)}
    z, o = K["Zingara"], K["Ophir"]
    assert C.encounter_matches(name["Giant Spider"], z)
    assert not C.encounter_matches(name["Moon Demons"], z)
    assert C.encounter_matches(name["Gray Ape"], z)
    assert C.encounter_matches(name["Revenants"], o) and C.encounter_matches(name["Death on the Wing"], o)
    storyteller = next(i for i, a in enumerate(C.adventures) if a["name"] == "Storyteller")
    assert C.adv_kingdom[storyteller] == o
