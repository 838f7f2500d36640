"""Kings of Hyboria: the Game (static facts, options, the action codec).

Rulebook: kings-of-hyboria.txt. The rules are split by phase: setup.py (SET UP),
phases.py (FATE, HERO, WIZARD, RECRUIT), effects.py (the Heroic Actions and Wizard Magic
tables), move.py (MOVE), battle.py (BATTLE and its tables), plunder.py (PLUNDER, the
King's death); the decisions are frames on the engine's stack (frames.py: the phases, the
Divination offer; decisions.py: one class per decision kind); fields.py declares the
state's fields and records (Battle, Task); state.py holds the shared machinery (units,
dice, Divination rerolls).
"""
from __future__ import annotations

from typing import Any

from ..engine import ConfigError, Game
from ..engine.core import Mask
from ..engine.options import Bool, Choice, Int, max_turns
from . import content as C
from .actions import make_codec
from .encode import block_offsets, board_positions, board_size, observation_size
from .frames import Ask
from .state import KingsState

VICTORIES = ("most_countries", "last_king")
CONQUEST = 8  # the designed conquest goal (docs/rulings/kings.md, "Victory")


class KingsGame(Game):
    """Options: num_players (2-4); max_turns (rounds; default 60); victory:
    "most_countries" (default: the game ends after max_turns rounds and the King holding
    the most whole countries wins) or "last_king" (the max_turns cap truncates the game);
    conquest (default 8: that many whole countries held at the end of a King's turn win at
    once; 0: off); pretender (default True: a King slain with no Hero heir is replaced by a
    unit of the stack his player picks). In every mode the game ends when one King is
    left. The designed parts are argued in docs/rulings/kings.md."""

    env_id = "kings_v2"
    OPTIONS = {
        "num_players": Int(2, "number of Kings", lo=2, hi=4),
        "max_turns": max_turns(60, "rounds", allow_none=True),
        "victory": Choice("most_countries", "how the game is won", choices=VICTORIES),
        "pretender": Bool(True, "a King slain with no Hero to succeed him is replaced by "
                          "another unit of the stack his player picks (False: that player "
                          "is out)"),
        "conquest": Int(CONQUEST, "whole countries that win at once, held at the end of "
                        "their King's turn (0: no such goal)", lo=0, hi=len(C.COUNTRIES)),
    }
    state_class = KingsState

    def _setup(self) -> None:
        n = self.config["num_players"]
        cap = self.config["max_turns"]
        if cap is None and self.config["victory"] == "most_countries":
            raise ConfigError("kings_v2: victory 'most_countries' needs max_turns (rounds)")
        self.num_players = n
        self.roles = tuple(f"player_{i}" for i in range(n))
        self.codec = make_codec(n)
        self.num_actions = self.codec.size
        self._obs_size = observation_size(n)
        self.obs_at = block_offsets(n)  # where each observation block starts
        self.board_size = board_size(n)  # the board part of an observation
        self.board_upos, self.board_opos = board_positions(n)
        self.seats = tuple(tuple((role + k) % n for k in range(n)) for role in range(n))
        # made once and shared by the states (read-only): legal masks by action list, the
        # observation's players block by what it is made from, decision frames (frozen) by
        # kind, actor and legal actions
        self.masks: dict[tuple[int, ...], Mask] = {}
        self.obs_players: dict[tuple[Any, ...], Any] = {}
        self.frames: dict[tuple[Any, ...], Ask] = {}

    def observation_shape(self, role: int) -> tuple[int, ...]:
        return (self._obs_size,)
