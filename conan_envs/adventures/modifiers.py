"""Changing one's own results (rulebook: Fate Tokens, God Token Abilities): Fate tokens turn a
die to their symbol; Set (any symbol), Bel (Thief), Ishtar (reroll one die), Ymir (a
Character result as a Warrior), Mitra (reroll all dice just rolled) and Asura (cycle a face-up
card). They are offered wherever a player has agency over its dice (the Plot roll, the Main
phase, after each roll in Fights, Duels, Encounters and Adventures)."""
from __future__ import annotations

from . import abilities
from .actions import OFF
from .content import (
    ASURA,
    BEL,
    FATE_SYM,
    FOE,
    IBIS,
    ISHTAR,
    MITRA,
    SET,
    SYMBOL_NAMES,
    THIEF,
    WARRIOR,
    YMIR,
    content,
)
from .dicepool import ACTIVE, FAILED, dice_in, roll
from .flow import ask, decision
from .text import name_of
from .words import FATE_NAMES

C = content()
SEGMENTS = frozenset(("fate_die", "set_die", "bel_die", "ishtar_die", "ymir_die", "mitra", "asura",
                      "ability", "ibis"))
DICE_GODS = (BEL, ISHTAR, MITRA, SET, YMIR)


def scope(s):
    """The dice of the deciding player that modifiers may change now, or None."""
    d = s.dec
    k = d["k"]
    if k in ("plot", "main"):
        return dice_in(s, d["p"], ACTIVE)
    if k == "adjust":
        return d["dice"]
    return None


def usable_gods(s, p):
    """p's God tokens, and in the team game its partner's too (Special Rules)."""
    q = partner(s, p)
    return s.gods[p] + s.gods[q] if q >= 0 else s.gods[p]


def partner(s, p):
    if not s.game.config["team"] or s.rk[p] == FOE:
        return -1
    return 2 if p == 0 else 0


def has_mods(s, p, own_turn=True):
    """Whether p holds something that changes its results now (`own_turn`: on p's turn, when
    the God tokens used "At any time on your turn" count too)."""
    if any(s.fate[p]) or any((g in DICE_GODS or g == IBIS) and (own_turn or g not in YOUR_TURN_GODS)
                             for g in usable_gods(s, p)):
        return True
    return not s.ability_used[p] and abilities.ability(s, p) in abilities.DICE_ABILITIES


def maybe_adjust(s, p, dice, why=""):
    """After a roll: let p change those results if it holds anything that can."""
    if dice and has_mods(s, p, s.phase != "main" or main_turn_player(s) == p):
        ask(s, "adjust", p, dice=list(dice), why=why)


def _mask_adjust(s, mask, off):
    mask[off["done"]] = True


@decision("adjust", _mask_adjust)
def _apply_adjust(s, seg, i):
    s.dec = None
    s.just_rolled = None


# Decisions taken on one's own turn: Asura ("At any time on your turn - Cycle 1 face up card").
OWN_TURN = frozenset(("buy", "plot", "main", "main_post", "adjust"))
# God tokens used "At any time on your turn" (God Token Abilities); Ymir is "At any time",
# Mitra "Immediately after rolling your dice", Zath "After scoring an Adventure".
YOUR_TURN_GODS = frozenset((ASURA, BEL, IBIS, ISHTAR, SET))


def main_turn_player(s):
    """Whose Main-phase turn it is: the player of the innermost pending turn step (a Fight or
    Duel runs inside the action of the player whose turn it is), or -1."""
    for t in reversed(s.tasks):
        if t[0] in ("main_after", "main_reask"):
            return t[1]
    return -1


def on_own_turn(s, p):
    """Whether the decision asked of p now is taken on p's turn. In the Main phase a Fight or
    Duel happens on the turn of the player whose action caused it, so the defender of a Duel
    (or a player fighting a token another player moved) is not on its turn; in the other
    phases each player's buy, Plot roll, Encounter attempt and Adventure roll is its turn."""
    k = s.dec["k"]
    if k not in OWN_TURN:
        return False
    if k == "adjust" and s.phase == "main":
        return main_turn_player(s) == p
    return True


def asura_cards(s):
    """Face-up cards Asura may cycle now: (slot, is_encounter). Not the Adventure being
    attempted, nor the Encounters while they are being faced."""
    out = []
    attempted = s.adv["slot"] if s.adv is not None and not s.adv["done"] else -1
    for j in range(3):
        if s.adv_face[j] >= 0 and j != attempted:
            out.append(j)
    if s.phase != "encounter":
        out += [3 + j for j in range(3) if s.enc_face[j] >= 0]
    return out


def add_modifiers(s, mask):
    p = s.dec["p"]
    gods = usable_gods(s, p)
    if s.ability_used[p] and not gods and not any(s.fate[p]):
        return
    if gods and not on_own_turn(s, p):
        gods = [g for g in gods if g not in YOUR_TURN_GODS]
    if ASURA in gods:
        for j in asura_cards(s):
            mask[OFF["asura"] + j] = True
    dice = scope(s)
    if dice is None:
        return
    abilities.add(s, mask, OFF, dice, IBIS in gods and IBIS in s.gods[p])
    f = s.face[p]
    fate = s.fate[p]
    rerolls = s.dec.get("why") != "unchosen"  # no rerolls when checking unchosen dice
    held = [k for k in range(8) if fate[k]]
    if held and s.dec["k"] == "plot" and plot_characters(s, p) >= 3:
        held = []  # "You can change a missed roll ... if you haven't already rolled 3+ character results"
    has_set, has_bel = SET in gods, BEL in gods
    has_ishtar, has_ymir = ISHTAR in gods and rerolls, YMIR in gods
    fo, so = OFF["fate_die"], OFF["set_die"]
    for d in dice:
        fd = f[d]
        for k in held:
            if fd != FATE_SYM[k]:
                mask[fo + d * 8 + k] = True
        if has_set:
            mask[so + d * 11: so + d * 11 + 11] = True
            if fd < 11:
                mask[so + d * 11 + fd] = False
        if has_bel and fd != THIEF:
            mask[OFF["bel_die"] + d] = True
        if has_ishtar:
            mask[OFF["ishtar_die"] + d] = True
        if has_ymir and C.face_char[fd]:
            mask[OFF["ymir_die"] + d] = True
    jr = s.just_rolled
    if MITRA in gods and rerolls and jr and jr[0] == p and any(d in dice for d in jr[1]):
        mask[OFF["mitra"]] = True


def plot_characters(s, p):
    """Character results in a Plot attempt (resource.plot_characters; kept here to avoid
    an import cycle)."""
    z, f = s.zone[p], s.face[p]
    return sum(1 for i in range(len(z)) if z[i] == FAILED
               or (z[i] == ACTIVE and C.face_char[f[i]]))


def _spend_god(s, p, g):
    holder = p if g in s.gods[p] else partner(s, p)
    s.gods[holder].remove(g)
    s.god_supply[g] = True


def apply(s, seg, i):
    p = s.dec["p"]
    f = s.face[p]
    if seg in ("ability", "ibis"):
        abilities.apply(s, seg, scope(s))
        return
    name = name_of(s, p)
    if seg == "fate_die":
        d, k = divmod(i, 8)
        s.fate[p][k] -= 1
        s.fate_supply[k] += 1
        s.log_event(f"{name} turns in a {FATE_NAMES[k]} Fate token: die {d} "
                    f"({C.face_names[f[d]]}) becomes {SYMBOL_NAMES[FATE_SYM[k]]}")
        f[d] = FATE_SYM[k]
    elif seg == "set_die":
        d, sym = divmod(i, 11)
        _spend_god(s, p, SET)
        s.log_event(f"{name} uses Set: die {d} ({C.face_names[f[d]]}) becomes {SYMBOL_NAMES[sym]}")
        f[d] = sym
    elif seg == "bel_die":
        _spend_god(s, p, BEL)
        s.log_event(f"{name} uses Bel: die {i} ({C.face_names[f[i]]}) becomes Thief")
        f[i] = THIEF
    elif seg == "ishtar_die":
        _spend_god(s, p, ISHTAR)
        s.log_event(f"{name} uses Ishtar to reroll die {i} ({C.face_names[f[i]]})")
        roll(s, p, [i])
    elif seg == "ymir_die":
        _spend_god(s, p, YMIR)
        s.log_event(f"{name} uses Ymir: die {i}'s Character counts as a Warrior")
        f[i] = WARRIOR
    elif seg == "mitra":
        _spend_god(s, p, MITRA)
        s.log_event(f"{name} uses Mitra to reroll all the dice just rolled")
        dice = scope(s)
        roll(s, p, [d for d in s.just_rolled[1] if d in dice])
        s.just_rolled = None
        return
    elif seg == "asura":
        from .cards import start_cycle
        _spend_god(s, p, ASURA)
        s.log_event(f"{name} uses Asura to cycle a face-up card")
        saved = s.dec
        s.dec = None
        start_cycle(s, p, "adventure" if i < 3 else "encounter", i % 3)
        if s.dec is not None:  # keep-one-of-two, then back to the interrupted decision
            s.tasks.append(["resume", saved])
        else:
            s.dec = saved
        return
    if s.just_rolled and s.just_rolled[0] == p:
        s.just_rolled = None
