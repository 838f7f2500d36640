"""Scenario objectives and special rules (the scenarios' own pages): "In the Clutches of the
Picts" (Yselda hidden in a hut the Overlord picks in secret, Zogar Sag's head, fleeing),
"Hunting the Tigress" (Bêlit must live; Zaporavo and Skuthus must die), "In the Heart of
Darkness" (Skuthus must die; petrified monsters), "For All of Ophir's Gold" (carry Olivia out)
the designed "The Captain of the Ruined Fort" and "The Stygian Temptress" (Thalis and the
Princess must die), and "The Final Ritual" (the invocation marker; its rules in ritual.py).
Heroes with no one left on the board lose (ruling).
"""
from __future__ import annotations

HEROES, OVERLORD = 0, 1
OFF, ESCAPED = -10, -12


def hide_mask(s, fr, mask, codec):
    o = codec.offsets["area"]
    for a in s.game.huts:
        mask[o + a] = True


def hide_apply(s, fr, seg, a):
    """The Overlord secretly picks the hut that hides Yselda."""
    s.stack.pop()
    s.yselda_hut = a
    s.log_event(f"You hide Yselda in {s.game.board.names[a]}", to=s.game.overlord)


def on_hero_enter(s, h: int, area: int):
    s.searched[area] = True
    g = s.game
    if s.yselda_hut >= 0 and area == s.yselda_hut and s.o_loc[g.captive] == OFF and s.winner < 0:
        s.o_loc[g.captive] = area   # she appears when a hero first enters her hut
        s.log_event(f"{g.heroes[h].name} finds Yselda in {g.board.names[area]}")


def flee(s, h: int):
    """Fleeing: the hero leaves the board for good with what they carry."""
    carried = -1 - h
    for o, loc in enumerate(s.o_loc):
        if loc == carried:
            s.o_loc[o] = ESCAPED
    s.h_state[h] = 2
    s.h_area[h] = -1
    s.mp[h] = 0


def on_model_death(s, m: int, area: int):
    """Zogar Sag leaves his head, Arbanus his Key, where they fall."""
    g = s.game
    o = g.drops.get(g.model_tile[m], -1)
    if o >= 0:
        s.o_loc[o] = area


def on_hero_death(s, h: int):
    if s.game.objective == "tigress" and s.game.hero_keys[h] == "belit":
        s.winner = OVERLORD


def _dead(s, key: str) -> bool:
    g = s.game
    t = g.tile_index[key]
    return all(s.u_area[m] < 0 for m in g.tile_models[t])


def check(s):
    if s.winner >= 0:
        return
    g = s.game
    if g.objective == "clutches":
        if s.o_loc[g.captive] == ESCAPED and s.o_loc[g.zogar_head] == ESCAPED:
            s.winner = HEROES
    elif g.objective == "tigress":
        if _dead(s, "zaporavo") and _dead(s, "skuthus"):
            s.winner = HEROES
    elif g.objective == "kill_captain":
        if _dead(s, "captain"):
            s.winner = HEROES
    elif g.objective == "rescue":
        if s.o_loc[g.captive] == ESCAPED:
            s.winner = HEROES
    elif g.objective == "ritual":
        if s.invocation <= 0:
            s.winner = HEROES
    elif g.objective == "kill_all":
        if all(_dead(s, k) for k in g.scenario["kill"]):
            s.winner = HEROES
    elif g.objective == "kill_skuthus":
        if _dead(s, "skuthus"):
            s.winner = HEROES
    if s.winner < 0 and 0 not in s.h_state:   # no hero left on the board
        s.winner = OVERLORD


def round_over(s):
    """The end of the last round decides the scenario's way."""
    if s.winner < 0 and s.turn >= s.game.rounds:
        s.winner = HEROES if s.game.scenario["at_round_limit"] == "heroes" else OVERLORD
