"""Issue 30 for kings_v2: tokens that belong to one counter (the Relic to its Wizard, the
Battle Plan to its Hero), the turn-long effects in the view, text board and observation, the
`back` step of a move order, and what the log and prompts say (each battle round's dice and
casualties, targetless effects, the unit crowned). Positions are built with the position
builder and played through public moves."""
import json

import numpy as np

from conan_envs import make_game
from conan_envs.kings.actions import BACK
from conan_envs.kings.fields import Task
from conan_envs.kings.move import MAX_BACKS

from .helpers import (
    COUNT0,
    DONE,
    A,
    Dice,
    H,
    K,
    W,
    blank,
    hero_roll,
    play,
    put,
    region,
    rid,
    start,
    unit,
    units,
    wizard_roll,
)


def finish_turn(s, player):
    """Decline every choice left in `player`'s turn (no recruit, no move, stay)."""
    while not s.is_terminal() and s.current_player() == player and s.me() == player:
        play(s, DONE if DONE in s.legal_actions() else s.legal_actions()[0])


def without_log(view):
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True)


# ---- the Relic belongs to the Wizard --------------------------------------------------------
def test_the_relic_dies_with_the_wizard_that_forged_it():
    """WIZARD MAGIC TABLE: "3 Forge/Discover Artifact — Wizard gets Relic Token"; notes: "A
    Wizard with a Relic Token may roll an extra time on this table." The Relic is that
    Wizard's: once he is assassinated, the player's other Wizard has no extra roll."""
    s = blank()
    put(s, "Nemedia", 0, W, 2)
    put(s, "Nemedia", 0, A)
    put(s, "Brythunia", 1, H)
    # player 0: the first Wizard forges a Relic (3), the second's pursuits are frivolous
    # (19); player 1's Hero assassinates (2) a Wizard in Nemedia: the one with the Relic
    # (his choice); player 0's next turn: the remaining Wizard rolls once (19), no more
    dice = Dice(3, 19, 2, 19, then=True)
    start(s, "wizard", dice, [["Nemedia", W], ["Nemedia", W]])
    assert s.relics == [1, 0] and s.relic[rid("Nemedia") * 2] == 1
    finish_turn(s, 0)
    assert s.me() == 1 and s.decision() == "target_region"
    play(s, region("Nemedia"))  # a Wizard is the only target type there
    assert "bearing a Relic" in s.view(1)["log"][-1]
    assert units(s, "Nemedia", 0) == {"army": 1, "wizard": 1} and s.relics == [0, 0]
    finish_turn(s, 1)
    assert s.me() == 0
    assert dice.sides[:4] == [20] * 4 and s.decision() != "relic_roll"
    assert s.decision() == "recruit"  # the Wizard Phase is over after one roll


def test_the_bearer_keeps_his_extra_roll_and_carries_the_relic_where_he_moves():
    """"A Wizard with a Relic Token may roll an extra time": the Relic goes where its
    Wizard goes (the mover says which Wizards move), and only there is the extra roll."""
    s = blank()
    put(s, "Nemedia", 0, W, 2)
    s.give_relic("Nemedia", 0)
    start(s, "move", then=True)
    play(s, region("Nemedia"), region("Corinthia"))
    assert s.decision() == "move_count"
    play(s, COUNT0)  # one Wizard moves: which one?
    assert s.decision() == "move_marked"
    assert s.legal_actions() == [DONE, COUNT0, BACK]
    names = {s.action_to_string(a) for a in s.legal_actions()}
    assert names == {"no Wizard bearing a Relic", "1 bearing a Relic", "back"}
    prompt = s.view(0)["decision"]["prompt"]
    assert "1 Wizard unit(s) go from Nemedia to Corinthia" in prompt and "bear a Relic" in prompt
    play(s, COUNT0)  # the bearer goes
    assert s.relic[rid("Corinthia") * 2] == 1 and s.relic[rid("Nemedia") * 2] == 0
    view = s.view(0)
    assert view["regions"][rid("Corinthia")]["relics"] == {"player_0": 1}
    assert "player_0: 1 Relic" in str(s)


def test_casualties_are_the_owners_choice_and_spare_the_relic_bearer():
    """"The defender chooses which of his units are destroyed": a Wizard lost in battle is
    the one without the Relic while there is one."""
    s = blank()
    put(s, "Koth", 0, W, 2)
    s.give_relic("Koth", 0)
    put(s, "Koth", 1, A)
    # the Wizards' spells: Preparations; their attacks miss (1, 1); the Army hits (8): a
    # Wizard is lost; in round 2 the Wizard left hits (10) before the Army strikes
    dice = BattleDice(d10=(1, 1, 8))
    s.load_dice(dice.roll)
    s.begin("battle")
    assert units(s, "Koth", 0) == {"wizard": 1} and units(s, "Koth", 1) == {}
    assert s.relics == [1, 0] and s.relic[rid("Koth") * 2] == 1


def test_the_relic_roll_of_a_bearer_that_forged_a_second_relic_is_still_one():
    """"A Wizard with a Relic Token may roll an extra time": a bearer who forges again is
    still one Wizard with a Relic Token."""
    s = blank()
    put(s, "Nemedia", 0, W)
    s.give_relic("Nemedia", 0)
    start(s, "hero", Dice(3, 19, then=True))  # no Hero: the Wizard Phase at once
    assert s.decision() == "relic_roll" and s.relics == [1, 0]
    assert "already bears a Relic" in s.view(0)["log"][-1]


# ---- the Battle Plan belongs to the Hero ----------------------------------------------------
class BattleDice:
    """The D20s from a script (then Preparations, 20); every Battle Action a Rally that
    finds nothing (3); every attack a 10 once the scripted D10s (`d10`) are used."""

    def __init__(self, *d20, d10=()):
        self.d20, self.d10 = list(d20), list(d10)
        self.sides = []

    def roll(self, sides):
        self.sides.append(sides)
        if sides == 20:
            return self.d20.pop(0) if self.d20 else 20
        if sides == 10 and self.d10:
            return self.d10.pop(0)
        return {6: 3, 10: 10}[sides]


def test_the_battle_plan_is_the_heros_that_rolled_it():
    """HEROIC ACTIONS TABLE: "12 Battle Plan — Hero may make 1 extra roll on the Battle
    Action Table". The King rolls it: in the King's battle two Battle Action rolls, in the
    other Hero's battle (the same turn) one."""
    s = blank()
    put(s, "Koth", 0, K)
    put(s, "Koth", 2, A)  # neutral Armies
    put(s, "Nemedia", 0, H)
    put(s, "Nemedia", 2, A)
    dice = BattleDice(12, 20)  # the King: Battle Plan; the Hero: Carousing
    s.load_dice(dice.roll)
    s.begin("hero", rolls=[("Koth", "king"), ("Nemedia", "hero")])
    assert s.king_plan and not any(s.plan)
    view = s.view(0)
    assert view["turn_effects"]["king_battle_plan"] is True
    assert s.decision() == "move_from"
    play(s, DONE)
    fought = dice.sides[2:7]  # the battles: Koth (region 35) first, then Nemedia (40)
    assert fought == [6, 6, 10, 6, 10], fought
    assert units(s, "Koth", 2) == {} and units(s, "Nemedia", 2) == {}


def test_a_heros_battle_plan_goes_where_that_hero_goes():
    """"Hero may make 1 extra roll": the Hero that rolled Battle Plan carries it into the
    battle he moves to; his fellow Hero who stays home has none."""
    s = blank()
    put(s, "Nemedia", 0, H, 2)
    put(s, "Nemedia", 2, A)
    put(s, "Corinthia", 2, A)
    dice = BattleDice(12, 20)
    s.load_dice(dice.roll)
    s.begin("hero", rolls=[("Nemedia", "hero"), ("Nemedia", "hero")])
    assert s.plan[rid("Nemedia")] == 1
    play(s, region("Nemedia"), region("Corinthia"), COUNT0)
    assert s.decision() == "move_marked"
    play(s, COUNT0)  # the Hero with the Battle Plan goes
    assert s.plan[rid("Corinthia")] == 1 and s.plan[rid("Nemedia")] == 0
    play(s, DONE)  # end the Move Phase
    # Corinthia (21) is fought first: two Battle Actions; Nemedia: one
    assert dice.sides[2:7] == [6, 6, 10, 6, 10]


# ---- turn-long effects in the view, the text board and the observation ----------------------
def test_turn_long_effects_are_on_the_board_not_only_in_the_log():
    """HEROIC ACTIONS TABLE: "3 Forced March — Stack gains Move Rating +1", "4 Recruit — Make
    an extra recruit roll in this Territory", "6 Long Journey — Hero gets Move Rating +2",
    "12 Battle Plan — Hero may make 1 extra roll on the Battle Action Table": a player at the
    table sees them on the board all turn. A copy that rolled Carousing (14) differs in the
    observation and the view (its log aside)."""
    def after(v):
        s = blank()
        put(s, "Nemedia", 0, H)
        put(s, "Nemedia", 0, A)
        hero_roll(s, "Nemedia", v)
        assert s.decision() == "recruit"
        return s

    carousing = after(14)
    keys = {3: "move_bonus", 4: "recruit_bonus", 6: "long_journey", 12: "battle_plan"}
    for v, key in keys.items():
        s = after(v)
        assert not np.array_equal(s.observation(0), carousing.observation(0)), key
        assert not np.array_equal(s.observation(1), carousing.observation(1)), key
        assert without_log(s.view(1)) != without_log(carousing.view(1)), key
        assert s.view(1)["turn_effects"]["regions"]["Nemedia"] == {key: 1}
        assert "This turn (player_0): Nemedia:" in str(s)
    assert carousing.view(0)["turn_effects"]["regions"] == {}
    # RECRUIT PHASE: "For each country you completely control, roll once": the roll is
    # owed during the phase, and gone once the phase ends
    assert carousing.view(0)["turn_effects"]["country_rolls"] == ["Nemedia"]
    play(carousing, DONE)
    assert carousing.decision() == "move_from"
    assert carousing.view(0)["turn_effects"]["country_rolls"] == []
    # Demonic Steeds ("Stack gains Move Rating +2") likewise
    s = blank()
    put(s, "Nemedia", 0, W)
    wizard_roll(s, "Nemedia", 10)
    assert s.view(0)["turn_effects"]["regions"]["Nemedia"] == {"move_bonus": 2}


# ---- back ---------------------------------------------------------------------------------
def test_a_move_order_is_taken_back_step_by_step_until_units_move():
    s = blank()
    put(s, "Koth", 0, A, 3)
    put(s, "Koth", 0, H)
    start(s, "move")
    before = (s.observation(0).copy(), s.legal_actions(), without_log(s.view(0)))
    assert BACK not in s.legal_actions()  # nothing to take back yet
    play(s, region("Koth"))
    assert s.decision() == "move_unit" and s.legal_actions()[-1] == BACK
    play(s, unit(A))
    assert s.decision() == "move_to" and BACK in s.legal_actions()
    play(s, region("Shem"))
    assert s.decision() == "move_count" and BACK in s.legal_actions()
    play(s, BACK)  # back to the destination
    assert s.decision() == "move_to" and s.view(0)["decision"]["context"]["unit"] == "Army"
    play(s, BACK)  # back to the unit type
    assert s.decision() == "move_unit"
    play(s, BACK)  # back to the region: nothing of the order is left
    assert s.decision() == "move_from"
    assert (s.observation(0).tobytes(), s.legal_actions(), without_log(s.view(0))) == \
        (before[0].tobytes(), before[1], before[2])
    play(s, region("Koth"), unit(A), region("Shem"), COUNT0 + 1)
    assert units(s, "Shem", 0) == {"army": 2}  # the order, once carried out, stands
    assert BACK not in s.legal_actions()


def test_back_from_the_destination_skips_a_unit_question_never_asked():
    s = blank()
    put(s, "Koth", 0, A)
    start(s, "move")
    play(s, region("Koth"))
    assert s.decision() == "move_to"  # one unit type: no unit question
    play(s, BACK)
    assert s.decision() == "move_from" and s.task == Task(sources=[rid("Koth")], backs=1)


# ---- the log and the prompts --------------------------------------------------------------
def test_each_battle_round_logs_its_attack_dice_and_casualties():
    """BATTLE PHASE: "For each attack roll 1D10. If the roll is equal to or higher than the
    Attack Rating of the unit attacking, one casualty is inflicted." Each round's dice and
    losses are in the log, not only the battle's end."""
    s = blank()
    put(s, "Koth", 0, A, 2)
    put(s, "Koth", 2, A, 2)
    # round 1: player 0's Armies roll 9 and 3 (one hit), the neutral Armies 2 and 1
    start(s, "battle", (9, 3, 2, 1, 10, 10), then=True)
    log = s.view(0)["log"]
    assert "Battle in Koth, round 1" in log
    assert "Attacks at initiative 1: player_0's Army roll 9, 3 (need 8): 1 hit; neutral's " \
           "Army roll 2, 1 (need 8): 0 hits" in log
    assert "Casualties: neutral loses 1 Army" in log
    assert "Battle in Koth, round 2" in log


def test_the_new_king_prompt_says_which_unit_is_crowned():
    """PLUNDER PHASE: "If your King is killed, one of your other Heroes becomes the new
    king": the prompt and the choices name the unit crowned in each region."""
    s = blank()
    put(s, "Koth", 0, K)
    put(s, "Shem", 0, H)
    put(s, "Nemedia", 0, H)
    s.kill(rid("Koth"), 0, K)
    start(s, "plunder")
    assert s.decision() == "new_king"
    d = s.view(0)["decision"]
    assert d["context"]["heirs"] == {"Nemedia": "Hero", "Shem": "Hero"}
    assert "the Hero in Nemedia, the Hero in Shem" in d["prompt"]
    assert {s.action_to_string(a) for a in s.legal_actions()} == {
        "crown the Hero in Nemedia", "crown the Hero in Shem"}


def test_the_pretender_prompt_names_the_unit_too():
    s = blank()
    put(s, "Koth", 0, K)
    put(s, "Shem", 0, A)
    put(s, "Nemedia", 0, W)
    s.kill(rid("Koth"), 0, K)
    start(s, "plunder")
    assert s.view(0)["decision"]["context"]["heirs"] == {"Nemedia": "Wizard", "Shem": "Army"}


def test_adventure_and_assassination_with_no_target_say_what_happened():
    """HEROIC ACTIONS TABLE: "5 Adventure — Kill Monster in adjacent Territory or Gain 1
    Gold"; "2 Assassination — Kill Hero or Wizard in adjacent Territory"."""
    s = blank()
    put(s, "Nemedia", 0, H)
    hero_roll(s, "Nemedia", 5)
    assert s.gold == [1, 0]
    assert "Adventure: no Monster in an adjacent territory: player_0 gains 1 Gold (now 1)" \
        in s.view(1)["log"]
    s = blank()
    put(s, "Nemedia", 0, H)
    hero_roll(s, "Nemedia", 2)
    assert "Assassination: no enemy Hero, Wizard or King next to Nemedia; nothing happens" \
        in s.view(1)["log"]


# ---- the view/observation contract over these positions ------------------------------------
def test_equal_observations_iff_equal_views_over_tokens_and_turn_effects():
    """tests/test_views.py's contract (equal observations <=> equal views, the log aside)
    over positions that differ only in a turn-long effect, a Relic's place, the count of a
    `move_marked` question or the unit a new King would be."""
    states = []
    for v in (3, 4, 6, 12, 14):  # Forced March, Recruit, Long Journey, Battle Plan, Carousing
        for t in (H, K):
            s = blank()
            put(s, "Nemedia", 0, t)
            put(s, "Nemedia", 0, A)
            hero_roll(s, "Nemedia", v, t=t)
            states.append(s)
    for v in (10, 19):  # Demonic Steeds, Frivolous Pursuits
        s = blank()
        put(s, "Nemedia", 0, W)
        states.append(wizard_roll(s, "Nemedia", v))
    for where in ("Nemedia", "Corinthia"):  # a Relic here or there
        s = blank()
        put(s, "Nemedia", 0, W)
        put(s, "Corinthia", 0, W)
        s.give_relic(where, 0)
        states.append(start(s, "move"))
    for k in (2, 3):  # how many Wizards move: the question's count
        s = blank()
        put(s, "Nemedia", 0, W, 4)
        s.give_relic("Nemedia", 0, 2)
        start(s, "move")
        states.append(play(s, region("Nemedia"), region("Corinthia"), COUNT0 + k - 1))
        assert s.decision() == "move_marked"
    for heir in (W, A):  # the unit a new King would be (no Hero left: a pretender)
        s = blank()
        put(s, "Koth", 0, K)
        put(s, "Shem", 0, heir)
        put(s, "Nemedia", 0, A)
        s.kill(rid("Koth"), 0, K)
        states.append(start(s, "plunder"))
    game = states[0].game
    by_obs, by_view = {}, {}
    for s in states:
        for r in range(2):
            obs, view = s.observation(r).tobytes(), without_log(s.view(r))
            assert by_obs.setdefault(obs, view) == view, "equal observations, different views"
            assert by_view.setdefault(view, obs) == obs, "equal views, different observations"
    assert len(by_view) > 20 and game.env_id == "kings_v2"


def test_a_long_journey_is_the_heros_that_rolled_it_too():
    """"6 Long Journey — Hero gets Move Rating +2" and "12 Battle Plan — Hero may make 1
    extra roll": two Heroes each roll one. The one that leaves by a short way without the
    Battle Plan is the one on the Long Journey: the Hero left behind holds the Battle Plan
    and has no +2."""
    def two_heroes():
        s = blank()
        put(s, "Koth", 0, H, 2)
        s.load_dice(BattleDice(12, 6).roll)
        s.begin("hero", rolls=[("Koth", "hero"), ("Koth", "hero")])
        assert s.plan[rid("Koth")] == 1 and s.journey[rid("Koth")] == 1
        play(s, DONE)  # no recruit roll
        play(s, region("Koth"))
        far = set(s.legal_actions())
        play(s, region("Shem"), COUNT0)  # one Hero to Shem, next door
        assert s.decision() == "move_marked"
        return s, far

    s, far = two_heroes()
    play(s, DONE)  # the Hero without the Battle Plan: the one on the Long Journey
    assert s.journey[rid("Koth")] == 0 and s.plan[rid("Koth")] == 1
    play(s, region("Koth"))
    near = set(s.legal_actions())
    assert near < far  # the Hero left has Move 2 only
    s, _ = two_heroes()
    play(s, COUNT0)  # the Hero with the Battle Plan goes; the Long Journey stays
    assert s.journey[rid("Koth")] == 1 and s.plan[rid("Shem")] == 1
    play(s, region("Koth"))
    assert set(s.legal_actions()) == far


def test_take_backs_are_bounded_so_every_move_phase_ends():
    """A move order can be taken back step by step, but at most MAX_BACKS times in a Move
    Phase: an agent that always takes its orders back still comes to the end of its turn."""
    game = make_game("kings_v2")
    state = game.new_initial_state(0)
    back = BACK
    rng = np.random.default_rng(0)
    taken = 0
    for _ in range(20_000):
        if state.is_terminal() or state.is_truncated():
            break
        legal = state.legal_actions()
        if back in legal:  # always take back, and never say done where anything else is legal
            state.apply_action(back)
            taken += 1
            continue
        ahead = [a for a in legal if a != DONE] or legal
        state.apply_action(ahead[int(rng.integers(len(ahead)))])
    assert taken >= MAX_BACKS
    assert state.is_terminal() or state.is_truncated()
