"""Character abilities (rulebook: Setup - "Players may choose which side of the character card
to start the game with face up. That is your character's ability. Effects may flip your card";
Ibis). The abilities themselves are designed (data/characters.yaml): each is used once per
round; Ibis flips the card and makes the new side's ability usable at once."""
from __future__ import annotations

from .content import ALLY, IBIS, WARRIOR, content
from .dicepool import roll
from .flow import ask, decision, mask_die_opts, push, task
from .gains import gain_gold, where
from .text import name_of
from .words import ABILITY_WORDS

C = content()
DICE_ABILITIES = ("reroll", "warrior")
MAIN_ABILITIES = ("focus", "gold", "fate", "move", "challenge")


def card(s, p):
    return C.characters[s.rk[p]][s.char[p]]


def ability(s, p):
    return card(s, p)["sides"][s.side[p]]


@task("choose_sides")
def _choose_sides(s):
    push(s, *[["choose_side", p] for p in range(s.n)])


@task("choose_side")
def _choose_side(s, p):
    ask(s, "side", p)


def _mask_side(s, mask, off):
    mask[off["slot"]] = mask[off["slot"] + 1] = True


@decision("side", _mask_side)
def _apply_side(s, seg, i):
    s.side[s.dec["p"]] = i
    s.dec = None


def add(s, mask, off, dice, ibis):
    """Ability and Ibis (`ibis`: p holds it and may use it now) actions open to the deciding
    player over `dice` (its dice in scope)."""
    p = s.dec["p"]
    if ibis:
        mask[off["ibis"]] = True
    if s.ability_used[p]:
        return
    a = ability(s, p)
    f = s.face[p]
    if a == "reroll" and dice:
        mask[off["ability"]] = True
    elif a == "warrior" and any(C.face_char[f[d]] for d in dice):
        mask[off["ability"]] = True
    elif a in MAIN_ABILITIES and s.dec["k"] == "main":
        if a == "focus" and not dice:
            return
        if a == "move" and C.vast[s.loc[0 if s.rk[p] == ALLY else p]]:
            return  # leaving a vast kingdom takes two Move dice: a free Movement cannot
        mask[off["ability"]] = True


def apply(s, seg, dice):
    p = s.dec["p"]
    if seg == "ibis":
        s.gods[p].remove(IBIS)
        s.god_supply[IBIS] = True
        s.side[p] = 1 - s.side[p]
        s.ability_used[p] = False
        s.log_event(f"{name_of(s, p)} uses Ibis and flips the Character card; the ability now "
                    f"is: {ABILITY_WORDS[ability(s, p)]}")
        return
    s.ability_used[p] = True
    a = ability(s, p)
    s.log_event(f"{name_of(s, p)} uses the Character ability: {ABILITY_WORDS[a]}")
    saved = s.dec
    if a in DICE_ABILITIES:
        opts = [d for d in dice if a == "reroll" or C.face_char[s.face[p][d]]]
        ask(s, "ability_die", p, opts=opts, back=saved, what=a)
        return
    s.dec = None
    push(s, ["resume", saved])
    if a == "gold":
        gain_gold(s, p, 1)
    elif a == "fate":
        push(s, ["fate_local", p, where(s, p)])
    elif a == "focus":
        ask(s, "focus_die", p)
    elif a == "move":
        who = 0 if s.rk[p] == ALLY else p
        if C.vast[s.loc[who]]:
            return  # leaving a vast kingdom takes two Move dice: a free Movement cannot
        ask(s, "move_to", p, who=who, opts=list(C.adj[s.loc[who]]), why="ability")
    elif a == "challenge":
        from .tokens import start_place
        start_place(s, p)


@decision("ability_die", mask_die_opts)
def _apply_ability_die(s, seg, i):
    p, back = s.dec["p"], s.dec["back"]
    if s.dec["what"] == "reroll":
        s.log_event(f"{name_of(s, p)} rerolls die {i} ({C.face_names[s.face[p][i]]})")
        roll(s, p, [i])
    else:
        s.log_event(f"{name_of(s, p)} turns die {i} ({C.face_names[s.face[p][i]]}) to a Warrior")
        s.face[p][i] = WARRIOR
    s.dec = back

