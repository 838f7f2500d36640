"""Face-up Adventure and Encounter cards (rulebook: Setup, Cycle, Resolving Encounters):
three of each face up; face-up Adventures always show three different kingdoms."""
from __future__ import annotations

from .content import content
from .frames import KeepCard
from .stack import ask
from .text import name_of

C = content()


def draw(s, deck, discard):
    if not deck and discard:
        deck.extend(s.rng.permutation(discard).tolist())
        discard.clear()
    return deck.pop() if deck else -1


def adventure_ok(s, a, slot=-1):
    k = C.adv_kingdom[a]
    return all(C.adv_kingdom[b] != k for j, b in enumerate(s.adv_face) if b >= 0 and j != slot)


def refill_adventures(s):
    """Fill empty slots; a card in the same kingdom as a face-up one is discarded and replaced."""
    for j in range(3):
        tries = 0
        while s.adv_face[j] < 0 and tries < 60:
            a = draw(s, s.adv_deck, s.adv_discard)
            if a < 0:
                break
            tries += 1
            if adventure_ok(s, a, j):
                s.adv_face[j] = a
            else:
                s.adv_discard.append(a)


def refill_encounters(s):
    for j in range(3):
        if s.enc_face[j] < 0:
            s.enc_face[j] = draw(s, s.enc_deck, s.enc_discard)


def start_cycle(s, p, which, slot):
    """Cycle: discard a face-up card, draw 2, keep one face up and discard the other."""
    card = (s.adv_face if which == "adventure" else s.enc_face)[slot]
    cards = C.adventures if which == "adventure" else C.encounters
    s.log_event(f"{name_of(s, p)} cycles the {which.capitalize()} {cards[card]['name']}")
    if which == "adventure":
        s.adv_discard.append(s.adv_face[slot])
        s.adv_face[slot] = -1
        drawn = [draw(s, s.adv_deck, s.adv_discard) for _ in range(2)]
        drawn = [c for c in drawn if c >= 0]
        ok = [c for c in drawn if adventure_ok(s, c, slot)]
        if len(ok) <= 1:
            if ok:
                s.adv_face[slot] = ok[0]
            s.adv_discard.extend(c for c in drawn if c not in ok)
            refill_adventures(s)
            return
    else:
        s.enc_discard.append(s.enc_face[slot])
        s.enc_face[slot] = -1
        drawn = [c for c in (draw(s, s.enc_deck, s.enc_discard) for _ in range(2)) if c >= 0]
        if len(drawn) <= 1:
            s.enc_face[slot] = drawn[0] if drawn else -1
            return
    ask(s, KeepCard(p, which, slot, tuple(drawn)))
