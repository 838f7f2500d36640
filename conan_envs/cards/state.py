"""One position of Conan: el juego de cartas: the fields (base.py), the driver bound to them
(flow.py), and the dispatch of each decision to the module of the rulebook section that rules
it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from conan_envs.engine import TERMINAL
from conan_envs.engine.view import Decision

from . import (
    card_turn,
    diplomacy,
    encode,
    flow,
    hero_turn,
    hidden,
    labels,
    restore,
    setup,
    shares,
    text,
    view,
    wager,
)
from .base import Mask, Table
from .config import CardsConfig

MaskFn = Callable[[Table, Mask], None]
ApplyFn = Callable[[Table, str, int], None]

# decision -> (its legal mask, its apply); "ability" asks a `PROMPTS` entry as use / decline
DECISIONS: dict[str, tuple[MaskFn, ApplyFn]] = {
    "swap_offer": (setup.mask_swap_offer, setup.apply_swap_offer),
    "swap_answer": (setup.mask_swap_answer, setup.apply_swap_answer),
    "setup_challenge": (setup.mask_setup_challenge, setup.apply_setup_challenge),
    "setup_hero": (setup.mask_setup_hero, setup.apply_setup_hero),
    "card_play": (card_turn.mask_card_play, card_turn.apply_card_play),
    "hero_action": (hero_turn.mask_hero_action, hero_turn.apply_hero_action),
    "antagonist": (wager.mask_antagonist, wager.apply_antagonist),
    "bet_open": (wager.mask_bet_open, wager.apply_bet_open),
    "bet_reply": (wager.mask_bet_reply, wager.apply_bet_reply),
    "attribute": (wager.mask_attribute, wager.apply_attribute),
    "duel_attribute": (wager.mask_duel_attribute, wager.apply_duel_attribute),
    "resolution": (wager.mask_resolution, wager.apply_resolution),
    "diplomacy": (diplomacy.mask_diplomacy, diplomacy.apply_diplomacy),
    "deal_build": (diplomacy.mask_deal_build, diplomacy.apply_deal_build),
    "alliance_terms": (diplomacy.mask_alliance_terms, diplomacy.apply_alliance_terms),
    "answer": (diplomacy.mask_answer, diplomacy.apply_answer),
}

# once-per-game abilities (and the Priest's veto) asked as use / decline
PROMPTS: dict[str, Callable[[Table, bool], None]] = {
    "raider": flow.raider,
    "pillage": hero_turn.prompt_pillage,
    "mercenary": wager.prompt_mercenary,
    "rage": wager.prompt_rage_or_fury,
    "fury": wager.prompt_rage_or_fury,
    "sermon_break": shares.prompt_sermon_break,
    "veto": diplomacy.prompt_veto,
    "deal_break": diplomacy.prompt_deal_break,
}


class CardsState(Table):
    """A position: the fields of `Table` (kept in its slots), played through the rules."""

    def __init__(self, game: CardsConfig, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.init_fields()
        setup.deal_heroes(self)
        flow.advance(self)

    advance = flow.advance
    end_phase = flow.end_phase

    def current_player(self) -> int:
        return TERMINAL if self.winner != -1 else self.actor

    def _legal_mask(self) -> Mask:
        m = np.zeros(self.game.num_actions, dtype=bool)
        if self.dec == "ability":
            m[0] = True
            m[self.game.o["ability"]] = True
        else:
            DECISIONS[self.dec][0](self, m)
        return m

    def _apply(self, action: int) -> None:
        seg, i = self.game.codec.decode(action)
        self.acted = self.turn
        if self.dec == "ability":
            PROMPTS[self.prompt](self, seg == "ability")
        else:
            DECISIONS[self.dec][1](self, seg, i)

    def returns(self) -> list[float]:
        n = self.game.n
        if self.winner < 0:
            return [0.0] * n
        return [1.0 if p == self.winner else -1.0 for p in range(n)]

    def shaped_scores(self) -> list[float]:
        """Each Hero's DP as a share of the target, in [0, 1] (DP past the target count as 1)."""
        return [min(1.0, d / self.game.target) for d in self.dp]

    def decision(self) -> str:
        if self.winner != -1:
            return "game over"
        return f"ability {self.prompt}" if self.dec == "ability" else self.dec

    def _check_restored(self) -> None:
        restore.check(self)
        super()._check_restored()
        if not self.is_terminal() and not self.legal_action_mask().any():
            restore.fail("dec", "no legal action in the saved decision")

    def _view(self, role: int) -> dict[str, Any]:
        return view.board(self, role)

    def _decision(self, role: int) -> Decision:
        return view.decision(self, role)

    def _render(self, v: dict[str, Any]) -> str:
        return text.render(v)

    def observation(self, role: int) -> npt.NDArray[np.float32]:
        return encode.observe(self, role)

    def action_to_string(self, action: int) -> str:
        return labels.action_string(self, action)

    def resample_hidden(self, observer: int, rng: np.random.Generator) -> Table:
        return hidden.resample(self, observer, rng)
