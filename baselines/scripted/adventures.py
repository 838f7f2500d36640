"""Scripted agents for The Adventures of Conan (adventures_v2), one heuristic per role:
Conan heads for the face-up Adventures and the Achievement kingdoms; the Ally steers Conan the
same way and earns Fate tokens doing it; a Foe chases Conan, lays Challenge tokens near him and
fills the Encounter track. They read only public facts of `state` (positions, dice, cards,
counts) and what their own role knows (its Challenge tokens), never other face-down tokens or
the decks.

``scripted:plan=team`` is the Foes' plan for the Team Game (Optional Game Modes: Team Game),
where the side with the lowest score loses: :class:`TeamFoeAgent` keeps Conan and the Ally
low rather than chasing points (see its docstring)."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

import numpy as np

from baselines.agent import Agent
from conan_envs.adventures.actions import CODEC, NV, OFF, VERBS
from conan_envs.adventures.content import (
    ALLY,
    CONAN,
    FOE,
    GODS,
    MOVE,
    content,
)
from conan_envs.adventures.dicepool import ASIDE, FAILED, covered
from conan_envs.adventures.resource import plot_dice, plot_needs

C = content()
GOD_TASTE = [GODS.index(g) for g in ("set", "zath", "ishtar", "ymir", "bel", "mitra", "asura", "ibis")]
FATE_TASTE = (1, 3, 5, 0, 2, 4, 6, 7)  # warrior, pirate, thief first (Achievements)
VERB_TASTE: dict[int, tuple[str, ...]] = {
    CONAN: ("advance warrior", "advance pirate", "advance thief", "move", "sail",
            "fight temple of set", "take gold", "thievery", "kingdom effect", "tribute",
            "trade: cycle adventure", "trade fate token", "unlock encounters", "pass"),
    ALLY: ("advance warrior", "advance pirate", "advance thief", "move", "sail",
           "fight temple of set", "take gold", "thievery", "kingdom effect", "tribute", "scry",
           "trade fate token", "unlock encounters", "pass"),
    FOE: ("move", "sorcery: place challenge token", "place challenge token", "unlock encounters",
          "take gold", "thievery", "move challenge token", "kingdom effect", "tribute", "sail",
          "sorcery: cycle encounter", "trade fate token", "pass"),
}


def _distances() -> list[list[int]]:
    n = len(C.kingdoms)
    dist = [[99] * n for _ in range(n)]
    for a in range(n):
        dist[a][a] = 0
        q = deque([a])
        while q:
            x = q.popleft()
            for y in C.adj[x]:
                if dist[a][y] == 99:
                    dist[a][y] = dist[a][x] + 1
                    q.append(y)
    return dist


DIST = _distances()


# in the Team Game a side is judged by its lowest score, and a tie there by its highest
TEAM_TIE_WEIGHT = 0.01


def objective_scores(state: Any) -> list[float]:
    """The position value that follows the game's win rule, per role, for searches
    (``mcts:...,value=objective``): in the Team Game the team with the lowest-scoring player
    loses ("Team Game"), so each role is scored by its side's lowest shaped score (ties by
    its highest); otherwise by its own shaped score (Victory points)."""
    scores: list[float] = list(state.shaped_scores())
    g = state.game
    if not g.config["team"]:
        return scores
    out = []
    for r in range(g.num_roles):
        side = [scores[q] for q in g.side_of(r)]
        out.append(min(side) + TEAM_TIE_WEIGHT * max(side))
    return out


class ScriptedAgent(Agent):
    name = "scripted"
    s: Any  # the rules state of the decision being answered
    mask: Any
    p: int
    kind: int

    def __init__(self, env_id: str = "adventures_v2", role: Any = 0, seed: Any = None,
                 **config: Any) -> None:
        self.role_name = role
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask)
        if state is None:
            return int(legal[self.rng.integers(legal.size)])
        self.s, self.mask = state, action_mask
        d = state.frame()  # the decision asked now (conan_envs/adventures/frames.py)
        self.p = d.actor
        self.kind = state.rk[self.p]
        a = getattr(self, "_" + d.key, lambda: None)()
        if a is None or not action_mask[a]:
            a = self._ok("done")
        if a is None:
            a = int(legal[self.rng.integers(legal.size)])
        return int(a)

    # ---- helpers ----------------------------------------------------------------------------
    def _ok(self, seg: str, i: int = 0) -> int | None:
        a = OFF[seg] + i
        return a if self.mask[a] else None

    def _first(self, seg: str, order: Iterable[int] | None = None) -> int | None:
        for i in (order if order is not None else range(CODEC.sizes[seg])):
            a = self._ok(seg, i)
            if a is not None:
                return a
        return None

    def _dice_by_verb(self) -> dict[str, list[int]]:
        """The Main-phase actions legal now: verb -> the dice that may take it."""
        by_verb: dict[str, list[int]] = {}
        for a in np.flatnonzero(self.mask[CODEC.slice("act")]):
            d, v = divmod(int(a), NV)
            by_verb.setdefault(VERBS[v], []).append(d)
        return by_verb

    def _goal(self) -> int:
        """Where Conan should be: the nearest face-up Adventure, else an Achievement kingdom."""
        s = self.s
        here: int = s.loc[0]
        advs: list[int] = [C.adv_kingdom[a] for a in s.adv_face if a >= 0]
        if advs:
            return min(advs, key=lambda k: DIST[here][k])
        return here

    def _toward(self, target: int, opts: Iterable[int]) -> int:
        return min(opts, key=lambda k: (DIST[k][target], k))

    # ---- decisions --------------------------------------------------------------------------
    def _plot(self) -> int | None:
        s, p = self.s, self.p
        a = self._first("die")
        if a is not None:
            return a
        req = plot_needs(s, p, bonus=False)  # type: ignore[no-untyped-call]
        if covered(plot_dice(s, p, ASIDE), req) == len(req):  # type: ignore[no-untyped-call]
            return self._ok("done")
        if s.zone[p].count(FAILED) >= 2 and self.rng.random() < 0.5:
            return self._ok("done")
        return self._ok("yes") or self._ok("done")

    def _god(self) -> int | None:
        s = self.s
        order = sorted(GOD_TASTE, key=lambda g: -s.god_gold[g])
        return self._first("god", order)

    def _buy(self) -> int | None:
        return self._first("buy", (1, 0))

    def _main(self) -> int | None:
        s, p = self.s, self.p
        here = s.loc[0] if self.kind != FOE else s.loc[p]
        goal = self._goal() if self.kind != FOE else s.loc[0]
        want_move = here != goal
        if self._ok("plot_with_characters") is not None:
            return self._ok("plot_with_characters")
        by_verb = self._dice_by_verb()
        for verb in VERB_TASTE[self.kind]:
            if verb in ("move", "sail") and not want_move:
                continue
            if verb in by_verb:
                dice = by_verb[verb]
                # spend the least useful die: prefer Character results for deploys
                d = max(dice, key=lambda i: (C.face_pure_char[s.face[p][i]], i))
                return OFF["act"] + d * NV + VERBS.index(verb)
        if self._ok("free_roll") is not None and s.gold[p] >= 3:
            return self._ok("free_roll")
        return None

    def _main_post(self) -> int | None:
        s, p = self.s, self.p
        for seg in ("use_extra_action", "use_kingdom_token"):
            if self._ok(seg) is not None:
                return self._ok(seg)
        if self._ok("free_roll") is not None and s.gold[p] >= 3:
            return self._ok("free_roll")
        return self._ok("done")

    def _move_to(self) -> int | None:
        s, d = self.s, self.s.frame()
        opts: Iterable[int] = d.opts
        if d.why == "push":  # push the loser as far from the Adventures as possible
            target = self._goal()
            return OFF["kingdom"] + max(opts, key=lambda k: (DIST[k][target], -k))
        target = s.loc[0] if self.kind == FOE else self._goal()
        return OFF["kingdom"] + self._toward(target, opts)

    def _pool(self) -> int | None:
        return self._first("die") or self._ok("yes")

    def _duel_go(self) -> int | None:
        return self._ok("yes")

    def _fight_temple(self) -> int | None:
        return self._ok("yes") if len([z for z in self.s.zone[self.p] if z == 0]) >= 3 else None

    def _reveal_choice(self) -> int | None:
        return self._ok("yes")

    def _adv_wild(self) -> int | None:
        return self._first("symbol", self.s.frame().opts)

    def _adv_choose(self) -> int | None:
        s = self.s
        roller = s.frame().roller
        # take others' dice (which score for them) only while not behind them; a Foe's only
        # when Conan is well ahead
        if roller != 0 and s.vp[roller] + (0 if s.rk[roller] == FOE else 3) > s.vp[0]:
            return self._ok("done")
        return self._first("die")

    def _achieve(self) -> int | None:
        return self._first("ach", (1, 3, 5, 0, 2, 4))

    def _pick_fate(self) -> int | None:
        if self.s.frame().why in ("lose", "aquilonia", "trade_give"):
            return self._first("fate", FATE_TASTE[::-1])
        return self._first("fate", FATE_TASTE)

    def _place_where(self) -> int | None:
        s = self.s
        opts: Iterable[int] = s.frame().opts
        target = self._goal()
        return OFF["kingdom"] + min(opts, key=lambda k: (DIST[k][target], k))

    def _place_token(self) -> int | None:
        return self._first("token")

    def _ct_dest(self) -> int | None:
        s = self.s
        opts: Iterable[int] = s.frame().opts
        return OFF["kingdom"] + min(opts, key=lambda k: (DIST[k][s.loc[0]], k))

    def _ambush(self) -> int | None:
        return self._ok("yes")

    def _zath(self) -> int | None:
        return self._ok("zath")

    def _adv_gift(self) -> int | None:
        return self._ok("yes")

    def _adjust(self) -> int | None:
        return self._ok("done")

    def _enc_aside(self) -> int | None:
        s, p = self.s, self.p
        opts: Iterable[int] = s.frame().opts
        return OFF["die"] + min(opts, key=lambda i: (not C.face_pure_char[s.face[p][i]], i))

    def _set_die(self) -> int | None:
        """Keep a Wild for the Main phase, else a Move, else any non-Character result."""
        s, p = self.s, self.p
        f = s.face[p]
        opts: Iterable[int] = s.frame().opts
        return OFF["die"] + max(opts, key=lambda i: (C.faces[f[i]][0] == "wild",
                                                     C.faces[f[i]][1] == MOVE,
                                                     not C.face_pure_char[f[i]], -i))

    def _wound(self) -> int | None:
        s, p = self.s, self.p
        opts: Iterable[int] = s.frame().opts
        return OFF["die"] + max(opts, key=lambda i: (C.face_pure_char[s.face[p][i]], i))
