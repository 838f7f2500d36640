"""2. Hero Turn (rulebook, "2. Hero Turn", "Movement", "Completing an Adventure", "Hero
Special Abilities"): one action per player in turn order: move, face the top Challenge (the
Scout: any), duel a Hero on the same card, complete an empty Adventure, a Hero ability that
spends the turn (Thief, Noble), or pass (the `hero_action` decision); the Plunderer's Pillage
on completing (`pillage`). Facing and duels continue in wager.py."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar

from conan_envs.engine.flow import AUTO
from conan_envs.engine.serialize import serializable

from . import content as C
from . import table, wager
from .base import Mask, Table
from .frames import Decide, UseOrDecline, each_player
from .records import LootOwed, Phase
from .shares import CompleteEnd, share_gain

NADV = C.NUM_ADVENTURES
NOBLE_BRIBE = 3  # designed: the Noble's Bribery costs 3 DP, paid to the Challenge's placer


HERO_TURN: frozenset[Phase] = frozenset({"hero"})


def begin(s: Table, p: int) -> bool:
    if table.check_victory_at_hero_turn(s, p):
        return True
    if not can_act(s, p):
        return False  # nothing but passing: the turn passes without asking
    s.ask(HERO_ACTION[p])
    return True


def can_act(s: Table, p: int) -> bool:
    """Whether HeroAction.mask allows anything but passing (without building the mask): a
    move; else, unless expelled, on a card one may always face, duel or complete; else the
    Thief's steal."""
    if move_targets(s, p):
        return True
    if s.must_enter[p]:
        return False
    if s.pos[p] >= 0:
        return True
    if s.hero[p] == C.THIEF and not s.used[p]:
        return any(s.hand[q] for q in range(s.game.n) if q != p and s.alive[q])
    return False


def move_targets(s: Table, p: int) -> list[int]:
    """Movement restrictions: not onto a card holding one's own Challenge; not off a card
    holding Challenges (save the Sorcerer's once-per-game I will return)."""
    pos = s.pos[p]
    if pos >= 0 and s.piles[pos] and not (s.hero[p] == C.SORCERER and not s.used[p]):
        return []
    placer, stack, st = s.ch_placer, s.piles, s.adv_state
    # an expelled Hero "must use their next turn to enter another Adventure card"
    gone = s.expelled_from[p] if s.must_enter[p] else -1
    return [a for a in compress(C.ADVENTURES, st) if st[a] == 1 and a != pos and a != gone
            and not any(placer[c] == p for c in stack[a])]


@serializable
@dataclass(frozen=True, slots=True)
class HeroAction(Decide):
    """The player's one action of the Hero Turn."""

    kind: ClassVar[str] = "hero_action"
    PHASES: ClassVar[frozenset[Phase]] = HERO_TURN

    def mask(self, state: Table, mask: Mask) -> None:
        s, p, m = state, self.actor, mask
        o = s.game.o
        oa = o["adventure"]
        for a in move_targets(s, p):
            m[oa + a] = True
        m[0] = True
        if s.must_enter[p]:  # an expelled Hero must spend the turn entering a new card
            if m[oa:oa + NADV].any():
                m[0] = False
            return
        pos, hero, used = s.pos[p], s.hero[p], s.used[p]
        n = s.game.n
        if pos >= 0:
            stack = s.piles[pos]
            if stack:
                if hero == C.SCOUT:
                    for c in stack:
                        m[o["scout_face"] + c] = True
                else:
                    m[o["face"]] = True
                if hero == C.NOBLE and not used and s.dp[p] > NOBLE_BRIBE:
                    m[o["bribe"]] = True
            alone = True
            for q in range(n):
                if q != p and s.alive[q] and s.pos[q] == pos:
                    if q != s.partner[p]:
                        m[o["duel"] + q] = True
                        alone = False
                    if hero == C.THIEF and not used:
                        for it in s.items[q]:
                            m[o["steal_item"] + it - C.MG0] = True
            if alone and not stack:
                m[o["complete"]] = True
        if hero == C.THIEF and not used:
            for q in range(n):
                if q != p and s.alive[q] and s.hand[q]:
                    m[o["steal_card"] + q] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        roles = s.game.roles
        who = roles[p]
        if seg == "pass":
            s.log_event(f"{who} passes the Hero Turn")
            s.hand_on()
        elif seg == "adventure":
            pos = s.pos[p]
            sorcery = pos >= 0 and bool(s.piles[pos])
            if sorcery:
                s.used[p] = True  # the Sorcerer's I will return
            table.leave_adventure(s, p)
            s.pos[p] = i
            s.must_enter[p] = False
            s.expelled_from[p] = -1
            s.log_event(f"{who}'s Hero {'uses I will return and ' if sorcery else ''}moves to "
                        f"{C.NAME[C.AD0 + i]}")
            s.hand_on()
        elif seg == "face":
            wager.face(s, p, s.piles[s.pos[p]][-1])
        elif seg == "scout_face":
            wager.face(s, p, i)
        elif seg == "duel":
            s.log_event(f"{who} challenges {roles[i]} to a Duel")
            wager.start_duel(s, p, i)
        elif seg == "complete":
            complete(s, p)
        elif seg == "steal_card":  # the Thief's Faster than the eye: a random card, unseen
            s.used[p] = True
            hand = s.hand[i]
            card = hand.pop(int(s.rng.integers(len(hand))))
            s.hand[p].append(card)
            s.log_event(f"{who} uses Faster than the eye: a random card from {roles[i]}'s hand")
            s.log_event(f"The Thief took {C.WORDS[card]}", to=(p, i))
            s.hand_on()
        elif seg == "steal_item":  # ... or an item of a Hero on the same card
            s.used[p] = True
            card = C.MG0 + i
            for q in range(s.game.n):
                if card in s.items[q]:
                    s.items[q].remove(card)
                    s.log_event(f"{who} uses Faster than the eye: takes {C.NAME[card]} from {roles[q]}")
            s.items[p].append(card)
            s.hand_on()
        elif seg == "bribe":  # the Noble's Bribery (designed)
            s.used[p] = True
            a = s.pos[p]
            c = s.piles[a][-1]
            paid = table.pay(s, p, s.ch_placer[c], NOBLE_BRIBE)
            s.log_event(f"{who} uses Bribery: pays {roles[s.ch_placer[c]]} {paid} DP and discards "
                        f"the top Challenge, {C.WORDS[C.CH0 + c]}")
            table.discard_challenge(s, a, c)
            table.check_defeat(s)
            s.hand_on()

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        p = self.actor
        if state.must_enter[p]:
            return ("Your Hero was expelled: enter another Adventure card (or pass if none is "
                    "open).")
        where = C.NAME[C.AD0 + state.pos[p]] if state.pos[p] >= 0 else "no Adventure card"
        ctx["adventure"] = where
        return (f"Hero Turn (your Hero is on {where}): move, face a Challenge, duel a Hero, "
                "complete the Adventure, or pass.")


HERO_ACTION = each_player(HeroAction)


# ---- Completing an Adventure -----------------------------------------------------------------
def complete(s: Table, p: int) -> None:
    """Loot: DP, cards drawn, random Magic items placed face up in front of the player. Loot
    that cannot be applied yet (deck and discard pile empty; Magic item deck empty) stays owed,
    and the card stays face up until it is (see settle_loot)."""
    a = s.pos[p]
    s.dp[p] += C.LOOT[a]
    s.log_event(f"{s.game.roles[p]} completes {C.NAME[C.AD0 + a]}: Loot {C.loot_words(a)}")
    cards = C.LOOT_DRAW[a] - table.draw(s, p, C.LOOT_DRAW[a])
    items = C.LOOT_MAGIC[a]
    while items and s.magic_deck:
        take_item(s, p)
        items -= 1
    if cards or items:
        s.owed.append(LootOwed(a, p, cards, items))
    if s.hero[p] == C.PLUNDERER and not s.used[p] and s.magic_deck:
        s.ask(Pillage(p, a))
        return
    share_loot(s, p, a, C.LOOT_MAGIC[a] - items)


@serializable
@dataclass(frozen=True, slots=True)
class Pillage(UseOrDecline):
    """The Plunderer's Pillage (designed): once per game, one more random Magic item (it
    follows the Alliance's terms like the Loot's)."""

    adv: int  # the Adventure being completed (adventure index)
    kind: ClassVar[str] = "pillage"
    PHASES: ClassVar[frozenset[Phase]] = HERO_TURN
    USE: ClassVar[str] = "use Pillage: one more Magic item"
    DECLINE: ClassVar[str] = "decline Pillage"

    def use(self, state: Table, yes: bool) -> None:
        s, p = state, self.actor
        if yes:
            s.used[p] = True
            s.log_event(f"{s.game.roles[p]} uses Pillage")
            take_item(s, p)
        else:
            s.log_event(f"{s.game.roles[p]} does not use Pillage")
        a = self.adv
        owed = sum(e.items for e in s.owed if e.adv == a)
        share_loot(s, p, a, C.LOOT_MAGIC[a] - owed + yes)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "Use Pillage (take one more random Magic item), once per game?"


def take_item(s: Table, p: int) -> None:
    """The top Magic item goes face up in front of player p (the completer: an Alliance's
    terms may then give it to the other ally, see share_loot)."""
    item = s.magic_deck.pop()
    s.items[p].append(item)
    s.log_event(f"{s.game.roles[p]} takes the Magic item {C.WORDS[item]}")


def share_loot(s: Table, p: int, a: int, taken: int) -> None:
    """The completer p shares the Loot as the Alliance's terms say: the partner's part of the
    DP, and the `taken` Magic items just placed in front of p when the terms give them to the
    other ally. Everything is owed at once, so a Priest may keep it all ("he may benefit from
    what was agreed ... without giving anything in return"); then the completion of Adventure
    a ends."""
    q = s.partner[p]
    items = []
    if q >= 0 and s.items_to[p] == q and taken:
        items = s.items[p][-taken:]
    share_gain(s, p, C.LOOT[a], CompleteEnd(AUTO, a), items)


def settle_loot(s: Table) -> None:
    """Owed Loot is applied as soon as the cards exist: cards once the deck or discard pile
    holds some, Magic items once one returns to the Magic item deck. Then the card goes face
    down. Loot owed to an eliminated player is lost and its card goes face down."""
    keep = []
    for e in s.owed:
        a, p, cards, items = e.adv, e.player, e.cards, e.items
        if s.alive[p]:
            if cards:
                cards -= table.draw(s, p, cards)
            while items and s.magic_deck:
                take_item(s, p)
                items -= 1
            if cards or items:
                e.cards, e.items = cards, items
                keep.append(e)
                continue
        s.adv_state[a] = 2
    s.owed = keep
