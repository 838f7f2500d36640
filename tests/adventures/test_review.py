"""Rules found in the review against the rulebook: "Set a die" (Glossary, Fate Tokens) and
divergences fixed later; see docs/rulings/adventures.md."""
import numpy as np

from conan_envs.adventures import dicepool as dp
from conan_envs.adventures.content import content

from .helpers import FixedDice, act, face, game, halted, play_until, run_tasks, set_dice

C = content()


def test_set_a_die_keeps_one_result_for_the_main_phase(monkeypatch):
    s = game(2, plot="The Black Ring").new_initial_state(0)
    play_until(s, lambda s: s.dec is not None and s.dec["k"] == "plot")
    set_dice(s, 0, ["warrior", "move", "wild", "char"], zone=dp.ASIDE)
    s.zone[0][3] = dp.FAILED
    run_tasks(s, ["reward", 0, ["set_die"]])
    assert s.dec["k"] == "set_die" and s.dec["p"] == 0 and s.dec["opts"] == [0, 1, 2, 3]
    s.apply_action(act("die", 2))
    assert halted(s) and s.held[0] == 2
    # the next Reset rolls every other die (three for Conan, four for the Foe), not the set one
    FixedDice(monkeypatch, ["thief", "thief", "thief"], ["move"] * len(s.zone[1]))
    run_tasks(s, ["main_phase"])
    assert s.face[0] == [face("thief"), face("thief"), face("wild"), face("thief")]
    assert s.zone[0] == [dp.ACTIVE] * 4 and s.held[0] == -1


def test_set_a_die_with_one_rolled_die_needs_no_choice():
    s = game(2).new_initial_state(0)
    play_until(s, lambda s: s.dec is not None and s.dec["k"] == "plot")
    set_dice(s, 1, ["scry", "char"], zone=dp.WOUND)
    s.zone[1][0] = dp.ASIDE
    run_tasks(s, ["reward", 1, ["set_die"]])
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
            if s.dec["k"] == "set_die":
                seen += 1
                legal = np.flatnonzero(s.legal_action_mask())
                a = int(legal[rng.integers(legal.size)])
                p, d = s.dec["p"], a - act("die", 0)
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
    from .helpers import K, at_main, clear_board, no_tokens, token_of_kind
    s = at_main(game(2).new_initial_state(3), 1)
    clear_board(s)
    no_tokens(s, 1)
    s.loc[0], s.loc[1] = K["Cimmeria"], K["Stygia"]
    src = K["Zamora"]
    s.ct_board[src] = token_of_kind(s, "gold", 2)
    s.gold[1] = 1
    set_dice(s, 1, ["scry", "char"])
    _scried(s, 1)
    assert s.dec["k"] == "scry_move"
    mask = s.legal_action_mask()
    assert mask[act("yes")] and mask[act("slot", 1)] and not mask[act("slot", 2)]
    s.apply_action(act("slot", 1))
    assert s.gold[1] == 0 and s.dec["k"] == "ct_source" and src in s.dec["opts"]
    s.apply_action(act("kingdom", src))
    dest = s.dec["opts"][0]
    s.apply_action(act("kingdom", dest))
    assert s.ct_board[src] == -1 and s.ct_board[dest] >= 0


def test_scry_movement_lets_conan_move_a_fate_token_even_from_a_vast_kingdom():
    from .helpers import K, at_main, clear_board, no_tokens
    s = at_main(game(2).new_initial_state(3), 0)
    clear_board(s)
    no_tokens(s, 0)
    s.loc[0], s.loc[1] = K["Hyperborea"], K["Stygia"]
    s.fate_board[K["Zamora"]][2] = 1
    s.gold[0] = 1
    set_dice(s, 0, ["scry", "char"])
    _scried(s, 0)
    mask = s.legal_action_mask()
    assert not mask[act("yes")] and mask[act("slot", 2)] and not mask[act("slot", 1)]
    s.apply_action(act("slot", 2))
    assert s.dec["k"] in ("fate_source", "fate_dest")
    if s.dec["k"] == "fate_source":
        s.apply_action(act("kingdom", K["Zamora"]))
    dest = next(x for x in s.dec["opts"] if x not in (s.loc[0], s.loc[1]))
    s.apply_action(act("kingdom", dest))
    assert s.fate_board[K["Zamora"]][2] == 0 and s.fate_board[dest][2] == 1 and s.gold[0] == 0


def _reveal_kingdom_token(seed=3):
    from .helpers import K, at_main, clear_board, die_act, no_tokens, token_of_kind
    s = at_main(game(2).new_initial_state(seed), 0)
    clear_board(s)
    no_tokens(s, 0)
    s.loc[0], s.loc[1] = K["Zamora"], K["Stygia"]
    t = token_of_kind(s, "kingdom")
    s.ct_board[K["Turan"]] = t
    set_dice(s, 0, ["move", "char"])
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Turan"]))
    return s, t


def test_a_kingdom_token_may_be_used_when_revealed():
    """Glossary, Kingdom: "When revealed (or when used later), that player may trigger that
    Kingdom's effect or roll that Kingdom's die"."""
    s, t = _reveal_kingdom_token()
    assert s.dec["k"] == "kingdom_token" and s.dec["p"] == 0 and t in s.ct_card[0]
    mask = s.legal_action_mask()
    assert mask[act("done")] and mask[act("slot", 1)]
    s.log_kdie = []
    s.apply_action(act("slot", 1))  # roll the local dice: Turan is Savage and Port
    assert t not in s.ct_card[0] and t in s.ct_discard
    assert [r[:2] for r in s.log_kdie] == [[0, 0], [0, 1]]


def test_a_kingdom_token_not_used_when_revealed_stays_for_later():
    s, t = _reveal_kingdom_token()
    s.apply_action(act("done"))
    assert t in s.ct_card[0] and s.dec["k"] == "main_post"
    assert s.legal_action_mask()[act("use_kingdom_token")]
