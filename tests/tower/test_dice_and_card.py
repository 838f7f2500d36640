"""Dice Phase and Conan's card: slotting left to right, burning to re-roll, pairs, triples,
tokens, riposte, reserving, tests with the +1-on-re-roll rule."""
from conan_envs.tower.content import BLOCK, FATIGUE_TOKEN, LEAP, RAGE_TOKEN, RIPOSTE, SLASH, SWING
from conan_envs.tower.positions import begin, conan_card, dice_position, load_dice

from .helpers import act, combat, fresh, legal


def dice_state(pool, rows=None, seed=0, **kw):
    return dice_position(fresh("solo", 0, seed, **kw), pool, rows)


def test_starting_card():
    s = fresh()
    assert s.fatigue == 4 and s.wounds == 0 and s.rage_track == [1, 2, 3] and s.level == 0
    assert len(s.skills) == 2
    assert all(s.game.c["skills"][k].level == 0 for k in s.skills)
    assert sum(s.pool) == 6 and s.decision() == "dice"


def test_each_slot_accepts_its_printed_results():
    s = dice_state([1, 1, 1, 1, 1, 4, 4, 4, 4, 5, 6])
    # LEAP accepts 1-2, 1-2, 1-3, 1-3, then 3+: a fifth 1 fits no more
    for _ in range(4):
        act(s, "slot", 0 * 5 + LEAP)
    assert not legal(s, "slot", 0 * 5 + LEAP)
    assert not legal(s, "slot", 0 * 5 + BLOCK)   # BLOCK starts at 2-3
    for _ in range(3):
        act(s, "slot", 3 * 5 + RIPOSTE)
    assert legal(s, "slot", 3 * 5 + RIPOSTE)      # 4th riposte slot 4-6
    assert not legal(s, "slot", 5 * 5 + SLASH)    # SLASH's first five slots take a 5 only
    assert legal(s, "slot", 5 * 5 + SWING) and legal(s, "slot", 4 * 5 + SLASH)
    assert not legal(s, "slot", 4 * 5 + SWING)


def test_burn_a_die_to_reroll_any_number():
    s = dice_state([1, 1, 3, 6])
    act(s, "reroll", 0)          # burn a 1
    assert s.decision() == "mark"
    act(s, "mark", 0)
    act(s, "mark", 2)
    assert not legal(s, "mark", 0)
    load_dice(s, [5, 6])
    act(s, "roll")
    assert s.decision() == "dice" and s.pool[1:] == [0, 0, 0, 0, 1, 2]


def test_pair_for_a_result_of_choice_or_to_ready_a_skill():
    s = dice_state([2, 2, 4])
    act(s, "pair", 1)
    assert s.decision() == "pair_effect"
    act(s, "choose_result", 4)
    assert s.pool[1:] == [0, 0, 0, 1, 1, 0]
    s = dice_state([2, 2, 4])
    conan_card(s, exhausted=[s.skills[0]])
    act(s, "pair", 1)
    act(s, "ready_skill", s.skills[0])
    assert not s.exhausted[0] and s.pool[1:] == [0, 0, 0, 1, 0, 0]


def test_triple_refills_fatigue_or_discards_a_token():
    s = dice_state([3, 3, 3, 5])
    assert not legal(s, "triple", 2)    # nothing to refill or discard
    conan_card(s, fatigue=1, tokens=["S"])
    act(s, "triple", 2)
    assert legal(s, "triple_refill") and legal(s, "triple_discard")
    act(s, "triple_refill")
    assert s.fatigue == 4 and s.pool[3] == 0


def test_stunned_conan_rolls_but_uses_no_dice_until_a_triple_clears_it():
    s = dice_state([3, 3, 3, 5])
    conan_card(s, tokens=["S"])
    assert not legal(s, "slot", 4 * 5 + SLASH)
    act(s, "triple", 2)
    act(s, "triple_discard")
    assert s.ctok == [] and legal(s, "slot", 4 * 5 + SLASH)


def test_tokens_only_after_the_dice_and_then_no_more_dice():
    s = dice_state([5])
    conan_card(s, rage_pool=1)
    assert not legal(s, "rage_token") and not legal(s, "fatigue_token", 0)
    act(s, "slot", 4 * 5 + SLASH)
    act(s, "rage_token")
    assert s.rows[SWING] == [RAGE_TOKEN] and s.rage_pool == 0
    act(s, "fatigue_token", 0)
    assert s.rows[BLOCK] == [FATIGUE_TOKEN] and s.fatigue == 3


def test_spending_the_last_fatigue_as_a_token_is_a_wound():
    s = dice_state([])
    conan_card(s, fatigue=1)
    act(s, "fatigue_token", 1)
    assert s.wounds == 1 and s.fatigue == 4 and s.rows[SWING] == [RAGE_TOKEN]


def test_leap_rows_give_the_printed_move_points():
    for k, pts in enumerate((2, 5, 7, 9, 11, 13, 15)):
        s = combat(loc=4, conan=(3, 5), rows=[[1] * 7, [], [], [], []],
                   enemies=[("Thug 1", 0, 0, [0, 0, 0])])
        base = s.move_left
        act(s, "leap", k)
        assert s.move_left == base + pts and len(s.rows[LEAP]) == 6 - k


def test_riposte_blocks_and_strikes_back():
    """RIPOSTE 3 dice: block 1 hit, wound the enemy. RIPOSTE 1: block, enemy RATTLED."""
    s = combat(loc=4, conan=(1, 2), rows=[[], [], [4, 4, 4], [], []],
               enemies=[("Captain of the Guard 1", 2, 2, [0, 0, 2, 0])])
    act(s, "done")
    assert s.decision() == "defend" and s.pending.hits == 2
    act(s, "riposte", 2)
    assert s.enemies[0].wounds == 1 and s.fatigue == 3 and s.decision() == "dice"  # next round
    s = combat(loc=4, conan=(1, 2), rows=[[], [], [4], [], []],
               enemies=[("Captain of the Guard 1", 2, 2, [0, 0, 1, 0])])
    act(s, "done")
    act(s, "riposte", 0)
    assert s.fatigue == 4 and s.enemies[0].tokens == ["R"]


def test_enemy_riposte_blocks_a_wound_and_hits_conan():
    s = combat(loc=2, conan=(0, 1), rows=[[], [], [], [5, 5], []],
               enemies=[("Zamoran Elite Guard 1", 1, 1, [0, 1, 0])])
    act(s, "slash", 1)
    assert s.enemies[0].wounds == 0 and s.enemies[0].dice == [0, 0, 0]
    assert s.fatigue == 3 and s.decision() == "conan_turn"


def test_big_swing_roll_for_multiple_enemies():
    """BIG SWING 2 dice: roll both, 7+ distributes 3 wounds on up to 2 enemies in range."""
    s = combat(loc=4, conan=(3, 3), rows=[[], [], [], [], [6, 6]],
               enemies=[("Yara", 2, 2, [0, 0, 0, 0]), ("Captain of the Guard 1", 4, 4, [0, 0, 0, 0]),
                        ("Acolyte of Yara 1", 3, 2, [0, 0, 0])])
    load_dice(s, [3, 4])
    act(s, "swing", 1)
    assert s.decision() == "target"
    act(s, "target", 0)
    act(s, "target", 1)
    assert not legal(s, "target", 2)    # two enemies chosen: the third wound goes to one of them
    act(s, "target", 0)
    assert s.enemies[0].wounds == 2 and s.enemies[1].wounds == 1
    s = combat(loc=4, conan=(3, 3), rows=[[], [], [], [], [6, 6]],
               enemies=[("Yara", 2, 2, [0, 0, 0, 0])])
    load_dice(s, [3, 3])
    act(s, "swing", 1)
    assert s.enemies[0].wounds == 0


def test_reserve_one_die_per_level():
    s = combat(loc=4, conan=(3, 5), rows=[[1], [2], [], [5, 5], []],
               enemies=[("Thug 1", 0, 0, [0, 0, 0])])
    conan_card(s, level=1)
    begin(s, "round_end")
    assert s.decision() == "reserve"
    act(s, "reserve", SLASH)
    assert not legal(s, "reserve", LEAP)
    act(s, "done")
    assert s.rows[SLASH] == [5] and sum(len(r) for r in s.rows) == 1
    assert sum(s.pool) == 7 - 1   # level 1: 7 dice, one already on the card


def test_location_test_reroll_raises_the_need_by_one():
    s = dice_position(fresh("solo", 2, seed=0), rows=[[1, 2], [3], [], [], []])  # Climb Unseen: 4+
    act(s, "done")
    assert s.decision() == "test" and legal(s, "test_reroll")
    act(s, "test_reroll")
    assert s.decision() == "mark"
    act(s, "mark", 0)
    act(s, "mark", 1)
    act(s, "mark", 2)
    load_dice(s, [4, 5, 6])
    act(s, "roll")
    act(s, "slot", 4 * 5 + SLASH)
    act(s, "slot", 5 * 5 + SWING)
    act(s, "slot", 3 * 5 + RIPOSTE)
    act(s, "done")
    assert s.decision() == "test" and s.view(0)["test"]["need"] == 5
    assert not legal(s, "pay", RIPOSTE)          # a 4 no longer passes
    act(s, "pay", SLASH)
    assert s.conan_first and s.rows[SLASH] == []
