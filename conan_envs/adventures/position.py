"""A position builder for The Adventures of Conan: a player's dice, tokens, Gold, score and
kingdom; a kingdom's Challenge token; the face-up cards, the Event, the turn order and the
Encounter track; and a phase begun from there (for tests, puzzles and curricula; the rulebook's
Setup is in state.py). The only place outside the rules that sets a state's fields; everything
after it is played through public moves. Every function checks its inputs (ValueError) and
leaves the state's legal-action mask to be recomputed."""
from __future__ import annotations

from ..engine import checks
from . import dicepool
from .content import CT_KINDS, FATE_KINDS, GodToken, _face, content
from .steps import Step

C = content()
ZONES = range(len(dicepool.ZONE_NAMES))


def face(name):
    """A face id from the rulebook's words: 'warrior', 'sorcery|warrior', 'warrior+warrior',
    'wild', 'char'."""
    try:
        return C.faces.index(_face(name))
    except (AssertionError, KeyError, ValueError) as e:
        raise ValueError(f"face {name!r} is not a face of a character die") from e


def kingdom(k):
    """A kingdom id from its name (or an id, checked)."""
    if isinstance(k, str):
        if k not in C.kid:
            raise ValueError(f"kingdom {k!r} is not on the map")
        return C.kid[k]
    if type(k) is not int or not 0 <= k < len(C.kingdoms):
        raise ValueError(f"kingdom {k!r} is not on the map")
    return k


def _fate_counts(fate):
    if isinstance(fate, dict):
        unknown = set(fate) - set(FATE_KINDS)
        if unknown:
            raise ValueError(f"Fate tokens {sorted(unknown)} are not among {FATE_KINDS}")
        fate = [fate.get(k, 0) for k in FATE_KINDS]
    return checks.counts("Fate tokens", fate, len(FATE_KINDS))


def give(s, p, *, gold=None, vp=None, plot=None, fate=None, gods=None, ach=None,
         card_tokens=None, side=None, ability_used=None, gained=None, free_dice=None):
    """Set player p's Gold, Victory points, plot space, Fate tokens (8 counts, or {kind: count};
    taken from and returned to the supply), God tokens (taken from and returned to the supply),
    Achievement track spaces (3), Challenge tokens on the character card, character side,
    whether the ability is used, and dice gained (and free dice) this round. None leaves it."""
    checks.player(p, s.n)
    for name, v in (("gold", gold), ("vp", vp), ("plot", plot), ("gained", gained),
                    ("free_dice", free_dice)):
        if v is not None:
            getattr(s, name)[p] = checks.count(name, v)
    if fate is not None:
        fate = _fate_counts(fate)
        supply = [have + s.fate[p][k] - new for k, (have, new) in enumerate(zip(s.fate_supply, fate))]
        if min(supply) < 0:
            raise ValueError(f"Fate tokens {fate!r}: more than the supply holds")
        s.fate_supply, s.fate[p] = supply, fate
    if gods is not None:  # GodToken members (IntEnum) or their numbers
        gods = [int(g) if isinstance(g, GodToken) else g for g in gods]
        for g in gods:
            checks.index("God token", g, len(s.god_supply))
            if not s.god_supply[g] and g not in s.gods[p]:
                raise ValueError(f"God token {g} is not in the supply")
        for g in s.gods[p]:
            s.god_supply[g] = True
        for g in gods:
            s.god_supply[g] = False
        s.gods[p] = gods
    if ach is not None:
        s.ach[p] = checks.counts("Achievement spaces", ach, 3)
    if card_tokens is not None:
        s.ct_card[p] = [_token(t) for t in card_tokens]
    if side is not None:
        if side not in (0, 1):
            raise ValueError(f"side {side!r} is not 0 or 1")
        s.side[p] = side
    if ability_used is not None:
        s.ability_used[p] = bool(ability_used)
    return s.edited()


def scores(s, vp=None, plot=None, ach=None):
    """Set every player's Victory points, plot spaces and Achievement spaces (one per player)."""
    for name, values in (("vp", vp), ("plot", plot), ("ach", ach)):
        if values is not None:
            if len(values) != s.n:
                raise ValueError(f"{name} {values!r}: expected one per player ({s.n})")
            for p, v in enumerate(values):
                give(s, p, **{name: v})
    return s.edited()


def no_tokens(s, *players):
    """No Fate tokens, God tokens, or unused ability: no chance to change results."""
    for p in players:
        give(s, p, fate=[0] * len(FATE_KINDS), gods=[], ability_used=True)
    return s


def set_dice(s, p, faces, zone=dicepool.ACTIVE, dtypes=None):
    """Give player p exactly these dice (faces by name), all in one zone; `dtypes` (die type
    names) default to the player's first dice types, repeated."""
    checks.player(p, s.n)
    if zone not in ZONES:
        raise ValueError(f"zone {zone!r} is not one of {dicepool.ZONE_NAMES}")
    if not 0 < len(faces) <= dicepool.MAX_DICE:
        raise ValueError(f"dice {faces!r}: a player has 1 to {dicepool.MAX_DICE}")
    ids = [face(x) for x in faces]
    if dtypes is not None:
        if len(dtypes) != len(faces):
            raise ValueError(f"die types {dtypes!r}: expected {len(faces)}")
        for t in dtypes:
            if t not in C.dtypes:
                raise ValueError(f"die type {t!r} is not one of {C.dtypes}")
        types = [C.dtypes.index(t) for t in dtypes]
    else:
        types = (s.dtype[p] + s.dtype[p])[:len(faces)]
    s.face[p], s.zone[p], s.dtype[p] = ids, [zone] * len(faces), types
    return s.edited()


def _die(s, p, d):
    checks.player(p, s.n)
    if type(d) is not int or not 0 <= d < len(s.face[p]):
        raise ValueError(f"die {d!r} is not one of player {p}'s {len(s.face[p])} dice")
    return d


def roll_as(s, p, dice, faces):
    """Show these faces (by name) on player p's dice `dice`: a roll with given results."""
    if len(dice) != len(faces):
        raise ValueError(f"{len(faces)} faces for {len(dice)} dice")
    for d, x in zip(dice, faces):
        s.face[p][_die(s, p, d)] = face(x)
    return s.edited()


def move_die(s, p, d, zone):
    """Put player p's die d in `zone` (dicepool.ACTIVE, SPENT, ...)."""
    if zone not in ZONES:
        raise ValueError(f"zone {zone!r} is not one of {dicepool.ZONE_NAMES}")
    s.zone[p][_die(s, p, d)] = zone
    return s.edited()


def encounter_track(s, slots):
    """The Encounter track's four spaces: (player, die) each, or None for an empty space; the
    dice placed go to the track zone."""
    if len(slots) != 4:
        raise ValueError(f"Encounter track {slots!r}: expected 4 spaces")
    track_p, track_d = [-1] * 4, [-1] * 4
    for i, slot in enumerate(slots):
        if slot is not None:
            p, d = slot
            track_p[i], track_d[i] = p, _die(s, p, d)
            s.zone[p][d] = dicepool.TRACK
    s.track_p, s.track_d = track_p, track_d
    return s.edited()


def place(s, where):
    """Put characters in kingdoms: {player: kingdom name or id}."""
    for p, k in where.items():
        s.loc[checks.player(p, s.n)] = kingdom(k)
    return s.edited()


def characters(s, chars):
    """Play these characters: {player: index among the characters of the player's role}."""
    for p, c in chars.items():
        cards = C.characters[s.rk[checks.player(p, s.n)]]
        if type(c) is not int or not 0 <= c < len(cards):
            raise ValueError(f"character {c!r} is not one of {len(cards)}")
        s.char[p] = c
    return s.edited()


def turn_order(s, order):
    """The turn order, first player first."""
    order = list(order)
    if sorted(order) != list(range(s.n)):
        raise ValueError(f"order {order!r} is not a turn order of {s.n} players")
    s.order = order
    return s.edited()


def clear_board(s):
    """No Challenge tokens, temples or Fate tokens on the map (the supplies unchanged)."""
    nk = len(C.kingdoms)
    s.ct_board, s.temple, s.fate_board = [-1] * nk, [[] for _ in range(nk)], [[0] * 8 for _ in range(nk)]
    return s.edited()


def _token(t):
    if type(t) is not int or not 0 <= t < len(C.ct):
        raise ValueError(f"Challenge token {t!r} is not one of {len(C.ct)}")
    return t


def take_token(s, kind, value=0):
    """Take a Challenge token of this kind (and value) out of the supply; returns it."""
    if kind not in CT_KINDS:
        raise ValueError(f"Challenge token kind {kind!r} is not one of {CT_KINDS}")
    k = CT_KINDS.index(kind)
    t = next((t for t in s.ct_supply if C.ct[t] == (k, value)), None)
    if t is None:
        raise ValueError(f"no {kind} token of value {value} left in the supply")
    s.ct_supply.remove(t)
    return t


def put_token(s, where, token):
    """Put a Challenge token face down in a kingdom (-1: none)."""
    s.ct_board[kingdom(where)] = token if token == -1 else _token(token)
    return s.edited()


def temple(s, where, tokens):
    """The Temple of Set tokens revealed in a kingdom."""
    s.temple[kingdom(where)] = [_token(x) for x in tokens]
    return s.edited()


def put_fate(s, where, kind, count=1):
    """Put `count` Fate tokens of this kind in a kingdom."""
    if kind not in FATE_KINDS:
        raise ValueError(f"Fate token kind {kind!r} is not one of {FATE_KINDS}")
    s.fate_board[kingdom(where)][FATE_KINDS.index(kind)] = checks.count("Fate tokens", count)
    return s.edited()


def hold_tokens(s, p, tokens):
    """Player p's supply of Challenge tokens."""
    s.ct_hand[checks.player(p, s.n)] = [_token(t) for t in tokens]
    return s.edited()


def knows(s, p, tokens):
    """The Challenge tokens player p has seen (replacing what it knew)."""
    s.ct_known[checks.player(p, s.n)] = {_token(t) for t in tokens}
    return s.edited()


def gods_in_supply(s, gods):
    """Which God tokens are in the supply (the others are out of it)."""
    gods = set(gods)
    if not gods <= set(range(len(s.god_supply))):
        raise ValueError(f"God tokens {sorted(gods)!r} are not among {len(s.god_supply)}")
    s.god_supply = [g in gods for g in range(len(s.god_supply))]
    return s.edited()


def god_gold(s, god, gold):
    """The Gold lying on a God token in the supply."""
    if isinstance(god, GodToken):
        god = int(god)
    if type(god) is not int or not 0 <= god < len(s.god_gold):
        raise ValueError(f"God token {god!r} is not one of {len(s.god_gold)}")
    s.god_gold[god] = checks.count("gold", gold)
    return s.edited()


def _card(deck, i, what):
    if i != -1 and (type(i) is not int or not 0 <= i < len(deck)):
        raise ValueError(f"{what} {i!r} is not one of {len(deck)}")
    return i


def face_up(s, adventures=None, encounters=None):
    """The face-up Adventure and Encounter cards (three slots each, -1 for an empty one)."""
    for name, deck, cards in (("adv_face", C.adventures, adventures), ("enc_face", C.encounters, encounters)):
        if cards is not None:
            cards = list(cards)
            if len(cards) != 3:
                raise ValueError(f"face-up cards {cards!r}: expected 3 slots")
            setattr(s, name, [_card(deck, c, "card") for c in cards])
    return s.edited()


def held_adventures(s, p, adventures):
    """The Adventure cards player p holds."""
    s.adv_held[checks.player(p, s.n)] = [_card(C.adventures, a, "Adventure") for a in adventures]
    return s.edited()


def event(s, e):
    """The Event in play (an index of the Event cards)."""
    s.ev_cur = _card(C.events, e, "Event")
    return s.edited()


def event_on_top(s, e):
    """Put an Event card on top of the Event deck."""
    s.ev_deck.append(_card(C.events, e, "Event"))
    return s.edited()


def end_triggered(s):
    """The end of the game is triggered: this round is the last."""
    s.end_triggered = True
    return s.edited()


def forget_kingdom_rolls(s):
    """Empty the record of Kingdom die rolls, so the next rolls are the only ones in it."""
    s.log_kdie = []
    return s


def begin(s, *frames):
    """Drop what is pending and run these frames (steps of the rules, e.g.
    ``steps.ENCOUNTER_PHASE``, ``steps.Reward(0, ("vp:3",))``) in order, then on to the next
    decision."""
    for f in frames:
        if not isinstance(f, Step):
            raise ValueError(f"{f!r} is not a step of the rules (steps.py)")
    s.stack[:] = frames[::-1]
    s.edited()
    s.advance()
    return s
