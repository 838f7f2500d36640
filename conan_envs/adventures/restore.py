"""Checks of a snapshot read back within the process (``Game.state_from_snapshot``): every
field's range and size, the conservation of tokens, dice and cards. The stack of pending
steps and decisions is checked by the engine (FlowState._check_stack) and the state. Any
failure raises CorruptStateError naming the field."""
from __future__ import annotations

from ..engine.errors import CorruptStateError
from .content import ALLY, FATE_KINDS, content
from .dicepool import MAX_DICE
from .encode import PHASES
from .resource import turn_order

C = content()
NK = len(C.kingdoms)
MAX_COUNT = 10_000  # Victory points, Gold, hits, points: far above any real game


def bad(field, why):
    raise CorruptStateError(f"saved adventures_v2 state: field {field}: {why}")


def _int(v, field, lo, hi):
    if type(v) is not int or not lo <= v <= hi:
        bad(field, f"{v!r} is not an integer in {lo}..{hi}")


def _ints(v, field, lo, hi, size=None, distinct=False):
    if not isinstance(v, list) or (size is not None and len(v) != size):
        bad(field, f"expected a list of {size if size is not None else 'some'} integers")
    for i, x in enumerate(v):
        _int(x, f"{field}[{i}]", lo, hi)
    if distinct and len(set(v)) != len(v):
        bad(field, "holds the same entry twice")


def _bools(v, field, size):
    if not isinstance(v, list) or len(v) != size or any(type(x) is not bool for x in v):
        bad(field, f"expected {size} booleans")


def check(s):
    g = s.game
    n = g.n
    if s.n != n or s.rk != list(g.role_kinds):
        bad("n", "player count or roles differ from the game's")
    _int(s.turn, "turn", 0, 10**6)
    if s.phase not in PHASES:
        bad("phase", f"unknown phase {s.phase!r}")
    _int(s.dirn, "dirn", 0, 1)
    if s.order != turn_order(s, s.dirn):
        bad("order", "is not the turn order of the direction of play")
    for name in ("end_triggered", "over"):
        if type(getattr(s, name)) is not bool:
            bad(name, "expected a boolean")
    _players(s, n)
    _tokens(s, n)
    _cards(s, n)
    _track(s, n)
    _resolving(s, n)
    if s.over:
        _ints(s.winners, "winners", 0, n - 1, distinct=True)
        if not s.winners:
            bad("winners", "a finished game has winners")


def _players(s, n):
    for name in ("char", "side", "vp", "gold", "loc", "plot", "gained", "free_dice", "held",
                 "hits", "last_spent"):
        if not isinstance(getattr(s, name), list) or len(getattr(s, name)) != n:
            bad(name, f"expected {n} entries")
    for p in range(n):
        kind = s.rk[p]
        _int(s.char[p], f"char[{p}]", 0, len(C.characters[kind]) - 1)
        _int(s.side[p], f"side[{p}]", 0, 1)
        _int(s.vp[p], f"vp[{p}]", 0, MAX_COUNT)
        _int(s.gold[p], f"gold[{p}]", 0, MAX_COUNT)
        _int(s.hits[p], f"hits[{p}]", 0, MAX_COUNT)
        _int(s.plot[p], f"plot[{p}]", 0, len(s.plot_spaces))
        _int(s.gained[p], f"gained[{p}]", 0, MAX_DICE)
        _int(s.free_dice[p], f"free_dice[{p}]", 0, 2)
        if kind == ALLY:
            _int(s.loc[p], f"loc[{p}]", -1, -1)
        else:
            _int(s.loc[p], f"loc[{p}]", 0, NK - 1)
        _ints(s.ach[p], f"ach[{p}]", 0, C.ach_len, 3)
        _bools(s.ach_used[p], f"ach_used[{p}]", 3)
        _ints(s.fate[p], f"fate[{p}]", 0, C.fate_copies, 8)
        _ints(s.gods[p], f"gods[{p}]", 0, 7, distinct=True)
        if len(s.gods[p]) > 3:
            bad(f"gods[{p}]", "more than three God tokens")
        z, f, t = s.zone[p], s.face[p], s.dtype[p]
        if not (isinstance(z, list) and isinstance(f, list) and isinstance(t, list)
                and len(z) == len(f) == len(t) and 4 <= len(z) <= MAX_DICE):
            bad(f"zone[{p}]", "dice lists of different lengths or outside 4..10")
        _ints(z, f"zone[{p}]", 0, 6)
        _ints(f, f"face[{p}]", 0, len(C.faces) - 1)
        _ints(t, f"dtype[{p}]", 0, len(C.dtypes) - 1)
        base = C.characters[kind][s.char[p]]["base"]
        if t[:4] != [C.dtypes.index(x) for x in base]:
            bad(f"dtype[{p}]", "the first four dice are not the character's")
        _int(s.held[p], f"held[{p}]", -1, MAX_DICE - 1)
        _int(s.last_spent[p], f"last_spent[{p}]", -1, MAX_DICE - 1)
    for name in ("ability_used", "rolled_here"):
        _bools(getattr(s, name), name, n)
    for d, count in enumerate(C.dcount):
        if sum(row.count(d) for row in s.dtype) > count:
            bad("dtype", f"more {C.dtypes[d]} dice than the game has")
    _ints(s.fate_supply, "fate_supply", 0, C.fate_copies, 8)
    if not isinstance(s.fate_board, list) or len(s.fate_board) != NK:
        bad("fate_board", f"expected {NK} kingdoms")
    for k in range(NK):
        _ints(s.fate_board[k], f"fate_board[{k}]", 0, C.fate_copies, 8)
    for f in range(8):
        total = s.fate_supply[f] + sum(r[f] for r in s.fate) + sum(r[f] for r in s.fate_board)
        if total != C.fate_copies:
            bad("fate", f"{total} {FATE_KINDS[f]} Fate tokens in play, the game has {C.fate_copies}")
    _bools(s.god_supply, "god_supply", 8)
    _ints(s.god_gold, "god_gold", 0, MAX_COUNT, 8)
    for gd in range(8):
        holders = sum(gd in row for row in s.gods) + s.god_supply[gd]
        if holders != 1:
            bad("gods", f"God token {gd} is held {holders} times")


def _tokens(s, n):
    nt = len(C.ct)
    _ints(s.ct_board, "ct_board", -1, nt - 1, NK)
    where = [t for t in s.ct_board if t >= 0] + list(s.ct_supply) + list(s.ct_discard)
    for name in ("temple", "ct_hand", "ct_card"):
        rows = getattr(s, name)
        if not isinstance(rows, list) or len(rows) != (NK if name == "temple" else n):
            bad(name, "wrong number of rows")
        for i, row in enumerate(rows):
            _ints(row, f"{name}[{i}]", 0, nt - 1)
            where += row
    _ints(s.ct_supply, "ct_supply", 0, nt - 1)
    _ints(s.ct_discard, "ct_discard", 0, nt - 1)
    if sorted(where) != list(range(nt)):
        bad("ct_supply", "the Challenge tokens are not each in exactly one place")
    if not isinstance(s.ct_known, list) or len(s.ct_known) != n:
        bad("ct_known", f"expected {n} sets")
    for p, known in enumerate(s.ct_known):
        if not isinstance(known, set) or any(type(t) is not int or not 0 <= t < nt for t in known):
            bad(f"ct_known[{p}]", "expected a set of token ids")
    if not isinstance(s.log_kdie, list) or len(s.log_kdie) > 64:
        bad("log_kdie", "expected at most 64 entries")


def _cards(s, n):
    _ints(s.plot_cards, "plot_cards", 0, len(C.plots) - 1, 5)
    if [C.plots[c]["chapter"] for c in s.plot_cards] != [1, 2, 3, 4, 5]:
        bad("plot_cards", "not one card per chapter in order")
    if not s.game.plot_mixed and s.plot_cards != list(s.game.plot_cards):
        bad("plot_cards", "not the configured Plot")
    if s.plot_spaces != s.game.plot_track(s.plot_cards):
        bad("plot_spaces", "not the track of the Plot cards")
    allowed = {i for i, a in enumerate(C.adventures) if a["icon"] in s.game.icons}
    _ints(s.adv_face, "adv_face", -1, len(C.adventures) - 1, 3)
    seen = list(s.adv_deck) + list(s.adv_discard) + [a for a in s.adv_face if a >= 0]
    for p in range(n):
        _ints(s.adv_held[p], f"adv_held[{p}]", 0, len(C.adventures) - 1)
        seen += s.adv_held[p]
    _ints(s.adv_deck, "adv_deck", 0, len(C.adventures) - 1)
    _ints(s.adv_discard, "adv_discard", 0, len(C.adventures) - 1)
    if len(set(seen)) != len(seen) or not set(seen) <= allowed:
        bad("adv_deck", "an Adventure card is in two places or not in play")
    kingdoms = [C.adv_kingdom[a] for a in s.adv_face if a >= 0]
    if len(set(kingdoms)) != len(kingdoms):
        bad("adv_face", "two face-up Adventures in one kingdom")
    _int(s.adv_done, "adv_done", 0, len(C.adventures) * 10)
    for name, deck, face, discard, total in (
            ("enc_deck", s.enc_deck, s.enc_face, s.enc_discard, len(C.encounters)),
            ("ev_deck", s.ev_deck, [s.ev_cur], s.ev_discard, len(C.events))):
        _ints(deck, name, 0, total - 1)
        _ints(discard, name.replace("deck", "discard"), 0, total - 1)
        _ints(face, name.replace("deck", "face" if name == "enc_deck" else "cur"), -1, total - 1)
        cards = list(deck) + list(discard) + [c for c in face if c >= 0]
        if len(set(cards)) != len(cards):
            bad(name, "a card is in two places")
    if len(s.enc_face) != 3:
        bad("enc_face", "expected 3 slots")
    if not isinstance(s.peek, list) or len(s.peek) != n:
        bad("peek", f"expected {n} rows")
    for p in range(n):
        _ints(s.peek[p], f"peek[{p}]", -1, len(C.adventures), 3)


def _track(s, n):
    _ints(s.track_p, "track_p", -1, n - 1, 4)
    _ints(s.track_d, "track_d", -1, MAX_DICE - 1, 4)
    on = set()
    for slot, (p, d) in enumerate(zip(s.track_p, s.track_d)):
        if (p < 0) != (d < 0) or (p >= 0 and (d >= len(s.zone[p]) or s.zone[p][d] != 5)):
            bad("track_p", f"space {slot} does not hold a die on the Encounter track")
        if p >= 0:
            on.add((p, d))
    if len(on) != sum(1 for p in s.track_p if p >= 0):
        bad("track_p", "one die on two spaces")
    for p in range(n):
        for d, z in enumerate(s.zone[p]):
            if z == 5 and (p, d) not in on and s.phase not in ("end", "over"):
                bad(f"zone[{p}]", f"die {d} is on the Encounter track but on no space")


def _resolving(s, n):
    if s.just_rolled is not None:
        jr = s.just_rolled
        if not isinstance(jr, list) or len(jr) != 2:
            bad("just_rolled", "expected [player, dice]")
        _int(jr[0], "just_rolled[0]", 0, n - 1)
        _ints(jr[1], "just_rolled[1]", 0, len(s.zone[jr[0]]) - 1, distinct=True)
    if s.enc is not None:
        e = s.enc
        if not isinstance(e, dict) or set(e) != {"slot", "card", "left", "failed", "done"}:
            bad("enc", "unexpected keys")
        _int(e["slot"], "enc.slot", 0, 2)
        if e["card"] != s.enc_face[e["slot"]]:
            bad("enc.card", "not the face-up card of its slot")
        _ints(e["left"], "enc.left", 0, len(C.enc_needs[e["card"]]) - 1, distinct=True)
        _ints(e["failed"], "enc.failed", 0, n - 1, distinct=True)
        if type(e["done"]) is not bool:
            bad("enc.done", "expected a boolean")
    if s.adv is not None:
        a = s.adv
        if not isinstance(a, dict) or set(a) != {"slot", "card", "applied", "done"}:
            bad("adv", "unexpected keys")
        _int(a["slot"], "adv.slot", 0, 2)
        _int(a["card"], "adv.card", 0, len(C.adventures) - 1)
        if type(a["done"]) is not bool or (not a["done"] and s.adv_face[a["slot"]] != a["card"]):
            bad("adv.card", "not the face-up card of its slot")
        for i, x in enumerate(a["applied"]):
            if not isinstance(x, list) or len(x) != 2:
                bad(f"adv.applied[{i}]", "expected [player, die]")
            _int(x[0], f"adv.applied[{i}]", 0, n - 1)
            _int(x[1], f"adv.applied[{i}]", 0, len(s.zone[x[0]]) - 1)
    if s.fight is not None:
        f = s.fight
        if not isinstance(f, dict) or set(f) != {"player", "need", "vp", "temple"}:
            bad("fight", "unexpected keys")
        _int(f["player"], "fight.player", 0, n - 1)
        _int(f["need"], "fight.need", 1, 20)
        _int(f["vp"], "fight.vp", 0, 20)
        _int(f["temple"], "fight.temple", -1, NK - 1)
    if s.duel is not None:
        d = s.duel
        if not isinstance(d, dict) or set(d) != {"attacker", "defender", "kingdom", "stopped"}:
            bad("duel", "unexpected keys")
        _int(d["attacker"], "duel.attacker", 0, n - 1)
        _int(d["defender"], "duel.defender", 0, n - 1)
        if d["attacker"] == d["defender"]:
            bad("duel", "a player duels itself")
        _int(d["kingdom"], "duel.kingdom", 0, NK - 1)
        _ints(d["stopped"], "duel.stopped", 0, 1, 2)
