"""Readable text: the board (str(state)) and action names in the rulebook's words."""
from __future__ import annotations

from . import content as C
from .diplomacy import GOODS, SHARES


def action_string(s, action: int) -> str:
    seg, i = s.game.codec.decode(action)
    if seg == "pass":
        return {"answer": "reject", "swap_answer": "reject", "ability": f"decline {s.prompt}",
                "resolution": "pass (no more cards)", "card_play": "pass"}.get(s.dec, "pass")
    if seg == "ability":
        return f"use {s.prompt}"
    if seg == "play":
        verb = {"resolution": "play face down", "deal_choose": "hand over"}.get(s.dec, "play")
        return f"{verb} {C.NAME[i]}"
    if seg == "place":
        c, a = divmod(i, C.NUM_ADVENTURES)
        return f"place {C.NAME[C.CH0 + c]} face down on {C.NAME[C.AD0 + a]}"
    if seg == "adventure":
        return f"{'place Hero on' if s.dec == 'setup_hero' else 'move to'} {C.NAME[C.AD0 + i]}"
    if seg == "bet":
        return f"wager {i + 1} DP"
    if seg == "share":
        return f"alliance: proposer keeps {SHARES[i]}/6 of each gain"
    if seg in ("give", "get"):
        return f"{seg} {GOODS[i]}"
    return s.game.codec.name(action)


def board(s) -> str:
    lines = [f"Conan card game - round {s.turn}, {s.phase} phase, "
             f"{'game over' if s.winner != -1 else f'player_{s.actor} to {s.decision()}'}"]
    if s.winner >= 0:
        lines.append(f"winner: player_{s.winner}")
    for p in s.order:
        h = C.NAME[C.H0 + s.hero[p]] if s.hero[p] >= 0 else "?"
        where = C.NAME[C.AD0 + s.pos[p]] if s.pos[p] >= 0 else "no adventure"
        extra = []
        if not s.alive[p]:
            extra.append("ELIMINATED")
        if s.used[p]:
            extra.append("ability used")
        if s.ally[p] >= 0:
            extra.append(f"ally {C.NAME[C.CH0 + s.ally[p]]}")
        if s.partner[p] >= 0:
            extra.append(f"allied with player_{s.partner[p]}")
        if s.items[p]:
            extra.append("items: " + ", ".join(C.NAME[c] for c in s.items[p]))
        lines.append(f"  player_{p}: {h}, {s.dp[p]} DP, {len(s.hand[p])} cards, at {where}"
                     + (f" ({'; '.join(extra)})" if extra else ""))
    for a in range(C.NUM_ADVENTURES):
        if s.adv_state[a] == 1:
            pile = ", ".join((C.NAME[C.CH0 + c] if s.ch_up[c] else "face-down")
                             + f" [player_{s.ch_placer[c]}]" for c in s.stack[a])
            lines.append(f"  {C.NAME[C.AD0 + a]} (player_{s.adv_owner[a]}, difficulty "
                         f"{C.DIFFICULTY[a]}, loot {C.LOOT[a]}): {pile or 'no challenges'}")
    for a, p, cards, items in s.owed:
        lines.append(f"  {C.NAME[C.AD0 + a]} completed by player_{p}, face up until its Loot is "
                     f"applied: {cards} card(s) and {items} Magic item(s) owed")
    lines.append(f"  deck {len(s.deck)}, discard {len(s.discard)}, magic items {len(s.magic_deck)}")
    if s.w is not None:
        w = s.w
        what = C.NAME[C.CH0 + w["chal"]] if w["chal"] >= 0 else f"duel with player_{w['opp']}"
        lines.append(f"  wager: player_{w['hero']} vs player_{w['opp']} on {what}: bets {w['bets']}, "
                     f"{len(w['cards'])} cards face down")
    if s.offer is not None:
        lines.append(f"  offer: {s.offer}")
    return "\n".join(lines)
