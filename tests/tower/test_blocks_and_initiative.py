"""Taking Them Down in Battle Mode: Yara chooses which of her minions' dice block Conan's wounds
and tokens (solo enemies block automatically); Battle abilities and POISON in solo play."""
import dataclasses

import numpy as np

from conan_envs.tower.content import SLASH
from conan_envs.tower.positions import begin, dice_position, enemy_card, load_dice, plot_hand

from .helpers import act, acting, combat, fresh, legal, sq


def test_yara_chooses_to_block_a_wound_with_a_block_die():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 1", 4, 5, [1, 0, 1])])
    act(s, "slash", 1)                          # two 5s: one wound, no roll
    assert s.decision() == "yara_block" and s.current_player() == 1
    assert legal(s, "minion_block", 0) and not legal(s, "minion_block", 2) and legal(s, "done")
    act(s, "minion_block", 0)
    assert s.enemies[0].wounds == 0 and s.enemies[0].dice == [0, 0, 1]
    assert s.decision() == "conan_turn" and s.current_player() == 0


def test_yara_may_keep_her_dice_and_let_the_wound_land():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 1", 4, 5, [1, 0, 1]), ("Thug 2", 7, 0, [0, 0, 0])])
    act(s, "slash", 1)
    act(s, "done")
    assert not s.enemies[0].alive and s.xp == 6 and s.decision() == "conan_turn"


def test_a_riposte_die_blocks_and_strikes_back_when_yara_chooses_it():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Zamoran Elite Guard 1", 4, 5, [1, 1, 0])])
    act(s, "slash", 2)                          # three 5s: 2 wounds
    assert legal(s, "minion_block", 0) and legal(s, "minion_block", 1)
    act(s, "minion_block", 1)                   # the riposte die blocks one wound...
    assert s.decision() == "yara_block" and s.frame().attack.blows[0].left == 1
    act(s, "minion_block", 0)                   # ...the BLOCK die the other
    assert s.enemies[0].wounds == 0
    assert s.fatigue == 3                       # Conan has no block: the riposte hit lands


def test_the_choice_ends_when_no_die_can_block_any_more():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Zamoran Elite Guard 1", 4, 5, [1, 0, 1])])
    act(s, "slash", 2)
    act(s, "minion_block", 0)                   # one wound blocked, no other die can block
    assert s.decision() == "conan_turn" and s.enemies[0].wounds == 1


def test_against_conans_riposte_only_block_dice_are_offered():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [4, 4, 4], [], []],
               enemies=[("Zamoran Elite Guard 1", 4, 5, [1, 1, 1])])
    begin(s, "yara_side")
    act(s, "activate", 0)
    act(s, "attack")                            # the sword: 1 hit
    assert s.decision() == "defend"
    act(s, "riposte", 2)                        # RIPOSTE 3: block 1 hit, wound the enemy
    assert s.decision() == "yara_block"
    assert legal(s, "minion_block", 0) and not legal(s, "minion_block", 1)
    act(s, "done")
    assert s.enemies[0].wounds == 1 and s.fatigue == 4


def test_tokens_are_blocked_by_block_dice_only_and_yara_decides():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5, 5], []],
               enemies=[("Zamoran Elite Guard 1", 4, 5, [1, 1, 0])])
    act(s, "slash_stun")
    assert s.decision() == "yara_block" and s.frame().attack.blows[0].token == "S"
    assert legal(s, "minion_block", 0) and not legal(s, "minion_block", 1)
    act(s, "done")
    assert s.enemies[0].tokens == ["S"] and acting(s.view(0)["enemies"][0]) == "STUNNED"


def test_a_stunned_minion_uses_no_dice_so_yara_is_not_asked():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 1", 4, 5, [1, 0, 0]), ("Thug 2", 7, 0, [0, 0, 0])])
    enemy_card(s, 0, tokens=["S"])
    act(s, "slash", 1)
    assert s.decision() == "conan_turn" and not s.enemies[0].alive


def test_height_advantage_and_free_blocks_still_come_first_without_asking():
    # the Thug stands on height-advantage terrain (1, 1) and Conan below it: one wound is
    # cancelled by the height, the other by the free block; the BLOCK die is never offered
    s = combat("battle", loc=4, conan=(1, 2), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Thug 1", 1, 1, [1, 0, 0])])
    enemy_card(s, 0, free_blocks=1)
    act(s, "slash", 2)
    assert s.decision() == "conan_turn" and s.enemies[0].wounds == 0 and s.enemies[0].dice == [1, 0, 0]


def test_solo_enemies_block_automatically():
    s = combat("solo", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Zamoran Elite Guard 1", 4, 5, [1, 1, 0])])
    act(s, "slash", 2)
    assert s.decision() in ("conan_turn", "defend")
    assert s.enemies[0].wounds == 0 and s.enemies[0].dice == [0, 0, 0]   # riposte then BLOCK


def test_the_blow_being_blocked_shows_in_the_observation():
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Thug 1", 4, 5, [1, 0, 1])])
    act(s, "slash", 2)
    seen = s.observation(1)
    t = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Thug 1", 4, 5, [2, 0, 1])])
    act(t, "slash", 2)
    act(t, "minion_block", 0)                   # one wound left to block instead of two
    assert t.decision() == s.decision() == "yara_block" and t.enemies[0].dice == s.enemies[0].dice
    assert (t.frame().attack.blows[0].left, s.frame().attack.blows[0].left) == (1, 2)
    assert not np.array_equal(seen, t.observation(1))
    assert not np.array_equal(s.observation(0), t.observation(0))   # public: Conan sees it too


def test_scatter_powder_on_minions_lets_yara_block_the_stun():
    s = combat("battle", loc=4, conan=(2, 5), rows=[[], [], [], [], []],
               enemies=[("Thug 1", 4, 2, [1, 0, 0]), ("Thug 2", 7, 0, [0, 0, 0])],
               start_items=("Black Lotus Powder",))
    act(s, "item", 1)
    load_dice(s, [5])                           # 5: the powder lands on the target square
    act(s, "square", sq(4, 2))
    assert s.decision() == "yara_block" and s.frame().attack.blows[0].token == "S"
    act(s, "minion_block", 0)                   # the BLOCK die stops the STUNNED token
    assert s.enemies[0].tokens == [] and not s.enemies[0].alive   # the wound lands: slain
    assert s.decision() == "conan_turn"


# ---- skipping the Initiative Deck (Resolve Initiative) -------------------------------------------
def to_initiative(s, rounds=0, card=None):
    begin(s, "initiative", rounds, card)


def test_a_location_can_give_conan_the_first_swing_every_round():
    for mode in ("solo", "battle"):
        s = combat(mode, loc=1, conan=(0, 5), enemies=[("Lion 1", 7, 0, [0, 0, 0])])
        for rounds in (0, 1, 2):
            deck = list(s.init_deck)
            token = s.init_token
            to_initiative(s, rounds)
            assert s.first_side == 0 and s.decision() == "conan_turn"
            assert s.init_deck == deck and s.init_token == token and s.move_bonus == 0


def test_a_location_can_give_yaras_side_the_first_swing_every_round():
    s = combat("battle", loc=4, conan=(0, 5), enemies=[("Thug 1", 7, 0, [0, 0, 0])])
    g = s.game
    locs = list(g.c["locations"])
    locs[4] = dataclasses.replace(locs[4], first_swing=1)
    g.c = dict(g.c, locations=tuple(locs))
    for rounds in (0, 1):
        deck = list(s.init_deck)
        to_initiative(s, rounds)
        assert s.first_side == 1 and s.decision() == "yara_turn" and s.init_deck == deck


def test_the_guard_chamber_gives_yara_the_initiative_token():
    s = combat("solo", loc=4, conan=(0, 5), enemies=[("Thug 1", 7, 0, [0, 0, 0])])
    assert s.init_token == 1 and s.game.c["locations"][4].token == 1
    to_initiative(s, card="Fleet of Foot")
    assert s.first_side == 1 and s.move_bonus == 2 and s.init_token == 0
    b = combat("battle", loc=4, conan=(0, 5), enemies=[("Thug 1", 7, 0, [0, 0, 0])])
    to_initiative(b)
    assert b.decision() == "yara_initiative" and b.current_player() == 1 and b.init_token == 0
    assert fresh("solo", 3).init_token == 0     # elsewhere Conan holds it


def test_climb_unseen_gives_conan_the_first_round_only():
    s = dice_position(fresh("solo", 2), rows=[[], [], [], [5], []])
    act(s, "done")
    assert s.decision() == "test" and s.init_token == 0
    deck = len(s.init_deck)
    act(s, "pay", SLASH)                        # Climb Unseen passed: the first round is Conan's
    assert s.conan_first and s.decision() == "conan_turn"
    assert s.first_side == 0 and len(s.init_deck) == deck and s.init_token == 0
    to_initiative(s, 1)
    assert s.decision() == "initiative" and s.init_token == 1


# ---- the Maul's printed Battle Mode instructions --------------------------------------------------
def test_yara_plays_no_cards_at_the_maul_but_may_elsewhere():
    for loc, allowed in ((0, False), (4, True)):
        s = combat("battle", loc=loc, conan=(0, 5), enemies=[("Thug 1", 7, 0, [0, 0, 0])])
        plot_hand(s, [0, 1])
        begin(s, "yara_side")
        assert s.decision() == "yara_turn"
        assert legal(s, "plot", 0) == allowed and legal(s, "plot", 1) == allowed


def test_at_the_maul_yara_may_put_the_third_card_on_the_bottom():
    s = fresh("battle", 0, seed=4)
    act(s, "done")
    while s.decision() == "yara_dice":
        act(s, "done")
    card = s.drawn[1]
    act(s, "put_bottom", card)
    assert s.plot_deck[0] == card and len(s.plot_hand) == 2 and s.plot_known == "bottom"
    assert sorted(s.plot_hand + s.plot_deck) == sorted(s.game.c["plot_deck"])


# ---- Battle abilities and POISON in solo play ------------------------------------------------------
def test_solo_lions_never_maim():
    s = combat("solo", loc=1, conan=(0, 5), rows=[[], [], [], [], []],
               enemies=[("Lion 1", 1, 5, [2, 0, 0])])
    act(s, "done")                              # Conan ends his side; the Lion acts
    assert s.ctok == [] and s.fatigue == 4
    assert not any("Lion 1 uses" in e or "Lion 1 moves" in e for e in s.log_for(0))


def test_no_effect_puts_poison_on_a_minion():
    """POISON is resolved from a FATIGUE track (Tokens), which only Conan has: every source of
    POISON strikes Conan."""
    c = fresh("battle", 0).game.c
    venom = [k for k in c["kinds"].values() if any(r.kind == "venom" for r in k.rows)]
    assert [k.key for k in venom] == ["spider"]
    for L in c["locations"]:
        for t in L.tests:
            for eff in t.on_pass + t.on_fail:
                assert eff[0] != "enemy_token" or eff[1] in ("S", "R")
    for it in c["items"]:
        assert "P" not in it.effect
    s = combat("solo", loc=6, conan=(3, 5), rows=[[], [], [], [], []],
               enemies=[("Giant Spider 1", 3, 4, [0, 0, 1])])
    act(s, "done")                              # the venom die: POISON on Conan, which
    assert s.poison == [1] and s.fatigue == 3   # takes its first FATIGUE as the next round rolls
    assert all(e.tokens == [] for e in s.enemies)


# ---- the 23 enemy cards on the board -------------------------------------------------------------
def test_every_enemy_card_stands_in_exactly_one_location():
    c = fresh("solo", 0).game.c
    placed = [card for L in c["locations"] for card, _ in L.enemies]
    assert sorted(placed) == list(range(24))    # the 23 enemy cards and Yara, once each
    assert len(placed) + 1 == 25                # with Conan: the 25 standees
    for L in c["locations"]:
        squares = [q for _, q in L.enemies] + [L.conan]
        assert len(set(squares)) == len(squares)
        assert not any(L.grid.blocked[q] for q in squares)


def test_tokens_from_a_location_event_are_blocked_by_yaras_choice():
    """Catch the Guards Unawares (designed): every guard gains RATTLED unless it blocks it."""
    s = dice_position(fresh("battle", 4, seed=1), rows=[[], [], [], [5], []])
    act(s, "done")
    while s.decision() == "yara_dice":
        act(s, "done")
    assert s.decision() == "test"
    for i, e in enumerate(s.enemies):
        enemy_card(s, i, dice=[1] + [0] * (len(e.dice) - 1))   # one BLOCK die each
    act(s, "pay", 3)
    assert s.decision() == "yara_block" and s.frame().attack.blows[0].target == 0
    act(s, "minion_block", 0)                   # the Captain blocks it
    assert s.decision() == "yara_block" and s.frame().attack.blows[0].target == 1
    act(s, "done")                              # the Elite takes it
    act(s, "minion_block", 0)                   # the Spearman blocks it
    assert [e.tokens for e in s.enemies] == [[], ["R"], []]
    assert s.decision() not in ("yara_block", "test")


def test_a_copy_blocking_the_blow_leaves_the_original_attack_as_it_was():
    # "For each wound Conan delivers, the target can block." (Taking Them Down): the attack
    # waiting on Yara's choice rides on its frame, which copies of the state share; a block
    # played on a copy must not reach the original's attack.
    s = combat("battle", loc=4, conan=(3, 5), rows=[[], [], [], [5, 5, 5], []],
               enemies=[("Thug 1", 4, 5, [2, 0, 1])])
    act(s, "slash", 2)                          # two wounds, both blockable
    before = s.view(1)["attack"]
    t = s.clone()
    act(t, "minion_block", 0)
    assert t.frame().attack.blows[0].left == 1 and t.enemies[0].dice == [1, 0, 1]
    assert s.frame().attack.blows[0].left == 2 and s.enemies[0].dice == [2, 0, 1]
    assert s.view(1)["attack"] == before and s.decision() == "yara_block"
    act(s, "done")                              # the original lets both wounds land
    assert not s.enemies[0].alive and t.enemies[0].alive
