"""Games, saves and replays behind the browser page (issue 16), with no web framework in it.

A :class:`Session` keeps one game's rules state on the server. Each seat is a person or an
agent built by :func:`baselines.load_agent`. A person's seat holds a secret token, and what
the server sends for a seat is only ``state.view(seat)`` (the game's one-role view), the
legal actions by name when that seat is to act, and who sits where: never another seat's
view and never the name of an agent's action (a name can carry a hidden card); what a seat
learns of an agent's move is what its own view's log tells it.

Saves are a record ``{"format", "env_id", "config", "seed", "seats", "actions", "state"}``
where ``state`` is ``State.to_json()`` (the action history, replayed through the rules when it
loads); a bare ``State.to_json()`` text loads too. Replays
step through ``{"env_id", "config", "seed", "actions"}`` (a save is one).
"""
from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import conan_envs
from baselines.agent import Agent
from baselines.loading import load_agent
from conan_envs import ConfigError, CorruptStateError
from conan_envs.engine import Game, State
from conan_envs.engine import options as opt
from conan_envs.engine.saves import FORMAT as SAVE_FILE_FORMAT

from .limits import MAX_ACTIONS, MAX_BODY, REPLAY_CHECKPOINTS, Rules, WebError, check_seat_agent, check_seed

JSON = dict[str, Any]
T = TypeVar("T")

SAVE_FORMAT = "conan-envs/game-v1"
HUMAN = "human"
# The agents offered on the start page: the difficulty ladder, then the agents by kind, easiest
# first; "mcts" runs at a budget that answers in under a second a move (reports/web/README.md).
AI_LEVELS = {
    "easy": "easy: the ladder's easiest (baselines.ladder)",
    "normal": "normal: the ladder's middle, the scripted player",
    "hard": "hard: the ladder's strongest for this seat (a search or a trained policy)",
    "random": "random: uniformly random legal moves",
    "scripted": "scripted: the rulebook-minded heuristic player (default)",
    "mcts": "mcts: tree search, 30 simulations a move (mcts:simulations=N for more)",
}
DEFAULT_AI = "scripted"
MCTS_DEFAULT = "mcts:simulations=30"
# The AI opponents players come for, shown first on the start page: env id -> (seat, title,
# the config that seat needs).
FEATURED = {
    "miniatures_v2": ("overlord", "The AI Overlord", {}),
    "tower_v2": ("yara", "The AI Yara", {"mode": "battle"}),
}
TITLES = {
    "kings_v2": "Kings of Hyboria", "cards_v2": "Conan: the card game",
    "tower_v2": "The Tower of the Elephant", "miniatures_v2": "Conan: the miniatures game",
    "adventures_v2": "The Adventures of Conan",
}
MAX_REPLAY_ACTIONS = MAX_ACTIONS
MAX_TEXT = MAX_BODY  # characters of a save or replay file


def option_schema(option: opt.Option) -> JSON:
    """One option as plain JSON for the start page's form."""
    out: JSON = {"default": _plain(option.default), "doc": option.doc, "valid": option.valid()}
    if isinstance(option, opt.Bool):
        out["kind"] = "bool"
    elif isinstance(option, opt.Int):
        out.update(kind="int", lo=option.lo, hi=option.hi, allow_none=option.allow_none)
    elif isinstance(option, opt.Choice):
        out.update(kind="choice", choices=list(opt._choices(option.choices)))
    elif isinstance(option, opt.Names):
        out.update(kind="names", choices=list(opt._choices(option.choices)),
                   min_len=option.min_len, max_len=option.max_len)
    elif isinstance(option, opt.Either):
        out.update(kind="either", kinds=[option_schema(k) for k in option.kinds])
    else:
        out["kind"] = "text"
    return out


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=list))


def catalogue() -> list[JSON]:
    """Every game with its option schema, for the start page."""
    games: list[JSON] = []
    for env_id in conan_envs.ENV_IDS:
        try:
            cls = conan_envs.game_class(env_id)
        except Exception as e:  # one broken game must not take the start page down
            games.append({"env_id": env_id, "title": env_id, "options": {}, "featured": None,
                          "error": f"{type(e).__name__}: {e}"})
            continue
        featured = FEATURED.get(env_id)
        games.append({
            "env_id": env_id,
            "title": TITLES.get(env_id, env_id),
            "options": {name: option_schema(o) for name, o in cls.OPTIONS.items()},
            "featured": None if featured is None else
            {"seat": featured[0], "title": featured[1], "config": featured[2]},
        })
    return games


def hyboria_layout() -> dict[str, list[int]]:
    """Where each region of Hyboria is drawn (the Kings map's designed layout, 1000 x 700):
    the Adventures board places its kingdoms there too."""
    from importlib.resources import files

    import yaml

    data = yaml.safe_load((files("conan_envs.kings") / "data" / "map.yaml").read_text())
    return {name: list(xy) for name, xy in (data.get("layout") or {}).items()}


def make_game(env_id: Any, config: Any) -> Game:
    if not isinstance(env_id, str):
        raise WebError(422, "env_id must be a string")
    if not isinstance(config, dict):
        raise WebError(422, "config must be an object of option: value")
    try:
        return conan_envs.make_game(env_id, **config)
    except ConfigError as e:
        raise WebError(422, str(e)) from None


def agent_spec(spec: str) -> str:
    spec = spec.strip()
    return MCTS_DEFAULT if spec == "mcts" else spec


@dataclass
class AIMove:
    """One AI move being thought in a daemon thread, on a copy of the position: ``cancel``
    (the game closed, the page gone, the limit passed) stops a search that watches it, and
    its answer is then thrown away."""

    seat: int
    deadline: float  # time.monotonic() by which a search stops with its best move so far
    cancel: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    action: int | None = None
    error: str | None = None

    def should_stop(self) -> bool:
        return self.cancel.is_set() or time.monotonic() > self.deadline


@dataclass
class Session:
    """One game being played: the rules state, who sits where, the moves made."""

    game: Game
    state: State
    seats: dict[str, str]  # role name -> "human" or an agent spec
    seed: int | None
    actions: list[int] | None  # every action since `seed` (None once unknown, e.g. a bare save)
    tokens: dict[str, str] = field(default_factory=dict)  # human role name -> secret
    agents: dict[int, Agent] = field(default_factory=dict)  # AI role index -> Agent
    lock: threading.Lock = field(default_factory=threading.Lock)
    rules: Rules = field(default_factory=Rules)
    move: AIMove | None = None  # the AI move in progress or last made
    closed: bool = False

    @classmethod
    def start(cls, env_id: Any, config: Any, seats: Any, seed: Any = None,
              state: State | None = None, actions: list[int] | None = None,
              rules: Rules | None = None) -> Session:
        rules = rules or Rules()
        seed = check_seed(seed)
        game = make_game(env_id, config)
        seats = cls._check_seats(game, seats)
        plays = {role: spec if spec == HUMAN else check_seat_agent(spec, role, i, game, rules)
                 for i, (role, spec) in enumerate(seats.items())}
        if seed is None and state is None:
            seed = secrets.randbelow(2**31)
        if state is None:
            state = game.new_initial_state(seed)
            actions = []
        s = cls(game, state, seats, seed, actions, rules=rules)
        for i, role in enumerate(game.roles):
            if seats[role] == HUMAN:
                s.tokens[role] = secrets.token_urlsafe(16)
            else:
                try:
                    s.agents[i] = load_agent(plays[role], game.env_id, role=i,
                                             seed=None if seed is None else (seed + i + 1) % 2**63,
                                             **game.config)
                except (ConfigError, OSError, ValueError) as e:
                    raise WebError(422, f"seat {role}: {e}") from None
        return s

    @staticmethod
    def _check_seats(game: Game, seats: Any) -> dict[str, str]:
        if seats is None:
            seats = {}
        if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
            raise WebError(422, "seats must map each role to 'human' or an agent")
        unknown = sorted(set(seats) - set(game.roles))
        if unknown:
            raise WebError(422, f"unknown seat(s) {unknown}; this game's seats: "
                                f"{', '.join(game.roles)}")
        out = {}
        for i, role in enumerate(game.roles):
            spec = seats.get(role, HUMAN if i == 0 else DEFAULT_AI).strip()
            out[role] = HUMAN if spec == HUMAN else agent_spec(spec)
        if HUMAN not in out.values():
            raise WebError(422, "at least one seat must be a person (the replay viewer "
                                "watches agents play)")
        return out

    # ---- what a seat may see ---------------------------------------------------------
    def check_seat(self, seat: str, token: Any) -> int:
        if seat not in self.tokens:
            raise WebError(403, f"{seat!r} is not a person's seat in this game "
                                f"(people sit at: {', '.join(self.tokens)})")
        if not isinstance(token, str) or not secrets.compare_digest(token, self.tokens[seat]):
            raise WebError(403, f"wrong token for seat {seat}")
        return self.game.role_index(seat)

    def over(self) -> bool:
        return self.state.is_terminal() or self.state.is_truncated()

    def to_act(self) -> str | None:
        return None if self.over() else self.game.roles[self.state.current_player()]

    def report(self, seat: str) -> JSON:
        """All the server tells `seat`: its own view, its legal actions when it is to act,
        who sits where, and the result once the game is over."""
        r = self.game.role_index(seat)
        to_act = self.to_act()
        view = self.state.view(r)
        out = {
            "env_id": self.game.env_id,
            "config": _plain(self.game.config),
            "roles": list(self.game.roles),
            "seats": self.seats,
            "seat": seat,
            "view": view,
            "to_act": to_act,
            "to_act_is_ai": to_act is not None and self.seats[to_act] != HUMAN,
            "legal": [],
            "over": self.over(),
            "truncated": self.state.is_truncated(),
            "returns": None,
            "steps": len(self.actions) if self.actions is not None else None,
        }
        if to_act == seat:
            out["legal"] = [{"id": a, "name": self.state.action_to_string(a)}
                            for a in self.state.legal_actions()]
        if out["over"]:
            out["returns"] = dict(zip(self.game.roles, map(float, self.state.returns())))
        return out

    # ---- moves -------------------------------------------------------------------------
    def act(self, seat: str, action: Any) -> None:
        to_act = self.to_act()
        if to_act is None:
            raise WebError(409, "the game is over")
        if to_act != seat:
            raise WebError(409, f"it is {to_act}'s turn to act, not {seat}'s")
        if type(action) is not int or not self.state.is_legal(action):
            prompt = self.state.view(seat)["decision"]["prompt"]
            names = [self.state.action_to_string(a) for a in self.state.legal_actions()]
            raise WebError(400, f"action {action!r} is not legal now ({prompt}); legal: "
                                + "; ".join(names[:20]) + (" ..." if len(names) > 20 else ""))
        self._apply(action)

    def ai_step(self) -> None:
        """The agent to act makes one move, here and now (within the server's limits)."""
        move = self.begin_ai_move()
        move.done.wait(self.rules.ai_move_seconds + self.rules.ai_grace_seconds)
        self.end_ai_move(move)

    def begin_ai_move(self) -> AIMove:
        """Start the move of the agent to act in a daemon thread, on a copy of the state."""
        with self.lock:
            if self.closed:
                raise WebError(410, "this game was closed")
            if self.move is not None and not self.move.done.is_set():
                raise WebError(409, "the AI is still on its previous move (being stopped); "
                                    "ask again in a moment")
            to_act = self.to_act()
            if to_act is None:
                raise WebError(409, "the game is over")
            if self.seats[to_act] == HUMAN:
                raise WebError(409, f"{to_act} is a person's seat; it is their turn")
            p = self.state.current_player()
            move = self.move = AIMove(p, time.monotonic() + self.rules.ai_move_seconds)
            agent, position = self.agents[p], self.state.clone()
        if hasattr(agent, "stop"):  # a search: it stops at the deadline or when cancelled
            agent.stop = move.should_stop

        def think() -> None:
            try:
                move.action = int(agent.act(position.observation(p), position.legal_action_mask(),
                                            position))
            except Exception as e:  # reported to the page as the AI's failure
                move.error = f"{type(e).__name__}: {e}"
            finally:
                move.done.set()

        threading.Thread(target=think, name=f"conan-ai-{self.game.roles[p]}", daemon=True).start()
        return move

    def end_ai_move(self, move: AIMove) -> None:
        """Play the move's answer, or refuse: cancelled, failed or over the time limit."""
        if not move.done.is_set():
            move.cancel.set()
            spec = self.seats[self.game.roles[move.seat]]
            raise WebError(503, f"the AI ({spec}) did not move within this server's limit of "
                                f"{self.rules.ai_move_seconds:g} s a move; its move is cancelled")
        with self.lock:
            if move.cancel.is_set() or self.closed or self.move is not move:
                raise WebError(410, "the AI's move was cancelled (the game was closed)")
            if move.error is not None:
                raise WebError(500, f"the AI failed to move: {move.error}")
            if move.action is None or not self.state.is_legal(move.action):
                raise WebError(500, f"the AI answered an illegal action {move.action!r}")
            self._apply(move.action)

    def close(self) -> None:
        """The game ends here: a move in progress is cancelled, nothing more is accepted."""
        self.closed = True
        if self.move is not None:
            self.move.cancel.set()

    def _apply(self, action: int) -> None:
        self.state.apply_action(action)
        if self.actions is not None:
            self.actions.append(action)

    # ---- saves -------------------------------------------------------------------------
    def save(self) -> JSON:
        return {
            "format": SAVE_FORMAT,
            "env_id": self.game.env_id,
            "config": _plain(self.game.config),
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
            "state": self.state.to_json(),
        }

    @classmethod
    def load(cls, text: Any, seats: Any = None, rules: Rules | None = None) -> Session:
        """A game from a save record or a bare ``State.to_json()``; the state is checked by
        ``Game.state_from_json`` (a bad file raises WebError 422 with its message)."""
        record = parse_record(text)
        if record.get("format") == SAVE_FILE_FORMAT:  # a bare State.to_json()
            record = {"env_id": record.get("env_id"), "config": record.get("config", {}),
                      "state": text}
        if not isinstance(record.get("state"), str):
            raise WebError(422, "not a saved game: no 'state' in the file")
        game = make_game(record.get("env_id"), record.get("config") or {})
        try:
            state = game.state_from_json(record["state"])
        except CorruptStateError as e:
            raise WebError(422, f"the saved game is corrupt: {e}") from None
        actions, seed = record.get("actions"), record.get("seed")
        if not (isinstance(actions, list) and len(actions) <= MAX_ACTIONS
                and all(type(a) is int for a in actions)
                and (seed is None or (type(seed) is int and 0 <= seed < 2**63))):
            actions, seed = None, None
        saved_seats = record.get("seats")
        if seats is None:
            seats = saved_seats
        elif isinstance(saved_seats, dict) and not (state.is_terminal() or state.is_truncated()):
            keep_ai_seats(saved_seats, seats)
        return cls.start(game.env_id, game.config, seats, seed, state, actions, rules)


def keep_ai_seats(saved: JSON, asked: Any) -> None:
    """A game still being played keeps its AI seats when it is loaded: a person may not take
    over the seat of an agent (whose view holds what the people at the table may not see)."""
    if not isinstance(asked, dict):
        return  # Session.start refuses it with its own message
    for role, spec in saved.items():
        if spec != HUMAN and role in asked and asked[role] != spec:
            raise WebError(422, f"seat {role} is played by the AI ({spec}) in this unfinished "
                                f"game; a loaded game keeps its AI seats (finish it, or start a "
                                f"new one)")


def parse_record(text: Any) -> JSON:
    if not isinstance(text, str):
        raise WebError(422, "the file must be text")
    if len(text) > MAX_TEXT:
        raise WebError(422, f"the file is larger than {MAX_TEXT} bytes")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise WebError(422, f"the file is not JSON: {e}") from None
    if not isinstance(record, dict):
        raise WebError(422, "the file must hold a JSON object")
    return record


class Replay:
    """A recorded game ``{"env_id", "config", "seed", "actions"}`` (a save record is one),
    stepped through on demand. It keeps the actions and at most REPLAY_CHECKPOINTS + 1
    positions (one every ``every`` actions); a step is rebuilt from the checkpoint before it,
    so its memory does not grow with the game's length."""

    def __init__(self, text: Any, stop: Callable[[], bool] = lambda: False) -> None:
        record = parse_record(text)
        seats = record.get("seats")
        self.game = make_game(record.get("env_id"), record.get("config") or {})
        seed, actions = record.get("seed"), record.get("actions")
        if type(seed) is not int:
            raise WebError(422, "a replay needs the game's integer 'seed'")
        check_seed(seed, "the replay's seed")
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise WebError(422, "a replay needs 'actions', a list of action ids")
        if len(actions) > MAX_REPLAY_ACTIONS:
            raise WebError(422, f"a replay holds at most {MAX_REPLAY_ACTIONS} actions, this one "
                                f"{len(actions)}")
        self.actions: list[int] = list(actions)
        self.every = max(1, -(-len(actions) // REPLAY_CHECKPOINTS))
        self.lock = threading.Lock()
        state = self.game.new_initial_state(seed)
        self.checkpoints: list[State] = [state.clone()]
        for i, a in enumerate(self.actions):
            if not state.is_legal(a):
                raise WebError(422, f"action {a} at step {i + 1} is not legal there "
                                    f"({state.decision()}); the record does not replay")
            state.apply_action(a)
            if (i + 1) % self.every == 0:
                self.checkpoints.append(state.clone())
            if i % 512 == 511 and stop():
                raise WebError(503, "the server is stopping")
        self._last: tuple[int, State, str | None] = (0, self.checkpoints[0], None)
        # One seat, one truth: an unfinished game is shown only as the seats its people held
        # (a page's save names them), with each seat's own log; every seat once it is over.
        self.finished = state.is_terminal() or state.is_truncated()
        people = ([r for r in self.game.roles if seats.get(r) == HUMAN]
                  if isinstance(seats, dict) else [])
        if not self.finished and not people:
            raise WebError(422, "this game is not over and the file does not say which seats "
                                "its people held, so no seat's view can be shown without "
                                "another's secrets; replay it once it is finished, or replay "
                                "the save the page wrote")
        self.viewers: tuple[str, ...] = tuple(self.game.roles) if self.finished else tuple(people)

    @property
    def length(self) -> int:
        return len(self.actions)

    def position(self, index: int) -> tuple[State, str | None]:
        """The state after `index` actions and the label of the last of them (read-only)."""
        with self.lock:
            last_index, last_state, last_label = self._last
            if index == last_index:
                return last_state, last_label
            if 0 < index - last_index <= 1:
                state, start = last_state.clone(), last_index
            elif index == 0:
                self._last = (0, self.checkpoints[0], None)
                return self._last[1], None
            else:
                c = (index - 1) // self.every
                state, start = self.checkpoints[c].clone(), c * self.every
            for a in self.actions[start:index - 1]:
                state.apply_action(a)
            a = self.actions[index - 1]
            label = f"{self.game.roles[state.current_player()]}: {state.action_to_string(a)}"
            state.apply_action(a)
            self._last = (index, state, label)
            return state, label

    def step(self, index: int, role: str) -> JSON:
        if not 0 <= index <= self.length:
            raise WebError(404, f"step {index} is outside 0..{self.length}")
        try:
            r = self.game.role_index(role)
        except ConfigError as e:
            raise WebError(422, str(e)) from None
        if self.game.roles[r] not in self.viewers:
            raise WebError(403, f"this game is not over: it can be viewed only as "
                                f"{', '.join(self.viewers)}, the seat(s) its people held")
        state, label = self.position(index)
        actor = label.partition(":")[0] if label else None
        if label and not self.finished and actor != self.game.roles[r]:
            label = f"{actor} moved (what {self.game.roles[r]} saw of it is in the log)"
        return {"env_id": self.game.env_id, "config": _plain(self.game.config),
                "roles": list(self.game.roles), "viewers": list(self.viewers),
                "seat": self.game.roles[r], "step": index,
                "length": self.length, "view": state.view(r), "last_action": label,
                "over": state.is_terminal() or state.is_truncated()}


@dataclass
class _Held:
    item: object
    last: float  # the clock at its last request


class Store:
    """The games and replays this server holds: at most ``capacity``. When full, the one
    longest untouched makes room if no request reached it for ``idle_seconds``; else a new
    one is refused (503) saying so, and nothing held changes."""

    def __init__(self, capacity: int = 64, idle_seconds: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.items: dict[str, _Held] = {}
        self.lock = threading.Lock()
        self.stopping = threading.Event()  # set when the server stops: long work ends

    def add(self, item: object) -> str:
        key = secrets.token_hex(8)
        with self.lock:
            try:
                self._make_room()
            except WebError:
                _close(item)
                raise
            self.items[key] = _Held(item, self.clock())
        return key

    def check_room(self) -> None:
        """WebError 503 now if a new game could not be held (before any work on it)."""
        with self.lock:
            self._make_room()

    def _make_room(self) -> None:
        if len(self.items) < self.capacity:
            return
        oldest = min(self.items, key=lambda k: self.items[k].last)
        if self.clock() - self.items[oldest].last < self.idle_seconds:
            raise WebError(503, f"this server holds {self.capacity} games and replays, each "
                                f"used within the last {self.idle_seconds / 60:g} minutes; "
                                "finish or close one (New game closes the one on the page), "
                                "or restart the server")
        _close(self.items.pop(oldest).item)

    def get(self, key: str, kind: type[T]) -> T:
        with self.lock:
            held = self.items.get(key)
            if held is not None:
                held.last = self.clock()
        item = None if held is None else held.item
        if not isinstance(item, kind):
            raise WebError(404, f"no {kind.__name__.lower()} {key[:40]!r} on this server "
                                "(it may have ended when the server restarted)")
        return item

    def remove(self, key: str) -> None:
        with self.lock:
            held = self.items.pop(key, None)
        if held is not None:
            _close(held.item)

    def close_all(self) -> None:
        self.stopping.set()
        with self.lock:
            items, self.items = list(self.items.values()), {}
        for held in items:
            _close(held.item)


def _close(item: object) -> None:
    if isinstance(item, Session):
        item.close()
