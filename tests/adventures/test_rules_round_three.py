"""Issue 30 (rules, round three), one test per item, each quoting the rulebook sentence it
enforces; positions come from the position builder and public moves."""
from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps as S
from conan_envs.adventures import steps_resolve as SR
from conan_envs.adventures.content import ASURA, FOE, SET, SYM, content

from .helpers import (
    FixedDice,
    act,
    answer_chores,
    at_main,
    clear_board,
    die_act,
    game,
    halted,
    no_tokens,
    run_tasks,
    set_dice,
)

C = content()


# ---- Asura: "At any time on your turn" ---------------------------------------------------
def duel_on_conans_turn(monkeypatch):
    """Conan (Asura, Set, a Move Fate token) moves from Aquilonia into Nemedia, where the Foe
    (the same tokens) waits: a Duel on Conan's turn; both pools roll Warriors."""
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    P.place(s, {0: "Aquilonia", 1: "Nemedia"})
    no_tokens(s, 0, 1)
    P.give(s, 0, gods=[ASURA], fate={"move": 1})
    P.give(s, 1, gods=[SET], fate={"move": 1})  # Asura is Conan's: the Foe holds Set
    set_dice(s, 0, ["move", "warrior", "warrior", "warrior"])
    set_dice(s, 1, ["warrior", "warrior", "char", "char"])
    FixedDice(monkeypatch, ["warrior", "warrior"], ["warrior", "warrior"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", C.kid["Nemedia"]))
    return s


def to_pool_rolls(s):
    """Form both Warrior Pools (the Warrior dice) and stop at the first change of results."""
    while s.frame().key != "adjust":
        k, p = s.frame().key, s.frame().actor
        if k == "pool":
            dice = [d for d in dp.dice_in(s, p, dp.ACTIVE) if C.face_names[s.face[p][d]] == "Warrior"]
            s.apply_action(act("die", dice[0]) if dice[:2] != [] and len(dp.dice_in(s, p, dp.POOL)) < 2
                           else act("yes"))
        elif k == "pick_fate":
            s.apply_action(act("fate", s.frame().opts[0]))
        else:
            raise AssertionError(k)
    return s


def test_asura_is_not_offered_to_the_defender_on_conans_turn(monkeypatch):
    """God Token Abilities: "Asura: At any time on your turn - Cycle 1 face up card" (and Set,
    "At any time on your turn"): in a Duel on Conan's turn Conan may use Asura after his roll,
    the defending Foe may use neither Asura nor Set (its Fate token still: "You can use Fate
    tokens any time you have agency over your dice")."""
    s = duel_on_conans_turn(monkeypatch)
    to_pool_rolls(s)
    assert s.frame().actor == 0 and s.duel is not None  # Conan, after his roll, on his turn
    mask = s.legal_action_mask()
    assert any(mask[act("asura", j)] for j in range(6))
    s.apply_action(act("done"))
    assert s.frame().key == "adjust" and s.frame().actor == 1  # the Foe, asked for its Fate token
    mask = s.legal_action_mask()
    assert not any(mask[act("set_die", d * 11 + x)] for d in range(4) for x in range(11))
    assert any(mask[act("fate_die", j)] for j in range(32))


def test_asura_is_offered_to_the_foe_in_a_duel_on_its_own_turn(monkeypatch):
    """The same Duel on the Foe's turn (the Foe moves into Conan's kingdom): its Asura is
    offered after its roll."""
    s = at_main(game(2).new_initial_state(3), 1)
    clear_board(s)
    P.place(s, {0: "Aquilonia", 1: "Nemedia"})
    no_tokens(s, 0, 1)
    P.give(s, 1, gods=[ASURA, SET])
    set_dice(s, 0, ["warrior", "warrior", "char", "char"])
    set_dice(s, 1, ["move", "warrior", "warrior", "warrior"])
    FixedDice(monkeypatch, ["warrior", "warrior"], ["warrior", "warrior"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", C.kid["Aquilonia"]))
    to_pool_rolls(s)
    assert s.frame().actor == 1 and s.duel is not None
    mask = s.legal_action_mask()
    assert any(mask[act("asura", j)] for j in range(6))
    assert any(mask[act("set_die", j)] for j in range(44))


def test_the_defender_holding_only_turn_gods_is_not_asked(monkeypatch):
    """A defender whose only tokens are God tokens used "At any time on your turn" has nothing
    to change its results with on Conan's turn: it is not asked at all."""
    s = duel_on_conans_turn(monkeypatch)
    P.give(s, 1, fate=[0] * 8, gods=[SET])
    to_pool_rolls(s)
    assert s.frame().actor == 0
    s.apply_action(act("done"))
    assert s.over or s.frame().key != "adjust" or s.frame().actor != 1


# ---- Scoring track: "in order gained" -----------------------------------------------------
def test_scoring_track_rewards_are_gained_in_order(monkeypatch):
    """Scoring Victory Points: "Whenever a player's score advances to or past these spaces, the
    player immediately gains the token or rolls the die (in order gained)": from 15 to 20 VP
    the Gold of 16 is gained before the local Fate token of 20 is chosen."""
    assert C.score_rewards[16] == "gold" and C.score_rewards[20] == "fate_local"
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    P.place(s, {0: "Cimmeria"})  # Warrior and Move: a choice of local Fate token
    P.give(s, 0, vp=15, gold=0)
    run_tasks(s, S.Reward(0, ("vp:5",)))
    assert s.frame().key == "pick_fate" and s.frame().actor == 0
    assert s.vp[0] == 20 and s.gold[0] == 1  # the Gold for 16 came first
    answer_chores(s)
    assert halted(s)


# ---- the Wild: "any results on a character's dice" ---------------------------------------
def verbs_of_die(s, p, d):
    mask = s.legal_action_mask()
    from conan_envs.adventures.actions import VERBS
    return {v for v in VERBS if mask[die_act(d, v)]}


def test_conans_wild_is_not_scry_sorcery_or_gold():
    """Active Dice: "The Wild symbol can be used for any results on a character's dice. It
    cannot be used for a Challenge token, or another player's character result"; Fate Tokens:
    "Conan can use a Sorcery Fate token to change a die in the Main phase and do a Sorcery
    action himself" (his dice show no Sorcery). Conan's Wild takes no Scry, Sorcery or
    "take gold" action (none is on his dice); it still moves, steals and trades."""
    s = at_main(game(2).new_initial_state(5), 0)
    clear_board(s)
    no_tokens(s, 0)
    set_dice(s, 0, ["wild", "char", "char", "char"])
    verbs = verbs_of_die(s, 0, 0)
    assert not verbs & {"scry", "sorcery: place challenge token", "sorcery: cycle encounter",
                        "take gold", "place challenge token"}
    assert {"move", "thievery", "sail"} <= verbs or {"move", "thievery"} <= verbs


def test_a_foes_wild_is_sorcery_but_gold_only_with_red_dice():
    """The same sentence for the Foes: Sorcery is on every Foe's dice; the 2 Gold face only on
    the red primary dice, so a black-dice Foe's Wild does not take 2 Gold."""
    for char, gold in ((0, False), (3, True)):  # Thoth-Amon (black), Eamon the Flayed (red)
        s = at_main(game(2).new_initial_state(5), 1)
        clear_board(s)
        no_tokens(s, 1)
        P.characters(s, {1: char})
        base = C.characters[FOE][char]["base"]
        set_dice(s, 1, ["wild", "char", "char", "char"], dtypes=base)
        verbs = verbs_of_die(s, 1, 0)
        assert "sorcery: place challenge token" in verbs
        assert ("take gold" in verbs) == gold


def test_conans_wild_is_no_sorcery_on_the_plot_roll(monkeypatch):
    """The Wild counts only as results on Conan's dice on a Plot roll too: a Plot chapter that
    needs Sorcery is not covered by Conan's Wild (it is by a Foe's)."""
    from conan_envs.adventures.dicepool import covered, mface

    s = game(2).new_initial_state(0)
    wild = P.face("wild")
    assert covered([(mface(s, 0, wild), False)], [(SYM["sorcery"], False)]) == 0
    assert covered([(mface(s, 0, wild), False)], [(SYM["warrior"], False)]) == 1
    assert covered([(mface(s, 1, wild), False)], [(SYM["sorcery"], False)]) == 1


def test_conans_wild_is_not_placed_on_the_sorcery_scry_space():
    """Unlock Encounters: "that player selects a die in their Active Dice Pool that matches a
    symbol on one of the four slots": Conan's Wild matches no Sorcery/Scry space, so with only
    that space free it cannot unlock."""
    s = at_main(game(2).new_initial_state(5), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    set_dice(s, 0, ["wild", "char", "char", "char"])
    set_dice(s, 1, ["warrior", "move", "thief", "char"])
    sorc = next(i for i, slot in enumerate(C.unlock_slots) if SYM["sorcery"] in slot)
    others = iter(range(3))  # the Foe's dice fill the other three spaces
    P.encounter_track(s, [None if i == sorc else (1, next(others)) for i in range(4)])
    assert "unlock encounters" not in verbs_of_die(s, 0, 0)
    set_dice(s, 0, ["warrior", "char", "char", "char"])  # a Warrior still cannot: no space
    assert "unlock encounters" not in verbs_of_die(s, 0, 0)
    set_dice(s, 1, ["wild", "move", "thief", "char"])  # a Foe's Wild can (Sorcery, Scry)
    s = at_main(game(2).new_initial_state(5), 1)
    clear_board(s)
    no_tokens(s, 0, 1)
    set_dice(s, 1, ["wild", "move", "thief", "char", "warrior"])
    set_dice(s, 0, ["warrior", "move", "thief", "char"])
    others = iter(range(3))
    P.encounter_track(s, [None if i == sorc else (0, next(others)) for i in range(4)])
    assert "unlock encounters" in verbs_of_die(s, 1, 0)


# ---- the free-Movement ability in a vast kingdom -------------------------------------------
def test_the_free_movement_ability_is_not_offered_in_a_vast_kingdom():
    """Eastern Desert and Hyperborea: "You can enter with one Move action, but leaving requires
    using 2 dice with one action": Conan's designed ability (a free Movement action) is not
    offered in Hyperborea, and is in Cimmeria, where using it is logged."""
    s = at_main(game(2).new_initial_state(5), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.give(s, 0, side=1, ability_used=False)  # Conan's "move" side
    set_dice(s, 0, ["char", "char", "char", "char"])
    P.place(s, {0: "Hyperborea"})
    assert not s.legal_action_mask()[act("ability")]
    P.place(s, {0: "Cimmeria"})
    assert s.legal_action_mask()[act("ability")]
    s.apply_action(act("ability"))
    assert s.frame().key == "move_to"
    assert s.log[-1][2] == "Conan uses the Character ability: a free Movement action"


# ---- the board and the prompts in the game's words -----------------------------------------
def test_an_adventure_track_advance_is_not_labelled_as_a_trade_in():
    """Blood for Blood: "Advance 1: Warrior or Thief" - an Adventure reward advances a space
    without turning in any Fate token; the choice is named that way."""
    s = at_main(game(2).new_initial_state(4), 0)
    P.place(s, {0: "Shem"})
    P.give(s, 0, fate=[0] * 8)
    run_tasks(s, S.Reward1(0, "advance:warrior|thief"))
    assert s.frame().key == "pick_track"
    names = {s.action_to_string(a) for a in s.legal_actions()}
    assert names == {"advance 1 on the Warrior track", "advance 1 on the Thief track"}
    s.apply_action(act("ach", 2 * 1))  # Thief
    assert s.ach[0][1] == 1 and s.log[-1][2] == "Conan advances on the Thief track to space 1"


def test_the_text_board_marks_primary_dice_and_lists_every_kingdom_with_its_borders():
    """Character Dice: "These 4 dice are shown at the bottom of their Character cards" (two of
    them primary: "Conan must roll with his primary dice"); Moving Character Tokens: "Adjacent
    kingdoms are any kingdoms that share a border" - the text board says which dice are
    primary and lists every kingdom with its borders, occupied or not."""
    s = at_main(game(2).new_initial_state(4), 0)
    text = str(s)
    assert "0 primary: " in text and "2: " in text
    for k, name in enumerate(C.kingdoms):
        borders = ", ".join(C.kingdoms[j] for j in C.adj[k])
        assert f"  {name} (" in text and f"borders {borders})" in text


def test_prompts_name_the_choices_offered():
    """Every prompt names its yes and done choices by the names the actions carry (no
    "yes to ..." or "done to ..." where no action is called yes or done)."""
    import numpy as np

    seen = set()
    for seed in range(4):
        s = game(3).new_initial_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            prompt = s.view(s.current_player())["decision"]["prompt"]
            assert "yes to" not in prompt.lower() and "done to" not in prompt.lower(), prompt
            for seg in ("yes", "done"):
                if s.legal_action_mask()[act(seg)]:
                    name = s.action_to_string(act(seg))
                    assert name not in ("yes", "done"), (s.frame().key, name)
                    assert name.lower() in prompt.lower(), (s.frame().key, name, prompt)
                    seen.add(s.frame().key)
            s.apply_action(int(rng.choice(s.legal_actions())))
    assert {"plot", "adjust", "buy"} <= seen


def test_adventures_in_play_counts_the_cards_with_the_chosen_icons():
    """Components: "119 Cards (24 Plot, 13 Character, 45 Adventure, ...)"; Setup, Adventures:
    "Each Adventure card is marked with an icon": the count that bounds `longer_game`."""
    from conan_envs.adventures.game import ICONS, adventures_in_play

    assert adventures_in_play(ICONS) == 45
    assert adventures_in_play(("circle", "square")) == 18
    s = game(2, adventure_icons=["circle", "square"]).new_initial_state(0)
    assert len(s.adv_deck) + sum(a >= 0 for a in s.adv_face) + len(s.adv_discard) == 18


def test_conans_wild_is_no_scry_for_the_scorpion(monkeypatch):
    """Resolving Adventures with the restricted Wild (Active Dice: "The Wild symbol can be
    used for any results on a character's dice"): The Scorpion needs Kingdom, Scry and two
    Warriors; with the Ally's Kingdom and Warriors applied, Conan's own Wild cannot be the
    missing Scry (no Conan die shows Scry), so he is not asked to apply it; the Ally's Wild
    could (the Adventures Example, "applying it to Scry")."""
    from .helpers import scorpion_in_shem

    s = game(3).new_initial_state(7)
    P.characters(s, {1: 0, 2: 1})
    at_main(s, 0)
    scorpion_in_shem(s, 3)
    P.turn_order(s, [1, 2, 0])
    FixedDice(monkeypatch, ["char"] * 4, ["kingdom", "warrior", "warrior", "char"],
              ["wild", "char", "char", "char"])
    run_tasks(s, SR.ADVENTURE_PHASE)
    assert s.frame().key == "adv_choose" and s.frame().roller == 2  # nothing of the Foe's helps
    for d in (0, 1, 2):
        s.apply_action(act("die", d))
    assert s.face[0][0] == P.face("wild")  # Conan rolled his Wild
    assert not (not s.over and s.frame().key == "adv_choose" and s.frame().roller == 0)
    assert not s.adv["done"]
