"""The text board of The Adventures of Conan, printed from one role's view (str(state),
render()): the round and Event, each character (its dice, the primary ones marked), the Plot
track, the face-up cards with their requirements, the Encounter track, every kingdom with its
borders and what lies there, what is being resolved, the recent events and the prompt."""
from __future__ import annotations

from typing import Any

from .content import CONAN, content

C = content()


def face_name(f):
    return C.face_names[f]


def name_of(s: Any, p: int) -> str:
    """A player in the log, in the game's words: its character's name (Conan, Thoth-Amon,
    Janissa, ...)."""
    kind = s.rk[p]
    return str(C.characters[kind][s.char[p] if kind != CONAN else 0]["name"])


def _counts(d):
    return ", ".join(f"{k} x{v}" for k, v in d.items()) or "none"


def _card(c, kind):
    if c is None:
        return "(empty)"
    head = f"{c['name']} ({c['kingdom']})"
    if kind == "adventure":
        return (f"{head}: needs {', '.join(c['needs'])}; {c['victory_points_per_die']} VP per die; "
                f"reward {', '.join(c['reward'])}")
    return (f"{head}: needs {', '.join(c['needs'])}; reward {', '.join(c['reward'])}; "
            f"penalty {', '.join(c['penalty'])}")


def render(v: dict) -> str:
    lines = [f"The Adventures of Conan, as {v['role']} sees it. Round {v['round']}, {v['phase']}"
             + (" (last round)" if v["last_round"] else "")
             + f"; turn order {', '.join(v['turn_order'])}"]
    e = v["event"]
    if e:
        lines.append(f"Event: {e['name']}, play {e['direction']}; Plot bonus: "
                     f"{', '.join(e['plot_bonus'])}")
    lines.append("")
    for p in v["players"]:
        ab = p["ability"]
        who = p["character"] if p["character"] == p["kind"] else f"{p['character']}, {p['kind']}"
        where = p["kingdom"] if p["kingdom"] == "with Conan" else f"in {p['kingdom']}"
        lines.append(f"{p['role']} ({who}) {where}: "
                     f"{p['victory_points']} VP, {p['gold']} Gold, Plot space {p['plot_space']}, "
                     "Achievements " + ", ".join(f"{k} {x}" for k, x in p["achievements"].items()))
        lines.append(f"    ability: {ab['face_up']}" + (" (used this round)" if ab["used_this_round"] else "")
                     + f"; other side: {ab['other_side']}")
        lines.append(f"    Fate tokens: {_counts(p['fate_tokens'])}; God tokens: "
                     f"{', '.join(p['god_tokens']) or 'none'}; Adventure cards: "
                     f"{', '.join(p['adventure_cards']) or 'none'}")
        known = p.get("supply_tokens", p.get("supply_tokens_you_know"))
        lines.append(f"    Challenge tokens: {p['challenge_tokens_in_supply']} in supply"
                     + (f" ({', '.join(known)})" if known else "")
                     + (f"; face up: {', '.join(p['face_up_challenge_tokens'])}"
                        if p["face_up_challenge_tokens"] else ""))
        dice = "; ".join(f"{d['die']}{' primary' if d['primary'] else ''}: {d['result']} [{d['zone']}]"
                         + (" (set for the next phase)" if d["set_for_next_phase"] else "")
                         for d in p["dice"])
        lines.append(f"    dice (number, primary or not: result [where]): {dice}")
    t = v["plot_track"]
    lines += ["", "Plot track (markers: " + ", ".join(f"{r} {x}" for r, x in t["markers"].items()) + ")"]
    for c in t["cards"]:
        lines.append(f"  chapter {c['chapter']} ({c['plot']}{', skip' if c['skip'] else ''}): "
                     f"required {', '.join(c['required'])}; bonus {', '.join(c['bonus']) or 'none'}; "
                     "rewards " + "; ".join(f"{k}: {', '.join(r)}" for k, r in c["rewards"].items()))
    lines += ["", "Adventures:"] + [f"  {j + 1}. {_card(c, 'adventure')}"
                                    for j, c in enumerate(v["adventures"])]
    lines += ["Encounters:"] + [f"  {j + 1}. {_card(c, 'encounter')}"
                                for j, c in enumerate(v["encounters"])]
    lines.append("Encounter track: " + "; ".join(
        f"{x['space']} ({'/'.join(x['symbols'])}): "
        + (f"{x['role']} {x['result']}" if x["role"] else "free") for x in v["encounter_track"]))
    lines.append("Kingdoms (type; attributes; borders: what lies there):")
    for k in v["kingdoms"]:
        bits = []
        if k["characters"]:
            bits.append(", ".join(k["characters"]))
        if k["challenge_token"]:
            bits.append(f"Challenge token: {k['challenge_token']}")
        if k["temples_of_set"]:
            bits.append(f"{k['temples_of_set']} Temple(s) of Set")
        if k["fate_tokens"]:
            bits.append(f"Fate tokens {_counts(k['fate_tokens'])}")
        lines.append(f"  {k['name']} ({'/'.join(k['types'])}{', vast' if k['vast'] else ''}; "
                     f"{', '.join(k['attributes'])}; borders {', '.join(k['borders'])})"
                     + (": " + "; ".join(bits) if bits else ""))
    gods = ", ".join(f"{g} ({x} Gold)" for g, x in v["god_tokens_in_supply"].items()) or "none"
    lines.append(f"God tokens in supply: {gods}; "
                 f"Fate tokens in supply: {_counts(v['fate_tokens_in_supply'])}")
    if v["scried_top_cards"]:
        lines.append("You scried: " + ", ".join(f"top {k} card {c}"
                                                for k, c in v["scried_top_cards"].items()))
    a = v["adventure_attempt"]
    if a:
        lines.append(f"Adventure attempted: {_card(a['adventure'], 'adventure')}; applied: "
                     + (", ".join(f"{x['role']} die {x['die']} {x['result']}"
                                  for x in a["applied"]) or "none")
                     + (" (completed)" if a["completed"] else ""))
    f = v["encounter_faced"]
    if f:
        lines.append(f"Encounter faced: {f['encounter']['name']}; still needed: "
                     f"{', '.join(f['needs_left']) or 'none'}; failed: {', '.join(f['failed']) or 'nobody'}")
    if v["fight"]:
        x = v["fight"]
        lines.append(f"Fight: {x['role']} against {x['against']}: {x['hits_so_far']} of "
                     f"{x['hits_needed']} hits")
    if v["duel"]:
        x = v["duel"]
        lines.append(f"Duel in {x['kingdom']}: {x['attacker']} against {x['defender']}, hits "
                     + ", ".join(f"{r} {h}" for r, h in x["hits"].items()))
    if v["winners"] is not None:
        lines.append(f"Game over; winners: {', '.join(v['winners'])}")
    lines += ["", "Recent events:"] + [f"  {x}" for x in v["log"][-15:]]
    d = v["decision"]
    lines += ["", f"{d['actor'] or 'nobody'} to act: {d['prompt']}"]
    return "\n".join(lines)
