"""The flat action space (docs/architecture.md, "The contract"): every decision of every
phase is one of these segments. Names follow the rulebook's words."""
from __future__ import annotations

from enum import IntEnum

from ..engine.codec import ActionCodec
from .content import CT_KINDS, FATE_KINDS, GODS, SYMBOLS, TRACKS, content
from .dicepool import MAX_DICE

VERBS = ("move", "move challenge token", "move fate token", "kingdom effect", "tribute",
         "sail", "advance pirate", "scry", "sorcery: place challenge token",
         "sorcery: cycle encounter", "trade fate token", "trade: cycle adventure", "thievery",
         "advance thief", "advance warrior", "fight temple of set", "take gold",
         "place challenge token", "pass", "unlock encounters")


class Verb(IntEnum):
    """The action a spent die takes (Main Phase: Perform an Action), in the order of VERBS."""
    V_MOVE = 0
    V_MOVE_CT = 1
    V_MOVE_FATE = 2
    V_KINGDOM = 3
    V_TRIBUTE = 4
    V_SAIL = 5
    V_PIRATE_ADV = 6
    V_SCRY = 7
    V_SORC_PLACE = 8
    V_SORC_CYCLE = 9
    V_TRADE = 10
    V_TRADE_CYCLE = 11
    V_THIEVERY = 12
    V_THIEF_ADV = 13
    V_WARRIOR_ADV = 14
    V_TEMPLE = 15
    V_GOLD = 16
    V_SKULL = 17
    V_PASS = 18
    V_UNLOCK = 19


(V_MOVE, V_MOVE_CT, V_MOVE_FATE, V_KINGDOM, V_TRIBUTE, V_SAIL, V_PIRATE_ADV, V_SCRY,
 V_SORC_PLACE, V_SORC_CYCLE, V_TRADE, V_TRADE_CYCLE, V_THIEVERY, V_THIEF_ADV, V_WARRIOR_ADV,
 V_TEMPLE, V_GOLD, V_SKULL, V_PASS, V_UNLOCK) = Verb
assert len(Verb) == len(VERBS)
NV = len(VERBS)

C = content()
TOKEN_TYPES = tuple(sorted({(C.ct[i][0], C.ct[i][1]) for i in range(len(C.ct))}))
TOKEN_TYPE_OF = [TOKEN_TYPES.index(C.ct[i]) for i in range(len(C.ct))]
CODEC = ActionCodec([
    ("act", [f"die {d}: {v}" for d in range(MAX_DICE) for v in VERBS]),
    ("die", [f"die {d}" for d in range(MAX_DICE)]),
    ("kingdom", C.kingdoms),
    ("fate", FATE_KINDS),
    ("god", GODS),
    ("slot", 4),
    ("player", 4),
    ("face", 6),
    ("token", [f"{CT_KINDS[k]} {v}" if v else CT_KINDS[k] for k, v in TOKEN_TYPES]),
    ("buy", ("primary die", "general die")),
    ("ach", [f"{how} {t}" for t in TRACKS for how in ("turn in 1 fate for", "turn in all fate for")]),
    ("fate_die", [f"fate {k} on die {d}" for d in range(MAX_DICE) for k in FATE_KINDS]),
    ("set_die", [f"set: die {d} to {s}" for d in range(MAX_DICE) for s in SYMBOLS[:11]]),
    ("bel_die", [f"bel: die {d} to thief" for d in range(MAX_DICE)]),
    ("ishtar_die", [f"ishtar: reroll die {d}" for d in range(MAX_DICE)]),
    ("ymir_die", [f"ymir: die {d} character as warrior" for d in range(MAX_DICE)]),
    ("mitra", 1),
    ("asura", ("adventure 0", "adventure 1", "adventure 2", "encounter 0", "encounter 1",
               "encounter 2")),
    ("zath", 1),
    ("ability", 1),
    ("give_gold", ("give 1 gold to partner",)),
    ("ibis", 1),
    ("free_roll", 1),
    ("use_extra_action", 1),
    ("use_kingdom_token", 1),
    ("plot_with_characters", 1),
    ("yes", 1),
    ("done", 1),
    ("symbol", SYMBOLS[:11]),
])
NUM_ACTIONS = CODEC.size
OFF = CODEC.offsets
