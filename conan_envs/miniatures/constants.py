"""Numbers and names shared by every rules module of the miniatures game (rulebook "Gems",
"The Heroes' Turn", "The Overlord's Turn"; the Book of Skelos from the facts file section 6,
its designed numbers recorded in docs/rulings/miniatures.md). The lowest module of the
package: it imports nothing from it.
"""
from __future__ import annotations

from enum import IntEnum

# Book of Skelos: activation cost printed above each of the 8 River slots (designed, ascending).
SLOT_COSTS = (1, 1, 2, 2, 3, 3, 4, 4)
MAX_ACTIVATIONS = 2        # River tiles the Overlord may activate in one turn
OVERLORD_GUARD_LIMIT = 2   # gems the Overlord may put on one Guard (designed exertion limit)
MOVE_BENEFIT_LIMIT = 2     # extra movement points one model may buy per activation (designed)
MAX_DICE = 16              # dice in one roll, at most (the `reroll` action segment's size)
SPACES = ("melee", "ranged", "guard", "manip", "move", "reroll")   # a hero's action spaces

# ---- the vocabulary of the view and of the decision record (view.py, encode.py) ----------
PHASE_NAMES = {"hide": "setup", "start": "setup", "stance": "stance", "action": "action",
               "overlord": "overlord", "overlord_done": "overlord"}
HERO_STATES = ("on the board", "dead", "fled")
STANCES = (None, "aggressive", "cautious")
# what a roll is for, by the rule that resolves it
ROLL_PURPOSE = {
    "hero_attack_rolled": "attack", "ally_attack_rolled": "attack",
    "unit_attack_rolled": "attack", "beyond_rolled": "attack from beyond",
    "defense_rolled": "guard", "hero_leap_rolled": "leap", "unit_leap_rolled": "leap",
    "ally_leap_rolled": "leap", "hero_fell": "falling damage", "unit_fell": "falling damage",
    "manip_rolled": "manipulation", "orb_rolled": "Explosive Orb", "spell_rolled": "spell",
    "unit_spell_rolled": "spell", "rocks_fell": "rocks fall",
    "barricade_hit": "attack on a barricade", "incanted": "incantation",
}
PURPOSES = tuple(sorted(set(ROLL_PURPOSE.values())))
ATTACKS = ("melee", "ranged", "area", "spell")
WHYS = ("chest", "door", "throw")
# scalar facts of a decision (None when they do not apply)
SCALARS = ("power", "gems", "attack_gems", "movement_points", "bought", "activations",
           "points", "left", "steps", "difficulty")
FLAGS = ("attacked", "held", "volley", "haste", "hit_barricade", "hit_character")

# where an object is (State.o_loc) besides an area (>= 0) or a hero's hands (-1 - hero)
OFF = -10                  # out of play: in the deck, discarded, not yet dropped
ESCAPED = -12              # carried off the board by a fleeing hero


class Space(IntEnum):
    """A hero's action space (index into State.spaces[h] and SPACES)."""

    MELEE = 0
    RANGED = 1
    GUARD = 2
    MANIP = 3
    MOVE = 4
    REROLL = 5


class Stance(IntEnum):
    """A hero's stance for the turn (State.stance)."""

    NONE = 0
    AGGRESSIVE = 1
    CAUTIOUS = 2


class HeroState(IntEnum):
    """Where a hero is (State.h_state)."""

    ON_BOARD = 0
    DEAD = 1
    FLED = 2


class Winner(IntEnum):
    """The side that won (State.winner; -1 while the game goes on)."""

    HEROES = 0
    OVERLORD = 1


class Side(IntEnum):
    """The side a character fights on."""

    HEROES = 0
    OVERLORD = 1
