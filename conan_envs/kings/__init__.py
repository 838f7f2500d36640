"""Kings of Hyboria (rulebook: kings-of-hyboria.txt): a territory wargame for 2-4 Kings."""
from .game import KingsGame

__all__ = ["KingsGame"]
