"""Conan, the miniatures game: heroes against the Overlord (rulebook: conan-miniatures-heroes.txt).

Layers, lowest first (no module imports one above it): constants, content, records, steps,
frames (the decisions and continuations as frames on the engine's stack); layout, labels, game
(the static facts); data (the state's typed fields); the rules modules (movement, scenarios,
view, rolls, spellcards, combat, manipulation, allies, spells, ritual, overlord, heroes_turn);
encode, text, restore; state (the driver: a FlowState; each frame kind calls its rule as one
of its methods).
"""
from .game import MiniaturesGame
from .state import MiniaturesState

MiniaturesGame.state_class = MiniaturesState   # the game deals states of the class above it

__all__ = ["MiniaturesGame", "MiniaturesState"]
