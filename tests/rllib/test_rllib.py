"""Ray RLlib training (issue: scale out on Ray RLlib): a short run on kings_v2 (self-play,
one shared policy) and on tower_v2 battle (Yara learning against a fixed Conan), with
checkpoints, TensorBoard, and the policy exported to the weights-only format and played
through ``baselines.ppo.PolicyAgent``. An illegal action would raise inside the env and fail
the run (``restart_failed_env_runners=False``)."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

ray = pytest.importorskip("ray", reason="the rllib extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 300


def run_job(tmp_path, steps):
    # Ray's socket paths must stay under 107 bytes: a short temp dir of its own
    ray_tmp = tempfile.mkdtemp(prefix="cray")
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "CONAN_RAY_TMP": ray_tmp,
           "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tests.rllib.smoke_job", str(tmp_path), str(steps)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"RLlib smoke run did not finish in {TIMEOUT} s")
    finally:
        shutil.rmtree(ray_tmp, ignore_errors=True)
    assert proc.returncode == 0, err[-3000:]
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def test_rllib_trains_checkpoints_and_exports_a_playable_policy(tmp_path):
    results = {r["job"]: r for r in run_job(tmp_path, 600)}
    assert set(results) == {"kings", "tower_yara"}
    for name, r in results.items():
        assert r["env_steps"] >= 600
        run = tmp_path / name
        assert (run / "checkpoints").is_dir() and any((run / "checkpoints").iterdir())
        assert list((run / "tb").glob("events.out.tfevents.*"))
        meta = json.loads(Path(r["policies"][0]).read_text())
        assert meta["trainer"] == "rllib" and meta["env_id"] == r["env_id"]
    assert json.loads(Path(results["tower_yara"]["policies"][0]).read_text())["roles"] == ["yara"]


def test_exported_actor_computes_the_modules_logits(tmp_path):
    """The weights-only export, read by the numpy actor, gives the RLlib module's logits."""
    import torch
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from baselines.ppo import load_policy
    from baselines.rllib.env import ConanMultiAgentEnv
    from baselines.rllib.module import MaskedPPOModule
    from baselines.rllib.train import write_policy

    env = ConanMultiAgentEnv({"env_id": "kings_v2", "game_config": {"max_turns": 4},
                              "learn_roles": [0, 1]})
    module = RLModuleSpec(module_class=MaskedPPOModule, observation_space=env.observation_spaces["player_0"],
                          action_space=env.action_spaces["player_0"],
                          model_config={"fcnet_hiddens": [16, 8], "fcnet_activation": "tanh",
                                        "head_fcnet_hiddens": [], "vf_share_layers": False}).build()
    path = write_policy(module.state_dict(), tmp_path / "policy", env_id="kings_v2",
                        roles=["player_0", "player_1"], game_config=env.game.config,
                        activation="tanh", steps=0)
    _, actor = load_policy(path)
    obs, _ = env.reset(seed=3)
    (role, o), = obs.items()
    batch = {Columns.OBS: {k: torch.as_tensor(v[None]) for k, v in o.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].numpy()
    legal = o["action_mask"] > 0
    np.testing.assert_allclose(logits[legal], actor.logits(o["observations"])[legal], rtol=1e-4, atol=1e-5)
    assert (logits[~legal] < -1e30).all()  # masked
