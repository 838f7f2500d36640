"""PettingZoo's tutorial "SB3: Action Masked PPO for Connect Four"
(https://pettingzoo.farama.org/tutorials/sb3/connect_four/, tutorials/SB3/connect_four/
sb3_connect_four_action_mask.py) runs against these envs with only its env import changed
(issue 32). The steps below are the tutorial's, call for call: its wrapper (a PettingZoo
BaseWrapper that is also a gymnasium.Env, the spaces of ``possible_agents[0]`` with the mask
stripped off), sb3-contrib's ActionMasker and MaskablePPO, ``env_fn.env(**env_kwargs)``,
``metadata['name']``, the saved model found by that name, and its evaluation loop
(``obs.values()``, ``action_space(agent).sample(action_mask)``, ``model.predict(...,
action_masks=...)``, rewards read from ``env.rewards``). A fast version: one rollout of
training, two games."""
import glob
import os
import time

import gymnasium as gym
import pytest

pytest.importorskip("sb3_contrib", reason="the tutorial needs the 'train' extra (sb3-contrib)")

import pettingzoo.utils  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy  # noqa: E402
from sb3_contrib.common.wrappers import ActionMasker  # noqa: E402

from conan_envs import kings_v2, miniatures_v2  # noqa: E402  (the tutorial: connect_four_v3)


class SB3ActionMaskWrapper(pettingzoo.utils.BaseWrapper, gym.Env):
    """The tutorial's wrapper: a Gymnasium-like view of an AEC env for SB3."""

    def reset(self, seed=None, options=None):
        super().reset(seed, options)
        self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
        self.action_space = super().action_space(self.possible_agents[0])
        return self.observe(self.agent_selection), {}

    def step(self, action):
        current_agent = self.agent_selection
        super().step(action)
        next_agent = self.agent_selection
        return (self.observe(next_agent), self._cumulative_rewards[current_agent],
                self.terminations[current_agent], self.truncations[current_agent],
                self.infos[current_agent])

    def observe(self, agent):
        return super().observe(agent)["observation"]

    def action_mask(self):
        return super().observe(self.agent_selection)["action_mask"]


def mask_fn(env):
    return env.action_mask()


def train_action_mask(env_fn, steps=10_000, seed=0, **env_kwargs):
    env = env_fn.env(**env_kwargs)
    env = SB3ActionMaskWrapper(env)
    env.reset(seed=seed)
    env = ActionMasker(env, mask_fn)
    model = MaskablePPO(MaskableActorCriticPolicy, env, verbose=0)
    model.set_random_seed(seed)
    model.learn(total_timesteps=steps)
    model.save(f"{env.unwrapped.metadata.get('name')}_{time.strftime('%Y%m%d-%H%M%S')}")
    env.close()


def eval_action_mask(env_fn, num_games=100, render_mode=None, **env_kwargs):
    env = env_fn.env(render_mode=render_mode, **env_kwargs)
    latest_policy = max(glob.glob(f"{env.metadata['name']}*.zip"), key=os.path.getctime)
    model = MaskablePPO.load(latest_policy)
    scores = {agent: 0 for agent in env.possible_agents}
    round_rewards = []
    for i in range(num_games):
        env.reset(seed=i)
        env.action_space(env.possible_agents[0]).seed(i)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            observation, action_mask = obs.values()
            if termination or truncation:
                if env.rewards[env.possible_agents[0]] != env.rewards[env.possible_agents[1]]:
                    winner = max(env.rewards, key=env.rewards.get)
                    scores[winner] += env.rewards[winner]
                round_rewards.append(env.rewards)
                break
            if agent == env.possible_agents[0]:
                act = env.action_space(agent).sample(action_mask)
            else:
                act = int(model.predict(observation, action_masks=action_mask,
                                        deterministic=True)[0])
            env.step(act)
    env.close()
    return round_rewards, scores


@pytest.fixture
def one_torch_thread():
    """The tutorial's one rollout trains 10 epochs: on one thread it takes seconds, on a busy
    machine with many it can take a minute."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.mark.parametrize("env_fn", [kings_v2, pytest.param(miniatures_v2, marks=pytest.mark.slow)],
                         ids=lambda m: m.__name__.split(".")[-1])
def test_the_sb3_action_masking_tutorial_runs_with_only_the_import_changed(env_fn, tmp_path,
                                                                            monkeypatch,
                                                                            one_torch_thread):
    monkeypatch.chdir(tmp_path)  # the tutorial saves its model in the working folder
    train_action_mask(env_fn, steps=64, seed=0)
    assert glob.glob(f"{env_fn.env().metadata['name']}_*.zip")
    round_rewards, scores = eval_action_mask(env_fn, num_games=2, render_mode=None)
    assert len(round_rewards) == 2  # both games played to their end
    assert set(scores) == set(env_fn.env().possible_agents)
