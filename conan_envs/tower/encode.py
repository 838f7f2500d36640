"""Observation encoder per role (DESIGN.md, Observations): the public board, Conan's card, the
enemies' cards, the decision being asked, and Yara's hand for Yara only (Conan sees its size)."""
from __future__ import annotations

import numpy as np

from .grid import CELLS, W

STAGE_NAMES = ("pick", "discard", "dice", "mark", "pair_effect", "triple_effect", "ready", "test",
               "taurus", "initiative", "conan_turn", "target", "stun_target", "defend", "reserve",
               "reward", "mopping", "item_square", "item_target", "yara_dice", "minion_mark",
               "yara_turn", "minion", "yara_plan", "putback", "yara_initiative", "yara_block")
STAGE_INDEX = {s: i for i, s in enumerate(STAGE_NAMES)}
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


def encode(s, role):
    g = s.game
    c = g.c
    v = np.zeros(g._obs_size, dtype=np.float32)
    L = c["locations"][s.loc]
    grid = L.grid
    # grid planes: blocked, height, elevation, Conan, enemy, enemy wounds taken
    v[0:CELLS] = grid.blocked
    v[CELLS:2 * CELLS] = grid.height
    v[2 * CELLS:3 * CELLS] = np.asarray(grid.elev, dtype=np.float32) / 3.0
    v[3 * CELLS + s.pos] = 1.0
    kinds = list(c["kinds"])
    for e in s.enemies:
        if s._alive(e):
            v[4 * CELLS + e[1]] = 1.0
            v[5 * CELLS + e[1]] = e[2] / s._life(e)
    o = 6 * CELLS
    d = s.decision()
    v[o + STAGE_INDEX.get(d, len(STAGE_NAMES))] = 1.0
    o += len(STAGE_NAMES) + 1
    cc = c["conan"]
    conan = [s.level / 5, s.xp / 30, s.fatigue / cc["fatigue"], s.wounds / 5, s.rage_pool / 4,
             len(s.rage_track) / 3, s.move_left / 15, s.slay_move, s.slain_sq >= 0,
             s._stunned(), s._rattled(), len(s.ctok) / 3, len(s.poison) / 3,
             sum(s.poison) / 6, s.free_blocks / 3, s.move_bonus / 3, s.locked,
             s._base_dice() / 11, s._base_move() / 7]
    v[o:o + len(conan)] = conan
    v[o + 19 + min(s.cphase, 4)] = 1.0
    o += 24
    for r, row in enumerate(s.rows):
        nd = sum(1 for x in row if x <= 6)
        v[o + 3 * r: o + 3 * r + 3] = (len(row) / 7, nd / 7, (len(row) - nd) / 7)
    o += 15
    v[o:o + 6] = np.asarray(s.pool[1:], dtype=np.float32) / 6
    v[o + 6:o + 12] = np.asarray(s.marked[1:], dtype=np.float32) / 6
    o += 12
    ns = len(c["skills"])
    for sk, ex in zip(s.skills, s.exhausted):
        v[o + sk] = 1.0
        v[o + ns + sk] = float(ex)
    o += 2 * ns
    for i in s.items:
        v[o + i] += 0.5
    o += len(c["items"])
    per = len(kinds) + 18
    for k, e in enumerate(s.enemies[:MAX_E]):
        b = o + k * per
        kind = s._kind(e)
        alive = s._alive(e)
        v[b] = alive
        v[b + 1 + kinds.index(kind.key)] = 1.0
        b += 1 + len(kinds)
        if alive:
            x, y = e[1] % W, e[1] // W
            v[b:b + 17] = (e[2] / kind.life, kind.life / 6, *(n / 3 for n in (e[3] + [0] * 4)[:4]),
                           s._e_stunned(e), s._e_rattled(e), len(e[4]) / 3, e[6], e[7] / 2,
                           e[8] / 2, e[9] / 2, x / 7, y / 5, kind.move / 4, kind.dice / 5)
    o += MAX_E * per
    v[o + s.loc] = 1.0
    o += len(c["locations"])
    v[o + s.tracker - 1] = 1.0
    o += 4
    v[o:o + 6] = (min(s.combat_rounds, 20) / 20, s.init_token, s.first_side, s.side_no / 2,
                  s.in_combat, s.turn / max(1, g.max_turns or 300))
    o += 6
    hits, tokens, att, rip = s.pending
    v[o:o + 2] = (hits / 6, len(tokens) / 3)
    if 0 <= att < MAX_E:
        v[o + 2 + att] = 1.0
    v[o + 2 + MAX_E] = rip
    o += 2 + MAX_E + 1
    a = s.attack
    if a is not None:
        v[o] = 1.0
        v[o + 1:o + 3] = (a["w"] / 6, a["max"] / 3)
        for t in a["tg"]:
            v[o + 3 + t] = 1.0
    o += 3 + MAX_E
    t = L.tests[s.test_idx] if s.stage == "test" and s.test_idx < len(L.tests) else None
    if t is not None:
        v[o:o + 5] = (s._need() / 6, t.count / 2, s.test_paid / 2, s.test_rerolled, t.optional)
    o += 5
    v[o:o + 2] = ((s.picks[0] / 5) if s.picks else 0.0, len(s.picks) / 10)
    o += 2
    v[o] = s.ready_left / 7
    v[o + 1:o + 5] = (s.reserve_left / 5, sum(s.reserve_kept) / 5, s.ability_used, s.plot_played)
    o += 5
    if s.stage == "minion" and 0 <= s.active < MAX_E:
        v[o + s.active] = 1.0
    o += MAX_E
    v[o + min(s.mphase, 4)] = 1.0
    o += 5
    v[o:o + 2] = (s.conan_first, s.auto_only)
    o += 2
    # the blow a minion is blocking: target, wounds (or token) left, token kind, riposte allowed
    if a is not None and a["q"] and a["q"][0][0] < MAX_E:
        b = a["q"][0]
        v[o + b[0]] = 1.0
        v[o + MAX_E:o + MAX_E + 4] = (b[1] / 6, b[2] == "S", b[2] == "R", b[3])
    o += MAX_E + 4
    # Yara's cards: Conan sees the hand's size only
    v[o:o + 4] = (len(s.plot_hand) / 10, len(s.plot_deck) / 20, len(s.plot_discard) / 20,
                  len(s.item_deck) / 20)
    o += 4
    np_ = len(c["plots"])
    if role == 1:
        for card in s.plot_hand:
            v[o + card] += 1 / 3
        for card in s.drawn:
            v[o + np_ + card] += 1 / 3
        v[o + 2 * np_:o + 2 * np_ + 3] = (s.put_back / 3, s.plot_known == "top",
                                          s.plot_known == "bottom")
    o += 2 * np_ + 3
    if s.init_card >= 0:
        v[o + s.init_card] = 1.0
    return v
