"""The rules-core contract every game implements (docs/architecture.md, "The contract").

A :class:`Game` holds static facts and its validated configuration (``OPTIONS``, an option
schema); a :class:`State` is one position, owning its own ``numpy.random.Generator``.
Subclasses implement the underscored hooks; the public methods here add validation,
caching of the legal mask, one view per role, the event log, and JSON round-trips that
trust nothing in the file.
"""
from __future__ import annotations

import copy
import math
import numbers
from abc import ABC, abstractmethod
from typing import Any

import numpy as np
import numpy.typing as npt

from . import options as opt
from . import saves, serialize
from .codec import ActionCodec
from .errors import ConfigError, CorruptStateError, IllegalActionError
from .view import EVERYONE, LOG_KEEP, LOG_VIEW, Decision, audience, sees

TERMINAL = -4  # current_player() once the game is over (OpenSpiel's value)

# The finite range every observation lies in unless a game declares a tighter one with
# ``Game.observation_bounds`` (the Gymnasium and PettingZoo observation spaces use it).
OBSERVATION_LIMIT = 1000.0
# The range ``State.shaped_scores`` values should keep to (a heuristic lead, small beside
# the terminal result of +-1 that ``returns`` pays).
SHAPED_RANGE = (-1.0, 1.0)

# A state keeps at most this many events: past it, all but the last LOG_KEEP are dropped at
# once, so that appending stays O(1).
_LOG_LIMIT = 2 * LOG_KEEP

Mask = npt.NDArray[np.bool_]
Observation = npt.NDArray[np.float32]


def as_action(action: object, num_actions: int) -> int | None:
    """`action` as an index in ``range(num_actions)``, or None when it is not one: accepts
    Python and NumPy integers, integral finite floats (``2.0``) and one-element integer
    arrays; refuses bools, strings, None, fractions, NaN, infinities and out-of-range values
    without raising."""
    if type(action) is int:  # the hot path
        return action if 0 <= action < num_actions else None
    a: Any = action
    if isinstance(a, np.ndarray):
        if a.size != 1 or a.dtype.kind not in "iuf":
            return None
        a = a.reshape(()).item()
    if isinstance(a, (bool, np.bool_)):
        return None
    if isinstance(a, numbers.Integral):
        i = int(a)
    elif isinstance(a, (float, np.floating)):
        if not math.isfinite(a) or a != math.floor(a):
            return None
        i = int(a)
    else:
        return None
    return i if 0 <= i < num_actions else None

_IMMUTABLE = frozenset({int, float, str, bool, type(None), np.int64, np.float32, np.float64,
                        np.bool_})


def copy_data(x: Any) -> Any:
    """A deep copy of plain state data, several times faster than copy.deepcopy (no memo:
    state data holds no shared references or cycles)."""
    t = type(x)
    if t in _IMMUTABLE:
        return x
    # Hashing in C is the quick test that a container holds only immutable values (lists,
    # dicts, arrays and non-frozen dataclasses are unhashable).
    if t is list:
        try:
            hash(tuple(x))
            return x[:]
        except TypeError:
            return [copy_data(v) for v in x]
    if t is dict:
        try:
            hash(tuple(x.values()))
            return x.copy()
        except TypeError:
            return {k: copy_data(v) for k, v in x.items()}
    if t is tuple:
        try:
            hash(x)
            return x
        except TypeError:
            return tuple(copy_data(v) for v in x)
    if t is np.ndarray:
        return x.copy()
    if t is set:
        return set(x)  # members are hashable, hence immutable here
    if t is frozenset:
        return x
    return copy.deepcopy(x)  # dataclasses and anything else


def copy_rng(rng: np.random.Generator) -> np.random.Generator:
    """An independent generator in the same state (faster than copy.deepcopy)."""
    bits = type(rng.bit_generator)(0)
    bits.state = rng.bit_generator.state
    return np.random.Generator(bits)


def _snapshot_history(data: dict[str, Any]) -> tuple[int | None, list[int] | None]:
    seed, actions = data.get("seed"), data.get("actions")
    if not (seed is None or type(seed) is int) or not (actions is None or isinstance(
            actions, list) and all(type(a) is int for a in actions)):
        raise CorruptStateError("snapshot: 'seed' and 'actions' must be a whole number and a "
                                "list of action indices, or null")
    return seed, None if actions is None else list(actions)


class Game(ABC):
    """Static facts and config of one game. Immutable once built.

    Subclasses set ``env_id``, ``OPTIONS`` (option name -> :class:`~.options.Option`) and
    ``state_class``, then in ``_setup`` compute ``roles`` and ``num_actions`` from
    ``self.config`` (already validated against ``OPTIONS``; ``_setup`` checks only what
    ties several options together).

    Attributes every game has (set in ``_setup`` unless noted): ``config`` (the validated
    options), ``max_turns`` (``config["max_turns"]``, None when the game has no cap; set
    before ``_setup``), ``roles`` (role names, in seat order), ``num_actions`` (size of the
    flat action space), ``codec`` (the :class:`~.codec.ActionCodec` naming the actions; a
    game that sets none gets one plain segment, "action i") and ``sides`` (the roles that win
    and lose together, as tuples of role indices in seat order: the miniatures heroes, the
    Adventures' teams; a game that sets none has each role on its own side).
    """

    env_id: str = ""
    OPTIONS: dict[str, opt.Option] = {"max_turns": opt.max_turns(None, "turns", allow_none=True)}
    state_class: type[State]
    codec: ActionCodec

    def __init__(self, **config: Any) -> None:
        self.config: dict[str, Any] = opt.validate(self.env_id, self.OPTIONS, config)
        self.max_turns: int | None = self.config.get("max_turns")
        self.roles: tuple[str, ...] = ()
        self.num_actions: int = 0
        self.sides: tuple[tuple[int, ...], ...] = ()
        self._setup()
        if not self.roles or self.num_actions <= 0:
            raise RuntimeError(f"{type(self).__name__}._setup must set roles and num_actions")
        if not self.sides:
            self.sides = tuple((r,) for r in range(len(self.roles)))
        if sorted(r for side in self.sides for r in side) != list(range(len(self.roles))):
            raise RuntimeError(f"{type(self).__name__}._setup: sides {self.sides} must hold "
                               "every role once")
        if getattr(self, "codec", None) is None:
            self.codec = ActionCodec([("action", self.num_actions)])

    @abstractmethod
    def _setup(self) -> None:
        ...

    @property
    def num_roles(self) -> int:
        return len(self.roles)

    def side_of(self, role: int) -> tuple[int, ...]:
        """The roles on `role`'s side (itself included), in seat order."""
        return next(side for side in self.sides if role in side)

    @classmethod
    def describe_options(cls) -> list[tuple[str, str, str, str]]:
        """(name, default, what is valid, doc) per option: the README table and --help."""
        return opt.describe(cls.OPTIONS)

    def role_index(self, role: object) -> int:
        """A role given as an index (Python or NumPy int) or a name, as an index."""
        if isinstance(role, str):
            if role in self.roles:
                return self.roles.index(role)
        elif isinstance(role, (int, np.integer)) and not isinstance(role, bool):
            if 0 <= int(role) < len(self.roles):
                return int(role)
        raise ConfigError(f"{self.env_id}: role {role!r} is not one of {list(self.roles)} "
                          f"(or an index 0..{len(self.roles) - 1})")

    @abstractmethod
    def observation_shape(self, role: int) -> tuple[int, ...]:
        ...

    def observation_bounds(self, role: int) -> tuple[float, float]:
        """(low, high): every value of ``State.observation(role)`` lies in this finite range
        (the envs' observation spaces). Default: +-OBSERVATION_LIMIT; a game whose encoder
        is normalised may declare a tighter range."""
        return (-OBSERVATION_LIMIT, OBSERVATION_LIMIT)

    def new_initial_state(self, seed: int | None = None) -> State:
        state: State = self.state_class(self, seed)
        return state

    def state_from_json(self, text: str | bytes) -> State:
        """The position a save (``State.to_json``) reaches: its actions replayed through the
        rules from the position dealt by its seed (:mod:`~.saves`). Nothing in the file is
        trusted; any problem is a ``CorruptStateError`` naming the key or the action's index."""
        return saves.replay(self, text)

    def state_from_snapshot(self, text: str | bytes) -> State:
        """A state read back from ``State.snapshot()``, inside the process (clones across a
        boundary, positions set up by a position builder in tests). Never used on a file a
        user hands over: that is ``state_from_json``. The fields must still match a fresh
        state's names and types (:func:`~.serialize.conform`), the game's ``_check_fields``
        checks their types and ranges before every derived field is rebuilt, and its
        ``_check_restored`` then checks ranges and cross-field consistency; any failure is a
        ``CorruptStateError`` naming the field."""
        data = serialize.loads(text)
        saved_id = data.get("env_id") if isinstance(data, dict) else None
        if saved_id != self.env_id:
            older = (f" but a {saved_id} save: the rules changed between versions, so a save "
                     f"loads only into its own version (see CHANGELOG.md)"
                     if isinstance(saved_id, str) and saved_id.rpartition("_v")[0]
                     == self.env_id.rpartition("_v")[0] else "")
            raise CorruptStateError(f"saved state is not a {self.env_id} state{older}")
        if data.get("config") != serialize.loads(serialize.dumps(self.config)):
            raise CorruptStateError(
                f"saved state was made with config {data.get('config')}, this game has {self.config}"
            )
        fields = data.get("fields")
        if not isinstance(fields, dict):
            raise CorruptStateError("saved state: 'fields' must be an object")
        template = self.new_initial_state(0).fields()
        missing = sorted(set(template) - set(fields))
        extra = sorted(set(fields) - set(template))
        if missing or extra:
            raise CorruptStateError(f"saved {self.env_id} state: missing field(s) {missing}, "
                                    f"unknown field(s) {extra}")
        for name, value in fields.items():
            serialize.conform(value, template[name], name)
        state: State = self.state_class.__new__(self.state_class)
        state.game = self
        state._mask = None
        try:
            state.rng = np.random.default_rng()
            state.rng.bit_generator.state = data["rng"]
        except Exception as e:
            raise CorruptStateError(f"saved {self.env_id} state: bad 'rng': {e!r}") from e
        state.__dict__.update(fields)
        state._seed, state._history = _snapshot_history(data)
        for name in state._SLOTS:  # the rules' fields kept in slots go there
            setattr(state, name, state.__dict__.pop(name))
        try:
            state._check_log()
            state._check_fields()
            state._rebuild_derived()
            state._check_restored()
        except CorruptStateError:
            raise
        except Exception as e:  # any inconsistency in a restored state is corruption
            raise CorruptStateError(f"saved {self.env_id} state is inconsistent: {e!r}") from e
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # games are immutable; clones share them

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"{type(self).__name__}({opts})"


class State(ABC):
    """One position of a game. Subclasses implement the underscored hooks.

    Every field in ``__dict__`` except ``game``, ``rng`` and ``_mask`` must be plain
    data (see :mod:`conan_envs.engine.serialize`), so that clone and JSON are exact.
    """

    # Not rules fields: the game, the chance generator, the mask cache, and the history a save
    # is made of (the seed dealt from and the actions since; None for a position made outside
    # the rules, which has no history).
    _TRANSIENT: tuple[str, ...] = ("game", "rng", "_mask", "_seed", "_history")
    # Fields computed from the others (caches kept for speed): cloned, but not saved in
    # JSON; `_rebuild_derived` recomputes them when a state is read back.
    _DERIVED: tuple[str, ...] = ()
    # Fields kept in slots: the names of a subclass's own ``__slots__`` (set by
    # ``__init_subclass__``), saved after the others in this order. CPython 3.11 keeps
    # attribute and method lookups specialised (quickest) only while an object's dict holds at
    # most 30 names, and the bigger games' states hold more; the engine saves, restores and
    # clones slot fields like the others, so saves do not depend on where a field is kept.
    _SLOTS: tuple[str, ...] = ()

    game: Game
    rng: np.random.Generator
    _mask: Mask | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__slots__", ())
        cls._SLOTS = cls._SLOTS + ((own,) if isinstance(own, str) else tuple(own))

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        if seed is None:  # a fresh seed, kept so that the game can be saved and replayed
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self._seed: int | None = int(seed)
        self._history: list[int] | None = []
        self.rng = np.random.default_rng(seed)
        self._mask = None
        self.turn = 0  # counted by the game (rounds or turns) for the max_turns cap
        self.log: list[tuple[int, int, str]] = []  # events: (number, audience, text)
        self.log_seq = 0  # number of the next event

    # ---- hooks for subclasses -------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        ...

    @abstractmethod
    def _legal_mask(self) -> Mask:
        """Fresh bool array of size game.num_actions."""
        ...

    @abstractmethod
    def _apply(self, action: int) -> None:
        ...

    @abstractmethod
    def returns(self) -> list[float]:
        ...

    @abstractmethod
    def observation(self, role: int) -> Observation:
        """A new float32 array of ``game.observation_shape(role)``, every value finite and
        within ``game.observation_bounds(role)``; only what `role` may know. The caller owns
        it: it shares no memory with the state or with an earlier observation (the envs hand
        it out without copying)."""
        ...

    def shaped_scores(self) -> list[float]:
        """One heuristic score per role (who is ahead now), for ``reward="shaped"`` and for
        search cut-offs. Each value should stay within ``SHAPED_RANGE`` (-1..1), small beside
        the +-1 of ``returns``. Default: all zeros (shaping then pays nothing)."""
        return [0.0] * self.game.num_roles

    def action_to_string(self, action: int) -> str:
        return f"action {action}"

    def decision(self) -> str:
        """A short name of the decision the current player is asked to make."""
        return "move"

    @abstractmethod
    def _view(self, role: int) -> dict[str, Any]:
        """The game's part of ``view(role)``: the public board, `role`'s own private things,
        counts of others' hidden things; plain JSON. Built only on request."""

    def _decision(self, role: int) -> Decision:
        """The pending decision as `role` may see it (context redacted for other roles)."""
        actor = None if self.is_terminal() else self.game.roles[self.current_player()]
        kind = "game_over" if actor is None else self.decision()
        return Decision(kind, actor, kind, {})

    def _render(self, view: dict[str, Any]) -> str:
        """The text board for one view (``str(state)``, ``render()``)."""
        from .text import render_view

        return render_view(view)

    def _check_fields(self) -> None:  # noqa: B027 - an optional hook
        """Check the saved fields' types and ranges before derived state is rebuilt (in
        `state_from_json`): raise CorruptStateError naming the field, so a corrupt save is
        refused before `_rebuild_derived` reads it. Default: nothing to check."""

    def edited(self) -> State:
        """Call after setting fields outside the rules (a game's position builder): drops
        what was computed from the old fields, the legal mask and any cache a game keeps
        beside it. The position no longer follows from its seed and actions, so it has no
        history to save (``to_json`` refuses it; ``snapshot`` copies it). Returns the state."""
        self._mask = None
        self._history = None
        return self

    def _rebuild_derived(self) -> None:  # noqa: B027 - an optional hook
        """Recompute the `_DERIVED` fields from the saved ones (after `state_from_json`),
        once `_check_fields` has passed."""

    def _check_restored(self) -> None:
        """Raise if a state read back from JSON is inconsistent. Default: mask builds."""
        if not self.is_terminal():
            self.legal_action_mask()

    # ---- the contract -----------------------------------------------------------------
    def view(self, role: object) -> dict[str, Any]:
        """Everything `role` (an index or a name) may know now and nothing more, as plain
        JSON: the game's board (``_view``), plus ``env_id``, ``role``, ``decision`` (see
        :class:`~.view.Decision`) and ``log`` (the last events `role` saw, oldest first)."""
        r = self.game.role_index(role)
        v: dict[str, Any] = {"env_id": self.game.env_id, "role": self.game.roles[r]}
        v.update(self._view(r))
        v["decision"] = self._decision(r).to_dict()
        v["log"] = self.log_for(r)
        return v

    def log_event(self, text: str, to: Any = None) -> None:
        """Record an event in the game's words; `to`: None (everyone), one role index or an
        iterable of role indices (private events, e.g. a card drawn)."""
        log = self.log
        log.append((self.log_seq, EVERYONE if to is None else audience(to), text))
        self.log_seq += 1
        if len(log) > _LOG_LIMIT:
            del log[:-LOG_KEEP]

    def log_for(self, role: int, limit: int = LOG_VIEW) -> list[str]:
        seen = [text for _, code, text in self.log if sees(code, role)]
        return seen[-limit:]

    def events_since(self, role: int, number: int) -> list[tuple[int, str]]:
        """The events `role` saw numbered `number` or later, as (number, text), oldest first:
        what a seat is told of the moves since it last looked (the terminal's feed)."""
        return [(n, text) for n, code, text in self.log if n >= number and sees(code, role)]

    def render_text(self, role: object = None) -> str:
        """The text board from `role`'s view (default: the role to act, else role 0)."""
        if role is None:
            role = 0 if self.is_terminal() else self.current_player()
        return self._render(self.view(role))

    def _check_log(self) -> None:
        for entry in self.log:
            if not (isinstance(entry, tuple) and len(entry) == 3 and type(entry[0]) is int
                    and type(entry[1]) is int and isinstance(entry[2], str)
                    and (entry[1] == EVERYONE or entry[1] >= 0)):
                raise CorruptStateError(f"saved state: bad log entry {entry!r}")
        if len(self.log) > _LOG_LIMIT or (self.log and self.log[-1][0] >= self.log_seq):
            raise CorruptStateError("saved state: log longer than kept or log_seq behind it")

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_truncated(self) -> bool:
        cap = self.game.max_turns
        return cap is not None and self.turn >= cap and not self.is_terminal()

    def legal_action_mask(self) -> Mask:
        """Read-only bool mask; all False once the game is over. Built once per position
        (``apply_action`` drops it)."""
        mask = self._mask
        if mask is None:
            if self.is_terminal():
                mask = np.zeros(self.game.num_actions, dtype=bool)
            else:
                mask = self._legal_mask()
            mask.flags.writeable = False
            self._mask = mask
        return mask

    def legal_actions(self) -> list[int]:
        actions: list[int] = self.legal_action_mask().nonzero()[0].tolist()  # flatnonzero's wrappers cost 5x
        return actions

    def is_legal(self, action: object) -> bool:
        """Whether `action` is a legal move now (never raises; see :func:`as_action`)."""
        a = as_action(action, self.game.num_actions)
        return a is not None and bool(self.legal_action_mask()[a])

    def apply_action(self, action: object) -> None:
        """Play `action`; anything but a legal action index raises ``IllegalActionError``
        and changes nothing."""
        a = as_action(action, self.game.num_actions)
        if a is None or not self.legal_action_mask()[a]:
            raise IllegalActionError(
                action,
                "game over" if self.is_terminal() else self.decision(),
                [self.action_to_string(x) for x in self.legal_actions()],
            )
        self._play(a)

    def _play(self, a: int) -> None:
        """Play action index `a`, already checked legal (``apply_action`` and the env's step
        check it once, then come here)."""
        self._mask = None
        self._apply(a)
        self._mask = None
        if self._history is not None:
            self._history.append(a)

    def clone(self, rng: np.random.Generator | None = None) -> State:
        """An independent copy; its chance comes from `rng` if given, else from a copy of
        this state's generator (so the copy replays the same future)."""
        cls = type(self)
        new = cls.__new__(cls)  # each field copied once, below (copy.copy would copy them all first)
        transient = self._TRANSIENT
        new.__dict__.update((k, v if k in transient else copy_data(v))
                            for k, v in self.__dict__.items())
        for name in self._SLOTS:
            setattr(new, name, copy_data(getattr(self, name)))
        new.rng = copy_rng(self.rng) if rng is None else rng
        new._mask = self._mask  # read-only, safe to share
        # a copy with other chance no longer follows from the seed
        new._history = None if rng is not None or self._history is None else self._history.copy()
        return new

    def resample_hidden(self, observer: int, rng: np.random.Generator) -> State:
        """A copy in which what `observer` cannot see is redrawn. Perfect information: a clone
        whose future chance is reseeded from `rng` (the observer cannot know the RNG)."""
        return self.clone(np.random.default_rng(rng.integers(2**63)))

    def fields(self) -> dict[str, Any]:
        skip = self._TRANSIENT + self._DERIVED
        out = {k: v for k, v in self.__dict__.items() if k not in skip}
        out.update((name, getattr(self, name)) for name in self._SLOTS)
        return out

    def has_history(self) -> bool:
        """Whether the position follows from its seed and actions (so ``to_json`` saves it)."""
        return self._history is not None

    @property
    def history(self) -> tuple[int, ...]:
        """The actions played since the position was dealt (empty without a history)."""
        return tuple(self._history or ())

    def to_json(self) -> str:
        """The save: env id, config, seed and the actions played (:mod:`~.saves`); read back
        by ``Game.state_from_json``, which replays it. A position made outside the rules (a
        position builder, ``resample_hidden``) has no history: ``NoHistoryError``."""
        if self._history is None or self._seed is None:
            raise saves.NoHistoryError(
                "this position was made outside the rules (a position builder or a resampled "
                "guess), so it has no action history to save; State.snapshot() copies it "
                "within the process")
        return saves.record(self.game.env_id, self.game.config, self._seed, self._history)

    def snapshot(self) -> str:
        """Every field as JSON, for use within the process (``Game.state_from_snapshot``)."""
        return serialize.dumps(
            {
                "env_id": self.game.env_id,
                "config": self.game.config,
                "rng": self.rng.bit_generator.state,
                "fields": self.fields(),
                "seed": self._seed,
                "actions": self._history,
            }
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self) \
                or other.game.config != self.game.config:
            return False
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.render_text()

