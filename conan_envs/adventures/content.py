"""Static content of The Adventures of Conan (rulebook: Components, Dice Overview, The Kingdoms,
Kingdom Effect List, Glossary), read once from data/*.yaml into plain lookup tables.

Dice faces are numbered: ids 0..11 are the single results of every symbol (11 = Wild), the
split and double faces of the dice follow. A face's `can` bitmask lists the symbols it may
count as (Wild: everything but a Challenge token); `mult` is 2 for a double result.
"""
from __future__ import annotations

import functools
from enum import IntEnum
from typing import Any

from ..engine.content import load_yaml

PKG = "conan_envs.adventures"

SYMBOLS = ("char", "kingdom", "trade", "move", "thief", "pirate", "warrior", "scry", "sorcery",
           "gold", "challenge", "wild")
SYM = {n: i for i, n in enumerate(SYMBOLS)}
SYMBOL_NAMES = ("Character", "Kingdom", "Trade", "Move", "Thief", "Pirate", "Warrior", "Scry",
                "Sorcery", "Gold", "Challenge token", "Wild")


class Sym(IntEnum):
    """A die symbol (Dice Overview), in the order of SYMBOLS."""
    CHAR = 0
    KINGDOM = 1
    TRADE = 2
    MOVE = 3
    THIEF = 4
    PIRATE = 5
    WARRIOR = 6
    SCRY = 7
    SORCERY = 8
    GOLD = 9
    CHALLENGE = 10
    WILD = 11


CHAR, KINGDOM, TRADE, MOVE, THIEF, PIRATE, WARRIOR, SCRY, SORCERY, GOLD, CHALLENGE, WILD = Sym
W2 = 12  # the "Double Warrior on a primary die" requirement (Giant Spider), Conan only

FATE_KINDS = ("move", "warrior", "kingdom", "pirate", "sorcery", "thief", "trade", "scry")
FATE_SYM = tuple(SYM[k] for k in FATE_KINDS)
SYM_FATE = {s: i for i, s in enumerate(FATE_SYM)}
TRACKS = ("pirate", "thief", "warrior")
TRACK_SYM = (PIRATE, THIEF, WARRIOR)
GODS = ("asura", "bel", "ibis", "ishtar", "mitra", "set", "ymir", "zath")


class GodToken(IntEnum):
    """A God token (God Tokens), in the order of GODS."""
    ASURA = 0
    BEL = 1
    IBIS = 2
    ISHTAR = 3
    MITRA = 4
    SET = 5
    YMIR = 6
    ZATH = 7


ASURA, BEL, IBIS, ISHTAR, MITRA, SET, YMIR, ZATH = GodToken
CT_KINDS = ("fate_any", "ambush", "extra_action", "fight", "gold", "kingdom", "lose_fate",
            "temple", "vp")
KINGDOM_TYPES = ("savage", "port", "military", "wealthy", "eldritch", "treachery")
ROLE_KINDS = ("conan", "foe", "ally")


class RoleKind(IntEnum):
    """What a player is (Setup): Conan, a Foe or an Ally, in the order of ROLE_KINDS."""
    CONAN = 0
    FOE = 1
    ALLY = 2


CONAN, FOE, ALLY = RoleKind


def _face(text):
    if text == "wild":
        return ("wild", WILD, WILD)
    if "|" in text:
        a, b = text.split("|")
        return ("split", SYM[a], SYM[b])
    if "+" in text:
        a, b = text.split("+")
        assert a == b
        return ("double", SYM[a], SYM[a])
    return ("single", SYM[text], SYM[text])


class Content:
    """Every table the rules read; built once per process."""

    FATE_OF_SYM = SYM_FATE

    def __init__(self):
        k = load_yaml(PKG, "kingdoms")
        self.kingdoms = [e["name"] for e in k["kingdoms"]]
        self.kid = {n: i for i, n in enumerate(self.kingdoms)}
        nk = len(self.kingdoms)
        self.ktypes = [tuple(KINGDOM_TYPES.index(t) for t in e["types"]) for e in k["kingdoms"]]
        self.kattr_names = [tuple(e["attrs"]) for e in k["kingdoms"]]
        self.kattrs = [frozenset(SYM[a] for a in e["attrs"] if a in SYM) for e in k["kingdoms"]]
        self.starburst = [("starburst" in e["attrs"]) for e in k["kingdoms"]]
        self.keffect = [e["effect"] for e in k["kingdoms"]]
        self.vast = [bool(e.get("vast")) for e in k["kingdoms"]]
        self.local_fate = [tuple(SYM_FATE[s] for s in FATE_SYM if s in self.kattrs[i]) for i in range(nk)]
        adj: list[set[int]] = [set() for _ in range(nk)]
        for a, b in k["borders"]["pairs"]:
            adj[self.kid[a]].add(self.kid[b])
            adj[self.kid[b]].add(self.kid[a])
        self.adj = [tuple(sorted(x)) for x in adj]
        self.pirate_kingdoms = tuple(i for i in range(nk) if PIRATE in self.kattrs[i])
        self.kdice = {KINGDOM_TYPES.index(t): tuple(f) for t, f in k["kingdom_dice"].items()
                      if t != "source"}

        d = load_yaml(PKG, "dice")
        faces = [("single", s, s) for s in range(11)] + [("wild", WILD, WILD)]
        self.dtypes = list(d["dice"])
        self.dcount = [d["dice"][t]["count"] for t in self.dtypes]
        self.dfaces = []
        for t in self.dtypes:
            ids = []
            for txt in d["dice"][t]["faces"]:
                f = _face(txt)
                if f not in faces:
                    faces.append(f)
                ids.append(faces.index(f))
            self.dfaces.append(tuple(ids))
        t = load_yaml(PKG, "tokens")
        self.unlock_slots = [tuple(SYM[s] for s in slot) for slot in t["encounter_track"]["slots"]]
        # A Wild on an Encounter-track space counts as either of that space's symbols, not both
        # (Assigning Automatic Successes): it is matched as the face showing those symbols.
        self.track_wild = []
        for slot in self.unlock_slots:
            a, b = slot[0], slot[-1]
            options = [("single", a, a)] if a == b else [("split", a, b), ("split", b, a)]
            found = next((f for f in options if f in faces), None)
            if found is None:
                found = options[0]
                faces.append(found)
            self.track_wild.append(faces.index(found))
        self.faces = faces
        self.face_can = []
        for kind, a, b in faces:
            if kind == "wild":
                self.face_can.append(((1 << 12) - 1) & ~(1 << CHALLENGE))
            else:
                self.face_can.append((1 << a) | (1 << b))
        self.face_mult = [2 if f[0] == "double" else 1 for f in faces]
        self.face_names = [SYMBOL_NAMES[a] if kind in ("single", "wild") else
                           f"{SYMBOL_NAMES[a]}|{SYMBOL_NAMES[b]}" if kind == "split" else
                           f"double {SYMBOL_NAMES[a]}" for kind, a, b in faces]
        self.face_char = [f[0] != "wild" and CHAR in (f[1], f[2]) for f in faces]
        self.face_pure_char = [f[0] == "single" and f[1] == CHAR for f in faces]
        self.face_double_warrior = [f[0] == "double" and f[1] == WARRIOR for f in faces]
        self.face_hits = [2 if f[0] == "double" and f[1] == WARRIOR else
                          int(f[0] == "wild" or WARRIOR in (f[1], f[2])) for f in faces]
        self.face_pool = [f[0] == "wild" or WARRIOR in (f[1], f[2]) or CHAR in (f[1], f[2])
                          for f in faces]
        # Matching ids: every face id, then one entry per distinct "can" mask of a Wild restricted
        # to a character's dice ("The Wild symbol can be used for any results on a character's
        # dice"): the faces list (and so the observation) is unchanged; only matching reads these.
        self.match_can = list(self.face_can)
        self.match_mult = list(self.face_mult)
        self.match_w2 = [self.face_double_warrior[i] or faces[i][0] == "wild"
                         for i in range(len(faces))]
        self._match_ids: dict[tuple[int, bool], int] = {}
        self._wild_can: dict[tuple[int, int], int] = {}
        self.primary_types = frozenset(i for i, t in enumerate(self.dtypes) if "primary" in t
                                       or t in ("foe_black", "foe_red"))

        self.ct = []  # challenge token id -> (kind index, value)
        for kind, value, copies in t["challenge_tokens"]["tokens"]:
            self.ct += [(CT_KINDS.index(kind), value)] * copies
        self.fate_copies = t["fate_tokens"]["copies"]
        self.score_rewards = {int(a): b for a, b in t["scoring_track"]["rewards"].items()}
        self.ach_len = t["achievement_tracks"]["length"]
        self.ach_mid = t["achievement_tracks"]["midpoint"]
        self.ach_rewards = [{int(a): b for a, b in t["achievement_tracks"]["rewards"][n].items()}
                            for n in TRACKS]
        ch = load_yaml(PKG, "characters")
        self.characters: dict[int, Any] = {CONAN: ch["conan"], FOE: ch["foe"], ALLY: ch["ally"]}

        self.plots = load_yaml(PKG, "plots")["plots"]
        self.plot_sets = sorted({p["plot"] for p in self.plots})
        self.plot_req = [tuple(SYM[s] for s in p["required"]) for p in self.plots]
        self.plot_bonus = [tuple(SYM[s] for s in p["bonus"]) for p in self.plots]

        self.adventures = load_yaml(PKG, "adventures")["adventures"]
        self.adv_kingdom = [self.kid[a["kingdom"]] for a in self.adventures]
        self.adv_needs = [tuple(SYM[s] for s in a["needs"]) for a in self.adventures]

        self.encounters = load_yaml(PKG, "encounters")["encounters"]
        self.enc_needs = []  # (symbol or W2, primary_only) per need
        for e in self.encounters:
            needs = []
            for n in e["needs"]:
                needs.append((SYM[n["sym"]], bool(n.get("conan_primary")), bool(n.get("double"))))
            self.enc_needs.append(tuple(needs))
        self.events = load_yaml(PKG, "events")["events"]
        self.event_ct = [tuple(self.kid[k] for k in e["challenge"]) for e in self.events]
        self.event_fate = [tuple((self.kid[k], FATE_KINDS.index(f)) for k, f in e["fate"])
                           for e in self.events]

    def match_id(self, can: int, w2: bool = True) -> int:
        """The matching id of a Wild that may count as the symbols of `can` (w2: it may also
        fill Giant Spider's Double Warrior on a primary die)."""
        key = (can, w2)
        got = self._match_ids.get(key)
        if got is None:
            got = self._match_ids[key] = len(self.match_can)
            self.match_can.append(can)
            self.match_mult.append(1)
            self.match_w2.append(w2)
        return got

    def dice_types_of(self, kind: int, char: int) -> tuple[int, ...]:
        """The die types of a character's dice: its base dice and the dice it may buy
        (Character Dice; Ohala as a Foe uses Ally dice)."""
        if kind == CONAN:
            names = ["conan_primary", "conan_general"]
        elif kind == FOE and self.characters[FOE][char].get("ohala"):
            names = ["ally_primary", "ally_general"]
        elif kind == FOE:
            names = ["foe_general"]
        else:
            names = ["ally_primary", "ally_general"]
        base = self.characters[kind][char if kind != CONAN else 0]["base"]
        return tuple(sorted({self.dtypes.index(t) for t in list(base) + names}))

    def wild_can(self, kind: int, char: int) -> int:
        """What a Wild of this character may count as (Active Dice: "The Wild symbol can be
        used for any results on a character's dice. It cannot be used for a Challenge token, or
        another player's character result"): every symbol on its dice but the Challenge token."""
        got = self._wild_can.get((kind, char))
        if got is None:
            can = 0
            for t in self.dice_types_of(kind, char):
                for f in self.dfaces[t]:
                    if self.faces[f][0] != "wild":
                        can |= self.face_can[f]
            got = self._wild_can[kind, char] = can & ~(1 << CHALLENGE)
        return got

    def encounter_matches(self, e: int, k: int) -> bool:
        m = self.encounters[e]["match"]
        if m == "any":
            return True
        if m == "starburst":
            return self.starburst[k]
        if m in KINGDOM_TYPES:
            return KINGDOM_TYPES.index(m) in self.ktypes[k]
        return SYM[m] in self.kattrs[k]


@functools.cache
def content() -> Content:
    return Content()
