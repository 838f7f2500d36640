"""What a player cannot see (rulebook, "Setup Phase" step 3, "Facing a Challenge",
"Resolution", Scout's "Expert tracker", "Forgetting Old Dangers"): the other players' hands,
the order of the draw deck and of the Magic item deck, face-down Challenge cards it does not
know, and the face-down Resolution cards or bluffs others have played. `resample` redraws all
of them together, keeping every slot's public facts (who placed a Challenge, where, how many
cards each holds, which Hero a duel card targets) and the cards a Deal on the table names
("Deals": it "must be stated clearly and aloud"), which stay in their holder's hand."""
from __future__ import annotations

from typing import cast

import numpy as np

from . import content as C
from .base import Table
from .table import take_face


def visible(s: Table, r: int, a: int, c: int) -> bool:
    """Does player r see face-down (or face-up) Challenge c on adventure a?"""
    if s.ch_up[c] or (s.ch_known[c] >> r) & 1:
        return True
    return s.hero[r] == C.SCOUT and s.alive[r] and s.pos[r] == a


def cards_revealed(s: Table) -> bool:
    """The Resolution's face-down cards are turned up while Rage or Fury is asked."""
    return s.w is not None and s.decision() in ("rage", "fury")


def stated_cards(s: Table) -> list[tuple[int, list[int]]]:
    """(player, card faces) that everyone knows the player holds now, because the Deal on the
    table names them: the proposer's named cards as soon as they are stated, and the cards it
    asks for once the other player has accepted (accepting needs everything asked in hand;
    docs/rulings/cards.md, "Diplomacy Turn"). Carrying the Deal out hands exactly these over."""
    off = s.offer
    if off is None or off.kind != "deal":
        return []
    stated = [(off.by, off.give.cards)]
    if s.decision() in ("veto", "deal_break"):  # accepted, not carried out
        stated.append((off.to, off.get.cards))
    return [(p, faces) for p, faces in stated if faces]


def resample(s: Table, observer: int, rng: np.random.Generator) -> Table:
    new = cast(Table, s.clone(np.random.default_rng(rng.integers(2**63))))
    n = s.game.n
    # slots that must hold a Challenge card: unknown face-down Challenges, and during set-up
    # step 3 the one Challenge drawn into the placing player's hand
    ch_slots = [(a, k) for a in range(C.NUM_ADVENTURES) for k, c in enumerate(new.piles[a])
                if not visible(new, observer, a, c)]
    first = new.frame().actor  # who places a first Challenge, if that is asked
    hand_ch = new.decision() == "setup_challenge" and first != observer
    ch_ids = [C.CH0 + new.piles[a][k] for a, k in ch_slots]
    meta = [(new.ch_placer[c - C.CH0], new.ch_known[c - C.CH0]) for c in ch_ids]
    for c in ch_ids:
        new.ch_placer[c - C.CH0] = -1
        new.ch_known[c - C.CH0] = 0
    # every other hidden slot (any card but Heroes and Magic items)
    hands = [p for p in range(n) if p != observer and not (hand_ch and p == first)]
    # the cards the Deal on the table names were stated aloud: they stay where they are
    pinned = {p: [take_face(new.hand[p], C.FACE_CARD[f]) for f in faces]
              for p, faces in stated_cards(new) if p in hands}
    faces = []
    if new.w is not None and not cards_revealed(new):
        faces = [e for e in new.w.cards if e.player != observer]
    pool = ch_ids + [c for p in hands for c in new.hand[p]] + list(new.deck) + [e.card for e in faces]
    if hand_ch:
        ch_ids.append(new.hand[first][0])
        pool.append(new.hand[first][0])
    n_ch = len(ch_ids)
    pool = [pool[i] for i in rng.permutation(len(pool)).tolist()]
    challenges = [k for k, c in enumerate(pool) if C.CH0 <= c < C.AD0][:n_ch]
    chosen = [pool[k] for k in challenges]
    taken = set(challenges)
    rest = [c for k, c in enumerate(pool) if k not in taken]
    for (a, k), card, (placer, known) in zip(ch_slots, chosen, meta):
        c = card - C.CH0
        new.piles[a][k] = c
        new.ch_placer[c] = placer
        new.ch_known[c] = known
        new.ch_up[c] = False
    if hand_ch:
        new.hand[first] = [chosen[-1]]
    it = iter(rest)
    for p in hands:
        new.hand[p] = [next(it) for _ in new.hand[p]]
    for p, cards in pinned.items():
        new.hand[p].extend(cards)
    new.deck = [next(it) for _ in new.deck]
    for e in faces:
        e.card = next(it)
    order = rng.permutation(len(new.magic_deck)).tolist()
    new.magic_deck = [new.magic_deck[i] for i in order]
    new._mask = None
    return new
