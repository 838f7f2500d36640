"""What every game shares: the Game/State contract, dice and decks, region graphs, the
action codec, the one PettingZoo adapter and the single-agent Gymnasium wrapper."""
from .board import RegionGraph
from .codec import ActionCodec
from .content import load_yaml
from .core import TERMINAL, Game, State
from .dice import Die, draw, roll, roll1, shuffled
from .errors import ConanEnvError, ConfigError, CorruptStateError, IllegalActionError, ResetNeeded
from .serialize import serializable

__all__ = [
    "TERMINAL", "Game", "State", "RegionGraph", "ActionCodec", "Die", "draw", "roll", "roll1",
    "shuffled", "ConanEnvError", "ConfigError", "CorruptStateError", "IllegalActionError",
    "ResetNeeded", "serializable", "load_yaml",
]
