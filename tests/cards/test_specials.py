"""Special cards with a stated timing of their own (rulebook, "How and When to Play Cards":
"The other Special cards specify the exact moment they can be played"; "Movement": "except
through the effects of Special cards"). Designed: Secret Passage and Seer's Vision, both
played in the Card Turn (docs/rulings/cards.md)."""
import numpy as np

from conan_envs.cards import content as C
from conan_envs.cards.encode import layout
from conan_envs.cards.hidden import visible
from conan_envs.cards.position import alliance, begin, clear, decks, give

from .scene import act, adventure, at, challenge, legal_names, table

PASSAGE = min(C.SECRET_PASSAGE)
VISION = min(C.SEERS_VISION)


def stuck_barbarian():
    """The Barbarian failed Crushing Doors on Red Nails: it stays face up and he may not move."""
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"))
    a = adventure(s, "Red Nails", 1)
    b = adventure(s, "The Hall of the Dead", 2)
    mine = adventure(s, "The Black Coast", 2)
    challenge(s, "Crushing Doors", a, 1, face_up=True)
    challenge(s, "Quicksand", mine, 0)  # the Barbarian's own Challenge there
    give(s, 0, on=a)
    assert not any(x.startswith("move") for x in legal_names(s))
    return s, a, b, mine


def test_secret_passage_moves_a_hero_off_a_card_holding_challenges():
    s, a, b, mine = stuck_barbarian()
    give(s, 0, hand=[PASSAGE], ally="Pict Warrior")  # an Ally is discarded on leaving the card
    at(s, "card", 0)
    names = legal_names(s)
    assert names == {"pass", "Secret Passage: move to The Hall of the Dead"}
    act(s, "Secret Passage: move to The Hall of the Dead")
    assert s.pos[0] == b and s.hand[0] == [] and PASSAGE in s.discard
    assert s.ally[0] == -1 and C.CH0 + C.challenge_index("Pict Warrior") in s.discard
    assert s.dp[0] == 15  # only Adventure and Challenge cards give DP
    assert s.piles[a] == [C.challenge_index("Crushing Doors")]  # the Challenge stays
    assert s.phase == "hero"  # no one else holds a playable card: the Card Turn is over


def test_secret_passage_lets_an_expelled_hero_enter_and_ends_an_alliance():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"))
    a = adventure(s, "Red Nails", 1)
    b = adventure(s, "The Hall of the Dead", 2)
    give(s, 0, on=a, hand=[PASSAGE])
    give(s, 1, on=a)
    give(s, 2, must_enter=True, hand=[PASSAGE + 1])
    alliance(s, 0, 1, keep=3)
    begin(s, "card")
    act(s, "Secret Passage: move to The Hall of the Dead")
    assert s.pos[0] == b and s.partner == [-1, -1, -1] and s.keep == [6, 6, 6]
    assert s.current_player() == 2  # player_1 holds nothing to play: passed without asking
    act(s, "Secret Passage: move to Red Nails")
    assert s.pos[2] == a and not s.must_enter[2]


def test_seers_vision_shows_one_face_down_challenge_to_its_player_only():
    s = table(n=3, heroes=("Barbarian", "Thief", "Priest"))
    a = adventure(s, "Red Nails", 1)
    quick = challenge(s, "Quicksand", a, 1)
    doors = challenge(s, "Crushing Doors", a, 1)
    challenge(s, "Sandstorm", adventure(s, "The Hall of the Dead", 1), 2, face_up=True)  # nothing to look at
    give(s, 0, hand=[VISION])
    decks(s, deck=["Iron Will", "Pit of Serpents", "Ghoul Pack"])
    at(s, "card", 0)
    assert legal_names(s) == {"pass", "Seer's Vision: look at the 1st Challenge on Red Nails",
                              "Seer's Vision: look at the 2nd Challenge on Red Nails"}
    L = layout(3)
    A = 5 + 3 + C.MAX_DIFFICULTY * (35 + 3)
    e = L["adventures"] + a * A + 5 + 3 + 1 * (35 + 3)  # slot 2 of Red Nails
    before = s.observation(0)
    assert before[e + 2] == 0 and before[e + 3 + 3 + doors] == 0
    act(s, "Seer's Vision: look at the 2nd Challenge on Red Nails")
    assert VISION in s.discard and s.hand[0] == []
    assert visible(s, 0, a, doors) and not visible(s, 0, a, quick) and not visible(s, 2, a, doors)
    assert not s.ch_up[doors] and s.ch_placer[doors] == 1  # still face down, still player_1's
    obs = s.observation(0)
    assert obs[e + 2] == 1 and obs[e + 3 + 3 + doors] == 1
    assert s.observation(2)[e + 3 + 3 + doors] == 0
    # what player_0 now knows survives every redraw of what it cannot see
    rng = np.random.default_rng(0)
    redrawn = [s.resample_hidden(0, rng) for _ in range(20)]
    assert all(r.piles[a][1] == doors for r in redrawn)
    assert any(r.piles[a][0] != quick for r in redrawn)
    assert all(np.array_equal(r.observation(0), obs) for r in redrawn)
    # player_2 does not know it: for player_2 it is redrawn, and it stays known to player_0
    for r in (s.resample_hidden(2, rng) for _ in range(20)):
        c = r.piles[a][1]
        assert r.ch_known[c] == (1 << 0) | (1 << 1) and r.ch_placer[c] == 1


def test_timed_specials_need_a_target_and_count_as_a_play():
    s = table(n=2, heroes=("Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 1)
    give(s, 0, on=a)
    challenge(s, "Quicksand", a, 0)
    give(s, 0, hand=[PASSAGE, VISION])  # nowhere else to go; the only face-down Challenge is its own
    begin(s, "card", first_round=False)
    assert s.phase == "hero"  # nothing playable after the first round: the Card Turn ends
    b = adventure(s, "The Hall of the Dead", 1)
    challenge(s, "Sandstorm", b, 0)
    begin(s, "card", first_round=False)
    assert s.phase == "hero"  # the only other card holds its own Challenge
    clear(s, b)
    begin(s, "card", first_round=False)
    assert s.phase == "card" and legal_names(s) == {
        "pass", "Secret Passage: move to The Hall of the Dead"}


def test_timed_specials_are_only_bluffs_in_a_resolution():
    s = table(n=2, heroes=("Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)  # Strength 4
    give(s, 0, on=a)
    give(s, 1, hand=[PASSAGE, VISION])
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Strength of your Hero")
    act(s, "play Secret Passage face down")
    act(s, "play Seer's Vision face down")  # no cards left on either side: the reveal
    assert s.dp == [17, 13]  # Strength 5 beats 4: the two cards did nothing
    assert PASSAGE in s.discard and VISION in s.discard
