"""Saves as action histories: what a user saves, hands over and loads.

A save is the env id, the game's config, the seed the game was dealt from and the list of
actions played, like a chess game's move list (OpenSpiel's ``serialize_game_and_state``)::

    {"format": "conan-envs-save", "version": 1, "env_id": "kings_v2",
     "config": {...}, "seed": 7, "actions": [12, 3, ...]}

Loading replays the actions through the rules from the dealt position, so a save can only
reach a position the rules can reach: an action that was not legal where it stands is
refused naming its index, and nothing else in the file is trusted. All chance comes from the
state's own generator, seeded by ``seed``, so the replay deals the same cards and rolls the
same dice.

Full-state snapshots (:meth:`State.snapshot`) stay inside the process (clones, equality,
tests of positions set up by a position builder); nothing that reads a file a user hands
over reads one.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import serialize
from .errors import ConanEnvError, CorruptStateError, IllegalActionError

if TYPE_CHECKING:
    from .core import Game, State

FORMAT = "conan-envs-save"
VERSION = 1
KEYS = ("format", "version", "env_id", "config", "seed", "actions")
MAX_SEED = 2**64 - 1
# No game reaches this many decisions before its max_turns cap ends it; a longer list is
# refused before any replay, so a hostile file cannot buy minutes of work.
MAX_ACTIONS = 200_000


class NoHistoryError(ConanEnvError, ValueError):
    """A position made outside the rules (a position builder, a resampled guess) has no
    action history, so it cannot be saved as one; ``State.snapshot()`` copies it in-process."""


def record(env_id: str, config: Mapping[str, Any], seed: int, actions: list[int]) -> str:
    """The save text of a game dealt from `seed` after `actions`."""
    return serialize.dumps({"format": FORMAT, "version": VERSION, "env_id": env_id,
                            "config": dict(config), "seed": seed, "actions": actions})


def _header(data: object, game: Game) -> tuple[int, list[Any]]:
    """(seed, actions) of a parsed save, after checking every key but the actions' legality."""
    if not isinstance(data, dict):
        raise CorruptStateError("a save must be a JSON object with the keys "
                                f"{', '.join(KEYS)}")
    if "fields" in data:
        raise CorruptStateError("this file is a full-state snapshot, not a save: saves are "
                                "action histories (State.to_json), replayed through the rules")
    if data.get("format") != FORMAT:
        raise CorruptStateError(f"not a conan-envs save: 'format' must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise CorruptStateError(f"save format version {data.get('version')!r} is not supported; "
                                f"this code reads version {VERSION}")
    unknown = sorted(set(data) - set(KEYS))
    missing = [k for k in KEYS if k not in data]
    if unknown or missing:
        raise CorruptStateError(f"save: missing key(s) {missing}, unknown key(s) {unknown}; a "
                                f"save has exactly {', '.join(KEYS)}")
    saved_id = data["env_id"]
    if saved_id != game.env_id:
        older = (f" but a {saved_id} save: the rules changed between versions, so a save "
                 f"loads only into its own version (see CHANGELOG.md)"
                 if isinstance(saved_id, str) and saved_id.rpartition("_v")[0]
                 == game.env_id.rpartition("_v")[0] else f" (it names {saved_id!r})")
        raise CorruptStateError(f"save is not a {game.env_id} game{older}")
    if data["config"] != serialize.loads(serialize.dumps(game.config)):
        raise CorruptStateError(f"save field 'config' is {data['config']!r}; this game was made "
                                f"with {dict(game.config)!r} (load it into a game made with "
                                f"the save's config, e.g. conan_envs.load_state)")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise CorruptStateError(f"save field 'seed' is {seed!r}; it must be a whole number from "
                                f"0 to {MAX_SEED}")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise CorruptStateError("save field 'actions' must be a list of action indices")
    if len(actions) > MAX_ACTIONS:
        raise CorruptStateError(f"save holds {len(actions)} actions; no game is longer than "
                                f"{MAX_ACTIONS}")
    for i, a in enumerate(actions):
        if type(a) is not int or not 0 <= a < game.num_actions:
            raise CorruptStateError(f"save action {i} is {a!r}; an action is a whole number "
                                    f"from 0 to {game.num_actions - 1}")
    return seed, actions


def replay(game: Game, text: str | bytes) -> State:
    """The position a save reaches, replayed through the rules (see the module docstring).
    Any problem is a ``CorruptStateError`` naming the key, or the action's index."""
    seed, actions = _header(serialize.loads(text), game)
    state = game.new_initial_state(seed)
    for i, a in enumerate(actions):
        if state.is_terminal() or state.is_truncated():
            raise CorruptStateError(f"save action {i} ({a}) comes after the game ended")
        try:
            state.apply_action(a)
        except IllegalActionError as e:
            raise CorruptStateError(f"save action {i} ({a}) is not legal at decision "
                                    f"'{e.decision}': {e}") from None
        except ConanEnvError:
            raise
        except Exception as e:  # a rules bug reached by a legal action: still the project's error
            raise CorruptStateError(f"save action {i} ({a}) could not be replayed: {e!r}") from e
    return state


def load_state(text: str | bytes, game_factory: Any) -> State:
    """A save read without knowing its game: `game_factory(env_id, **config)` makes the game
    its header names, then the actions replay through it."""
    data = serialize.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("env_id"), str) or not isinstance(
            data.get("config"), dict):
        raise CorruptStateError("a save must be a JSON object naming its 'env_id' and 'config'")
    try:
        game: Game = game_factory(data["env_id"], **data["config"])
    except ConanEnvError as e:
        raise CorruptStateError(f"save names a game that cannot be made: {e}") from None
    return replay(game, text)
