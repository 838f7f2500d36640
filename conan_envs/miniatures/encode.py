"""Observation encoder per role (DESIGN.md "Observations"), action names and the text board.

Every role sees the public board: heroes' gems, stances and objects, models and their life,
the River, the Overlord's gems, chests, the dice being rolled. Hidden: the hut that hides
Yselda (the Overlord's secret until a hero enters it) and the asset deck's order (nobody).
"""
from __future__ import annotations

import numpy as np

from .content import COLOR_NAMES
from .game import MAX_DICE, SLOT_COSTS
from .view import ATTACKS, FLAGS, PURPOSES, SCALARS, WHYS, decision_record

KIND_NAMES = ("hide", "stance", "act", "atk_gems", "atk_weapon", "reroll", "sacrifice",
              "circular", "guard", "ov_guard", "ally_guard", "manip_gems", "throw_area", "claim",
              "catch", "must_drop", "spell_target", "ally_act", "ov_turn", "unit", "event",
              "reinforce", "reinforce_area", "beyond", "unit_spell", "free", "rocks", "haste")
KIND_INDEX = {k: i for i, k in enumerate(KIND_NAMES)}
PHASES = {"hide": 0, "start": 0, "stance": 1, "action": 2, "overlord": 3, "overlord_done": 3}
HERO_SLOTS = 22    # per hero, besides its area: see observe()
MODEL_SLOTS = 12   # per model, besides its area
PURPOSE_INDEX = {p: i for i, p in enumerate(PURPOSES)}
ATTACK_INDEX = {a: i for i, a in enumerate(ATTACKS)}
WHY_INDEX = {w: i for i, w in enumerate(WHYS)}


def _blocks(g) -> list:
    """(name, size) of each observation block, in order."""
    n, M, O, S, T = g.num_areas, g.num_models, g.num_objects, len(g.spells), len(g.tiles)
    H = 4
    who = H + M                      # a hero or a model
    return [
        ("role", 5), ("player", 5), ("phase", 4), ("kind", len(KIND_NAMES)), ("round", 1),
        ("heroes", H * (HERO_SLOTS + n)), ("spell_gems", H * S),
        ("models", M * (MODEL_SLOTS + n)),
        ("objects", O * (n + 6)), ("chests", n), ("searched", n), ("yselda", n),
        ("overlord", 4), ("river", 8 * (T + 1)), ("hand_overs", 1),
        ("broken", max(1, len(g.openable_borders))), ("petrified", T),
        ("ritual", len(g.barricades) + n + 1),
        # the pending decision (view.decision_record)
        ("by", who), ("target", who + 1 + max(1, len(g.barricades))), ("attack", len(ATTACKS)),
        ("purpose", len(PURPOSES)), ("why", len(WHYS)), ("scalars", len(SCALARS)),
        ("flags", len(FLAGS)), ("weapon", O), ("object", O), ("spell", S), ("area", n),
        ("model", M), ("tile", T), ("cast", S), ("queue", M), ("groups", T), ("activated", T), ("asked", H),
        ("dice", MAX_DICE * 4), ("rerolls", 4), ("payer", H + 3),
    ]


def observation_blocks(g, role: int = 0) -> list:
    """Named blocks of the observation and their sizes (they sum to its length)."""
    return _blocks(g)


def _layout(g) -> dict:
    out, start = {}, 0
    for name, size in _blocks(g):
        out[name] = start
        start += size
    out["size"] = start
    out["_models"] = g.num_models
    return out


def observation_size(g) -> int:
    g._layout = _layout(g)
    return g._layout["size"]


def observe(s, role: int) -> np.ndarray:
    g = s.game
    L = g._layout
    n = g.num_areas
    v = np.zeros(L["size"], dtype=np.float32)
    v[L["role"] + role] = 1.0
    v[L["phase"] + PHASES[s.phase]] = 1.0
    v[L["round"]] = s.turn / g.rounds
    o = L["heroes"]
    for h in range(g.num_heroes):
        life = g.heroes[h].life
        v[o + s.h_state[h]] = 1.0
        if s.h_area[h] >= 0:
            v[o + 3 + s.h_area[h]] = 1.0
        k = o + 3 + n
        v[k] = s.reserve[h] / life
        v[k + 1] = s.fatigue[h] / life
        v[k + 2] = s.wounds[h] / life
        for i in range(6):
            v[k + 3 + i] = s.spaces[h][i] / life
        v[k + 9] = s.ally_gems[h] / life
        v[k + 10 + s.stance[h]] = 1.0    # k+10 none, k+11 aggressive, k+12 cautious
        v[k + 13] = s.mp[h] / 4
        v[k + 14] = s.halo[h] / 2
        v[k + 15] = float(s.moved[h])
        v[k + 16] = float(s.stopped[h])
        v[k + 17] = float(s.flying[h])
        v[k + 18] = s.life[h] / life
        o += HERO_SLOTS + n
        gems = s.spell_gems[h]
        if any(gems):
            so = L["spell_gems"] + h * len(gems)
            for i, x in enumerate(gems):
                v[so + i] = x / 4
    o = L["models"]
    nh = g.num_heroes
    stride = MODEL_SLOTS + n
    u_area, u_life, u_halo = s.u_area, s.u_life, s.u_halo
    for m in range(g.num_models):
        a = u_area[m]
        if a >= 0:
            v[o] = 1.0
            v[o + MODEL_SLOTS + a] = 1.0
        v[o + 1] = u_life[m] / 8
        if u_halo[m]:
            v[o + 2] = u_halo[m] / 2
        o += stride
    o = L["models"]
    for m in range(g.num_models):   # the rarer marks, written only where set
        k = o + m * stride
        if s.u_done[m]:
            v[k + 3] = 1.0
        if s.u_dizzy[m]:
            v[k + 4] = s.u_dizzy[m]
        if s.u_held[m]:
            v[k + 5] = 1.0
        if s.u_noblock[m]:
            v[k + 6] = 1.0
        for key in s.u_attacked[m]:   # Fascination: who may attack this model
            v[k + 7 + key if key < nh else k + 11] = 1.0
    o = L["objects"]
    for ob in range(g.num_objects):
        loc = s.o_loc[ob]
        if loc >= 0:
            v[o + loc] = 1.0
        elif loc >= -4:
            v[o + n - 1 - loc] = 1.0
        elif loc == -12:
            v[o + n + 5] = 1.0
        else:
            v[o + n + 4] = 1.0
        o += n + 6
    for a in s.chests:
        v[L["chests"] + a] += 0.5
    for a in range(n):
        if s.searched[a]:
            v[L["searched"] + a] = 1.0
    if role == g.overlord and s.yselda_hut >= 0:
        v[L["yselda"] + s.yselda_hut] = 1.0
    o = L["overlord"]
    v[o] = s.ov_reserve / 15
    v[o + 1] = s.ov_fatigue / 15
    v[o + 2] = s.recovery / 10
    v[o + 3] = len(s.deck) / 10
    o = L["river"]
    nt = len(g.tiles) + 1
    for slot, t in enumerate(s.river):
        v[o + slot * nt + (t + 1)] = 1.0
    v[L["hand_overs"]] = s.idle / 4
    for pair in s.broken:
        v[L["broken"] + g.openable_borders[pair]] = 1.0
    for t in s.petrified:
        v[L["petrified"] + t] = 1.0
    if g.priestess_area >= 0:   # The Final Ritual
        o = L["ritual"]
        for i, life in enumerate(s.bar_life):
            v[o + i] = life / g.barricade_life
        o += len(g.barricades)
        for a in s.relics:
            v[o + a] += 0.5
        v[o + n] = s.invocation / 10
    if s.winner < 0:
        fr = s.stack[-1]
        v[L["player"] + fr["player"]] = 1.0
        v[L["kind"] + KIND_INDEX[fr["decision"]]] = 1.0
        _decision(v, L, decision_record(s, fr))
    return v


def _decision(v, L, rec):
    nm = L["_models"]
    for block in ("by", "target"):
        x = rec.get(block)
        if x is not None:
            kind = x[0]
            i = x[1] if kind == "hero" else 4 + x[1] if kind == "model" else \
                4 + nm if kind == "captive" else 5 + nm + x[1]
            v[L[block] + i] = 1.0
    if "attack" in rec:
        v[L["attack"] + ATTACK_INDEX[rec["attack"]]] = 1.0
    if "purpose" in rec:
        v[L["purpose"] + PURPOSE_INDEX[rec["purpose"]]] = 1.0
    if "why" in rec:
        v[L["why"] + WHY_INDEX[rec["why"]]] = 1.0
    o = L["scalars"]
    for i, key in enumerate(SCALARS):
        x = rec.get(key)
        if x is not None:
            v[o + i] = (x + 1) / 10
    o = L["flags"]
    for i, key in enumerate(FLAGS):
        if rec.get(key):
            v[o + i] = 1.0
    for block in ("weapon", "object", "spell", "area", "model", "tile"):
        x = rec.get(block)
        if x is not None:
            v[L[block] + x] = 1.0
    for block, key in (("cast", "cast"), ("queue", "queue"), ("groups", "groups"),
                       ("activated", "activated"), ("asked", "asked")):
        for x in rec.get(key, ()):
            v[L[block] + x] = 1.0
    roll = rec.get("roll")
    if roll is not None:
        o = L["dice"]
        for i, (col, face) in enumerate(zip(roll["dice"], roll["faces"])):
            v[o + 4 * i + col] = 1.0
            v[o + 4 * i + 3] = (face + 1) / 4
        o = L["rerolls"]
        for col in range(3):
            v[o + col] = roll["free"][col] / 3
        v[o + 3] = roll["support"]
        p = roll["payer"]
        o = L["payer"]
        if p["side"] == "hero":
            v[o + p["hero"]] = 1.0
            v[o + 6] = float(p["ally"])
        else:
            v[o + (4 if p["side"] == "overlord" else 5)] = 1.0


def action_name(s, a: int) -> str:
    """An action in the game's words (see view.py for the decision it answers)."""
    g = s.game
    seg, i = g.codec.decode(a)
    b = g.board.names
    fr = s.stack[-1] if s.stack and s.winner < 0 else {"decision": "", "player": 0}
    kind = fr["decision"]
    if seg == "move":
        if kind == "spell_target":
            return f"move {g.model_name(fr['target_model'])} to {b[i]}"
        return f"move to {b[i]}"
    if seg == "flee":
        return "flee the board"
    if seg in ("melee", "ranged", "target", "ally", "sacrifice"):
        if kind in ("unit", "circular") and seg == "melee":
            return f"attack {g.model_name(i)}"
        if kind == "beyond":
            return f"strike {g.model_name(i)} from beyond"
        verb = {"melee": "melee attack on", "ranged": "ranged attack on", "target": "cast on",
                "ally": "activate", "sacrifice": "sacrifice"}[seg]
        return f"{verb} {g.model_name(i)}"
    if seg == "pickup":
        return f"{'move' if kind == 'spell_target' else 'pick up'} {g.object_name(i)}" + (
            " to you (Telekinesis)" if kind == "spell_target" else "")
    if seg in ("drop", "take", "throw", "use"):
        return f"{seg} {g.object_name(i)}"
    if seg == "equip":
        if i == g.num_objects:
            return "dodge (no item)" if kind == "guard" else "unarmed (2 symbols fewer)"
        return f"{'parry with' if kind == 'guard' else 'attack with'} {g.object_name(i)}"
    if seg == "give":
        o, h = divmod(i, g.num_heroes)
        return f"give {g.object_name(o)} to {g.heroes[h].name}"
    if seg == "hero":
        verb = {"unit_spell": "cast on", "spell_target": "cast on"}.get(kind, "attack")
        return f"{verb} {g.heroes[i].name}"
    if seg == "hand":
        return f"hand the turn to {g.heroes[i].name}"
    if seg == "stance":
        return f"take the {g.codec.labels['stance'][i]} stance"
    if seg == "area":
        if kind == "spell_target":
            spell = g.spells[fr["spell"]]
            if spell.effect == "teleport":
                d = g.board.dist[s.h_area[fr["player"]]][i]
                return f"teleport to {b[i]} ({d} gem{'s' if d != 1 else ''})"
            return f"cast {spell.name} on {b[i]}"
        verb = {"hide": "hide Yselda in", "throw_area": "throw to",
                "reinforce_area": "place the model in", "rocks": "rocks fall on"}.get(kind, "area")
        return f"{verb} {b[i]}"
    if seg == "door":
        return f"open the door to {b[i]}"
    if seg == "chest":
        return "open the chest here"
    if seg in ("yes", "no"):
        obj = g.object_name(fr["object"]) if "object" in fr else ""
        words = {"claim": (f"claim {obj}", f"leave {obj} in the area"),
                 "catch": (f"catch {obj}", f"let {obj} lie")}.get(kind, ("yes", "no"))
        if kind == "beyond" and seg == "no":
            return "no attack from beyond"
        if kind == "sacrifice" and seg == "no":
            return "no sacrifice"
        return words[0 if seg == "yes" else 1]
    if seg == "benefit_move":
        return "buy 1 movement point (1 gem)"
    if seg == "spell":
        spell = g.spells[i]
        return f"cast {spell.name} ({spell.cost} gem{'s' if spell.cost != 1 else ''})"
    if seg == "activate":
        t = s.river[i] if i < len(s.river) else -1
        name = g.tiles[t].name if t >= 0 else "an empty slot"
        return f"activate {name} (slot {i + 1}, {SLOT_COSTS[i]} gems)"
    if seg == "reinforce":
        if kind == "haste":
            return f"Bestial Haste for {g.tiles[i].name}"
        return f"reinforce {g.tiles[i].name} ({g.tiles[i].cost} points)"
    if seg == "free":
        return f"free {g.tiles[i].name}"
    if seg == "event":
        return {0: "reinforcements", 1: "Skuthus dies: the Outer Dark Demon appears",
                2: "volley: every model may shoot", 3: "free a petrified monster",
                4: "rocks fall"}[i]
    if seg == "barricade":
        x, y = g.barricades[i]
        return f"attack the barricade between {b[x]} and {b[y]}"
    if seg == "gems":
        what = {"guard": "on Guard", "ov_guard": "on Guard", "ally_guard": "on the ally's Guard",
                "atk_gems": "on the attack", "manip_gems": "on the Manipulation",
                "spell_target": "given (Gift of Life)"}.get(kind, "")
        return f"{i} gem{'s' if i != 1 else ''} {what}".strip()
    if seg == "reroll":
        if kind == "reroll":
            col = fr["dice"][i]
            return f"reroll die {i + 1} ({COLOR_NAMES[col]} {fr['faces'][i]})"
        return f"reroll die {i + 1}"
    if seg == "keep":
        return "keep the roll"
    if seg == "done":
        return {"act": "stop acting this phase", "ov_turn": "end the Overlord's turn",
                "unit": "end this model's activation", "ally_act": "end this ally's activation",
                "circular": "stop the circular strike", "reinforce": "stop reinforcing",
                "haste": "no Bestial Haste", "spell_target": "stop moving the model"}.get(
            kind, "done")
    return g.codec.name(a)
