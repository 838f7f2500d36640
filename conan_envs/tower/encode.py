"""Observation encoder per role (DESIGN.md, Observations): the public board, Conan's card, the
enemies' cards, the decision being asked, and Yara's hand for Yara only (Conan sees its size).

The layout is computed once per Game (`Encoder`, reached as `game.encoder`): each location has a
template holding its static planes (terrain, height, elevation, location one-hot), to which the
enemies' part is added (and kept while the location and enemies stay as they were at the last
call); an observation is a copy of that, one write of the always-present values at precomputed
indexes and one `put` of the rest. tests/tower/test_encode_frozen.py holds its output to the
original encoder's, bit for bit."""
from __future__ import annotations

import numpy as np

from .grid import CELLS, W

STAGE_NAMES = ("pick", "discard", "dice", "mark", "pair_effect", "triple_effect", "ready", "test",
               "taurus", "initiative", "conan_turn", "target", "stun_target", "defend", "reserve",
               "reward", "mopping", "item_square", "item_target", "yara_dice", "minion_mark",
               "yara_turn", "minion", "yara_plan", "putback", "yara_initiative", "yara_block")
MAX_E = 6


def _sizes(game):
    c = game.c
    nk = len(c["kinds"])
    return {
        "grid": CELLS * 6,
        "stage": len(STAGE_NAMES) + 1,
        "conan": 24,
        "rows": 5 * 3 + 12,
        "skills": 2 * len(c["skills"]),
        "items": len(c["items"]),
        "enemies": MAX_E * (nk + 18),
        "loc": len(c["locations"]) + 4 + 6,
        "pending": 2 + MAX_E + 1 + 1 + 2 + MAX_E,
        "misc": 5 + 2 + 5 + MAX_E + 5 + 2,
        "blow": MAX_E + 4,
        "yara": 4 + 2 * len(c["plots"]) + 3 + len(c["initiative"]),
    }


def observation_size(game):
    return sum(_sizes(game).values())


def _float32_sums(step, n):
    """The float32 value of `step` added n times in float32 (a card held several times)."""
    out, acc = [], np.float32(0)
    for _ in range(n):
        out.append(float(acc))
        acc = acc + np.float32(step)
    return tuple(out)


class Encoder:
    """The observation layout of one Game, and the encoder over it."""

    def __init__(self, game):
        c = game.c
        self.size = size = observation_size(game)
        ns, ni, nl, npl = len(c["skills"]), len(c["items"]), len(c["locations"]), len(c["plots"])
        kinds = list(c["kinds"])
        self.per = per = len(kinds) + 18
        self.ns = ns
        # the blocks after the six grid planes, in order: name -> length
        blocks = {"stage": len(STAGE_NAMES) + 1, "conan": 24, "rows": 27, "skills": 2 * ns,
                  "items": ni, "enemies": MAX_E * per, "loc": nl, "tracker": 4, "misc": 6,
                  "pending": 2 + MAX_E + 1, "attack": 3 + MAX_E, "test": 5, "picks": 7,
                  "active": MAX_E, "mphase": 5, "first": 2, "blow": MAX_E + 4, "yara": 4,
                  "hand": 2 * npl + 3}  # Yara's hand, the cards drawn, the one put back
        o = 6 * CELLS
        for name, n in blocks.items():
            setattr(self, "o_" + name, o)
            o += n
        self.o_drawn = self.o_hand + npl
        self.o_putback = self.o_hand + 2 * npl
        self.o_init = o
        assert o + len(c["initiative"]) == size
        # the values written at every call, in the order encode() lists them
        fixed = [*range(self.o_conan, self.o_conan + 19), *range(self.o_rows, self.o_rows + 27),
                 *range(self.o_misc, self.o_misc + 6), self.o_pending, self.o_pending + 1,
                 self.o_pending + 2 + MAX_E, *range(self.o_picks, self.o_picks + 7),
                 self.o_first, self.o_first + 1, *range(self.o_yara, self.o_yara + 4)]
        self.fixed = np.array(fixed, dtype=np.intp)
        # one template per location: terrain planes and the location's one-hot
        self.templates = []
        for k, L in enumerate(c["locations"]):
            v = np.zeros(size, dtype=np.float32)
            grid = L.grid
            v[0:CELLS] = grid.blocked
            v[CELLS:2 * CELLS] = grid.height
            v[2 * CELLS:3 * CELLS] = np.asarray(grid.elev, dtype=np.float32) / 3.0
            v[self.o_loc + k] = 1.0
            v.flags.writeable = False
            self.templates.append(v)
        # per enemy card: kind one-hot offset (within an enemy block), life, life/6, move/4, dice/5
        self.card_static = tuple((1 + kinds.index(cd.kind.key), cd.kind.life, cd.kind.life / 6,
                                  cd.kind.move / 4, cd.kind.dice / 5) for cd in c["cards"])
        self.fatigue = c["conan"]["fatigue"]
        self.turn_scale = max(1, game.max_turns or 300)
        self.base_dice = c["conan"]["base_dice"]
        self.base_move = c["conan"]["base_move"]
        self.stage_at = {s: self.o_stage + i for i, s in enumerate(STAGE_NAMES)}
        self.stage_other = self.o_stage + len(STAGE_NAMES)
        self.halves = tuple(0.5 * n for n in range(64))
        self.thirds = _float32_sums(1 / 3, 64)
        self.locations = c["locations"]
        # the location and enemies last encoded, with their part of the observation (see encode)
        self._last_base = None
        self._enemy_parts = {}

    def _base(self, loc, enemies):
        """(loc, a copy of `enemies`, the location's template with the enemies' part: board
        planes for every living enemy, cards for the first MAX_E). Each enemy's part is kept
        until that enemy changes."""
        parts = self._enemy_parts
        copy, ix, xs = [], [], []
        for k, e in enumerate(enemies):
            part = parts.get(k)
            if part is None or part[0] != e:
                part = parts[k] = self._encode_enemy(k, e)
            copy.append(part[0])
            ix += part[1]
            xs += part[2]
        base = self.templates[loc].copy()
        base.put(ix, xs)
        base.flags.writeable = False
        return loc, copy, base

    def _encode_enemy(self, k, e):
        """(a copy of enemy `e` in slot k, indexes, values)."""
        ix, xs = [], []
        life = e[11]
        st = self.card_static[e[0]]
        alive = e[2] < life
        if alive:
            sq = e[1]
            ix += (4 * CELLS + sq, 5 * CELLS + sq)
            xs += (1.0, e[2] / life)
        if k < MAX_E:
            b = self.o_enemies + k * self.per
            if alive:
                n = e[3]
                ln = len(n)
                tk = e[4]
                st5 = e[5]
                ix += (b, b + st[0])
                xs += (1.0, 1.0)
                b += self.per - 17
                ix += range(b, b + 17)
                sq = e[1]
                xs += (e[2] / st[1], st[2], (n[0] / 3) if ln > 0 else 0.0,
                       (n[1] / 3) if ln > 1 else 0.0, (n[2] / 3) if ln > 2 else 0.0,
                       (n[3] / 3) if ln > 3 else 0.0, st5 and tk[0] == "S",
                       st5 and tk[0] == "R", len(tk) / 3, e[6], e[7] / 2, e[8] / 2, e[9] / 2,
                       (sq % W) / 7, (sq // W) / 5, st[3], st[4])
            else:
                ix.append(b + st[0])
                xs.append(1.0)
        # an enemy is [card, square, wounds, dice per row, tokens, flags and counters...]
        return [*e[:3], [*e[3]], [*e[4]], *e[5:]], tuple(ix), tuple(xs)

    def encode(self, s, role):
        """The observation of `role` (0 Conan, 1 Yara) in state `s`."""
        E = self
        # the location's template with the enemies' part, kept while neither changes
        enemies = s.enemies
        last = E._last_base
        if last is None or last[0] != s.loc or last[1] != enemies:
            last = E._last_base = E._base(s.loc, enemies)
        v = last[2].copy()
        ix = [3 * CELLS + s.pos, E.stage_at.get(s.decision(), E.stage_other),
              E.o_conan + 19 + min(s.cphase, 4), E.o_tracker + s.tracker - 1,
              E.o_mphase + min(s.mphase, 4)]
        xs = [1.0, 1.0, 1.0, 1.0, 1.0]
        put, val = ix.append, xs.append
        # Conan's skills and items
        o = E.o_skills
        ns = E.ns
        for sk, ex in zip(s.skills, s.exhausted):
            ix += (o + sk, o + ns + sk)
            xs += (1.0, float(ex))
        items = s.items
        if items:
            o = E.o_items
            halves = E.halves
            for i in set(items):
                put(o + i)
                val(halves[items.count(i)])
        # the attack being resolved, the test being taken, the minion acting, the blow blocked
        hits, tokens, att, rip = s.pending
        if 0 <= att < MAX_E:
            put(E.o_pending + 2 + att)
            val(1.0)
        a = s.attack
        if a is not None:
            o = E.o_attack
            ix += (o, o + 1, o + 2)
            xs += (1.0, a["w"] / 6, a["max"] / 3)
            for t in a["tg"]:
                put(o + 3 + t)
                val(1.0)
            q = a["q"]
            if q and q[0][0] < MAX_E:
                b = q[0]
                o = E.o_blow
                ix += (o + b[0], o + MAX_E, o + MAX_E + 1, o + MAX_E + 2, o + MAX_E + 3)
                xs += (1.0, b[1] / 6, b[2] == "S", b[2] == "R", b[3])
        stage = s.stage
        if stage == "test":
            tests = E.locations[s.loc].tests
            if s.test_idx < len(tests):
                t = tests[s.test_idx]
                o = E.o_test
                ix += range(o, o + 5)
                xs += (min(6, t.need + (1 if s.test_rerolled else 0)) / 6, t.count / 2,
                       s.test_paid / 2, s.test_rerolled, t.optional)
        elif stage == "minion" and 0 <= s.active < MAX_E:
            put(E.o_active + s.active)
            val(1.0)
        # Yara's cards: Conan sees the hand's size only
        if role == 1:
            thirds = E.thirds
            hand = s.plot_hand
            o = E.o_hand
            for card in set(hand):
                put(o + card)
                val(thirds[hand.count(card)])
            drawn = s.drawn
            o = E.o_drawn
            for card in set(drawn):
                put(o + card)
                val(thirds[drawn.count(card)])
            o = E.o_putback
            ix += (o, o + 1, o + 2)
            xs += (s.put_back / 3, s.plot_known == "top", s.plot_known == "bottom")
        if s.init_card >= 0:
            put(E.o_init + s.init_card)
            val(1.0)
        # the values present at every call, at E.fixed
        # a row holds dice (1..6) and FATIGUE/RAGE tokens (7, 8)
        r0, r1, r2, r3, r4 = s.rows
        l0, l1, l2, l3, l4 = len(r0), len(r1), len(r2), len(r3), len(r4)
        d0 = l0 - r0.count(7) - r0.count(8) if l0 else 0
        d1 = l1 - r1.count(7) - r1.count(8) if l1 else 0
        d2 = l2 - r2.count(7) - r2.count(8) if l2 else 0
        d3 = l3 - r3.count(7) - r3.count(8) if l3 else 0
        d4 = l4 - r4.count(7) - r4.count(8) if l4 else 0
        pool, marked, ctok, poison, picks = s.pool, s.marked, s.ctok, s.poison, s.picks
        level, wounds = s.level, s.wounds
        tok = s.ctok_active and ctok[0]
        hits_tokens = s.pending
        v[E.fixed] = (
            level / 5, s.xp / 30, s.fatigue / E.fatigue, wounds / 5, s.rage_pool / 4,
            len(s.rage_track) / 3, s.move_left / 15, s.slay_move, s.slain_sq >= 0,
            tok == "S", tok == "R", len(ctok) / 3, len(poison) / 3, sum(poison) / 6,
            s.free_blocks / 3, s.move_bonus / 3, s.locked, (E.base_dice + level - wounds) / 11,
            max(0, E.base_move + level - wounds) / 7,
            l0 / 7, d0 / 7, (l0 - d0) / 7, l1 / 7, d1 / 7, (l1 - d1) / 7,
            l2 / 7, d2 / 7, (l2 - d2) / 7, l3 / 7, d3 / 7, (l3 - d3) / 7,
            l4 / 7, d4 / 7, (l4 - d4) / 7,
            pool[1] / 6, pool[2] / 6, pool[3] / 6, pool[4] / 6, pool[5] / 6, pool[6] / 6,
            marked[1] / 6, marked[2] / 6, marked[3] / 6, marked[4] / 6, marked[5] / 6,
            marked[6] / 6,
            min(s.combat_rounds, 20) / 20, s.init_token, s.first_side, s.side_no / 2,
            s.in_combat, s.turn / E.turn_scale,
            hits_tokens[0] / 6, len(hits_tokens[1]) / 3, hits_tokens[3],
            (picks[0] / 5) if picks else 0.0, len(picks) / 10, s.ready_left / 7,
            s.reserve_left / 5, sum(s.reserve_kept) / 5, s.ability_used, s.plot_played,
            s.conan_first, s.auto_only,
            len(s.plot_hand) / 10, len(s.plot_deck) / 20, len(s.plot_discard) / 20,
            len(s.item_deck) / 20)
        v.put(ix, xs)
        return v

