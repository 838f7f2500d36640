"""Warm start before PPO (see docs/architecture.md): behaviour cloning of a
teacher agent.

The teacher (any agent string: a game's ``scripted`` agent, ``mcts``, a trained ``ppo:``)
plays the learning roles in the learner's own environments, against the run's opponents.
The network is then fitted to what it saw: the actor by cross-entropy over the legal
actions, the critic by the discounted return that followed each move. PPO starts from a
policy that already plays and a critic that already knows what its states are worth, where
from random weights it spends most of a short run learning to keep its pieces alive.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np

from .loading import load_agent
from .selfplay import LearnerEnv, OpponentFactory


def collect(cfg: dict[str, Any], learn_roles: list[int], opponents: dict[int, str], teacher: str,
            steps: int, seed: int, gamma: float) -> dict[str, Any]:
    """``steps`` moves of ``teacher`` in the learning roles: observations, masks, actions,
    the discounted return from each move on (the run's reward: terminal, shaped or margin), and
    whether the move ended its game (the last game may be cut off by ``steps``)."""
    factory = OpponentFactory(cfg["env_id"], cfg["env_config"], opponents, None, cfg["pool"], seed)
    env = LearnerEnv(cfg["env_id"], cfg["env_config"], learn_roles, factory, cfg["reward"])
    teachers = {r: load_agent(teacher, cfg["env_id"], role=r, seed=seed + r, **cfg["env_config"])
                for r in learn_roles}
    size = int(np.prod(env.observation_space.shape or ()))
    obs = np.empty((steps, size), np.float32)
    space = env.action_space
    assert isinstance(space, gym.spaces.Discrete)  # every env here has one Discrete action space
    masks = np.empty((steps, int(space.n)), dtype=np.bool_)
    actions = np.empty(steps, np.int64)
    returns = np.empty(steps, np.float32)
    ends = np.zeros(steps, bool)
    episode = 0
    i = 0
    while i < steps:
        o, info = env.reset(seed=seed + episode)
        episode += 1
        agent = teachers[info["role"]]
        agent.reset()
        start, rewards, done = i, [], False
        while not done and i < steps:
            mask = env.action_masks()
            a = agent.act(o, mask, env.current.game_state)
            obs[i], masks[i], actions[i] = o, mask, a
            o, reward, terminated, truncated, _ = env.step(a)
            rewards.append(reward)
            done = terminated or truncated
            ends[i] = done
            i += 1
        g = 0.0
        for k in range(len(rewards) - 1, -1, -1):
            g = rewards[k] + gamma * g
            returns[start + k] = g
    return {"obs": obs, "masks": masks, "actions": actions, "returns": returns, "ends": ends,
            "episodes": episode}


def fit(policy: Any, data: dict[str, Any], epochs: int, batch_size: int, learning_rate: float,
        vf_coef: float, seed: int) -> dict[str, float]:
    """Fit an sb3-contrib MaskableActorCriticPolicy to ``data`` (from :func:`collect`);
    returns the actor's accuracy on the teacher's moves and the critic's loss, last epoch."""
    import torch

    dev = policy.device
    obs = torch.as_tensor(data["obs"], device=dev)
    masks = torch.as_tensor(data["masks"], device=dev)
    actions = torch.as_tensor(data["actions"], device=dev)
    returns = torch.as_tensor(data["returns"], device=dev)
    opt = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    gen = torch.Generator().manual_seed(int(seed))
    n = obs.shape[0]
    policy.set_training_mode(True)
    for _ in range(int(epochs)):
        hits, value_loss = 0, 0.0
        for idx in torch.split(torch.randperm(n, generator=gen), int(batch_size)):
            idx = idx.to(dev)
            # index_select copies whole rows; obs[idx] went element by element, twice
            batch = obs.index_select(0, idx)
            dist = policy.get_distribution(batch, action_masks=masks.index_select(0, idx))
            values = policy.predict_values(batch).flatten()
            v_loss = torch.nn.functional.mse_loss(values, returns[idx])
            loss = -dist.log_prob(actions[idx]).mean() + vf_coef * v_loss
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
            with torch.no_grad():
                hits += int((dist.distribution.probs.argmax(1) == actions[idx]).sum())
                value_loss += float(v_loss) * idx.numel()
    policy.set_training_mode(False)
    return {"accuracy": hits / n, "value_loss": value_loss / n}


def warm_start(model: Any, cfg: dict[str, Any], learn_roles: list[int], opponents: dict[int, str],
               log: Callable[[str], None] = print) -> dict[str, Any]:
    """Behaviour-clone ``cfg['pretrain']['teacher']`` into ``model`` (a fresh MaskablePPO):
    ``steps`` moves, ``epochs`` passes over them in batches of ``batch_size``."""
    pre = cfg["pretrain"]
    t = time.time()
    data = collect(cfg, learn_roles, opponents, str(pre["teacher"]), int(pre["steps"]),
                   int(cfg["seed"]), float(cfg["ppo"].get("gamma", 0.99)))
    collect_s = time.time() - t
    stats = fit(model.policy, data, pre["epochs"], pre["batch_size"], float(pre["learning_rate"]),
                float(cfg["ppo"].get("vf_coef", 0.5)), cfg["seed"])
    stats.update(teacher=pre["teacher"], steps=int(pre["steps"]), episodes=data["episodes"],
                 collect_s=round(collect_s, 1), fit_s=round(time.time() - t - collect_s, 1))
    log(f"warm start: cloned {pre['teacher']} over {stats['steps']} moves ({stats['episodes']} games, "
        f"{stats['collect_s']}s to play, {stats['fit_s']}s to fit): {100 * stats['accuracy']:.1f}% "
        f"of its moves, value loss {stats['value_loss']:.4f}")
    return stats
