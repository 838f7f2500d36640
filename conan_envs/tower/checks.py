"""Checks on a saved Tower state read back from JSON (the saves contract): every field's range,
size and tie to the others, so that a forged or edited save is refused with the field named
instead of playing other rules or looping."""
from __future__ import annotations

from conan_envs.engine import CorruptStateError

from .attack_frames import MAX_PENDING
from .content import ROW_LEN
from .enemy import Incoming
from .fields import TowerFields
from .grid import CELLS
from .yara_decisions import Minion

TOKENS = ("S", "R")


def _need(ok, field, why="out of range"):
    if not ok:
        raise CorruptStateError(f"saved tower_v2 state: field {field}: {why}")


def _ints(xs, lo, hi, field):
    _need(isinstance(xs, list) and all(type(x) is int and lo <= x <= hi for x in xs), field)


def check_tower_state(s: TowerFields) -> None:
    g = s.game
    c = g.c
    cc = c["conan"]
    _need(0 <= s.loc < len(c["locations"]), "loc")
    _need(s.discard_due == s._must_discard(), "discard_due", "does not match the large items carried")
    _need(s.winner in (None, "conan", "yara"), "winner")
    _need(0 <= s.level <= cc["max_level"], "level")
    _need(0 <= s.xp < cc["xp_per_level"], "xp")
    _need(1 <= s.fatigue <= cc["fatigue"], "fatigue")
    _need(0 <= s.wounds <= cc["death_wounds"], "wounds")
    _need(s.wounds < cc["death_wounds"] or s.winner == "yara", "wounds", "Conan is dead but the game goes on")
    _need(0 <= s.rage_pool <= 30, "rage_pool")
    track, printed = s.rage_track, list(cc["rage_on_wounds"])
    _need(isinstance(track, list) and track == printed[len(printed) - len(track):]
          and all(w > s.wounds for w in track), "rage_track",
          "not the RAGE tokens left beyond the wounds taken")
    _need(len(s.rows) == 5, "rows")
    for r, row in enumerate(s.rows):
        _ints(row, 1, 8, f"rows[{r}]")
        _need(len(row) <= ROW_LEN, f"rows[{r}]", "longer than the row")
    _ints(s.pool, 0, 40, "pool")
    _ints(s.marked, 0, 40, "marked")
    _need(len(s.pool) == 7 and len(s.marked) == 7, "pool")
    _need(all(m <= p for m, p in zip(s.marked, s.pool)), "marked", "more dice marked than rolled")
    _ints(s.skills, 0, len(c["skills"]) - 1, "skills")
    _need(len(set(s.skills)) == len(s.skills) == len(s.exhausted), "skills",
          "repeated, or exhausted flags do not match")
    _ints(s.items, 0, len(c["items"]) - 1, "items")
    _ints(s.picks, 0, cc["max_level"], "picks")
    _need(len(s.picks) <= 2 * (cc["max_level"] + 1), "picks")
    _need(0 <= s.pos < CELLS, "pos")
    _need(-1 <= s.slain_sq < CELLS, "slain_sq")
    _need(1 <= s.tracker <= 4, "tracker")
    _need(0 <= s.cphase <= 4, "cphase")
    _need(0 <= s.move_left <= 60 and 0 <= s.move_bonus <= 30 and 0 <= s.free_blocks <= 30, "move_left")
    _need(all(t in TOKENS for t in s.ctok) and len(s.ctok) <= 20, "ctok")
    _need(not s.ctok_active or bool(s.ctok), "ctok_active", "an acting token on an empty stack")
    _ints(s.poison, 0, 1, "poison")
    _need(len(s.poison) <= 20, "poison")
    _need(len(s.enemies) <= 6, "enemies")
    for i, e in enumerate(s.enemies):
        f = f"enemies[{i}]"
        _need(type(e.card) is int and 0 <= e.card < len(c["cards"]), f + ".card")
        k = c["cards"][e.card].kind
        _need(e.life == k.life, f + ".life", "not the card's")
        _need(type(e.wounds) is int and 0 <= e.wounds <= e.life, f + ".wounds")
        _need(type(e.square) is int and (e.square == -1) == (e.wounds >= e.life)
              and -1 <= e.square < CELLS, f + ".square")
        _ints(e.dice, 0, 12, f + ".dice")
        _need(len(e.dice) == len(k.rows), f + ".dice", "not one count per row of its card")
        _need(all(t in TOKENS for t in e.tokens) and len(e.tokens) <= 20, f + ".tokens")
        _need(not e.token_active or bool(e.tokens), f + ".token_active", "an acting token on no token")
        for name in ("free_blocks", "bonus_move", "bonus_hits"):
            _need(type(getattr(e, name)) is int and 0 <= getattr(e, name) <= 30, f"{f}.{name}")
        _need(type(e.auto_row) is int and -1 <= e.auto_row < len(k.rows), f + ".auto_row")
    n = len(s.enemies)
    top = s.stack[-1] if isinstance(s.stack, list) and s.stack else None
    mover = top.enemy if type(top) is Minion else -1     # may be passing through a friend
    squares = [e.square for i, e in enumerate(s.enemies) if e.alive and i != mover]
    _need(len(set(squares)) == len(squares) and s.pos not in squares
          and (mover < 0 or not 0 <= mover < n or s.enemies[mover].square != s.pos),
          "enemies", "two figures on one square")
    p = s.pending
    _need(isinstance(p, Incoming), "pending", "not a record of hits, tokens, attacker and riposte")
    _need(0 <= p.hits <= MAX_PENDING and len(p.tokens) <= MAX_PENDING and -1 <= p.attacker < n
          and all(t in ("S", "R", "P") for t in p.tokens), "pending")
    _need(-1 <= s.init_card < len(c["initiative"]), "init_card")
    _need(0 <= s.test_idx <= len(c["locations"][s.loc].tests), "test_idx")
    _need(0 <= s.rewards <= 2, "rewards")
    _need(0 <= s.turn <= 10**6 and 0 <= s.combat_rounds <= 10**6, "turn")
    _need(s.init_token in (0, 1) and s.first_side in (0, 1) and 0 <= s.side_no <= 2, "init_token")
    for name, deck in (("item_deck", s.item_deck), ("item_discard", s.item_discard)):
        _ints(deck, 0, len(c["items"]) - 1, name)
    # every Item Card is in the deck, the discard or Conan's hands (start items come on top,
    # and the Elephant's Heart from Yag Kosha's Chamber)
    _need(len(s.item_deck) + len(s.item_discard) + len(s.items)
          <= len(c["item_deck"]) + len(g.start_items) + 1, "item_deck",
          "more Item Cards than the deck holds")
    _ints(s.init_deck + s.init_discard, 0, len(c["initiative"]) - 1, "init_deck")
    _need(len(s.init_deck) + len(s.init_discard) <= len(c["init_deck"]), "init_deck")
    plots = s.plot_hand + s.plot_deck + s.plot_discard
    _ints(plots, 0, len(c["plots"]) - 1, "plot_hand")
    _need(sorted(plots) == sorted(c["plot_deck"]) if g.battle else not plots, "plot_hand",
          "the Plot and Plan cards do not add up to the deck")
    _ints(s.drawn, 0, len(c["plots"]) - 1, "drawn")
    _need(len(s.drawn) <= 10 and 0 <= s.put_back <= 3, "drawn")
    _need(s.plot_known in ("", "top", "bottom"), "plot_known")
