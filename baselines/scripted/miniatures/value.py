"""A position value for the miniatures game that knows each scenario's objective (the
scenarios' own pages: what the heroes must do to win), for searches that cut their rollouts
short (``mcts:...,value=objective``).

The game's own ``shaped_scores`` count kills, wounds and dead heroes only. A search judged by
them at the end of the next round learns to fight and never to carry Yselda out, wear down
the Stygian Temptress or hold the priestess's hut. This value adds to that score how far the
heroes have come towards the scenario's goal, in [0, 1]:

- kill scenarios (Hunting the Tigress, In the Heart of Darkness, the Captain of the Ruined
  Fort, The Stygian Temptress): the share of the named enemies' life taken; in Hunting the
  Tigress Bêlit's wounds count against it, since her death loses;
- In the Clutches of the Picts and For All of Ophir's Gold: each object to carry off (Yselda
  and Zogar Sag's head; Olivia) is worth more found, more carried and more the nearer its
  carrier is to the board's edge, and all once off the board; before it is found, the huts
  searched (Yselda) or the way to her cell (Arbanus's life, his Key, the broken door) count
  a little;
- The Final Ritual: the invocation marker's way down, the relics still standing (they feed
  the Incantation) and the distance between the priestess and the nearest enemy (a unit in
  her area at the Overlord's turn start loses the game).

The heroes all get the value and the Overlord its negative, as with the shaped scores.
"""
from __future__ import annotations

from typing import Any

from conan_envs.miniatures import movement as mv
from conan_envs.miniatures.constants import ESCAPED, OFF

from .base import walk_distances

# The objective's weight beside the shaped score (one kill is 0.05, a dead hero -0.2): the
# whole objective counts as ten kills.
OBJECTIVE_WEIGHT = 0.5
KILL_TARGETS = {"tigress": ("zaporavo", "skuthus"), "kill_captain": ("captain",),
                "kill_skuthus": ("skuthus",)}
# A carried object's value: found, carried, carried to the edge (the rest of the way to 1 is
# the carrier's flight).
FOUND, CARRIED, CARRIED_TO_EDGE = 0.2, 0.5, 0.9
FAR = 8   # areas from the edge beyond which carrying counts as not yet under way
PRIESTESS_SAFE = 4  # areas between the priestess and the nearest enemy that count as safe


def objective_scores(state: Any) -> list[float]:
    """The shaped score plus `OBJECTIVE_WEIGHT` times the heroes' progress, per role."""
    hero = state.shaped_scores()[0] + OBJECTIVE_WEIGHT * progress(state)
    return [hero] * (state.game.num_roles - 1) + [-hero]


def progress(state: Any) -> float:
    """How far the heroes have come towards the scenario's goal, in [0, 1]."""
    g = state.game
    objective = g.objective
    if objective == "clutches":
        searched = sum(1 for a in g.huts if state.searched[a]) / max(1, len(g.huts))
        yselda = _carried_off(state, g.captive, before=_found_or(state, g.captive, searched))
        zogar = _life_taken(state, ("zogar_sag",))
        head = _carried_off(state, g.zogar_head, before=_found_or(state, g.zogar_head, zogar))
        return 0.5 * (yselda + head)
    if objective == "rescue":
        return _carried_off(state, g.captive, before=_way_to_olivia(state))
    if objective == "ritual":
        return _ritual(state)
    keys = KILL_TARGETS.get(objective) or tuple(g.scenario.get("kill", ()))
    taken = _life_taken(state, keys)
    if objective == "tigress" and "belit" in g.hero_keys:
        belit = g.hero_keys.index("belit")
        taken -= 0.5 * state.wounds[belit] / max(1, state.life[belit])
    return max(0.0, min(1.0, taken))


def _life_taken(state: Any, keys: tuple[str, ...]) -> float:
    """The share of the life of the models of these enemy tiles taken (a dead model: all)."""
    g = state.game
    full = taken = 0
    for key in keys:
        t = g.tile_index[key]
        life = g.tiles[t].life
        for m in g.tile_models[t]:
            full += life
            taken += life - max(0, state.u_life[m])
    return taken / full if full else 0.0


def _found_or(state: Any, obj: int, share: float) -> float:
    """`FOUND` once `obj` lies on the board, before that `share` of half of it."""
    return FOUND if state.o_loc[obj] >= 0 else 0.5 * FOUND * share


def _carried_off(state: Any, obj: int, before: float) -> float:
    """Object `obj` on its way off the board; `before` until a hero carries it."""
    loc = state.o_loc[obj]
    if loc == ESCAPED:
        return 1.0
    if loc == OFF or loc >= 0:
        return before
    carrier = -1 - loc
    g = state.game
    walk = walk_distances(g)
    here = state.h_area[carrier]
    d = min((walk[here][b] for b in range(g.num_areas) if g.board.edge[b] and walk[here][b] >= 0),
            default=FAR)
    return CARRIED + (CARRIED_TO_EDGE - CARRIED) * (1 - min(d, FAR) / FAR)


def _way_to_olivia(state: Any) -> float:
    """For All of Ophir's Gold, before Olivia is carried: Arbanus's life taken, then his Key
    held, then her cell's door broken, each a step towards `FOUND`."""
    g = state.game
    cell, corridor = g.board.index["cell_olivia"], g.board.index["corridor"]
    if (min(cell, corridor), max(cell, corridor)) in state.broken:
        return FOUND
    key = state.o_loc[g.key]
    if key < 0 and key != OFF:   # carried by a hero
        return 0.75 * FOUND
    if key >= 0:
        return 0.5 * FOUND
    return 0.5 * FOUND * _life_taken(state, ("captain_arbanus",))


def _ritual(state: Any) -> float:
    g = state.game
    invoked = 1 - state.invocation / g.invocation if g.invocation > 0 else 0.0
    relics = len(state.relics) / max(1, len(g.relic_start))
    walk = walk_distances(g)
    p = g.priestess_area
    near = min((walk[a][p] for m, a in enumerate(state.u_area)
                if a >= 0 and walk[a][p] >= 0 and mv.model_side(state, m) == mv.OVERLORD_SIDE),
               default=PRIESTESS_SAFE)
    safe = min(near, PRIESTESS_SAFE) / PRIESTESS_SAFE
    return 0.4 * invoked + 0.2 * relics + 0.4 * safe
