"""Yara's side (Movement; Range; Enemy Attacks in Battle Mode; Yara's Plots and Plans; the solo
rules on each enemy card): in solo mode the enemies act by the rulebook's fixed rules; in Battle
Mode Yara activates minions one at a time, burns dice for extra movement, uses abilities and
plays Plot and Plan cards."""
from __future__ import annotations

from conan_envs.engine import draw
from conan_envs.engine.core import Mask

from .content import ATTACK_KINDS
from .decisions import YARA
from .dice import d6
from .fields import TowerFields
from .frames import AI, ATTACKED, MOVED, Ai, Phase
from .grid import NEAR, dist
from .words import TOKEN_NAMES, row_short, square
from .yara_decisions import YARA_TURN, Minion

BURN_ORDER = ("block", "riposte", "hitriposte", "rollhit", "hit", "bite", "venom", "curse")


class MinionMixin(TowerFields):
    # ---- shared -------------------------------------------------------------------------------
    def attack_rows_in_range(self, e, sq=None):
        k = self.enemy_kind(e)
        g = self.grid()
        sq = e.square if sq is None else sq
        return [r for r, row in enumerate(k.rows)
                if row.kind in ATTACK_KINDS and e.dice[r] and g.in_range(sq, self.pos, row.range)]

    def _minion_attack(self, i, rows=None):
        """All the successful hits of one attack are added together (`rows`: the attack rows in
        range, when the caller has them)."""
        e = self.enemies[i]
        k = self.enemy_kind(e)
        hits, tokens = 0, []
        for r in self.attack_rows_in_range(e) if rows is None else rows:
            lo, hi, kind, param, _rng = k.rows[r]
            n = e.dice[r]
            e.dice[r] = 0
            if kind in ("hit", "hitriposte"):
                hits += n
            elif kind == "rollhit":
                roll = d6(self.rng, n)
                got = sum(1 for v in roll if v >= param)
                self.log_event(f"{self._enemy_name(i)} rolls {list(roll)} for its "
                               f"{row_short(k.rows[r])} dice, hitting on {param}+: {got} hit(s)")
                hits += got
            elif kind == "bite":
                hits += n * param
            elif kind == "venom":
                tokens += ["P"] * n
            elif kind == "curse":
                tokens += ["R"] * n
        hits += e.bonus_hits
        e.bonus_hits = 0
        return hits, tokens

    def _burn_minion_dice(self, e, n, keep_attacks=False):
        k = self.enemy_kind(e)
        for want in BURN_ORDER:
            if keep_attacks and want in ATTACK_KINDS:
                break
            for r, row in enumerate(k.rows):
                while n > 0 and e.dice[r] > 0 and row.kind == want:
                    e.dice[r] -= 1
                    n -= 1
        return n

    def ignores_blocking(self, e):
        k = self.enemy_kind(e)
        return k.ignores_blocking or self.game.c["locations"][self.loc].key in k.ignores_blocking_at

    def _occupied_by_others(self, i):
        return {x.square for j, x in enumerate(self.enemies) if j != i and self.enemy_alive(x)}

    def _bow_ready(self, e):
        k = self.enemy_kind(e)
        return (bool(k.bow) and dist(e.square, self.pos) == 3
                and self.grid().line_of_sight(e.square, self.pos))

    # ---- solo mode ------------------------------------------------------------------------------
    def _auto_ai(self) -> None:
        """Enemies activate in card order. In range they attack and never step out of range;
        out of range they spend all movement and dice to get into range as fast as they can."""
        while self.ai_idx < len(self.enemies):
            i = self.ai_idx
            self.ai_idx += 1
            e = self.enemies[i]
            if not self.enemy_alive(e) or e.done or self._e_stunned(e):
                continue
            e.done = True
            start = e.square
            hits, tokens = self._ai_activate(i)
            if e.square != start:
                self.log_event(f"{self._enemy_name(i)} moves from {square(start)} to {square(e.square)}")
            if hits or tokens:
                self.log_event(f"{self._enemy_name(i)} attacks Conan: {hits} hit(s)" + "".join(
                    f", {TOKEN_NAMES[t]}" for t in tokens))
                self._deal_to_conan(hits, tokens, i, True, AI)
                if not self.top_is(Ai) or self.winner is not None:
                    return
        self._end_side()

    def _ai_activate(self, i):
        e = self.enemies[i]
        k = self.enemy_kind(e)
        if self._bow_ready(e):
            self.log_event(f"{self.game.c['cards'][e.card].name} shoots its BOW")
            e.dice = [0] * len(e.dice)        # replaces all moves and actions: its dice are spent
            hits, e.bonus_hits = k.bow + e.bonus_hits, 0
            return hits, []
        rows = self.attack_rows_in_range(e)
        if rows:
            return self._minion_attack(i, rows)
        if self._e_rattled(e):
            return 0, []
        has_attack = any(e.dice[r] for r, row in enumerate(k.rows) if row.kind in ATTACK_KINDS)
        reach = max((row.range for r, row in enumerate(k.rows) if row.kind in ATTACK_KINDS and e.dice[r]),
                    default=1)
        g = self.grid()
        taken = self._occupied_by_others(i)
        ign = self.ignores_blocking(e)
        budget = k.move + e.bonus_move
        dice = sum(e.dice) if has_attack else 0
        goals = g.squares_in_range(self.pos, reach, ign)
        if taken:
            goals = goals - taken
        goal, costs, prev = g.dijkstra(e.square, self.pos, ign, goals)
        if goal is not None:
            cost = costs[goal]
            if cost > budget:
                extra = min(dice, cost - budget)
                self._burn_minion_dice(e, extra)
                budget += extra
            self._move_along(i, g.path(prev, e.square, goal), costs, budget, taken)
        else:
            best = min(((dist(sq, self.pos), c, sq) for sq, c in costs.items()
                        if c <= budget and sq not in taken), default=None)
            if best is not None:
                e.square = best[2]
        rows = self.attack_rows_in_range(e)
        if rows:
            return self._minion_attack(i, rows)
        return 0, []

    def _move_along(self, i, path, best, budget, taken):
        e = self.enemies[i]
        stop = e.square
        for sq in path[1:]:
            if best[sq] > budget:
                break
            if sq not in taken:
                stop = sq
        e.square = stop

    # ---- Battle Mode: Yara's turn --------------------------------------------------------------
    def _mask_yara_turn(self, m: Mask, O: dict[str, int]) -> None:
        for i, e in enumerate(self.enemies):
            if self.enemy_alive(e) and not e.done and not self._e_stunned(e):
                m[O["activate"] + i] = True
        self._plot_mask(m, O, combat=True)
        m[O["done"]] = True

    def _do_activate(self, i: int) -> None:
        e = self.enemies[i]
        e.done = True
        self.log_event(f"Yara activates {self.game.c['cards'][e.card].name}")
        self.move_left = 0 if self._e_rattled(e) else self.enemy_kind(e).move + e.bonus_move
        self.replace(Minion(YARA, i, int(Phase.FRESH), False))

    def _minion_can_move(self, e, phase):
        return phase != 2 and not self._e_rattled(e) and not self._e_stunned(e)

    def _minion_step_cost(self, e, src, dst, ign):
        g = self.grid()
        if dst < 0 or dst == self.pos or (g.blocked[dst] and not ign):
            return 99
        return 1 + (dist(src, self.pos) == 1) + (g.elev[src] != g.elev[dst])

    def _minion_step_ok(self, e, d, taken, ign):
        g = self.grid()
        dst = g.step[e.square][d]
        c = self._minion_step_cost(e, e.square, dst, ign)
        if c > self.move_left:
            return False
        if dst not in taken:
            return True
        # passing through a friend: only if a free square can be reached from there
        left = self.move_left - c
        return any(v not in taken and self._minion_step_cost(e, dst, v, ign) <= left
                   for v in g.neighbors[dst])

    def _mask_minion(self, m, O, act):
        e = self.enemies[act.enemy]
        phase = act.phase
        k = self.enemy_kind(e)
        ign = self.ignores_blocking(e)
        taken = self._occupied_by_others(act.enemy)
        on_friend = e.square in taken
        if self._minion_can_move(e, phase):
            g = self.grid()
            conan, here, left = self.pos, e.square, self.move_left
            leave = 1 + (here in NEAR[conan])
            blocked, elev = g.blocked, g.elev
            step = O["step"]
            for d, dst in enumerate(g.step[here]):
                if dst < 0 or dst == conan or (blocked[dst] and not ign):
                    continue
                if leave + (elev[here] != elev[dst]) > left:
                    continue
                if dst not in taken or self._minion_step_ok(e, d, taken, ign):
                    m[step + d] = True
            for r, n in enumerate(e.dice):
                if n:
                    m[O["burn_move"] + r] = True
        if not on_friend:
            if phase != 4 and self.attack_rows_in_range(e):
                m[O["attack"]] = True
            if k.bow:
                if phase == 0 and self._bow_ready(e):
                    m[O["ability"]] = True
            elif k.ability and not act.ability_used and self._ability_ok(e, k.ability, phase):
                m[O["ability"]] = True
            m[O["done"]] = True

    def _minion_step(self, d):
        act = self._top(Minion)
        e = self.enemies[act.enemy]
        dst = self.grid().step[e.square][d]
        self.move_left -= self._minion_step_cost(e, e.square, dst, self.ignores_blocking(e))
        e.square = dst
        self.log_event(f"{self.game.c['cards'][e.card].name} steps to {square(dst)}")
        phase = MOVED.get(act.phase, act.phase)
        if phase != act.phase:
            self.replace(Minion(YARA, act.enemy, phase, act.ability_used))

    def _do_burn_move(self, r: int) -> None:
        """A minion may burn a die from any slot for 1 extra movement point."""
        e = self.enemies[self._top(Minion).enemy]
        e.dice[r] -= 1
        self.move_left += 1
        self.log_event(f"{self.game.c['cards'][e.card].name} burns a die to move")

    def _do_attack(self, _: int) -> None:
        act = self._top(Minion)
        i = act.enemy
        phase = ATTACKED.get(act.phase, act.phase)
        if phase != act.phase:
            self.replace(Minion(YARA, i, phase, act.ability_used))
        hits, tokens = self._minion_attack(i)
        self.log_event(f"{self.game.c['cards'][self.enemies[i].card].name} attacks Conan: "
                       f"{hits} hit(s)" + "".join(f", {TOKEN_NAMES[t]}" for t in tokens))
        if hits or tokens:
            self._deal_to_conan(hits, tokens, i, True)     # then back to this activation

    def _ability_ok(self, e, ab, phase):
        _name, kind, cost, reach, _param = ab
        if sum(e.dice) < cost:
            return False
        if kind in ("token", "drain"):
            return self.grid().in_range(e.square, self.pos, reach)
        if kind == "move":
            return self._minion_can_move(e, phase)
        if kind == "rally":
            return any(self.enemy_alive(x) and x is not e for x in self.enemies)
        if kind == "heal":
            return any(self.enemy_alive(x) and x.wounds > 0 for x in self.enemies)
        return False

    def _do_ability(self, _: int) -> None:
        act = self._top(Minion)
        e = self.enemies[act.enemy]
        k = self.enemy_kind(e)
        name = self.game.c["cards"][e.card].name
        self.log_event(f"{name} shoots its BOW" if k.bow else f"{name} uses {k.ability[0]}")
        if k.bow:
            e.dice = [0] * len(e.dice)       # BOW replaces all moves and actions this round
            hits = k.bow + e.bonus_hits
            e.bonus_hits = 0
            self._deal_to_conan(hits, [], act.enemy, True, YARA_TURN)
            return
        _name, kind, cost, _reach, param = k.ability
        self.replace(Minion(YARA, act.enemy, act.phase, True))
        self._burn_minion_dice(e, cost)
        if kind == "token":       # e.g. the Lion's MAIM: Conan gains the token unless he blocks it
            self._deal_to_conan(0, [param], act.enemy, False)     # then back to this activation
        elif kind == "move":
            self.move_left += param
        elif kind == "rally":
            for x in self.enemies:
                if x is not e and self.enemy_alive(x):
                    x.bonus_hits += 1
        elif kind == "heal":
            hurt = max((x for x in self.enemies if self.enemy_alive(x)), key=lambda x: x.wounds)
            hurt.wounds -= 1
        elif kind == "drain":
            self._lose_fatigue(1)

    # ---- Plot and Plan cards ------------------------------------------------------------------------
    def _plot_mask(self, m, O, combat):
        if (combat and self.plot_played) or self.game.c["locations"][self.loc].no_plots:
            return
        plots = self.game.c["plots"]
        for c in set(self.plot_hand):
            if combat or plots[c].when == "any":
                m[O["plot"] + c] = True

    def _do_plot(self, c: int) -> None:
        """At most one card per combat round; outside combat, freely."""
        self.plot_hand.remove(c)
        self.plot_discard.append(c)
        self.log_event(f"Yara plays {self.game.c['plots'][c].name}")
        kind, k = self.game.c["plots"][c].effect
        if self.in_combat:
            self.plot_played = True
        if kind == "tracker":
            self._advance_tracker(k)
        elif kind == "fatigue":
            self._lose_fatigue(-k)
        elif kind == "token":
            # "Tokens may be blocked with a BLOCK action, just like a normal attack": in the
            # Location Phase too, with the BLOCK dice Conan slotted in the Dice Phase
            self._deal_to_conan(0, [k], -1, False, self.stack[-1])
        else:
            self._minion_effect((kind, k))

    def _draw_plots(self, n):
        self.drawn = []
        for _ in range(n):
            if self.plot_known == "top" or not self.plot_deck:
                self.plot_known = ""
            card = draw(self.rng, self.plot_deck, self.plot_discard)
            if card is None:
                break
            self.plot_hand.append(card)
            self.drawn.append(card)
        self.plot_hand.sort()
        plots = self.game.c["plots"]
        self.log_event(f"Yara draws {len(self.drawn)} Plot and Plan card(s)")
        self.log_event("Yara draws " + ", ".join(plots[p].name for p in self.drawn), to=1)

    def _mask_yara_plan(self, m: Mask, O: dict[str, int]) -> None:
        self._plot_mask(m, O, combat=False)
        m[O["done"]] = True

    def _do_put_top(self, c: int) -> None:
        self._put_back(c, True)

    def _do_put_bottom(self, c: int) -> None:
        self._put_back(c, False)

    def _put_back(self, c, top):
        self.drawn.remove(c)
        self.plot_hand.remove(c)
        if top:
            self.plot_deck.append(c)
        else:
            self.plot_deck.insert(0, c)
        self.plot_known = "top" if top else "bottom"
        self.log_event("Yara puts a card back")
        self.log_event(f"Yara puts {self.game.c['plots'][c].name} on the {self.plot_known}", to=1)
        self.put_back -= 1
        if self.put_back <= 0:
            self.drawn = []
            self.pop()
