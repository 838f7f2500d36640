"""Readable text: action names and the text board of one view, in the rulebook's words."""
from __future__ import annotations

from . import content as C
from .diplomacy import terms_words
from .hero_turn import NOBLE_BRIBE
from .wager import share_words

ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")

DECLINE = {
    "raider": "draw one card", "pillage": "decline Pillage",
    "rage": "decline Rage", "fury": "decline Fury", "veto": "let it be carried out",
    "deal_break": "keep the Deal",
}
USE = {
    "raider": "use Raider: draw three cards", "pillage": "use Pillage: one more Magic item",
    "mercenary": "use the Brotherhood of Mercenaries: the Ally costs nothing",
    "rage": "use Rage: the Barbarian's Strength", "fury": "use Fury: +2",
    "sermon_break": "use Sermon: break the Alliance and keep it all",
    "veto": "use Sermon: prevent it", "deal_break": "use Sermon: break the Deal, giving nothing",
}


def action_string(s, action: int) -> str:
    seg, i = s.game.codec.decode(action)
    roles = s.game.roles
    dec = s.dec
    w = s.w
    if seg == "pass":
        if dec == "ability":
            if s.prompt == "mercenary":
                return f"pay {C.ALLY_COST[w['chal']]} DP for the Ally"
            if s.prompt == "sermon_break":
                return f"give {roles[s.pend[1]]} {share_words(s.pend[2], s.pend[4])}"
            return DECLINE[s.prompt]
        return {"answer": "reject", "swap_answer": "reject", "swap_offer": "keep your Hero",
                "resolution": "pass (no more cards)", "deal_build": "withdraw the offer",
                "alliance_terms": "withdraw the offer"}.get(dec, "pass")
    if seg == "ability":
        return USE[s.prompt]
    if seg == "accept":
        return "accept the swap" if dec == "swap_answer" else "accept"
    if seg == "play":
        if dec == "resolution":
            return f"play {C.NAME[i]} face down"
        return f"play {C.WORDS[i]}"
    if seg == "place":
        c, a = divmod(i, C.NUM_ADVENTURES)
        return f"place {C.NAME[C.CH0 + c]} face down on {C.NAME[C.AD0 + a]}"
    if seg == "passage":
        return f"Secret Passage: move to {C.NAME[C.AD0 + i]}"
    if seg == "vision":
        a, k = divmod(i, C.MAX_DIFFICULTY)
        return f"Seer's Vision: look at the {ORDINAL[k]} Challenge on {C.NAME[C.AD0 + a]}"
    if seg == "adventure":
        return f"{'place Hero on' if dec == 'setup_hero' else 'move to'} {C.NAME[C.AD0 + i]}"
    if seg == "face":
        return "face the top Challenge"
    if seg == "scout_face":
        return f"face {C.NAME[C.CH0 + i]}"
    if seg == "fight":
        return f"fight {C.NAME[C.CH0 + w['chal']]}"
    if seg == "recruit":
        return f"recruit {C.NAME[C.CH0 + w['chal']]} as your Ally for {C.ALLY_COST[w['chal']]} DP"
    if seg == "duel":
        return f"challenge {roles[i]} to a Duel"
    if seg == "complete":
        a = s.pos[s.actor]
        return f"complete {C.NAME[C.AD0 + a]} and take its Loot ({C.loot_words(a)})"
    if seg == "steal_card":
        return f"Faster than the eye: take a random card from {roles[i]}'s hand"
    if seg == "steal_item":
        return f"Faster than the eye: take {C.WORDS[C.MG0 + i]}"
    if seg == "bribe":
        placer = s.ch_placer[s.stack[s.pos[s.actor]][-1]]
        return f"Bribery: pay {roles[placer]} {NOBLE_BRIBE} DP to discard the top Challenge"
    if seg == "bet":
        return f"wager {i + 1} DP" if dec == "bet_open" else f"raise to {i + 1} DP"
    if seg == "match":
        return f"match {w['cur']} DP"
    if seg == "withdraw":
        side = 0 if s.actor == w["hero"] else 1
        return f"withdraw (pay {w['bets'][side] or 1} DP)"
    if seg == "attribute":
        src, att = divmod(i, 3)
        return f"use {C.ATTRS[att]} of {_source(s, s.actor, src)} ({_value(s, s.actor, src, att)})"
    if seg == "duel_attribute":
        return f"fight the Duel with {C.ATTRS[i]}"
    if seg == "play_on":
        card, t = divmod(i, 2)
        target = w["hero"] if t == 0 else w["opp"]
        whose = "your Hero" if target == s.actor else f"{roles[target]}'s Hero"
        return f"play {C.NAME[card]} face down on {whose}"
    if seg == "swap":
        return f"offer {roles[i]} to swap your Hero for their {C.NAME[C.H0 + s.hero[i]]}"
    if seg == "deal":
        return f"propose a Deal to {roles[i]}"
    if seg == "alliance":
        return f"propose an Alliance to {roles[i]}"
    if seg == "give_dp":
        return f"you give {i + 1} DP"
    if seg == "ask_dp":
        return f"you ask for {i + 1} DP"
    if seg == "give_cards":
        return f"you give {i + 1} random card{'s' if i else ''} from your hand"
    if seg == "ask_cards":
        return f"you ask for {i + 1} random card{'s' if i else ''} from their hand"
    if seg == "give_card":
        return f"you give {C.WORDS[C.FACE_CARD[C.HAND_FACE0 + i]]}"
    if seg == "ask_card":
        return f"you ask for {C.WORDS[C.FACE_CARD[C.HAND_FACE0 + i]]}"
    if seg == "give_item":
        return f"you give {C.WORDS[C.MG0 + i]}"
    if seg == "ask_item":
        return f"you ask for {C.WORDS[C.MG0 + i]}"
    if seg == "propose":
        return "state the offer"
    if seg == "counter":
        return "make a counter-offer"
    if seg == "terms":
        return f"Alliance terms: {terms_words(i)}"
    return s.game.codec.name(action)


def _source(s, p, src) -> str:
    if src == 0:
        return "your Hero"
    if src == 1:
        return f"your Ally {C.NAME[C.CH0 + s.ally[p]]}"
    q = s.partner[p]
    return f"your ally {s.game.roles[q]}'s {C.NAME[C.H0 + s.hero[q]]}"


def _value(s, p, src, att) -> int:
    if src == 0:
        return C.HERO_ATTR[s.hero[p]][att]
    if src == 1:
        return C.CH_VALUE[s.ally[p]][att]
    return C.HERO_ATTR[s.hero[s.partner[p]]][att]


# ---- the text board ----------------------------------------------------------------------------
def render(view: dict) -> str:
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
