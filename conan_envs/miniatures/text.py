"""The pending decision's context in words (each frame's ``sentence`` makes the prompt of it,
frames.py) and the text board printed from a view (rulebook "Game Play": what the players see
on the table)."""
from __future__ import annotations

from typing import Any

from . import view as mview
from .data import MiniaturesData
from .records import MiniFrame


def decision_context(s: MiniaturesData, fr: MiniFrame) -> dict[str, Any]:
    """The view's context of the pending decision `fr`: its facts (view.decision_record) with
    names instead of indices. The frame's ``sentence`` turns it into the prompt."""
    return mview.named_record(s, mview.decision_record(s, fr))


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
