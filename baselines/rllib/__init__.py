"""Ray RLlib training for any env (the optional extra ``pip install conan-envs[rllib]``).

- :mod:`.env`: a game as an RLlib ``MultiAgentEnv`` (new API stack), one agent per learning
  role, observations ``{"observations", "action_mask"}``; fixed opponents play inside it.
- :mod:`.module`: a PPO RLModule that masks illegal actions' logits.
- :mod:`.train`: ``conan-train --backend rllib --config NAME``: the SB3 path's config
  format, checkpoints, TensorBoard, and export to the weights-only policy format of
  :mod:`baselines.ppo`, so ``load_agent("ppo:...")``, evaluation and play use the result.

Nothing here is imported by the rest of the package: Ray is needed only on this path.
"""
