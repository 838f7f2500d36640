"""Conan, the miniatures game: heroes against the Overlord (rulebook: conan-miniatures-heroes.txt,
"Overview" and "Game Play"; the Overlord's side from the facts file, see docs/rulings/miniatures.md).

The Game holds everything static: the scenario, the hero sheets, the map with its precomputed
sight and distances, the unit tiles and their models, every object in play, and the action codec.
"""
from __future__ import annotations

from typing import Any

from conan_envs.engine import ActionCodec, Game, load_yaml
from conan_envs.engine.options import Choice, Int, Names, max_turns

from . import content
from .constants import (  # noqa: F401 - re-exported: the rules' numbers, by their old home
    MAX_ACTIVATIONS,
    MAX_DICE,
    MOVE_BENEFIT_LIMIT,
    OVERLORD_GUARD_LIMIT,
    SLOT_COSTS,
    SPACES,
)
from .layout import ObservationSlots, observation_size


class MiniaturesGame(Game):
    env_id = "miniatures_v2"
    obs_layout: dict[str, int]     # offset of each observation block (layout.py), and "size"
    obs_slots: ObservationSlots    # where each fact goes in the observation (layout.py)
    OPTIONS = {
        "scenario": Choice("clutches", "the scenario played", choices=lambda: tuple(scenario_names())),
        "num_heroes": Int(3, "number of heroes", lo=2, hi=4),
        "max_turns": max_turns(40, "rounds"),
        # Energy Drain targets a hero: in this engine it is the Overlord's (Skuthus) only
        "spells": Names((), "spells every Spell Caster hero carries instead of the scenario's "
                            "(empty: the scenario's)", choices=lambda: _hero_spell_keys()),
    }

    def _setup(self) -> None:
        nh = self.config["num_heroes"]
        sc = content.load_scenario(self.config["scenario"], nh)
        self.scenario = sc
        self.scenario_key = self.config["scenario"]
        self.faces = content.dice_faces()
        sheets = content.load_heroes()
        items = content.load_items()
        spells = content.load_spells()
        self.hero_keys = tuple(sc["heroes"][nh])
        self.heroes = tuple(sheets[k] for k in self.hero_keys)
        self.num_heroes = nh
        self.overlord = nh
        self.roles = (*self.hero_keys, "overlord")
        self.sides = (tuple(range(nh)), (nh,))  # the heroes win or lose together
        self.board = content.load_board(sc["map"])
        b = self.board
        self.num_areas = len(b.names)

        # unit tiles (the River's) and the allies' tile, then one entry per model
        self.tiles: list[content.Tile] = []
        self.tile_index = {}
        for key, spec in sc["tiles"].items():
            self.tile_index[key] = len(self.tiles)
            self.tiles.append(content.load_tile(key, spec))
        self.ally_tile = -1
        ally_spec = sc.get("allies")
        if ally_spec and ally_spec["leader"] in self.hero_keys:
            self.ally_tile = len(self.tiles)
            self.tiles.append(content.load_tile("allies", ally_spec, ally=True))
        self.model_tile = []
        for t, tile in enumerate(self.tiles):
            self.model_tile.extend([t] * tile.models)
        self.model_ally = tuple(self.tiles[t].ally for t in self.model_tile)
        self.model_skills = tuple(self.tiles[t].skills for t in self.model_tile)
        self.tile_models = [[m for m, t in enumerate(self.model_tile) if t == tt]
                            for tt in range(len(self.tiles))]
        self.num_models = len(self.model_tile)
        self.river_start = [self.tile_index[k] if k != "empty" else -1 for k in sc["river"]]
        self.event_tile = self.tile_index.get("event", -1)
        self.reinforcement_areas = tuple(b.index[a] for a in sc.get("reinforcement_areas", ()))
        self.event = sc.get("event", {})
        self.event_rocks = content.parse_dice(self.event.get("rocks_fall", ()))

        # every object in play: heroes' equipment, the asset deck, scenario objects
        self.objects: list[content.Item] = []
        self.object_start: list[tuple[Any, ...]] = []   # ("hero", h) | ("deck",) | ("off",)
        for h, key in enumerate(self.hero_keys):
            for it in sc["equipment"].get(key, ()):
                self.objects.append(items[it])
                self.object_start.append(("hero", h))
        for it in sc.get("deck", ()):
            self.objects.append(items[it])
            self.object_start.append(("deck",))
        # scenario objects: the captive (Yselda hidden in a hut, Olivia in her cell), Zogar
        # Sag's head and Arbanus's Key (both off the board until their owner dies)
        self.captive = self.zogar_head = self.key = -1
        captive = sc.get("captive")
        if captive:
            self.captive = len(self.objects)
            self.objects.append(items[captive["object"]])
            where = captive.get("area")
            self.object_start.append(("area", b.index[where]) if where else ("off",))
        for attr, spec in (("zogar_head", "zogars_head"), ("key", "key")):
            if spec in sc.get("dropped", {}).values():
                setattr(self, attr, len(self.objects))
                self.objects.append(items[spec])
                self.object_start.append(("off",))
        self.drops = {self.tile_index[t]: (self.zogar_head if o == "zogars_head" else self.key)
                      for t, o in sc.get("dropped", {}).items()}
        self.num_objects = len(self.objects)
        self.huts = tuple(a for a in range(self.num_areas) if b.hut[a])
        # borders that can open (wooden walls broken, doors removed): one index each
        self.openable_borders: dict[tuple[int, int], int] = {}
        for x in range(self.num_areas):
            for y in b.neighbors[x]:
                if x < y and b.border[x][y] in content.OPENABLE:
                    self.openable_borders[(x, y)] = len(self.openable_borders)
        self.chest_areas = tuple(b.index[a] for a in sc.get("chests", ()))
        self.chest_difficulty = int(sc.get("chest_difficulty", 2))

        # spells: one global list; each hero knows some of them
        self.spells = tuple(spells[k] for k in sorted(spells))
        self.spell_index = {s.key: i for i, s in enumerate(self.spells)}
        loadout = self._spell_loadout(spells)
        self.hero_spells = tuple(
            tuple(self.spell_index[s] for s in
                  (loadout if loadout is not None and "spell_caster" in sheets[k].skills
                   else sc.get("spells", {}).get(k, ())))
            for k in self.hero_keys)
        self.tile_spells = tuple(
            tuple(self.spell_index[x] for x in sc["tiles"].get(t.key, {}).get("spells", ()))
            for t in self.tiles)
        halo = self.spell_index["mitras_halo"]
        self.halo_cast = tuple(k in sc.get("halo_cast", ()) and halo in self.hero_spells[h]
                               for h, k in enumerate(self.hero_keys))
        self.hero_start = tuple(b.index[sc.get("hero_starts", {}).get(k, sc["hero_start"])]
                                for k in self.hero_keys)
        self.rounds = int(sc["rounds"])
        # The Final Ritual: barricades, relics, the priestess, the invocation marker
        self.barricades = tuple((b.index[x], b.index[y]) for x, y in sc.get("barricades", ()))
        self.barricade_of = {}
        for i, (x, y) in enumerate(self.barricades):
            self.barricade_of[(x, y)] = self.barricade_of[(y, x)] = i
        self.barricade_life = int(sc.get("barricade_life", 12))
        self.relic_start = tuple(b.index[x] for x in sc.get("relics", ()))
        self.priestess_area = b.index[sc["priestess"]] if sc.get("priestess") else -1
        self.invocation = int(sc.get("invocation", 0))
        self.horde_tiles = tuple(self.tile_index[k] for k in sc.get("event", {}).get("hordes", ()))
        self.overlord_first = bool(sc.get("overlord_first"))
        self.objective = sc["objective"]

        m, o, h = self.num_models, self.num_objects, self.num_heroes
        self.codec = ActionCodec([
            ("done", 1),
            ("hand", self.hero_keys),
            ("stance", ("aggressive", "cautious")),
            ("move", b.names),
            ("flee", 1),
            ("melee", m),
            ("ranged", m),
            ("hero", self.hero_keys),
            ("gems", tuple(range(13))),
            ("equip", o + 1),
            ("reroll", MAX_DICE),
            ("keep", 1),
            ("pickup", o),
            ("drop", o),
            ("give", o * h),
            ("take", o),
            ("throw", o),
            ("use", o),
            ("chest", 1),
            ("yes", 1),
            ("no", 1),
            ("area", b.names),
            ("spell", len(self.spells)),
            ("ally", m),
            ("activate", 8),
            ("benefit_move", 1),
            ("reinforce", len(self.tiles)),
            ("event", ("reinforcements", "outer dark demon", "volley", "free a petrified monster",
                       "rocks fall")),
            ("free", len(self.tiles)),
            ("sacrifice", m),
            ("target", m),
            ("door", b.names),
            ("barricade", max(1, len(self.barricades))),
            # issue 30: the next character an area attack strikes (models, heroes, captive)
            ("order", tuple(self.model_name(k) for k in range(m)) + self.hero_keys + ("captive",)),
        ])
        self.num_actions = self.codec.size
        self._obs_size = observation_size(self)

    def _spell_loadout(self, spells: dict[str, content.Spell]) -> list[str] | None:
        keys = list(self.config["spells"])
        return keys or None

    def observation_shape(self, role: int) -> tuple[int, ...]:
        return (self._obs_size,)

    def model_name(self, m: int) -> str:
        t = self.tiles[self.model_tile[m]]
        k = self.tile_models[self.model_tile[m]].index(m)
        return f"{t.name} #{k + 1}" if len(self.tile_models[self.model_tile[m]]) > 1 else t.name

    def object_name(self, o: int) -> str:
        return self.objects[o].name


def scenario_names() -> list[str]:
    return sorted(load_yaml(content.PKG, "scenarios"))


def _hero_spell_keys() -> tuple[str, ...]:
    return tuple(sorted(k for k in load_yaml(content.PKG, "spells") if k != "energy_drain"))
