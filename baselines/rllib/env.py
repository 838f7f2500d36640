"""A game as an RLlib multi-agent env (turn-based, new API stack).

Only the roles that learn are RLlib agents; the other roles are played inside the env by the
agents named in the config's ``opponents``. At each step the observation dict holds the one
learning role to act; when the game ends every learning role gets its final observation and
its return. Rewards are the game's returns (``reward: terminal``) or, with ``reward: shaped``
(or ``margin``), the step-by-step change of its shaped scores (or margins) plus the returns.
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from conan_envs import make_game
from conan_envs.engine import State
from conan_envs.engine.rewards import dense_scores

from ..loading import load_agent

OBS, MASK = "observations", "action_mask"


class ConanMultiAgentEnv(MultiAgentEnv):
    """``env_config``: ``env_id``, ``game_config`` (the game's options), ``learn_roles``
    (role indices), ``opponents`` (role index -> agent string for the other roles),
    ``reward`` ("terminal" | "shaped" | "margin"), ``seed``."""

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__()
        cfg = dict(config or {})
        self.game = make_game(cfg["env_id"], **cfg.get("game_config", {}))
        self.learn = [int(r) for r in cfg["learn_roles"]]
        self.opponent_specs = {int(r): s for r, s in cfg.get("opponents", {}).items()}
        self.reward = str(cfg.get("reward", "terminal"))
        # a different stream per env copy: worker and vector indices come with the config
        worker = int(getattr(config, "worker_index", 0) or 0)
        vector = int(getattr(config, "vector_index", 0) or 0)
        self.rng = np.random.default_rng([int(cfg.get("seed", 0)), worker, vector])
        roles = self.game.roles
        self.agents = self.possible_agents = [roles[r] for r in self.learn]
        n = self.game.num_actions
        self.observation_spaces = {}
        self.action_spaces = {}
        for r in self.learn:
            low, high = _bounds(self.game, r)
            self.observation_spaces[roles[r]] = gym.spaces.Dict({
                OBS: gym.spaces.Box(low, high, self.game.observation_shape(r), np.float32),
                MASK: gym.spaces.Box(0.0, 1.0, (n,), np.float32),
            })
            self.action_spaces[roles[r]] = gym.spaces.Discrete(n)
        self.game_state: State = self.game.new_initial_state(0)
        self.opponents: dict[int, Any] = {}
        self._scores: np.ndarray | None = None

    def _obs(self, r: int, final: bool = False) -> dict[str, np.ndarray]:
        mask = np.zeros(self.game.num_actions, np.float32)
        if not final:
            mask[self.game_state.legal_action_mask()] = 1.0
        else:
            mask[0] = 1.0  # a final observation is never acted on; keep the mask non-empty
        return {OBS: self.game_state.observation(r), MASK: mask}

    def _advance(self) -> None:
        """Play the fixed opponents until a learning role is to act or the game ends."""
        s = self.game_state
        while not s.is_terminal() and not s.is_truncated() and s.current_player() not in self.learn:
            p = s.current_player()
            s.apply_action(self.opponents[p].act(s.observation(p), s.legal_action_mask(), s))

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[Any, Any], dict[Any, Any]]:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.game_state = self.game.new_initial_state(int(self.rng.integers(2**63)))
        self.opponents = {r: load_agent(spec, self.game.env_id, r, seed=int(self.rng.integers(2**31)),
                                        **self.game.config)
                          for r, spec in self.opponent_specs.items()}
        self._scores = self._dense()
        self._advance()
        p = self.game_state.current_player()
        return {self.game.roles[p]: self._obs(p)}, {}

    def _dense(self) -> np.ndarray | None:  # the dense scores of the run's reward
        return dense_scores(self.game_state, self.reward)

    def step(self, action_dict: dict[Any, Any]) -> tuple[  # type: ignore[override]
            dict[Any, Any], dict[Any, Any], dict[Any, Any], dict[Any, Any], dict[Any, Any]]:
        s = self.game_state
        p = s.current_player()
        s.apply_action(int(action_dict[self.game.roles[p]]))
        self._advance()
        # every learning role gets a reward entry each step (RLlib requires one for any agent
        # that receives an observation)
        rewards = {self.game.roles[r]: 0.0 for r in self.learn}
        new = self._dense()
        if new is not None and self._scores is not None:
            for r in self.learn:
                rewards[self.game.roles[r]] = float(new[r] - self._scores[r])
            self._scores = new
        if s.is_terminal() or s.is_truncated():
            returns = s.returns() if s.is_terminal() else [0.0] * self.game.num_roles
            obs = {}
            for r in self.learn:
                name = self.game.roles[r]
                obs[name] = self._obs(r, final=True)
                rewards[name] += float(returns[r])
            done = {"__all__": s.is_terminal()}
            return obs, rewards, done, {"__all__": not s.is_terminal()}, {}
        q = s.current_player()
        return ({self.game.roles[q]: self._obs(q)}, rewards, {"__all__": False}, {"__all__": False}, {})


def _bounds(game: Any, role: int) -> tuple[float, float]:
    bounds = getattr(game, "observation_bounds", None)
    if callable(bounds):
        low, high = bounds(role)
        return float(np.min(low)), float(np.max(high))
    return -np.inf, np.inf
