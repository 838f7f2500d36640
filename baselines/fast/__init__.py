"""The fast training backend (``conan-train --backend fast``, or ``backend: fast`` in the
config): masked PPO whose speed is set by the environments, not by the trainer.

- :mod:`baselines.fast.vec`: the environments -- stepped in this process (``n_workers: 0``)
  or in worker processes through shared memory, opponents played where the games are
  (trained ones batched);
- :mod:`baselines.fast.ppo`: the learner -- sb3's MlpPolicy network and PPO loss, the
  rollout's forward in numpy, the update on ``device``;
- :mod:`baselines.fast.trainer`: the run (config, run folder, policy, checkpoints, pool,
  evaluations, TensorBoard) as :class:`baselines.training.Trainer` writes it.

:func:`train` runs a config on the backend it names.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..train_config import load_config
from ..training import Trainer, train_alternating
from .trainer import FastTrainer


def trainer_class(cfg: dict[str, Any]) -> type[Trainer]:
    """The trainer the config's ``backend`` names."""
    return FastTrainer if cfg["backend"] == "fast" else Trainer


def run_config(cfg: dict[str, Any], resume: bool = False,
               log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train a loaded config on its backend (alternating roles too)."""
    cls = trainer_class(cfg)
    if cfg["alternate"]:
        return train_alternating(cfg, resume, log, trainer=cls)
    return cls(cfg, log).run(resume=resume)


def train(config_path: str | Path | None = None, overrides: dict[str, Any] | None = None,
          resume: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train from a YAML config (plus overrides such as ``{"backend": "fast"}``) on the
    backend it names."""
    return run_config(load_config(config_path, overrides), resume, log)


__all__ = ["FastTrainer", "run_config", "train", "trainer_class"]
