"""Every worked example of the rulebook, set up and checked against the printed outcome."""
import pytest

from conan_envs.tower.content import BLOCK, FATIGUE_TOKEN, LEAP, RAGE_TOKEN, RIPOSTE, SLASH, SWING
from conan_envs.tower.positions import begin, combat_position, conan_card, dice_position, load_dice

from .helpers import act, combat, conan_view, fresh, grid, legal, sq


def test_conan_slays_the_lights_with_a_5_or_6():
    """Location Events example: burn a 5 (or the 6) for the 5+ test; Thugs then use only their
    automatic die in the first round; Conan has one die less."""
    s = dice_position(fresh("solo", 0, seed=3), rows=[[1], [2, 3], [4], [5], [6]])
    act(s, "done")
    assert s.decision() == "test"
    assert legal(s, "pay", SLASH) and legal(s, "pay", SWING)
    assert not legal(s, "pay", LEAP) and not legal(s, "pay", BLOCK) and not legal(s, "pay", RIPOSTE)
    act(s, "pay", SLASH)
    assert s.rows[SLASH] == [] and s.rows[SWING] == [6]
    for e in s.enemies:  # Thug rows: BLOCK, 4 Hits/Riposte, HIT; the auto die is a 5 on HIT
        assert e.dice == [0, 0, 1]
    assert s.decision() == "initiative"


def test_slays_the_lights_is_optional_and_solo_only():
    s = dice_position(fresh("solo", 0, seed=3), rows=[[1], [2], [], [5], []])
    act(s, "done")
    before = [list(e.dice) for e in s.enemies]
    act(s, "done")  # decline the optional test
    assert [e.dice for e in s.enemies] == before and s.rows[SLASH] == [5]
    b = fresh("battle", 0, seed=3)
    assert all(t.solo_only for t in b.game.c["locations"][0].tests)
    dice_position(b, rows=[[], [], [], [5], []])
    act(b, "done")
    while b.decision() in ("yara_dice", "putback"):
        b.apply_action(b.legal_actions()[-1] if b.decision() == "yara_dice" else b.legal_actions()[0])
    assert b.decision() != "test"


ELITE = "Zamoran Elite Guard 1"


@pytest.mark.parametrize("k,rolls,wounds,left", [(1, [3], 1, 2), (1, [2], 0, 2), (2, [], 1, 1),
                                                 (3, [], 2, 0)])
def test_three_ways_to_burn_three_5s_in_slash(k, rolls, wounds, left):
    """Burn one 5 (wound on a 3+; the other two slide left), two (wound), or all three (2W)."""
    s = combat(loc=4, enemies=[("Yara", 3, 2, [0, 0, 0, 0])], conan=(3, 3),
               rows=[[], [], [], [5, 5, 5], []])
    load_dice(s, rolls)
    act(s, "slash", k - 1)
    assert s.enemies[0].wounds == wounds
    assert s.rows[SLASH] == [5] * left


def test_thug_hit_blocked_by_a_3():
    """The Thug burns a 5 and hits; Conan burns a 3 from BLOCK and loses no FATIGUE."""
    s = combat(loc=0, enemies=[("Thug 1", 1, 2, [0, 0, 1])], conan=(0, 2),
               rows=[[], [3], [], [], []])
    act(s, "done")  # Conan ends his activation; the Thug attacks
    assert s.decision() == "defend" and s.pending.hits == 1
    act(s, "block")
    assert s.fatigue == 4 and s.rows[BLOCK] == []
    assert s.enemies[0].dice == [0, 0, 0]


def test_unblocked_hit_costs_a_fatigue():
    s = combat(loc=0, enemies=[("Thug 1", 1, 2, [0, 0, 1])], conan=(0, 2),
               rows=[[], [3], [], [], []])
    act(s, "done")
    act(s, "done")
    assert s.fatigue == 3


def test_elite_guard_wounded_by_two_5s_then_slain_with_a_fatigue_token():
    """Two 5s in SLASH wound the Elite once (no BLOCK dice); next time a FATIGUE token in SLASH
    makes three and two wounds slay him."""
    s = combat(loc=2, enemies=[(ELITE, 1, 1, [0, 0, 0])], conan=(0, 1),
               rows=[[], [], [], [5, 5], []])
    act(s, "slash", 1)
    assert s.enemies[0].wounds == 1 and s.enemies[0].alive
    s = dice_position(fresh("solo", 2, seed=1), [5, 5])
    act(s, "slot", 4 * 5 + SLASH)
    act(s, "slot", 4 * 5 + SLASH)
    assert legal(s, "fatigue_token", 1)
    act(s, "fatigue_token", 1)
    assert s.rows[SLASH] == [FATIGUE_TOKEN, 5, 5] and s.fatigue == 3
    assert not legal(s, "slot", 0)  # once a token is slotted no more dice may be
    combat_position(s, [(ELITE, 1, 1, [0, 0, 0])], (0, 1), s.rows, s.fatigue)
    xp = s.xp
    act(s, "slash", 2)
    assert not s.enemies[0].alive and s.xp == xp + 2


def test_thugs_movement_example():
    """Thug 1 moves with his base move then attacks; Thug 2, in range, only attacks; Thug 3 uses
    his 2 base points, is still out of range, burns both dice for 2 points and cannot attack."""
    s = combat(loc=0, conan=(0, 2), enemies=[("Thug 1", 3, 2, [0, 0, 1]),
                                            ("Thug 2", 1, 2, [0, 0, 1]),
                                            ("Thug 3", 5, 2, [0, 0, 2])])
    act(s, "done")
    t1, t2, t3 = s.enemies
    assert t1.square in (sq(1, 1), sq(1, 3)) and t2.square == sq(1, 2)
    assert t3.square in (sq(1, 1), sq(1, 3), sq(0, 1), sq(0, 3)) and t3.square != t1.square
    assert t3.dice == [0, 0, 0]
    assert s.fatigue == 2  # the hits of Thug 1 and Thug 2 only


def test_enemies_in_range_never_step_out():
    s = combat(loc=0, conan=(0, 2), enemies=[("Thug 1", 1, 2, [2, 0, 0])])
    act(s, "done")
    assert s.enemies[0].square == sq(1, 2)
    assert not any("burns" in e or "moves" in e for e in s.log_for(0))


def test_height_advantage_takes_one_hit_of_each_attack():
    """Conan on Height Advantage terrain, struck for 2 hits by an Elite Guard's sword: one BLOCK
    die is enough."""
    s = combat(loc=4, enemies=[(ELITE, 0, 2, [0, 0, 2])], conan=(1, 1), rows=[[], [3], [], [], []])
    assert grid(s).height[sq(1, 1)] and not grid(s).height[sq(0, 2)]
    act(s, "done")
    assert s.pending.hits == 1
    act(s, "block")
    assert s.fatigue == 4


def test_stairs_give_height_advantage_against_a_lower_step():
    s = combat(loc=2, enemies=[(ELITE, 3, 1, [0, 0, 2])], conan=(4, 1))
    g = grid(s)
    assert g.elev[sq(4, 1)] == 1 and g.elev[sq(3, 1)] == 0 and g.elev[sq(5, 1)] == 1
    assert g.height_advantage(sq(4, 1), sq(3, 1)) and not g.height_advantage(sq(3, 1), sq(4, 1))
    assert not g.height_advantage(sq(4, 1), sq(5, 1))
    act(s, "done")     # the Elite's 2 sword hits from the lower step: one is taken by the height
    assert s.fatigue == 3


def test_height_advantage_blocks_conans_wounds_too():
    s = combat(loc=2, enemies=[(ELITE, 4, 1, [0, 0, 0])], conan=(3, 1), rows=[[], [], [], [5, 5], []])
    act(s, "slash", 1)
    assert s.enemies[0].wounds == 0


def test_conans_five_point_move_past_thug_2():
    """Leaving a square next to Thug 2 costs 1 more; the step up to A also changes elevation:
    crossing in front of Thug 2 then up to A costs 5; B costs 2."""
    s = combat(loc=2, enemies=[("Thug 2", 3, 0, [0, 0, 0])], conan=(2, 1), move=5)
    g = grid(s)
    assert g.elev[sq(2, 1)] == 0 and g.elev[sq(4, 1)] == 1      # A is a step up
    b = combat(loc=2, enemies=[("Thug 2", 3, 0, [0, 0, 0])], conan=(2, 1), move=5)
    act(b, "step", 4)                                           # B costs 2
    assert b.pos == sq(2, 2) and b.move_left == 3
    act(s, "step", 2)   # E
    assert s.move_left == 3
    act(s, "step", 2)
    assert s.pos == sq(4, 1) and s.move_left == 0
    s = combat(loc=2, enemies=[("Thug 2", 3, 0, [0, 0, 0])], conan=(2, 1), move=4)
    act(s, "step", 2)
    assert not legal(s, "step", 2)


def test_no_moving_through_or_onto_enemies():
    s = combat(loc=0, enemies=[("Thug 1", 1, 2, [0, 0, 0])], conan=(0, 2), move=9)
    assert not legal(s, "step", 2)


def test_slain_enemy_square_then_leap_on():
    """Conan slays Thug 2, steps into its square at no cost (now in range of Thug 3); he may move
    on with LEAPs only, not his base movement."""
    s = combat(loc=0, conan=(0, 2), rows=[[1], [], [], [5, 5], []],
               enemies=[("Thug 2", 1, 2, [0, 0, 0]), ("Thug 3", 3, 2, [0, 0, 0])])
    act(s, "slash", 1)
    assert not s.enemies[0].alive
    assert legal(s, "enter")
    act(s, "enter")
    assert s.pos == sq(1, 2) and s.move_left == 0
    assert not any(legal(s, "step", d) for d in range(8))
    act(s, "leap", 0)
    assert s.move_left == 2 and legal(s, "step", 2)


def test_move_then_attack_or_attack_then_move():
    s = combat(loc=0, conan=(0, 2), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 3", 2, 2, [0, 0, 0])])
    act(s, "step", 2)
    load_dice(s, [1])
    act(s, "slash", 0)   # misses, but it was an attack after a move: no more moves
    assert not any(legal(s, "step", d) for d in range(8))
    s = combat(loc=0, conan=(1, 2), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 3", 2, 2, [0, 0, 0])])
    load_dice(s, [1])
    act(s, "slash", 0)
    act(s, "step", 6)    # attack then move
    assert not legal(s, "slash", 0)


def test_levelling_up_mid_combat():
    """Slain enemies' XP counts at once: Conan levels mid-battle, chooses two skills, and rolls
    one more die from the next round."""
    s = combat(loc=0, conan=(0, 2), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 1", 1, 2, [0, 0, 0]), ("Thug 2", 5, 5, [0, 0, 0])])
    conan_card(s, xp=28)
    act(s, "slash", 1)
    assert s.level == 1 and s.xp == 4 and s.decision() == "pick"
    choices = [i for i in s.legal_actions()]
    assert all(s.game.c["skills"][s.game.codec.decode(a)[1]].level == 1 for a in choices)
    s.apply_action(choices[0])
    s.apply_action(s.legal_actions()[0])
    assert len(s.skills) == 2 and s.decision() == "conan_turn"
    assert conan_view(s)["dice"] == 7 and conan_view(s)["base_move"] == 3


def test_fourth_round_fatigue_loss_solo_and_battle():
    s = combat(loc=0, conan=(0, 0), enemies=[("Thug 1", 7, 5, [0, 0, 0])], tracker=4)
    begin(s, "round_end")
    assert s.tracker == 1 and s.fatigue == 2
    b = combat("battle", loc=1, conan=(0, 0), enemies=[("Lion 1", 7, 5, [0, 0, 0])], tracker=4)
    hand = len(b.plot_hand)
    begin(b, "round_end")
    assert b.tracker == 1 and b.fatigue == 3 and len(b.plot_hand) == hand + 1


def test_rounds_advance_the_tracker():
    s = combat(loc=0, conan=(0, 0), enemies=[("Thug 1", 7, 5, [0, 0, 0])], tracker=2)
    begin(s, "round_end")
    assert s.tracker == 3 and s.fatigue == 4 and s.turn == 1


def test_wound_sends_rage_into_big_swing():
    """The last FATIGUE goes, WOUND shows: the marker moves, the track refills, and the RAGE token
    it displaces goes to the leftmost space of BIG SWING, pushing the rest right."""
    s = combat(loc=0, conan=(0, 0), fatigue=1, rows=[[], [], [], [], [6, 6]],
               enemies=[("Thug 1", 1, 1, [0, 0, 1])])
    begin(s, "yara_side")     # the Thug goes first this round
    assert s.decision() == "conan_turn"
    assert s.wounds == 1 and s.fatigue == 4
    assert s.rows[4] == [RAGE_TOKEN, 6, 6]
    assert 1 not in s.rage_track
    assert conan_view(s)["dice"] == 5 and conan_view(s)["base_move"] == 1


def test_healing_does_not_replace_rage():
    s = combat(loc=0, conan=(0, 0), fatigue=1, enemies=[("Thug 1", 1, 1, [0, 0, 1])],
               start_items=("Health Elixir",))
    act(s, "done")
    act(s, "item", 0)       # Health Elixir: heal 1
    assert s.wounds == 0 and 1 not in s.rage_track


def test_death_at_the_skull():
    s = combat(loc=0, conan=(0, 0), fatigue=1, enemies=[("Thug 1", 1, 1, [0, 0, 1])], wounds=4)
    act(s, "done")
    assert s.is_terminal() and s.returns() == [-1.0]
