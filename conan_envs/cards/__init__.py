"""Conan: el juego de cartas (rulebook: conan-card-game.txt) as the `cards_v2` rules core."""
from .game import CardsGame

__all__ = ["CardsGame"]
