"""Static content of The Tower of the Elephant (Game Components; Conan Character Card; Example
Enemy Card; The Skill/Item Deck; Yara's Plots and Plans; Resolve Initiative; the Scenario Book's
locations), read once from data/*.yaml into plain tuples shared by every state."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from conan_envs.engine import load_yaml

from .grid import Grid

PKG = "conan_envs.tower"
ROWS = ("LEAP", "BLOCK", "RIPOSTE", "SLASH", "BIG SWING")


class DiceRow(IntEnum):
    """The rows of Conan's Action Dice card (The Basics: the Conan card), in ROWS' order."""
    LEAP = 0
    BLOCK = 1
    RIPOSTE = 2
    SLASH = 3
    SWING = 4  # BIG SWING


LEAP, BLOCK, RIPOSTE, SLASH, SWING = DiceRow
ROW_LEN = 7
SIDES = {"conan": 0, "yara": 1}
FATIGUE_TOKEN, RAGE_TOKEN = 7, 8  # items in a row: 1..6 are dice, 7/8 tokens


class Row(NamedTuple):
    """A row of an enemy card: the die results it takes, what it does, and how far."""

    lo: int       # the lowest die result on the row
    hi: int       # the highest
    kind: str     # block, riposte, hitriposte, hit, rollhit, bite, venom, curse, ...
    param: Any    # the row's number: a bite's hits, a rolled hit's or a riposte's target
    range: int    # squares an attack on the row reaches (1: adjacent)
Effect = tuple[Any, ...]                # a card's or a test's effect: its kind, then its values


@dataclass(frozen=True)
class EnemyKind:
    key: str
    name: str
    dice: int
    xp: int
    move: int
    life: int
    rows: tuple[Row, ...]
    auto: tuple[int, ...]  # (result, row)
    ignores_blocking: bool
    ignores_blocking_at: tuple[str, ...]
    ability: Effect  # (name, kind, cost, range, param) or ()
    bow: int
    row_of: tuple[int, ...]  # die result -> row index (index 0 unused)

    @property
    def max_range(self) -> int:
        return max((r.range for r in self.rows if r.kind in ATTACK_KINDS), default=1)


ATTACK_KINDS = ("hit", "rollhit", "bite", "hitriposte", "venom", "curse")


@dataclass(frozen=True)
class EnemyCard:
    name: str
    kind: EnemyKind


@dataclass(frozen=True)
class Test:
    name: str
    need: int
    count: int
    optional: bool
    solo_only: bool
    requires: str
    on_pass: tuple[Effect, ...]
    on_fail: tuple[Effect, ...]


@dataclass(frozen=True)
class Location:
    key: str
    name: str
    grid: Grid
    conan: int
    enemies: tuple[tuple[int, int], ...]  # ((card index, square), ...)
    tests: tuple[Test, ...]
    taurus: bool
    end_events: tuple[str, ...]
    battle_draw: int
    battle_keep: int
    no_plots: bool
    first_swing: int   # -1, or the side (0 Conan, 1 Yara) that goes first every round
    token: int         # the side holding the Initiative Token at the start (Conan unless noted)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    level: int
    size: str
    xp: int
    effect: Effect
    between: bool
    when: str


def _rows(spec: list[dict[str, Any]]) -> tuple[Row, ...]:
    out = []
    for r in spec:
        lo, hi = r["results"]
        param = r.get("t", r.get("n", 0))
        out.append(Row(lo, hi, r["kind"], param, r.get("range", 1)))
    return tuple(out)


def _ability(a: dict[str, Any] | None) -> Effect:
    if not a:
        return ()
    return (a["name"], a["kind"], a["cost"], a.get("range", 0), a.get("token", a.get("n", 0)))


def load() -> dict[str, Any]:
    """All content as one plain namespace-like dict (cached by the YAML loader)."""
    ed = load_yaml(PKG, "enemies")
    kinds = {}
    for key, k in ed["kinds"].items():
        rows = _rows(k["rows"])
        row_of = [0] * 7
        for i, (lo, hi, *_rest) in enumerate(rows):
            for v in range(lo, hi + 1):
                row_of[v] = i
        kinds[key] = EnemyKind(key, k["name"], k["dice"], k["xp"], k["move"], k["life"], rows,
                               tuple(k["auto"]), bool(k.get("ignores_blocking", False)),
                               tuple(k.get("ignores_blocking_at", ())), _ability(k.get("ability")),
                               k.get("bow", 0), tuple(row_of))
    cards = [EnemyCard(f"{kinds[key].name} {n}", kinds[key]) for key, n in ed["cards"]]
    cards.append(EnemyCard("Yara", kinds["yara"]))
    card_index = {}
    for i, (key, n) in enumerate(ed["cards"]):
        card_index[f"{key} {n}"] = i
    card_index["yara"] = len(cards) - 1

    cd = load_yaml(PKG, "cards")
    locs = []
    for L in load_yaml(PKG, "locations")["locations"]:
        grid = Grid(L["grid"])
        tests = tuple(
            Test(t["name"], t["need"], t["count"], t["optional"], t.get("solo_only", False),
                 t.get("requires", ""), tuple(tuple(e) for e in t["pass"]),
                 tuple(tuple(e) for e in t["fail"]))
            for t in L["tests"])
        b = L.get("battle", {})
        locs.append(Location(
            L["id"], L["name"], grid, grid.sq(*L["conan"]),
            tuple((card_index[e[0]], grid.sq(e[1], e[2])) for e in L["enemies"]), tests,
            bool(L.get("taurus", False)), tuple(L.get("end_events", ())), b.get("draw", 0),
            b.get("keep", b.get("draw", 0)), bool(b.get("no_plots", False)),
            SIDES.get(L.get("first_swing", ""), -1), SIDES[L.get("initiative_token", "conan")]))

    skills = tuple(Card(s["id"], s["name"], s["level"], "", 0, tuple(s["effect"]), False, "")
                   for s in cd["skills"])
    items = tuple(Card(s["id"], s["name"], 0, s["size"], s["xp"], tuple(s["effect"]),
                       bool(s.get("between", False)), "") for s in cd["items"])
    item_deck = tuple(i for i, s in enumerate(cd["items"]) for _ in range(s["copies"]))
    inits = tuple((c["name"], tuple(c["conan"]), tuple(c["yara"])) for c in cd["initiative"])
    init_deck = tuple(i for i, c in enumerate(cd["initiative"]) for _ in range(c["copies"]))
    plots = tuple(Card(p["id"], p["name"], 0, "", 0, tuple(p["effect"]), False, p["when"])
                  for p in cd["plots"])
    plot_deck = tuple(i for i, p in enumerate(cd["plots"]) for _ in range(p["copies"]))
    conan = cd["conan"]
    accepts = tuple(tuple(tuple(a) for a in conan["rows"][r]["accepts"]) for r in ROWS)
    # per row and slot, the die results (1-6) that slot accepts
    slot_results = tuple(tuple(tuple(range(max(lo, 1), min(hi, 6) + 1)) for lo, hi in row)
                         for row in accepts)
    return {
        "kinds": kinds, "cards": tuple(cards), "locations": tuple(locs), "skills": skills,
        "items": items, "item_deck": item_deck, "initiative": inits, "init_deck": init_deck,
        "plots": plots, "plot_deck": plot_deck, "conan": conan, "accepts": accepts,
        "slot_results": slot_results,
        "leap_move": tuple(conan["rows"]["LEAP"]["move"]),
        "riposte": tuple(map(tuple, conan["riposte"])), "slash": tuple(map(tuple, conan["slash"])),
        "swing": tuple(map(tuple, conan["swing"])), "heart": [s["name"] for s in cd["items"]].index(
            "The Elephant's Heart"),
        "taurus": cd["taurus"],
    }
