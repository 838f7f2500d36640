"""The one PettingZoo adapter: an AECEnv over any Game (DESIGN.md, "Observations",
"Rewards and episode end"). The env is thin: every rule lives in the game's State."""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .core import Game
from .errors import ConfigError, IllegalActionError

ILLEGAL_MODES = ("raise", "lose")


class ConanAECEnv(AECEnv):
    """PettingZoo AEC env over a rules core.

    `illegal_action="raise"` (default) raises IllegalActionError and changes nothing;
    `"lose"` follows PettingZoo classic: the offender gets -1, the others 0, and the game ends.
    `reward="terminal"` (default) pays `returns()` at the end; `"shaped"` also pays the
    step-by-step change of the state's `shaped_scores()` where the game defines one.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: Game, render_mode=None, illegal_action="raise", reward="terminal"):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if illegal_action not in ILLEGAL_MODES:
            raise ConfigError(f"illegal_action must be one of {ILLEGAL_MODES}")
        if reward not in ("terminal", "shaped"):
            raise ConfigError("reward must be 'terminal' or 'shaped'")
        self.game = game
        self.metadata = {**self.metadata, "name": game.env_id}
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.shaped = reward == "shaped"
        self.possible_agents = list(game.roles)
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = game.num_actions
        self._obs_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, game.observation_shape(i), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for i, a in enumerate(self.possible_agents)
        }
        self._act_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._zero_mask = np.zeros(n, dtype=np.int8)
        self._seeds = np.random.SeedSequence()
        self.state = None

    def observation_space(self, agent):
        return self._obs_spaces[agent]

    def action_space(self, agent):
        return self._act_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = np.random.SeedSequence(seed)
        state_seed = int(self._seeds.spawn(1)[0].generate_state(1, np.uint64)[0])
        self.state = self.game.new_initial_state(state_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._scores = self._shaped_scores()
        self._obs_cache = {}
        self._rewards_dirty = False
        self.agent_selection = self.possible_agents[self.state.current_player()]
        self.infos[self.agent_selection]["decision"] = self.state.decision()

    def observe(self, agent):
        obs = self._obs_cache.get(agent)
        if obs is None:
            i = self._index[agent]
            if agent == self.agent_selection and not self.state.is_terminal():
                mask = self.state.legal_action_mask().astype(np.int8)
            else:
                mask = self._zero_mask.copy()
            obs = {"observation": self.state.observation(i), "action_mask": mask}
            self._obs_cache[agent] = obs
        return obs

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._obs_cache = {}
        if self._rewards_dirty:  # rewards are non-zero only at the end or when shaped
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewards_dirty = False
        state = self.state
        try:
            state.apply_action(action)  # an illegal action raises and changes nothing
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._end({a: (-1.0 if a == agent else 0.0) for a in self.agents}, truncate=False)
            self.infos[agent]["illegal_action"] = True
        else:
            if self.shaped:
                self._add_shaping()
            if state.is_terminal():
                self._end(dict(zip(self.possible_agents, map(float, state.returns()))), False)
            elif state.is_truncated():
                self._end({}, truncate=True)
            else:
                self.infos[agent].pop("decision", None)
                self.agent_selection = self.possible_agents[state.current_player()]
                self.infos[self.agent_selection]["decision"] = state.decision()
        if self._rewards_dirty:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards, truncate: bool):
        self._rewards_dirty = True
        for a in self.agents:
            self.rewards[a] += rewards.get(a, 0.0)
            if truncate:
                self.truncations[a] = True
            else:
                self.terminations[a] = True

    def _shaped_scores(self):
        if not self.shaped or not hasattr(self.state, "shaped_scores"):
            return None
        return np.asarray(self.state.shaped_scores(), dtype=np.float64)

    def _add_shaping(self):
        new = self._shaped_scores()
        if new is None:
            return
        for a, d in zip(self.possible_agents, new - self._scores):
            if a in self.rewards and d:
                self.rewards[a] += float(d)
                self._rewards_dirty = True
        self._scores = new

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def __str__(self):
        return self.game.env_id


__all__ = ["ConanAECEnv", "IllegalActionError"]
