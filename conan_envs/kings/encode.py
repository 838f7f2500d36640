"""Observation encoder (Kings of Hyboria has no hidden information): per region, units by
type and owner (scaled by chit limits), which owners occupy it, Storm and Curse tokens,
raids; per player gold, Divinations, Relics, alive, King, turn-order seat, whose turn and
who is asked; the phase and the decision (one-hot); what the decision resolves (the effect,
its region, its target, the unit type); at a Divination offer the roll (which table, the
value, where and by whom); the battle being fought (region, round, stage, each side's
modifiers, pending hits, and units killed, raised, possessed, immobilized); the round.
Players are listed from the observer's seat onward. `observation_blocks` names the blocks.

The board part (units, occupancy, tokens) is kept in the state's `board`, one row per
observer laid out as that observer's whole observation. Tokens are written as they change
(`KingsState.set_storm`, `set_curse`, `set_raid`); unit counts are written lazily:
`KingsState.add` only notes the unit counts and occupancies that changed, and `catch_up`
writes them to the observer's row when an observation is asked (the rules loop never asks
for one), leaving them noted for the other observers. The row also holds the players
block, the phase and the round as last shown to that observer, rewritten when they change,
and the Relics and turn-long effects (kings_v2), rewritten after `tokens_changed` marks them
stale; the rest is left zero. Encoding copies the observer's row and writes the decision's
parts."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..engine.flow import GAME_OVER
from . import content as C
from .decisions import DECISIONS
from .fields import Battle
from .frames import ROLLS, Divination

R, T = C.NUM_REGIONS, C.NUM_TYPES
PHASES = ("setup", "fate", "hero", "wizard", "recruit", "move", "battle", "plunder", "over")
_DEC = {d: i for i, d in enumerate(DECISIONS)}
_PH = {p: i for i, p in enumerate(PHASES)}
PER_PLAYER = 9
KEPT = 4096  # observation parts and legal masks a game keeps for reuse
FEW_CELLS = 16  # board cells written one by one; more are written at once (fancy indexing)


def _scaled(k: int, c: int) -> float:
    """k of something with limit c, as the observation shows it: float32 k * (1/c), capped
    at 1 (neutral armies have no chit limit)."""
    return float(min(np.float32(k) * np.float32(1.0 / c), np.float32(1.0)))


# SCALED[t][k] for k = 0..chits of t (more shows as 1.0); Storm and Curse tokens likewise
SCALED = tuple(tuple(_scaled(k, c) for k in range(c + 1)) for c in C.CHITS)
STORMS = tuple(_scaled(k, 3) for k in range(4))
CURSES = tuple(_scaled(k, 6) for k in range(7))


# what a decision may be resolving: the Heroic Actions / Wizard Magic effects that ask
# for a choice, and the Battle Actions / Spells that do
EFFECTS = ("assassination", "hunter_killer_demon", "plague", "earthquake", "adventure",
           "convert", "mind_control", "foment_rebellion", "raiding", "storms", "great_curse",
           "transmutation", "sacrifice", "slay", "death", "possession", "immobilize", "rally",
           "restoration")
STAGES = ("heroes", "wizards", "attack", "retreat")
BATTLE_SIDE = 5 + 4 * T  # initiative, attack bonus, charge, confusion, hits; four rows by type
_EFF = {e: i for i, e in enumerate(EFFECTS)}
_ROLL = {w: i for i, w in enumerate(ROLLS)}
_STAGE = {st: i for i, st in enumerate(STAGES)}
# decisions that carry out the state's task (its effect, region, target, unit)
TASK_DECISIONS = frozenset(("target_region", "target_unit", "adventure", "training", "sacrifice",
                            "transmutation", "ancient_lore", "relic_roll", "move_unit",
                            "move_to", "move_count", "embark", "move_marked"))
# the turn block (kings_v2): per region the phasing player's turn-long effects, then his
# King's, then the countries whose recruit roll he still has this turn
TURN_REGION_FIELDS = ("stack_bonus", "journey", "plan", "bonus_recruit", "rolls")
TURN_SIZE = len(TURN_REGION_FIELDS) * R + 2 + len(C.COUNTRIES)


def observation_blocks(game: Any, role: int = 0) -> list[tuple[str, int]]:
    """The observation's named blocks, in order, with their sizes (they sum to its size)."""
    n = game.num_players
    o = n + 1
    return [("units", R * o * T), ("occupied", R * o), ("storms", R), ("curses", R),
            ("raided", R), ("players", n * PER_PLAYER), ("phase", len(PHASES)),
            ("decision", len(DECISIONS)), ("task_effect", len(EFFECTS)), ("task_region", R),
            ("task_target", R), ("task_unit", T), ("roll", len(ROLLS) + 1),
            ("roll_region", R), ("roll_unit", T), ("roll_side", 2), ("battle_region", R),
            ("battle_defender", o),
            ("battle", 1 + len(STAGES) + 2 * BATTLE_SIDE), ("round", 1), ("in_battle", 1),
            ("relics", R * n), ("turn", TURN_SIZE), ("task_count", 1)]


def block_offsets(n: int) -> dict[str, int]:
    """Where each block starts, by name."""
    out, k = {}, 0
    for name, size in observation_blocks(_Sizes(n)):
        out[name] = k
        k += size
    return out


class _Sizes:
    def __init__(self, n: int) -> None:
        self.num_players = n


def observation_size(n: int) -> int:
    return sum(size for _, size in observation_blocks(_Sizes(n)))


def pending(state: Any, kind: str | None = None) -> tuple[int, int, int, int]:
    """What the pending decision is resolving, as indices (-1: none): the effect, its region
    (where the roll was made or the units start), its target (region chosen, destination),
    the unit type. Shared by the encoder and the view, so they always agree."""
    if kind is None:
        kind = state.frame().kind
    if kind in ("battle_target", "restore"):
        return _EFF[state.battle.effect], -1, -1, -1
    if kind not in TASK_DECISIONS:
        return -1, -1, -1, -1
    task = state.task
    eff = task.effect
    region = task.source if task.source >= 0 else task.region
    target = task.target if task.target >= 0 else task.destination
    unit = task.boarding if task.boarding >= 0 else task.unit  # a passenger, once the Ships sailed
    return _EFF[eff] if eff in _EFF else -1, region, target, unit


def marked_count(state: Any) -> int:
    """At a `move_marked` decision, how many units the order moves (a boarding: one)."""
    task = state.task
    return 1 if task.boarding >= 0 else task.count


def board_size(n: int) -> int:
    """Where the board part of the observation ends: units, occupancy, the three tokens."""
    return R * (n + 1) * (T + 1) + 3 * R


def _views(n: int) -> list[list[int]]:
    """Per observer, the (region, owner) rows in the order its observation lists them:
    its own seat first, then the next players, the neutral armies last."""
    o = n + 1
    return [[r * o + s for r in range(R) for s in [(role + k) % n for k in range(n)] + [n]]
            for role in range(n)]


def board_positions(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per observer, where each unit count u[(r*O + o)*T + t] and each occupancy
    tot[r*O + o] appear in its row of the state's board."""
    o = n + 1
    upos, opos = [], []
    for rows in _views(n):
        at_unit, at_owner = [0] * (R * o * T), [0] * (R * o)
        for k, j in enumerate(rows):
            for t in range(T):
                at_unit[j * T + t] = k * T + t
            at_owner[j] = R * o * T + k
        upos.append(tuple(at_unit))
        opos.append(tuple(at_owner))
    return tuple(upos), tuple(opos)


def raid_value(raider: int, role: int, n: int) -> float:
    """A raided region as `role` sees it: the raider's seat counted from the observer,
    (seat + 1) / n; 0 when not raided."""
    return 0.0 if raider < 0 else ((raider - role) % n + 1) / n


def board_values(state: Any) -> list[Any]:
    """The board from the state's unit counts, tokens, players, phase, round, Relics and
    turn-long effects: what `state.board` holds once every observer has caught up (and been
    shown them)."""
    n, u, tot, game = state.n, state.u, state.tot, state.game
    units = [SCALED[i % T][k] if k < len(SCALED[i % T]) else 1.0 for i, k in enumerate(u)]
    tokens = [STORMS[min(k, 3)] for k in state.storm] + [CURSES[min(k, 6)] for k in state.curse]
    at = game.obs_at
    rows = []
    for role, view in enumerate(_views(n)):
        row = np.zeros(game._obs_size, dtype=np.float32)
        row[:game.board_size] = ([units[j * T + t] for j in view for t in range(T)]
                                 + [float(tot[j] > 0) for j in view]
                                 + tokens + [raid_value(p, role, n) for p in state.raided])
        row[at["players"]:at["phase"]] = players_block(state, role,
                                                       players_key(state, role, state.frame()))
        row[at["phase"] + _PH[state.phase]] = 1.0
        row[at["round"]] = round_value(state)
        write_relics(state, role, row, at["relics"])
        write_turn(state, row, at["turn"])
        rows.append(row)
    return rows


def catch_up(state: Any, role: int) -> None:
    """Write to the observer's row of the board the unit counts and occupancies that changed
    since its last observation (`KingsState.add` notes them; those changed since anyone's
    last observation pass to every observer's notes here)."""
    changed_units, changed_owners = state.changed_units, state.changed_owners
    if changed_units:
        for units, owners in zip(state.unsynced_units, state.unsynced_owners):
            units |= changed_units
            owners |= changed_owners
        changed_units.clear()
        changed_owners.clear()
    units, owners = state.unsynced_units[role], state.unsynced_owners[role]
    game, u, tot, row = state.game, state.u, state.tot, state.board[role]
    upos, opos = game.board_upos[role], game.board_opos[role]
    count = len(units) + len(owners)
    if count < FEW_CELLS:  # one by one
        for i in units:
            k, scaled = u[i], SCALED[i % T]
            row[upos[i]] = scaled[k] if k < len(scaled) else 1.0
        for j in owners:
            row[opos[j]] = 1.0 if tot[j] else 0.0
    else:  # all at once (a new game's setup, an observer that seldom asks)
        cells = [upos[i] for i in units] + [opos[j] for j in owners]
        values = ([SCALED[i % T][min(u[i], C.CHITS[i % T])] for i in units]
                  + [1.0 if tot[j] else 0.0 for j in owners])
        row[np.fromiter(cells, np.intp, count)] = np.fromiter(values, np.float32, count)
    units.clear()
    owners.clear()


def encode(state: Any, role: int) -> Any:
    # The observer's row of the board holds, besides the board itself, the players block,
    # the phase and the round as last shown to it (`shown_*`): they change seldom, and are
    # rewritten only when they do. The decision's parts are written to the copy handed out.
    # (an occupancy changes only with a unit count)
    if state.changed_units or state.unsynced_units[role]:
        catch_up(state, role)
    row, at = state.board[role], state.game.obs_at
    frame = state.frame()
    key = players_key(state, role, frame)
    if key != state.shown_players[role]:
        state.shown_players[role] = key
        row[at["players"]:at["phase"]] = players_block(state, role, key)
    phase, shown = _PH[state.phase], state.shown_phase[role]
    if phase != shown:
        if shown is not None:
            row[at["phase"] + shown] = 0.0
        row[at["phase"] + phase] = 1.0
        state.shown_phase[role] = phase
    if state.turn != state.shown_turn[role]:
        state.shown_turn[role] = state.turn
        row[at["round"]] = round_value(state)
    if state.stale_tokens[role]:  # the Relics or the turn-long effects changed
        state.stale_tokens[role] = False
        write_relics(state, role, row, at["relics"])
        write_turn(state, row, at["turn"])
    out = row.copy()
    if frame is not GAME_OVER:
        kind = frame.kind
        out[at["decision"] + _DEC[kind]] = 1.0
        if kind in TASK_DECISIONS or kind in ("battle_target", "restore"):
            eff, region, target, unit = pending(state, kind)
            if eff >= 0:
                out[at["task_effect"] + eff] = 1.0
            if region >= 0:
                out[at["task_region"] + region] = 1.0
            if target >= 0:
                out[at["task_target"] + target] = 1.0
            if unit >= 0:
                out[at["task_unit"] + unit] = 1.0
            if kind == "move_marked":
                out[at["task_count"]] = marked_count(state) / 30
        elif type(frame) is Divination:
            roll = frame.roll
            k = at["roll"]
            out[k + _ROLL[roll.what]] = 1.0
            out[k + len(ROLLS)] = roll.value / roll.sides
            ctx = roll.ctx
            r = ctx.where
            if r >= 0:
                out[at["roll_region"] + r] = 1.0
            if ctx.unit >= 0:
                out[at["roll_unit"] + ctx.unit] = 1.0
            if ctx.side >= 0:
                out[at["roll_side"] + ctx.side] = 1.0
    bt = state.battle
    if bt is not None:
        n = state.n
        out[at["in_battle"]] = 1.0
        out[at["battle_region"] + bt.region] = 1.0
        dfn = bt.owners[1]
        out[at["battle_defender"] + (dfn - role) % n if dfn < n else at["battle"] - 1] = 1.0
        out[at["battle"]:at["round"]] = battle_values(bt)
    return out


def write_relics(state: Any, role: int, out: Any, k: int) -> None:
    """The relics block: per region, the Relic-bearing Wizards of each player (the observer
    first), scaled like Wizards."""
    n, relic, scaled = state.n, state.relic, SCALED[C.WIZARD]
    out[k:k + R * n] = 0.0
    if not any(state.relics):
        return
    seats = state.game.seats[role]
    for i in range(R * n):
        if relic[i]:
            r, p = divmod(i, n)
            out[k + r * n + seats.index(p)] = scaled[relic[i]]


def write_turn(state: Any, out: Any, k: int) -> None:
    """The turn block: the phasing player's turn-long effects (Forced March and Demonic
    Steeds, Long Journey, Battle Plan, the Recruit bonus, recruit rolls made) by region, the
    King's Long Journey and Battle Plan, the country recruit rolls not yet made."""
    block = out[k:k + TURN_SIZE]  # (a view: written in place)
    block[:] = 0.0
    for i, field in enumerate(TURN_REGION_FIELDS):
        values = getattr(state, field)
        if any(values):
            part = block[i * R:(i + 1) * R]
            part[:] = values
            part /= 10
    at = len(TURN_REGION_FIELDS) * R
    block[at] = 1.0 if state.king_journey else 0.0
    block[at + 1] = 1.0 if state.king_plan else 0.0
    if any(state.country_roll):
        block[at + 2:] = state.country_roll


def round_value(state: Any) -> float:
    x = state.turn / (state.game.max_turns or 100)
    return x if x < 1.0 else 1.0


def players_key(state: Any, role: int, frame: Any) -> tuple[Any, ...]:
    """Everything the observer's players block is made from (`frame`: the one deciding)."""
    return (role, state.act, -1 if frame is GAME_OVER else frame.actor, *state.order, *state.gold,
            *state.div, *state.relics, *state.alive, *state.pool[C.KING::T], *state.king_dead)


def players_block(state: Any, role: int, key: Any) -> Any:
    """The players block (the observer first): Gold, Divinations, Relics, alive, King, seat,
    phasing, asked, slain. It changes seldom, so each block made is kept in the game
    (read-only), by its key."""
    made = state.game.obs_players
    block = made.get(key)
    if block is not None:
        return block
    asked = key[2]
    me, order = state.me(), state.order
    gold, div, relics, alive, pool, dead = (state.gold, state.div, state.relics, state.alive,
                                            state.pool, state.king_dead)
    values: list[float] = []
    for p in state.game.seats[role]:
        g, d, r = gold[p], div[p], relics[p]
        values += (g / 10 if g < 10 else 1.0, d / 5 if d < 5 else 1.0,
                   r / 5 if r < 5 else 1.0, 1.0 if alive[p] else 0.0,
                   1.0 if pool[p * T + C.KING] else 0.0, order.index(p) / (state.n - 1),
                   1.0 if p == me else 0.0, 1.0 if p == asked else 0.0,
                   1.0 if dead[p] else 0.0)
    block = np.array(values, dtype=np.float32)
    block.flags.writeable = False
    if len(made) >= KEPT:
        made.clear()
    made[key] = block
    return block


def battle_values(bt: Battle) -> list[float]:
    """The battle block: round, stage, then per side (attacker first) its round modifiers,
    pending hits, and units killed, raised for the battle, possessed and immobilized."""
    vals = [bt.round / 50] + [0.0] * len(STAGES)
    vals[1 + _STAGE[bt.stage]] = 1.0
    for s in (0, 1):
        vals += (bt.initiative[s] / 10, bt.attack_bonus[s] / 10, bt.charge[s] / 10,
                 bt.confusion[s] / 10, bt.hits[s] / 10)
        for row in (bt.killed[s], bt.raised[s], bt.possessed[s], bt.immobilized[s]):
            vals += [x / 10 for x in row]
    return vals
