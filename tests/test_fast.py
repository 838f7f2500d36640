"""The fast training backend (baselines/fast): it trains, writes a policy the agents load,
resumes from its checkpoint, refuses bad worker settings, and never leaves worker processes
behind, whether a worker fails or the run is interrupted."""
from __future__ import annotations

import json
import multiprocessing as mp
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("torch")

from baselines import load_agent  # noqa: E402
from baselines.cli import train as train_cli  # noqa: E402
from baselines.fast.learner_process import LearnerError, LearnerProcess, LearnerSpec  # noqa: E402
from baselines.fast.ppo import ActorCritic, Learner, PPOSettings, Rollout  # noqa: E402
from baselines.fast.trainer import FastTrainer, train  # noqa: E402
from baselines.fast.vec import EnvSpec, WorkerError, WorkerVec, make_vec, obs_and_actions  # noqa: E402
from baselines.train_config import load_config  # noqa: E402
from conan_envs import ConfigError  # noqa: E402

SMALL: dict[str, Any] = {
    "env_id": "kings_v2", "env_config": {"num_players": 2, "max_turns": 6}, "learn_role": "all",
    "opponents": "self", "backend": "fast", "policy": {"net_arch": [16, 16]},
    "ppo": {"n_steps": 32, "batch_size": 32, "n_epochs": 1}, "n_envs": 4, "total_steps": 256,
    "pool": {"snapshot_every": 128, "random_prob": 0.3}, "tensorboard": True, "progress_bar": False,
    "eval": {"every": 10**6, "games": 2, "opponents": ["random"]}, "checkpoint_every": 128,
    "device": "cpu"}


def small(tmp_path: Path, **over: Any) -> dict[str, Any]:
    return {**SMALL, "out_dir": str(tmp_path / "run"), **over}


def no_children() -> bool:
    return not [p for p in mp.active_children() if p.name.startswith(("conan-env-worker", "conan-learner"))]


def test_trains_exports_a_loadable_policy_and_resumes(tmp_path: Path) -> None:
    summary = train(None, small(tmp_path), log=lambda *a: None)
    run = tmp_path / "run"
    assert summary["steps"] == 256 and summary["backend"] == "fast"
    assert 0 < summary["time_split"]["env_share"] <= 1
    agent = load_agent(f"ppo:{run / 'policy'}", "kings_v2", role=1, num_players=2, max_turns=6)
    assert json.loads((run / "policy.json").read_text())["steps"] == 256
    from conan_envs import make_game

    s = make_game("kings_v2", num_players=2, max_turns=6).new_initial_state(3)
    a = agent.act(s.observation(s.current_player()), s.legal_action_mask(), s)
    assert s.legal_action_mask()[a]
    assert list((run / "tb").glob("ppo_1/events.out.tfevents.*"))
    assert (run / "pool" / "pool.json").exists()
    with pytest.raises(ConfigError, match="already holds a run"):
        train(None, small(tmp_path), log=lambda *a: None)
    resumed = train(None, small(tmp_path, total_steps=384), resume=True, log=lambda *a: None)
    assert resumed["steps"] == 384 and resumed["trained_steps"] == 128
    history = json.loads((run / "history.json").read_text())
    assert [h["from_steps"] for h in history] == [0, 256]


def test_resume_refuses_another_network(tmp_path: Path) -> None:
    train(None, small(tmp_path, total_steps=128), log=lambda *a: None)
    with pytest.raises(ConfigError, match="policy.net_arch|another network"):
        train(None, small(tmp_path, total_steps=256, policy={"net_arch": [8]}), resume=True,
              log=lambda *a: None)


@pytest.mark.parametrize(("over", "message"), [
    ({"n_workers": 5}, "n_workers=5 is more than n_envs=4"),
    ({"n_workers": -1}, "n_workers"),
    ({"n_workers": 2, "envs_per_worker": 3}, "envs_per_worker=3 x n_workers=2 is not n_envs=4"),
    ({"envs_per_worker": 0}, "envs_per_worker"),
    ({"n_workers": "two"}, "n_workers"),
    ({"backend": "fastest"}, "backend must be one of sb3, fast"),
])
def test_bad_worker_settings_are_config_errors(tmp_path: Path, over: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(None, small(tmp_path, **over))


def test_cli_backend_flag(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    import yaml

    cfg.write_text(yaml.safe_dump({k: v for k, v in small(tmp_path).items() if k != "backend"}))
    summary = train_cli.run(["--config", str(cfg), "--backend", "fast", "--total-steps", "128",
                             "--set", "eval.games=0"], log=lambda *a: None)
    assert summary["backend"] == "fast" and summary["steps"] == 128


def test_workers_train_and_are_joined(tmp_path: Path) -> None:
    summary = train(None, small(tmp_path, n_workers=2, envs_per_worker=2, total_steps=256,
                                tensorboard=False), log=lambda *a: None)
    assert summary["steps"] == 256 and summary["n_workers"] == 2
    assert summary["time_split"]["wait_on_workers_s"] > 0
    assert no_children()


def test_a_failing_worker_raises_and_every_worker_stops(tmp_path: Path) -> None:
    spec = EnvSpec("kings_v2", {"num_players": 2, "max_turns": 6}, [0, 1], {0: "random", 1: "random"},
                   str(tmp_path / "pool"), {}, "terminal")
    obs_size, actions = obs_and_actions("kings_v2", {"num_players": 2, "max_turns": 6}, 0)
    venv = make_vec(spec, 4, 2, 0, obs_size, actions)
    try:
        venv.reset()
        assert venv.buf.mask.any(axis=1).all()
        venv.buf.action[:] = np.argmax(~venv.buf.mask, axis=1)  # an illegal action in each game
        with pytest.raises(WorkerError, match="IllegalActionError"):
            venv.step()
    finally:
        venv.close()
    assert no_children()


def test_ctrl_c_stops_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the trainer waits on an update stops the workers and the learner process."""
    def interrupted(self: LearnerProcess) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(LearnerProcess, "result", interrupted)
    cfg = load_config(None, small(tmp_path, n_workers=2, tensorboard=False))
    with pytest.raises(KeyboardInterrupt):
        FastTrainer(cfg, lambda *a: None).run()
    assert no_children()


def test_a_dead_learner_process_is_reported_and_nothing_is_left(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    submit = LearnerProcess.submit

    def killed(self: LearnerProcess, index: int, ro: Any) -> None:
        submit(self, index, ro)
        self.proc.kill()

    monkeypatch.setattr(LearnerProcess, "submit", killed)
    cfg = load_config(None, small(tmp_path, n_workers=1, tensorboard=False))
    with pytest.raises(LearnerError, match="the learner process died"):
        FastTrainer(cfg, lambda *a: None).run()
    assert no_children()


@pytest.mark.parametrize("start_method", ["fork", "forkserver"])
def test_the_learner_process_learns_what_the_learner_learns(start_method: str) -> None:
    """An update in the learner process leaves the trainer's learner exactly as the same
    update made in this process: weights, Adam's moments, the minibatch generator. Forked
    (the CPU's default) or started fresh (a GPU learner's way: the rollouts' shared memory
    travels to it)."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(0)
    obs_size, actions, steps, envs = 12, 5, 16, 4
    settings = PPOSettings(n_steps=steps, batch_size=16, n_epochs=2)

    def learner() -> Learner:
        torch.manual_seed(0)
        return Learner(ActorCritic(obs_size, actions, [8, 8], "tanh", 3e-4), settings, 7)

    ro = Rollout.shared(steps, envs, obs_size, actions)
    ro.obs[:] = rng.random(ro.obs.shape) * (rng.random(ro.obs.shape) < 0.5)
    ro.mask[:] = rng.random(ro.mask.shape) < 0.6
    ro.mask[..., 0] = True
    ro.action[:] = 0
    ro.reward[:] = rng.normal(size=ro.reward.shape)
    ro.done[:] = rng.random(ro.done.shape) < 0.1
    ro.logp[:] = -1.0
    here, there = learner(), learner()
    losses = here.update(ro)
    spec = LearnerSpec(obs_size, actions, (8, 8), "tanh", settings, steps, envs, "cpu", 1)
    proc = LearnerProcess(there, spec, [ro], start_method=start_method)
    try:
        proc.submit(0, ro)
        got, seconds = proc.result()
    finally:
        proc.close()
    assert got == losses and seconds > 0
    for a, b in zip(here.policy.state_dict().values(), there.policy.state_dict().values()):
        assert torch.equal(a, b)
    moments = [(a, b) for sa, sb in zip(here.policy.optimizer.state_dict()["state"].values(),
                                        there.policy.optimizer.state_dict()["state"].values())
               for a, b in zip(sa.values(), sb.values())]
    assert moments and all(torch.equal(a, b) for a, b in moments)
    assert torch.equal(here.gen.get_state(), there.gen.get_state())
    assert here._n_updates == there._n_updates == 2
    assert no_children()


def test_batched_policy_opponents_play_as_the_policy_agent(tmp_path: Path) -> None:
    """Trained opponents are batched (one forward for all the games waiting on a policy);
    each still plays the move the ``ppo:`` agent would play in its game."""
    from baselines.fast.vec import Buffers, EnvSet
    from baselines.ppo import PolicyAgent, save_actor

    config: dict[str, Any] = {"num_players": 2, "max_turns": 6}
    obs_size, num_actions = obs_and_actions("kings_v2", config, 0)
    rng = np.random.default_rng(0)
    shapes = {"mlp_extractor.policy_net.0.weight": (16, obs_size), "mlp_extractor.policy_net.0.bias": (16,),
              "action_net.weight": (num_actions, 16), "action_net.bias": (num_actions,)}
    save_actor({k: rng.normal(size=v) for k, v in shapes.items()}, tmp_path / "opp", env_id="kings_v2",
               roles=["player_1"], game_config=config)
    spec = EnvSpec("kings_v2", config, [0], {1: f"ppo:{tmp_path / 'opp'}"}, str(tmp_path / "pool"), {},
                   "terminal")
    envs = EnvSet(spec, [1, 2, 3, 4], Buffers.allocate(4, obs_size, num_actions, 0))
    agent = PolicyAgent("kings_v2", role=1, path=str(tmp_path / "opp"), **config)
    envs.reset()
    played = 0
    for _ in range(6):
        expected = []
        for i, s in enumerate(envs.states):
            c = s.clone()
            a = int(np.flatnonzero(envs.buf.mask[i])[0])
            envs.buf.action[i] = a
            c.apply_action(a)
            while not (c.is_terminal() or c.is_truncated()) and c.current_player() == 1:
                c.apply_action(agent.act(c.observation(1), c.legal_action_mask(), c))
                played += 1
            expected.append(c)
        envs.step()
        for i, c in enumerate(expected):
            if not envs.buf.done[i]:
                assert envs.states[i] == c
    assert played > 0


def test_a_guarded_policy_opponent_plays_through_its_guard(tmp_path: Path, monkeypatch: Any) -> None:
    """A ``guard=true`` policy is not batched with the bare ones: its guard reads each game's
    state before it chooses (baselines/guards/)."""
    from baselines.fast.vec import Buffers, EnvSet
    from baselines.guards import miniatures

    calls = []
    real = miniatures.guard

    def counting(s: Any, mask: Any) -> Any:
        calls.append(1)
        return real(s, mask)

    monkeypatch.setattr(miniatures, "guard", counting)
    config: dict[str, Any] = {"scenario": "tigress", "max_turns": 3}
    obs_size, num_actions = obs_and_actions("miniatures_v2", config, 0)
    overlord = "policy:miniatures_overlord_league_tigress_round2,guard=true"
    spec = EnvSpec("miniatures_v2", config, [0], {1: "scripted", 2: "scripted", 3: overlord},
                   str(tmp_path / "pool"), {}, "terminal")
    envs = EnvSet(spec, [1, 2], Buffers.allocate(2, obs_size, num_actions, 0))
    envs.reset()
    for _ in range(30):
        for i in range(2):
            envs.buf.action[i] = int(np.flatnonzero(envs.buf.mask[i])[0])
        envs.step()
    assert calls


def test_the_sb3_entry_point_refuses_a_fast_config(tmp_path: Path) -> None:
    from baselines import training

    with pytest.raises(ConfigError, match="backend 'fast'"):
        training.train(None, small(tmp_path), log=lambda *a: None)
    assert not (tmp_path / "run").exists()


def test_a_game_cut_at_its_turn_limit_hands_its_last_observation_on(tmp_path: Path) -> None:
    """A game cut at ``max_turns`` (not over) is marked truncated, with the observation of
    the position it was cut in; a game that ends is not."""
    from baselines.fast.vec import Buffers, EnvSet

    config: dict[str, Any] = {"max_turns": 2}
    obs_size, num_actions = obs_and_actions("tower_v2", config, 0)
    spec = EnvSpec("tower_v2", config, [0], {}, str(tmp_path / "pool"), {}, "terminal")
    envs = EnvSet(spec, [1, 2, 3], Buffers.allocate(3, obs_size, num_actions, 0))
    envs.reset()
    rng = np.random.default_rng(0)
    cut = 0
    for _ in range(300):
        expected = []
        for i, s in enumerate(envs.states):
            c = s.clone()
            a = int(rng.choice(np.flatnonzero(envs.buf.mask[i])))
            envs.buf.action[i] = a
            c.apply_action(a)
            expected.append(c)
        envs.step()
        for i, c in enumerate(expected):
            assert envs.buf.truncated[i] == c.is_truncated()
            assert envs.buf.done[i] == (c.is_truncated() or c.is_terminal())
            if c.is_truncated():
                np.testing.assert_array_equal(envs.buf.final_obs[i], np.asarray(c.observation(0)).reshape(-1))
                cut += 1
        if cut >= 3:
            break
    assert cut >= 3


def test_the_return_of_a_cut_game_is_bootstrapped_from_its_last_value() -> None:
    """As sb3 on a TimeLimit truncation: reward + gamma * V(last observation) on the step
    that cut the game; a game that ended adds nothing."""
    import torch

    from baselines.fast.ppo import ActorCritic, PPOSettings, Rollout

    torch.manual_seed(0)
    policy = ActorCritic(6, 3, [8], "tanh", 3e-4)
    settings = PPOSettings(gamma=0.9, gae_lambda=0.8)
    learner = Learner(policy, settings, 0)
    ro = Rollout(2, 2, 6, 3)
    rng = np.random.default_rng(1)
    ro.obs[:] = rng.normal(size=ro.obs.shape)
    ro.last_obs[:] = rng.normal(size=ro.last_obs.shape)
    ro.mask[:] = True
    ro.reward[:] = [[0.5, -0.25], [1.0, 2.0]]
    ro.done[0] = [1.0, 1.0]  # both games end on step 0; game 0 was cut, game 1 was over
    final = rng.normal(size=(1, 6)).astype(np.float32)
    ro.truncated = [(0, np.array([0]), final)]
    obs, _, _, columns = learner.inputs(ro)
    v, adv, returns = learner.targets(ro, obs, columns)
    with torch.no_grad():
        value = policy.predict_values(torch.as_tensor(ro.obs.reshape(4, 6))).numpy().reshape(2, 2)
        v_final = float(policy.predict_values(torch.as_tensor(final))[0, 0])
        v_last = policy.predict_values(torch.as_tensor(ro.last_obs)).numpy()[:, 0]
    np.testing.assert_allclose(v, value, rtol=1e-5)
    step1 = ro.reward[1] + 0.9 * v_last - value[1]
    np.testing.assert_allclose(adv[1], step1, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(adv[0], [0.5 + 0.9 * v_final - value[0, 0], -0.25 - value[0, 1]],
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(returns, adv + v, rtol=1e-6)


def test_the_sampler_draws_legal_actions_with_the_policys_log_probabilities() -> None:
    """The rollout's forward (numpy on the CPU, reading only the columns some observation
    sets) gives the learner's own log-probabilities, and never an illegal action; over many
    draws its frequencies follow the policy's probabilities."""
    import torch

    from baselines.fast.ppo import ActorCritic, Sampler

    torch.manual_seed(0)
    policy = ActorCritic(40, 6, [16, 16], "tanh", 3e-4)
    with torch.no_grad():  # a policy far from uniform
        policy.action_net.weight.mul_(300.0)
    rng = np.random.default_rng(0)
    obs = (rng.random((5, 40)) < 0.2).astype(np.float32)
    obs[:, :10] = 0.0  # columns no observation sets
    mask = rng.random((5, 6)) < 0.5
    mask[:, 0] = True
    sampler = Sampler(policy, seed=3)
    assert sampler.actor is not None  # numpy's forward on the CPU
    with torch.no_grad():
        probs = policy.get_distribution(torch.as_tensor(obs), torch.as_tensor(mask)).probs.numpy()
    counts = np.zeros((5, 6))
    for _ in range(2000):
        actions, logp = sampler.sample(obs, mask)
        assert mask[np.arange(5), actions].all()
        np.testing.assert_allclose(logp, np.log(probs[np.arange(5), actions]), rtol=1e-4, atol=1e-5)
        counts[np.arange(5), actions] += 1
    np.testing.assert_allclose(counts / 2000, probs, atol=0.04)


def test_a_killed_worker_is_reported_and_every_worker_stops(tmp_path: Path) -> None:
    """A worker that dies (killed, out of memory) is seen at the next step: its pipe reads
    as closed, and the trainer raises WorkerError naming it instead of waiting forever."""
    import os
    import signal

    spec = EnvSpec("kings_v2", {"num_players": 2, "max_turns": 6}, [0, 1], {0: "random", 1: "random"},
                   str(tmp_path / "pool"), {}, "terminal")
    obs_size, actions = obs_and_actions("kings_v2", {"num_players": 2, "max_turns": 6}, 0)
    venv = make_vec(spec, 4, 2, 0, obs_size, actions)
    try:
        venv.reset()
        assert isinstance(venv, WorkerVec)
        os.kill(venv.procs[1].pid, signal.SIGKILL)
        venv.procs[1].join(5.0)  # gone before the step: the step's send meets a closed pipe
        venv.buf.action[:] = np.argmax(venv.buf.mask, axis=1)
        with pytest.raises(WorkerError, match="environment worker 1 died"):
            venv.step()
    finally:
        venv.close()
    assert no_children()


def test_a_resumed_overlapped_run_learns_every_step_once(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With the learning overlapped, a checkpoint is written while the next rollout is played
    but not learnt; the checkpoint counts learnt steps only, so the resumed run plays those
    steps again and learns them: 4 rollouts of 128 steps make 4 updates, none twice."""
    calls: list[int] = []
    submit = LearnerProcess.submit

    def counted(self: LearnerProcess, index: int, ro: Any) -> None:
        calls.append(self.learner.num_timesteps)
        if len(calls) == 3:
            raise KeyboardInterrupt  # as the third update starts: the run stops there
        submit(self, index, ro)

    monkeypatch.setattr(LearnerProcess, "submit", counted)
    with pytest.raises(KeyboardInterrupt):
        train(None, small(tmp_path, total_steps=512, tensorboard=False), log=lambda *a: None)
    assert calls == [0, 128, 256]
    state = json.loads((tmp_path / "run" / "checkpoints" / "state.json").read_text())
    assert state["steps"] == 256  # two rollouts learnt; the one played during the third is not kept
    calls.clear()
    resumed = train(None, small(tmp_path, total_steps=512, tensorboard=False), resume=True,
                    log=lambda *a: None)
    assert calls == [256, 384]
    assert resumed["steps"] == 512 and resumed["trained_steps"] == 256


@pytest.mark.parametrize("activation", ["tanh", "relu"])
def test_the_updates_fused_forward_is_the_two_networks(activation: str) -> None:
    """The update runs the actor's and the critic's first layers as one product over the
    columns the rollout sets; its values, log-probabilities and entropies are those of the
    two networks on the whole observation."""
    import torch

    from baselines.fast.ppo import ActorCritic

    torch.manual_seed(0)
    policy = ActorCritic(30, 5, [8, 6], activation, 3e-4)
    rng = np.random.default_rng(0)
    obs = (rng.random((12, 30)) < 0.3).astype(np.float32) * rng.normal(size=(12, 30)).astype(np.float32)
    obs[:, 20:] = 0.0
    mask = rng.random((12, 5)) < 0.6
    mask[:, 2] = True
    actions = torch.as_tensor(np.flatnonzero(mask[0])[:1].repeat(12))
    x, m = torch.as_tensor(obs), torch.as_tensor(mask)
    with torch.no_grad():
        dist = policy.get_distribution(x, m)
        expected = (policy.predict_values(x).squeeze(-1), dist.log_prob(actions), dist.entropy())
        used = torch.as_tensor(np.flatnonzero(obs.any(axis=0)))
        for got in (policy.evaluate(x, m, actions), policy.evaluate(x[:, used], m, actions, used)):
            for g, e in zip(got, expected):
                np.testing.assert_allclose(g.numpy(), e.numpy(), rtol=1e-5, atol=1e-6)


def test_league_opponents_play_in_the_fast_backend(tmp_path: Path) -> None:
    """A league as the SB3 backend draws it: past snapshots, and with ``pool.fixed_prob`` an
    agent drawn from ``pool.fixed`` (here the scripted player and a trained policy, as an
    exploiter would be given); the fast backend's games draw both kinds and train."""
    first = train(None, small(tmp_path, tensorboard=False), log=lambda *a: None)
    league = {"size": 4, "snapshot_every": 128, "random_prob": 0.0, "fixed_prob": 0.7,
              "fixed": ["scripted", f"ppo:{first['policy']}"]}
    cfg = load_config(None, small(tmp_path, out_dir=str(tmp_path / "league"), pool=league,
                                  tensorboard=False))
    env_cfg = dict(cfg["env_config"])
    obs_size, num_actions = obs_and_actions("kings_v2", env_cfg, 0)
    spec = EnvSpec("kings_v2", env_cfg, [0, 1], {0: "self", 1: "self"}, str(tmp_path / "league_pool"),
                   dict(cfg["pool"]), "terminal")
    venv = make_vec(spec, 4, 0, 5, obs_size, num_actions)
    kinds: set[str] = set()
    try:
        venv.reset()
        for _ in range(300):
            venv.buf.action[:] = [int(np.flatnonzero(m)[0]) for m in venv.buf.mask]
            venv.step()
            kinds |= {type(a).__name__ for opps in venv.envs.opps for a in opps.values()}
    finally:
        venv.close()
    assert {"ScriptedAgent", "PolicyAgent"} <= kinds
    summary = train(None, cfg, log=lambda *a: None)
    assert summary["steps"] == 256


@pytest.mark.parametrize("start_method", ["fork", "forkserver"])
def test_the_learner_process_ends_when_the_trainer_is_gone(start_method: str) -> None:
    """The trainer killed (its end of the pipe closed without a word): the learner process
    sees the pipe closed and ends, rather than waiting forever (a forked child must not keep
    a copy of the trainer's end)."""
    settings = PPOSettings(n_steps=4, batch_size=4, n_epochs=1)
    learner = Learner(ActorCritic(6, 3, [4], "tanh", 3e-4), settings, 0)
    ro = Rollout.shared(4, 2, 6, 3)
    spec = LearnerSpec(6, 3, (4,), "tanh", settings, 4, 2, "cpu", 1)
    proc = LearnerProcess(learner, spec, [ro], start_method=start_method)
    proc.conn.close()
    proc.proc.join(20)
    alive = proc.proc.is_alive()
    if alive:
        proc.proc.kill()
    assert not alive
