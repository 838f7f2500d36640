"""Every action in the game's words (the names the views, the logs' illegal-move errors and
the terminal show; rulebook "Game Play" and the decisions of frames.py).

One label template per action segment of the codec (game.py), with the templates that
differ under some decisions: `label` picks the segment's template for the pending decision
and fills its fields, each computed by one small function of FIELDS from the state, the
pending frame and the index within the segment.
"""
from __future__ import annotations

from collections.abc import Callable
from string import Formatter
from typing import Any

from .constants import SLOT_COSTS
from .content import COLOR_NAMES
from .frames import SpellTarget
from .records import Kind, MiniFrame

# the template of each segment, then the templates that differ under a decision kind; a key
# (kind, spell effect) differs under a spell target of that effect only
Templates = dict[str | tuple[str, str] | None, str]
LABELS: dict[str, Templates] = {
    "done": {None: "done", Kind.ACT: "stop acting this phase",
             Kind.OV_TURN: "end the Overlord's turn", Kind.UNIT: "end this model's activation",
             Kind.ALLY_ACT: "end this ally's activation",
             Kind.CIRCULAR: "stop the circular strike", Kind.REINFORCE: "stop reinforcing",
             Kind.HASTE: "no Bestial Haste", Kind.SPELL_TARGET: "stop moving the model"},
    "hand": {None: "hand the turn to {hero}"},
    "stance": {None: "take the {stance} stance"},
    "move": {None: "move to {area}", Kind.SPELL_TARGET: "move {moved_model} to {area}"},
    "flee": {None: "flee the board"},
    "melee": {None: "melee attack on {model}", Kind.UNIT: "attack {model}",
              Kind.CIRCULAR: "attack {model}", Kind.BEYOND: "strike {model} from beyond"},
    "ranged": {None: "ranged attack on {model}", Kind.BEYOND: "strike {model} from beyond"},
    "target": {None: "cast on {model}", Kind.BEYOND: "strike {model} from beyond"},
    "ally": {None: "activate {model}", Kind.BEYOND: "strike {model} from beyond"},
    "sacrifice": {None: "sacrifice {model}", Kind.BEYOND: "strike {model} from beyond"},
    "hero": {None: "attack {hero}", Kind.UNIT_SPELL: "cast on {hero}",
             Kind.SPELL_TARGET: "cast on {hero}"},
    "gems": {None: "{gems}", Kind.GUARD: "{gems} on Guard", Kind.OV_GUARD: "{gems} on Guard",
             Kind.ALLY_GUARD: "{gems} on the ally's Guard", Kind.ATK_GEMS: "{gems} on the attack",
             Kind.MANIP_GEMS: "{gems} on the Manipulation",
             Kind.SPELL_TARGET: "{gems} given (Gift of Life)"},
    "equip": {None: "attack with {item}", Kind.GUARD: "parry with {item}"},
    "reroll": {None: "reroll die {die}", Kind.REROLL: "reroll die {die} ({die_face})"},
    "keep": {None: "keep the roll"},
    "pickup": {None: "pick up {object}",
               Kind.SPELL_TARGET: "move {object} to you (Telekinesis)"},
    "drop": {None: "drop {object}"},
    "give": {None: "give {given} to {receiver}"},
    "take": {None: "take {object}"},
    "throw": {None: "throw {object}"},
    "use": {None: "use {object}"},
    "chest": {None: "open the chest here"},
    "yes": {None: "yes", Kind.CLAIM: "claim {found}", Kind.CATCH: "catch {found}"},
    "no": {None: "no", Kind.CLAIM: "leave {found} in the area", Kind.CATCH: "let {found} lie",
           Kind.BEYOND: "no attack from beyond", Kind.SACRIFICE: "no sacrifice"},
    "area": {None: "area {area}", Kind.HIDE: "hide Yselda in {area}",
             Kind.THROW_AREA: "throw to {area}", Kind.REINFORCE_AREA: "place the model in {area}",
             Kind.ROCKS: "rocks fall on {area}", Kind.SPELL_TARGET: "cast {cast} on {area}",
             (Kind.SPELL_TARGET, "teleport"): "teleport to {area} ({teleport_gems})"},
    "spell": {None: "cast {spell} ({spell_gems})"},
    "activate": {None: "activate {slot_tile} (slot {slot}, {slot_cost} gems)"},
    "benefit_move": {None: "buy 1 movement point (1 gem)"},
    "reinforce": {None: "reinforce {tile} ({tile_cost} points)",
                  Kind.HASTE: "Bestial Haste for {tile}"},
    "event": {None: "{event}"},
    "free": {None: "free {tile}"},
    "door": {None: "open the door to {area}"},
    "barricade": {None: "attack the barricade between {barricade}"},
    "order": {None: "resolve the attack on {character} next"},
}
# an index past the segment's objects: no item (the equip segment's last action)
NO_ITEM: Templates = {None: "unarmed (2 symbols fewer)", Kind.GUARD: "dodge (no item)"}
EVENTS = ("reinforcements", "Skuthus dies: the Outer Dark Demon appears",
          "volley: every model may shoot", "free a petrified monster", "rocks fall")


def _gems(n: int) -> str:
    return f"{n} gem{'s' if n != 1 else ''}"


def _character(s: Any, i: int) -> str:
    g = s.game
    if i < g.num_models:
        return str(g.model_name(i))
    if i < g.num_models + g.num_heroes:
        return str(g.heroes[i - g.num_models].name)
    return str(g.objects[g.captive].name)


def _slot_tile(s: Any, i: int) -> str:
    t = s.river[i] if i < len(s.river) else -1
    return str(s.game.tiles[t].name) if t >= 0 else "an empty slot"


def _barricade(s: Any, i: int) -> str:
    names = s.game.board.names
    x, y = s.game.barricades[i]
    return f"{names[x]} and {names[y]}"


def _teleport_gems(s: Any, fr: Any, i: int) -> str:
    return _gems(s.game.board.dist[s.h_area[fr.actor]][i])


# field -> its text, from (state, pending frame, index in the segment)
Field = Callable[[Any, Any, int], object]
FIELDS: dict[str, Field] = {
    "area": lambda s, fr, i: s.game.board.names[i],
    "model": lambda s, fr, i: s.game.model_name(i),
    "hero": lambda s, fr, i: s.game.heroes[i].name,
    "object": lambda s, fr, i: s.game.object_name(i),
    "item": lambda s, fr, i: s.game.object_name(i),
    "tile": lambda s, fr, i: s.game.tiles[i].name,
    "tile_cost": lambda s, fr, i: s.game.tiles[i].cost,
    "stance": lambda s, fr, i: s.game.codec.labels["stance"][i],
    "gems": lambda s, fr, i: _gems(i),
    "given": lambda s, fr, i: s.game.object_name(i // s.game.num_heroes),
    "receiver": lambda s, fr, i: s.game.heroes[i % s.game.num_heroes].name,
    "moved_model": lambda s, fr, i: s.game.model_name(fr.target_model),
    "found": lambda s, fr, i: s.game.object_name(fr.object) if hasattr(fr, "object") else "",
    "cast": lambda s, fr, i: s.game.spells[fr.spell].name,
    "teleport_gems": _teleport_gems,
    "spell": lambda s, fr, i: s.game.spells[i].name,
    "spell_gems": lambda s, fr, i: _gems(s.game.spells[i].cost),
    "slot_tile": lambda s, fr, i: _slot_tile(s, i),
    "slot": lambda s, fr, i: i + 1,
    "slot_cost": lambda s, fr, i: SLOT_COSTS[i],
    "event": lambda s, fr, i: EVENTS[i],
    "barricade": lambda s, fr, i: _barricade(s, i),
    "character": lambda s, fr, i: _character(s, i),
    "die": lambda s, fr, i: i + 1,
    "die_face": lambda s, fr, i: f"{COLOR_NAMES[fr.dice[i]]} {fr.faces[i]}",
}
# the fields each template names, worked out once
_NAMES: dict[str, tuple[str, ...]] = {
    t: tuple(name for _, name, _, _ in Formatter().parse(t) if name)
    for table in (*LABELS.values(), NO_ITEM) for t in table.values()}
assert all(name in FIELDS for names in _NAMES.values() for name in names), "a field is missing"


def label(s: Any, a: int) -> str:
    """Action `a` in the game's words, for the pending decision of state `s`."""
    g = s.game
    seg, i = g.codec.decode(a)
    fr: MiniFrame | None = s.stack[-1] if s.stack and s.winner < 0 else None
    table = NO_ITEM if seg == "equip" and i == g.num_objects else LABELS[seg]
    template = table[None]
    if fr is not None:
        template = table.get(fr.kind, template)
        if isinstance(fr, SpellTarget):
            template = table.get((fr.kind, g.spells[fr.spell].effect), template)
    names = _NAMES[template]
    if not names:
        return template
    return template.format(**{name: FIELDS[name](s, fr, i) for name in names})
