"""What every game shares: the Game/State contract, decks, region graphs, the
action codec, the one PettingZoo adapter and the single-agent Gymnasium wrapper."""
from .board import RegionGraph
from .codec import ActionCodec
from .content import load_yaml
from .core import TERMINAL, Game, State
from .dice import draw, shuffled
from .errors import ConanEnvError, ConfigError, CorruptStateError, IllegalActionError, ResetNeeded
from .serialize import serializable

__all__ = [
    "TERMINAL", "Game", "State", "RegionGraph", "ActionCodec", "draw", "shuffled",
    "ConanEnvError", "ConfigError", "CorruptStateError", "IllegalActionError", "ResetNeeded",
    "serializable", "load_yaml",
]
