"""Training end to end: the smoke config trains, checkpoints, resumes, exports and evaluates;
config errors are clear; --device cuda falls back to the CPU with a message."""
import csv
import json
from pathlib import Path

import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from baselines.checkpoints import LEARNER, STATE
from baselines.cli import evaluate, train
from baselines.selfplay import LearnerEnv, OpponentFactory, SnapshotPool
from baselines.training import Trainer, load_config, resolve_device

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"
TOY = """# the smoke config's shape on the toy game, in-process envs (the toy is not in the registry
# of subprocesses), no warm start
env_id: nim_test
learn_role: all
opponents: self
pool: {size: 4, snapshot_every: 512, latest_prob: 0.5, random_prob: 0.2}
policy: {net_arch: [32, 32], activation: tanh}
ppo: {learning_rate: 0.0003, n_steps: 256, batch_size: 128, n_epochs: 2, ent_coef: 0.01}
n_envs: 2
vec_env: dummy
total_steps: 1024
seed: 0
device: cpu
eval: {every: 512, games: 4, opponents: [random], workers: 1}
checkpoint_every: 512
progress_bar: false
tensorboard: false
"""


def toy_config(tmp_path, **over):
    path = tmp_path / "toy.yaml"
    path.write_text(TOY)
    return load_config(path, {"out_dir": str(tmp_path / "run"), **over})


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_toy_train_checkpoint_resume_export(toy_envs, tmp_path):
    logs = []
    first = Trainer(toy_config(tmp_path), logs.append).run()
    out = tmp_path / "run"
    state = json.loads((out / "checkpoints" / STATE).read_text())
    assert first["steps"] == state["steps"] == 1024
    assert state["pool"] == ["snap_0000000000", "snap_0000000512"]
    assert [r["steps"] for r in rows(out / "eval.csv")] == ["0", "512", "1024"]
    assert any("env steps/s" in line for line in logs)

    with pytest.raises(conan_envs.ConfigError, match="--resume"):
        Trainer(toy_config(tmp_path), logs.append).run()

    # a snapshot written after the checkpoint (a crash mid-run) is dropped on resume
    pool = SnapshotPool(out / "pool")
    pool.write(pool.names() + ["snap_0000009999"])
    tr = Trainer(toy_config(tmp_path, total_steps=2048), logs.append)
    second = tr.run(resume=True)
    assert second["steps"] == 2048 and second["trained_steps"] == 1024
    assert "snap_0000009999" not in pool.names() and pool.names()[-1] == "snap_0000001536"
    assert [r["steps"] for r in rows(out / "eval.csv")] == ["0", "512", "1024", "1536", "2048"]
    assert any("resuming" in line for line in logs)

    # the checkpoint holds weights, optimizer state and step count (tensors and JSON only);
    # the exported policy is the checkpoint's actor
    from safetensors.numpy import load_file

    tensors = load_file(str(out / "checkpoints" / LEARNER))
    steps = [v for k, v in tensors.items() if k.startswith("optimizer.") and k.endswith(".step")]
    # Adam's steps: updates x epochs x batches
    assert steps and all(int(v) == 2048 // 256 * 2 * 2 for v in steps)
    assert json.loads((out / "checkpoints" / STATE).read_text())["steps"] == 2048
    policy = load_file(str(out / "policy.safetensors"))
    assert policy and all(np.array_equal(v, tensors[f"policy.{k}"]) for k, v in policy.items())


def test_resume_needs_a_checkpoint(toy_envs, tmp_path):
    with pytest.raises(conan_envs.ConfigError, match="nothing to resume"):
        Trainer(toy_config(tmp_path)).run(resume=True)


def test_config_errors_are_clear(toy_envs, tmp_path):
    with pytest.raises(conan_envs.ConfigError, match="unknown config key 'n_env'"):
        toy_config(tmp_path, n_env=3)
    with pytest.raises(conan_envs.ConfigError, match="unknown config key 'pool.sise'"):
        toy_config(tmp_path, **{"pool.sise": 3})
    with pytest.raises(conan_envs.ConfigError, match="learn_role 'banker'"):
        Trainer(toy_config(tmp_path, learn_role="banker"))
    with pytest.raises(conan_envs.ConfigError, match="unknown roles"):
        toy_config(tmp_path, opponents={"nobody": "random"})
    with pytest.raises(conan_envs.ConfigError, match="no config file"):
        load_config(tmp_path / "missing.yaml")


def test_cuda_request_falls_back_with_a_message():
    import torch

    said = []
    got = resolve_device("cuda", said.append)
    if torch.cuda.is_available():
        assert got == "cuda" and not said
    else:
        assert got == "cpu" and "falling back to the CPU" in said[0]
    assert resolve_device("cpu") == "cpu"
    with pytest.raises(conan_envs.ConfigError, match="device"):
        resolve_device("tpu")


def test_learner_env_switches_roles_and_uses_fixed_opponents(toy_envs):
    factory = OpponentFactory("nim_test", {}, {0: "random", 1: "random"}, None, {}, seed=1)
    env = LearnerEnv("nim_test", {}, [0, 1], factory)
    env.reset(seed=3)
    seen = set()
    for _ in range(30):
        obs, info = env.reset()
        seen.add(info["role"])
        done = False
        while not done:
            mask = env.action_masks()
            obs, r, term, trunc, _ = env.step(int(np.flatnonzero(mask)[0]))
            done = term or trunc
        assert r in (-1.0, 1.0)
    assert seen == {0, 1}


def test_self_opponents_come_from_the_pool(toy_envs, tmp_path):
    factory = OpponentFactory("nim_test", {}, {0: "self", 1: "self"}, tmp_path / "pool",
                              {"latest_prob": 1.0, "random_prob": 0.0}, seed=1)
    assert type(factory(1)).__name__ == "RandomAgent"  # empty pool
    from sb3_contrib import MaskablePPO

    from conan_envs.engine.gym_env import SingleAgentEnv

    m = MaskablePPO("MlpPolicy", SingleAgentEnv(conan_envs.make_game("nim_test"), 0), n_steps=32,
                    device="cpu", policy_kwargs={"net_arch": [8]})
    SnapshotPool(tmp_path / "pool").add(m.policy, 32, env_id="nim_test", roles=["player_0", "player_1"],
                                        game_config={"max_turns": None})
    agent = factory(1)
    assert type(agent).__name__ == "PolicyAgent" and agent.meta["steps"] == 32


SMOKE_FAST = ["--config", "smoke", "--total-steps", "256", "--set", "ppo.n_steps=64",
              "--set", "ppo.batch_size=64", "--set", "pretrain.steps=200", "--set", "n_envs=2",
              "--set", "vec_env=dummy", "--set", "eval.games=2", "--set", "eval.every=128",
              "--set", "checkpoint_every=128", "--set", "pool.snapshot_every=128",
              "--no-progress"]


def test_smoke_config_through_the_commands_fast(tmp_path):
    """The shipped smoke config through conan-train and conan-evaluate, made small: the warm
    start clones the scripted player, PPO trains, checkpoints, resumes, exports; the
    exported policy plays a tournament with a learning curve."""
    out = tmp_path / "smoke"
    first = train.run(SMOKE_FAST + ["--out-dir", str(out)], log=lambda _: None)
    assert first["steps"] == 256 and first["env_steps_per_s"] > 0
    warm = json.loads((out / "warm_start.json").read_text())
    assert warm["teacher"] == "scripted" and warm["steps"] == 200 and 0 < warm["accuracy"] <= 1
    logs = []
    second = train.run(SMOKE_FAST[:3] + ["384"] + SMOKE_FAST[4:] + ["--out-dir", str(out), "--resume"],
                       log=logs.append)
    assert second["steps"] == 384 and second["trained_steps"] == 128
    assert any("resuming" in line for line in logs)
    result = evaluate.run(["kings_v2", f"mine=ppo:{out / 'policy'}", "random", "--games", "2",
                           "--workers", "1", "--no-mirror", "--out", str(tmp_path / "rep"),
                           "--curve", str(out / "eval.csv"), "--config", "max_turns=8"],
                          output_fn=lambda _: None)
    assert result["pairs"][0]["games"] == 2 and result["pairs"][0]["a"] == "mine"
    assert Path(result["paths"]["curve"]).stat().st_size > 0


@pytest.mark.slow
def test_smoke_config_end_to_end(tmp_path):
    """The smoke config at full size as a user runs it: clone the scripted player, train in
    subprocess envs, resume through the main job (which evaluates against random and mcts),
    then a tournament with conan-evaluate. About 50 s on two cores (-m slow)."""
    from scripts import main_job

    out = tmp_path / "smoke"
    first = train.run(["--config", "smoke", "--out-dir", str(out), "--total-steps", "1024",
                       "--device", "cuda"], log=lambda _: None)
    assert first["steps"] == 1024 and first["env_steps_per_s"] > 0
    warm = json.loads((out / "warm_start.json").read_text())  # the config's warm start ran first
    assert warm["teacher"] == "scripted" and warm["steps"] == 2000 and 0 < warm["accuracy"] <= 1
    logs = []
    job = main_job.main(["--config", "smoke", "--out-dir", str(out), "--steps", "2048", "--games", "2",
                         "--mcts-simulations", "2", "--workers", "1", "--no-progress"], log=logs.append)
    assert any("resuming" in line for line in logs) or any("continuing" in line for line in logs)
    assert job["summary"]["steps"] == 2048 and job["summary"]["trained_steps"] == 1024
    table = "\n".join(logs)
    assert "| ppo | random | 2 |" in table and "| ppo | mcts:simulations=2 | 2 |" in table
    assert list((out / "tb").iterdir()) and (out / "learning_curve.png").exists()
    result = evaluate.run(["kings_v2", f"ppo={'ppo:' + str(out / 'policy')}", "random", "--games", "4",
                           "--workers", "1", "--no-mirror", "--out", str(tmp_path / "rep"),
                           "--curve", str(out / "eval.csv"), "--config", "max_turns=8"],
                          output_fn=lambda _: None)
    assert result["pairs"][0]["games"] == 4
    assert Path(result["paths"]["curve"]).stat().st_size > 0


def test_overrides_merge_into_nested_sections():
    cfg = load_config("smoke", {"env_config.max_turns": 5, "ppo.n_steps": 64,
                                                        "pool.size": 2})
    assert cfg["env_config"] == {"num_players": 2, "max_turns": 5}
    assert cfg["ppo"]["n_steps"] == 64 and cfg["ppo"]["batch_size"] == 128
    assert cfg["pool"]["size"] == 2 and cfg["pool"]["snapshot_every"] == 1024


def test_shipped_configs_are_valid():
    paths = sorted(CONFIGS.glob("*.yaml"))
    assert len(paths) >= 4
    for path in paths:
        cfg = load_config(path)
        assert cfg == load_config(path.stem)  # by name too
        game = conan_envs.make_game(cfg["env_id"], **cfg["env_config"])
        if cfg["alternate"]:
            assert set(cfg["alternate"]["roles"]) <= set(game.roles), path
            learners = [game.role_index(r) for r in cfg["alternate"]["roles"]]
        else:
            learners = Trainer(cfg).learn_roles  # roles and opponents resolve
        if cfg["pretrain"]["teacher"]:  # the teacher plays the learning roles
            for role in learners:
                load_agent(cfg["pretrain"]["teacher"], cfg["env_id"], role=role, **cfg["env_config"])


def test_alternating_roles_train_in_turn_and_resume(toy_envs, tmp_path):
    from baselines.training import train_alternating

    logs = []
    cfg = toy_config(tmp_path, alternate={"roles": ["player_0", "player_1"], "phase_steps": 512},
                     opponents="random", **{"eval.games": 2})
    result = train_alternating(cfg, log=logs.append)
    phases = [line for line in logs if line.startswith("alternating:")]
    assert [p.split()[1] for p in phases] == ["player_0", "player_1", "player_0", "player_1"]
    assert "'player_1': 'random'" in phases[0]  # no policy for player_1 yet
    assert "ppo:path=" in phases[1] and "player_0/policy" in phases[1]
    for role in ("player_0", "player_1"):
        meta = json.loads((tmp_path / "run" / role / "policy.json").read_text())
        assert meta["roles"] == [role] and meta["steps"] == 1024
        # evaluation seats each policy only in its own role
        evals = rows(tmp_path / "run" / role / "eval.csv")
        assert evals and all(r["games"] == "2" for r in evals)
    assert set(result["policies"]) == {"player_0", "player_1"}
    with pytest.raises(conan_envs.ConfigError, match="--resume"):
        train_alternating(cfg, log=logs.append)
    cfg["total_steps"] = 1536
    logs.clear()
    train_alternating(cfg, resume=True, log=logs.append)
    assert [p.split()[1] for p in logs if p.startswith("alternating:")] == ["player_0", "player_1"]
    with pytest.raises(conan_envs.ConfigError, match="alternate must be"):
        toy_config(tmp_path, alternate={"roles": ["player_0", "ghost"], "phase_steps": 5})


def test_pool_draws_fixed_opponents_with_their_share(toy_envs, tmp_path):
    """pool.fixed with pool.fixed_prob: that share of episodes meets an agent of the list
    (uniformly), the rest the random/snapshot mix; seats given an agent string keep it."""
    pool_cfg = {"fixed": ["mcts:simulations=2", "mcts:simulations=3"], "fixed_prob": 0.75,
                "random_prob": 1.0}
    factory = OpponentFactory("nim_test", {}, {0: "self", 1: "random"}, tmp_path / "pool",
                              pool_cfg, seed=4)
    kinds = [str(getattr(factory(0), "simulations", "random")) for _ in range(800)]
    share = {k: kinds.count(k) / len(kinds) for k in set(kinds)}
    assert set(share) == {"2", "3", "random"}
    assert abs(share["2"] - 0.375) < 0.06 and abs(share["3"] - 0.375) < 0.06
    assert {type(factory(1)).__name__ for _ in range(20)} == {"RandomAgent"}
    # without a fixed list the draws are those of before (resumed runs replay them)
    old = OpponentFactory("nim_test", {}, {0: "self"}, tmp_path / "pool", {"random_prob": 0.3}, 9)
    new = OpponentFactory("nim_test", {}, {0: "self"}, tmp_path / "pool",
                          {"random_prob": 0.3, "fixed": [], "fixed_prob": 0.0}, 9)
    assert [old(0).rng.integers(99) for _ in range(5)] == [new(0).rng.integers(99) for _ in range(5)]


def test_fixed_pool_trains_and_difficulties_are_agent_strings(toy_envs, tmp_path, monkeypatch):
    """Difficulties in every key that takes an agent string, resolved through the ladder's
    table for the game (the toy's own rows here)."""
    from baselines.ladder import LADDER

    monkeypatch.setitem(LADDER, "nim_test", {"*": {"easy": "random", "normal": "mcts:simulations=2",
                                                   "hard": "mcts:simulations=4"}})
    cfg = toy_config(tmp_path, **{"pool.fixed": ["normal", "easy"], "pool.fixed_prob": 0.5,
                                  "eval.opponents": ["easy", "hard"], "eval.games": 2,
                                  "total_steps": 512, "pretrain.teacher": "normal",
                                  "pretrain.steps": 64,
                                  "opponents": {"default": "self", "player_1": "normal"}})
    assert cfg["pool"]["fixed"] == ["normal", "easy"] and cfg["pool"]["fixed_prob"] == 0.5
    factory = OpponentFactory("nim_test", {}, {0: "self"}, None, cfg["pool"], seed=1)
    drawn = {getattr(factory(0), "simulations", "random") for _ in range(40)}
    assert drawn == {2, "random"}
    Trainer(cfg, lambda _: None).run()
    evals = rows(tmp_path / "run" / "eval.csv")
    assert {r["opponent"] for r in evals} == {"easy", "hard"}
    assert json.loads((tmp_path / "run" / "warm_start.json").read_text())["teacher"] == "normal"


@pytest.mark.parametrize("over, needle", [
    ({"pool.fixed": ["genius"]}, "config: pool.fixed: unknown agent 'genius'"),
    ({"pool.fixed": "scripted"}, "pool.fixed='scripted' must be a list of agent strings"),
    ({"pool.fixed": [3]}, "pool.fixed=3 must be an agent string"),
    ({"pool.fixed_prob": 0.5}, "pool.fixed, which is empty"),
    ({"pool.fixed_prob": 1.5, "pool.fixed": ["random"]}, "pool.fixed_prob must be a number from 0 to 1"),
    ({"pool.fixed": ["mcts:simulation=3"]}, "unknown option 'simulation'"),
    ({"pool.fixed": ["policy:nowhere"]}, "no shipped policy 'nowhere'"),
    ({"eval.opponents": ["insane"]}, "eval.opponents: unknown agent 'insane'"),
    ({"opponents": "hardest"}, "opponents: unknown agent 'hardest'"),
    ({"pretrain.teacher": "norml"}, "pretrain.teacher: unknown agent 'norml'"),
])
def test_pool_and_difficulty_errors_are_one_clear_line(toy_envs, tmp_path, over, needle):
    with pytest.raises(conan_envs.ConfigError) as e:
        toy_config(tmp_path, **over)
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_conan_train_refuses_a_bad_pool_with_exit_2(tmp_path, capsys):
    code = train.main(["--config", "smoke", "--out-dir", str(tmp_path / "x"),
                       "--set", "pool.fixed_prob=0.3"])
    err = capsys.readouterr().err
    assert code == 2 and "pool.fixed" in err and err.count("\n") == 1
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("name, env_id, roles", [
    ("tower_yara_ppo", "tower_v2", ["yara"]),
    ("tower_conan_ppo", "tower_v2", ["conan"]),
    ("miniatures_overlord_ppo", "miniatures_v2", ["overlord"]),
    ("cards_ppo_2p", "cards_v2", ["player_0", "player_1"]),
    ("adventures_ppo_2p", "adventures_v2", ["conan", "foe"]),
])
def test_the_shipped_policies_configs_follow_the_recipe(name, env_id, roles):
    """Issue 18's recipe: warm start from the scripted player, PPO against the scripted
    player (a fixed opponent, or a pool holding it), evaluation against random and scripted
    three to six times a run."""
    cfg = load_config(name)
    tr = Trainer(cfg)
    assert cfg["env_id"] == env_id and tr.role_names == roles
    assert cfg["pretrain"]["teacher"] == "scripted"
    others = {spec for r, spec in tr.opponents.items() if r not in tr.learn_roles}
    if others <= {"self"}:  # self-play in every seat, or the other seats from the pool
        assert cfg["pool"]["fixed"] == ["scripted"] and cfg["pool"]["fixed_prob"] > 0
    else:
        assert others == {"scripted"}
    assert set(cfg["eval"]["opponents"]) == {"random", "scripted"}
    assert 3 <= cfg["total_steps"] / cfg["eval"]["every"] <= 6
    assert cfg["out_dir"] == f"runs/{name}"


def test_learn_role_takes_names_as_a_list_or_comma_separated():
    """`--set learn_role=conan,shevatas,hadrathus` names the heroes of a scenario as the YAML
    list does; an unknown name among them is refused."""
    from baselines.selfplay import resolve_roles

    game = conan_envs.make_game("miniatures_v2", scenario="tigress")
    heroes = [game.roles.index(r) for r in ("belit", "conan", "shevatas")]
    assert resolve_roles(game, "belit, conan,shevatas") == heroes
    assert resolve_roles(game, ["belit", "conan", "shevatas"]) == heroes
    with pytest.raises(conan_envs.ConfigError, match="learn_role 'hadrathus'"):
        resolve_roles(game, "belit,hadrathus")


def test_a_league_may_hold_a_plan_for_the_opponents_seats_only(tmp_path):
    """``pool.fixed`` is checked in every seat it may take: the heroes' plan is refused as
    the Overlord, but an Overlord learning alone never meets it in its own seat."""
    over = {"env_id": "miniatures_v2", "env_config": {"scenario": "heart_of_darkness", "num_heroes": 3},
            "learn_role": "overlord", "opponents": {"default": "self"}, "out_dir": str(tmp_path / "run"),
            "pool": {"fixed": ["scripted", "scripted:plan=block"], "fixed_prob": 0.9}}
    Trainer(load_config(None, over), log=lambda *a: None)  # builds every opponent: no error
    heroes = {**over, "learn_role": ["conan", "overlord"]}
    with pytest.raises(conan_envs.ConfigError, match="plan=block plays the heroes' seats"):
        Trainer(load_config(None, heroes), log=lambda *a: None)
