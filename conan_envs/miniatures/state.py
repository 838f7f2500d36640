"""One position of a game of Conan (rulebook "Game Play": the heroes' turn, then the
Overlord's, until a side completes its objective).

The state is a `FlowState` (engine/flow.py): decisions are frames on `self.stack` (frames.py,
steps.py), the top one decides; the run loop takes the steps the rules take without a choice,
and when the stack empties the turn structure moves on (heroes_turn / overlord). Each frame
kind calls its rule as a method of this class (the names at its end).
"""
from __future__ import annotations

from typing import Any, cast

import numpy as np

from conan_envs.engine.core import Mask
from conan_envs.engine.flow import GAME_OVER, Frame, GameOver
from conan_envs.engine.view import Decision

from . import (
    allies,
    combat,
    encode,
    heroes_turn,
    labels,
    manipulation,
    overlord,
    restore,
    ritual,
    rolls,
    scenarios,
    spells,
)
from . import text as mtext
from . import view as mview
from .constants import OFF
from .data import MiniaturesData
from .frames import FRAME_TYPES, Hide
from .game import MiniaturesGame


class MiniaturesState(MiniaturesData):
    # _pre: the mask the run loop already built for the decision it stopped at (not state data)
    _TRANSIENT = MiniaturesData._TRANSIENT + ("_pre",)
    FRAME_TYPES = FRAME_TYPES
    MAX_DEPTH = 64   # frames pending at once (a snapshot's stack)

    def __init__(self, game: MiniaturesGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self._pre: Mask | None = None
        g = game
        sc = g.scenario
        nh = g.num_heroes
        b = g.board
        self.phase = "start"
        self.winner = -1          # 0 heroes, 1 Overlord
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
            self.push(Hide(g.overlord))
        self.advance()

    # ---- the run loop (engine/flow.py) -----------------------------------------------------
    def _interrupt(self) -> Frame[Any] | None:
        return GAME_OVER if self.winner >= 0 else None

    def _between_steps(self) -> Frame[Any] | None:
        """Before each step: the active hero who died or fled hands the turn on, the scenario's
        objective is checked, and a FORCED decision with a single legal action is taken (there
        is nothing to choose). The mask of the decision the loop stops at is kept (`_pre`)."""
        stack = self.stack
        while True:
            heroes_turn.fix_active(self)
            scenarios.check(self)
            if self.winner >= 0:
                return GAME_OVER
            if not stack:
                return None
            fr = stack[-1]
            if not fr.FORCED:   # type: ignore[attr-defined]
                return None
            mask = np.zeros(self.game.num_actions, dtype=bool)
            fr.mask(self, mask)
            if np.count_nonzero(mask) != 1:
                self._pre = mask
                return None
            fr.apply(self, int(mask.argmax()))

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

    def legal_action_mask(self) -> Mask:
        """As FlowState's, first taking the mask the run loop built when it stopped (`_pre`)."""
        mask = self._mask
        if mask is None:
            mask = self._pre
            if mask is None:
                mask = np.zeros(self.game.num_actions, dtype=bool)
                self._now.mask(self, mask)  # type: ignore[union-attr]
            else:
                self._pre = None
            mask.flags.writeable = False
            self._mask = mask
        return mask

    def _apply(self, action: int) -> None:
        """As FlowState's (the frame deciding now plays it, then the run loop), first dropping
        the mask the loop built ahead (`_pre`)."""
        self._pre = None
        self._now.apply(self, action)  # type: ignore[union-attr]
        self.advance()

    def _over_prompt(self) -> str:
        who = "The heroes" if self.winner == 0 else "The Overlord"
        return f"The game is over: {who} won."

    def _decision(self, role: int) -> Decision:
        """As FlowState's, naming the decision by its view name (`view_kind`: the web board's
        and the transcripts' vocabulary, longer than `decision()`'s)."""
        frame = self.frame()
        if type(frame) is GameOver:
            return Decision("game_over", None, self._over_prompt(), {})
        prompt, context = frame.prompt(self, role)
        return Decision(frame.view_kind, self.game.roles[frame.actor], prompt,  # type: ignore[attr-defined]
                        context)

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
        """Also drops the mask the run loop built ahead (`_pre`)."""
        self._pre = None
        super().edited()
        return self

    def _rebuild_derived(self) -> None:
        self._pre = None
        super()._rebuild_derived()

    def _check_restored(self) -> None:
        restore.check(self)
        super()._check_restored()

    # ---- the rules each frame kind calls (frames.py, steps.py: frame.mask, apply, go) -------
    # A frame calls its rule as a method of the state, which sits above the rules modules (the
    # frames sit below them, so that the rules can build frames).
    decision_context = mtext.decision_context
    check_frame = restore.check_frame
    hide_mask, hide_apply = scenarios.hide_mask, scenarios.hide_apply
    stance_mask, stance_apply = heroes_turn.stance_mask, heroes_turn.stance_apply
    act_mask, act_apply = heroes_turn.act_mask, heroes_turn.act_apply
    atk_gems_mask, atk_gems_apply = combat.atk_gems_mask, combat.atk_gems_apply
    atk_weapon_mask, atk_weapon_apply = combat.atk_weapon_mask, combat.atk_weapon_apply
    reroll_mask, reroll_apply = rolls.reroll_mask, rolls.reroll_apply
    sacrifice_mask, sacrifice_apply = combat.sacrifice_mask, combat.sacrifice_apply
    circular_mask, circular_apply = combat.circular_mask, combat.circular_apply
    area_order_mask, area_order_apply = combat.area_order_mask, combat.area_order_apply
    beyond_mask, beyond_apply = combat.beyond_mask, combat.beyond_apply
    guard_mask, guard_apply = combat.guard_mask, combat.guard_apply
    ov_guard_mask, ov_guard_apply = combat.ov_guard_mask, combat.ov_guard_apply
    ally_guard_mask, ally_guard_apply = combat.ally_guard_mask, combat.ally_guard_apply
    manip_gems_mask = manipulation.manip_gems_mask
    manip_gems_apply = manipulation.manip_gems_apply
    throw_area_mask = manipulation.throw_area_mask
    throw_area_apply = manipulation.throw_area_apply
    claim_mask, claim_apply = manipulation.claim_mask, manipulation.claim_apply
    catch_mask, catch_apply = manipulation.catch_mask, manipulation.catch_apply
    must_drop_mask, must_drop_apply = manipulation.must_drop_mask, manipulation.must_drop_apply
    target_mask, target_apply = spells.target_mask, spells.target_apply
    ally_mask, ally_apply = allies.ally_mask, allies.ally_apply
    turn_mask, turn_apply = overlord.turn_mask, overlord.turn_apply
    unit_mask, unit_apply = overlord.unit_mask, overlord.unit_apply
    event_mask, event_apply = overlord.event_mask, overlord.event_apply
    unit_spell_mask, unit_spell_apply = overlord.unit_spell_mask, overlord.unit_spell_apply
    free_mask, free_apply = overlord.free_mask, overlord.free_apply
    rocks_mask, rocks_apply = overlord.rocks_mask, overlord.rocks_apply
    reinforce_mask, reinforce_apply = overlord.reinforce_mask, overlord.reinforce_apply
    reinforce_area_mask = overlord.reinforce_area_mask
    reinforce_area_apply = overlord.reinforce_area_apply
    haste_mask, haste_apply = overlord.haste_mask, overlord.haste_apply
    # the continuations (steps.py)
    nothing = combat.nothing
    hero_fell, hero_leap_rolled = heroes_turn.hero_fell, heroes_turn.hero_leap_rolled
    hero_attack_roll, hero_attack_rolled = combat.hero_attack_roll, combat.hero_attack_rolled
    hero_attack_done, defend_now = combat.hero_attack_done, combat.defend_now
    defense_rolled, area_next = combat.defense_rolled, combat.area_next
    beyond_rolled = combat.beyond_rolled
    manip_rolled, orb_rolled = manipulation.manip_rolled, manipulation.orb_rolled
    unit_attack_roll, unit_attack_rolled = overlord.unit_attack_roll, overlord.unit_attack_rolled
    unit_attack_done, unit_leap_rolled = overlord.unit_attack_done, overlord.unit_leap_rolled
    unit_fell, unit_spell_rolled = overlord.unit_fell, overlord.unit_spell_rolled
    rocks_fell = overlord.rocks_fell
    barricade_hit, incanted = ritual.barricade_hit, ritual.incanted
    spell_rolled, kiss_done = spells.spell_rolled, spells.kiss_done
    ally_attack_roll, ally_attack_rolled = allies.ally_attack_roll, allies.ally_attack_rolled
    ally_leap_rolled = allies.ally_leap_rolled

