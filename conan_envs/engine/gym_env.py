"""Single-agent Gymnasium view of any game: one role learns, the others are played by
given agents. Exposes ``action_masks()`` for sb3-contrib's MaskablePPO."""
from __future__ import annotations

import gymnasium as gym
import numpy as np

from .core import Game
from .errors import ConfigError


class SingleAgentEnv(gym.Env):
    """`opponents` maps each other role (name or index) to an agent with
    ``act(observation, action_mask, state=None) -> int``, or is one callable
    ``f(role_index) -> agent`` called at every reset (for snapshot pools)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: Game, role=0, opponents=None, render_mode=None, reward="terminal"):
        self.game = game
        self.role = game.roles.index(role) if isinstance(role, str) else int(role)
        if not 0 <= self.role < game.num_roles:
            raise ConfigError(f"role {role!r} is not one of {game.roles}")
        self._opponent_spec = opponents
        self.render_mode = render_mode
        self.shaped = reward == "shaped"
        shape = game.observation_shape(self.role)
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, shape, np.float32)
        self.action_space = gym.spaces.Discrete(game.num_actions)
        self.state = None
        self.opponents = {}

    def _resolve_opponents(self):
        spec = self._opponent_spec
        others = [r for r in range(self.game.num_roles) if r != self.role]
        if callable(spec) and not isinstance(spec, dict):
            return {r: spec(r) for r in others}
        spec = spec or {}
        opp = {}
        for r in others:
            agent = spec.get(r, spec.get(self.game.roles[r]))
            if agent is None:
                from baselines.random_agent import RandomAgent

                agent = RandomAgent(seed=int(self.np_random.integers(2**31)))
            opp[r] = agent
        return opp

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.state = self.game.new_initial_state(int(self.np_random.integers(2**63)))
        self.opponents = self._resolve_opponents()
        self._score = self._shaped()
        self._play_opponents()
        return self._obs(), {}

    def _shaped(self):
        if self.shaped and hasattr(self.state, "shaped_scores"):
            return float(self.state.shaped_scores()[self.role])
        return 0.0

    def _play_opponents(self):
        s = self.state
        while not s.is_terminal() and not s.is_truncated() and s.current_player() != self.role:
            p = s.current_player()
            a = self.opponents[p].act(s.observation(p), s.legal_action_mask(), s)
            s.apply_action(a)

    def _obs(self):
        return self.state.observation(self.role)

    def action_masks(self) -> np.ndarray:
        return self.state.legal_action_mask().copy()  # writable, as torch.as_tensor expects

    def step(self, action):
        self.state.apply_action(int(action))
        self._play_opponents()
        s = self.state
        terminated = s.is_terminal()
        truncated = not terminated and s.is_truncated()
        reward = float(s.returns()[self.role]) if terminated else 0.0
        if self.shaped:
            new = self._shaped()
            reward += new - self._score
            self._score = new
        if self.render_mode == "human":
            print(str(s))
        return self._obs(), reward, terminated, truncated, {}

    def render(self):
        return str(self.state) if self.render_mode == "ansi" else None
