"""Scripted agents for Conan, the miniatures game.

Overlord: activates the cheapest River tile that can reach a hero, focuses the weakest hero,
keeps the scenario's key characters (Zogar Sag, Zaporavo, Skuthus, the Captain) on guard where
they stand, guards when an attack would hurt, reinforces towards the heroes.
In The Final Ritual every group marches on the priestess, breaking a barricade on the way.
Heroes: go for the scenario's objective (search huts for Yselda — every hero a different hut —
while Conan hunts Zogar Sag and Hadrathus teleports the head out of the crowd; carry the
captive and the head out at once; kill the named enemies; hold the priestess's enclosure),
attack what they can reach, keep gems back for Guard.

The agents read the public board from `state` (never the Overlord's hidden hut choice or the
deck order); without a state they fall back to a simple preference over the mask.
"""
from .base import Tactics
from .heroes import HeroTactics
from .overlord import OverlordTactics


class ScriptedAgent(OverlordTactics, HeroTactics, Tactics):
    """One agent for every seat: the Overlord or any hero."""
