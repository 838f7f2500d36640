"""Changing one's own results (rulebook: Fate Tokens, God Token Abilities): Fate tokens turn a
die to their symbol; Set (any symbol), Bel (Thief), Ishtar (reroll one die), Ymir (a
Character result as a Warrior), Mitra (reroll all dice just rolled) and Asura (cycle a face-up
card). They are offered wherever a player has agency over its dice (the Plot roll, the Main
phase, after each roll in Fights, Duels, Encounters and Adventures)."""
from __future__ import annotations

from . import abilities
from . import steps as S
from .actions import OFF
from .cards import start_cycle
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
from .frames import Main, Plot
from .frames_resolve import Adjust
from .stack import Ask, ask, asked
from .text import name_of
from .words import FATE_NAMES

C = content()
DICE_GODS = (BEL, ISHTAR, MITRA, SET, YMIR)


def scope(s, d):
    """The dice of the deciding player that modifiers may change at decision `d`, or None."""
    t = type(d)
    if t is Plot or t is Main:
        return dice_in(s, d.actor, ACTIVE)
    if t is Adjust:
        return list(d.dice)
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
        ask(s, Adjust(p, tuple(dice), why))


# God tokens used "At any time on your turn" (God Token Abilities); Ymir is "At any time",
# Mitra "Immediately after rolling your dice", Zath "After scoring an Adventure".
YOUR_TURN_GODS = frozenset((ASURA, BEL, IBIS, ISHTAR, SET))


def main_turn_player(s):
    """Whose Main-phase turn it is: the player of the innermost pending turn step (a Fight or
    Duel runs inside the action of the player whose turn it is), or -1."""
    for t in reversed(s.stack):
        if type(t) is S.MainAfter or type(t) is S.MainReask:
            return t.p
    return -1


def on_own_turn(s, d, p):
    """Whether the decision asked of p now is taken on p's turn. In the Main phase a Fight or
    Duel happens on the turn of the player whose action caused it, so the defender of a Duel
    (or a player fighting a token another player moved) is not on its turn; in the other
    phases each player's buy, Plot roll, Encounter attempt and Adventure roll is its turn.
    The decisions taken on one's own turn (Asura: "At any time on your turn - Cycle 1 face
    up card") say so (``Ask.own_turn``)."""
    if not d.own_turn:
        return False
    if type(d) is Adjust and s.phase == "main":
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


def add_modifiers(s, d, mask):
    p = d.actor
    gods = usable_gods(s, p)
    if s.ability_used[p] and not gods and not any(s.fate[p]):
        return
    if gods and not on_own_turn(s, d, p):
        gods = [g for g in gods if g not in YOUR_TURN_GODS]
    if ASURA in gods:
        for j in asura_cards(s):
            mask[OFF["asura"] + j] = True
    dice = scope(s, d)
    if dice is None:
        return
    abilities.add(s, d, mask, dice, IBIS in gods and IBIS in s.gods[p])
    f = s.face[p]
    fate = s.fate[p]
    rerolls = type(d) is not Adjust or d.why != "unchosen"  # no rerolls when checking unchosen dice
    held = [k for k in range(8) if fate[k]]
    if held and type(d) is Plot and plot_characters(s, p) >= 3:
        held = []  # "You can change a missed roll ... if you haven't already rolled 3+ character results"
    has_set, has_bel = SET in gods, BEL in gods
    has_ishtar, has_ymir = ISHTAR in gods and rerolls, YMIR in gods
    fo, so = OFF["fate_die"], OFF["set_die"]
    for x in dice:
        fd = f[x]
        for k in held:
            if fd != FATE_SYM[k]:
                mask[fo + x * 8 + k] = True
        if has_set:
            mask[so + x * 11: so + x * 11 + 11] = True
            if fd < 11:
                mask[so + x * 11 + fd] = False
        if has_bel and fd != THIEF:
            mask[OFF["bel_die"] + x] = True
        if has_ishtar:
            mask[OFF["ishtar_die"] + x] = True
        if has_ymir and C.face_char[fd]:
            mask[OFF["ymir_die"] + x] = True
    jr = s.just_rolled
    if MITRA in gods and rerolls and jr and jr[0] == p and any(x in dice for x in jr[1]):
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


def apply(s, dec: Ask, seg, i):
    p = dec.actor
    f = s.face[p]
    if seg in ("ability", "ibis"):
        abilities.apply(s, dec, seg, scope(s, dec))
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
        dice = scope(s, dec)
        roll(s, p, [x for x in s.just_rolled[1] if x in dice])
        s.just_rolled = None
        return
    elif seg == "asura":
        _spend_god(s, p, ASURA)
        s.log_event(f"{name} uses Asura to cycle a face-up card")
        stack = s.stack
        stack.pop()  # the decision waits while the cycle is resolved
        start_cycle(s, p, "adventure" if i < 3 else "encounter", i % 3)
        if asked(s):  # keep-one-of-two, then back to the interrupted decision
            stack.insert(len(stack) - 1, S.Resume(dec))
        else:
            ask(s, dec)
        return
    if s.just_rolled and s.just_rolled[0] == p:
        s.just_rolled = None
