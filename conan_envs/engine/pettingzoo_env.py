"""The one PettingZoo adapter: an AECEnv over any Game (docs/architecture.md, "The
adapter"). The env is thin: every rule lives in the game's State, reached as
``env.game_state`` (``env.state()`` is PettingZoo's global-state method, which these games,
having hidden information, do not offer)."""
from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from .core import TERMINAL, Game, State, as_action
from .errors import ConfigError, IllegalActionError, ResetNeeded
from .rewards import REWARD_MODES, dense_scores

ILLEGAL_MODES = ("raise", "lose")
RENDER_MODES = ("ansi", "human")

ObsDict = dict[str, npt.NDArray[Any]]


def check_env_options(render_mode: object, illegal_action: object, reward: object) -> None:
    """The env options both adapters take, each refused with what is valid."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ConfigError(f"render_mode={render_mode!r} is invalid; render_mode must be one of "
                          f"{list(RENDER_MODES)} or None")
    if illegal_action not in ILLEGAL_MODES:
        raise ConfigError(f"illegal_action={illegal_action!r} is invalid; illegal_action must "
                          f"be one of {list(ILLEGAL_MODES)}")
    if reward not in REWARD_MODES:
        raise ConfigError(f"reward={reward!r} is invalid; reward must be one of "
                          f"{list(REWARD_MODES)}")


MAX_SEED = 2**128 - 1
RESET_OPTIONS: tuple[str, ...] = ()  # the keys reset(options=...) accepts: none yet


def check_seed(seed: object) -> int | None:
    """A reset seed as a plain int (Python or NumPy integers from 0 to MAX_SEED), or None;
    anything else (negative, a float, a bool, text) is a ConfigError saying what is valid."""
    if seed is None:
        return None
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        if 0 <= int(seed) <= MAX_SEED:
            return int(seed)
    if isinstance(seed, int) and abs(seed) >= 10**20:
        shown = "a huge integer"  # (repr of one past 4,300 digits is itself an error)
    else:
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
    raise ConfigError(f"seed={shown} is invalid; a seed is a whole number from 0 to 2**128 - 1 "
                      "(Python or NumPy integer), or None for a fresh one")


class ResetOptionsWarning(UserWarning):
    """``reset(options=...)`` named keys these envs do not read."""


def check_reset_options(options: object) -> None:
    """``reset(options=...)``: None or a mapping. A key outside RESET_OPTIONS is not silently
    ignored: a ResetOptionsWarning names it and the valid ones (a warning, not an error,
    because PettingZoo's own api_test and parallel_test call ``reset(options={"options": 1})``
    to check that reset takes the argument); anything but a mapping is a ConfigError."""
    if options is None:
        return
    if not isinstance(options, Mapping):
        raise ConfigError(f"reset options must be a dict or None, not {type(options).__name__}")
    unknown = sorted(map(str, set(options) - set(RESET_OPTIONS)))
    if unknown:
        warnings.warn(f"reset(options=...) got unknown key(s) {unknown}, which are ignored; valid "
                      f"keys: {', '.join(RESET_OPTIONS) or 'none (these envs take no reset options)'}",
                      ResetOptionsWarning, stacklevel=3)


def observation_box(game: Game, role: int) -> spaces.Box:
    low, high = game.observation_bounds(role)
    return spaces.Box(np.float32(low), np.float32(high), game.observation_shape(role), np.float32)


class ConanAECEnv(AECEnv[str, ObsDict, int | None]):  # type: ignore[misc]
    """PettingZoo AEC env over a rules core.

    ``game`` is the rules (a :class:`~.core.Game`); ``game_state`` the position being played
    (a :class:`~.core.State`, None before ``reset``). Observations are fresh arrays: editing
    one never changes what the env reports later.

    `illegal_action="raise"` (default) raises IllegalActionError for anything but a legal
    action index (fractions, NaN, infinities, strings, out of range) and changes nothing;
    `"lose"` follows PettingZoo classic: the offender gets -1, the others 0, and the game
    ends. `reward="terminal"` (default) pays `returns()` at the end; `"shaped"` also pays the
    step-by-step change of the state's `shaped_scores()`; `"margin"` the change of each role's
    shaped score less the best opponent's (:mod:`.rewards`).
    """

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: Game, render_mode: str | None = None, illegal_action: str = "raise",
                 reward: str = "terminal") -> None:
        super().__init__()
        check_env_options(render_mode, illegal_action, reward)
        self.game = game
        self.metadata = {**self.metadata, "name": game.env_id}
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.reward = reward
        self.shaped = reward != "terminal"
        self.possible_agents = list(game.roles)
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = game.num_actions
        self._obs_spaces = {
            a: spaces.Dict({"observation": observation_box(game, i),
                            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
            for i, a in enumerate(self.possible_agents)
        }
        self._act_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(n) for a in self.possible_agents}
        self._zero_mask = np.zeros(n, dtype=np.int8)
        self._zero_mask.flags.writeable = False
        self._seeds = np.random.SeedSequence()
        self.game_state: State | None = None
        self._final: dict[str, tuple[bool, bool]] = {}  # agent -> (terminated, truncated)
        self._scores: npt.NDArray[np.float64] | None = None
        self._rewards_dirty = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    def _live(self) -> State:
        if self.game_state is None:
            raise ResetNeeded(f"{self.game.env_id}: call reset() before step(), observe(), last() "
                              "or render()")
        return self.game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed = check_seed(seed)
        check_reset_options(options)
        if seed is not None:
            self._seeds = np.random.SeedSequence(seed)
        state_seed = int(self._seeds.spawn(1)[0].generate_state(1, np.uint64)[0])
        state = self.game_state = self.game.new_initial_state(state_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._final = {}
        self._scores = self._shaped_scores()
        self._rewards_dirty = False
        self.agent_selection = self.possible_agents[state.current_player()]
        self.infos[self.agent_selection]["decision"] = state.decision()

    def observe(self, agent: str) -> ObsDict:
        """`agent`'s observation and action mask (all zero unless it is to act), as new
        arrays the caller may keep or edit. Built on each call: the game's observation is
        already a new array of its own (``State.observation``), so nothing is copied."""
        return self._observe(self._live(), agent)

    def _observe(self, state: State, agent: str) -> ObsDict:
        if (agent == self.agent_selection and agent in self.agents
                and not self.terminations[agent] and not self.truncations[agent]):
            # a copy of the bool mask seen as int8: the same new array as astype, at half the cost
            mask = state.legal_action_mask().copy().view(np.int8)
        else:
            mask = self._zero_mask.copy()
        obs = state.observation(self._index[agent])
        if type(obs) is not np.ndarray or obs.dtype != np.float32:
            obs = np.asarray(obs, dtype=np.float32)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """As PettingZoo's, and also once every agent is done and removed: the final
        observation, no further reward, the final termination and truncation, empty info."""
        state = self._live()
        agent = self.agent_selection
        obs = self._observe(state, agent) if observe else None
        if agent in self.agents:
            return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                    self.truncations[agent], self.infos[agent])
        term, trunc = self._final.get(agent, (False, False))
        return obs, 0.0, term, trunc, {}

    def step(self, action: int | None) -> None:
        state = self._live()
        agent = self.agent_selection
        if agent not in self.agents:  # every agent done and removed
            if action is not None:
                raise IllegalActionError(action, "game over (every agent is done)", [])
            return
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(action, f"{agent} is done: the only valid action is None", [])
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewards_dirty:  # rewards are non-zero only at the end or when shaped
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewards_dirty = False
        index = as_action(action, self.game.num_actions)
        if index is None or not state.legal_action_mask()[index]:
            if self.illegal_action == "raise":
                state.apply_action(action)  # raises IllegalActionError naming the legal moves
            self._end({x: (-1.0 if x == agent else 0.0) for x in self.agents}, truncate=False)
            self.infos[agent]["illegal_action"] = True
        else:
            state._play(index)  # checked legal just above
            if self.shaped:
                self._add_shaping()
            player = state.current_player()
            if player == TERMINAL:
                self._end(dict(zip(self.possible_agents, map(float, state.returns()), strict=True)),
                          truncate=False)
            elif state.is_truncated():
                self._end({}, truncate=True)
            else:
                infos = self.infos
                infos[agent].pop("decision", None)
                self.agent_selection = nxt = self.possible_agents[player]
                infos[nxt]["decision"] = state.decision()
        if self._rewards_dirty:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float], truncate: bool) -> None:
        self._rewards_dirty = True
        for a in self.agents:
            self.rewards[a] += rewards.get(a, 0.0)
            if truncate:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
            self._final[a] = (not truncate, truncate)

    def _shaped_scores(self) -> npt.NDArray[np.float64] | None:
        if self.game_state is None:
            return None
        return dense_scores(self.game_state, self.reward)

    def _add_shaping(self) -> None:
        new = self._shaped_scores()
        if new is None or self._scores is None:
            return
        for a, d in zip(self.possible_agents, new - self._scores, strict=True):
            if a in self.rewards and d:
                self.rewards[a] += float(d)
                self._rewards_dirty = True
        self._scores = new

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self._live())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.game.env_id


__all__ = ["ConanAECEnv", "IllegalActionError", "check_env_options", "observation_box", "check_seed",
           "check_reset_options", "ResetOptionsWarning"]
