"""The fast backend's learner: masked PPO (clipped surrogate, GAE, value loss, entropy bonus)
with the same settings and the same network as sb3-contrib's MaskablePPO ``MlpPolicy``.

The network's tensors carry sb3's names (``mlp_extractor.policy_net.<2i>``,
``mlp_extractor.value_net.<2i>``, ``action_net``, ``value_net``), so the policy is exported by
:func:`baselines.ppo.export_policy`, snapshotted into the self-play pool and checkpointed by
:mod:`baselines.checkpoints` exactly as the SB3 backend's. During a rollout the actor runs in
numpy on the CPU (:class:`NumpyActor`: one forward for all environments per step, then
Gumbel-max sampling under the legal mask); the values and log-probabilities of the whole
rollout are computed afterwards in one batched pass on the learner's device, with the same
weights, so nothing per step touches torch.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import nn

from ..train_config import ACTIVATIONS

MASKED = -1e8  # the logit of an illegal action (as sb3-contrib's MaskableCategorical)


class Extractor(nn.Module):
    """Separate actor and critic MLPs (sb3's MlpExtractor with net_arch a list)."""

    def __init__(self, obs_size: int, net_arch: list[int], activation: str) -> None:
        super().__init__()
        act = getattr(nn, ACTIVATIONS[activation])

        def mlp() -> nn.Sequential:
            layers: list[nn.Module] = []
            width = obs_size
            for h in net_arch:
                layers += [nn.Linear(width, h), act()]
                width = h
            return nn.Sequential(*layers)

        self.policy_net = mlp()
        self.value_net = mlp()
        self.width = net_arch[-1] if net_arch else obs_size


class MaskedDistribution:
    """A categorical over the legal actions (what imitation.fit reads of sb3's)."""

    def __init__(self, logits: torch.Tensor, mask: torch.Tensor) -> None:
        self.mask = mask
        self.logits = torch.where(mask, logits, torch.full_like(logits, MASKED))
        self.log_p = torch.log_softmax(self.logits, dim=-1)
        self.distribution = self

    @property
    def probs(self) -> torch.Tensor:
        return self.log_p.exp()

    def log_prob(self, actions: torch.Tensor) -> torch.Tensor:
        return self.log_p.gather(-1, actions.long().unsqueeze(-1)).squeeze(-1)

    def entropy(self) -> torch.Tensor:
        p_log_p = torch.where(self.mask, self.log_p.exp() * self.log_p, torch.zeros_like(self.log_p))
        return -p_log_p.sum(-1)


class ActorCritic(nn.Module):
    """The policy: sb3's MlpPolicy network, its initialisation and its Adam (eps 1e-5)."""

    def __init__(self, obs_size: int, num_actions: int, net_arch: list[int], activation: str,
                 learning_rate: float, device: str = "cpu") -> None:
        super().__init__()
        self.mlp_extractor = Extractor(obs_size, net_arch, activation)
        self.action_net = nn.Linear(self.mlp_extractor.width, num_actions)
        self.value_net = nn.Linear(self.mlp_extractor.width, 1)
        gains = [(self.mlp_extractor, np.sqrt(2)), (self.action_net, 0.01), (self.value_net, 1.0)]
        for module, gain in gains:
            for m in module.modules():
                if isinstance(m, nn.Linear):
                    nn.init.orthogonal_(m.weight, gain=float(gain))
                    nn.init.zeros_(m.bias)
        self.to(device)
        self.optimizer = torch.optim.Adam(self.parameters(), lr=learning_rate, eps=1e-5)

    @property
    def device(self) -> torch.device:
        return next(self.parameters()).device

    def set_training_mode(self, mode: bool) -> None:
        self.train(mode)

    def get_distribution(self, obs: torch.Tensor, action_masks: torch.Tensor) -> MaskedDistribution:
        return MaskedDistribution(self.action_net(self.mlp_extractor.policy_net(obs)), action_masks.bool())

    def predict_values(self, obs: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.value_net(self.mlp_extractor.value_net(obs))
        return out

    def evaluate(self, obs: torch.Tensor, masks: torch.Tensor,
                 actions: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(values, log-probabilities of `actions`, entropies)."""
        dist = self.get_distribution(obs, masks)
        return self.predict_values(obs).squeeze(-1), dist.log_prob(actions), dist.entropy()


class NumpyActor:
    """The actor's layers as numpy arrays, refreshed after every update: the rollout's
    one forward per step for all environments."""

    def __init__(self, policy: ActorCritic, activation: str) -> None:
        self.activation = activation
        self.layers: list[tuple[np.ndarray, np.ndarray]] = []
        self.refresh(policy)

    def refresh(self, policy: ActorCritic) -> None:
        linears = [m for m in policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
        linears.append(policy.action_net)
        self.layers = [(m.weight.detach().cpu().numpy().T.copy(), m.bias.detach().cpu().numpy().copy())
                       for m in linears]

    def _act(self, x: np.ndarray) -> np.ndarray:
        if self.activation == "tanh":
            return np.tanh(x, out=x)
        if self.activation == "relu":
            return np.maximum(x, 0, out=x)
        if self.activation == "elu":
            return np.where(x > 0, x, np.expm1(np.minimum(x, 0)))
        return np.where(x > 0, x, 0.01 * x)

    def sample(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        x = obs
        for w, b in self.layers[:-1]:
            x = self._act(x @ w + b)
        w, b = self.layers[-1]
        logits = x @ w + b
        logits += rng.gumbel(size=logits.shape).astype(np.float32)
        logits[~mask] = -np.inf
        out: np.ndarray = logits.argmax(axis=1)
        return out


@dataclass
class PPOSettings:
    """The config's ``ppo`` section, with sb3's defaults for the keys it leaves out."""

    learning_rate: float = 3e-4
    n_steps: int = 2048
    batch_size: int = 64
    n_epochs: int = 10
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    clip_range_vf: float | None = None
    normalize_advantage: bool = True
    ent_coef: float = 0.0
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float | None = None
    stats_window_size: int = 100

    @staticmethod
    def from_config(ppo: dict[str, Any]) -> PPOSettings:
        return PPOSettings(**ppo)


class Rollout:
    """``n_steps`` x ``n_envs`` transitions, in preallocated arrays."""

    def __init__(self, n_steps: int, n_envs: int, obs_size: int, num_actions: int) -> None:
        self.obs = np.zeros((n_steps, n_envs, obs_size), dtype=np.float32)
        self.mask = np.zeros((n_steps, n_envs, num_actions), dtype=np.bool_)
        self.action = np.zeros((n_steps, n_envs), dtype=np.int64)
        self.reward = np.zeros((n_steps, n_envs), dtype=np.float32)
        self.done = np.zeros((n_steps, n_envs), dtype=np.float32)
        self.last_obs = np.zeros((n_envs, obs_size), dtype=np.float32)


class Learner:
    """The policy, its optimizer and counters (the attributes :mod:`baselines.checkpoints`
    reads and restores: ``policy``, ``policy.optimizer``, ``num_timesteps``, ``_n_updates``)."""

    def __init__(self, policy: ActorCritic, settings: PPOSettings, seed: int) -> None:
        self.policy = policy
        self.ppo = settings
        self.num_timesteps = 0
        self._n_updates = 0
        self.gen = torch.Generator().manual_seed(int(seed))

    def update(self, ro: Rollout) -> dict[str, float]:
        """One PPO update on a full rollout; returns the losses sb3 logs under ``train/``."""
        s, pol = self.ppo, self.policy
        dev = pol.device
        n_steps, n_envs = ro.reward.shape
        obs = torch.as_tensor(ro.obs.reshape(n_steps * n_envs, -1), device=dev)
        mask = torch.as_tensor(ro.mask.reshape(n_steps * n_envs, -1), device=dev)
        actions = torch.as_tensor(ro.action.reshape(-1), device=dev)
        pol.set_training_mode(False)
        with torch.no_grad():
            values, old_logp, _ = pol.evaluate(obs, mask, actions)
            last = pol.predict_values(torch.as_tensor(ro.last_obs, device=dev)).squeeze(-1)
        v = values.cpu().numpy().reshape(n_steps, n_envs)
        adv = np.zeros_like(v)
        gae = np.zeros(n_envs, dtype=np.float32)
        next_v = last.cpu().numpy()
        for t in reversed(range(n_steps)):
            live = 1.0 - ro.done[t]
            delta = ro.reward[t] + s.gamma * next_v * live - v[t]
            gae = delta + s.gamma * s.gae_lambda * live * gae
            adv[t] = gae
            next_v = v[t]
        returns_np = (adv + v).reshape(-1)
        advantages = torch.as_tensor(adv.reshape(-1), device=dev)
        returns = torch.as_tensor(returns_np, device=dev)
        n = n_steps * n_envs
        pol.set_training_mode(True)
        pg_l, v_l, ent_l, clip_f, kls = [], [], [], [], []
        stop = False
        for _ in range(s.n_epochs):
            for idx in torch.randperm(n, generator=self.gen).split(s.batch_size):
                idx = idx.to(dev)
                new_v, logp, ent = pol.evaluate(obs[idx], mask[idx], actions[idx])
                a = advantages[idx]
                if s.normalize_advantage and len(idx) > 1:
                    a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = torch.exp(logp - old_logp[idx])
                pg = -torch.min(a * ratio, a * ratio.clamp(1 - s.clip_range, 1 + s.clip_range)).mean()
                if s.clip_range_vf is not None:
                    new_v = values[idx] + (new_v - values[idx]).clamp(-s.clip_range_vf, s.clip_range_vf)
                v_loss = torch.nn.functional.mse_loss(returns[idx], new_v)
                ent_loss = -ent.mean()
                loss = pg + s.ent_coef * ent_loss + s.vf_coef * v_loss
                with torch.no_grad():
                    log_ratio = logp - old_logp[idx]
                    kl = float(((torch.exp(log_ratio) - 1) - log_ratio).mean())
                kls.append(kl)
                if s.target_kl is not None and kl > 1.5 * s.target_kl:
                    stop = True
                    break
                pol.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(pol.parameters(), s.max_grad_norm)
                pol.optimizer.step()
                pg_l.append(float(pg.detach()))
                v_l.append(float(v_loss.detach()))
                ent_l.append(float(ent_loss.detach()))
                clip_f.append(float(((ratio.detach() - 1).abs() > s.clip_range).float().mean()))
            self._n_updates += 1
            if stop:
                break
        pol.set_training_mode(False)
        var = float(np.var(returns_np))
        explained = float("nan") if var == 0 else 1 - float(np.var(returns_np - v.reshape(-1))) / var
        return {"policy_gradient_loss": _mean(pg_l), "value_loss": _mean(v_l),
                "entropy_loss": _mean(ent_l), "approx_kl": _mean(kls), "clip_fraction": _mean(clip_f),
                "explained_variance": explained, "n_updates": float(self._n_updates)}


def _mean(xs: list[float]) -> float:
    return float(np.mean(xs)) if xs else float("nan")


__all__ = ["ActorCritic", "Learner", "MaskedDistribution", "NumpyActor", "PPOSettings", "Rollout"]
