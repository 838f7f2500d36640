"""The warm start (baselines/imitation.py): a teacher's moves are recorded with their
discounted returns, the network learns to play them, and a run with `pretrain` starts PPO
from the cloned policy."""
import json

import numpy as np
import pytest

import baselines
import conan_envs
from baselines import load_agent
from baselines.agent import Agent
from baselines.imitation import collect, fit
from baselines.training import Trainer
from tests.test_training import toy_config


class NimTeacher(Agent):
    """Takes as many stones as its secret token plus one (one where the pile is short)."""
    name = "nim_teacher"

    def __init__(self, env_id=None, role=0, seed=None, **config):
        pass

    def act(self, observation, action_mask, state=None):
        return teacher_move(observation)


def teacher_move(obs):
    take = int(round(float(obs[2]) * 2)) + 1
    return take - 1 if take <= round(float(obs[0]) * 15) else 0


@pytest.fixture
def teacher(toy_envs, monkeypatch):
    monkeypatch.setitem(baselines.AGENT_KINDS, "nim_teacher", "tests.test_imitation:NimTeacher")


def test_collect_records_the_teachers_moves_and_discounted_returns(teacher, tmp_path):
    cfg = toy_config(tmp_path, opponents="random")
    data = collect(cfg, [0, 1], {0: "random", 1: "random"}, "nim_teacher", 600, seed=3, gamma=0.9)
    assert data["obs"].shape == (600, 5) and data["episodes"] > 20
    for o, m, a in zip(data["obs"], data["masks"], data["actions"]):
        assert m[a] and a == teacher_move(o)
    ends = np.flatnonzero(data["ends"])
    assert len(ends) == data["episodes"] - 1 or len(ends) == data["episodes"]
    start = 0
    for end in ends:  # terminal reward only: +-1 at the last move, x0.9 per move before it
        r = data["returns"][start:end + 1]
        assert abs(r[-1]) == 1.0
        assert np.allclose(r[:-1], r[1:] * 0.9)
        start = end + 1


@pytest.fixture
def one_thread():
    """Small networks on a shared machine: one torch thread, as the trainer uses
    (torch_threads: 1). With torch's default of one thread per core this test took 150-240 s
    on two busy cores; with one, a few seconds."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def test_fit_learns_to_play_like_the_teacher(teacher, one_thread, tmp_path):
    from sb3_contrib import MaskablePPO

    from baselines.selfplay import LearnerEnv, OpponentFactory

    cfg = toy_config(tmp_path, opponents="random")
    env = LearnerEnv("nim_test", {}, [0, 1], OpponentFactory("nim_test", {}, {0: "random", 1: "random"},
                                                               None, cfg["pool"], 0))
    model = MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [32, 32]})
    data = collect(cfg, [0, 1], {0: "random", 1: "random"}, "nim_teacher", 3000, seed=1, gamma=0.99)
    stats = fit(model.policy, data, epochs=30, batch_size=128, learning_rate=0.003, vf_coef=0.5, seed=0)
    assert stats["accuracy"] > 0.95
    game = conan_envs.make_game("nim_test")
    agree = 0
    for seed in range(50):
        s = game.new_initial_state(seed)
        obs = s.observation(0)
        move = model.predict(obs, action_masks=s.legal_action_mask().copy(), deterministic=True)[0]
        agree += int(move) == teacher_move(obs)
    assert agree >= 48


def test_a_run_with_pretrain_starts_from_the_cloned_policy(teacher, tmp_path):
    cfg = toy_config(tmp_path, total_steps=512, opponents="random",
                     **{"pretrain.teacher": "nim_teacher", "pretrain.steps": 3000, "pretrain.epochs": 30,
                        "pretrain.learning_rate": 0.003, "eval.games": 40})
    logs = []
    Trainer(cfg, logs.append).run()
    out = tmp_path / "run"
    warm = json.loads((out / "warm_start.json").read_text())
    assert warm["teacher"] == "nim_teacher" and warm["steps"] == 3000 and warm["accuracy"] > 0.95
    assert any(line.startswith("warm start: cloned nim_teacher") for line in logs)
    first_snapshot = load_agent(f"ppo:{out / 'pool' / 'snap_0000000000'}", "nim_test", role=0)
    game = conan_envs.make_game("nim_test")
    states = [game.new_initial_state(seed) for seed in range(30)]
    assert sum(first_snapshot.act(s.observation(0), s.legal_action_mask()) == teacher_move(s.observation(0))
               for s in states) >= 28


def test_pretrain_options_are_checked(toy_envs, tmp_path):
    with pytest.raises(conan_envs.ConfigError, match="unknown config key 'pretrain.teachr'"):
        toy_config(tmp_path, **{"pretrain.teachr": "scripted"})
    with pytest.raises(conan_envs.ConfigError, match="pretrain.teacher: unknown agent 'nobody'"):
        toy_config(tmp_path, **{"pretrain.teacher": "nobody"})
    with pytest.raises(conan_envs.ConfigError, match="pretrain.epochs=0 is invalid"):
        toy_config(tmp_path, **{"pretrain.teacher": "random", "pretrain.epochs": 0})
