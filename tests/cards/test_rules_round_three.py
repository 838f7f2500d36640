"""Rules and view fixes of the third round (issue 30, cards), each quoting the sentence it
enforces; positions set up through the position builder and public moves."""
import json

import numpy as np
import pytest

import conan_envs
from baselines.scripted.cards import ScriptedAgent
from conan_envs.cards import content as C
from conan_envs.cards.position import alliance, begin, decks, give
from conan_envs.cards.shares import CompleteEnd, SermonBreak
from conan_envs.engine import CorruptStateError
from conan_envs.engine.flow import AUTO
from conan_envs.engine.serialize import encode

from .scene import act, adventure, at, challenge, legal_names, table, terms

SKELOS = C.card_id("The Book of Skelos")


def priest_completes_the_crypt(items_to):
    """The Priest (player_0) and the Barbarian (player_1) allied on The Forgotten Crypt (Loot
    2 DP and a Magic item), whoever gains keeping 3/6; the Priest completes it."""
    s = table(n=2, heroes=("Priest", "Barbarian"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 1)
    give(s, 0, on=a)
    give(s, 1, on=a)
    alliance(s, 0, 1, keep=3, items=items_to)
    decks(s, magic=["The Book of Skelos"])
    at(s, "hero", 0)
    act(s, "complete")
    return s


def test_the_priest_may_keep_the_loots_magic_item_the_terms_give_his_ally():
    """Priest, Sermon: "If the Priest decides to break a Deal or Alliance he has with another
    Hero, he may benefit from what was agreed with the other Hero while breaking his own part
    without giving anything in return." Alliances example: "they may choose to keep all the
    Loot for themselves". The terms give the Loot's Magic items to the other ally: the Priest
    is asked before anything moves, and keeps the DP and the item."""
    s = priest_completes_the_crypt(items_to=1)
    assert s.decision() == "sermon_break"
    assert s.items[0] == [SKELOS] and s.items[1] == []  # nothing has moved yet
    prompt = s.view(0)["decision"]["prompt"]
    assert "1 DP and The Book of Skelos" in prompt
    assert s.view(0)["decision"]["context"]["magic_items_owed"] == [C.WORDS[SKELOS]]
    act(s, "use Sermon")
    assert s.dp == [17, 15] and s.items == [[SKELOS], []] and s.used[0]
    assert "player_0 uses Sermon: breaks the Alliance and keeps the 1 DP and The Book of Skelos" \
        in s.view(1)["log"]


def test_the_priest_who_keeps_his_word_hands_over_dp_and_item():
    s = priest_completes_the_crypt(items_to=1)
    act(s, "give player_1 the 1 DP and The Book of Skelos")
    assert s.dp == [16, 16] and s.items == [[], [SKELOS]] and not s.used[0]


def test_the_priest_is_asked_for_an_item_even_when_no_dp_is_owed():
    """A share of 6 sixths kept leaves no DP owed, but the item is still owed to the ally."""
    s = table(n=2, heroes=("Priest", "Barbarian"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 1)
    give(s, 0, on=a)
    give(s, 1, on=a)
    alliance(s, 0, 1, keep=6, items=1)
    decks(s, magic=["The Book of Skelos"])
    at(s, "hero", 0)
    act(s, "complete")
    assert s.decision() == "sermon_break"
    act(s, "use Sermon")
    assert s.items == [[SKELOS], []] and s.dp == [17, 15]


def test_an_item_kept_by_the_completer_asks_the_priest_only_for_dp():
    s = priest_completes_the_crypt(items_to=None)
    assert s.decision() == "sermon_break"
    assert "give player_1 the 1 DP" in legal_names(s)
    t = priest_completes_the_crypt(items_to=1)  # the same share owed, with the item as well
    for r in range(2):
        assert s.view(r)["decision"] != t.view(r)["decision"]
        assert not np.array_equal(s.observation(r), t.observation(r))


def test_alliance_terms_are_in_every_view_the_observation_and_the_board():
    """Alliances: "At the moment the Alliance is declared, the two players involved must agree
    how all the gains from the Adventure card will be shared. All the factors in play must be
    considered, such as the Loot (DP, special effects and Magic items), as well as the DP won
    or lost in the Wager." The terms are stated at the table (the offer is public, as a Deal
    "must be stated clearly and aloud"): every player sees them for the Alliance's length."""
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"), dp=(15, 15, 15))
    a = adventure(s, "The Forgotten Crypt", 2)
    give(s, 0, on=a)
    give(s, 1, on=a)
    at(s, "diplomacy", 0)
    act(s, "propose an Alliance to player_1")
    act(s, terms(3, losses=True, items=2))
    act(s, "accept")
    for r in range(3):
        al = s.view(r)["players"][0]["alliance"]
        assert al == {"partner": "player_1", "keeps_of_each_gain": "3/6",
                      "wager_losses": "shared the same way",
                      "loot_magic_items": "taken by player_1"}
        assert ("allied with player_1 (keeps 3/6 of each gain; wager losses shared the same "
                "way; the Loot's Magic items taken by player_1)") in s.render_text(r)


def allied(losses, items):
    s = table(n=3, heroes=("Scout", "Barbarian", "Thief"), dp=(15, 15, 15))
    a = adventure(s, "The Forgotten Crypt", 2)
    give(s, 0, on=a)
    give(s, 1, on=a)
    return alliance(s, 0, 1, keep=3, losses=losses, items=items)


def test_each_alliance_term_changes_view_and_observation():
    """Two positions that differ only in one Alliance term differ in every player's view and
    observation (before this wave only the share kept was carried)."""
    base = allied(False, None)
    for other in (allied(True, None), allied(False, 0), allied(False, 1)):
        for r in range(3):
            assert base.view(r)["players"] != other.view(r)["players"]
            assert not np.array_equal(base.observation(r), other.observation(r))
    assert not np.array_equal(allied(False, 0).observation(2), allied(False, 1).observation(2))


def test_a_pass_in_the_resolution_is_logged():
    """Resolution: "These cards are played face down, one at a time, taking turns"; a player
    who plays no more cards says so at the table: the log shows each pass."""
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a, hand=["Might of Crom"])
    give(s, 1, hand=["Iron Will"])
    at(s, "hero", 0)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Strength of your Hero")
    act(s, "pass (no more cards)")  # the Hero's player
    assert "player_0 passes (plays no more cards for now)" in s.view(1)["log"]
    act(s, "pass (no more cards)")  # the opponent
    assert "player_1 passes (plays no more cards for now)" in s.view(0)["log"]


def test_the_deal_builder_asks_only_for_faces_the_other_player_could_hold():
    """Deals: players "may exchange DP, auction or exchange cards": a card can be asked for
    only if the other player could hold it. Red Nails (one copy) lies on the table, both
    copies of Curse of Nergal lie in the discard pile, and the builder holds the one Flash of
    Genius: none of them can be in the other hand. Cards the builder cannot place can be."""
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    adventure(s, "Red Nails", 1)
    give(s, 0, hand=["Flash of Genius"])
    give(s, 1, hand=["Iron Will", "Might of Crom"])
    decks(s, discard=["Curse of Nergal", "Curse of Nergal"])
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    names = legal_names(s)
    for gone in ("Red Nails", "Curse of Nergal", "Flash of Genius"):
        assert not any(n.startswith(f"you ask for {gone} (") for n in names), gone
    for could in ("Iron Will", "Titan's Grip", "The Black Coast", "Crushing Doors"):
        assert any(n.startswith(f"you ask for {could} (") for n in names), could


def test_the_scripted_counter_offer_gives_something_in_return():
    """Deals: a counter-offer is an exchange, "If two or more players agree, they may
    exchange DP ... cards": answering "give me your card for nothing" is no counter-offer. The
    scripted player declines what it cannot fix by moving DP."""
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    give(s, 0, hand=["Iron Will"])  # +1 Spirit: worth little to the Barbarian's player
    give(s, 1, hand=["Might of Crom"])
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    act(s, "you give Iron Will")
    act(s, "you ask for 2 DP")
    act(s, "state the offer")
    agent = ScriptedAgent("cards_v2", 1)
    a = agent.act(s.observation(1), s.legal_action_mask(), s)
    assert s.action_to_string(a) == "reject"  # the old counter asked for Iron Will for nothing


def test_the_card_turn_prompt_speaks_of_the_card_turns_first_round_in_every_round():
    """1. Card Turn: "In turn order, each player plays a card or passes ... until all players
    have completed the first round" (of the Card Turn, in every game round)."""
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    give(s, 0, hand=["Red Nails", "The Tower of the Elephant"])
    give(s, 1, hand=["The Black Coast", "The Pool of the Black One"])
    begin(s, "draw")  # the Draw Turn ends round 1: round 2 begins with its Card Turn
    assert s.view(0)["round"] == 2 and s.decision() == "card_play"
    prompt = s.view(0)["decision"]["prompt"]
    assert "in this first round" not in prompt
    assert "the Card Turn's mandatory first round of plays: a pass does not end it" in prompt
    act(s, "play Red Nails")
    act(s, "play The Black Coast")
    assert "first round of plays is over: a pass ends it" in s.view(0)["decision"]["prompt"]


def test_passes_and_answers_of_every_player_leave_a_log_line():
    """The browser audit: an AI's pass (no Hero swap, no offer) and its hero-swap answer must
    be seen in the log like a human's."""
    import conan_envs

    s = conan_envs.make_game("cards_v2", num_players=2).new_initial_state(5)
    act(s, "keep your Hero")
    assert "player_0 keeps their Hero (offers no swap)" in s.view(1)["log"]
    act(s, "offer player_0 to swap")
    act(s, "reject")
    assert "player_0 rejects the swap" in s.view(1)["log"]
    t = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    give(t, 0, hand=["Iron Will"])
    at(t, "diplomacy", 0)
    act(t, "pass")
    assert "player_0 makes no offer" in t.view(1)["log"]


def test_a_share_owed_with_magic_items_is_checked_on_loading():
    """A snapshot of a share owed (the Priest's sermon_break frame: payer, receiver, DP, Magic
    items, over the step that follows) loads back equal; one whose item is not in front of the
    one who owes it, or that owes nothing, is refused naming the field."""
    game = conan_envs.make_game("cards_v2", num_players=2)
    data = json.loads(game.new_initial_state(3).snapshot())
    fields = data["fields"]
    fields["phase"] = "hero"
    done = CompleteEnd(AUTO, 0)  # the completion of the first Adventure ends once it is settled
    fields["stack"] = encode([done, SermonBreak(0, 1, 1, ())])
    text = json.dumps(data)
    back = game.state_from_snapshot(text)
    assert json.loads(back.snapshot()) == json.loads(text)
    assert back.decision() == "sermon_break" and back.current_player() == 0
    fields["stack"] = encode([done, SermonBreak(0, 1, 1, (fields["magic_deck"][0],))])
    with pytest.raises(CorruptStateError, match="stack"):
        game.state_from_snapshot(json.dumps(data))
    fields["stack"] = encode([done, SermonBreak(0, 1, 0, ())])
    with pytest.raises(CorruptStateError, match="stack"):
        game.state_from_snapshot(json.dumps(data))
    fields["stack"] = encode([SermonBreak(0, 1, 1, ())])  # returning to nothing
    with pytest.raises(CorruptStateError, match="stack"):
        game.state_from_snapshot(json.dumps(data))
