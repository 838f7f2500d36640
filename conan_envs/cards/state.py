"""One position of Conan: el juego de cartas: the fields (base.py), the driver bound to them
(flow.py), and the frames of its decisions (frames.py; each kind beside the rules of the
rulebook section that asks it) played on the engine's stack (engine/flow.py)."""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from conan_envs.engine.flow import Frame

from . import encode, flow, hidden, labels, restore, setup, text, view
from .base import Table
from .card_turn import CardPlay
from .config import CardsConfig
from .diplomacy import AllianceTerms, Answer, DealBreak, DealBuild, Diplomacy, Veto
from .frames import fail
from .hero_turn import HeroAction, Pillage
from .resolution import Fury, Rage, Resolution
from .setup import SetupChallenge, SetupHero, SwapAnswer, SwapOffer
from .shares import CompleteEnd, SermonBreak, WagerEnd
from .wager import Antagonist, Attribute, BetOpen, BetReply, DuelAttribute, Mercenary

# every frame of the game (the snapshot check of the stack admits these)
FRAMES: tuple[type[Frame[Any]], ...] = (
    SwapOffer, SwapAnswer, SetupChallenge, SetupHero, CardPlay, HeroAction, Antagonist, BetOpen,
    BetReply, Attribute, DuelAttribute, Resolution, Diplomacy, DealBuild, AllianceTerms, Answer,
    flow.Raider, Pillage, Mercenary, Rage, Fury, SermonBreak, Veto, DealBreak,
    WagerEnd, CompleteEnd)


class CardsState(Table):
    """A position: the fields of `Table` (kept in its slots), played through the rules."""

    FRAME_TYPES = FRAMES

    def __init__(self, game: CardsConfig, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.init_fields()
        setup.deal_heroes(self)
        self.advance()  # the stack is empty: the driver opens the Setup's Hero swaps

    _next_phase = flow.next_player  # the stack is empty: the next player in the phase
    end_phase = flow.end_phase

    def returns(self) -> list[float]:
        n = self.game.n
        if self.winner < 0:
            return [0.0] * n
        return [1.0 if p == self.winner else -1.0 for p in range(n)]

    def shaped_scores(self) -> list[float]:
        """Each Hero's DP as a share of the target, in [0, 1] (DP past the target count as 1)."""
        return [min(1.0, d / self.game.target) for d in self.dp]

    def _check_restored(self) -> None:
        restore.check(self)
        super()._check_restored()
        if not self.is_terminal() and not self.legal_action_mask().any():
            fail("stack", "no legal action in the saved decision")

    def _view(self, role: int) -> dict[str, Any]:
        return view.board(self, role)

    def _render(self, v: dict[str, Any]) -> str:
        return text.render(v)

    def observation(self, role: int) -> npt.NDArray[np.float32]:
        return encode.observe(self, role)

    def action_to_string(self, action: int) -> str:
        return labels.action_string(self, action)

    def resample_hidden(self, observer: int, rng: np.random.Generator) -> Table:
        return hidden.resample(self, observer, rng)
