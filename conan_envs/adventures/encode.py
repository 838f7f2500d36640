"""Observation encoder per role (docs/architecture.md, "One view per role"): everything in the
role's view except the log, as named blocks of floats in [0, 1] (`observation_blocks`, the env
card's table).

The public board; each player's character, ability side, tokens, cards and dice; the role's own
Challenge-token supply and the tokens it has seen; cards shown to it alone; what is being
resolved (the Adventure attempted, the Encounter faced, a Fight, a Duel) and the pending
decision's particulars (`view.decision_record`). Counts are scaled and capped at 1.

The layout is fixed at import. Each call copies a cached template (role and player-count
one-hots, player presence, the Plot cards in play) and writes into it through a memoryview
(the cheapest element write from Python). Blocks that change only now and then are copied
whole (a slice copy costs about five element writes): a player's public part from a cache
keyed by the plain values it is written from; a player's dice, the kingdoms (where the
Challenge tokens lie, Temples of Set, Fate tokens: the same for every role), the supply and
the face-up cards from the block last written, while the state's lists still compare equal to
copies of those it was written from. The token types the role has seen are then written over
the kingdoms block. When the kingdoms change, those with Temples are found with `compress`,
the Fate tokens row by row.

NumPy calls are kept off this path: on arrays this small a call costs more than writing the
values one by one, and far more in a training loop, where NumPy's code is no longer in the
processor's caches when the encoder runs.
"""
from __future__ import annotations

from itertools import compress
from typing import Any, NamedTuple

import numpy as np

from .actions import TOKEN_TYPE_OF, TOKEN_TYPES
from .content import content
from .dicepool import MAX_DICE
from .frames_resolve import KIND_INDEX
from .tokens import peeked
from .view import WHY_INDEX, WHYS, decision_record

C = content()
NK = len(C.kingdoms)
NF = len(C.faces)
NT = len(TOKEN_TYPES)
ND = len(C.dtypes)
NA, NE, NEV, NP = len(C.adventures), len(C.encounters), len(C.events), len(C.plots)
NCHAR = max(len(v) for v in C.characters.values())
ENC_NEEDS = max(len(n) for n in C.enc_needs)
PHASES = ("setup", "resource", "plot", "main", "encounter", "adventure", "end", "over")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
KINDS = 64  # room for the decision kinds (sorted internal names)
PER_DIE = 1 + 7 + NF + ND + 1            # present, zone, face, die type, set for the next phase
PER_PLAYER_LAYOUT = (
    ("present", 1), ("victory_points", 1), ("gold", 1), ("fate", 8), ("gods", 8),
    ("kingdom", NK + 1), ("plot", 1), ("achievements", 3), ("supply_size", 1),
    ("face_up_tokens", 2), ("character", NCHAR), ("side", 1), ("ability_used", 1),
    ("adventure_cards", NA), ("known_supply", NT), ("dice_gained", 1), ("free_dice", 1),
    ("kingdom_die_rolled", 1), ("hits", 1), ("dice", MAX_DICE * PER_DIE),
)
PER_PLAYER = sum(n for _, n in PER_PLAYER_LAYOUT)
PER_KINGDOM = 1 + NT + 1 + 8             # token, its type if seen, temples, Fate tokens
CONTEXT_LAYOUT = (
    ("why", len(WHYS)), ("kingdom", NK), ("player", 4), ("dice", MAX_DICE), ("fate", 8),
    ("rolls", 1), ("pushed", 1), ("points", 1), ("slot", 4), ("which", 2), ("card", NA),
    ("rolled", MAX_DICE), ("token", NT),
)
LAYOUT = (
    ("role", 4), ("player_count", 3), ("phase", len(PHASES)), ("decision_kind", KINDS),
    ("actor", 4), ("round", 2), ("event", NEV), ("direction", 2), ("plot_cards", NP),
    ("decks", 4),
    *((f"player_{p}", PER_PLAYER) for p in range(4)),
    ("kingdoms", NK * PER_KINGDOM), ("supply", 24), ("adventures", 3 * (NA + NK + 9)),
    ("encounters", 3 * NE), ("encounter_track", 4 * (4 + NF)), ("next_plot_card", 24),
    ("scried", NA + NE + NEV), ("shown", 4 * (NA + NE)), ("adventure_attempt", NA + 1),
    ("encounter_faced", 3 + ENC_NEEDS + 4 + 1), ("fight", 4 + 1 + 1 + NK + 1),
    ("duel", 4 + 4 + NK + 2), ("context", sum(n for _, n in CONTEXT_LAYOUT)),
)


def _offsets(layout, start=0):
    out, o = {}, start
    for name, n in layout:
        out[name] = o
        o += n
    return out, o


O, SIZE = _offsets(LAYOUT)
PO, _ = _offsets(PER_PLAYER_LAYOUT)
CO, _ = _offsets(CONTEXT_LAYOUT, O["context"])
P_BASE = [O[f"player_{p}"] for p in range(4)]
K_BASE = [O["kingdoms"] + k * PER_KINGDOM for k in range(NK)]
TOKEN_KIND = [C.ct[t][0] for t in range(len(C.ct))]
ZERO8 = [0] * 8
NO_PEEK = [-1, -1, -1]
ACH_SCALE = [min(i / C.ach_len, 1) for i in range(C.ach_len + 1)]
DECK_SCALE = (NA, NE, NEV, len(C.ct))
# decisions whose record is empty unless dice were just rolled (view.decision_record)
PLAIN_KINDS = frozenset(("side", "buy", "main", "main_post", "ct_source", "fate_source",
                         "pick_track", "scry", "scry_move", "place_token", "ambush", "enc_aside",
                         "achieve", "wound", "set_die", "corinthia_src", "focus_die", "duel_go"))
# offsets as plain ints for the hot path
(O_PHASE, O_KIND, O_ACTOR, O_ROUND, O_EVENT, O_DIRN, O_PLOTS, O_DECKS, O_SUPPLY, O_ADV, O_ENC,
 O_TRACK, O_NEXT, O_SCRIED, O_SHOWN, O_ATTEMPT, O_FACED, O_FIGHT, O_DUEL) = (
    O[k] for k in ("phase", "decision_kind", "actor", "round", "event", "direction", "plot_cards",
                   "decks", "supply", "adventures", "encounters", "encounter_track",
                   "next_plot_card", "scried", "shown", "adventure_attempt", "encounter_faced",
                   "fight", "duel"))
(P_VP, P_GOLD, P_FATE, P_GODS, P_LOC, P_PLOT, P_ACH, P_SUPPLY, P_FACEUP, P_CHAR, P_SIDE, P_USED,
 P_ADV, P_KNOWN, P_GAINED, P_FREE, P_ROLLED, P_HITS, P_DICE) = (
    PO[k] for k in ("victory_points", "gold", "fate", "gods", "kingdom", "plot", "achievements",
                    "supply_size", "face_up_tokens", "character", "side", "ability_used",
                    "adventure_cards", "known_supply", "dice_gained", "free_dice",
                    "kingdom_die_rolled", "hits", "dice"))
ADV_LEN = NA + NK + 9
FACE_UP_LEN = 3 * ADV_LEN + 3 * NE  # the adventures and encounters blocks, one after the other
assert O["encounters"] == O["adventures"] + 3 * ADV_LEN
O_KINGDOMS = O["kingdoms"]
KINGDOMS_LEN = NK * PER_KINGDOM
FATE_IDS = range(8)
GOD_IDS = range(8)
KINGDOM_IDS = range(NK)
NO_TRACK = [-1] * 4
F_DT = 8 + NF
F_HELD = 8 + NF + ND


def observation_blocks(game=None, role=0) -> list[tuple[str, int]]:
    """The named blocks of the observation, in order; their sizes sum to its length."""
    return list(LAYOUT)


def obs_size(game=None):
    return SIZE


def _adventure_block(a):
    blk = np.zeros(NA + NK + 9, dtype=np.float32)
    blk[a] = 1
    blk[NA + C.adv_kingdom[a]] = 1
    for x in C.adv_needs[a]:
        blk[NA + NK + min(x, 8)] += 0.2
    return np.minimum(blk, 1)


def _plot_block(c):
    blk = np.zeros(24, dtype=np.float32)
    for x in C.plot_req[c]:
        blk[x] += 0.5
    for x in C.plot_bonus[c]:
        blk[12 + x] += 0.5
    return np.minimum(blk, 1)


ADV_BLOCK = [memoryview(_adventure_block(a)) for a in range(NA)]
PLOT_BLOCK = [memoryview(_plot_block(c)) for c in range(NP)]
# Hits come from the last few positions of the game being played (a block recurs while its
# player waits for the others), so small caches hit as often as large ones (random play:
# 0.46 public-part misses per step with 128 entries or 8192) and their blocks stay in the
# processor's cache.
CACHE_LIMIT = 1 << 7
DICE_LEN = MAX_DICE * PER_DIE
_TEMPLATES: dict[tuple[int, ...], np.ndarray] = {}
_PUBLIC: dict[tuple, memoryview] = {}


class LastBlock(NamedTuple):
    """A block as last written and what it was written from (copies of the state's lists):
    written again only when the state's values no longer compare equal to `source`."""
    source: tuple
    block: memoryview


class DiceBlock(NamedTuple):
    """A player's dice block as last written and copies of what it was written from."""
    zone: list   # each die's zone
    face: list   # each die's face
    dtype: list  # each die's type
    held: int    # the die set aside for the next phase (-1: none)
    block: memoryview


# The last blocks: the dice per player, the kingdoms, the supply, the face-up cards.
# Random play misses them about as often as caches of 128 entries (dice 0.66 against 0.65 per
# step, supply 0.24 against 0.22), and a few list comparisons cost less than a key to hash.
_LAST_DICE: list[DiceBlock | None] = [None] * 4
_LAST_KINGDOMS: list[KingdomsBlock | None] = [None]
_LAST_SUPPLY: list[LastBlock | None] = [None]
_LAST_FACE_UP: list[LastBlock | None] = [None]


def _last_block(lasts, i, source, make):
    """The block last written in `lasts[i]`, made again by `make(*source)` when the state's
    values `source` no longer compare equal to those it was made from."""
    last = lasts[i]
    if last is None or last.source != source:
        kept = tuple([x.copy() if type(x) is list else x for x in source])
        last = lasts[i] = LastBlock(kept, make(*source))
    return last.block


def _face_up_block(adventures, encounters):
    """The face-up Adventures (card, kingdom, needs) and Encounters (-1: an empty slot)."""
    a = memoryview(bytearray(4 * FACE_UP_LEN)).cast("f")
    for i, c in enumerate(adventures):
        if c >= 0:
            a[i * ADV_LEN:(i + 1) * ADV_LEN] = ADV_BLOCK[c]
    for i, e in enumerate(encounters):
        if e >= 0:
            a[3 * ADV_LEN + i * NE + e] = 1
    return a


def _template(n, role, plot_cards):
    v = np.zeros(SIZE, dtype=np.float32)
    v[O["role"] + role] = 1
    v[O["player_count"] + n - 2] = 1
    for p in range(n):
        v[P_BASE[p] + PO["present"]] = 1
    for c in plot_cards:
        v[O_PLOTS + c] = 1
    return v


def _scaled(x, scale):
    x = x / scale
    return x if x < 1 else 1.0


def _remember(cache, key, block, limit=CACHE_LIMIT):
    """Keep `block` under `key` (the cache starts over once it is full) and return it."""
    if len(cache) > limit:
        cache.clear()
    cache[key] = block
    return block


def _encode_player(w, s, p, role, known):
    """Player p's block: its public part from a cache keyed by the values it is written from,
    the tokens of its supply that `role` knows, its dice (the last block written for them)."""
    b = P_BASE[p]
    key = (s.vp[p], s.gold[p], s.loc[p], s.plot[p], s.char[p], s.side[p], s.ability_used[p],
           s.gained[p], s.free_dice[p], s.rolled_here[p], s.hits[p], len(s.ct_hand[p]),
           tuple(s.ach[p]), tuple(s.fate[p]), tuple(s.gods[p]), tuple(s.ct_card[p]),
           tuple(s.adv_held[p]))
    blk = _PUBLIC.get(key)
    if blk is None:
        blk = _remember(_PUBLIC, key, _public_block(*key))
    w[b:b + P_DICE] = blk
    mine = p == role
    for t in s.ct_hand[p]:
        if mine or t in known:  # the tokens of its supply that `role` knows
            j = b + P_KNOWN + TOKEN_TYPE_OF[t]
            x = w[j] + 0.2
            w[j] = x if x < 1 else 1.0
    zone, face, dtype, held = s.zone[p], s.face[p], s.dtype[p], s.held[p]
    last = _LAST_DICE[p]
    if (last is None or last.held != held or last.zone != zone or last.face != face
            or last.dtype != dtype):
        last = _LAST_DICE[p] = DiceBlock(zone.copy(), face.copy(), dtype.copy(), held,
                                         _dice_block(zone, face, dtype, held))
    w[b + P_DICE:b + P_DICE + DICE_LEN] = last.block


def _public_block(vp, gold, loc, plot, char, side, used, gained, free, rolled, hits, supply,
                  ach, fate, gods, face_up, adventures):
    """A player's block but its dice and the identities of its supply tokens (all zero)."""
    a = memoryview(bytearray(4 * P_DICE)).cast("f")
    a[PO["present"]] = 1
    a[P_VP] = vp / 80 if vp < 80 else 1.0
    a[P_GOLD] = gold / 40 if gold < 40 else 1.0
    for f in range(8):
        if fate[f]:
            a[P_FATE + f] = fate[f] / 4 if fate[f] < 4 else 1.0
    for g in gods:
        a[P_GODS + g] = 1
    a[P_LOC + (loc if loc >= 0 else NK)] = 1
    a[P_PLOT] = plot / 10 if plot < 10 else 1.0
    for i in range(3):
        a[P_ACH + i] = ACH_SCALE[ach[i]]
    if supply:
        a[P_SUPPLY] = supply / 10 if supply < 10 else 1.0
    for t in face_up:
        j = P_FACEUP + (TOKEN_KIND[t] == 5)  # Extra Action, Kingdom
        x = a[j] + 0.25
        a[j] = x if x < 1 else 1.0
    a[P_CHAR + char] = 1
    if side:
        a[P_SIDE] = 1
    if used:
        a[P_USED] = 1
    for c in adventures:
        a[P_ADV + c] = 1
    if gained:
        a[P_GAINED] = gained / 6 if gained < 6 else 1.0
    if free:
        a[P_FREE] = free / 2 if free < 2 else 1.0
    if rolled:
        a[P_ROLLED] = 1
    if hits:
        a[P_HITS] = hits / 10 if hits < 10 else 1.0
    return a


def _dice_block(zone, face, dtype, held):
    """A player's dice (cached by their zones, faces, types and the die set aside)."""
    a = memoryview(bytearray(4 * DICE_LEN)).cast("f")
    o = 0
    for z, f, dt in zip(zone, face, dtype):
        a[o] = 1
        a[o + 1 + z] = 1
        a[o + 8 + f] = 1
        a[o + F_DT + dt] = 1
        o += PER_DIE
    if 0 <= held < len(zone):
        a[held * PER_DIE + F_HELD] = 1
    return a


def _supply_block(gods, gold, fate):
    """The God tokens in the supply, the Gold on them and the Fate-token supply (written
    element by element: NumPy calls on such small arrays cost more than the whole block)."""
    a = memoryview(bytearray(4 * 24)).cast("f")
    for g in GOD_IDS:
        if gods[g]:
            a[g] = 1
        x = gold[g]
        if x:
            a[8 + g] = x / 10 if x < 10 else 1.0
        x = fate[g]
        if x:
            a[16 + g] = x / 4 if x < 4 else 1.0
    return a


class KingdomsBlock(NamedTuple):
    """The kingdoms block as last written and copies of what it was written from."""
    board: list       # the Challenge token on each kingdom (-1: none)
    temple: list      # the Temples of Set per kingdom
    fate_board: list  # the Fate tokens per kingdom
    where: dict       # token -> the kingdom it lies on
    block: memoryview  # the tokens (not their types), Temples of Set, Fate tokens


def _kingdoms_block(board, temple, fate_board):
    """The kingdoms block as every role sees it: where Challenge tokens lie (not their types),
    the Temples of Set, the Fate tokens."""
    a = memoryview(bytearray(4 * KINGDOMS_LEN)).cast("f")
    for k, t in enumerate(board):
        if t >= 0:
            a[k * PER_KINGDOM] = 1
    for k in compress(KINGDOM_IDS, temple):  # the kingdoms with Temples of Set
        x = len(temple[k])
        a[k * PER_KINGDOM + 1 + NT] = x / 4 if x < 4 else 1.0
    for k, row in enumerate(fate_board):
        if row != ZERO8:
            o = k * PER_KINGDOM + 2 + NT
            for f in compress(FATE_IDS, row):
                x = row[f]
                a[o + f] = x / 4 if x < 4 else 1.0
    return a


def _encode_kingdoms(w, s, known):
    """The kingdoms block: Challenge tokens (the type only of those in `known`), Temples of
    Set, Fate tokens. The block last written is copied again while they stay the same (random
    play: they change on one step in ten), then the types `known` are written."""
    board, temple, fate_board = s.ct_board, s.temple, s.fate_board
    last = _LAST_KINGDOMS[0]
    if (last is None or last.board != board or last.fate_board != fate_board
            or last.temple != temple):
        last = _LAST_KINGDOMS[0] = KingdomsBlock(
            board.copy(), [row.copy() for row in temple], [row.copy() for row in fate_board],
            {t: k for k, t in enumerate(board) if t >= 0},
            _kingdoms_block(board, temple, fate_board))
    w[O_KINGDOMS:O_KINGDOMS + KINGDOMS_LEN] = last.block
    where = last.where
    for t in known:
        k = where.get(t)
        if k is not None:
            w[K_BASE[k] + 1 + TOKEN_TYPE_OF[t]] = 1


def _encode_context(w, s, d, role):
    if d.key in PLAIN_KINDS and not s.just_rolled:
        return
    r = decision_record(s, d)
    if not r:
        return
    if "why" in r:
        w[CO["why"] + WHY_INDEX[r["why"]]] = 1
    if "kingdom" in r:
        w[CO["kingdom"] + r["kingdom"]] = 1
    if "player" in r:
        w[CO["player"] + r["player"]] = 1
    for i in r.get("dice", ()):
        w[CO["dice"] + i] = 1
    if "fate" in r:
        w[CO["fate"] + r["fate"]] = 1
    if "rolls" in r:
        w[CO["rolls"]] = r["rolls"] / 3
        w[CO["pushed"]] = float(r["pushed"])
    if "points" in r:
        w[CO["points"]] = _scaled(r["points"], 60)
    if "slot" in r:
        w[CO["slot"] + r["slot"]] = 1
    if "which" in r:
        w[CO["which"] + (r["which"] == "encounter")] = 1
    if "card" in r:
        w[CO["card"] + r["card"]] = 1
    for i in r.get("rolled", ()):
        w[CO["rolled"] + i] = 1
    if d.actor == role:
        if "token" in r:
            w[CO["token"] + r["token"]] = 1
        if "drawn" in r:  # the two cards drawn for a cycle, seen by the cycling player only
            base = O["shown"]
            for j, card in enumerate(r["drawn"]):
                w[base + j * (NA + NE) + (card if r["which"] == "adventure" else NA + card)] = 1
    if "cards" in r:  # Adventure cards held: public
        base = O["shown"]
        for j, card in enumerate(r["cards"]):
            w[base + j * (NA + NE) + card] = 1


def encode(s, role):
    n = s.n
    key = (n, role, *s.plot_cards)  # the Plot cards are dealt once, at setup
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        tpl = _remember(_TEMPLATES, key, _template(n, role, key[2:]))
    v: Any = tpl.copy()
    w: Any = memoryview(v)  # element writes through a memoryview are the cheapest from Python
    w[O_PHASE + PHASE_INDEX[s.phase]] = 1
    live = not s.over
    if live:
        d = s.frame()
        w[O_KIND + KIND_INDEX[d.key]] = 1
        w[O_ACTOR + d.actor] = 1
    x = s.turn
    w[O_ROUND] = x / 40 if x < 40 else 1.0
    if s.end_triggered:
        w[O_ROUND + 1] = 1
    if s.ev_cur >= 0:
        w[O_EVENT + s.ev_cur] = 1
    w[O_DIRN + s.dirn] = 1
    w[O_DECKS] = len(s.adv_deck) / NA
    w[O_DECKS + 1] = len(s.enc_deck) / NE
    w[O_DECKS + 2] = len(s.ev_deck) / NEV
    w[O_DECKS + 3] = len(s.ct_supply) / DECK_SCALE[3]
    known = s.ct_known[role]
    for p in range(n):
        _encode_player(w, s, p, role, known)

    _encode_kingdoms(w, s, known)

    # gods in the supply, Gold on them, the Fate supply (the last block: they change rarely)
    w[O_SUPPLY:O_SUPPLY + 24] = _last_block(
        _LAST_SUPPLY, 0, (s.god_supply, s.god_gold, s.fate_supply), _supply_block)
    w[O_ADV:O_ADV + FACE_UP_LEN] = _last_block(
        _LAST_FACE_UP, 0, (s.adv_face, s.enc_face), _face_up_block)
    if s.track_p != NO_TRACK:
        for slot in range(4):
            p = s.track_p[slot]
            if p >= 0:
                o = O_TRACK + slot * (4 + NF)
                w[o + p] = 1
                w[o + 4 + s.face[p][s.track_d[slot]]] = 1
    if s.plot[role] < len(s.plot_spaces):
        w[O_NEXT:O_NEXT + 24] = PLOT_BLOCK[s.plot_cards[s.plot_spaces[s.plot[role]] - 1]]
    if s.peek[role] != NO_PEEK:  # the top cards this role scried, while still on top
        o = O_SCRIED
        for deck, size in enumerate((NA, NE, NEV)):
            card = peeked(s, role, deck)
            if card >= 0:
                w[o + card] = 1
            o += size

    # what is being resolved
    if s.adv is not None:
        w[O_ATTEMPT + s.adv["card"]] = 1
        if s.adv["done"]:
            w[O_ATTEMPT + NA] = 1
    if s.enc is not None:
        o = O_FACED
        w[o + s.enc["slot"]] = 1
        for i in s.enc["left"]:
            w[o + 3 + i] = 1
        for p in s.enc["failed"]:
            w[o + 3 + ENC_NEEDS + p] = 1
        if s.enc["done"]:
            w[o + 3 + ENC_NEEDS + 4] = 1
    f = s.fight
    if f is not None:
        w[O_FIGHT + f["player"]] = 1
        w[O_FIGHT + 4] = _scaled(f["need"], 10)
        w[O_FIGHT + 5] = _scaled(f["vp"], 10)
        w[O_FIGHT + 6 + (f["temple"] if f["temple"] >= 0 else NK)] = 1
    du = s.duel
    if du is not None:
        w[O_DUEL + du["attacker"]] = 1
        w[O_DUEL + 4 + du["defender"]] = 1
        w[O_DUEL + 8 + du["kingdom"]] = 1
        w[O_DUEL + 8 + NK] = du["stopped"][0]
        w[O_DUEL + 9 + NK] = du["stopped"][1]
    if live:
        _encode_context(w, s, d, role)
    return v
