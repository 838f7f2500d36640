"""The ten Heroes' abilities (rulebook, "Hero Special Abilities"; four designed), Antagonists
and Allies, Alliances, and Forgetting Old Dangers."""
import numpy as np

from conan_envs.cards import content as C
from conan_envs.cards.position import alliance, begin, clear, decks, give

from .scene import act, adventure, at, challenge, has, legal_names, table, terms


def test_thief_steals_a_random_card_unseen():
    s = table(n=3, heroes=("Thief", "Barbarian", "Scout"))
    give(s, 2, hand=["Iron Will", "Cunning Plan"])
    assert has(s, "Faster than the eye: take a random card from player_2")
    assert not has(s, "Faster than the eye: take a random card from player_1")
    act(s, "Faster than the eye: take a random card from player_2")
    assert len(s.hand[0]) == 1 and len(s.hand[2]) == 1 and s.used[0]
    at(s, "hero", 0)
    assert not has(s, "Faster than the eye")


def test_thief_steals_an_item_from_a_hero_on_its_card():
    s = table(n=2, heroes=("Thief", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    give(s, 0, on=a)
    give(s, 1, on=a, items=["Atlantean Sword"])
    sword = C.card_id("Atlantean Sword")
    act(s, "Faster than the eye: take Atlantean Sword")
    assert s.items == [[sword], []]


def test_scout_sees_and_faces_in_any_order():
    s = table(n=2, heroes=("Scout", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    bottom = challenge(s, "Quicksand", a, 1)
    top = challenge(s, "Sandstorm", a, 1)
    give(s, 0, on=a)
    names = legal_names(s)
    assert "face the top Challenge" not in names and {"face Quicksand", "face Sandstorm"} <= names
    from conan_envs.cards.hidden import visible
    assert visible(s, 0, a, bottom) and visible(s, 0, a, top)
    act(s, "face Quicksand")
    assert s.w.chal == bottom and s.piles[a] == [bottom, top]  # order unchanged


def test_scout_visibility_is_only_for_its_player():
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 1)
    c = challenge(s, "Quicksand", a, 1)
    from conan_envs.cards.hidden import visible
    assert not visible(s, 0, a, c)
    give(s, 0, on=a)
    assert visible(s, 0, a, c) and visible(s, 1, a, c) and not visible(s, 2, a, c)


def test_mercenary_recruits_an_antagonist_free_once():
    s = table(n=2, heroes=("Mercenary", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    pict = challenge(s, "Pict Warrior", a, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    assert legal_names(s) == {"fight Pict Warrior", "recruit Pict Warrior as your Ally for 2 DP"}
    act(s, "recruit")
    assert s.decision() == "mercenary"
    act(s, "use the Brotherhood")
    assert s.dp == [15, 15] and s.ally[0] == pict and s.piles[a] == [] and s.used[0]


def test_ally_costs_dp_and_lends_its_attributes():
    s = table(n=2, heroes=("Priest", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)
    pict = challenge(s, "Vanir Raider", a, 1)   # Strength 6, ally cost 3: the Raider on top
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "recruit")
    assert s.dp == [12, 15] and s.ally[0] == pict
    at(s, "hero", 0)
    # Crushing Doors, Strength 4: the Priest's 2 would fail, the Raider's 6 wins
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    assert has(s, "use Strength of your Ally")
    act(s, "use Strength of your Ally")
    assert s.dp == [14, 13] and s.piles[a] == []
    # completing the card discards the Ally
    at(s, "hero", 0)
    decks(s, deck=["Iron Will", "Cunning Plan"])  # Red Nails' Loot draws 2
    act(s, "complete")
    assert s.ally[0] == -1 and C.CH0 + pict in s.discard


def test_noble_bribes_the_top_challenge_away():
    s = table(n=2, heroes=("Noble", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Quicksand", a, 1)
    give(s, 0, on=a)
    act(s, "Bribery")
    assert s.dp == [12, 18] and s.piles[a] == [] and s.used[0]


def test_pirate_draws_three_once():
    s = table(n=2, heroes=("Pirate", "Barbarian"))
    decks(s, deck=C.RESOLUTION_IDS[:10])
    begin(s, "draw")
    assert s.decision() == "raider"
    act(s, "use Raider")
    assert len(s.hand[0]) == 3 and len(s.hand[1]) == 1 and s.used[0]


def test_plunderer_pillages_an_extra_item():
    s = table(n=2, heroes=("Plunderer", "Barbarian"))
    give(s, 0, on=adventure(s, "The Forgotten Crypt", 1))
    act(s, "complete")
    assert s.decision() == "pillage"
    act(s, "use Pillage")
    assert len(s.items[0]) == 2 and s.dp[0] == 17


def test_amazon_fury_only_offered_when_it_turns_the_result():
    s = table(n=2, heroes=("Amazon", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)  # Strength 4, Wit 5, Spirit 6
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "wager 1 DP")
    act(s, "match")
    act(s, "use Wit of your Hero")  # Wit 3 + 2 = 5 does not beat 5: no use asking
    assert s.dp == [14, 16] and not s.used[0]
    at(s, "hero", 0)
    act(s, "face the top Challenge")
    act(s, "wager 1 DP")
    act(s, "match")
    act(s, "use Strength of your Hero")  # Strength 4 vs 4 fails; +2 wins
    assert s.decision() == "fury"
    act(s, "use Fury")
    assert s.dp == [15, 15] and s.used[0] and s.piles[a] == []


def test_barbarian_rage_in_a_challenge():
    s = table(n=2, heroes=("Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Quicksand", a, 1)  # Strength 3, Wit 6, Spirit 5
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Wit of your Hero")  # Wit 2 vs 6 fails; Strength 5 vs the Wit value 6 fails too
    assert s.dp == [13, 17]
    at(s, "hero", 0)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Spirit of your Hero")  # Spirit 4 vs 5 fails; Strength 5 vs 5 still fails
    assert s.dp == [11, 19] and not s.used[0]
    clear(s, a)
    challenge(s, "Thing in the Crypt", a, 1)  # Strength 3, Wit 5, Spirit 5
    give(s, 0, dp=15, hand=["Might of Crom"])  # +1 Strength: with Rage 6 beats the Wit 5
    give(s, 1, dp=15)
    at(s, "hero", 0)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Wit of your Hero")
    act(s, "play Might of Crom face down")  # then no one holds a card: the reveal
    assert s.decision() == "rage"
    act(s, "use Rage")
    assert s.dp == [17, 13] and s.piles[a] == []


def test_alliance_split_and_shared_attributes():
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 2)  # loot 5, draw 2
    give(s, 0, on=a)
    give(s, 1, on=a)
    at(s, "diplomacy", 0)
    names = legal_names(s)
    assert "propose an Alliance to player_1" in names and "propose an Alliance to player_2" not in names
    act(s, "propose an Alliance to player_1")
    act(s, terms(4))
    act(s, "accept")
    assert s.partner == [1, 0, -1] and s.keep == [4, 4, 6]  # whoever gains keeps 4/6
    c = challenge(s, "Crushing Doors", a, 2)
    at(s, "hero", 0)
    assert not has(s, "challenge player_1")
    act(s, "face Crushing Doors")
    act(s, "wager 6 DP")
    act(s, "match")
    assert has(s, "use Strength of your ally")
    act(s, "use Strength of your ally")  # the Barbarian's 5 beats 4
    assert s.piles[a] == [] and c not in s.piles[a]
    # the Scout won 6 DP and keeps 4/6 of it
    assert s.dp == [15 + 4, 15 + 2, 15 - 6]
    at(s, "hero", 1)
    # two allied Heroes may complete it; Loot 5 DP: the Barbarian keeps 4/6 = 3.33, rounded
    # in his favour (docs/rulings/cards.md: "rounding favours the gainer"): 4, the Scout 1
    act(s, "complete")
    assert s.dp[:2] == [19 + 1, 17 + 4]
    assert s.partner == [-1, -1, -1] and s.pos[:2] == [-1, -1]


def test_priest_breaks_an_alliance_share():
    s = table(n=2, heroes=("Priest", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    give(s, 0, on=a)
    give(s, 1, on=a)
    alliance(s, 0, 1, keep=3)
    act(s, "complete")
    assert s.decision() == "sermon_break"
    act(s, "use Sermon")
    assert s.dp == [20, 15] and s.used[0]


def test_no_alliance_with_own_challenges_on_the_card():
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 2)
    challenge(s, "Quicksand", a, 1)
    give(s, 0, on=a)
    give(s, 1, on=a)
    at(s, "diplomacy", 0)
    assert not has(s, "propose an Alliance to player_1")


def test_forgetting_old_dangers_hides_a_failed_challenge():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), forgetting_old_dangers=True)
    a = adventure(s, "Red Nails", 1)
    c = challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "wager 3 DP")
    act(s, "withdraw")  # the Hero gives up: the Challenge stays
    assert not s.ch_up[c] and s.ch_known[c] == 1 << 1
    from conan_envs.cards.hidden import visible
    assert visible(s, 1, a, c) and not visible(s, 0, a, c) and not visible(s, 2, a, c)
    decks(s, deck=["Quicksand", "Sandstorm", "Iron Will"])
    rng = np.random.default_rng(0)
    moved = sum(s.resample_hidden(0, rng).piles[a] != [c] for _ in range(30))
    assert moved > 0  # its identity is hidden again from the Hero's player


def test_without_forgetting_a_failed_challenge_stays_known():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"))
    a = adventure(s, "Red Nails", 1)
    c = challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "wager 3 DP")
    act(s, "withdraw")  # the Hero gives up: the Challenge stays
    decks(s, deck=["Quicksand", "Sandstorm", "Iron Will"])
    rng = np.random.default_rng(0)
    assert all(s.resample_hidden(0, rng).piles[a] == [c] for _ in range(10))


def test_deal_with_named_cards_items_and_any_dp_amount():
    """Deals: "exchange DP, auction or exchange cards and Magic items ... any agreement": several
    goods each way, any DP amount, a named card and a named item asked for."""
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(20, 15))
    lore, will = C.card_id("Ancient Lore"), C.card_id("Iron Will")
    give(s, 1, hand=[lore, will, "Quicksand"])
    sword, amulet = C.card_id("Atlantean Sword"), C.card_id("Amulet of Ibis")
    give(s, 0, items=[sword])
    give(s, 1, items=[amulet])
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    assert has(s, "you give 19 DP") and not has(s, "you give 20 DP")  # keeps 1 DP
    act(s, "you give 7 DP")
    act(s, "you give Atlantean Sword")
    act(s, "you ask for Iron Will")
    act(s, "you ask for Amulet of Ibis")
    act(s, "you ask for 1 random card")
    act(s, "state the offer")
    view = s.view(1)
    assert view["offer"]["gives"] == "7 DP, Atlantean Sword"
    assert view["offer"]["asks"] == "1 random card, Iron Will, Amulet of Ibis"
    act(s, "accept")
    assert s.dp == [13, 22]
    assert s.items == [[amulet], [sword]]
    assert will in s.hand[0] and len(s.hand[0]) == 2 and len(s.hand[1]) == 1


def test_a_named_card_not_held_cannot_be_accepted():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    give(s, 1, hand=["Iron Will"])
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    act(s, "you give 2 DP")
    act(s, "you ask for Titan's Grip")
    act(s, "state the offer")
    assert legal_names(s) == {"reject", "make a counter-offer"}


def test_a_counter_offer_round():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    give(s, 0, hand=["Iron Will"])
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    act(s, "you give Iron Will")
    act(s, "you ask for 5 DP")
    act(s, "state the offer")
    act(s, "make a counter-offer")
    assert s.current_player() == 1 and s.decision() == "deal_build"
    act(s, "you give 2 DP")
    act(s, "you ask for Iron Will")
    act(s, "state the offer")
    assert s.current_player() == 0 and legal_names(s) == {"accept", "reject"}  # one round
    act(s, "accept")
    assert s.dp == [17, 13] and s.hand[1] == [C.card_id("Iron Will")]


def test_deal_goods_must_be_deliverable():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(3, 15))
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    names = legal_names(s)
    gives = {x for x in names if x.startswith("you give")}
    assert gives == {"you give 1 DP", "you give 2 DP"}  # keeps 1 DP; no cards, no items
    assert "state the offer" not in names  # nothing yet either way


def test_alliance_terms_share_losses_and_items():
    """Alliances: "agree how all the gains from the Adventure card will be shared ... the
    Loot (DP, special effects and Magic items), as well as the DP won or lost in the Wager"."""
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"), dp=(15, 15, 15))
    a = adventure(s, "The Forgotten Crypt", 2)  # Loot 2 DP and a Magic item
    give(s, 0, on=a)
    give(s, 1, on=a)
    at(s, "diplomacy", 0)
    act(s, "propose an Alliance to player_1")
    act(s, terms(3, losses=True, items=2))  # the other ally (player_1) takes the items
    act(s, "accept")
    challenge(s, "Crushing Doors", a, 2)
    at(s, "hero", 0)
    act(s, "face Crushing Doors")
    act(s, "wager 4 DP")
    act(s, "match")
    act(s, "use Wit of your Hero")  # the Scout's Wit 4 does not beat 5: she loses 4 DP
    assert s.dp == [15 - 4 + 2, 15 - 2, 15 + 4]  # her ally bears half the loss
    at(s, "hero", 0)
    clear(s, a)
    act(s, "complete")
    assert s.items[1] and not s.items[0]  # the Magic item went to the other ally


def test_mercenary_may_pay_and_keep_his_ability():
    s = table(n=2, heroes=("Mercenary", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Pict Warrior", a, 1)  # ally cost 2
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "recruit")
    act(s, "pay ")
    assert s.dp == [13, 15] and not s.used[0]


def test_recruiting_needs_the_cost_plus_one():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(2, 15))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Pict Warrior", a, 1)  # ally cost 2: paying would leave 0 DP
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    assert s.decision() == "bet_open"


def test_priest_vetoes_an_alliance():
    s = table(n=3, heroes=("Scout", "Barbarian", "Priest"))
    a = adventure(s, "Red Nails", 2)
    give(s, 0, on=a)
    give(s, 1, on=a)
    at(s, "diplomacy", 0)
    act(s, "propose an Alliance to player_1")
    act(s, terms(3))
    act(s, "accept")
    assert s.decision() == "veto"
    act(s, "use Sermon")
    assert s.partner == [-1, -1, -1] and s.offered[:2] == [True, True]


def test_abilities_are_once_per_game():
    s = table(n=2, heroes=("Noble", "Barbarian"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Quicksand", a, 1)
    challenge(s, "Sandstorm", a, 1)
    give(s, 0, on=a)
    act(s, "Bribery")
    at(s, "hero", 0)
    assert not has(s, "Bribery")


def test_leaving_a_card_discards_the_ally_and_ends_the_alliance():
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 2)
    adventure(s, "The Black Coast", 2)
    give(s, 0, on=a)
    give(s, 1, on=a)
    alliance(s, 0, 1, keep=3)
    give(s, 0, ally="Pict Warrior")
    act(s, "move to The Black Coast")
    assert s.partner == [-1, -1, -1] and s.ally[0] == -1
    assert C.card_id("Pict Warrior") in s.discard
