"""Every action in the game's words (the names the views, the logs' illegal-move errors and the
terminal show; rulebook: Dice Phase, Combat Phase, Yara's side, Plot and Plan cards).

One label template per action segment of the codec (game.py): :func:`action_name` fills the
segment's template with its fields, each computed by one small function of :data:`FIELDS`
from a :class:`Spot` (the state, the segment and the index within it). The fields that read
the decision pending (what "done" ends, whose minion's rows) read the frame on top.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import Formatter
from typing import Any

from . import words
from .content import ROWS
from .decisions import Initiative
from .grid import DIR_NAMES
from .yara_decisions import Minion, MinionMark


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a label is read: the state, the action's segment and its index in it."""

    s: Any
    seg: str
    i: int


def _strike(at: Spot) -> str:
    """What a SLASH, BIG SWING or RIPOSTE of `i + 1` dice does (its row of the Conan card)."""
    w, thresh, maxt, stun, rattle = at.s.game.c[at.seg][at.i]
    what = f"{w} wound(s)" if w else ""
    if thresh:
        what += f" on a roll of {thresh}+"
    if maxt > 1:
        what += f" on up to {maxt} enemies"
    if stun:
        what += ", STUN another adjacent enemy"
    if rattle:
        what += (", " if what else "") + "RATTLE the attacker"
    return what.strip(", ")


def _game_effect(at: Spot) -> str:
    ini = at.s._initiative_view()
    if not ini:
        return ""
    return ": " + str(ini["conan_effect"] if at.s.top_is(Initiative) else ini["yara_effect"])


def _step_to(at: Spot) -> str:
    s = at.s
    top = s.stack[-1]
    src = s.enemies[top.enemy].square if type(top) is Minion else s.pos
    return words.square(s.grid().step[src][at.i] if src >= 0 else -1)


def _enemy(s: Any, i: int, fallback: str) -> str:
    if i < len(s.enemies):
        return f"{s._enemy_name(i)} at {words.square(s.enemies[i].square)}"
    return fallback


def _minion_reroll(at: Spot) -> str:
    s = at.s
    e, r = divmod(at.i, 4)
    if e < len(s.enemies) and r < len(s.enemy_kind(s.enemies[e]).rows):
        row = s.enemy_kind(s.enemies[e]).rows[r]
        return f"a {words.row_short(row)} die of {s._enemy_name(e)}"
    return f"a die of minion {e + 1}, row {r + 1},"


def _minion_row(at: Spot) -> str:
    """The row of the minion deciding (marking, moving) or blocking that action `i` burns."""
    s = at.s
    top = s.stack[-1]
    who = top.enemy if type(top) is (MinionMark if at.seg == "minion_mark" else Minion) else -1
    if at.seg == "minion_block":
        attack = s._attack_now()
        who = attack.blows[0].target if attack and attack.blows else -1
    rows = s.enemy_kind(s.enemies[who]).rows if 0 <= who < len(s.enemies) else ()
    return words.row_short(rows[at.i]) if at.i < len(rows) else f"row {at.i + 1}"


def _ability(at: Spot) -> str:
    top = at.s.stack[-1]
    if type(top) is Minion:
        k = at.s.enemy_kind(at.s.enemies[top.enemy])
        return "shoot the BOW" if k.bow else f"use {k.ability[0]}" if k.ability else "ability"
    return "ability"


def _card(at: Spot) -> Any:
    return at.s.game.c["skills" if at.seg == "skill" else "items"][at.i]


# field -> its text at a spot
Field = Callable[[Spot], object]
FIELDS: dict[str, Field] = {
    "n": lambda at: at.i + 1,
    "skill": lambda at: at.s.game.c["skills"][at.i].name,
    "skill_effect": lambda at: words.skill_effect(at.s.game.c["skills"][at.i].effect),
    "slot_value": lambda at: at.i // 5 + 1,
    "slot_row": lambda at: ROWS[at.i % 5],
    "row": lambda at: ROWS[at.i],
    "fatigue_row": lambda at: ("BLOCK", "SLASH")[at.i],
    "done_means": lambda at: getattr(at.s.frame(), "done_means", None) or "done",
    "game_effect": _game_effect,
    "direction": lambda at: DIR_NAMES[at.i],
    "step_to": _step_to,
    "leap_points": lambda at: at.s.game.c["leap_move"][at.i],
    "strike": _strike,
    "block": lambda at: ("a hit" if at.i == 0
                         else f"the {words.TOKEN_NAMES['SRP'[at.i - 1]]} token"),
    "target": lambda at: _enemy(at.s, at.i, f"enemy {at.i + 1}"),
    "slain_square": lambda at: words.square(at.s.slain_sq),
    "square": lambda at: words.square(at.i),
    "card": lambda at: _card(at).name,
    "card_effect": lambda at: (words.skill_effect if at.seg == "skill"
                               else words.item_effect)(_card(at).effect),
    "item": lambda at: at.s.game.c["items"][at.i].name,
    "item_xp": lambda at: at.s.game.c["items"][at.i].xp,
    "activate": lambda at: _enemy(at.s, at.i, f"minion {at.i + 1}"),
    "minion_die": _minion_reroll,
    "minion_row": _minion_row,
    "ability": _ability,
    "plot": lambda at: at.s.game.c["plots"][at.i].name,
    "plot_effect": lambda at: words.plot_effect(at.s.game.c["plots"][at.i].effect),
}

# segment -> its template
LABELS: dict[str, str] = {
    "pick_skill": "choose {skill} ({skill_effect})",
    "ready_skill": "READY {skill}",
    "slot": "slot a {slot_value} in {slot_row}",
    "reroll": "burn a {n} to re-roll",
    "mark": "mark a {n} to re-roll",
    "roll": "roll the marked dice",
    "pair": "burn a pair of {n}s for a die of any result",
    "choose_result": "the new die shows {n}",
    "triple": "burn three {n}s",
    "triple_refill": "refill FATIGUE",
    "triple_discard": "discard the oldest STUNNED/RATTLED token",
    "triple_poison": "discard a POISON token",
    "fatigue_token": "a FATIGUE token into {fatigue_row}",
    "rage_token": "a RAGE token into BIG SWING",
    "pay": "burn a die from {row} for the test",
    "test_reroll": "re-roll for the test (each result needed +1)",
    "done": "done: {done_means}",
    "go_first": "GO FIRST",
    "game_effect": "GAME EFFECT{game_effect}",
    "step": "step {direction} to {step_to}",
    "leap": "LEAP: burn {n} dice for {leap_points} move points",
    "slash": "SLASH: burn {n} dice ({strike})",
    "slash_stun": "SLASH: burn 4 dice to STUN an adjacent enemy",
    "swing": "BIG SWING: burn {n} dice ({strike})",
    "block": "BLOCK {block}",
    "riposte": "RIPOSTE: burn {n} dice ({strike})",
    "target": "{target}",
    "enter": "step into the slain enemy's square {slain_square}",
    "square": "square {square}",
    "skill": "use {card} ({card_effect})",
    "item": "use {card} ({card_effect})",
    "trade": "trade {item} for {item_xp} XP",
    "discard_item": "discard {item}",
    "reserve": "reserve the leftmost free item of {row}",
    "draw_item": "draw an Item Card",
    "activate": "activate {activate}",
    "minion_reroll": "burn {minion_die} to re-roll",
    "minion_mark": "mark a {minion_row} die to re-roll",
    "burn_move": "burn a {minion_row} die for 1 move point",
    "attack": "attack Conan",
    "ability": "{ability}",
    "minion_block": "burn a {minion_row} die to block",
    "plot": "play {plot} ({plot_effect})",
    "put_top": "put {plot} on the top of the deck",
    "put_bottom": "put {plot} on the bottom of the deck",
}
# the fields each template names, worked out once
_NAMES: dict[str, tuple[str, ...]] = {
    t: tuple(name for _, name, _, _ in Formatter().parse(t) if name) for t in LABELS.values()}
assert all(n in FIELDS for names in _NAMES.values() for n in names), "a template names no field"


def action_name(s: Any, a: int) -> str:
    """Action `a` in the game's words."""
    seg, i = s.game.codec.decode(a)
    template = LABELS.get(seg)
    if template is None:
        return str(s.game.codec.name(a))
    at = Spot(s, seg, i)
    return template.format(**{n: FIELDS[n](at) for n in _NAMES[template]})
