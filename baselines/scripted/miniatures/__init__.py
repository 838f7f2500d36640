"""Scripted agents for Conan, the miniatures game.

Overlord: activates the cheapest River tile that can reach a hero (each tile once a turn),
focuses the weakest hero, keeps the scenario's key characters (Zogar Sag, Zaporavo, Skuthus, the
Captain) on guard where they stand; Skuthus never leaves his tower: minions and reinforcements
guard him (Protected), a Blocking monster holds its post before him, and gems are kept back for
his Guard. In Hunting the Tigress the crew hunts Bêlit (minions by water, never leaping); in
Ophir's Gold it goes for Olivia's carrier; in The Final Ritual every group breaks the same
barricade and makes for the priestess; in the Pict village it keeps Guard gems for Zogar Sag
and goes for the hero carrying Yselda or the head. Both sides: a Sacrifice is made once the
attack power is known, only when the blow would hurt (always for a hero); an area attack strikes
the enemies first, then friends, the captive last.
Heroes: go for the scenario's objective (search huts for Yselda — the nearest first, every hero
a different hut, then from round 3 all together the huts farthest from the start, never paying
gems to walk into enemies on the way — while Conan hunts Zogar Sag, paying to reroll a blow
that falls short, and leaves the head to Hadrathus, who teleports it out of the crowd; carry the
captive and the head out at once, Yselda's carrier running for the edge before anything else,
dropping what slows the carrier; kill the named enemies; hold the priestess's enclosure and go
after an enemy who reaches her), attack what they can reach, keep gems back for Guard.

Plans (``scripted:plan=NAME``, `PLANS`; plans.py): ``block``, the heroes of In the Heart of
Darkness who fill Skuthus's tower so that no reinforcement can enter it to guard him, then
kill him (the heroes' seats of that scenario only).

The agents read the public board from `state` (never the Overlord's hidden hut choice or the
deck order); without a state they fall back to a simple preference over the mask.

`objective_scores` (value.py): the position value that counts each scenario's objective, for
searches (``mcts:...,value=objective``).
"""
from .base import Tactics
from .heroes import HeroTactics
from .overlord import OverlordTactics
from .plans import BlockHeroes
from .value import objective_scores

__all__ = ["PLANS", "BlockHeroes", "ScriptedAgent", "objective_scores"]


class ScriptedAgent(OverlordTactics, HeroTactics, Tactics):
    """One agent for every seat: the Overlord or any hero."""

    HANDLERS = {**HeroTactics.HANDLERS, **OverlordTactics.HANDLERS}


# other plans than the default (``scripted:plan=NAME``; baselines/scripted/__init__.py)
PLANS = {"block": BlockHeroes}
