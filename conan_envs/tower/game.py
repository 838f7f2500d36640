"""The Tower of the Elephant: static facts, configuration and the flat action space
(Setting Up the Game; Game Turn Structure). The rules live in the state modules."""
from __future__ import annotations

from typing import Any

from conan_envs.engine import ActionCodec, ConfigError
from conan_envs.engine.options import Choice, Either, Int, Names, max_turns

from . import content
from .content import ROWS
from .encode import Encoder
from .fields import TowerRules
from .grid import CELLS, DIR_NAMES
from .state import TowerState

MAX_ENEMIES = 6
MINION_ROWS = 4


def build_codec(c: dict[str, Any]) -> ActionCodec:
    skills = [s.name for s in c["skills"]]
    items = [i.name for i in c["items"]]
    plots = [p.name for p in c["plots"]]
    return ActionCodec([
        ("pick_skill", skills),             # choose a skill (START or on levelling up)
        ("ready_skill", skills),            # READY an exhausted skill
        ("slot", [f"{v}->{r}" for v in range(1, 7) for r in ROWS]),
        ("reroll", [f"burn a {v}" for v in range(1, 7)]),   # burn a die to re-roll
        ("mark", [f"a {v}" for v in range(1, 7)]),          # choose dice to re-roll
        ("roll", 1),
        ("pair", [f"{v}s" for v in range(1, 7)]),
        ("choose_result", list(range(1, 7))),
        ("triple", [f"{v}s" for v in range(1, 7)]),
        ("triple_refill", 1),
        ("triple_discard", 1),
        ("triple_poison", 1),
        ("fatigue_token", ["BLOCK", "SLASH"]),
        ("rage_token", 1),
        ("pay", list(ROWS)),                # burn a die from this row for a test
        ("test_reroll", 1),
        ("done", 1),
        ("go_first", 1),
        ("game_effect", 1),
        ("step", DIR_NAMES),
        ("leap", [f"{k} dice" for k in range(1, 8)]),
        ("slash", [f"{k} dice" for k in range(1, 8)]),
        ("slash_stun", 1),
        ("swing", [f"{k} dice" for k in range(1, 8)]),
        ("block", ["a hit", "STUNNED", "RATTLED", "POISON"]),  # what a BLOCK die cancels
        ("riposte", [f"{k} dice" for k in range(1, 8)]),
        ("target", MAX_ENEMIES),
        ("enter", 1),
        ("square", CELLS),
        ("skill", skills),
        ("item", items),
        ("trade", items),
        ("discard_item", items),
        ("reserve", list(ROWS)),
        ("draw_item", 1),
        # Yara (Battle Mode)
        ("activate", MAX_ENEMIES),
        ("minion_reroll", [f"{e} row {r}" for e in range(MAX_ENEMIES) for r in range(MINION_ROWS)]),
        ("minion_mark", MINION_ROWS),
        ("burn_move", MINION_ROWS),
        ("attack", 1),
        ("ability", 1),
        ("minion_block", MINION_ROWS),      # burn a die of the struck minion's row to block
        ("plot", plots),
        ("put_top", plots),
        ("put_bottom", plots),
    ])


def _location_ids() -> tuple[str, ...]:
    return tuple(L.key for L in content.load()["locations"])


def _item_names() -> tuple[str, ...]:
    return tuple(i.name for i in content.load()["items"])


def _skill_names() -> tuple[str, ...]:
    return tuple(sk.name for sk in content.load()["skills"])


class TowerGame(TowerRules):
    env_id = "tower_v2"
    OPTIONS = {
        "mode": Choice("solo", "solo, or Battle Mode (Conan against Yara)", choices=("solo", "battle")),
        "start_location": Either(0, "location to start at (curriculum): an index or an id",
                                 kinds=(Int(0, lo=0, hi=8), Choice(0, choices=_location_ids))),
        "start_level": Int(0, "Conan's level at start_location", lo=0, hi=5),
        "start_items": Names((), "items Conan carries at start_location", choices=_item_names),
        "start_skills": Names((), "skills Conan holds there (empty: he chooses them)",
                              choices=_skill_names),
        "max_turns": max_turns(300, "combat rounds over the whole game"),
    }

    def _setup(self) -> None:
        self.state_class = TowerState
        cfg = self.config
        self.battle = cfg["mode"] == "battle"
        self.c = content.load()
        locs = self.c["locations"]
        start = cfg["start_location"]
        if isinstance(start, str):
            ids = [L.key for L in locs]
            if start not in ids:
                raise ConfigError(f"tower_v2: start_location must be one of {ids}")
            start = ids.index(start)
        self.start = start
        lvl = cfg["start_level"]
        names = [i.name for i in self.c["items"]]
        for n in cfg["start_items"]:
            if n not in names:
                raise ConfigError(f"tower_v2: unknown item {n!r}; items: {names}")
        self.start_items = tuple(names.index(n) for n in cfg["start_items"])
        skills = [sk.name for sk in self.c["skills"]]
        for n in cfg["start_skills"]:
            if n not in skills:
                raise ConfigError(f"tower_v2: unknown skill {n!r}; skills: {skills}")
            if self.c["skills"][skills.index(n)].level > lvl:
                raise ConfigError(f"tower_v2: skill {n!r} needs a higher start_level")
        if len(set(cfg["start_skills"])) != len(cfg["start_skills"]):
            raise ConfigError("tower_v2: start_skills repeats a skill")
        self.start_skills = tuple(skills.index(n) for n in cfg["start_skills"])
        self.codec = build_codec(self.c)
        self.roles = ("conan", "yara") if self.battle else ("conan",)
        self.num_actions = self.codec.size
        self.decoded = tuple(self.codec.decode(a) for a in range(self.num_actions))
        # each action as (the rule of its segment, the index within it): TowerFrame.apply
        self.plays = tuple((TowerState.ACTIONS[seg], i) for seg, i in self.decoded)
        self.encoder = Encoder(self)
        self._obs_size = self.encoder.size
        self._encode = self.encoder.encode

    def observation_shape(self, role: int) -> tuple[int, ...]:
        return (self._obs_size,)
