"""Observation encoder (Kings of Hyboria has no hidden information): per region, units by
type and owner (scaled by chit limits), which owners occupy it, Storm and Curse tokens,
raids; per player gold, Divinations, Relics, alive, King, turn-order seat, whose turn and
who is asked; the phase and the decision (one-hot), the region and unit type the current
order or battle is about; the round. Players are listed from the observer's seat onward.

The first two blocks (scaled units, occupancy) are kept up to date in the state's `board`
as units come and go (`KingsState.add`, via `board_values`); encoding copies them through
a per-observer permutation made once on the Game (`board_perms`)."""
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
STORM_SCALE, CURSE_SCALE = np.float32(1 / 3.0), np.float32(1 / 6.0)


def _scaled(k, c):
    """k units of a type with c chits, as the observation shows them: float32 k * (1/c),
    capped at 1 (neutral armies have no chit limit)."""
    return float(min(np.float32(k) * np.float32(1.0 / c), np.float32(1.0)))


# SCALED[t][k] for k = 0..chits of t; more than that shows as 1.0
SCALED = tuple(tuple(_scaled(k, c) for k in range(c + 1)) for c in C.CHITS)


def observation_size(n):
    o = n + 1
    return R * o * T + R * o + 3 * R + n * PER_PLAYER + len(PHASES) + len(DECISIONS) + R + T + 2


def board_size(n):
    return R * (n + 1) * (T + 1)


def board_values(u, tot, n):
    """The board block (player 0's view) from unit counts: what `state.board` must hold."""
    out = [SCALED[i % T][k] if k < len(SCALED[i % T]) else 1.0 for i, k in enumerate(u)]
    return np.array(out + [float(k > 0) for k in tot], dtype=np.float32)


def board_perms(n):
    """Per observer: the board indices in the order that observer's observation lists them
    (its own seat first, then the next players, the neutral armies last)."""
    o = n + 1
    perms = []
    for role in range(n):
        seats = [(role + k) % n for k in range(n)] + [n]
        units = [(r * o + s) * T + t for r in range(R) for s in seats for t in range(T)]
        occ = [R * o * T + r * o + s for r in range(R) for s in seats]
        perms.append(np.array(units + occ, dtype=np.intp))
    return tuple(perms)


def encode(state, role):
    n = state.n
    game = state.game
    out = np.zeros(game._obs_size, dtype=np.float32)
    board = state.board
    k = board.size
    if role == 0:
        out[:k] = board
    else:
        board.take(game.board_perms[role], out=out[:k])
    storm, curse, raided = state.storm, state.curse, state.raided
    if any(storm):
        v = out[k:k + R]
        v[:] = storm
        v *= STORM_SCALE
        np.minimum(v, 1.0, out=v)
    k += R
    if any(curse):
        v = out[k:k + R]
        v[:] = curse
        v *= CURSE_SCALE
        np.minimum(v, 1.0, out=v)
    k += R
    if max(raided) >= 0:
        out[k:k + R] = [x >= 0 for x in raided]
    k += R
    asked = state.ask[1] if state.ask is not None else -1
    me, order = state.me(), state.order
    gold, div, relics, alive, pool, dead = (state.gold, state.div, state.relics, state.alive,
                                            state.pool, state.king_dead)
    players = []
    for j in range(n):
        p = (role + j) % n
        players += (min(gold[p] / 10, 1.0), min(div[p] / 5, 1.0), min(relics[p] / 5, 1.0),
                    alive[p], pool[p * T + C.KING] > 0, order.index(p) / (n - 1), p == me,
                    p == asked, dead[p])
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
    cap = game.max_turns or 100
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
