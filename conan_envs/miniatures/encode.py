"""Observation encoder per role (DESIGN.md "Observations"), action names and the text board.

Every role sees the public board: heroes' gems, stances and objects, models and their life,
the River, the Overlord's gems, chests, the dice being rolled. Hidden: the hut that hides
Yselda (the Overlord's secret until a hero enters it) and the asset deck's order (nobody).
"""
from __future__ import annotations

import numpy as np

from .game import MAX_DICE

KIND_NAMES = ("hide", "stance", "act", "atk_gems", "atk_weapon", "reroll", "sacrifice",
              "circular", "guard", "ov_guard", "ally_guard", "manip_gems", "throw_area", "claim",
              "catch", "must_drop", "spell_target", "ally_act", "ov_turn", "unit", "event",
              "reinforce", "reinforce_area", "beyond", "unit_spell", "free", "rocks", "haste")
KIND_INDEX = {k: i for i, k in enumerate(KIND_NAMES)}
ATTACK_KINDS = {"melee": 0, "ranged": 1, "area": 2, "spell": 3}
PHASES = {"hide": 0, "start": 0, "stance": 1, "action": 2, "overlord": 3, "overlord_done": 3}


def _layout(g) -> dict:
    n = g.num_areas
    parts = [("role", 5), ("player", 5), ("phase", 4), ("kind", len(KIND_NAMES)), ("round", 1),
             ("heroes", 4 * (22 + n)), ("models", g.num_models * (n + 3)),
             ("objects", g.num_objects * (n + 6)), ("chests", n), ("searched", n),
             ("yselda", n), ("overlord", 4), ("river", 8 * (len(g.tiles) + 1)),
             ("dice", MAX_DICE * 4 + 4), ("misc", 4), ("broken", n),
             ("attack", 4 + 4 + g.num_models), ("actor", g.num_models),
             ("pending_obj", g.num_objects), ("pending_spell", len(g.spells)),
             ("petrified", len(g.tiles)), ("marks", g.num_models * 8),
             ("ritual", len(g.barricades) + n + 2)]
    out, start = {}, 0
    for name, size in parts:
        out[name] = start
        start += size
    out["size"] = start
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
    if s.winner < 0:
        fr = s.stack[-1]
        v[L["player"] + fr["player"]] = 1.0
        v[L["kind"] + KIND_INDEX[fr["decision"]]] = 1.0
    v[L["phase"] + PHASES[s.phase]] = 1.0
    v[L["round"]] = s.turn / g.rounds
    o = L["heroes"]
    for h in range(g.num_heroes):
        sheet = g.heroes[h]
        life = sheet.life
        v[o + s.h_state[h]] = 1.0
        if s.h_area[h] >= 0:
            v[o + 3 + s.h_area[h]] = 1.0
        k = o + 3 + n
        v[k] = s.reserve[h] / life
        v[k + 1] = s.fatigue[h] / life
        v[k + 2] = s.wounds[h] / life
        for i in range(6):
            v[k + 3 + i] = s.spaces[h][i] / life
        v[k + 9] = sum(s.spell_gems[h]) / life
        v[k + 10] = s.ally_gems[h] / life
        if s.stance[h]:
            v[k + 10 + s.stance[h]] = 1.0
        v[k + 13] = s.mp[h] / 4
        v[k + 14] = s.halo[h] / 2
        v[k + 15] = float(s.moved[h])
        v[k + 16] = float(s.stopped[h])
        v[k + 17] = float(s.flying[h])
        v[k + 18] = s.life[h] / sheet.life
        o += 22 + n
    o = L["models"]
    for m in range(g.num_models):
        a = s.u_area[m]
        if a >= 0:
            v[o] = 1.0
            v[o + 3 + a] = 1.0
        v[o + 1] = s.u_life[m] / 8
        v[o + 2] = s.u_halo[m] / 2 + 0.5 * s.u_done[m]
        o += n + 3
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
    if s.winner < 0:
        fr = s.stack[-1]
        o = L["dice"]
        if fr["decision"] == "reroll":
            for i, (col, face) in enumerate(zip(fr["dice"], fr["faces"])):
                v[o + 4 * i + col] = 1.0
                v[o + 4 * i + 3] = face / 3
            for col in range(3):
                v[o + 4 * MAX_DICE + col] = fr["free"][col] / 3
            v[o + 4 * MAX_DICE + 3] = fr["support"]
        c = fr.get("context")
        k = L["misc"]
        if c is not None and "power" in c:
            v[k] = c["power"] / 10
        v[k + 1] = s.idle / 4
        if fr["decision"] in ("ov_turn",):
            v[k + 2] = fr["activations"] / 2
        if fr["decision"] in ("unit", "ally_act"):
            v[k + 3] = fr["mp"] / 8
        if c is not None and isinstance(c.get("target"), list):
            # the attack being resolved: its kind and its target
            o = L["attack"]
            kind = c.get("atk_kind", c.get("kind"))
            if kind in ATTACK_KINDS:
                v[o + ATTACK_KINDS[kind]] = 1.0
            t = c["target"]
            if t[0] == "h":
                v[o + 4 + t[1]] = 1.0
            elif t[0] == "u":
                v[o + 8 + t[1]] = 1.0
        m = fr.get("model")
        if m is not None and fr["decision"] in ("unit", "ally_act", "unit_spell"):
            v[L["actor"] + m] = 1.0
        ob = fr.get("object")
        if ob is not None and ob >= 0:
            v[L["pending_obj"] + ob] = 1.0
        sp = fr.get("spell")
        if sp is not None:
            v[L["pending_spell"] + sp] = 1.0
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
        v[o + n + 1] = g.priestess_area / n
    o = L["marks"]
    nh = g.num_heroes
    for m in range(g.num_models):
        v[o] = s.u_dizzy[m]
        v[o + 1] = float(s.u_held[m])
        v[o + 2] = float(s.u_noblock[m])
        for key in s.u_attacked[m]:   # Fascination: who may attack this model
            if key < nh:
                v[o + 3 + key] = 1.0
            else:
                v[o + 7] = 1.0
        o += 8
    for a, b in s.broken:
        v[L["broken"] + a] = v[L["broken"] + b] = 1.0
    return v


def action_name(s, a: int) -> str:
    g = s.game
    seg, i = g.codec.decode(a)
    b = g.board.names
    if seg == "move":
        return f"move to {b[i]}"
    if seg in ("melee", "ranged", "target", "ally", "sacrifice"):
        verb = {"melee": "melee attack", "ranged": "ranged attack", "target": "spell on",
                "ally": "activate ally", "sacrifice": "sacrifice"}[seg]
        return f"{verb} {g.model_name(i)}"
    if seg in ("pickup", "drop", "take", "throw", "use"):
        return f"{seg} {g.object_name(i)}" if i < g.num_objects else seg
    if seg == "equip":
        return "no item (unarmed / dodge)" if i == g.num_objects else f"use {g.object_name(i)}"
    if seg == "give":
        o, h = divmod(i, g.num_heroes)
        return f"give {g.object_name(o)} to {g.heroes[h].name}"
    kind = s.stack[-1]["decision"] if s.stack and s.winner < 0 else ""
    if seg == "hero":
        verb = {"unit_spell": "cast on", "spell_target": "cast on"}.get(kind, "attack")
        return f"{verb} {g.heroes[i].name}"
    if seg == "hand":
        return f"hand the turn to {g.heroes[i].name}"
    if seg == "area":
        verb = {"hide": "hide Yselda in", "throw_area": "throw to", "spell_target": "target",
                "reinforce_area": "place the model in", "rocks": "rocks fall on"}.get(kind, "area")
        return f"{verb} {b[i]}"
    if seg == "door":
        return f"open the door to {b[i]}"
    if seg in ("yes", "no"):
        words = {"claim": ("claim the card", "leave the card in the area"),
                 "catch": ("catch it", "let it lie")}.get(kind, ("yes", "no"))
        if kind == "beyond" and seg == "no":
            return "no attack from beyond"
        if kind == "sacrifice" and seg == "no":
            return "no sacrifice"
        return words[0 if seg == "yes" else 1]
    if seg == "benefit_move":
        return "buy 1 movement point (Move benefit)"
    if seg == "spell":
        return f"cast {g.spells[i].name}"
    if seg == "activate":
        t = s.river[i] if i < len(s.river) else -1
        return f"activate slot {i + 1}" + (f" ({g.tiles[t].name})" if t >= 0 else "")
    if seg == "reinforce":
        return f"reinforce {g.tiles[i].name}"
    if seg == "free":
        return f"free {g.tiles[i].name}"
    if seg == "gems":
        what = {"guard": "on Guard", "ov_guard": "on Guard", "ally_guard": "on the ally's Guard",
                "atk_gems": "on the attack", "manip_gems": "on Manipulation"}.get(kind, "")
        return f"{i} gem{'s' if i != 1 else ''} {what}".strip()
    if seg == "reroll":
        return f"reroll die {i + 1}"
    if seg == "done":
        return {"act": "stop acting this phase", "ov_turn": "end the Overlord's turn",
                "unit": "this model is done", "ally_act": "this ally is done",
                "circular": "stop the circular strike", "reinforce": "stop reinforcing"}.get(
            s.stack[-1]["decision"] if s.stack else "", "done")
    return g.codec.name(a)


def render(s) -> str:
    g = s.game
    b = g.board.names
    lines = [f"{g.scenario['name']} - round {s.turn + 1}/{g.rounds}, phase {s.phase}"]
    if s.winner >= 0:
        lines.append("winner: " + ("heroes" if s.winner == 0 else "Overlord"))
    else:
        fr = s.stack[-1]
        lines.append(f"to decide: {fr['k']} by {g.roles[fr['p']]}")
        if fr["decision"] == "reroll":
            lines.append(f"  dice {fr['dice']} faces {fr['faces']} (total {sum(fr['faces'])})")
    for h, sheet in enumerate(g.heroes):
        where = b[s.h_area[h]] if s.h_area[h] >= 0 else ("dead", "", "fled")[s.h_state[h]]
        stance = ("-", "aggressive", "cautious")[s.stance[h]]
        items = ", ".join(g.object_name(o) for o, loc in enumerate(s.o_loc) if loc == -1 - h)
        lines.append(f"{sheet.name:10s} {where:14s} {stance:10s} reserve {s.reserve[h]} "
                     f"fatigue {s.fatigue[h]} wounds {s.wounds[h]} spaces {s.spaces[h]} "
                     f"mp {s.mp[h]} [{items}]")
    for a in range(g.num_areas):
        here = [g.model_name(m) + (f"({s.u_life[m]})" if g.tiles[g.model_tile[m]].life > 1 else "")
                for m, x in enumerate(s.u_area) if x == a]
        objs = [g.object_name(o) for o, loc in enumerate(s.o_loc) if loc == a]
        chests = s.chests.count(a)
        if here or objs or chests:
            extra = f" chests {chests}" if chests else ""
            lines.append(f"  {b[a]}: {', '.join(here)}{' | ' + ', '.join(objs) if objs else ''}{extra}")
    river = " | ".join(g.tiles[t].name if t >= 0 else "-" for t in s.river)
    lines.append(f"Overlord reserve {s.ov_reserve} fatigue {s.ov_fatigue}; River: {river}")
    return "\n".join(lines)
