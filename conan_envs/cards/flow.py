"""Order of play: the four Game Phases repeating in turn order, DP transfers, drawing with
the reshuffle, Player Defeat and the End of the Game (rulebook, "Game Phases", "4. Draw Turn",
"Player Defeat", "End of the Game", "Victory or Death Mode")."""
from __future__ import annotations

from . import content as C

PHASES = ("setup_swap", "setup_challenge", "setup_hero", "card", "hero", "diplomacy", "draw")


_BEGIN = {}  # phase -> the function that opens a player's turn in it (filled on first use)


PHASE_WORDS = {"setup_swap": "Setup: Hero swaps", "setup_challenge": "Setup: first Challenges",
               "setup_hero": "Setup: placing the Heroes", "card": "Card Turn", "hero": "Hero Turn",
               "diplomacy": "Diplomacy Turn", "draw": "Draw Turn"}


def start_phase(s, phase: str) -> None:
    s.phase = phase
    s.idx = -1
    s.log_event(f"Round {s.turn + 1}: {PHASE_WORDS[phase]}")
    advance(s)


def advance(s) -> None:
    """Hand the phase to the next living player in turn order; end the phase after the last."""
    if s.winner >= 0:
        return
    if not _BEGIN:
        from . import card_turn, diplomacy, hero_turn, setup

        _BEGIN.update({"settle": hero_turn.settle_loot,
                       "setup_swap": setup.begin_swap, "setup_challenge": setup.begin_challenge,
                       "setup_hero": setup.begin_hero, "hero": hero_turn.begin,
                       "diplomacy": diplomacy.begin, "draw": begin_draw,
                       "card": card_turn.advance})
    if s.owed:  # Loot still unapplied is applied as soon as it can be
        _BEGIN["settle"](s)
    if s.phase == "card":
        _BEGIN["card"](s)
        return
    begin = _BEGIN[s.phase]
    order = s.order
    while True:
        s.idx += 1
        if s.idx >= len(order):
            end_phase(s)
            return
        p = order[s.idx]
        if s.alive[p] and begin(s, p):
            return
        if s.winner >= 0:
            return


def end_phase(s) -> None:
    from . import setup

    ph = s.phase
    if ph == "setup_swap":
        setup.draw_starting_adventures(s)
        start_phase(s, "setup_challenge")
    elif ph == "setup_challenge":
        setup.form_decks(s)
        start_phase(s, "setup_hero")
    elif ph == "setup_hero":
        start_card_turn(s)
    elif ph == "card":
        start_phase(s, "hero")
    elif ph == "hero":
        if s.tie and settle_tie(s):
            return
        for p in range(s.game.n):
            s.offered[p] = False
        start_phase(s, "diplomacy")
    elif ph == "diplomacy":
        s.offer = None
        start_phase(s, "draw")
    elif ph == "draw":
        s.turn += 1
        if s.turn - s.acted > 1:
            stalemate(s)
            return
        start_card_turn(s)


def stalemate(s) -> None:
    """A whole round passed with no one able to do anything (no cards anywhere, no DP to
    deal): the game cannot go on. The player with the most DP wins; a tie is a draw."""
    living = [p for p in range(s.game.n) if s.alive[p]]
    top = max(s.dp[p] for p in living)
    leaders = [p for p in living if s.dp[p] == top]
    s.winner = leaders[0] if len(leaders) == 1 else -2
    s.log_event("No one can do anything more: " + (f"{s.game.roles[s.winner]} wins with the most DP"
                                                    if s.winner >= 0 else "a draw"))


def start_card_turn(s) -> None:
    s.log_event(f"Round {s.turn + 1}: Card Turn")
    s.phase = "card"
    s.first_round = True
    s.idx = -1
    advance(s)


# ---- 4. Draw Turn ------------------------------------------------------------------------
def begin_draw(s, p) -> bool:
    if s.hero[p] == C.PIRATE and not s.used[p] and (s.deck or s.discard):
        s.prompt = "raider"
        s.dec, s.actor = "ability", p
        return True
    draw(s, p, 1)
    return False


def draw(s, p: int, k: int) -> int:
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


def take_face(hand: list, card: int) -> int:
    """Remove from `hand` a card with the face of `card` (copies are alike); return it."""
    face = C.FACE[card]
    for k, c in enumerate(hand):
        if C.FACE[c] == face:
            return hand.pop(k)
    raise ValueError(f"no {C.NAME[card]} in hand")


# ---- DP, defeat and victory -----------------------------------------------------------------
def pay(s, a: int, b: int, x: int) -> int:
    """a gives b x DP (never more than a has). Returns what was paid."""
    if x > s.dp[a]:  # (not min(): several times slower on two ints)
        x = s.dp[a]
    s.dp[a] -= x
    if b >= 0:
        s.dp[b] += x
    return x


def check_defeat(s) -> None:
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


def eliminate(s, p: int) -> None:
    s.alive[p] = False
    for a in range(C.NUM_ADVENTURES):
        st = s.stack[a]
        if st and any(s.ch_placer[c] == p for c in st):
            for c in [c for c in st if s.ch_placer[c] == p]:
                discard_challenge(s, a, c)
    leave_adventure(s, p)
    s.discard.extend(s.hand[p])
    s.hand[p] = []
    s.magic_deck[:0] = s.items[p]  # magic items go back under the Magic item deck
    s.items[p] = []


def discard_challenge(s, a: int, c: int) -> None:
    s.stack[a].remove(c)
    s.ch_placer[c] = -1
    s.ch_up[c] = False
    s.ch_known[c] = 0
    s.discard.append(C.CH0 + c)


def leave_adventure(s, p: int) -> None:
    """A Hero leaves its Adventure card: its Ally is discarded and its Alliance ends."""
    s.pos[p] = -1
    if s.ally[p] >= 0:
        s.discard.append(C.CH0 + s.ally[p])
        s.ally[p] = -1
    end_alliance(s, p)


def end_alliance(s, p: int) -> None:
    q = s.partner[p]
    for r in (p, q) if q >= 0 else (p,):
        s.partner[r] = -1
        s.keep[r] = 6
        s.share_losses[r] = False
        s.items_to[r] = -1


def check_victory_at_hero_turn(s, p: int) -> bool:
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


def settle_tie(s) -> bool:
    """End of the Game: "In case of a tie, play continues until one of them gains a DP
    advantage once all players have completed the next Hero Turn." Checked when the Hero
    Turns end; True if someone won."""
    rich = [q for q in range(s.game.n) if s.alive[q] and s.dp[q] >= s.game.target]
    if not rich:
        s.tie = False
        return False
    top = max(s.dp[q] for q in rich)
    leaders = [q for q in rich if s.dp[q] == top]
    if len(leaders) > 1:
        return False
    s.tie = False
    s.winner = leaders[0]
    s.log_event(f"The Hero Turns are over: {s.game.roles[s.winner]} leads with {top} DP and wins")
    return True
