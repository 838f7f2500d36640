"""Conan, the miniatures game: heroes against the Overlord (rulebook: conan-miniatures-heroes.txt)."""
from .game import MiniaturesGame

__all__ = ["MiniaturesGame"]
