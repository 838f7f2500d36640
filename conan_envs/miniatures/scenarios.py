"""Scenario objectives and special rules (the scenarios' own pages): "In the Clutches of the
Picts" (Yselda hidden in a hut the Overlord picks in secret, Zogar Sag's head, fleeing),
"Hunting the Tigress" (Bêlit must live; Zaporavo and Skuthus must die), "In the Heart of
Darkness" (Skuthus must die; petrified monsters), "For All of Ophir's Gold" (carry Olivia out)
the designed "The Captain of the Ruined Fort" and "The Stygian Temptress" (Thalis and the
Princess must die), and "The Final Ritual" (the invocation marker; its rules in ritual.py).
Heroes with no one left on the board lose (ruling).
"""
from __future__ import annotations

from typing import Any

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from .constants import ESCAPED, OFF, Winner
from .data import MiniaturesData
from .frames import Hide

HEROES, OVERLORD = Winner.HEROES, Winner.OVERLORD


def hide_mask(s: MiniaturesData, fr: Hide, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["area"]
    for a in s.game.huts:
        mask[o + a] = True


def hide_apply(s: MiniaturesData, fr: Hide, seg: str, a: int) -> None:
    """The Overlord secretly picks the hut that hides Yselda."""
    s.pop()
    s.yselda_hut = a
    s.log_event(f"You hide Yselda in {s.game.board.names[a]}", to=s.game.overlord)


def on_hero_enter(s: MiniaturesData, h: int, area: int) -> None:
    s.searched[area] = True
    g = s.game
    if s.yselda_hut >= 0 and area == s.yselda_hut and s.o_loc[g.captive] == OFF and s.winner < 0:
        s.o_loc[g.captive] = area   # she appears when a hero first enters her hut
        s.log_event(f"{g.heroes[h].name} finds Yselda in {g.board.names[area]}")


def flee(s: MiniaturesData, h: int) -> None:
    """Fleeing: the hero leaves the board for good with what they carry."""
    carried = -1 - h
    for o, loc in enumerate(s.o_loc):
        if loc == carried:
            s.o_loc[o] = ESCAPED
    s.h_state[h] = 2
    s.h_area[h] = -1
    s.mp[h] = 0


def on_model_death(s: MiniaturesData, m: int, area: int) -> None:
    """Zogar Sag leaves his head, Arbanus his Key, where they fall."""
    g = s.game
    o = g.drops.get(g.model_tile[m], -1)
    if o >= 0:
        s.o_loc[o] = area


def on_hero_death(s: MiniaturesData, h: int) -> None:
    if s.game.objective == "tigress" and s.game.hero_keys[h] == "belit":
        s.winner = OVERLORD


def _dead(s: MiniaturesData, key: str) -> bool:
    g = s.game
    t = g.tile_index[key]
    return all(s.u_area[m] < 0 for m in g.tile_models[t])


def check(s: MiniaturesData) -> None:
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


def round_over(s: MiniaturesData) -> None:
    """The end of the last round decides the scenario's way."""
    if s.winner < 0 and s.turn >= s.game.rounds:
        s.winner = HEROES if s.game.scenario["at_round_limit"] == "heroes" else OVERLORD


# ---- the goal, in words (the view and the text board) ---------------------------------------
GOALS = {
    "clutches": "The heroes win when Yselda and Zogar Sag's head have both left the board with "
                "fleeing heroes; the side that kills Yselda loses; the Overlord wins at the end "
                "of round {rounds}.",
    "tigress": "The heroes win when Zaporavo and Skuthus are both dead, or at the end of round "
               "{rounds}; the Overlord wins if Bêlit dies.",
    "kill_captain": "The heroes win when the Captain is dead; the Overlord wins at the end of "
                    "round {rounds}.",
    "kill_skuthus": "The heroes win when Skuthus is dead; the Overlord wins at the end of round "
                    "{rounds}.",
    "rescue": "The heroes win when Olivia has left the board with a fleeing hero; the side that "
              "kills her loses; the Overlord wins at the end of round {rounds}.",
    "kill_all": "The heroes win when {kill} are all dead; the Overlord wins at the end of round "
                "{rounds}.",
    "ritual": "The heroes win when the invocation marker reaches 0, or at the end of round "
              "{rounds}; the Overlord wins when one of his models stands in the priestess's "
              "area.",
}


def _where_object(s: MiniaturesData, o: int) -> str:
    loc = s.o_loc[o]
    g = s.game
    if loc == ESCAPED:
        return "off the board (saved)"
    if loc >= 0:
        return g.board.names[loc]
    if loc >= -g.num_heroes:
        return "carried by " + g.heroes[-1 - loc].name
    return "not on the board"


def _life(s: MiniaturesData, key: str) -> str:
    g = s.game
    t = g.tile_index[key]
    if _dead(s, key):
        return "dead"
    return ", ".join(f"{s.u_life[m]} life in {g.board.names[s.u_area[m]]}"
                     for m in g.tile_models[t] if s.u_area[m] >= 0)


def goal(s: MiniaturesData) -> dict[str, Any]:
    """The scenario's goal and how far each side has come (every fact here is also in the
    observation: objects' places, models' life and places, the invocation marker, the round)."""
    g = s.game
    kill = [g.tiles[g.tile_index[k]].name for k in g.scenario.get("kill", ())]
    text = GOALS[g.objective].format(rounds=g.rounds, kill=" and ".join(kill)) + (
        " With no hero left on the board the Overlord wins.")
    progress: dict[str, Any] = {"rounds_left": max(0, g.rounds - s.turn)}
    if g.objective == "clutches":
        hidden = s.o_loc[g.captive] == OFF
        progress["Yselda"] = "hidden in an unsearched hut" if hidden else _where_object(s, g.captive)
        progress["Zogar Sag"] = _life(s, "zogar_sag")
        if s.o_loc[g.zogar_head] != OFF:
            progress["Zogar Sag's head"] = _where_object(s, g.zogar_head)
    elif g.objective == "tigress":
        progress["Zaporavo"] = _life(s, "zaporavo")
        progress["Skuthus"] = _life(s, "skuthus")
        b = g.hero_keys.index("belit") if "belit" in g.hero_keys else -1
        if b >= 0:
            progress["Bêlit"] = ("alive" if s.h_state[b] == 0 else "dead" if s.h_state[b] == 1
                                 else "fled")
    elif g.objective == "kill_captain":
        progress["Captain"] = _life(s, "captain")
    elif g.objective == "kill_skuthus":
        progress["Skuthus"] = _life(s, "skuthus")
    elif g.objective == "rescue":
        progress["Olivia"] = _where_object(s, g.captive)
        if s.o_loc[g.key] != OFF:
            progress["Key"] = _where_object(s, g.key)
    elif g.objective == "kill_all":
        for k, name in zip(g.scenario["kill"], kill):
            progress[name] = _life(s, k)
    elif g.objective == "ritual":
        progress["invocation"] = s.invocation
        progress["relics"] = len(s.relics)
    return {"text": text, "progress": progress}
