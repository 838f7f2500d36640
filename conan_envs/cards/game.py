"""The Game of Conan: el juego de cartas (rulebook, "Overview"): its configuration and action
space (config.py) with the state class of its positions (state.py)."""
from __future__ import annotations

from .config import CardsConfig
from .state import CardsState


class CardsGame(CardsConfig):
    """2-4 players, `player_0`...; win on beginning one's Hero Turn with `target_dp` DP."""

    state_class = CardsState
