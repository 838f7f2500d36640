"""The table's bookkeeping shared by every phase (rulebook, "4. Draw Turn", "Player Defeat",
"End of the Game", "Victory or Death Mode", "Alliances"): drawing with the reshuffle, DP
transfers, Player Defeat, leaving an Adventure card, ending an Alliance, and the victory
check at the start of a Hero Turn."""
from __future__ import annotations

from . import content as C
from .base import Table


def everyone(s: Table) -> int:
    """The bitmask of all players (a Challenge everyone knows)."""
    return (1 << s.game.n) - 1


def draw(s: Table, p: int, k: int) -> int:
    """Draw k cards; when the draw deck runs out the discard pile is shuffled into a new one.
    Returns how many were drawn (fewer when deck and discard pile are both empty)."""
    hand, deck = s.hand[p], s.deck
    drawn = k
    for j in range(k):
        if not deck:
            if not s.discard:
                drawn = j
                break
            order = s.rng.permutation(len(s.discard)).tolist()
            deck.extend(s.discard[i] for i in order)
            s.discard.clear()
            s.log_event("The discard pile is shuffled into a new draw deck")
        hand.append(deck.pop())
    if drawn:
        who = s.game.roles[p]
        s.log_event(f"{who} draws {drawn} card{'s' if drawn > 1 else ''}")
        s.log_event(f"You draw {', '.join(C.WORDS[c] for c in hand[-drawn:])}", to=p)
    return drawn


def take_face(hand: list[int], card: int) -> int:
    """Remove from `hand` a card with the face of `card` (copies are alike); return it."""
    face = C.FACE[card]
    for k, c in enumerate(hand):
        if C.FACE[c] == face:
            return hand.pop(k)
    raise ValueError(f"no {C.NAME[card]} in hand")


# ---- DP, defeat and victory -----------------------------------------------------------------
def pay(s: Table, a: int, b: int, x: int) -> int:
    """a gives b x DP (never more than a has). Returns what was paid."""
    if x > s.dp[a]:  # (not min(): several times slower on two ints)
        x = s.dp[a]
    s.dp[a] -= x
    if b >= 0:
        s.dp[b] += x
    return x


def check_defeat(s: Table) -> None:
    """Player Defeat: at zero DP a player is eliminated and the Challenges they played go."""
    for p in range(s.game.n):
        if s.alive[p] and s.dp[p] <= 0:
            eliminate(s, p)
            s.log_event(f"{s.game.roles[p]} has no DP left and is defeated")
    living = [p for p in range(s.game.n) if s.alive[p]]
    if len(living) == 1:
        s.winner = living[0]
        s.log_event(f"{s.game.roles[living[0]]} is the last Hero standing and wins")
    elif not living:  # cannot happen: DP only move between players or to the reserve
        s.winner = -2


def eliminate(s: Table, p: int) -> None:
    s.alive[p] = False
    for a in range(C.NUM_ADVENTURES):
        st = s.piles[a]
        if st and any(s.ch_placer[c] == p for c in st):
            for c in [c for c in st if s.ch_placer[c] == p]:
                discard_challenge(s, a, c)
    leave_adventure(s, p)
    s.discard.extend(s.hand[p])
    s.hand[p] = []
    s.magic_deck[:0] = s.items[p]  # magic items go back under the Magic item deck
    s.items[p] = []


def discard_challenge(s: Table, a: int, c: int) -> None:
    s.piles[a].remove(c)
    s.ch_placer[c] = -1
    s.ch_up[c] = False
    s.ch_known[c] = 0
    s.discard.append(C.CH0 + c)


def leave_adventure(s: Table, p: int) -> None:
    """A Hero leaves its Adventure card: its Ally is discarded and its Alliance ends."""
    s.pos[p] = -1
    if s.ally[p] >= 0:
        s.discard.append(C.CH0 + s.ally[p])
        s.ally[p] = -1
    end_alliance(s, p)


def end_alliance(s: Table, p: int) -> None:
    q = s.partner[p]
    for r in (p, q) if q >= 0 else (p,):
        s.partner[r] = -1
        s.keep[r] = 6
        s.share_losses[r] = False
        s.items_to[r] = -1


def check_victory_at_hero_turn(s: Table, p: int) -> bool:
    """End of the Game: beginning one's Hero Turn with target DP wins; if several players hold
    target DP the one with the most wins; a tie at the top plays on."""
    if s.game.vod or s.tie or s.dp[p] < s.game.target:
        return False
    rich = [q for q in range(s.game.n) if s.alive[q] and s.dp[q] >= s.game.target]
    top = max(s.dp[q] for q in rich)
    leaders = [q for q in rich if s.dp[q] == top]
    if len(leaders) == 1:
        s.winner = leaders[0]
        s.log_event(f"{s.game.roles[s.winner]} begins the Hero Turn with {top} DP and wins")
        return True
    s.tie = True
    s.log_event(f"{', '.join(s.game.roles[q] for q in leaders)} are tied at {top} DP: play goes "
                "on until all players have completed the Hero Turn")
    return False
