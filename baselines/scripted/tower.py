"""Scripted agents for The Tower of the Elephant (tower_v2): a careful Conan and a greedy Yara
(focus damage on Conan, play Plots when they swing a round). Both read only what their role may
know: the public board and Conan's card, and for Yara her own hand (through `state`).
`PLANS`: ``scripted:plan=patient``, the Conan who waits out Yara's minions in Battle Mode
(baselines/scripted/tower_plans.py)."""
from __future__ import annotations

from typing import Any, cast

import numpy as np

from baselines.agent import Agent
from conan_envs import ConfigError
from conan_envs.tower.content import BLOCK, LEAP, RIPOSTE, SLASH, SWING
from conan_envs.tower.grid import dist

from .tower_plans import PatientPlan

SLOT_PREFERENCE = {1: (LEAP,), 2: (BLOCK, LEAP), 3: (BLOCK, LEAP), 4: (RIPOSTE, BLOCK),
                   5: (SLASH, RIPOSTE, BLOCK), 6: (SWING, SLASH, RIPOSTE, BLOCK, LEAP)}
SKILL_TASTE = ("cancel", "fatigue", "stun", "wound", "die", "reroll", "move", "rage")


class ScriptedAgent(Agent):
    name = "scripted"
    s: Any  # the TowerState being decided (its attributes are set dynamically)
    O: dict[str, int]  # the codec's segment offsets
    mask: Any

    def __init__(self, env_id: str = "tower_v2", role: int | str = 0, seed: int | None = None,
                 **config: Any) -> None:
        self.role = 1 if role in (1, "yara") else 0
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask)
        if state is None:
            return int(legal[self.rng.integers(legal.size)])
        self.s = state
        self.O = state.game.codec.offsets
        self.mask = action_mask
        d = state.decision()
        a = getattr(self, "_" + d, lambda: None)()
        if a is None or not action_mask[a]:
            a = self._first("done")
        if a is None:
            a = int(legal[self.rng.integers(legal.size)])
        return int(a)

    # ---- helpers ----------------------------------------------------------------------------------
    def _ok(self, seg: str, i: int = 0) -> int | None:
        a = self.O[seg] + i
        return a if self.mask[a] else None

    def _first(self, seg: str) -> int | None:
        size = self.s.game.codec.sizes[seg]
        for i in range(size):
            a = self._ok(seg, i)
            if a is not None:
                return a
        return None

    def enemy_alive(self) -> list[tuple[int, Any]]:
        s = self.s
        return [(i, e) for i, e in enumerate(s.enemies) if s.enemy_alive(e)]

    def _need(self, e: Any) -> int:
        """Wounds needed to slay e through its blocks."""
        s = self.s
        k = s.enemy_kind(e)
        blocks = sum(n for n, row in zip(e.dice, k.rows) if row.kind in ("block", "riposte", "hitriposte"))
        height = s.grid().height_advantage(e.square, s.pos)
        return cast(int, k.life - e.wounds + blocks + e.free_blocks + height)

    # ---- Conan ------------------------------------------------------------------------------------
    def _pick(self) -> int | None:
        skills = self.s.game.c["skills"]
        for kind in SKILL_TASTE:
            for i, sk in enumerate(skills):
                if sk.effect[0] == kind and self._ok("pick_skill", i) is not None:
                    return self.O["pick_skill"] + i
        return None

    def _discard(self) -> int | None:
        items = self.s.game.c["items"]
        large = [i for i in self.s.items if items[i].size == "large"]
        return self.O["discard_item"] + cast(int, min(large, key=lambda i: items[i].xp))

    def _dice(self) -> int | None:
        s = self.s
        pool = s.pool
        if s.fatigue <= 2 or s.ctok:
            for v in range(1, 7):
                if self._ok("triple", v - 1) is not None:
                    return self.O["triple"] + v - 1
        near = min((dist(s.pos, e.square) for _, e in self.enemy_alive()), default=9)
        if pool[1] >= 2 and near <= 1 and self._ok("reroll", 0) is not None:
            return self.O["reroll"]
        for v in (6, 5, 4, 3, 2, 1):
            if pool[v]:
                for r in SLOT_PREFERENCE[v]:
                    a = self._ok("slot", (v - 1) * 5 + r)
                    if a is not None:
                        return a
        for v in range(1, 7):
            for row in range(5):
                a = self._ok("slot", (v - 1) * 5 + row)
                if a is not None and not (v == 1 and near <= 1):
                    return a
        if sum(pool) == 0:
            a = self._ok("rage_token")
            if a is not None:
                return a
            if s.fatigue == 4 and len(s.rows[SLASH]) in (1, 3) and not any(
                    v == 7 for v in s.rows[SLASH]):
                a = self._ok("fatigue_token", 1)
                if a is not None:
                    return a
        for sk in s.skills:
            if s.game.c["skills"][sk].effect[0] == "fatigue" and s.fatigue <= 2:
                a = self._ok("skill", sk)
                if a is not None:
                    return a
        return self._first("done")

    def _mark(self) -> int | None:
        s = self.s
        for v in (1,):
            if s.pool[v] > s.marked[v] and self._ok("mark", v - 1) is not None:
                return self.O["mark"] + v - 1
        return self._ok("roll") or self._first("mark")

    def _pair_effect(self) -> int | None:
        return self._first("ready_skill") or self._ok("choose_result", 4)

    def _triple_effect(self) -> int | None:
        s = self.s
        if s.ctok and self._ok("triple_discard") is not None:
            return self._ok("triple_discard")
        return self._ok("triple_refill") or self._first("triple_poison") or self._first("triple_discard")

    def _ready(self) -> int | None:
        return self._first("ready_skill")

    def _test(self) -> int | None:
        for r in (LEAP, BLOCK, RIPOSTE, SWING, SLASH):
            a = self._ok("pay", r)
            if a is not None:
                return a
        return self._ok("done")

    def _initiative(self) -> int | None:
        return self._ok("go_first")

    def _taurus(self) -> int | None:
        return self._scatter_square()

    _item_square = _taurus

    def _scatter_square(self) -> int | None:
        s = self.s
        best, sq = -1, None
        for c in range(s.game.codec.sizes["square"]):
            if not self.mask[self.O["square"] + c] or dist(c, s.pos) <= 1:
                continue
            score = sum(3 if e.square == c else (1 if dist(e.square, c) == 1 else 0)
                        for _, e in self.enemy_alive())
            if score > best:
                best, sq = score, c
        return None if sq is None else self.O["square"] + sq

    def _item_target(self) -> int | None:
        return self._target()

    def _conan_turn(self) -> int | None:
        s = self.s
        alive = self.enemy_alive()
        adj = [(i, e) for i, e in alive if dist(s.pos, e.square) == 1]
        for sk in s.skills:
            kind = s.game.c["skills"][sk].effect[0]
            if kind in ("fatigue",) and s.fatigue <= 2 or kind in ("wound", "stun") and adj:
                a = self._ok("skill", sk)
                if a is not None:
                    return a
        for i in set(s.items):
            kind = s.game.c["items"][i].effect[0]
            if kind in ("heal", "throw", "heart", "scatter") or (kind == "fatigue" and s.fatigue <= 2):
                if kind == "scatter" and len(alive) < 2:
                    continue
                a = self._ok("item", i)
                if a is not None:
                    return a
        if adj:
            need = min(self._need(e) for _, e in adj)
            a = self._best_attack("slash", s.game.c["slash"], len(s.rows[SLASH]), need)
            if a is not None:
                return a
            a = self._best_attack("swing", s.game.c["swing"], len(s.rows[SWING]), need)
            if a is not None:
                return a
        if alive and (s.rows[SLASH] or s.rows[SWING]) and not adj:
            a = self._approach([e.square for _, e in alive])
            if a is not None:
                return a
        return self._ok("done")

    def _best_attack(self, seg: str, table: Any, n: int, need: int) -> int | None:
        if n == 0 or self._ok(seg, 0) is None:
            return None
        best: int | None = None
        for k in range(1, n + 1):
            w, thresh = table[k - 1][0], table[k - 1][1]
            if thresh and k > 1 and k < n:
                continue
            best = k
            if w >= need and not thresh:
                break
        assert best is not None  # k = 1 is never skipped
        return self._ok(seg, best - 1)

    def _steps_to(self, goals: set[int], blocked: set[int]) -> dict[int, int]:
        """Steps from every square to the nearest goal square, around `blocked` squares."""
        g = self.s.grid()
        far = {q: 0 for q in goals}
        frontier = list(goals)
        while frontier:
            nxt: list[int] = []
            for u in frontier:
                for v in g.neighbors[u]:
                    if v not in far and v not in blocked:
                        far[v] = far[u] + 1
                        nxt.append(v)
            frontier = nxt
        return far

    def _approach(self, targets: list[int]) -> int | None:
        s = self.s
        g = s.grid()
        walls = {q for q in range(len(g.blocked)) if g.blocked[q]} | set(targets)
        goals = {q for t in targets for q in g.neighbors[t] if q not in walls}
        far = self._steps_to(goals, walls)
        here = far.get(s.pos, 99)
        best = here
        choice: int | None = None
        for d, dst in enumerate(g.step[s.pos]):
            if self._ok("step", d) is None:
                continue
            dd = far.get(dst, 99)
            if dd < best:
                best, choice = dd, self.O["step"] + d
        if choice is not None:
            return choice
        if here > 1 and s.move_left < 2:
            for k in range(len(s.rows[LEAP]), 0, -1):
                a = self._ok("leap", k - 1)
                if a is not None:
                    return a
        return None

    def _target(self) -> int | None:
        s = self.s
        best: tuple[tuple[int, Any], int] | None = None
        for i, e in self.enemy_alive():
            if self.mask[self.O["target"] + i]:
                key = (self._need(e), -s.enemy_kind(e).xp)
                if best is None or key < best[0]:
                    best = (key, i)
        return None if best is None else self.O["target"] + best[1]

    _stun_target = _target

    def _defend(self) -> int | None:
        s = self.s
        hits = s.pending.hits
        if hits and s.rows[RIPOSTE] and not s.rows[BLOCK]:
            return self._ok("riposte", min(len(s.rows[RIPOSTE]), 7) - 1)
        a = self._ok("block") if hits else self._first("block")   # a hit, else a token
        if a is not None:
            return a
        if hits:
            for k in range(min(7, len(s.rows[RIPOSTE])), 0, -1):
                a = self._ok("riposte", k - 1)
                if a is not None:
                    return a
        if hits + len(s.pending.tokens) >= 1:
            return self._first("skill") or self._first("item") or self._ok("done")
        return self._ok("done")

    def _reserve(self) -> int | None:
        for r in (SWING, SLASH, RIPOSTE, BLOCK, LEAP):
            a = self._ok("reserve", r)
            if a is not None:
                return a
        return self._ok("done")

    def _reward(self) -> int | None:
        return self._ok("draw_item")

    def _mopping(self) -> int | None:
        s = self.s
        items = s.game.c["items"]
        for i in set(s.items):
            if items[i].effect[0] == "heal" and s.wounds:
                a = self._ok("item", i)
                if a is not None:
                    return a
            if items[i].effect[0] == "none":
                a = self._ok("trade", i)
                if a is not None:
                    return a
        return self._ok("done")

    # ---- Yara ---------------------------------------------------------------------------------------
    def _yara_dice(self) -> int | None:
        s = self.s
        for i, e in self.enemy_alive():
            k = s.enemy_kind(e)
            blocks = [r for r, row in enumerate(k.rows) if row.kind == "block" and e.dice[r]]
            if blocks and e.dice[blocks[0]] >= 2 and dist(e.square, s.pos) <= k.move + 1:
                return self._ok("minion_reroll", i * 4 + blocks[0])
        return self._ok("done")

    def _minion_mark(self) -> int | None:
        s = self.s
        e = s.enemies[s.frame().enemy]     # the MinionMark frame's minion
        k = s.enemy_kind(e)
        for r, row in enumerate(k.rows):
            if row.kind == "block" and self._ok("minion_mark", r) is not None:
                return self.O["minion_mark"] + r
        return self._ok("roll") or self._first("minion_mark")

    def _yara_block(self) -> int | None:
        """Block every wound and token she can: riposte dice first (they strike back), then
        BLOCK dice, then dice that are both a hit and a riposte."""
        s = self.s
        e = s.enemies[s.frame().attack.blows[0].target]   # the YaraBlock frame's attack
        rows = s.enemy_kind(e).rows
        for want in ("riposte", "block", "hitriposte"):
            for r, row in enumerate(rows):
                if row.kind == want and self._ok("minion_block", r) is not None:
                    return self.O["minion_block"] + r
        return self._ok("done")

    def _yara_initiative(self) -> int | None:
        return self._ok("go_first")

    def _putback(self) -> int | None:
        return self._first("put_bottom")

    def _yara_plan(self) -> int | None:
        return self._first("plot") or self._ok("done")

    def _yara_turn(self) -> int | None:
        s = self.s
        plots = s.game.c["plots"]
        alive = self.enemy_alive()
        in_range = [i for i, e in alive if s.attack_rows_in_range(e) and not e.done]
        for c in set(s.plot_hand):
            a = self._ok("plot", c)
            if a is None:
                continue
            kind = plots[c].effect[0]
            if kind == "tracker" and s.tracker == 4 or kind == "fatigue" and s.fatigue == 1 \
                    or kind == "minion_hit" and len(in_range) >= 2 \
                    or kind == "token" and not s.rows[BLOCK] \
                    or kind == "minion_block" and len(s.rows[SLASH]) + len(s.rows[SWING]) >= 3 \
                    or kind == "minion_move" and not in_range:
                return a
        order = sorted((i for i, e in alive if self._ok("activate", i) is not None),
                       key=lambda i: (i not in in_range, dist(s.enemies[i].square, s.pos)))
        return self.O["activate"] + order[0] if order else self._ok("done")

    def _minion(self) -> int | None:
        s = self.s
        act = s.frame()         # the Minion frame: the minion activated and its phase
        e = s.enemies[act.enemy]
        a = self._ok("ability")
        if a is not None:
            kind = s.enemy_kind(e).ability[1] if s.enemy_kind(e).ability else "bow"
            if kind == "bow" or kind in ("rally", "heal", "drain") and sum(e.dice) >= 3 \
                    or kind == "token" and not s.rows[BLOCK] and sum(e.dice) >= 3 \
                    or kind == "move" and not s.attack_rows_in_range(e):
                return a
        a = self._ok("attack")
        if a is not None:
            return a
        if act.phase in (2, 3, 4):
            return self._ok("done")
        g = s.grid()
        k = s.enemy_kind(e)
        reach = max((row.range for r, row in enumerate(k.rows) if e.dice[r] and row.kind not in
                     ("block", "riposte")), default=0)
        ign = s.ignores_blocking(e)
        walls = {q for q in range(len(g.blocked)) if g.blocked[q] and not ign} | {s.pos}
        goals = {q for q in range(len(g.blocked)) if q not in walls
                 and g.in_range(q, s.pos, max(reach, 1))}
        far = self._steps_to(goals, walls)
        here = far.get(e.square, 99)
        best = here
        choice: int | None = None
        for d, dst in enumerate(g.step[e.square]):
            if self._ok("step", d) is not None and far.get(dst, 99) < best:
                best, choice = far[dst], self.O["step"] + d
        if choice is not None:
            return choice
        here = dist(e.square, s.pos)
        if reach and here > reach:
            for r, row in enumerate(k.rows):
                if row.kind in ("block", "riposte") and self._ok("burn_move", r) is not None:
                    return self.O["burn_move"] + r
        return self._ok("done")


class PatientConan(PatientPlan, ScriptedAgent):
    """``scripted:plan=patient``: the scripted Conan playing the patient plan (PatientPlan,
    baselines/scripted/tower_plans.py). Battle Mode, Conan's seat only: the plan waits out
    Yara's minions, which solo-mode enemies do not have to be (they follow fixed rules)."""
    name = "scripted:plan=patient"

    def __init__(self, env_id: str = "tower_v2", role: int | str = 0, seed: int | None = None,
                 **config: Any) -> None:
        if role not in (0, "conan"):
            raise ConfigError(f"scripted: plan=patient is Conan's plan (role conan), not {role!r}")
        if config.get("mode", "solo") != "battle":
            raise ConfigError("scripted: plan=patient is Conan's plan in Battle Mode (mode=battle)")
        super().__init__(env_id, role, seed, **config)

    _closing_in = ScriptedAgent._conan_turn   # the plan's patience run out: the scripted way


PLANS = {"patient": PatientConan}
