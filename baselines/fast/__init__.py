"""The fast training backend (``conan-train --backend fast``, or ``backend: fast`` in the
config): masked PPO whose speed is set by the environments, not by the trainer.

- :mod:`baselines.fast.vec`: the environments -- stepped in this process (``n_workers: 0``)
  or in worker processes through shared memory, opponents played where the games are
  (trained ones batched);
- :mod:`baselines.fast.ppo`: the learner -- sb3's MlpPolicy network and PPO loss, the
  rollout's forward in numpy, the update on ``device``;
- :mod:`baselines.fast.trainer`: the run (config, run folder, policy, checkpoints, pool,
  evaluations, TensorBoard) as :class:`baselines.training.Trainer` writes it.

:func:`baselines.fast.trainer.train` runs a config on the backend it names. This package
imports nothing itself, so that the environment workers (which import
:mod:`baselines.fast.vec`) start without torch.
"""
