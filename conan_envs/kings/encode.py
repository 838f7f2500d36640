"""Observation encoder (Kings of Hyboria has no hidden information): per region, units by
type and owner (scaled by chit limits), which owners occupy it, Storm and Curse tokens,
raids; per player gold, Divinations, Relics, alive, King, turn-order seat, whose turn and
who is asked; the phase and the decision (one-hot), the region and unit type the current
order or battle is about; the round. Players are listed from the observer's seat onward."""
from __future__ import annotations

import functools

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
_SCALE = np.array([1.0 / c for c in C.CHITS], dtype=np.float32)
PER_PLAYER = 9
_ONES = np.ones(T, dtype=np.float32)
_TOKEN_SCALE = np.array([[1 / 3.0], [1 / 6.0]], dtype=np.float32)  # Storms, Curses


def observation_size(n):
    o = n + 1
    return R * o * T + R * o + 3 * R + n * PER_PLAYER + len(PHASES) + len(DECISIONS) + R + T + 2


@functools.lru_cache(maxsize=None)
def _layout(n, role):
    """The players from the observer's seat on (neutral last), and the units' scales."""
    o = n + 1
    seats = [(role + k) % n for k in range(n)] + [n]
    scale = np.tile(_SCALE, R * o)
    return seats, scale


def encode(state, role):
    n, O = state.n, state.O
    seats, scale = _layout(n, role)
    nu = R * O * T
    out = np.zeros(observation_size(n), dtype=np.float32)
    units = out[:nu]
    if role == 0:
        np.multiply(state.uf, scale, out=units)
    else:  # rotate the players' seats: the observer first, the neutral armies stay last
        src, dst = state.uf.reshape(R, O, T), units.reshape(R, O, T)
        dst[:, :n - role] = src[:, role:n]
        dst[:, n - role:n] = src[:, :role]
        dst[:, n] = src[:, n]
        units *= scale
    np.minimum(units, 1.0, out=units)
    k = nu + R * O
    np.greater(units.reshape(R * O, T) @ _ONES, 0, out=out[nu:k], casting="unsafe")
    tokens = out[k:k + 3 * R].reshape(3, R)
    tokens[0] = state.storm
    tokens[1] = state.curse
    tokens[2] = state.raided
    tokens[:2] *= _TOKEN_SCALE
    np.minimum(tokens[:2], 1.0, out=tokens[:2])
    np.greater_equal(tokens[2], 0.0, out=tokens[2], casting="unsafe")
    k += 3 * R
    asked = state.ask[1] if state.ask is not None else -1
    me, order = state.me(), state.order
    players = []
    for p in seats[:n]:
        players += (min(state.gold[p] / 10, 1.0), min(state.div[p] / 5, 1.0),
                    min(state.relics[p] / 5, 1.0), state.alive[p], state.pool[p * T + C.KING] > 0,
                    order.index(p) / (n - 1), p == me, p == asked, state.king_dead[p])
    out[k:k + len(players)] = players
    k += len(players)
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
    cap = state.game.max_turns or 100
    out[-2] = min(state.turn / cap, 1.0)
    out[-1] = state.bt is not None
    return out


def _focus(state):
    """The region and unit type the pending decision is about (-1 if none)."""
    if state.bt is not None:
        return state.bt["r"], -1
    ctx = state.ctx
    if "src" in ctx:
        return ctx["src"], ctx.get("t", -1)
    if "d" in ctx:
        return ctx["d"], -1
    if "r" in ctx:
        return ctx["r"], -1
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
