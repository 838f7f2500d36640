"""Character abilities (rulebook: Setup - "Players may choose which side of the character card
to start the game with face up. That is your character's ability. Effects may flip your card";
Ibis). The abilities themselves are designed (data/characters.yaml): each is used once per
round; Ibis flips the card and makes the new side's ability usable at once."""
from __future__ import annotations

from . import steps as S
from .actions import OFF
from .content import ALLY, IBIS, WARRIOR, content
from .dicepool import roll
from .frames import MoveTo, Side
from .frames_resolve import AbilityDie, FocusDie
from .gains import gain_gold, where
from .stack import ask, clear, push
from .text import name_of
from .tokens import start_place
from .words import ABILITY_WORDS

C = content()
DICE_ABILITIES = ("reroll", "warrior")
MAIN_ABILITIES = ("focus", "gold", "fate", "move", "challenge")


def card(s, p):
    return C.characters[s.rk[p]][s.char[p]]


def ability(s, p):
    return card(s, p)["sides"][s.side[p]]


def choose_sides(s):
    push(s, *[S.ChooseSide(p) for p in range(s.n)])


def choose_side(s, p):
    ask(s, Side(p))


def add(s, d, mask, dice, ibis):
    """Ability and Ibis (`ibis`: p holds it and may use it now) actions open to the deciding
    player over `dice` (its dice in scope), at decision `d`."""
    off = OFF
    p = d.actor
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
    elif a in MAIN_ABILITIES and d.key == "main":
        if a == "focus" and not dice:
            return
        if a == "move" and C.vast[s.loc[0 if s.rk[p] == ALLY else p]]:
            return  # leaving a vast kingdom takes two Move dice: a free Movement cannot
        mask[off["ability"]] = True


def apply(s, d, seg, dice):
    p = d.actor
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
    if a in DICE_ABILITIES:
        opts = tuple(x for x in dice if a == "reroll" or C.face_char[s.face[p][x]])
        ask(s, AbilityDie(p, opts, d, a))
        return
    clear(s)
    push(s, S.Resume(d))
    if a == "gold":
        gain_gold(s, p, 1)
    elif a == "fate":
        push(s, S.FateLocal(p, where(s, p)))
    elif a == "focus":
        ask(s, FocusDie(p))
    elif a == "move":
        who = 0 if s.rk[p] == ALLY else p
        if C.vast[s.loc[who]]:
            return  # leaving a vast kingdom takes two Move dice: a free Movement cannot
        ask(s, MoveTo(p, who, tuple(C.adj[s.loc[who]]), "ability"))
    elif a == "challenge":
        start_place(s, p)


def ability_die(s, p, what, i):
    """A dice ability used on die `i`: reroll it, or turn its Character to a Warrior."""
    if what == "reroll":
        s.log_event(f"{name_of(s, p)} rerolls die {i} ({C.face_names[s.face[p][i]]})")
        roll(s, p, [i])
    else:
        s.log_event(f"{name_of(s, p)} turns die {i} ({C.face_names[s.face[p][i]]}) to a Warrior")
        s.face[p][i] = WARRIOR

