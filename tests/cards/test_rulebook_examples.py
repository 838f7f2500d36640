"""Every worked example of the rulebook, set up and played through (rulebook sections named in
each test), plus the wager's bounds."""
import pytest

from conan_envs import IllegalActionError
from conan_envs.cards import content as C
from conan_envs.cards.position import begin, decks, defeat, give
from conan_envs.cards.records import FaceDownCard, LootOwed

from .scene import act, adventure, at, challenge, has, legal_names, table, terms

CRUSHING = C.challenge_index("Crushing Doors")


def crushing_doors_wager():
    """Wager example: Player 1's Barbarian faces Crushing Doors placed by Player 2; wagers 5,
    Player 2 raises to 7, Player 1 matches."""
    s = table(heroes=("Barbarian", "Plunderer"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 0)
    challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a)
    give(s, 1, on=adventure(s, "Red Nails", 1))
    act(s, "face the top Challenge")
    assert s.ch_up[CRUSHING]  # turned face up
    act(s, "wager 5 DP")
    assert s.decision() == "bet_reply" and s.current_player() == 1
    act(s, "wager 7 DP")
    assert s.current_player() == 0
    act(s, "match")
    return s, a


def test_crushing_doors_wager_5_raised_to_7_matched():
    s, _ = crushing_doors_wager()
    assert s.w.bets == [7, 7]
    assert s.decision() == "attribute" and s.current_player() == 0  # on to Resolution


def test_curse_of_nergal_resolution_placer_takes_14():
    """Resolution example: Strength 5 - 1 (Curse of Nergal) = 4 does not beat 4: Player 2
    receives the 14 DP wagered; the Challenge stays face up and the Hero stays."""
    s, a = crushing_doors_wager()
    curse = C.card_id("Curse of Nergal")
    give(s, 1, hand=[curse])
    give(s, 0, hand=["Lotus Dream"])  # a card the Barbarian keeps
    act(s, "use Strength of your Hero")
    assert s.decision() == "resolution" and s.current_player() == 0
    act(s, "pass (no more cards)")
    act(s, "play Curse of Nergal face down")
    assert s.w.cards == [FaceDownCard(1, curse, 0)]
    act(s, "pass (no more cards)")
    assert s.current_player() == 1 and s.decision() == "hero_action"  # the next Hero Turn
    assert s.dp == [15 - 7, 15 + 7]  # 14 DP pot: his 7 back and the Barbarian's 7
    assert s.piles[a] == [CRUSHING] and s.ch_up[CRUSHING]
    assert curse in s.discard
    at(s, "hero", 0)  # next Hero Turn: he must stay until he resolves it
    assert not any(x.startswith("move") for x in legal_names(s))
    assert has(s, "face")


def test_without_the_curse_strength_5_beats_4():
    s, a = crushing_doors_wager()
    act(s, "use Strength of your Hero")  # no cards in hand: straight to the reveal
    assert s.dp == [15 + 7, 15 - 7]
    assert s.piles[a] == [] and C.CH0 + CRUSHING in s.discard


def test_barbarian_plunderer_duel_4_dp_expelled():
    """Duel example: Barbarian wagers 1, the Plunderer raises to 4, the Barbarian matches; the
    Plunderer loses 4 DP, is expelled and must spend its next Hero Turn entering a card; the
    Barbarian takes its Magic items (here through Rage: Strength 5 beats Wit 4)."""
    s = table(heroes=("Barbarian", "Plunderer"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 0)
    adventure(s, "Red Nails", 1)
    ring = C.card_id("Atlantean Sword")
    give(s, 0, on=a)
    give(s, 1, on=a, items=[ring])
    assert not has(s, "complete")  # not alone on the card
    act(s, "challenge player_1")
    act(s, "wager 1 DP")
    act(s, "wager 4 DP")
    act(s, "match")
    assert s.decision() == "duel_attribute" and s.current_player() == 1  # the challenged picks
    act(s, "fight the Duel with Wit")  # Barbarian Wit 2 against Plunderer Wit 4
    assert s.decision() == "rage" and s.current_player() == 0
    act(s, "use Rage")
    assert s.used[0]
    assert s.dp == [19, 11]
    assert s.pos[1] == -1 and s.must_enter[1]
    assert s.items == [[ring], []]
    at(s, "hero", 1)
    # "must use their next turn to enter another Adventure card": not the one just left
    assert legal_names(s) == {"move to Red Nails"}
    # ...and then the Barbarian, alone, completes The Forgotten Crypt
    at(s, "hero", 0)
    assert has(s, "complete")


def test_completing_the_forgotten_crypt():
    """Completing an Adventure example: 2 DP and a random Magic item (The Book of Skelos)."""
    s = table(heroes=("Barbarian", "Thief"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 1)
    give(s, 0, on=a)
    book = C.card_id("The Book of Skelos")
    decks(s, magic=[m for m in C.MAGIC_IDS if m != book] + [book])  # on top
    act(s, "complete")
    assert s.dp[0] == 17
    assert s.items[0] == [book]
    assert s.adv_state[a] == 2 and s.pos[0] == -1  # face down; the Hero waits to move
    at(s, "hero", 0)
    assert not has(s, "complete") and "move to The Forgotten Crypt" not in legal_names(s)


def deal_table(priest_is_3):
    heroes = ("Barbarian", "Thief", "Priest" if priest_is_3 else "Scout", "Sorcerer")
    s = table(n=4, heroes=heroes, dp=(15, 15, 25, 2))
    give(s, 3, hand=["Might of Crom", "Iron Will", "Cunning Plan"])
    at(s, "diplomacy", 2)
    act(s, "propose a Deal to player_3")
    act(s, "you give 5 DP")
    act(s, "you ask for 2 random cards")
    act(s, "state the offer")
    assert s.current_player() == 3 and s.decision() == "answer"
    act(s, "accept")
    return s


def test_deal_5_dp_for_two_random_cards():
    """Deals example: Player 3 (25 DP) gives Player 4 (2 DP) 5 DP for 2 random cards."""
    s = deal_table(priest_is_3=False)
    assert s.dp[2:] == [20, 7]
    assert len(s.hand[2]) == 2 and len(s.hand[3]) == 1


def test_priest_breaks_the_deal():
    """...if Player 3 were the Priest, he could take the two cards and not give the 5 DP."""
    s = deal_table(priest_is_3=True)
    assert s.decision() == "deal_break" and s.current_player() == 2
    act(s, "use Sermon")
    assert s.dp[2:] == [25, 2]
    assert len(s.hand[2]) == 2 and len(s.hand[3]) == 1
    assert s.used[2]


def test_priest_veto_costs_both_the_diplomacy_turn():
    """Sermon: "they cannot carry it out and both lose the current Diplomacy Turn": they make
    no more offers and receive none (docs/rulings/cards.md)."""
    s = table(n=4, heroes=("Barbarian", "Thief", "Priest", "Scout"), dp=(15, 15, 15, 15))
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    act(s, "you give 1 DP")
    act(s, "state the offer")
    act(s, "accept")
    assert s.decision() == "veto" and s.current_player() == 2
    act(s, "use Sermon")
    assert s.dp == [15, 15, 15, 15] and s.offered[0] and s.offered[1]
    # player_1 lost its turn; the Diplomacy Turn goes on with the Priest's own offer, to
    # player_3 only: the vetoed players receive no offers either
    assert s.current_player() == 2 and s.decision() == "diplomacy"
    assert legal_names(s) == {"pass", "propose a Deal to player_3"}


# ---- the wager's bounds ---------------------------------------------------------------------------
def facing(dp):
    s = table(heroes=("Barbarian", "Plunderer"), dp=dp)
    a = adventure(s, "The Forgotten Crypt", 0)
    challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    return s, a


def test_opening_wager_between_1_and_the_opponents_dp():
    s, _ = facing((15, 6))
    assert legal_names(s) == {f"wager {x} DP" for x in range(1, 7)}
    with pytest.raises(IllegalActionError):
        act_index = s.game.o["bet"] + 6  # 7 DP: more than the opponent has
        s.apply_action(act_index)


def test_raise_never_above_the_other_players_dp():
    s, _ = facing((5, 20))
    act(s, "wager 2 DP")
    names = legal_names(s)
    assert names == {"withdraw (pay 1 DP)", "match 2 DP", "raise to 3 DP", "raise to 4 DP", "raise to 5 DP"}


def test_withdrawing_before_wagering_costs_one_dp_and_the_challenge():
    s, a = facing((15, 15))
    act(s, "wager 4 DP")
    act(s, "withdraw")
    assert s.dp == [16, 14]
    assert s.piles[a] == []  # the placer lost the Challenge: the Hero overcame it


def test_hero_withdrawing_loses_its_wager_and_stays():
    s, a = facing((15, 15))
    act(s, "wager 3 DP")
    act(s, "wager 6 DP")
    act(s, "withdraw")
    assert s.dp == [12, 18]
    assert s.piles[a] == [CRUSHING] and s.ch_up[CRUSHING]


def test_card_turn_example_four_players():
    """Card Turn example: P1 plays, P2 passes, P3 and P4 play (the first round ends); P1 plays
    again; P2 passes, announcing that the Card Turn is over."""
    s = table(n=4, heroes=("Barbarian", "Thief", "Scout", "Priest"))
    for p in range(4):
        give(s, p, hand=[C.ADVENTURE_IDS[2 * p], C.ADVENTURE_IDS[2 * p + 1]])
    begin(s, "card")
    play = [C.NAME[C.ADVENTURE_IDS[k]] for k in range(8)]
    act(s, "play " + play[0])
    assert s.current_player() == 1
    act(s, "pass")
    assert s.phase == "card" and s.current_player() == 2  # a pass in the first round
    act(s, "play " + play[4])
    act(s, "play " + play[6])
    assert not s.first_round and s.current_player() == 0
    act(s, "play " + play[1])
    assert s.current_player() == 1
    act(s, "pass")
    assert s.phase == "hero"
    assert s.dp == [17, 15, 16, 16]


def test_loot_not_yet_applied_keeps_the_adventure_face_up():
    """Completing an Adventure: "While Loot effects remain unapplied, the Adventure card remains
    face up until all its Loot effects have been completed." The Magic item deck is empty: the
    DP are paid, the card stays face up (not enterable), and the item is given as soon as one
    returns to the Magic item deck (here: a defeated player's items)."""
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), dp=(15, 15, 15))
    a = adventure(s, "The Forgotten Crypt", 1)
    other = adventure(s, "Red Nails", 1)
    give(s, 0, on=a)
    sword = C.card_id("Atlantean Sword")
    give(s, 2, items=[sword])
    decks(s, magic=[])
    act(s, "complete")
    assert s.dp[0] == 17 and s.items[0] == []
    assert s.adv_state[a] == 3 and s.owed == [LootOwed(a, 0, 0, 1)]  # face up, Loot owed
    assert "completed, face up until its Loot is given" in str(s)
    at(s, "hero", 0)
    names = legal_names(s)
    assert "move to The Forgotten Crypt" not in names and "move to Red Nails" in names
    at(s, "card", 2)
    give(s, 2, hand=["Quicksand"])
    assert not any("on The Forgotten Crypt" in x for x in legal_names(s))
    # player_2 is defeated: its Atlantean Sword goes to the Magic item deck and is owed at once
    defeat(s, 2)
    assert s.items[0] == [sword] and s.owed == [] and s.adv_state[a] == 2
    assert s.adv_state[other] == 1


def test_loot_owed_to_a_defeated_player_is_lost():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), dp=(15, 15, 15))
    a = adventure(s, "Rogues in the House", 1)  # loot 1 DP and a card
    give(s, 0, on=a)
    decks(s, magic=[])
    act(s, "complete")  # deck and discard pile empty: the card is owed
    assert s.owed == [LootOwed(a, 0, 1, 0)] and s.adv_state[a] == 3 and s.hand[0] == []
    defeat(s, 0)
    assert s.owed == [] and s.adv_state[a] == 2


def test_owed_card_is_drawn_once_the_discard_pile_has_one():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    a = adventure(s, "Rogues in the House", 1)
    give(s, 0, on=a)
    act(s, "complete")
    assert s.owed == [LootOwed(a, 0, 1, 0)]
    decks(s, discard=["Iron Will"])
    at(s, "hero", 1)
    act(s, "pass")
    assert s.hand[0] == [C.card_id("Iron Will")] and s.owed == [] and s.adv_state[a] == 2


def test_alliance_example_priest_keeps_all_the_loot():
    """Alliances example: Player 3 (the Priest) and Player 4 are allied; both overcome the
    Challenges on their card (each may use either Hero's attributes); when the Loot is shared
    the Priest keeps all of it, breaking the Alliance (once per game)."""
    s = table(n=4, heroes=("Barbarian", "Thief", "Priest", "Scout"), dp=(15, 15, 15, 15))
    a = adventure(s, "Red Nails", 0)  # Loot 5 DP and two cards
    ritual = challenge(s, "Dark Ritual", a, 0)     # Strength 5, Wit 5, Spirit 3
    ruins = challenge(s, "Haunted Ruins", a, 1)    # Strength 5, Wit 4, Spirit 3 (on top)
    give(s, 2, on=a)
    give(s, 3, on=a)
    at(s, "diplomacy", 2)
    act(s, "propose an Alliance to player_3")
    act(s, terms(3))
    act(s, "accept")
    assert s.partner == [-1, -1, 3, 2] and s.keep[2:] == [3, 3]
    at(s, "hero", 2)
    act(s, "face the top Challenge")  # Haunted Ruins, placed by player_1
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Spirit of your Hero")  # the Priest's Spirit 5 beats 3: he wins 2 DP
    assert s.decision() == "sermon_break"
    act(s, "give player_")  # he shares this one: 1 DP to his ally
    assert s.dp == [15, 13, 16, 16] and s.piles[a] == [ritual]
    at(s, "hero", 3)
    act(s, "face Dark Ritual")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Spirit of your ally")  # the Scout (Spirit 3) uses the Priest's Spirit 5
    assert s.dp == [13, 13, 17, 17] and s.piles[a] == []
    at(s, "hero", 2)
    act(s, "complete")
    assert s.decision() == "sermon_break"  # he owes 2 of the 5 DP (rounded his way)
    act(s, "use Sermon")
    assert s.dp == [13, 13, 22, 17] and s.used[2]
    assert s.partner == [-1, -1, -1, -1] and s.adv_state[a] == 2
    assert C.CH0 + ruins in s.hand[2] and C.CH0 + ritual in s.hand[2]  # Loot: two cards
