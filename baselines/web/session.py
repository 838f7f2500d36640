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
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, TypeVar

import conan_envs
from baselines import load_agent
from baselines.agent import Agent
from conan_envs import ConfigError, CorruptStateError
from conan_envs.engine import Game, State
from conan_envs.engine import options as opt
from conan_envs.engine.saves import FORMAT as SAVE_FILE_FORMAT

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
MAX_SESSIONS = 64
MAX_REPLAY_ACTIONS = 50_000
MAX_TEXT = 20_000_000  # bytes of a save or replay file


class WebError(Exception):
    """A request the server refuses; ``status`` is the HTTP code, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


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

    @classmethod
    def start(cls, env_id: Any, config: Any, seats: Any, seed: int | None = None,
              state: State | None = None, actions: list[int] | None = None) -> Session:
        game = make_game(env_id, config)
        seats = cls._check_seats(game, seats)
        if seed is None and state is None:
            seed = secrets.randbelow(2**31)
        if state is None:
            state = game.new_initial_state(seed)
            actions = []
        s = cls(game, state, seats, seed, actions)
        for i, role in enumerate(game.roles):
            if seats[role] == HUMAN:
                s.tokens[role] = secrets.token_urlsafe(16)
            else:
                try:
                    s.agents[i] = load_agent(seats[role], game.env_id, role=i,
                                             seed=None if seed is None else seed + i + 1,
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
        """The agent to act makes one move."""
        to_act = self.to_act()
        if to_act is None:
            raise WebError(409, "the game is over")
        if self.seats[to_act] == HUMAN:
            raise WebError(409, f"{to_act} is a person's seat; it is their turn")
        p = self.state.current_player()
        action = int(self.agents[p].act(self.state.observation(p), self.state.legal_action_mask(),
                                        self.state))
        self._apply(action)

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
    def load(cls, text: Any, seats: Any = None) -> Session:
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
        if not (isinstance(actions, list) and all(type(a) is int for a in actions)
                and (seed is None or type(seed) is int)):
            actions = None
        if seats is None:
            seats = record.get("seats")
        return cls.start(game.env_id, game.config, seats, seed, state, actions)


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
    """The states of a recorded game, one per action: ``{"env_id", "config", "seed",
    "actions"}`` (a save record is one)."""

    def __init__(self, text: Any) -> None:
        record = parse_record(text)
        self.game = make_game(record.get("env_id"), record.get("config") or {})
        seed, actions = record.get("seed"), record.get("actions")
        if type(seed) is not int:
            raise WebError(422, "a replay needs the game's integer 'seed'")
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise WebError(422, "a replay needs 'actions', a list of action ids")
        if len(actions) > MAX_REPLAY_ACTIONS:
            raise WebError(422, f"more than {MAX_REPLAY_ACTIONS} actions")
        state = self.game.new_initial_state(seed)
        self.states, self.labels = [state.clone()], []
        for i, a in enumerate(actions):
            if not state.is_legal(a):
                raise WebError(422, f"action {a} at step {i + 1} is not legal there "
                                    f"({state.decision()}); the record does not replay")
            actor = self.game.roles[state.current_player()]
            self.labels.append(f"{actor}: {state.action_to_string(a)}")
            state.apply_action(a)
            self.states.append(state.clone())

    def step(self, index: int, role: str) -> JSON:
        if not 0 <= index < len(self.states):
            raise WebError(404, f"step {index} is outside 0..{len(self.states) - 1}")
        try:
            r = self.game.role_index(role)
        except ConfigError as e:
            raise WebError(422, str(e)) from None
        state = self.states[index]
        return {"env_id": self.game.env_id, "config": _plain(self.game.config),
                "roles": list(self.game.roles), "seat": self.game.roles[r], "step": index,
                "length": len(self.states) - 1, "view": state.view(r),
                "last_action": self.labels[index - 1] if index else None,
                "over": state.is_terminal() or state.is_truncated()}


class Store:
    """The games and replays this server holds, the oldest dropped past MAX_SESSIONS."""

    def __init__(self) -> None:
        self.items: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, item: object) -> str:
        key = secrets.token_hex(8)
        with self.lock:
            self.items[key] = item
            while len(self.items) > MAX_SESSIONS:
                self.items.popitem(last=False)
        return key

    def get(self, key: str, kind: type[T]) -> T:
        with self.lock:
            item = self.items.get(key)
        if not isinstance(item, kind):
            raise WebError(404, f"no {kind.__name__.lower()} {key!r} on this server "
                                "(it may have ended when the server restarted)")
        return item
