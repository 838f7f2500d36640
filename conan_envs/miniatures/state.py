"""One position of a game of Conan (rulebook "Game Play": the heroes' turn, then the
Overlord's, until a side completes its objective).

Decisions are frames on `self.stack` (typed records, frames.py); the top frame names the
decision and the player asked. When the stack empties, the turn structure moves on
(heroes_turn / overlord). The dispatch tables are in kinds.py.
"""
from __future__ import annotations

from typing import Any, cast

import numpy as np

from conan_envs.engine import TERMINAL
from conan_envs.engine.core import Mask
from conan_envs.engine.view import Decision

from . import combat, encode, heroes_turn, labels, overlord, restore, scenarios
from . import text as mtext
from . import view as mview
from .constants import OFF
from .data import MiniaturesData
from .frames import Frame, Hide, Resolution, Then
from .game import MiniaturesGame
from .kinds import AUTO, CONT, KINDS


class MiniaturesState(MiniaturesData):
    # _pre: the mask _advance already built for the decision it stopped at (not state data)
    _TRANSIENT = MiniaturesData._TRANSIENT + ("_pre",)

    def __init__(self, game: MiniaturesGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self._pre: Mask | None = None
        g = game
        sc = g.scenario
        nh = g.num_heroes
        b = g.board
        self.phase = "start"
        self.winner = -1          # 0 heroes, 1 Overlord
        self.stack: list[Frame] = []
        self.h_area = list(g.hero_start)
        self.h_state = [0] * nh   # 0 on the board, 1 dead, 2 fled
        self.reserve = [hs.life for hs in g.heroes]
        self.fatigue = [0] * nh
        self.wounds = [0] * nh
        self.life = [hs.life for hs in g.heroes]   # gems a hero owns (Gift of Life moves some)
        self.flying = [False] * nh                 # Borne by the Wind, until the end of the turn
        for h in range(nh):
            moved = min(sc["gems_to_fatigue"], self.reserve[h])
            self.reserve[h] -= moved
            self.fatigue[h] += moved
        self.spaces = [[0] * 6 for _ in range(nh)]
        self.spell_gems = [[0] * len(g.spells) for _ in range(nh)]
        self.ally_gems = [0] * nh
        self.stance = [0] * nh    # 1 aggressive, 2 cautious
        self.mp = [0] * nh
        self.moved = [False] * nh
        self.halo = [g.spells[g.spell_index["mitras_halo"]].armor if g.halo_cast[h] else 0
                     for h in range(nh)]
        self.idle = 0             # hand-overs since the last hero action
        self.stopped = [False] * nh
        self.dead_heroes = 0
        self.u_area = []
        self.u_life = []
        self.u_halo = []
        for _t, tile in enumerate(g.tiles):
            for k in range(tile.models):
                on_board = k < len(tile.start) and not tile.petrified
                self.u_area.append(b.index[tile.start[k]] if on_board else -1)
                self.u_life.append(tile.life)
                self.u_halo.append(tile.halo)
        self.u_done = [False] * g.num_models
        self.u_attacked = [[] for _ in range(g.num_models)]   # Fascination: whom it attacked
        # spell marks on models: Magical Dizziness, Set's Possession (held / Blocking lost)
        self.u_dizzy = [0] * g.num_models
        self.u_held = [False] * g.num_models
        self.u_noblock = [False] * g.num_models
        # petrified monsters: statues, not characters, until an event frees them
        self.petrified = [t for t, tile in enumerate(g.tiles) if tile.petrified]
        self.o_loc = []
        for where in g.object_start:
            self.o_loc.append(-1 - where[1] if where[0] == "hero" else
                              where[1] if where[0] == "area" else OFF)
        deck = [o for o, where in enumerate(g.object_start) if where[0] == "deck"]
        self.deck = [deck[i] for i in self.rng.permutation(len(deck)).tolist()]
        self.chests = list(g.chest_areas)
        self.broken = set()
        ov = sc["overlord"][nh]
        self.ov_reserve, self.ov_fatigue, self.recovery = int(ov[0]), int(ov[1]), int(ov[2])
        self.river = list(g.river_start)
        self.bar_life = [g.barricade_life] * len(g.barricades)
        self.relics = list(g.relic_start)
        self.invocation = g.invocation
        self.searched = [False] * g.num_areas
        for a in self.h_area:
            self.searched[a] = True
        self.yselda_hut = -1
        if g.objective == "clutches":   # Yselda's hut is the Overlord's secret
            self.phase = "hide"
            self.stack.append(Hide(g.overlord))
        self._advance()

    # ---- turn structure --------------------------------------------------------------------
    def _advance(self) -> None:
        """Move the turn structure on until a player has a real choice to make."""
        while True:
            heroes_turn.fix_active(self)
            scenarios.check(self)
            if self.winner >= 0:
                return
            if not self.stack:
                self._next_phase()
                continue
            fr = self.stack[-1]
            if type(fr) not in AUTO:
                return
            mask = self._build_mask()
            if np.count_nonzero(mask) != 1:
                self._pre = mask
                return
            seg, i = self.game.codec.decode(int(mask.argmax()))
            KINDS[type(fr)][1](self, fr, seg, i)

    def _next_phase(self) -> None:
        if self.game.overlord_first:
            self._next_phase_overlord_first()
            return
        if self.phase in ("hide", "overlord_done", "start"):
            if self.phase == "overlord_done":
                self.turn += 1
                scenarios.round_over(self)
                if self.winner >= 0:
                    return
            heroes_turn.start_phase(self)
        elif self.phase == "stance":
            heroes_turn.begin_action_phase(self)
        elif self.phase == "action":
            heroes_turn.end_phase(self)
            overlord.begin_turn(self)
        elif self.phase == "overlord":
            self.phase = "overlord_done"

    def _next_phase_overlord_first(self) -> None:
        """The Final Ritual: each round the Overlord's turn comes first, then the heroes'."""
        if self.phase in ("start", "action"):
            if self.phase == "action":
                heroes_turn.end_phase(self)
                self.turn += 1
                scenarios.round_over(self)
                if self.winner >= 0:
                    return
            overlord.begin_turn(self)
        elif self.phase == "overlord":
            heroes_turn.start_phase(self)
        elif self.phase == "stance":
            heroes_turn.begin_action_phase(self)

    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return self.stack[-1].player

    def _legal_mask(self) -> np.ndarray:
        pre: Mask | None = getattr(self, "_pre", None)   # absent in a state being restored
        if pre is not None:
            self._pre = None
            return pre
        return self._build_mask()

    def _build_mask(self) -> np.ndarray:
        codec = self.game.codec
        mask = codec.empty_mask()
        fr = self.stack[-1]
        KINDS[type(fr)][0](self, fr, mask, codec)
        return mask

    def _apply(self, action: int) -> None:
        self._pre = None
        seg, i = self.game.codec.decode(action)
        fr = self.stack[-1]
        KINDS[type(fr)][1](self, fr, seg, i)
        self._advance()

    def resume(self, then: Then, c: Resolution) -> None:
        """Go on with the rules once a roll or an attack is resolved (kinds.CONT)."""
        CONT[then](self, c)

    def decision(self) -> str:
        return "game over" if self.winner >= 0 else self.stack[-1].KIND.value

    @property
    def frame(self) -> Frame | None:
        """The pending decision (a typed record of frames.py; None once the game is over).
        Read it, never change it: the rules own it."""
        return None if self.winner >= 0 else self.stack[-1]

    def returns(self) -> list[float]:
        n = self.game.num_roles
        if self.winner < 0:
            return [0.0] * n
        hero = 1.0 if self.winner == 0 else -1.0
        return [hero] * (n - 1) + [-hero]

    def shaped_scores(self) -> list[float]:
        """Optional shaped reward: the heroes gain for every Overlord model killed and lose for
        wounds and dead heroes; the Overlord scores the opposite."""
        tiles, mt = self.game.tiles, self.game.model_tile
        killed = sum(1 for m, life in enumerate(self.u_life) if life <= 0 and not tiles[mt[m]].ally)
        hero = 0.05 * killed - 0.05 * sum(self.wounds) - 0.2 * self.dead_heroes
        return [hero] * (self.game.num_roles - 1) + [-hero]

    def observation(self, role: int) -> np.ndarray:
        return encode.observe(self, role)

    def action_to_string(self, a: int) -> str:
        return labels.label(self, a)

    def _view(self, role: int) -> dict[str, Any]:
        return mview.board_view(self, role)

    def _decision(self, role: int) -> Decision:
        return mtext.decision(self, role)

    def _render(self, view: dict[str, Any]) -> str:
        return mtext.render(view)

    # ---- shared bookkeeping ----------------------------------------------------------------
    def kill_hero(self, h: int) -> None:
        area = self.h_area[h]
        carried = -1 - h
        for o, loc in enumerate(self.o_loc):
            if loc == carried:
                self.o_loc[o] = area
        self.log_event(f"{self.game.heroes[h].name} dies")
        self.h_state[h] = 1
        self.h_area[h] = -1
        if "attack_from_beyond" in self.game.heroes[h].skills:
            combat.attack_from_beyond(self, h, area)
        self.dead_heroes += 1
        self.mp[h] = 0
        g = self.game
        if g.ally_tile >= 0 and self.ally_leader() < 0:
            for m in g.tile_models[g.ally_tile]:
                self.u_area[m] = -1
        scenarios.on_hero_death(self, h)

    def damage_model(self, m: int, dmg: int) -> bool:
        self.u_life[m] -= dmg
        if self.u_life[m] > 0:
            return False
        area = self.u_area[m]
        self.log_event(f"{self.game.model_name(m)} is slain")
        self.u_area[m] = -1
        self.u_life[m] = 0
        self.u_halo[m] = 0
        scenarios.on_model_death(self, m, area)
        return True

    def move_hero(self, h: int, b: int) -> None:
        self.log_event(f"{self.game.heroes[h].name} moves to {self.game.board.names[b]}")
        self.h_area[h] = b
        scenarios.on_hero_enter(self, h, b)

    # ---- hidden information ----------------------------------------------------------------
    def resample_hidden(self, observer: int, rng: np.random.Generator) -> MiniaturesState:
        new = cast(MiniaturesState, super().resample_hidden(observer, rng))
        if new.deck:
            new.deck = [new.deck[i] for i in rng.permutation(len(new.deck)).tolist()]
        g = self.game
        if observer != g.overlord and self.yselda_hut >= 0 and self.o_loc[g.captive] == OFF \
                and self.winner < 0:
            options = [a for a in g.huts if not self.searched[a]]
            if options:
                new.yselda_hut = int(options[int(rng.integers(len(options)))])
        return new

    def edited(self) -> MiniaturesState:
        """Also drops the mask `_advance` built ahead (`_pre`)."""
        self._pre = None
        super().edited()
        return self

    def _rebuild_derived(self) -> None:
        self._pre = None

    def _check_restored(self) -> None:
        restore.check(self)
        super()._check_restored()

