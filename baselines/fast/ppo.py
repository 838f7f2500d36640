"""The fast backend's learner: masked PPO (clipped surrogate, GAE, value loss, entropy bonus)
with the same settings and the same network as sb3-contrib's MaskablePPO ``MlpPolicy``.

The network's tensors carry sb3's names (``mlp_extractor.policy_net.<2i>``,
``mlp_extractor.value_net.<2i>``, ``action_net``, ``value_net``), so the policy is exported by
:func:`baselines.ppo.export_policy`, snapshotted into the self-play pool and checkpointed by
:mod:`baselines.checkpoints` exactly as the SB3 backend's. During a rollout the actor runs in
one forward for all environments per step (:class:`Sampler`: Gumbel-max sampling under the
legal mask, no autograd); the values and log-probabilities of the whole rollout are computed
afterwards in one batched pass with the same weights.
"""
from __future__ import annotations

import copy
import multiprocessing as mp
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from ..ppo import Actor
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
        # softmax, not log_p.exp(): the same numbers, but exp of the illegal actions' -1e8
        # takes torch's slow path (ten times the time of the whole softmax)
        return torch.softmax(self.logits, dim=-1)

    def log_prob(self, actions: torch.Tensor) -> torch.Tensor:
        return self.log_p.gather(-1, actions.long().unsqueeze(-1)).squeeze(-1)

    def entropy(self) -> torch.Tensor:
        p_log_p = torch.where(self.mask, self.probs * self.log_p, torch.zeros_like(self.log_p))
        return -p_log_p.sum(-1)


class ActorCritic(nn.Module):
    """The policy: sb3's MlpPolicy network, its initialisation and its Adam (eps 1e-5)."""

    def __init__(self, obs_size: int, num_actions: int, net_arch: list[int], activation: str,
                 learning_rate: float, device: str = "cpu") -> None:
        super().__init__()
        self.activation = activation
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
        fused = True if self.device.type in ("cpu", "cuda") else None
        self.optimizer = torch.optim.Adam(self.parameters(), lr=learning_rate, eps=1e-5, fused=fused)

    @property
    def device(self) -> torch.device:
        return next(self.parameters()).device

    def set_training_mode(self, mode: bool) -> None:
        self.train(mode)

    @staticmethod
    def _trunk(net: nn.Sequential, obs: torch.Tensor, columns: torch.Tensor | None) -> torch.Tensor:
        """``net(obs_full)`` where ``obs`` holds only the observation's ``columns`` (the
        others zero in every row): the first layer reads just those columns of its weight,
        and its gradient is zero in the rest, as the full product's is."""
        if columns is None or not len(net):
            out: torch.Tensor = net(obs)
            return out
        first = net[0]
        assert isinstance(first, nn.Linear)
        h = F.linear(obs, first.weight.index_select(1, columns), first.bias)
        rest: torch.Tensor = net[1:](h)
        return rest

    def get_distribution(self, obs: torch.Tensor, action_masks: torch.Tensor,
                         columns: torch.Tensor | None = None) -> MaskedDistribution:
        return MaskedDistribution(self.action_net(self._trunk(self.mlp_extractor.policy_net, obs, columns)),
                                  action_masks.bool())

    def predict_values(self, obs: torch.Tensor, columns: torch.Tensor | None = None) -> torch.Tensor:
        out: torch.Tensor = self.value_net(self._trunk(self.mlp_extractor.value_net, obs, columns))
        return out

    def evaluate(self, obs: torch.Tensor, masks: torch.Tensor, actions: torch.Tensor,
                 columns: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(values, log-probabilities of `actions`, entropies); ``columns`` as in ``_trunk``.
        The actor's and the critic's first layers read the same input: they run as one
        product (their weights stacked), which is the costly part of the update on a wide
        observation; the numbers are those of the two products."""
        pi_net, v_net = self.mlp_extractor.policy_net, self.mlp_extractor.value_net
        if not (len(pi_net) and len(v_net)):
            dist = self.get_distribution(obs, masks, columns)
            return self.predict_values(obs, columns).squeeze(-1), dist.log_prob(actions), dist.entropy()
        first_pi, first_v = pi_net[0], v_net[0]
        assert isinstance(first_pi, nn.Linear) and isinstance(first_v, nn.Linear)
        w_pi, w_v = first_pi.weight, first_v.weight
        if columns is not None:
            w_pi, w_v = w_pi.index_select(1, columns), w_v.index_select(1, columns)
        h = F.linear(obs, torch.cat([w_pi, w_v]), torch.cat([first_pi.bias, first_v.bias]))
        rest_pi, rest_v = list(pi_net)[1:], list(v_net)[1:]
        if rest_pi and rest_v and type(rest_pi[0]) is type(rest_v[0]):
            h = rest_pi[0](h)  # the activation (elementwise, the same in both) on both at once
            rest_pi, rest_v = rest_pi[1:], rest_v[1:]
        width = first_pi.out_features
        h_pi, h_v = h[:, :width], h[:, width:]
        for layer in rest_pi:
            h_pi = layer(h_pi)
        for layer in rest_v:
            h_v = layer(h_v)
        dist = MaskedDistribution(self.action_net(h_pi), masks.bool())
        values: torch.Tensor = self.value_net(h_v).squeeze(-1)
        return values, dist.log_prob(actions), dist.entropy()


class Sampler:
    """The rollout's forward: a copy of the actor (the behaviour policy, refreshed from the
    learner by :meth:`refresh`) on all environments' observations at once, then one action
    per environment drawn under its legal mask (Gumbel-max), without autograd; it also
    gives the drawn actions' log-probabilities, which the update's ratio divides by.

    On the CPU the copy is numpy's (:class:`baselines.ppo.Actor`), and its first layer reads
    only the columns some environment's observation sets (a few hundred of Kings' 2,515):
    a third of torch's time for a batch this small, where each op's overhead is most of
    its cost. On a GPU the copy is torch's, on the GPU."""

    def __init__(self, policy: ActorCritic, seed: int) -> None:
        self.device = policy.device
        self.on_cpu = self.device.type == "cpu"
        self.trunk = copy.deepcopy(policy.mlp_extractor.policy_net)
        self.head = copy.deepcopy(policy.action_net)
        self.gen = torch.Generator(device=self.device).manual_seed(int(seed))
        self.rng = np.random.default_rng(int(seed))
        self.actor: Actor | None = None
        self.first_t = np.zeros((0, 0), np.float32)  # the first layer's weight, transposed
        self.refresh(policy)

    def refresh(self, policy: ActorCritic) -> None:
        if self.on_cpu:
            linears = [m for m in policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
            layers = [_arrays(m) for m in linears]
            self.actor = Actor(layers, _arrays(policy.action_net), policy.activation)
            if layers:  # rows of the transposed weight: one contiguous row per input column
                self.first_t = np.ascontiguousarray(layers[0][0].T)
            return
        with torch.no_grad():
            self.trunk.load_state_dict(policy.mlp_extractor.policy_net.state_dict())
            self.head.load_state_dict(policy.action_net.state_dict())

    def sample(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(actions, their log-probabilities) for a batch of observations and masks."""
        if self.actor is not None:
            return self._sample_numpy(obs, mask)
        with torch.inference_mode():
            x = torch.from_numpy(obs).to(self.device, non_blocking=True)
            legal = torch.from_numpy(mask).to(self.device)
            logits = self.head(self.trunk(x)).masked_fill_(~legal, -float("inf"))
            u = torch.rand(logits.shape, generator=self.gen, device=logits.device)
            actions = (logits - torch.log(-torch.log(u.clamp_(1e-20, 1.0)))).argmax(1)
            logp = torch.log_softmax(logits, 1).gather(1, actions.unsqueeze(1)).squeeze(1)
            return actions.cpu().numpy(), logp.cpu().numpy()

    def _sample_numpy(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        actor = self.actor
        assert actor is not None
        layers = actor.layers
        x = obs
        if layers:
            used = np.flatnonzero(obs.any(axis=0))
            x = actor.activation(obs[:, used] @ self.first_t[used] + layers[0][1])
            for w, b in layers[1:]:
                x = actor.activation(x @ w.T + b)
        w, b = actor.head
        logits = x @ w.T + b
        logits[~mask] = -np.inf
        actions = (logits + self.rng.gumbel(size=logits.shape)).argmax(axis=1)
        top = logits.max(axis=1, keepdims=True)
        log_z = np.log(np.exp(logits - top).sum(axis=1)) + top[:, 0]
        logp = logits[np.arange(len(actions)), actions] - log_z
        return actions.astype(np.int64), logp.astype(np.float32)


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
    """``n_steps`` x ``n_envs`` transitions, in preallocated arrays: private ones, or with
    :meth:`shared` arrays over ``multiprocessing.RawArray`` memory, which a learner process
    (:mod:`baselines.fast.learner_process`) attaches to with ``raw``."""

    def __init__(self, n_steps: int, n_envs: int, obs_size: int, num_actions: int,
                 raw: Sequence[Any] | None = None) -> None:
        fields = self.fields(n_steps, n_envs, obs_size, num_actions)
        arrays = []
        for k, (dtype, shape) in enumerate(fields):
            if raw is None:
                arrays.append(np.zeros(shape, dtype=dtype))
            else:
                arrays.append(np.frombuffer(raw[k], dtype=dtype, count=int(np.prod(shape))).reshape(shape))
        self.raw = tuple(raw) if raw is not None else ()
        self.obs, self.mask, self.action, self.reward, self.done, self.logp, self.last_obs = arrays
        # self.logp: the log-probabilities under the behaviour policy (the one that played)
        # games cut at their turn limit: (step, environments, their last observations)
        self.truncated: list[tuple[int, np.ndarray, np.ndarray]] = []

    @staticmethod
    def fields(n_steps: int, n_envs: int, obs_size: int,
               num_actions: int) -> list[tuple[type[np.generic], tuple[int, ...]]]:
        """(dtype, shape) of obs, mask, action, reward, done, logp and last_obs."""
        step = (n_steps, n_envs)
        return [(np.float32, (*step, obs_size)), (np.bool_, (*step, num_actions)), (np.int64, step),
                (np.float32, step), (np.float32, step), (np.float32, step), (np.float32, (n_envs, obs_size))]

    @classmethod
    def shared(cls, n_steps: int, n_envs: int, obs_size: int, num_actions: int) -> Rollout:
        """A rollout whose arrays live in shared memory (``raw`` travels to a child process)."""
        raw = [mp.RawArray("b", max(int(np.prod(shape)) * np.dtype(dtype).itemsize, 1))
               for dtype, shape in cls.fields(n_steps, n_envs, obs_size, num_actions)]
        return cls(n_steps, n_envs, obs_size, num_actions, raw)

    def bootstrapped_rewards(self, values: np.ndarray, gamma: float) -> np.ndarray:
        """The rewards, plus ``gamma`` times the value of a cut game's last position on the
        step that cut it (``values``: those positions' values, in ``truncated``'s order) --
        sb3's treatment of a TimeLimit truncation: the game did not end, its future is
        estimated, not taken as zero."""
        reward = self.reward.copy()
        k = 0
        for step, envs, _ in self.truncated:
            reward[step, envs] += gamma * values[k:k + len(envs)]
            k += len(envs)
        return reward


class Learner:
    """The policy, its optimizer and counters (the attributes :mod:`baselines.checkpoints`
    reads and restores: ``policy``, ``policy.optimizer``, ``num_timesteps``, ``_n_updates``)."""

    def __init__(self, policy: ActorCritic, settings: PPOSettings, seed: int) -> None:
        self.policy = policy
        self.ppo = settings
        self.num_timesteps = 0
        self._n_updates = 0
        self.gen = torch.Generator().manual_seed(int(seed))

    def inputs(self, ro: Rollout) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """The rollout on the learner's device: (observations, masks, actions, columns)."""
        dev = self.policy.device
        n_steps, n_envs = ro.reward.shape
        flat = ro.obs.reshape(n_steps * n_envs, -1)
        # the columns some observation of this rollout sets (about half of Kings' 2085): the
        # first layer's product over them alone is the full product, at a fraction of the work
        keep = flat.any(axis=0)
        columns = None
        if keep.sum() < 0.9 * flat.shape[1]:
            columns = torch.as_tensor(np.flatnonzero(keep), device=dev)
            # compress keeps the rows whole (flat[:, used] is laid out column by column, and
            # each minibatch's rows were then gathered element by element)
            flat = flat.compress(keep, axis=1)
        obs = torch.as_tensor(flat, device=dev)
        mask = torch.as_tensor(ro.mask.reshape(n_steps * n_envs, -1), device=dev)
        actions = torch.as_tensor(ro.action.reshape(-1), device=dev)
        return obs, mask, actions, columns

    def targets(self, ro: Rollout, obs: torch.Tensor,
                columns: torch.Tensor | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(values, advantages, returns) of the rollout's steps, shaped (n_steps, n_envs):
        GAE over the values of the learner's policy now, the return after the rollout's last
        step bootstrapped from its last observations, and a game cut at its turn limit from
        its last position's value (:meth:`Rollout.bootstrapped_rewards`)."""
        s, pol = self.ppo, self.policy
        dev = pol.device
        n_steps, n_envs = ro.reward.shape
        pol.set_training_mode(False)
        with torch.no_grad():
            values = pol.predict_values(obs, columns).squeeze(-1)
            last = pol.predict_values(torch.as_tensor(ro.last_obs, device=dev)).squeeze(-1)
            cut = np.zeros(0, dtype=np.float32)
            if ro.truncated:
                final = np.concatenate([o for _, _, o in ro.truncated])
                cut = pol.predict_values(torch.as_tensor(final, device=dev)).squeeze(-1).cpu().numpy()
        reward = ro.bootstrapped_rewards(cut, s.gamma)
        v = values.cpu().numpy().reshape(n_steps, n_envs)
        adv = np.zeros_like(v)
        gae = np.zeros(n_envs, dtype=np.float32)
        next_v = last.cpu().numpy()
        for t in reversed(range(n_steps)):
            live = 1.0 - ro.done[t]
            delta = reward[t] + s.gamma * next_v * live - v[t]
            gae = delta + s.gamma * s.gae_lambda * live * gae
            adv[t] = gae
            next_v = v[t]
        return v, adv, adv + v

    def update(self, ro: Rollout) -> dict[str, float]:
        """One PPO update on a full rollout; returns the losses sb3 logs under ``train/``."""
        s, pol = self.ppo, self.policy
        dev = pol.device
        n_steps, n_envs = ro.reward.shape
        obs, mask, actions, columns = self.inputs(ro)
        v, adv, returns_2d = self.targets(ro, obs, columns)
        values = torch.as_tensor(v.reshape(-1), device=dev)
        returns_np = returns_2d.reshape(-1)
        advantages = torch.as_tensor(adv.reshape(-1), device=dev)
        old_logp = torch.as_tensor(ro.logp.reshape(-1), device=dev)
        returns = torch.as_tensor(returns_np, device=dev)
        n = n_steps * n_envs
        pol.set_training_mode(True)
        pg_l, v_l, ent_l, clip_f, kls = [], [], [], [], []
        stop = False
        for _ in range(s.n_epochs):
            for idx in torch.split(torch.randperm(n, generator=self.gen), s.batch_size):
                # index_select copies whole rows; obs[idx] (advanced indexing) goes element by element
                idx = idx.to(dev)
                new_v, logp, ent = pol.evaluate(obs.index_select(0, idx), mask.index_select(0, idx),
                                                actions.index_select(0, idx), columns)
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
                loss.backward()  # type: ignore[no-untyped-call]
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


def _arrays(layer: nn.Linear) -> tuple[np.ndarray, np.ndarray]:
    """A linear layer's (weight, bias), copied into numpy."""
    return layer.weight.detach().cpu().numpy().copy(), layer.bias.detach().cpu().numpy().copy()


def _mean(xs: list[float]) -> float:
    return float(np.mean(xs)) if xs else float("nan")


__all__ = ["ActorCritic", "Learner", "MaskedDistribution", "PPOSettings", "Rollout", "Sampler"]
