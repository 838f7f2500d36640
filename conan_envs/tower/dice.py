"""Dice Phase (Dice Phase; Burning and Reserving Dice; Fatigue and Rage Tokens; The Big Field,
Row By Row): Conan rolls, re-rolls by burning a die, burns pairs and triples, slots dice left to
right, adds FATIGUE/RAGE tokens, and reserves dice between rounds. Yara's minions roll too."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from conan_envs.engine.core import Mask

from .content import BLOCK, FATIGUE_TOKEN, RAGE_TOKEN, SLASH, SWING
from .decisions import CONAN, DICE, MARK, TRIPLE_EFFECT, YARA, PairEffect, Ready, Reserve
from .fields import TowerFields
from .words import row_short
from .yara_decisions import YARA_DICE, MinionMark

TOKEN_ROWS = (BLOCK, SLASH)


def d6(rng: np.random.Generator, n: int) -> Sequence[int]:
    """n rolls of a six-sided die: the very draws of rng.integers(1, 7, size=n), made one at a
    time when they are few (numpy's call for an array costs more than a few single draws)."""
    if n <= 0:
        return ()
    if n <= 3:
        return [int(rng.integers(1, 7)) for _ in range(n)]
    return rng.integers(1, 7, size=n).tolist()  # type: ignore[no-any-return]


class DiceMixin(TowerFields):
    # ---- Conan rolls --------------------------------------------------------------------------
    def _roll_conan(self) -> None:
        """Roll every action die not already sitting reserved on the card."""
        n = self._base_dice() - sum(1 for row in self.rows for v in row if v <= 6)
        if self._rattled():
            n -= 1  # one die sits on the RATTLED token this round
        self.pool = [0] * 7
        rolled = d6(self.rng, n)
        for v in rolled:
            self.pool[v] += 1
        self.locked = False
        self.log_event(f"Conan rolls {sorted(rolled)}")


    def _mask_dice(self, m: Mask, O: dict[str, int]) -> None:
        pool = self.pool
        total = sum(pool)
        stunned = self._stunned()
        if not self.locked and total:
            if not stunned:
                # each row takes the results its next free slot accepts
                slot_results = self.game.c["slot_results"]
                slot = O["slot"] - 5
                for r, row in enumerate(self.rows):
                    k = len(row)
                    if k < 7:
                        for v in slot_results[r][k]:
                            if pool[v]:
                                m[slot + v * 5 + r] = True
            reroll, pair = O["reroll"] - 1, O["pair"] - 1
            for v in range(1, 7):
                n = pool[v]
                if n:
                    if total >= 2:
                        m[reroll + v] = True
                    if n >= 2:
                        m[pair + v] = True
                        if n >= 3 and self._triple_useful():
                            m[O["triple"] + v - 1] = True
        if total == 0 and not stunned:
            if self.fatigue > 0:
                for k, r in enumerate(TOKEN_ROWS):
                    if len(self.rows[r]) < 7:
                        m[O["fatigue_token"] + k] = True
            if self.rage_pool > 0 and len(self.rows[SWING]) < 7:
                m[O["rage_token"]] = True
        self._skill_mask(m, O, "dice")
        self._item_mask(m, O, "dice")
        m[O["done"]] = True

    def _do_slot(self, i: int) -> None:
        v, r = divmod(i, 5)
        self.pool[v + 1] -= 1
        self.rows[r].append(v + 1)

    def _do_reroll(self, i: int) -> None:
        self.pool[i + 1] -= 1
        self.push(MARK, then=DICE)

    def _do_mark(self, i: int) -> None:
        self.marked[i + 1] += 1

    def _do_roll(self, _: int) -> None:
        if self.top_is(MinionMark):
            return self._minion_roll()
        n = 0
        for v in range(1, 7):
            self.pool[v] -= self.marked[v]
            n += self.marked[v]
            self.marked[v] = 0
        rolled = d6(self.rng, n)
        for v in rolled:
            self.pool[v] += 1
        self.log_event(f"Conan re-rolls {n} dice: {sorted(rolled)}")
        self.pop()

    def _do_pair(self, i: int) -> None:
        self.pool[i + 1] -= 2
        self.push(PairEffect(CONAN, True), then=DICE)

    def _do_choose_result(self, i: int) -> None:
        self.pool[i + 1] += 1
        self.pop()

    def _do_ready_skill(self, s: int) -> None:
        self._ready(s)
        top = self.stack[-1]
        if type(top) is Ready:
            if top.left <= 1 or not any(self.exhausted):
                self.pop()
            else:
                self.replace(Ready(CONAN, top.left - 1))
        else:
            self.pop()

    def _triple_useful(self) -> bool:
        return self.fatigue < self.game.c["conan"]["fatigue"] or bool(self.ctok) or bool(self.poison)

    def _do_triple(self, i: int) -> None:
        self.pool[i + 1] -= 3
        self.push(TRIPLE_EFFECT, then=DICE)

    def _do_triple_refill(self, _: int) -> None:
        self.fatigue = self.game.c["conan"]["fatigue"]
        self.pop()

    def _do_triple_discard(self, _: int) -> None:
        """Discards the oldest STUNNED/RATTLED token (the top of the stack)."""
        self.ctok.pop(0)
        self.ctok_active = False
        self.pop()

    def _do_triple_poison(self, _: int) -> None:
        self.poison.pop(0)
        self.pop()

    def _do_fatigue_token(self, k: int) -> None:
        """FATIGUE from the track fills the leftmost space of a blue row. Spending the last one
        reveals WOUND, as any other loss does."""
        self.rows[TOKEN_ROWS[k]].insert(0, FATIGUE_TOKEN)
        self.locked = True
        self._lose_fatigue(1)

    def _do_rage_token(self, _: int) -> None:
        self.rage_pool -= 1
        self.rows[SWING].insert(0, RAGE_TOKEN)
        self.locked = True

    def _finish_conan_dice(self) -> None:
        """Unslotted dice are spent for this round."""
        self.pool = [0] * 7
        self.locked = True

    # ---- reserving between rounds -------------------------------------------------------------
    def _do_reserve(self, r: int) -> None:
        top = self._top(Reserve)
        kept = list(top.kept)
        kept[r] += 1
        self.replace(Reserve(CONAN, top.left - 1, tuple(kept)))

    def _clear_rows(self, keep: Sequence[int] = (0, 0, 0, 0, 0)) -> None:
        """Unreserved dice go back to the pool; FATIGUE tokens to the track; RAGE to the pile."""
        cap = self.game.c["conan"]["fatigue"]
        for r in range(5):
            row = self.rows[r]
            for v in row[keep[r]:]:
                if v == FATIGUE_TOKEN:
                    self.fatigue = min(cap, self.fatigue + 1)
                elif v == RAGE_TOKEN:
                    self.rage_pool += 1
            del row[keep[r]:]
        self.pool = [0] * 7
        self.marked = [0] * 7

    # ---- Yara's minions roll --------------------------------------------------------------------
    def _roll_minions(self, solo: bool) -> None:
        """Each minion rolls its own pool; results go to the row that accepts them. In solo mode
        one die is set automatically (the card's Solo Play line)."""
        cards = self.game.c["cards"]
        for e in self.enemies:
            if not self.enemy_alive(e):
                continue
            k = cards[e.card].kind
            rows = [0] * len(k.rows)
            n = k.dice - e.wounds   # dice lost to wounds are lost permanently
            if self._e_rattled(e):
                n -= 1
            e.auto_row = -1
            if solo and n > 0:
                rows[k.auto[1]] += 1
                e.auto_row = k.auto[1]
                n -= 1
            for v in d6(self.rng, n):
                rows[k.row_of[v]] += 1
            e.dice = rows
            self.log_event(f"{cards[e.card].name} rolls {sum(rows)} dice: " + ", ".join(
                f"{row_short(k.rows[r])} x{c}" for r, c in enumerate(rows) if c))

    def _mask_yara_dice(self, m: Mask, O: dict[str, int]) -> None:
        for i, e in enumerate(self.enemies):
            if self.enemy_alive(e) and sum(e.dice) >= 2:
                for r, n in enumerate(e.dice):
                    if n:
                        m[O["minion_reroll"] + i * 4 + r] = True
        m[O["done"]] = True

    def _do_minion_reroll(self, i: int) -> None:
        e, r = divmod(i, 4)
        self.enemies[e].dice[r] -= 1
        self.push(MinionMark(YARA, e, (0, 0, 0, 0)), then=YARA_DICE)

    def _do_minion_mark(self, r: int) -> None:
        top = self._top(MinionMark)
        marked = list(top.marked)
        marked[r] += 1
        self.replace(MinionMark(YARA, top.enemy, tuple(marked)))

    def _minion_roll(self) -> None:
        top = self._top(MinionMark)
        e = self.enemies[top.enemy]
        k = self.game.c["cards"][e.card].kind
        n = 0
        for r in range(len(e.dice)):
            e.dice[r] -= top.marked[r]
            n += top.marked[r]
        rolled = d6(self.rng, n)
        for v in rolled:
            e.dice[k.row_of[v]] += 1
        self.log_event(f"Yara re-rolls {n} of {self.game.c['cards'][e.card].name}'s dice: {sorted(rolled)}")
        self.pop()
