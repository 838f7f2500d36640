"""A PPO RLModule that masks illegal actions: logits of actions outside
``obs["action_mask"]`` are pushed to the float minimum before sampling, in exploration,
inference and training alike. The networks see ``obs["observations"]`` only.

Unlike RLlib's example module, batches are never mutated in place (``compute_values`` is
called on batches that are reused afterwards).
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import torch
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.utils.torch_utils import FLOAT_MIN

from .env import MASK, OBS


class MaskedPPOModule(DefaultPPOTorchRLModule):
    def __init__(self, *, observation_space: gym.Space[Any] | None = None, **kwargs: Any):
        if not isinstance(observation_space, gym.spaces.Dict) or set(observation_space) != {OBS, MASK}:
            raise ValueError(f"MaskedPPOModule needs a Dict observation space with keys {OBS!r} and "
                             f"{MASK!r}, not {observation_space}")
        self.space_with_mask = observation_space
        super().__init__(observation_space=observation_space[OBS], **kwargs)

    def setup(self) -> None:
        super().setup()
        self.observation_space = self.space_with_mask

    @staticmethod
    def _split(batch: dict[str, Any]) -> tuple[torch.Tensor, dict[str, Any]]:
        obs = batch[Columns.OBS]
        if isinstance(obs, dict):
            return obs[MASK], {**batch, Columns.OBS: obs[OBS]}
        return batch[MASK], batch

    @staticmethod
    def _masked(out: dict[str, Any], mask: torch.Tensor) -> dict[str, Any]:
        logits = out[Columns.ACTION_DIST_INPUTS]
        out[Columns.ACTION_DIST_INPUTS] = logits + torch.clamp(torch.log(mask), min=FLOAT_MIN)
        return out

    def _forward_inference(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = self._split(batch)
        return self._masked(super()._forward_inference(inner, **kwargs), mask)

    def _forward_exploration(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = self._split(batch)
        return self._masked(super()._forward_exploration(inner, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = self._split(batch)
        return self._masked(super()._forward_train(inner, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        _, inner = self._split(batch)
        return super().compute_values(inner, embeddings)
