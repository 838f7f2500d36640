"""The Adventures of Conan (rulebook: adventures-of-conan.txt)."""
from .game import AdventuresGame

__all__ = ["AdventuresGame"]
