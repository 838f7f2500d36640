"""A readable text board (DESIGN.md: str(state))."""
from __future__ import annotations

from .content import CT_KINDS, FATE_KINDS, GODS, TRACKS, content
from .dicepool import ZONE_NAMES

C = content()


def face_name(f):
    kind, a, b = C.faces[f]
    from .content import SYMBOLS
    if kind == "wild":
        return "wild"
    if kind == "split":
        return f"{SYMBOLS[a]}|{SYMBOLS[b]}"
    if kind == "double":
        return f"{SYMBOLS[a]}x2"
    return SYMBOLS[a]


def render(s):
    roles = s.game.roles
    lines = [f"Round {s.turn + 1}, {s.phase} phase; order {[roles[p] for p in s.order]}"]
    if s.ev_cur >= 0:
        lines.append(f"Event: {C.events[s.ev_cur]['name']}")
    for p in range(s.n):
        loc = C.kingdoms[s.loc[p]] if s.loc[p] >= 0 else "(with Conan)"
        fate = ", ".join(f"{FATE_KINDS[k]}x{c}" for k, c in enumerate(s.fate[p]) if c) or "-"
        dice = " ".join(f"{face_name(s.face[p][i])}[{ZONE_NAMES[s.zone[p][i]]}]"
                        for i in range(len(s.zone[p])))
        lines.append(f"{roles[p]}: {s.vp[p]} VP, {s.gold[p]} gold, in {loc}; plot {s.plot[p]}; "
                     + "ach " + "/".join(f"{TRACKS[t]} {s.ach[p][t]}" for t in range(3))
                     + f"; fate {fate}; gods {[GODS[g] for g in s.gods[p]]}; "
                     f"{len(s.ct_hand[p])} tokens in supply; card "
                     f"{[CT_KINDS[C.ct[t][0]] for t in s.ct_card[p]]}\n    dice: {dice}"
                     + (f" (die {s.held[p]} set for the next phase)" if s.held[p] >= 0 else ""))
    board = [C.kingdoms[k] + ("[?]" if s.ct_board[k] >= 0 else "") + ("[temple]" * len(s.temple[k]))
             for k in range(len(C.kingdoms)) if s.ct_board[k] >= 0 or s.temple[k]]
    lines.append("Challenge tokens: " + (", ".join(board) or "none"))
    lines.append("Adventures: " + ", ".join(
        f"{C.adventures[a]['name']} ({C.kingdoms[C.adv_kingdom[a]]})" for a in s.adv_face if a >= 0))
    lines.append("Encounters: " + ", ".join(
        f"{C.encounters[e]['name']} ({C.encounters[e]['match']})" for e in s.enc_face if e >= 0))
    track = [f"{roles[p]}:{face_name(s.face[p][d])}" if p >= 0 else "-"
             for p, d in zip(s.track_p, s.track_d)]
    lines.append(f"Encounter track: {track}")
    if s.over:
        lines.append(f"Game over; winners: {[roles[p] for p in s.winners]}")
    elif s.dec is not None:
        lines.append(f"{roles[s.dec['p']]} to decide: {s.dec['k']}")
    return "\n".join(lines)
