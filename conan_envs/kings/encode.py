"""Observation encoder (Kings of Hyboria has no hidden information): per region, units by
type and owner (scaled by chit limits), which owners occupy it, Storm and Curse tokens,
raids; per player gold, Divinations, Relics, alive, King, turn-order seat, whose turn and
who is asked; the phase and the decision (one-hot), the region and unit type the current
order or battle is about; the round. Players are listed from the observer's seat onward.

The board part (units, occupancy, tokens) is kept up to date in the state's `board`, one
row per observer laid out as that observer's whole observation with the rest left zero, as
units and tokens come and go (`KingsState.add`, `set_storm`, `set_curse`, `set_raid` write
the positions `board_positions` gives). Encoding copies the observer's row and writes the
few values after it."""
from __future__ import annotations

import numpy as np

from ..engine.text import table
from . import content as C

R, T = C.NUM_REGIONS, C.NUM_TYPES
PHASES = ("setup", "fate", "hero", "wizard", "recruit", "move", "battle", "plunder", "over")
DECISIONS = ("place_king", "place_army", "divination", "target_region", "target_unit",
             "adventure", "piracy", "ancient_lore", "sacrifice", "transmutation", "recruit",
             "move_from", "move_unit", "move_to", "move_count", "embark", "casualty",
             "battle_target", "restore", "retreat", "terror_retreat", "new_king", "training",
             "relic_roll")
_DEC = {d: i for i, d in enumerate(DECISIONS)}
_PH = {p: i for i, p in enumerate(PHASES)}
PER_PLAYER = 9


def _scaled(k, c):
    """k of something with limit c, as the observation shows it: float32 k * (1/c), capped
    at 1 (neutral armies have no chit limit)."""
    return float(min(np.float32(k) * np.float32(1.0 / c), np.float32(1.0)))


# SCALED[t][k] for k = 0..chits of t (more shows as 1.0); Storm and Curse tokens likewise
SCALED = tuple(tuple(_scaled(k, c) for k in range(c + 1)) for c in C.CHITS)
STORMS = tuple(_scaled(k, 3) for k in range(4))
CURSES = tuple(_scaled(k, 6) for k in range(7))


def observation_size(n):
    o = n + 1
    return R * o * T + R * o + 3 * R + n * PER_PLAYER + len(PHASES) + len(DECISIONS) + R + T + 2


def board_size(n):
    """Where the board part of the observation ends: units, occupancy, the three tokens."""
    return R * (n + 1) * (T + 1) + 3 * R


def _views(n):
    """Per observer, the (region, owner) rows in the order its observation lists them:
    its own seat first, then the next players, the neutral armies last."""
    o = n + 1
    return [[r * o + s for r in range(R) for s in [(role + k) % n for k in range(n)] + [n]]
            for role in range(n)]


def board_positions(n):
    """Where each unit count u[(r*O + o)*T + t], each occupancy tot[r*O + o] and each
    region's Storm, Curse and raid tokens appear in the state's board (rows of
    observation_size(n), one per observer)."""
    o, size = n + 1, observation_size(n)
    upos = [[] for _ in range(R * o * T)]
    opos = [[] for _ in range(R * o)]
    tpos = [[[] for _ in range(R)] for _ in range(3)]
    for role, rows in enumerate(_views(n)):
        base = role * size
        for k, j in enumerate(rows):
            for t in range(T):
                upos[j * T + t].append(base + k * T + t)
            opos[j].append(base + R * o * T + k)
        for kind in range(3):
            for r in range(R):
                tpos[kind][r].append(base + R * o * (T + 1) + kind * R + r)
    return (tuple(map(tuple, upos)), tuple(map(tuple, opos)),
            tuple(tuple(map(tuple, rows)) for rows in tpos))


def board_values(state):
    """The board from the state's unit counts and tokens: what `state.board` must hold."""
    n, u, tot = state.n, state.u, state.tot
    units = [SCALED[i % T][k] if k < len(SCALED[i % T]) else 1.0 for i, k in enumerate(u)]
    tokens = ([STORMS[min(k, 3)] for k in state.storm] + [CURSES[min(k, 6)] for k in state.curse]
              + [float(k >= 0) for k in state.raided])
    tail = [0.0] * (observation_size(n) - board_size(n))
    out = []
    for rows in _views(n):
        out += [units[j * T + t] for j in rows for t in range(T)]
        out += [float(tot[j] > 0) for j in rows]
        out += tokens + tail
    return np.array(out, dtype=np.float32)


def encode(state, role):
    n = state.n
    game = state.game
    size = game._obs_size
    out = state.board[role * size:(role + 1) * size].copy()
    asked = state.ask[1] if state.ask is not None else -1
    me, order = state.me(), state.order
    gold, div, relics, alive, pool, dead = (state.gold, state.div, state.relics, state.alive,
                                            state.pool, state.king_dead)
    players = []
    for p in game.seats[role]:
        g, d, r = gold[p], div[p], relics[p]
        players += (g / 10 if g < 10 else 1.0, d / 5 if d < 5 else 1.0,
                    r / 5 if r < 5 else 1.0, 1.0 if alive[p] else 0.0,
                    1.0 if pool[p * T + C.KING] else 0.0, order.index(p) / (n - 1),
                    1.0 if p == me else 0.0, 1.0 if p == asked else 0.0,
                    1.0 if dead[p] else 0.0)
    k = game.board_size
    out[k:k + n * PER_PLAYER] = players
    k += n * PER_PLAYER
    out[k + _PH[state.phase]] = 1.0
    k += len(PHASES)
    if state.ask is not None:
        out[k + _DEC[state.ask[0]]] = 1.0
    k += len(DECISIONS)
    focus_r, focus_t = _focus(state)
    if focus_r >= 0:
        out[k + focus_r] = 1.0
    if focus_t >= 0:
        out[k + R + focus_t] = 1.0
    if state.turn:
        out[-2] = min(state.turn / (game.max_turns or 100), 1.0)
    if state.battle is not None:
        out[-1] = 1.0
    return out


def _focus(state):
    """The region and unit type the pending decision is about (-1 if none)."""
    if state.battle is not None:
        return state.battle["region"], -1
    ctx = state.task
    if "source" in ctx:
        return ctx["source"], ctx.get("unit", -1)
    if "target" in ctx:
        return ctx["target"], -1
    if "region" in ctx:
        return ctx["region"], -1
    return -1, -1


def render(state):
    """The text board: occupied regions with their units and tokens, then the players."""
    n, O = state.n, state.O
    names = [f"P{p}" for p in range(n)] + ["N"]
    rows = []
    for r in range(R):
        parts = []
        for o in range(O):
            if state.tot[r * O + o]:
                units = " ".join(f"{state.at(r, o, t)}{C.UNIT_KEYS[t][:2].title()}"
                                 for t in range(T) if state.at(r, o, t))
                parts.append(f"{names[o]}: {units}")
        tokens = []
        if state.storm[r]:
            tokens.append(f"storm {state.storm[r]}")
        if state.curse[r]:
            tokens.append(f"curse {state.curse[r]}")
        if parts or tokens:
            rows.append([C.REGIONS[r], "; ".join(parts), ", ".join(tokens)])
    lines = [table(rows, ["region", "units", "tokens"]), ""]
    for p in range(n):
        status = "out" if not state.alive[p] else ("King dead" if state.king_dead[p] else "")
        line = (f"P{p}: gold {state.gold[p]}, divinations {state.div[p]}, "
                f"relics {state.relics[p]}, countries {state.countries_of(p)} {status}")
        lines.append(line.rstrip())
    if state.phase == "over":
        lines.append(f"Game over after round {state.turn}: returns {state.returns()}")
    else:
        lines.append(f"Round {state.turn + 1}, P{state.me()}'s turn, {state.phase} phase; "
                     f"P{state.ask[1]} to decide: {state.ask[0]}")
    return "\n".join(lines)
