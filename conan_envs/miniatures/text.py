"""The pending decision in words (its machine name and prompt) and the text board printed from
a view (rulebook "Game Play": what the players see on the table)."""
from __future__ import annotations

from typing import Any

from conan_envs.engine.view import Decision

from . import view as mview
from .data import MiniaturesData
from .frames import Frame, Guard

# stable machine names of the decisions (the rules core's frame names are shorter)
KIND_NAMES = {
    "hide": "hide_yselda", "stance": "stance", "act": "action", "atk_gems": "attack_gems",
    "atk_weapon": "attack_weapon", "reroll": "reroll", "sacrifice": "sacrifice",
    "circular": "circular_strike", "guard": "guard", "ov_guard": "overlord_guard",
    "ally_guard": "ally_guard", "manip_gems": "manipulation_gems", "throw_area": "throw_area",
    "claim": "claim_card", "catch": "catch", "must_drop": "must_drop",
    "spell_target": "spell_target", "ally_act": "ally_activation", "ov_turn": "overlord_turn",
    "unit": "model_activation", "event": "event", "reinforce": "reinforce",
    "reinforce_area": "reinforce_area", "beyond": "attack_from_beyond",
    "unit_spell": "overlord_spell_target", "free": "free_statue", "rocks": "rocks_fall",
    "haste": "bestial_haste", "area_order": "area_attack_order",
}


def decision(s: MiniaturesData, role: int) -> Decision:
    g = s.game
    if s.winner >= 0:
        who = "The heroes" if s.winner == 0 else "The Overlord"
        return Decision("game_over", None, f"The game is over: {who} won.", {})
    fr = s.stack[-1]
    rec = mview.decision_record(s, fr)
    ctx = mview.named_record(s, rec)
    return Decision(KIND_NAMES[fr.KIND], g.roles[fr.player], prompt(s, fr, ctx), ctx)


def prompt(s: MiniaturesData, fr: Frame, ctx: dict[str, Any]) -> str:
    g = s.game
    kind = fr.KIND
    who = g.heroes[fr.player].name if fr.player < g.num_heroes else "Overlord"
    target = ctx.get("target", "")
    attacker = ctx.get("attacker", ctx.get("character", ""))
    if kind == "hide":
        return "Overlord: choose in secret the hut where Yselda hides."
    if kind == "stance":
        return f"{who}: choose your stance for this turn (aggressive or cautious)."
    if kind == "act":
        return (f"{who}: take an action, hand the turn to another hero, or stop acting this "
                f"phase ({s.mp[fr.player]} free movement points left).")
    if kind == "atk_gems":
        return f"{who}: how many gems on the {ctx['attack']} attack on {target}?"
    if kind == "atk_weapon":
        return (f"{who}: which weapon for the {ctx['attack']} attack on {target} "
                f"({ctx['gems']} gems)?")
    if kind == "reroll":
        roll = ctx["roll"]
        dice = ", ".join(f"{d['colour']} {d['symbols']}" for d in roll["dice"])
        return (f"{who}: reroll a die of the {ctx['purpose']} roll ({dice}: {roll['total']} "
                f"symbols), or keep the roll?")
    if kind == "sacrifice":
        return (f"{who}: {attacker} attacks {target}; may a model with Sacrifice take the attack "
                f"instead?")
    if kind == "area_order":
        return (f"{who}: the area attack (power {ctx['power']}) on {ctx['area']} still strikes "
                f"{', '.join(ctx['targets_left'])}: which attack do you resolve next?")
    if kind == "circular":
        return f"{who}: Circular Strike: carry {ctx['left']} leftover damage to another enemy here?"
    if kind in ("guard", "ov_guard", "ally_guard"):
        if isinstance(fr, Guard) and fr.gems is not None:
            return (f"{who}: {attacker} attacks you with power {ctx.get('power')}; parry with "
                    f"which item ({fr.gems} gems on Guard), or dodge?")
        what = "you" if kind == "guard" else target
        return (f"{who}: {attacker} attacks {what} ({ctx.get('attack')}) with power "
                f"{ctx.get('power')}; how many gems on Guard?")
    if kind == "manip_gems":
        what = {"chest": "open the chest", "door": f"pick the lock of the door to {ctx.get('area')}",
                "throw": f"throw {ctx.get('object')} to {ctx.get('area')}"}[ctx["why"]]
        return f"{who}: how many gems on the Manipulation to {what}?"
    if kind == "throw_area":
        return f"{who}: throw {ctx['object']} to which area?"
    if kind == "claim":
        return f"{who}: the chest holds {ctx['object']}: claim it, or leave it in the area?"
    if kind == "catch":
        return f"{who}: {ctx['object']} lands in {ctx['area']}: catch it?"
    if kind == "must_drop":
        return f"{who}: you carry more than your maximum encumbrance: drop an object."
    if kind == "spell_target":
        return f"{who}: choose where or on whom to cast {ctx['spell']}."
    if kind == "ally_act":
        return (f"{who}: {ctx['model']} ({ctx['movement_points']} movement points): move or "
                f"attack, or end its activation.")
    if kind == "ov_turn":
        return (f"Overlord: activate a tile of the River ({ctx['activations']} of 2 activations "
                f"used), or end the turn.")
    if kind == "unit":
        return (f"Overlord: {ctx['model']} ({ctx['movement_points']} movement points): move, "
                f"attack, buy movement, or end its activation.")
    if kind == "event":
        return "Overlord: choose the event."
    if kind == "reinforce":
        return f"Overlord: {ctx['points']} reinforcement points left: bring back a tile, or stop."
    if kind == "reinforce_area":
        return f"Overlord: place the {ctx['tile']} model in which reinforcement area?"
    if kind == "beyond":
        return f"{who}: Attack From Beyond: strike an enemy in your area as you die?"
    if kind == "unit_spell":
        return f"Overlord: {ctx['model']} casts {ctx['spell']}: on which hero?"
    if kind == "free":
        return "Overlord: free which petrified monster?"
    if kind == "rocks":
        return "Overlord: rocks fall on which area?"
    if kind == "haste":
        return "Overlord: Bestial Haste: which returned group moves now (up to 2 points)?"
    return f"{who}: decide."


def render(view: dict[str, Any]) -> str:
    """The text board of one view: the Overlord's side, the heroes, the map, the decision, the
    recent events."""
    lines = [f"{view['scenario']}: round {view['round']} of {view['rounds']}, "
             f"{view['phase']} phase; as {view['role']} sees it"]
    if view["winner"]:
        lines.append(f"Winner: {view['winner']}")
    goal = view["goal"]
    lines.append(f"Goal: {goal['text']}")
    lines.append("Progress: " + "; ".join(f"{k.replace('_', ' ')} {v}"
                                          for k, v in goal["progress"].items()))
    ov = view["overlord"]
    lines.append(f"Overlord: Reserve {ov['reserve']}, Fatigue {ov['fatigue']}, recovery "
                 f"{ov['recovery']}; asset deck {ov['deck']} cards")
    lines.append("River: " + " | ".join(
        f"{r['slot']}:{r['tile'] or '-'} ({r['cost']})" for r in view["river"]))
    if view.get("yselda_hut") is not None:
        lines.append(f"Yselda hides in {view['yselda_hut']} (your secret)")
    if view["petrified"]:
        lines.append("Petrified: " + ", ".join(view["petrified"]))
    rit = view.get("ritual")
    if rit:
        bars = ", ".join(f"{b['between'][0]}/{b['between'][1]} {b['life']}"
                         for b in rit["barricades"])
        lines.append(f"Invocation {rit['invocation']}; priestess in {rit['priestess']}; relics: "
                     f"{', '.join(rit['relics']) or 'none'}; barricades: {bars}")
    lines.append("")
    for h in view["heroes"]:
        if h["state"] != "on the board":
            lines.append(f"{h['name']}: {h['state'].upper()}")
            continue
        spent = ", ".join(f"{k} {v}" for k, v in h["spent"].items() if v)
        spells = ", ".join(f"{sp['name']} {sp['gems']}/{sp['cost']}" for sp in h["spells"])
        lines.append(
            f"{h['name']} in {h['area']}, {h['stance'] or 'no stance'}: Reserve {h['reserve']}, "
            f"Fatigue {h['fatigue']}, Wounds {h['wounds']}/{h['life']}; spent: {spent or 'none'}; "
            f"movement {h['movement_points']}"
            + (", flying" if h["flying"] else "") + (f", halo {h['halo_armor']}" if h["halo_armor"] else "")
            + (", done" if h["done_acting"] else ""))
        lines.append(f"    carrying {', '.join(h['item_cards']) or 'nothing'} "
                     f"(encumbrance {h['encumbrance']}/{h['max_encumbrance']})"
                     + (f"; spells (gems/cost): {spells}" if spells else ""))
    lines.append("")
    lines.append("Map (area [elevation]: who and what is there; borders):")
    for a in view["areas"]:
        here = a["heroes"] + a["models"] + [f"<{o}>" for o in a["objects"]]
        if a["chests"]:
            here.append(f"chest x{a['chests']}")
        if a["relics"]:
            here.append("relic")
        borders = ", ".join(
            b["to"] + ("" if b["border"] == "open" else f" ({b['border']}"
                       + (", open" if b.get("open") else "") + ")")
            for b in a["borders"])
        hut = f" hut {a['hut']}" if a["hut"] else ""
        lines.append(f"  {a['name']}{hut} [{a['elevation']}]: {', '.join(here) or '-'}; "
                     f"next to {borders}")
    models = [m for m in view["models"] if m["area"] and m["side"] == "overlord"]
    if models:
        lines.append("Models: " + ", ".join(
            f"{m['name']} {m['life']}/{m['max_life']}" for m in models if m["max_life"] > 1)
            or "Models: all 1 life")
    stats: dict[str, Any] = {}
    for m in view["models"]:
        if m["area"]:
            attack = "; ".join(f"{k} {'+'.join(m[k])}" for k in ("melee", "ranged") if m[k])
            key = (f"{attack + '; ' if attack else ''}armor {m['armor']}, guard {m['guard']}, "
                   f"move {m['move']}" + (f"; {', '.join(m['skills'])}" if m["skills"] else ""))
            stats.setdefault(key, []).append(m["name"])
    if stats:
        lines.append("Unit dice (* = one free reroll):")
        lines += [f"  {', '.join(names)}: {key}" for key, names in stats.items()]
    d = view["decision"]
    ctx = {k: v for k, v in d["context"].items() if k != "roll"}
    if ctx:
        lines.append("")
        lines.append("Resolving: " + "; ".join(f"{k} {v}" for k, v in ctx.items()))
    roll = d["context"].get("roll")
    if roll:
        free = ", ".join(f"{k} {v}" for k, v in roll["free_rerolls"].items()) or "none"
        lines.append(f"Roll: {', '.join(x['colour'] + ' ' + str(x['symbols']) for x in roll['dice'])}"
                     f" = {roll['total']}; free rerolls {free}, support {roll['support_rerolls']}, "
                     f"paid rerolls from {roll['paid_rerolls_from']}")
    lines += ["", "Recent events:"] + [f"  {e}" for e in view["log"][-12:]]
    lines += ["", f"{d['actor'] or 'nobody'} to act: {d['prompt']}"]
    return "\n".join(lines)
