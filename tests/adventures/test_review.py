"""Rules found in the review against the rulebook: "Set a die" (Glossary, Fate Tokens) and
divergences fixed later; see docs/rulings/adventures.md."""
import numpy as np

from conan_envs.adventures import dicepool as dp
from conan_envs.adventures import position as P
from conan_envs.adventures import steps as S
from conan_envs.adventures.content import FATE_KINDS, content

from .helpers import FixedDice, act, face, game, halted, play_until, run_tasks, set_dice

C = content()


def test_set_a_die_keeps_one_result_for_the_main_phase(monkeypatch):
    s = game(2, plot="The Black Ring").new_initial_state(0)
    play_until(s, lambda s: not s.over and s.frame().key == "plot")
    set_dice(s, 0, ["warrior", "move", "wild", "char"], zone=dp.ASIDE)
    P.move_die(s, 0, 3, dp.FAILED)
    run_tasks(s, S.Reward(0, ("set_die",)))
    assert s.frame().key == "set_die" and s.frame().actor == 0 and s.frame().opts == (0, 1, 2, 3)
    s.apply_action(act("die", 2))
    assert halted(s) and s.held[0] == 2
    # the next Reset rolls every other die (three for Conan, four for the Foe), not the set one
    FixedDice(monkeypatch, ["thief", "thief", "thief"], ["move"] * len(s.zone[1]))
    run_tasks(s, S.MAIN_PHASE)
    assert s.face[0] == [face("thief"), face("thief"), face("wild"), face("thief")]
    assert s.zone[0] == [dp.ACTIVE] * 4 and s.held[0] == -1


def test_set_a_die_with_one_rolled_die_needs_no_choice():
    s = game(2).new_initial_state(0)
    play_until(s, lambda s: not s.over and s.frame().key == "plot")
    set_dice(s, 1, ["scry", "char"], zone=dp.WOUND)
    P.move_die(s, 1, 0, dp.ASIDE)
    run_tasks(s, S.Reward(1, ("set_die",)))
    assert halted(s) and s.held[1] == 0


def test_set_a_die_is_a_plot_reward_of_designed_plots_and_is_played():
    assert any("set_die" in r for p in C.plots for r in p["rewards"].values())
    assert not any("set_die" in r for p in C.plots if p["plot"] == "Test of Skill"
                   for r in p["rewards"].values())
    g = game(3, plot="The Black Ring")
    seen = 0
    for seed in range(12):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        held = None
        while not s.is_terminal() and not s.is_truncated():
            if s.frame().key == "set_die":
                seen += 1
                legal = np.flatnonzero(s.legal_action_mask())
                a = int(legal[rng.integers(legal.size)])
                p, d = s.frame().actor, a - act("die", 0)
                s.apply_action(a)
                held = (p, d, s.face[p][d])
                continue
            if held is not None and s.phase == "main":
                p, d, f = held
                assert s.face[p][d] == f and s.held[p] == -1
                held = None
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(legal.size)]))
    assert seen > 0


def _scried(s, p):
    """p spends its Scry die on the first target offered."""
    from .helpers import die_act
    s.apply_action(die_act(0, "scry"))
    mask = s.legal_action_mask()
    s.apply_action(int(np.flatnonzero(mask)[0]))


def test_scry_movement_can_move_a_challenge_token_for_a_foe():
    """Scry: "optionally pay 1 Gold to perform a Movement action. This is a normal Movement
    action and can be used in any way that Character executes a Movement action"."""
    from .helpers import K, at_main, clear_board, no_tokens, take_token
    s = at_main(game(2).new_initial_state(3), 1)
    clear_board(s)
    no_tokens(s, 1)
    P.place(s, {0: "Cimmeria", 1: "Stygia"})
    src = K["Zamora"]
    P.put_token(s, src, take_token(s, "gold", 2))
    P.give(s, 1, gold=1)
    set_dice(s, 1, ["scry", "char"])
    _scried(s, 1)
    assert s.frame().key == "scry_move"
    mask = s.legal_action_mask()
    assert mask[act("yes")] and mask[act("slot", 1)] and not mask[act("slot", 2)]
    s.apply_action(act("slot", 1))
    assert s.gold[1] == 0 and s.frame().key == "ct_source" and src in s.frame().opts
    s.apply_action(act("kingdom", src))
    dest = s.frame().opts[0]
    s.apply_action(act("kingdom", dest))
    assert s.ct_board[src] == -1 and s.ct_board[dest] >= 0


def test_scry_movement_lets_conan_move_a_fate_token_even_from_a_vast_kingdom():
    from .helpers import K, at_main, clear_board, no_tokens
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Hyperborea", 1: "Stygia"})
    P.put_fate(s, "Zamora", FATE_KINDS[2])
    P.give(s, 0, gold=1)
    set_dice(s, 0, ["scry", "char"])
    _scried(s, 0)
    mask = s.legal_action_mask()
    assert not mask[act("yes")] and mask[act("slot", 2)] and not mask[act("slot", 1)]
    s.apply_action(act("slot", 2))
    assert s.frame().key in ("fate_source", "fate_dest")
    if s.frame().key == "fate_source":
        s.apply_action(act("kingdom", K["Zamora"]))
    dest = next(x for x in s.frame().opts if x not in (s.loc[0], s.loc[1]))
    s.apply_action(act("kingdom", dest))
    assert s.fate_board[K["Zamora"]][2] == 0 and s.fate_board[dest][2] == 1 and s.gold[0] == 0


def _reveal_kingdom_token(seed=3):
    from .helpers import K, at_main, clear_board, die_act, no_tokens, take_token
    s = at_main(game(2).new_initial_state(seed), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Zamora", 1: "Stygia"})
    t = take_token(s, "kingdom")
    P.put_token(s, "Turan", t)
    set_dice(s, 0, ["move", "char"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Turan"]))
    return s, t


def test_a_kingdom_token_may_be_used_when_revealed():
    """Glossary, Kingdom: "When revealed (or when used later), that player may trigger that
    Kingdom's effect or roll that Kingdom's die"."""
    s, t = _reveal_kingdom_token()
    assert s.frame().key == "kingdom_token" and s.frame().actor == 0 and t in s.ct_card[0]
    mask = s.legal_action_mask()
    assert mask[act("done")] and mask[act("slot", 1)]
    P.forget_kingdom_rolls(s)
    s.apply_action(act("slot", 1))  # roll the local dice: Turan is Savage and Port
    assert t not in s.ct_card[0] and t in s.ct_discard
    assert [r[:2] for r in s.log_kdie] == [[0, 0], [0, 1]]


def test_a_kingdom_token_not_used_when_revealed_stays_for_later():
    s, t = _reveal_kingdom_token()
    s.apply_action(act("done"))
    assert t in s.ct_card[0] and s.frame().key == "main_post"
    assert s.legal_action_mask()[act("use_kingdom_token")]


# ---- rules the review found implemented but untested --------------------------------------
def test_event_fate_tokens_go_to_conan_or_a_foe_there_never_the_ally():
    from .helpers import at_main, clear_board
    s = at_main(game(3).new_initial_state(3), 0)
    clear_board(s)
    e = next(i for i, ev in enumerate(C.events) if len({k for k, _ in C.event_fate[i]}) >= 2)
    k1 = C.event_fate[e][0][0]
    k2 = next(k for k, _ in C.event_fate[e] if k != k1)
    P.place(s, {1: k1, 0: k2})  # a Foe in one listed kingdom, Conan (and the Ally) in another
    fate = [list(x) for x in s.fate]
    P.event_on_top(s, e)
    run_tasks(s, S.EVENT)
    for p, k in ((1, k1), (0, k2)):
        for f in range(8):
            expected = sum(1 for kk, ff in C.event_fate[e] if kk == k and ff == f)
            assert s.fate[p][f] - fate[p][f] == expected and s.fate_board[k][f] == 0
    assert s.fate[2] == fate[2]  # the Ally gains none


def test_trade_gives_a_held_fate_token_for_another_from_the_supply():
    from .helpers import at_main, die_act, no_tokens
    s = at_main(game(2).new_initial_state(3), 0)
    no_tokens(s, 0)
    P.give(s, 0, fate=[0, 0, 0, 0, 0, 1, 0, 0])  # a Thief token, from the supply
    set_dice(s, 0, ["trade", "char"])
    s.apply_action(die_act(0, "trade fate token"))
    assert s.frame().key == "pick_fate" and s.frame().opts == (5,)
    s.apply_action(act("fate", 5))
    assert s.frame().key == "pick_fate" and 5 not in s.frame().opts
    s.apply_action(act("fate", 1))  # for a Warrior token
    assert s.fate[0] == [0, 1, 0, 0, 0, 0, 0, 0] and s.fate_supply[5] == 4


def test_a_fate_token_conan_moves_onto_a_foe_goes_to_that_foe():
    from .helpers import K, at_main, clear_board, die_act, no_tokens
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Cimmeria", 1: "Turan"})
    src = next(k for k in C.adj[K["Turan"]] if k not in (K["Cimmeria"],))
    P.put_fate(s, src, FATE_KINDS[3])
    set_dice(s, 0, ["move", "char"])
    before = s.fate[1][3]
    s.apply_action(die_act(0, "move fate token"))
    if s.frame().key == "fate_source":
        s.apply_action(act("kingdom", src))
    s.apply_action(act("kingdom", K["Turan"]))
    assert s.fate[1][3] == before + 1 and s.fate_board[K["Turan"]][3] == 0


def test_sail_goes_from_one_pirate_kingdom_to_any_other():
    from .helpers import K, at_main, clear_board, die_act, no_tokens
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0)
    P.place(s, {0: "Zingara", 1: "Stygia"})
    set_dice(s, 0, ["pirate", "char"])
    s.apply_action(die_act(0, "sail"))
    assert s.frame().key == "move_to" and set(s.frame().opts) == set(C.pirate_kingdoms) - {K["Zingara"]}


def test_ishtar_rerolls_one_die_and_returns_to_the_supply(monkeypatch):
    from conan_envs.adventures.content import ISHTAR

    from .helpers import at_main, no_tokens
    s = at_main(game(2).new_initial_state(3), 0)
    no_tokens(s, 0)
    P.give(s, 0, gods=[ISHTAR])  # taken from the supply
    set_dice(s, 0, ["char", "char"])
    FixedDice(monkeypatch, ["wild"])
    s.apply_action(act("ishtar_die", 1))
    assert s.face[0] == [face("char"), face("wild")] and s.gods[0] == [] and s.god_supply[ISHTAR]
