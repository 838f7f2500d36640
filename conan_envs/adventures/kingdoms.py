"""Kingdom effects (rulebook: Kingdom Effect List; Kingdom Challenge token). The effects of
kingdoms the rulebook does not print are designed (data/kingdoms.yaml)."""
from __future__ import annotations

from . import steps as S
from .actions import OFF
from .content import ALLY, FATE_KINDS, KINGDOM_TYPES, content
from .dicepool import ACTIVE, dice_in
from .frames import MoveTo
from .frames_resolve import CorinthiaSrc, CorinthiaWhat, FocusDie, KingdomToken
from .gains import draw_challenge, gain_fate, gain_gold, pick_fate, where
from .stack import ask, push

C = content()
GAIN_FATE = {f"gain_{k}_fate": i for i, k in enumerate(FATE_KINDS)}


def _mover(s, p):
    return 0 if s.rk[p] == ALLY else p


def effect_possible(s, p, k, spending=0):
    """Whether the effect can do anything; `spending` dice of p are about to be spent."""
    e = C.keffect[k]
    if e == "fate_for_gold":
        return any(s.fate[p])
    if e == "move_token":
        return any(s.ct_board[x] >= 0 or any(s.fate_board[x]) for x in range(len(C.kingdoms)))
    if e == "focus_die":
        return len(dice_in(s, p, ACTIVE)) > spending
    if e == "move_to_pirate":
        return True
    return True


def trigger(s, p, k):
    """The Kingdom effect of k for player p."""
    e = C.keffect[k]
    who = _mover(s, p)
    if e in GAIN_FATE:
        gain_fate(s, p, GAIN_FATE[e])
    elif e == "gain_two_move_fate":
        gain_fate(s, p, 0)
        gain_fate(s, p, 0)
    elif e == "gain_gold":
        gain_gold(s, p, 1)
    elif e == "gain_two_gold":
        gain_gold(s, p, 2)
    elif e == "fate_for_gold":
        pick_fate(s, p, [f for f in range(8) if s.fate[p][f]], "aquilonia")
    elif e == "move_to_pirate":
        ask(s, MoveTo(p, who, tuple(x for x in C.pirate_kingdoms if x != s.loc[who]), "argos"))
    elif e == "move_adjacent":
        ask(s, MoveTo(p, who, tuple(C.adj[s.loc[who]]), "border"))
    elif e == "move_token":
        ask(s, CorinthiaSrc(p, tuple(x for x in range(len(C.kingdoms))
                                     if s.ct_board[x] >= 0 or any(s.fate_board[x]))))
    elif e == "focus_die":
        ask(s, FocusDie(p))
    elif e == "roll_savage":
        push(s, S.RollKdie(p, k, KINGDOM_TYPES.index("savage")))
    elif e == "draw_challenge":
        draw_challenge(s, p)
    elif e != "none":
        raise ValueError(f"unknown kingdom effect {e!r}")


def effect_or_roll(s, p):
    """A Kingdom Challenge token: trigger the local effect or roll the local Kingdom die."""
    k = where(s, p)
    ask(s, KingdomToken(p, k))


def kingdom_token_now(s, p, t):
    """Just revealed: use it now (slot 0 effect, slot 1 die) or keep it face up ('done')."""
    if t in s.ct_card[p]:
        ask(s, KingdomToken(p, where(s, p), t))


def use_token(s, p, k, t, i):
    """A Kingdom token (`t` >= 0: the one just revealed) is used: the effect (0) or the die."""
    if t >= 0:
        s.ct_card[p].remove(t)
        s.ct_discard.append(t)
    if i == 0:
        trigger(s, p, k)
    else:
        push(s, S.RollKdie(p, k, -1))


def corinthia_what(s, p, i):
    """Corinthia: move a face-down Challenge token or a Fate token to an adjacent Kingdom."""
    can_ct = s.ct_board[i] >= 0 and any(s.ct_board[x] < 0 for x in C.adj[i])
    kinds = tuple(f for f in range(8) if s.fate_board[i][f])
    return CorinthiaWhat(p, i, can_ct, kinds)


def mask_focus_face(s, p, d, mask):
    """Hyperborea: turn an active die to any result on that die other than Wild."""
    faces = C.dfaces[s.dtype[p][d]]
    for j, f in enumerate(faces):
        if C.faces[f][0] != "wild":
            mask[OFF["face"] + j] = True


def focus(s, p, d, i):
    s.face[p][d] = C.dfaces[s.dtype[p][d]][i]
