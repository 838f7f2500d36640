"""Readable text: the text board of one view, in the rulebook's words (action names are in
labels.py)."""
from __future__ import annotations

from typing import Any


# ---- the text board ----------------------------------------------------------------------------
def render(view: dict[str, Any]) -> str:
    me = view["role"]
    lines = [f"Conan card game, round {view['round']}, {view['phase']} (as {me} sees it; "
             f"{view['target_dp']} DP wins)"]
    if view["winner"]:
        lines.append(f"Game over: {'a draw' if view['winner'] == 'draw' else view['winner'] + ' wins'}")
    if view["tie_at_target"]:
        lines.append("A tie at the target: settled once all players complete the Hero Turn")
    lines.append("Players (in turn order):")
    for pl in sorted(view["players"], key=lambda x: x["turn_order"]):
        k = pl["cards_in_hand"]
        bits = [f"{pl['dp']} DP", f"{k} card{'' if k == 1 else 's'} in hand"]
        bits.append(f"Hero on {pl['adventure']}" if pl["adventure"] else "Hero on no Adventure")
        if pl["defeated"]:
            bits = ["DEFEATED"]
        if pl["must_enter"]:
            bits.append("expelled" + (f" from {pl['expelled_from']}" if pl["expelled_from"] else "")
                        + ": must enter another Adventure")
        if pl["ability_used"]:
            bits.append("ability used")
        if pl["ally"]:
            bits.append(f"Ally {pl['ally']}")
        if pl["alliance"]:
            al = pl["alliance"]
            bits.append(f"allied with {al['partner']} (keeps {al['keeps_of_each_gain']} of "
                        f"each gain; wager losses {al['wager_losses']}; the Loot's Magic items "
                        f"{al['loot_magic_items']})")
        if pl["lost_diplomacy_turn"]:
            bits.append("lost this Diplomacy Turn")
        if pl["magic_items"]:
            bits.append("Magic items: " + "; ".join(pl["magic_items"]))
        owed = pl["loot_owed"]
        if owed["cards"] or owed["magic_items"]:
            bits.append(f"Loot owed: {owed['cards']} cards, {owed['magic_items']} Magic items")
        you = " (you)" if pl["player"] == me else ""
        lines.append(f"  {pl['player']}{you}: {pl['hero']}")
        lines.append(f"      {', '.join(bits)}")
    lines.append("Your hand:" + ("" if view["hand"] else " empty"))
    for e in view["hand"]:
        lines.append(f"  {e['count']} x {e['card']}" if e["count"] > 1 else f"  {e['card']}")
    lines.append("Adventures:" + ("" if view["adventures"] else " none in play"))
    for adv in view["adventures"]:
        heroes = f"; Heroes: {', '.join(adv['heroes'])}" if adv["heroes"] else ""
        lines.append(f"  {adv['adventure']} - {adv['owner'] or 'no one'}'s, {adv['status']}{heroes}")
        for ch in adv["challenges"]:
            what = ch["card"] if ch["card"] else "unknown"
            side = "face up" if ch["face_up"] else "face down"
            lines.append(f"      {ch['position']}. {side}: {what} (placed by {ch['placed_by']})")
    lines.append(f"Draw deck {view['draw_deck']} cards, Magic item deck {view['magic_item_deck']}, "
                 f"discard pile {sum(e['count'] for e in view['discard_pile'])} cards")
    w = view["wager"]
    if w:
        what = w["challenge"] if w["kind"] == "Challenge" else f"a Duel against {w['opponent']}"
        lines.append(f"Wager: {w['hero']} faces {what} on {w['adventure']}; wagered "
                     + ", ".join(f"{k} {v} DP" for k, v in w["wagered"].items())
                     + f"; to match: {w['to_match']} DP")
        if w["attribute"]:
            src = f" of the {w['source']}" if w["source"] else ""
            lines.append(f"  attribute: {w['attribute']}{src}")
        for e in w["cards"]:
            who = f"{e['player']}: " if "player" in e else ""
            on = f" on the {e['on']}" if e["on"] else ""
            lines.append(f"  {who}{e['card'] or 'a card face down'}{on}")
        if w["cards_revealed"]:
            lines.append(f"  revealed: {w['hero']} has {w['hero_total']} against {w['against']}")
    if view["offer"]:
        lines.append(f"Offer: {view['offer']['terms']}")
    lines.append("Recent events:")
    lines += [f"  {e}" for e in view["log"][-15:]]
    d = view["decision"]
    lines.append(f"{d['actor'] or 'Nobody'} to act: {d['prompt']}" if d["actor"] else d["prompt"])
    return "\n".join(lines)
