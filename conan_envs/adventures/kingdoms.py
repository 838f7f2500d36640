"""Kingdom effects (rulebook: Kingdom Effect List; Kingdom Challenge token). The effects of
kingdoms the rulebook does not print are designed (data/kingdoms.yaml)."""
from __future__ import annotations

from .content import ALLY, FATE_KINDS, KINGDOM_TYPES, content
from .dicepool import ACTIVE, dice_in
from .flow import ask, decision, push, task
from .gains import FATE_HANDLERS, draw_challenge, gain_fate, gain_gold, pick_fate, where

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
        ask(s, "move_to", p, who=who, why="argos",
            opts=[x for x in C.pirate_kingdoms if x != s.loc[who]])
    elif e == "move_adjacent":
        ask(s, "move_to", p, who=who, why="border", opts=list(C.adj[s.loc[who]]))
    elif e == "move_token":
        ask(s, "corinthia_src", p, opts=[x for x in range(len(C.kingdoms))
                                         if s.ct_board[x] >= 0 or any(s.fate_board[x])])
    elif e == "focus_die":
        ask(s, "focus_die", p)
    elif e == "roll_savage":
        push(s, ["roll_kdie", p, k, KINGDOM_TYPES.index("savage")])
    elif e == "draw_challenge":
        draw_challenge(s, p)
    elif e != "none":
        raise ValueError(f"unknown kingdom effect {e!r}")


def effect_or_roll(s, p):
    """A Kingdom Challenge token: trigger the local effect or roll the local Kingdom die."""
    k = where(s, p)
    ask(s, "kingdom_token", p, kingdom=k)


@task("kingdom_token_now")
def _kingdom_token_now(s, p, t):
    """Just revealed: use it now (slot 0 effect, slot 1 die) or keep it face up ('done')."""
    if t in s.ct_card[p]:
        ask(s, "kingdom_token", p, kingdom=where(s, p), token=t)


def _mask_kt(s, mask, off):
    mask[off["slot"]] = effect_possible(s, s.dec["p"], s.dec["kingdom"])
    mask[off["slot"] + 1] = True
    if "token" in s.dec:
        mask[off["done"]] = True


@decision("kingdom_token", _mask_kt)
def _apply_kt(s, seg, i):
    p, k, t = s.dec["p"], s.dec["kingdom"], s.dec.get("token", -1)
    s.dec = None
    if seg == "done":
        return
    if t >= 0:
        s.ct_card[p].remove(t)
        s.ct_discard.append(t)
    if i == 0:
        trigger(s, p, k)
    else:
        push(s, ["roll_kdie", p, k, -1])


def _aquilonia(s, p, f, kw):
    s.fate[p][f] -= 1
    s.fate_supply[f] += 1
    gain_gold(s, p, 2)


FATE_HANDLERS["aquilonia"] = _aquilonia


def _mask_kingdoms(s, mask, off):
    for x in s.dec["opts"]:
        mask[off["kingdom"] + x] = True


@decision("corinthia_src", _mask_kingdoms)
def _apply_cor_src(s, seg, i):
    """Corinthia: move a face-down Challenge token or a Fate token to an adjacent Kingdom."""
    p = s.dec["p"]
    can_ct = s.ct_board[i] >= 0 and any(s.ct_board[x] < 0 for x in C.adj[i])
    kinds = [f for f in range(8) if s.fate_board[i][f]]
    ask(s, "corinthia_what", p, src=i, ct=can_ct, kinds=kinds)


def _mask_cor_what(s, mask, off):
    if s.dec["ct"]:
        mask[off["yes"]] = True
    for f in s.dec["kinds"]:
        mask[off["fate"] + f] = True
    if not s.dec["ct"] and not s.dec["kinds"]:
        mask[off["done"]] = True


@decision("corinthia_what", _mask_cor_what)
def _apply_cor_what(s, seg, i):
    p, src = s.dec["p"], s.dec["src"]
    if seg == "yes":
        ask(s, "ct_dest", p, src=src, opts=[x for x in C.adj[src] if s.ct_board[x] < 0])
    elif seg == "fate":
        ask(s, "fate_dest", p, src=src, kind=i, opts=list(C.adj[src]))
    else:
        s.dec = None


def _mask_focus_die(s, mask, off):
    for d in dice_in(s, s.dec["p"], ACTIVE):
        mask[off["die"] + d] = True


@decision("focus_die", _mask_focus_die)
def _apply_focus_die(s, seg, i):
    """Hyperborea: turn an active die to any result on that die other than Wild."""
    ask(s, "focus_face", s.dec["p"], die=i)


def _mask_focus_face(s, mask, off):
    p, d = s.dec["p"], s.dec["die"]
    faces = C.dfaces[s.dtype[p][d]]
    for j, f in enumerate(faces):
        if C.faces[f][0] != "wild":
            mask[off["face"] + j] = True


@decision("focus_face", _mask_focus_face)
def _apply_focus_face(s, seg, i):
    p, d = s.dec["p"], s.dec["die"]
    s.dec = None
    s.face[p][d] = C.dfaces[s.dtype[p][d]][i]
