"""What one role sees (the view contract; rulebook "Game Play", "Rerolls", "Guard", "Line of
sight", "Elevation and line of sight"): the scenario's map (areas, borders, elevation, hut
flaps and doors, who and what stands in each area), every hero's gem board, the models, the
objects, the Overlord's gems and River, and the pending decision with what is being resolved.

`decision_record` is the one description of the pending decision: the encoder encodes it and
the view names it, so the observation and the view carry the same facts.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .constants import (  # noqa: F401 - the record's vocabulary, re-exported
    ATTACKS,
    ESCAPED,
    FLAGS,
    HERO_STATES,
    PHASE_NAMES,
    PURPOSES,
    ROLL_PURPOSE,
    SCALARS,
    SLOT_COSTS,
    SPACES,
    STANCES,
    WHYS,
)
from .content import BORDER_KINDS, COLOR_NAMES, OPENABLE, Item
from .data import MiniaturesData
from .game import MiniaturesGame
from .records import MiniFrame, Payer
from .scenarios import goal

BORDER_NAMES = {v: k.replace("_", " ") for k, v in BORDER_KINDS.items()}
SPACE_NAMES = dict(zip(SPACES, ("melee", "ranged", "guard", "manipulation", "move", "reroll")))
def decision_record(s: Any, fr: MiniFrame) -> dict[str, Any]:
    """The facts of the pending decision `fr`, as indices (see the module docstring): the
    frame's own record (``MiniFrame.record``)."""
    return fr.record(s)


# ---- names ---------------------------------------------------------------------------------
def character_name(g: MiniaturesGame, x: Any) -> str:
    if x[0] == "hero":
        return str(g.heroes[x[1]].name)
    if x[0] == "model":
        return g.model_name(x[1])
    if x[0] == "barricade":
        a, b = g.barricades[x[1]]
        return f"the barricade between {g.board.names[a]} and {g.board.names[b]}"
    return g.objects[g.captive].name


def dice_words(g: MiniaturesGame, dice: Sequence[int], faces: Sequence[int] | None=None) -> str:
    if faces is None:
        return ", ".join(COLOR_NAMES[c] for c in dice) or "no dice"
    return ", ".join(f"{COLOR_NAMES[c]} {f}" for c, f in zip(dice, faces)) or "no dice"


def dice_list(specs: Sequence[tuple[int, bool]]) -> list[str]:
    """Dice of a card or tile, "*" marking a die with a free reroll (rulebook "Rerolls": "Once
    after a player rolls a die indicated by one of these icons, the player may reroll one die
    of the matching type for free")."""
    return [COLOR_NAMES[c] + ("*" if marked else "") for c, marked in specs]


def item_card(item: Item) -> dict[str, Any]:
    """An item card as printed: its dice (by use), encumbrance and notes."""
    card: dict[str, Any] = {"kind": item.kind, "encumbrance": item.enc}
    for use in ("melee", "ranged", "guard", "armor", "area"):
        dice = getattr(item, use)
        if dice:
            card[use] = dice_list(dice)
    if item.thrown:
        card["thrown"] = True     # dropped in the defender's area after a ranged attack
    if item.two_handed:
        card["two_handed"] = True
    if item.heal:
        card["heal"] = item.heal
    return card


def card_words(name: str, card: dict[str, Any]) -> str:
    """An item card on one line of the text board."""
    dice = "; ".join(f"{use} {'+'.join(card[use])}"
                     for use in ("melee", "ranged", "guard", "armor", "area") if use in card)
    notes = [x for x in ("thrown", "two_handed") if card.get(x)]
    if card.get("heal"):
        notes.append(f"heals {card['heal']}")
    return (f"{name} ({dice + '; ' if dice else ''}enc {card['encumbrance']}"
            + "".join(f", {n.replace('_', '-')}" for n in notes) + ")")


def payer_words(g: Any, payer: Payer) -> str:
    if payer.side == "hero":
        return str(g.heroes[payer.hero].name) + (" (gems on the ally tile)" if payer.ally else "")
    return "the Overlord" if payer.side == "overlord" else "nobody"


def named_record(s: MiniaturesData, rec: dict[str, Any]) -> dict[str, Any]:
    """The decision record with names instead of indices: the view's decision context."""
    g = s.game
    out: dict[str, Any] = {}
    for key, val in rec.items():
        if key == "kind":
            continue
        if key == "by":
            out["attacker" if "target" in rec else "character"] = character_name(g, val)
        elif key == "target":
            out["target"] = character_name(g, val)
        elif key in ("weapon", "object"):
            out[key] = g.object_name(val)
        elif key == "spell":
            out["spell"] = g.spells[val].name
        elif key == "area":
            out["area"] = g.board.names[val]
        elif key == "model":
            out["model"] = g.model_name(val)
        elif key == "tile":
            out["tile"] = g.tiles[val].name
        elif key in ("queue",):
            out["models_to_act"] = [g.model_name(m) for m in val]
        elif key == "cast":
            out["spells_cast"] = [g.spells[x].name for x in val]
        elif key in ("groups", "activated"):
            out[key] = [g.tiles[t].name for t in val]
        elif key == "asked":
            out["asked"] = [g.heroes[h].name for h in val]
        elif key == "area_targets":
            out["targets_left"] = [
                g.heroes[i].name if i < 4 else g.model_name(i - 4) if i < 4 + g.num_models
                else g.objects[g.captive].name for i in val]
        elif key == "roll":
            out["roll"] = {
                "dice": [{"colour": COLOR_NAMES[c], "symbols": f}
                         for c, f in zip(val["dice"], val["faces"])],
                "total": sum(val["faces"]),
                "free_rerolls": {COLOR_NAMES[c]: n for c, n in enumerate(val["free"]) if n},
                "support_rerolls": val["support"],
                "paid_rerolls_from": payer_words(g, val["payer"]),
            }
        else:
            out[key] = val
    return out


# ---- the board -----------------------------------------------------------------------------
def _where(g: MiniaturesGame, loc: int) -> str:
    if loc >= 0:
        return g.board.names[loc]
    if loc >= -g.num_heroes:
        return "carried by " + g.heroes[-1 - loc].name
    return "escaped" if loc == ESCAPED else "off the board"


def board_view(s: MiniaturesData, role: int) -> dict[str, Any]:
    g = s.game
    b = g.board
    n = g.num_areas
    names = b.names
    heroes_in: list[list[str]] = [[] for _ in range(n)]
    for h, a in enumerate(s.h_area):
        if a >= 0:
            heroes_in[a].append(g.heroes[h].name)
    models_in: list[list[str]] = [[] for _ in range(n)]
    for m, a in enumerate(s.u_area):
        if a >= 0:
            models_in[a].append(g.model_name(m))
    objects_in: list[list[str]] = [[] for _ in range(n)]
    for o, loc in enumerate(s.o_loc):
        if loc >= 0:
            objects_in[loc].append(g.object_name(o))
    areas = []
    for a in range(n):
        borders: list[dict[str, Any]] = []
        for x in b.neighbors[a]:
            kind = b.border[a][x]
            rec: dict[str, Any] = {"to": names[x], "border": BORDER_NAMES[kind]}
            if kind in OPENABLE:
                rec["open"] = (min(a, x), max(a, x)) in s.broken
            if b.difficulty[a][x]:
                rec["leap_difficulty"] = b.difficulty[a][x]
            i = g.barricade_of.get((a, x), -1)
            if i >= 0:
                rec["barricade_life"] = s.bar_life[i]
            borders.append(rec)
        areas.append({
            "name": names[a], "elevation": b.elev[a], "capacity": b.cap[a],
            "hut": b.hut[a], "edge": b.edge[a], "water": b.water[a], "borders": borders,
            "sees": [names[x] for x in range(n) if x != a and b.los[a][x]],
            "heroes": heroes_in[a], "models": models_in[a], "objects": objects_in[a],
            "chests": s.chests.count(a), "searched": s.searched[a],
            "relics": s.relics.count(a),
        })
    heroes: list[dict[str, Any]] = []
    for h, sheet in enumerate(g.heroes):
        known = g.hero_spells[h]
        spells: list[dict[str, Any]] = []
        for sp in range(len(g.spells)):
            if sp in known or s.spell_gems[h][sp]:
                spell = g.spells[sp]
                spell_rec: dict[str, Any] = {
                    "name": spell.name, "cost": spell.cost, "limit": spell.limit,
                    "reaction": spell.reaction, "gems": s.spell_gems[h][sp]}
                if spell.effect == "teleport" and s.h_area[h] >= 0:
                    d = b.dist[s.h_area[h]]
                    spell_rec["teleport_costs"] = {names[x]: d[x] for x in range(n) if d[x] > 0}
                spells.append(spell_rec)
        carried = [g.object_name(o) for o, loc in enumerate(s.o_loc) if loc == -1 - h]
        cards = [card_words(g.object_name(o), item_card(g.objects[o]))
                 for o, loc in enumerate(s.o_loc) if loc == -1 - h]
        enc = sum(g.objects[o].enc for o, loc in enumerate(s.o_loc) if loc == -1 - h)
        cut = 2 if enc >= sheet.move_minus2 else 1 if enc >= sheet.move_minus1 else 0
        heroes.append({
            "name": sheet.name, "role": g.hero_keys[h], "state": HERO_STATES[s.h_state[h]],
            "area": names[s.h_area[h]] if s.h_area[h] >= 0 else None,
            "stance": STANCES[s.stance[h]], "life": s.life[h],
            "reserve": s.reserve[h], "fatigue": s.fatigue[h], "wounds": s.wounds[h],
            "spent": {SPACE_NAMES[k]: s.spaces[h][i] for i, k in enumerate(SPACES)},
            "ally_tile_gems": s.ally_gems[h],
            "action_spaces": {SPACE_NAMES[k]: {
                "die": COLOR_NAMES[v[0]] if v[0] is not None else None, "limit": v[1]}
                for k, v in sheet.spaces.items()},
            "spells": spells, "movement_points": s.mp[h], "base_movement": max(0, sheet.base_move - cut),
            "moved": s.moved[h], "done_acting": s.stopped[h], "flying": s.flying[h],
            "halo_armor": s.halo[h], "carrying": carried, "item_cards": cards,
            "encumbrance": enc, "max_encumbrance": sheet.enc_max,
            "skills": sorted(sheet.skills),
        })
    models: list[dict[str, Any]] = []
    for m in range(g.num_models):
        tile = g.tiles[g.model_tile[m]]
        model_rec: dict[str, Any] = {
               "name": g.model_name(m), "side": "heroes" if tile.ally else "overlord",
               "area": names[s.u_area[m]] if s.u_area[m] >= 0 else None,
               "life": s.u_life[m], "max_life": tile.life, "armor": tile.armor,
               "move": tile.move, "melee": dice_list(tile.melee), "ranged": dice_list(tile.ranged),
               "guard": COLOR_NAMES[tile.guard],
               "skills": sorted(tile.skills)}
        if s.u_halo[m]:
            model_rec["halo_armor"] = s.u_halo[m]
        if s.u_done[m]:
            model_rec["activated"] = True
        if s.u_dizzy[m]:
            model_rec["dizziness"] = s.u_dizzy[m]
        if s.u_held[m]:
            model_rec["possessed"] = True
        if s.u_noblock[m]:
            model_rec["blocking_lost"] = True
        if s.u_attacked[m]:
            model_rec["may_be_attacked_by"] = [
                g.heroes[k].name if k < g.num_heroes else g.model_name(k - g.num_heroes)
                for k in s.u_attacked[m]]
        models.append(model_rec)
    river = [{"slot": i + 1, "cost": SLOT_COSTS[i], "tile": g.tiles[t].name if t >= 0 else None}
             for i, t in enumerate(s.river)]
    view = {
        "scenario": g.scenario["name"], "round": s.turn + 1, "rounds": g.rounds,
        "phase": PHASE_NAMES[s.phase],
        "winner": None if s.winner < 0 else ("heroes", "overlord")[s.winner],
        "areas": areas, "heroes": heroes, "models": models,
        "objects": [{"name": g.object_name(o), "where": _where(g, loc),
                     "card": item_card(g.objects[o])}
                    for o, loc in enumerate(s.o_loc)],
        "goal": goal(s),
        "overlord": {"reserve": s.ov_reserve, "fatigue": s.ov_fatigue,
                     "recovery": s.recovery, "deck": len(s.deck)},
        "river": river,
        "hand_overs": s.idle,
        "petrified": [g.tiles[t].name for t in s.petrified],
    }
    if g.priestess_area >= 0:
        view["ritual"] = {"invocation": s.invocation, "priestess": names[g.priestess_area],
                          "relics": [names[a] for a in s.relics],
                          "barricades": [{"between": [names[a], names[x]], "life": s.bar_life[i]}
                                         for i, (a, x) in enumerate(g.barricades)]}
    if role == g.overlord and g.objective == "clutches":
        view["yselda_hut"] = names[s.yselda_hut] if s.yselda_hut >= 0 else None
    return view
