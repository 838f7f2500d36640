"""Benchmark protocols: named, versioned definitions of how an entrant is scored on one game
and seat kind (docs/architecture.md, "Agents"; the games' rules are in their own modules).

A protocol is data, shipped as YAML in ``baselines/protocols/<env_id>.yaml``::

    - id: kings_v2/2p              # <env_id>/<seat kind>
      version: 1                   # a changed definition is a new version
      sha256: 3f1c...              # of the definition below; a mismatch is refused
      description: one sentence
      env_id: kings_v2
      config: {...}                # every option of the game, pinned
      seatings: [[player_0], [player_1]]   # the role(s) the entrant plays, one list per seating
      opponents: [random, easy, normal, hard]  # agent strings for every other seat
      games: 100                   # per opponent, split evenly over the seatings
      seed: 19000                  # game seeds are seed, seed+1, ... in every seating
      move_time_s: 1.0             # optional per-move budget of the entrant

The budget is reported (in ``*.run.json`` and the card: kept or exceeded, the slowest move),
never enforced by forfeits, which would make the numbers depend on the machine. For the
same reason a reference opponent that is a search plays its fixed number of simulations
without its wall-clock budget.

The hash covers every field but ``description`` and ``sha256``, so an edit that changes what
is measured without a new version (and its new hash) is refused on load, and the leaderboard
refuses a result whose protocol hash is not the current one.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from conan_envs import ENV_IDS, ConfigError, make_game

from .. import safe_yaml


class ProtocolError(ConfigError):
    """A protocol id that does not exist, or a definition that is malformed or was changed
    without a new version."""


FIELDS = ("id", "version", "sha256", "description", "env_id", "config", "seatings", "opponents",
          "games", "seed", "move_time_s")
REQUIRED = ("id", "version", "sha256", "env_id", "config", "seatings", "opponents", "games", "seed")
HASHED = ("id", "version", "env_id", "config", "seatings", "opponents", "games", "seed", "move_time_s")
ID_RE = re.compile(r"^[a-z0-9_]+/[a-z0-9][a-z0-9_.-]*$")


@dataclass(frozen=True)
class Protocol:
    id: str
    version: int
    sha256: str
    description: str
    env_id: str
    config: Mapping[str, Any]  # the game's full, normalised config
    seatings: tuple[tuple[str, ...], ...]  # role names the entrant holds, per seating
    opponents: tuple[str, ...]  # agent strings; empty for a solo game
    games: int  # per opponent, over all seatings
    seed: int
    move_time_s: float | None = None
    roles: tuple[str, ...] = ()  # the game's roles with this config (derived, not hashed)

    @property
    def symmetric(self) -> bool:
        """The entrant takes every seat in turn (Kings, Cards): an entrant and an opponent
        of the same name are then the same player."""
        return not self.solo and {r for s in self.seatings for r in s} == set(self.roles)

    @property
    def per_seating(self) -> int:
        return max(1, math.ceil(self.games / len(self.seatings)))

    @property
    def solo(self) -> bool:
        return not self.opponents

    def line(self) -> str:
        """One line for ``--list-protocols``: the id first."""
        opp = ", ".join(self.opponents) if self.opponents else "none (solo)"
        seats = " | ".join("+".join(s) for s in self.seatings)
        return (f"{self.id}\tv{self.version}\t{self.env_id}\tentrant: {seats}\topponents: {opp}\t"
                f"games: {self.games}\t{self.description}")

    def definition(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "env_id": self.env_id,
                "config": dict(self.config), "seatings": [list(s) for s in self.seatings],
                "opponents": list(self.opponents), "games": self.games, "seed": self.seed,
                "move_time_s": self.move_time_s}


def content_hash(definition: Mapping[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a definition's measured fields."""
    body = {k: _plain(definition.get(k)) for k in HASHED}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def parse(entry: Any, where: str = "protocol") -> Protocol:
    """A checked Protocol from one YAML entry; ProtocolError names the field at fault."""
    if not isinstance(entry, Mapping):
        raise ProtocolError(f"{where}: a protocol is a mapping of {', '.join(REQUIRED)}")
    pid = entry.get("id")
    where = f"{where} {pid!r}" if isinstance(pid, str) else where
    unknown = sorted(set(map(str, entry)) - set(FIELDS))
    if unknown:
        raise ProtocolError(f"{where}: unknown field(s) {unknown}; fields: {', '.join(FIELDS)}")
    missing = [k for k in REQUIRED if k not in entry]
    if missing:
        raise ProtocolError(f"{where}: missing field(s) {missing}")

    def bad(field: str, valid: str) -> ProtocolError:
        return ProtocolError(f"{where}: {field}={entry.get(field)!r} is invalid; {field} must be {valid}")

    env_id = entry["env_id"]
    if env_id not in ENV_IDS:
        raise bad("env_id", f"one of {', '.join(ENV_IDS)}")
    if not (isinstance(pid, str) and ID_RE.match(pid) and pid.split("/")[0] == env_id):
        raise bad("id", f"'{env_id}/<seat kind>' in lower case")
    if type(entry["version"]) is not int or entry["version"] < 1:
        raise bad("version", "a whole number of at least 1")
    for field in ("games", "seed"):
        if type(entry[field]) is not int or entry[field] < (1 if field == "games" else 0):
            raise bad(field, "a whole number" + (" of at least 1" if field == "games" else " of at least 0"))
    budget = entry.get("move_time_s")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not 0 < budget < 3600):
        raise bad("move_time_s", "a number of seconds above 0, or absent")
    description = entry.get("description", "")
    if not isinstance(description, str):
        raise bad("description", "a text")
    config = entry["config"]
    if not isinstance(config, Mapping):
        raise bad("config", "a mapping of the game's options")
    try:
        game = make_game(env_id, **dict(config))
    except ConfigError as e:
        raise ProtocolError(f"{where}: config: {e}") from None
    unpinned = sorted(set(game.config) - set(config))
    if unpinned:
        raise ProtocolError(f"{where}: config does not pin option(s) {unpinned}; a protocol pins "
                            f"every option so that a new default cannot change it")
    seatings = entry["seatings"]
    if not (isinstance(seatings, list) and seatings and all(
            isinstance(s, list) and s and all(isinstance(r, str) for r in s) and len(set(s)) == len(s)
            for s in seatings)):
        raise bad("seatings", "a list of seatings, each a list of distinct role names")
    for s in seatings:
        wrong = [r for r in s if r not in game.roles]
        if wrong:
            raise ProtocolError(f"{where}: seating {s}: {wrong} not roles of {env_id} with this "
                                f"config; roles: {list(game.roles)}")
    if len({tuple(s) for s in seatings}) != len(seatings):
        raise bad("seatings", "distinct seatings")
    opponents = entry["opponents"]
    if not (isinstance(opponents, list) and all(isinstance(o, str) and o for o in opponents)
            and len(set(opponents)) == len(opponents)):
        raise bad("opponents", "a list of distinct agent strings (empty for a solo game)")
    full = [s for s in seatings if len(s) == game.num_roles]
    if opponents and full:
        raise ProtocolError(f"{where}: seating {full[0]} leaves no seat to the opponents")
    if not opponents and any(len(s) != game.num_roles for s in seatings):
        raise ProtocolError(f"{where}: with no opponents the entrant must hold every seat")
    digest = content_hash(entry)
    if entry["sha256"] != digest:
        raise ProtocolError(
            f"{where}: its definition does not match sha256 {entry['sha256']!r} of version "
            f"{entry['version']}; a changed protocol is a new version: raise 'version' and set "
            f"sha256 to the new content's hash {content_hash({**entry, 'version': entry['version'] + 1})}")
    return Protocol(id=pid, version=entry["version"], sha256=digest, description=description,
                    env_id=env_id, config=dict(game.config), seatings=tuple(tuple(s) for s in seatings),
                    opponents=tuple(opponents), games=entry["games"], seed=entry["seed"],
                    move_time_s=None if budget is None else float(budget), roles=tuple(game.roles))


def parse_file(text: str, where: str) -> list[Protocol]:
    try:
        data = safe_yaml.load(text)  # no aliases, bounded nesting and integers
    except yaml.YAMLError as e:
        raise ProtocolError(f"{where}: not valid YAML: {' '.join(str(e).split())}") from None
    if not isinstance(data, Mapping) or not isinstance(data.get("protocols"), list):
        raise ProtocolError(f"{where}: expected a mapping with a 'protocols' list")
    return [parse(entry, where) for entry in data["protocols"]]


_REGISTRY: dict[str, Protocol] = {}


def protocols() -> dict[str, Protocol]:
    """Every shipped protocol by id, in file order (kings, cards, tower, miniatures,
    adventures), checked once per process."""
    if not _REGISTRY:
        folder = resources.files("baselines") / "protocols"
        found: dict[str, Protocol] = {}
        names = {entry.name for entry in folder.iterdir() if entry.name.endswith(".yaml")}
        order = [f"{e}.yaml" for e in ENV_IDS if f"{e}.yaml" in names] + sorted(
            names - {f"{e}.yaml" for e in ENV_IDS})
        for name in order:
            for p in parse_file((folder / name).read_text(encoding="utf-8"), f"protocols/{name}"):
                if p.id in found:
                    raise ProtocolError(f"protocols/{name}: protocol {p.id!r} is defined twice")
                found[p.id] = p
        _REGISTRY.update(found)
    return dict(_REGISTRY)


def get_protocol(protocol_id: str | Protocol) -> Protocol:
    """The shipped protocol `protocol_id` (``ID`` or ``ID@vN`` to insist on a version)."""
    if isinstance(protocol_id, Protocol):
        return protocol_id
    if not isinstance(protocol_id, str):
        raise ProtocolError(f"a protocol id is a text such as 'kings_v2/2p', not {protocol_id!r}")
    pid, _, version = protocol_id.partition("@")
    found = protocols()
    if pid not in found:
        import difflib

        close = difflib.get_close_matches(pid, list(found), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ProtocolError(f"unknown protocol {pid!r}{hint}; list them with conan-evaluate "
                            f"--list-protocols")
    p = found[pid]
    if version and version != f"v{p.version}":
        raise ProtocolError(f"protocol {pid} is at version v{p.version}, not {version}; results "
                            f"of another version are not comparable")
    return p


def list_lines(ids: Sequence[str] | None = None) -> list[str]:
    return [p.line() for p in protocols().values() if ids is None or p.id in ids]
