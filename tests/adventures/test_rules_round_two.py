"""Issue 14 (rules, round two), one test per item, each quoting the rulebook sentence it
enforces. Encounter scenes use the scenario builders of helpers.py; the Plot and Asura tests
reach their positions through public moves only."""
import numpy as np

from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps as S
from conan_envs.adventures import steps_resolve as SR
from conan_envs.adventures.content import ASURA, ISHTAR, content

from .helpers import (
    FixedDice,
    act,
    answer_chores,
    at_main,
    clear_board,
    game,
    halted,
    no_tokens,
    run_tasks,
    set_dice,
)

C = content()
KOZAK = next(i for i, e in enumerate(C.encounters) if e["name"] == "Kozak Raiders")  # W, W, T


def kozak_scene(ally_track_face, slot):
    """Conan, a Foe and the Ally face Kozak Raiders (2 Warrior + 1 Thief) in Khoraja; the Ally
    alone has a die on the Encounter track, on `slot`."""
    s = at_main(game(3).new_initial_state(6), 0)
    clear_board(s)
    P.face_up(s, encounters=[KOZAK, -1, -1])
    P.place(s, {0: "Khoraja"})
    for p in range(3):
        no_tokens(s, p)
    set_dice(s, 0, ["char"] * 4)
    set_dice(s, 1, ["char"] * 4)
    set_dice(s, 2, [ally_track_face, "char", "char", "char"])
    slots = [None] * 4
    slots[slot] = (2, 0)
    P.encounter_track(s, slots)
    return s


def test_encounter_rolled_and_track_dice_are_matched_together(monkeypatch):
    """"Apply all matching results shown on the dice (and still on the Encounter track
    belonging to that player)": the Ally's rolled Wild and Warrior with her Warrior on the
    track defeat Kozak Raiders (matching the rolled dice first spent the Wild on a Warrior)."""
    s = kozak_scene("warrior", 0)
    FixedDice(monkeypatch, ["char"] * 4, ["char"] * 4, ["wild", "warrior", "char"])
    vp = s.vp[2]
    run_tasks(s, SR.Encounter(0))
    answer_chores(s)
    assert halted(s)
    assert s.vp[2] == vp + 1  # the reward: 1 Victory point and 2 Gold
    assert s.zone[2][0] == dp.SPENT and s.track_p[0] == -1  # the track die was applied


def test_a_wild_on_the_track_counts_as_one_symbol_of_its_space(monkeypatch):
    """"A Wild on a space with multiple symbols can be used for either symbol as an automatic
    success, though not both": a Wild on the Move/Warrior space is no Thief."""
    s = kozak_scene("wild", 1)
    FixedDice(monkeypatch, ["char"] * 4, ["char"] * 4, ["warrior", "warrior", "char"])
    vp = s.vp[2]
    run_tasks(s, SR.Encounter(0))
    answer_chores(s)
    assert halted(s)
    assert s.vp[2] == vp  # two Warriors rolled, the Thief missing: not defeated

    s = kozak_scene("wild", 1)  # on the same space it does stand for the missing Warrior
    FixedDice(monkeypatch, ["char"] * 4, ["char"] * 4, ["warrior", "thief", "char"])
    run_tasks(s, SR.Encounter(0))
    answer_chores(s)
    assert s.vp[2] == vp + 1


def to_conans_plot_roll(monkeypatch, first_roll, gold=20, god=None):
    """Public moves from a new 2-player game: Conan buys general dice with his Gold (and takes
    `god` if given); the Foe's Plot roll is stopped; Conan's first Plot roll is `first_roll`."""
    s = game(2, start_gold=gold).new_initial_state(0)
    fixed = None
    for _ in range(400):
        d = s.frame()
        mask = s.legal_action_mask()
        if d.key == "plot" and d.actor == 1:
            fixed = FixedDice(monkeypatch, first_roll)
            s.apply_action(act("done"))
            continue
        if d.key == "plot" and d.actor == 0:
            assert fixed is not None
            return s
        if d.key == "buy" and d.actor == 0 and mask[act("buy", 1)] and len(s.zone[0]) < len(first_roll):
            s.apply_action(act("buy", 1))
        elif d.key == "god" and d.actor == 0 and god is not None and mask[act("god", god)]:
            s.apply_action(act("god", god))
        elif mask[act("done")]:
            s.apply_action(act("done"))
        elif d.key == "god" and d.actor == 1:
            s.apply_action(int(np.flatnonzero(mask)[-1]))
        else:
            s.apply_action(int(np.flatnonzero(mask)[0]))
    raise AssertionError("Conan's Plot roll not reached")


def test_pushing_for_the_bonus_and_rolling_three_characters_fails_the_plot(monkeypatch):
    """"If you push your luck to try for the bonus too, and end up rolling 3 or more
    characters, you fail the Plot roll completely" - even with the required results aside."""
    s = to_conans_plot_roll(monkeypatch, ["move", "warrior", "kingdom", "kingdom", "kingdom", "kingdom"])
    assert len(s.zone[0]) == 6 and s.plot[0] == 0
    s.apply_action(act("die", 0))  # Move
    s.apply_action(act("die", 1))  # Warrior: the required results (Move, Warrior) are aside
    FixedDice(monkeypatch, ["char", "char", "char", "kingdom"])
    s.apply_action(act("yes"))  # push for the Thief bonus
    assert s.frame().key == "plot" and s.frame().pushed
    assert "3 or more Characters" in s.view(0)["decision"]["prompt"]
    s.apply_action(act("done"))
    assert s.plot[0] == 0 and s.vp[0] == 0  # failed completely


def test_without_a_push_the_required_results_advance(monkeypatch):
    """"If they have all of the required symbols, the player may advance one space on the
    Plot" (the first roll is no push)."""
    s = to_conans_plot_roll(monkeypatch, ["move", "warrior", "char", "char", "char", "kingdom"])
    s.apply_action(act("die", 0))
    s.apply_action(act("die", 1))
    s.apply_action(act("done"))
    assert s.plot[0] == 1


def test_asura_is_usable_on_the_plot_roll(monkeypatch):
    """Asura: "At any time on your turn - Cycle 1 face up card" (not only in the Main phase)."""
    s = to_conans_plot_roll(monkeypatch, ["char"] * 4, gold=2, god=ASURA)
    assert ASURA in s.gods[0]
    old = list(s.adv_face)
    assert s.legal_action_mask()[act("asura", 0)]
    s.apply_action(act("asura", 0))
    if s.frame().key == "keep_card":
        s.apply_action(act("slot", 0))
    assert s.frame().key == "plot" and s.frame().actor == 0  # back to the Plot roll
    assert s.adv_face[0] != old[0] and ASURA not in s.gods[0]


def test_asura_does_not_cycle_the_adventure_being_attempted(monkeypatch):
    s = at_main(game(2).new_initial_state(7), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    P.give(s, 0, gods=[ASURA, ISHTAR])  # Ishtar: Conan is asked after his roll
    a = s.adv_face[0]
    P.place(s, {0: C.adv_kingdom[a]})
    set_dice(s, 0, ["char"] * 4, zone=dp.SPENT)
    set_dice(s, 1, ["char"] * 4, zone=dp.SPENT)
    FixedDice(monkeypatch, ["char"] * 4, ["warrior"] + ["char"] * 3)
    run_tasks(s, SR.ADVENTURE_PHASE)
    assert s.frame().key == "adjust" and s.frame().actor == 0 and s.adv["card"] == a
    mask = s.legal_action_mask()
    assert not mask[act("asura", 0)]  # the Adventure being attempted
    assert mask[act("asura", 1)] and mask[act("asura", 3)]


def test_a_wound_on_a_die_on_the_encounter_track_frees_its_space():
    """Wound: "Set aside a die for the rest of the round. Choose an Active die if possible." With
    no active die left, a die taken from the Encounter track for the wound leaves its space
    (found by the save checks: the track still pointed at a wounded die)."""
    s = at_main(game(4).new_initial_state(2), 0)
    set_dice(s, 3, ["scry", "char", "char", "char"], zone=dp.SPENT)
    P.encounter_track(s, [None, None, (3, 0), None])
    for d in (1, 2, 3):
        P.move_die(s, 3, d, dp.WOUND)
    run_tasks(s, S.WoundStep(3))
    assert halted(s)
    assert s.zone[3][0] == dp.WOUND and s.track_p[2] == -1 and s.track_d[2] == -1
    assert s.game.state_from_snapshot(s.snapshot()).track_p == [-1, -1, -1, -1]
