"""Conan grows stronger (Leveling Up; The Skill Deck; The Item Deck; Mopping Up: Conan Grows
Stronger): XP, levels, skills exhausted and readied, items carried, used and traded."""
from __future__ import annotations

from conan_envs.engine import draw
from conan_envs.engine.core import Mask

from .content import RAGE_TOKEN, SWING
from .decisions import CONAN, DICE, ITEM_SQUARE, MARK, ItemTarget, PairEffect
from .fields import TowerFields

LARGE_LIMIT = 3


class GrowthMixin(TowerFields):
    # ---- XP and levels --------------------------------------------------------------------
    def _gain_xp(self, x):
        """XP counts at once, so Conan can level up mid-battle."""
        cc = self.game.c["conan"]
        self.xp += x
        while self.xp >= cc["xp_per_level"] and self.level < cc["max_level"]:
            self.xp -= cc["xp_per_level"]
            self.level += 1
            self.log_event(f"Conan reaches level {self.level}")
            self.picks += [self.level, self.level]
        if self.level >= cc["max_level"]:
            self.xp = min(self.xp, cc["xp_per_level"] - 1)

    def _pickable(self, level):
        return [i for i, s in enumerate(self.game.c["skills"])
                if s.level == level and i not in self.skills]

    def _mask_pick(self, m: Mask, O: dict[str, int]) -> None:
        level = self.picks[0]
        for i in self._pickable(level):
            m[O["pick_skill"] + i] = True

    def _do_pick_skill(self, i: int) -> None:
        self.skills.append(i)
        self.exhausted.append(False)
        level = self.picks.pop(0)
        if not self._pickable(level):  # nothing left at this level: the rest of its picks lapse
            self.picks = [p for p in self.picks if p != level]

    def _base_dice(self):
        return self.game.c["conan"]["base_dice"] + self.level - self.wounds

    def _base_move(self):
        return max(0, self.game.c["conan"]["base_move"] + self.level - self.wounds)

    # ---- skills ---------------------------------------------------------------------------
    def _ready_skill_mask(self, m, O):
        for k, s in enumerate(self.skills):
            if self.exhausted[k]:
                m[O["ready_skill"] + s] = True

    def _ready(self, s):
        self.exhausted[self.skills.index(s)] = False

    def _skill_usable(self, k, where):
        """Whether the k-th owned skill can be used at this decision."""
        if self.exhausted[k]:
            return False
        eff = self.game.c["skills"][self.skills[k]].effect
        kind = eff[0]
        if kind == "fatigue":
            return self.fatigue < self.game.c["conan"]["fatigue"]
        if kind == "rage":
            return True
        if kind == "cancel":
            return where == "defend" and (self.pending.hits > 0 or bool(self.pending.tokens))
        if where == "dice":
            if kind == "reroll":
                return sum(self.pool) > 0 and not self.locked
            return kind == "die" and not self.locked
        if where == "turn":
            if kind == "move":
                return self._can_move()
            if kind in ("wound", "stun"):   # "Skills, plots, and items can still be used" (STUNNED)
                return self.cphase != 4 and bool(self._adjacent_enemies(self.pos))
        return False

    def _skill_mask(self, m, O, where):
        for k, s in enumerate(self.skills):
            if self._skill_usable(k, where):
                m[O["skill"] + s] = True

    def _do_skill(self, s: int) -> None:
        k = self.skills.index(s)
        self.exhausted[k] = True
        self.log_event(f"Conan uses {self.game.c['skills'][s].name}")
        eff = self.game.c["skills"][s].effect
        kind = eff[0]
        if kind == "fatigue":
            self._refill(eff[1])
        elif kind == "rage":
            self.rage_pool += eff[1]
        elif kind == "cancel":
            self._cancel_pending(eff[1])
        elif kind == "reroll":
            self.push(MARK, then=DICE)
        elif kind == "die":
            self.push(PairEffect(CONAN, False), then=DICE)
        elif kind == "move":
            self.move_left += eff[1]
            self._moved()
        elif kind in ("wound", "stun"):
            self._attacked()
            self._begin_attack(1 if kind == "wound" else 0, 1, 0, 0, stun_main=kind == "stun")

    def _refill(self, k):
        self.fatigue = min(self.game.c["conan"]["fatigue"], self.fatigue + k)

    # ---- items ----------------------------------------------------------------------------
    def _large_count(self):
        items = self.game.c["items"]
        return sum(1 for i in self.items if items[i].size == "large")

    def _must_discard(self) -> bool:
        return self._large_count() > LARGE_LIMIT

    def _do_discard_item(self, i: int) -> None:
        self.items.remove(i)
        self.item_discard.append(i)
        self.discard_due = self._must_discard()

    def _draw_item(self):
        card = draw(self.rng, self.item_deck, self.item_discard)
        if card is not None:
            self.log_event(f"Conan draws {self.game.c['items'][card].name}")
            self.items.append(card)
            self.discard_due = self._must_discard()

    def _item_usable(self, i, where):
        it = self.game.c["items"][i]
        kind = it.effect[0]
        if where == "mopping":
            return it.between and self._item_effect_useful(kind)
        if kind == "cancel":
            return where == "defend" and (self.pending.hits > 0 or bool(self.pending.tokens))
        if kind in ("throw", "scatter", "heart"):
            return where == "turn" and self.cphase != 4 and self._item_targets(kind)
        return self._item_effect_useful(kind)

    def _item_effect_useful(self, kind):
        if kind == "heal":
            return self.wounds > 0
        if kind == "fatigue":
            return self.fatigue < self.game.c["conan"]["fatigue"]
        return kind == "rage"

    def _item_targets(self, kind):
        if kind == "scatter":
            return True
        want = self.game.c["cards"][-1] if kind == "heart" else None
        for e in self.enemies:
            if self.enemy_alive(e) and (want is None or self.game.c["cards"][e.card] is want) \
                    and self.grid().in_range(self.pos, e.square, 3):
                return True
        return False

    def _item_mask(self, m, O, where):
        for i in set(self.items):
            if self._item_usable(i, where):
                m[O["item"] + i] = True

    def _do_item(self, i: int) -> None:
        it = self.game.c["items"][i]
        kind = it.effect[0]
        self.log_event(f"Conan uses {it.name}")
        self.items.remove(i)
        if kind != "heart":
            self.item_discard.append(i)
        if kind == "heal":
            self._heal(it.effect[1])
        elif kind == "fatigue":
            self._refill(it.effect[1])
        elif kind == "rage":
            self.rage_pool += it.effect[1]
        elif kind == "cancel":
            self._cancel_pending(it.effect[1])
        elif kind == "scatter":
            self.push(ITEM_SQUARE, then=self.stack[-1])
        elif kind in ("throw", "heart"):
            self.push(ItemTarget(CONAN, i), then=self.stack[-1])

    def _heal(self, k):
        """Healing moves the wound marker left; a RAGE token already taken is not replaced."""
        self.wounds = max(0, self.wounds - k)

    def _mask_item_target(self, m, O, item):
        kind = self.game.c["items"][item].effect[0]
        yara = self.game.c["cards"][-1]
        for k, e in enumerate(self.enemies):
            if self.enemy_alive(e) and self.grid().in_range(self.pos, e.square, 3) and (
                    kind != "heart" or self.game.c["cards"][e.card] is yara):
                m[O["target"] + k] = True

    def _do_trade(self, i: int) -> None:
        self.items.remove(i)
        self.item_discard.append(i)
        self._gain_xp(self.game.c["items"][i].xp)

    def _rage_into_swing(self):
        """A RAGE token goes to the leftmost space of BIG SWING, pushing the rest right."""
        row = self.rows[SWING]
        row.insert(0, RAGE_TOKEN)
        if len(row) > 7:
            row.pop()
