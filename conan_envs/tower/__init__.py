"""The Tower of the Elephant (rulebook: tower-of-the-elephant.txt): solo mode and Battle Mode."""
from .game import TowerGame

__all__ = ["TowerGame"]
