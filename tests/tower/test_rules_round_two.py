"""Issue 14 (rules, round two) for tower_v2: each fix, with the rulebook sentence it enforces.
Positions come from the test position builder (helpers.combat) and public moves."""
import conan_envs
from conan_envs.tower.grid import dist
from conan_envs.tower.positions import load_dice

from .helpers import act, acting, combat, conan_view, fresh, legal, sq

ELITE = "Zamoran Elite Guard 1"


def test_solo_elite_bow_spends_all_its_dice():
    """Elite Guard card: BOW "replaces all moves and actions for this round" - its dice are
    spent, so it neither blocks nor ripostes afterwards."""
    s = combat(loc=4, conan=(3, 5), rows=[[], [3], [4], [], []],
               enemies=[(ELITE, 0, 2, [1, 1, 1])])
    act(s, "done")
    assert s.decision() == "defend" and s.pending.hits == 2
    assert s.enemies[0].dice == [0, 0, 0]


def test_a_riposte_does_not_reach_a_bowman_three_squares_away():
    """The Slots in Detail, RIPOSTE: "striking back at the enemy you are blocking" - a sword
    stroke: the bowman at range 3 cannot be struck; BLOCK still cancels his hits."""
    s = combat(loc=4, conan=(3, 5), rows=[[], [3], [4], [], []],
               enemies=[(ELITE, 0, 2, [0, 0, 0])])
    act(s, "done")
    assert s.decision() == "defend" and dist(s.pos, s.enemies[0].square) == 3
    assert not legal(s, "riposte", 0) and legal(s, "block", 0)


def test_enemies_lose_dice_to_wounds():
    """Dice Phase: "Every character ... from Yara's lions to Conan himself, has Action Dice ...
    Dice lost to wounds, however, are lost permanently." A wounded Elite (3 dice, 1 wound)
    rolls 2 dice the next round (solo: the automatic die and one rolled)."""
    s = combat(loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
               enemies=[(ELITE, 4, 5, [0, 0, 0]), ("Thug 1", 0, 0, [0, 0, 0])])
    act(s, "slash", 1)                          # two 5s: one wound, no roll
    assert s.enemies[0].wounds == 1 and s.enemies[0].alive
    act(s, "done")                              # the enemies act, the round ends
    while s.decision() in ("defend", "reserve"):
        act(s, "done")
    assert s.decision() == "dice"
    act(s, "done")                              # Conan ends his Dice Phase: the minions roll
    rolls = [e for e in s.log_for(0) if " rolls " in e and "dice:" in e]
    assert rolls[-2].startswith(f"{ELITE} rolls 2 dice") and rolls[-1].startswith("Thug 1 rolls 2 dice")


def test_after_moving_and_attacking_conan_may_step_into_the_slain_enemys_square_and_leap_on():
    """Conflict Begins: after a kill "3. Conan MAY step into the space the enemy occupied.
    4. Conan may then continue moving ... using any LEAPS available" - whether or not he moved
    before attacking."""
    s = combat(loc=4, conan=(3, 5), rows=[[1], [], [], [5, 5], []],
               enemies=[("Thug 1", 5, 5, [0, 0, 0]), ("Thug 2", 0, 0, [0, 0, 0])])
    act(s, "step", 2)                           # east, next to Thug 1
    act(s, "slash", 1)                          # moved, then attacked: Thug 1 slain
    assert not s.enemies[0].alive
    assert legal(s, "enter") and not legal(s, "step", 2)
    act(s, "enter")
    assert s.pos == sq(5, 5) and legal(s, "leap", 0)
    act(s, "leap", 0)
    assert s.move_left == 2 and legal(s, "step", 2)


def test_a_stunned_conan_still_uses_skills_and_items():
    """Tokens, STUNNED!: "Take no move actions and use no action dice this round ... Skills,
    plots, and items can still be used." """
    game = conan_envs.make_game("tower_v2")
    skills = [sk.name for sk in game.c["skills"]]
    s = combat(loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 1", 4, 5, [0, 0, 0]), ("Thug 2", 0, 0, [0, 0, 0])],
               skills=(skills.index("Pommel Strike"),), start_items=("Throwing Knives",),
               conan_tokens=("S",))
    assert acting(conan_view(s)) == "STUNNED"
    assert not legal(s, "slash", 1) and not legal(s, "step", 0)   # no dice, no moves
    assert legal(s, "skill", skills.index("Pommel Strike"))
    knives = [i.name for i in game.c["items"]].index("Throwing Knives")
    assert legal(s, "item", knives)


def test_conan_may_block_the_black_lotus_powder():
    """Tokens: "Tokens may be blocked with a BLOCK action, just like a normal attack." The
    powder landing on Conan's own square deals him STUNNED and a hit; he chooses which his
    one BLOCK die cancels."""
    s = combat(loc=4, conan=(1, 5), rows=[[], [3], [], [], []],
               enemies=[("Thug 1", 3, 3, [0, 0, 0])], start_items=("Black Lotus Powder",))
    act(s, "item", 1)
    load_dice(s, [5])                        # 5: lands on the target square
    act(s, "square", sq(1, 5))
    assert s.decision() == "defend" and s.pending.hits == 1 and s.pending.tokens == ["S"]
    assert legal(s, "block", 0) and legal(s, "block", 1)
    act(s, "block", 1)                           # block the STUNNED token, take the hit
    assert s.ctok == [] and s.fatigue == 3


def test_block_chooses_between_a_hit_and_a_token():
    """Tokens may be blocked "just like a normal attack": with a hit and a POISON token
    pending, Conan's BLOCK die cancels whichever he chooses."""
    s = combat(loc=6, conan=(3, 4), rows=[[], [3], [], [], []],
               enemies=[("Giant Spider 1", 3, 3, [0, 1, 1])])
    act(s, "done")
    assert s.pending.hits == 1 and s.pending.tokens == ["P"]
    assert legal(s, "block", 0) and legal(s, "block", 3)
    act(s, "block", 3)
    assert s.poison == [] and s.fatigue == 3


def test_taurus_can_reach_the_lions_from_conans_start():
    """Designed Taurus (throwing from the garden wall): any square, so the powder can reach
    the Lions, who stand 5 and more squares from Conan's start."""
    s = fresh("solo", 1, seed=0)
    while s.decision() != "taurus":
        s.apply_action(s.legal_actions()[-1] if s.decision() == "dice" else s.legal_actions()[0])
    for e in s.enemies:
        assert dist(s.pos, e.square) > 3 and legal(s, "square", e.square)


def test_designed_content_fills_the_printed_numbering_and_has_a_five_dice_threat():
    """Dice Phase: "there are greater threats that hold five or more" dice; the printed ITEM 15
    and PLOT 09 imply fifteen item and nine Plot kinds."""
    c = conan_envs.make_game("tower_v2").c
    assert max(k.dice for k in c["kinds"].values()) >= 5
    assert sorted(int(i.id.split()[1]) for i in c["items"]) == list(range(1, 16))
    assert sorted(int(p.id.split()[1]) for p in c["plots"]) == list(range(1, 10))
