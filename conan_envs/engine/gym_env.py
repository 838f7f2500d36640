"""Single-agent Gymnasium view of any game: one role learns, the others are played by
given agents (by default :class:`RandomOpponent`, uniform over the legal moves). Exposes
the legal mask as ``action_masks()`` (sb3-contrib's MaskablePPO) and as
``info["action_mask"]`` after ``reset`` and every ``step``. Registered with Gymnasium as
``conan_envs/<Game>-v1`` (see :mod:`conan_envs.registration`)."""
from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from .core import Game, State, as_action
from .errors import ConfigError, IllegalActionError, ResetNeeded
from .pettingzoo_env import (
    RENDER_MODES,
    check_env_options,
    check_reset_options,
    check_seed,
    observation_box,
)
from .rewards import dense_scores

Obs = npt.NDArray[np.float32]


class Agent(Protocol):
    """What plays a seat: ``act(observation, action_mask, state)`` returns a legal action."""

    def act(self, observation: Obs, action_mask: npt.NDArray[np.bool_],
            state: State | None = None) -> int: ...


class RandomOpponent:
    """Plays a uniformly random legal action from its own generator (the default opponent)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def reset(self) -> None:
        pass

    def act(self, observation: Obs, action_mask: npt.NDArray[np.bool_],
            state: State | None = None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise IllegalActionError(None, "no legal action to choose from", [])
        return int(legal[int(self.rng.integers(legal.size))])


Opponents = Mapping[Any, Agent | None] | Callable[[int], Agent] | None


class SingleAgentEnv(gym.Env[Obs, int]):
    """`role` (index or name) learns. `opponents` maps other roles (names or indices) to
    agents with ``act(observation, action_mask, state=None) -> int`` (a role left out, or
    mapped to None, gets a :class:`RandomOpponent` seeded from the env's generator), or is
    one callable ``f(role_index) -> agent`` called at every reset (for snapshot pools).

    ``game_state`` is the position being played (None before ``reset``).
    ``illegal_action="raise"`` (default) raises ``IllegalActionError`` for anything but a
    legal action index and changes nothing; ``"lose"`` ends the episode with reward -1 (and
    ``info["illegal_action"]``). ``reward``: ``"terminal"``, ``"shaped"`` or ``"margin"`` (see
    :class:`~.pettingzoo_env.ConanAECEnv`).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game: Game, role: object = 0, opponents: Opponents = None,
                 render_mode: str | None = None, reward: str = "terminal",
                 illegal_action: str = "raise") -> None:
        check_env_options(render_mode, illegal_action, reward)
        self.game = game
        self.role = game.role_index(role)
        self._opponent_spec = _check_opponents(game, self.role, opponents)
        self.render_mode = render_mode
        self.reward = reward
        self.shaped = reward != "terminal"
        self.illegal_action = illegal_action
        self.observation_space = observation_box(game, self.role)
        self.action_space = gym.spaces.Discrete(game.num_actions)
        self.game_state: State | None = None
        self.opponents: dict[int, Agent] = {}
        self._score = 0.0
        self._over = False

    @property
    def state(self) -> State | None:
        """Deprecated name of ``game_state`` (the AEC env's ``state`` is PettingZoo's
        global-state method; both envs now call the rules state ``game_state``)."""
        warnings.warn("SingleAgentEnv.state is deprecated; use game_state", DeprecationWarning,
                      stacklevel=2)
        return self.game_state

    def _resolve_opponents(self) -> dict[int, Agent]:
        spec = self._opponent_spec
        others = [r for r in range(self.game.num_roles) if r != self.role]
        opp: dict[int, Agent] = {}
        for r in others:
            if spec is None:
                agent = None
            elif isinstance(spec, Mapping):
                agent = spec.get(r, spec.get(self.game.roles[r]))
            else:
                agent = spec(r)
                if not callable(getattr(agent, "act", None)):
                    raise ConfigError(f"opponents({r}) returned {agent!r}, which has no act()")
            opp[r] = agent if agent is not None else RandomOpponent(
                int(self.np_random.integers(2**63)))
        return opp

    def _live(self) -> State:
        if self.game_state is None:
            raise ResetNeeded(f"{self.game.env_id}: call reset() before step(), "
                              "action_masks() or render()")
        return self.game_state

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        seed = check_seed(seed)
        check_reset_options(options)
        super().reset(seed=seed)
        self.game_state = self.game.new_initial_state(int(self.np_random.integers(2**63)))
        self.opponents = self._resolve_opponents()
        self._over = False
        self._score = self._shaped()
        self._play_opponents()
        state = self.game_state
        self._over = state.is_terminal() or state.is_truncated()
        return self._obs(), {"action_mask": self._mask_info()}

    def _shaped(self) -> float:
        scores = None if self.game_state is None else dense_scores(self.game_state, self.reward)
        return 0.0 if scores is None else float(scores[self.role])

    def _play_opponents(self) -> None:
        s = self._live()
        while not s.is_terminal() and not s.is_truncated() and s.current_player() != self.role:
            p = s.current_player()
            a = self.opponents[p].act(s.observation(p), s.legal_action_mask(), s)
            s.apply_action(a)

    def _obs(self) -> Obs:
        # The game's observation is a new array of its own (State.observation): no copy.
        return np.asarray(self._live().observation(self.role), dtype=np.float32)

    def _mask_info(self) -> npt.NDArray[np.int8]:
        if self._over:
            return np.zeros(self.game.num_actions, dtype=np.int8)
        return self._live().legal_action_mask().astype(np.int8)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now (a writable copy; all False once the episode is over)."""
        if self._over:
            return np.zeros(self.game.num_actions, dtype=bool)
        return self._live().legal_action_mask().copy()  # writable, as torch.as_tensor expects

    def step(self, action: object) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        s = self._live()
        if self._over:
            raise IllegalActionError(action, "game over (call reset())", [])
        a = as_action(action, self.game.num_actions)
        if a is None or not s.legal_action_mask()[a]:
            if self.illegal_action == "raise":
                s.apply_action(action)  # raises IllegalActionError naming the legal moves
            self._over = True
            return self._obs(), -1.0, True, False, {"action_mask": self._mask_info(),
                                                    "illegal_action": True}
        s.apply_action(a)
        self._play_opponents()
        terminated = s.is_terminal()
        truncated = not terminated and s.is_truncated()
        self._over = terminated or truncated
        reward = float(s.returns()[self.role]) if terminated else 0.0
        if self.shaped:
            new = self._shaped()
            reward += new - self._score
            self._score = new
        if self.render_mode == "human":
            print(str(s))
        return self._obs(), reward, terminated, truncated, {"action_mask": self._mask_info()}

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode is None:
            return None
        text = str(self._live())
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _check_opponents(game: Game, role: int, opponents: object) -> Opponents:
    if opponents is None:
        return None
    if isinstance(opponents, Mapping):
        for key, agent in opponents.items():
            r = game.role_index(key)
            if r == role:
                raise ConfigError(f"opponents names {key!r}, the learning role; give only the "
                                  f"other roles of {list(game.roles)}")
            if agent is not None and not callable(getattr(agent, "act", None)):
                raise ConfigError(f"opponent for {key!r} is {agent!r}, which has no "
                                  "act(observation, action_mask, state) method")
        return opponents
    if callable(opponents) and not hasattr(opponents, "act"):
        return opponents
    raise ConfigError(f"opponents must be None, a dict of role -> agent, or a callable "
                      f"role_index -> agent; got {opponents!r}")


__all__ = ["SingleAgentEnv", "RandomOpponent"]
