"""The flat action space of Kings of Hyboria (one layout for every decision):

    done | reroll | region x56 | unit x8 | count 1..30 | result (Wizard Magic 1-19) | back
    | player

`done` ends or declines (keep a roll, stop recruiting or moving, stay in battle, take the
Gold); `reroll` discards a Divination; `back` undoes the last step of a move order not yet
carried out (kings_v2). The player segment comes last so that every other offset is the
same for any number of players.
"""
from __future__ import annotations

from ..engine import ActionCodec
from . import content as C

MAX_COUNT = 30  # the largest chit limit: how many units one move order may take
DONE, REROLL, REGION0 = 0, 1, 2
UNIT0 = REGION0 + C.NUM_REGIONS
COUNT0 = UNIT0 + C.NUM_TYPES
RESULT0 = COUNT0 + MAX_COUNT
BACK = RESULT0 + 19
PLAYER0 = BACK + 1


def make_codec(num_players: int) -> ActionCodec:
    codec = ActionCodec([
        ("done", 1),
        ("reroll", 1),
        ("region", C.REGIONS),
        ("unit", C.UNIT_NAMES),
        ("count", tuple(range(1, MAX_COUNT + 1))),
        ("result", tuple(C.WIZARD_MAGIC_TEXT[1:20])),
        ("back", 1),
        ("player", tuple(f"player_{i}" for i in range(num_players))),
    ])
    assert codec.offsets["player"] == PLAYER0 and codec.offsets["back"] == BACK
    return codec
