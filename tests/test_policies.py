"""Shipped policies by name (issue 18): ``policy:NAME`` loads a weights-only policy from the
package's policy folder, refuses names outside it, guides a search; a finished run becomes a
shipped policy with its config and report. The tests ship into temporary folders only."""
import csv
import json

import numpy as np
import pytest

import baselines.policies as policies
from baselines import check_spec, describe_agents, load_agent, validate_agent
from baselines.cli import evaluate
from baselines.mcts import MCTSAgent
from baselines.ppo import load_policy, save_actor
from baselines.training import Trainer, load_config
from conan_envs import ConfigError, make_game

TOWER = {"mode": "battle"}


def write_policy(folder, env_id, roles, config, width=8, seed=0):
    """A small random actor for `roles` of `env_id`, written as save_actor writes one."""
    game = make_game(env_id, **config)
    obs = int(np.prod(game.observation_shape(game.roles.index(roles[0]))))
    rng = np.random.default_rng(seed)
    tensors = {"mlp_extractor.policy_net.0.weight": rng.normal(size=(width, obs)) * 0.1,
               "mlp_extractor.policy_net.0.bias": np.zeros(width),
               "action_net.weight": rng.normal(size=(game.num_actions, width)),
               "action_net.bias": np.zeros(game.num_actions)}
    folder.mkdir(parents=True, exist_ok=True)
    save_actor(tensors, folder / "policy", env_id=env_id, roles=roles, game_config=game.config)
    return folder


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """A policy folder in tmp with a Yara policy (tower battle) and a Kings policy."""
    monkeypatch.setattr(policies, "FOLDER", tmp_path / "policies")
    write_policy(tmp_path / "policies" / "tiny_yara", "tower_v2", ["yara"], TOWER)
    write_policy(tmp_path / "policies" / "tiny_kings", "kings_v2", ["player_0", "player_1"], {})
    (tmp_path / "policies" / "not_a_policy").mkdir()
    return tmp_path / "policies"


def play(agents, game, seed, steps=60):
    state = game.new_initial_state(seed)
    moves = []
    for _ in range(steps):
        if state.is_terminal() or state.is_truncated():
            break
        p = state.current_player()
        mask = state.legal_action_mask()
        a = agents[p].act(state.observation(p), mask, state)
        assert mask[a]
        moves.append(a)
        state.apply_action(a)
    return moves


def test_shipped_policies_are_listed_with_env_and_roles(shipped):
    found = {p.name: p for p in policies.shipped_policies()}
    assert set(found) == {"tiny_yara", "tiny_kings"}
    assert found["tiny_yara"].env_id == "tower_v2" and found["tiny_yara"].roles == ("yara",)
    assert found["tiny_kings"].roles == ("player_0", "player_1")
    assert found["tiny_yara"].game_config["mode"] == "battle"
    assert "tiny_yara (tower_v2: yara)" in describe_agents()


def test_a_shipped_policy_plays_by_name(shipped):
    game = make_game("tower_v2", **TOWER)
    yara = load_agent("policy:tiny_yara", "tower_v2", "yara", **TOWER)
    assert yara.name == "policy:tiny_yara" and yara.deterministic
    again = load_agent("policy:name=tiny_yara,deterministic=true", "tower_v2", 1, **TOWER)
    conan = load_agent("scripted", "tower_v2", "conan", seed=1, **TOWER)
    first = play([conan, yara], game, 5)
    conan = load_agent("scripted", "tower_v2", "conan", seed=1, **TOWER)
    assert play([conan, again], game, 5) == first  # deterministic: the same game
    sampled = load_agent("policy:tiny_yara,deterministic=false", "tower_v2", "yara", seed=3, **TOWER)
    assert not sampled.deterministic
    assert check_spec("policy:tiny_kings,seed=2") == ("policy", {"name": "tiny_kings", "seed": 2})
    assert validate_agent("policy:tiny_kings", "kings_v2")[0] == "policy"


@pytest.mark.parametrize("spec", ["policy:../tiny_yara", "policy:/etc/passwd", "policy:a/b",
                                  "policy:Tiny_Yara", "policy:missing", "policy:not_a_policy",
                                  "policy:name=..", "policy"])
def test_names_outside_the_folder_are_refused_naming_the_shipped_ones(shipped, spec):
    with pytest.raises(ConfigError) as e:
        load_agent(spec, "tower_v2", "yara", **TOWER)
    assert "shipped policies: tiny_kings, tiny_yara" in str(e.value)
    with pytest.raises(ConfigError):
        validate_agent(spec, "tower_v2", **TOWER)


def test_a_policy_is_refused_for_another_game_or_seat(shipped):
    with pytest.raises(ConfigError, match="trained for tower_v2, not kings_v2"):
        load_agent("policy:tiny_yara", "kings_v2", 0)
    with pytest.raises(ConfigError, match="not conan"):
        load_agent("policy:tiny_yara", "tower_v2", "conan", **TOWER)
    with pytest.raises(ConfigError, match="unknown option 'path'"):
        load_agent("policy:tiny_yara,path=x", "tower_v2", "yara", **TOWER)


def test_no_policy_shipped_is_said_plainly(tmp_path, monkeypatch):
    monkeypatch.setattr(policies, "FOLDER", tmp_path / "empty")
    assert policies.shipped_policies() == []
    with pytest.raises(ConfigError, match="shipped policies: none shipped yet"):
        load_agent("policy:anything", "kings_v2", 0)


def test_search_guided_by_a_shipped_policy(shipped):
    """mcts takes a shipped policy as its prior and its rollout; a Yara policy guides Yara's
    nodes, the scripted player stands in at Conan's."""
    spec = "mcts:simulations=6,prior=policy:tiny_yara,rollout=policy:tiny_yara,horizon=1"
    assert validate_agent(spec, "tower_v2", **TOWER)[0] == "mcts"
    game = make_game("tower_v2", **TOWER)
    search = load_agent(spec, "tower_v2", "yara", seed=2, **TOWER)
    assert isinstance(search, MCTSAgent) and search.prior == "policy:tiny_yara"
    conan = load_agent("scripted", "tower_v2", "conan", seed=2, **TOWER)
    assert play([conan, search], game, 2, steps=30)
    priors = search._prior_agents
    assert [a.name.split(":")[0] for a in priors] == ["scripted", "policy"]
    with pytest.raises(ConfigError, match="no shipped policy"):
        validate_agent("mcts:simulations=2,prior=policy:missing", "tower_v2", **TOWER)


def test_evaluate_help_names_policy_agents(shipped):
    assert "policy:NAME" in evaluate.build_parser().format_help()


TOY = """env_id: nim_test
learn_role: all
opponents: self
pretrain: {teacher: random, steps: 64, epochs: 1}
pool: {size: 2, snapshot_every: 128}
policy: {net_arch: [8], activation: tanh}
ppo: {n_steps: 64, batch_size: 64, n_epochs: 1}
n_envs: 1
vec_env: dummy
total_steps: 128
device: cpu
eval: {every: 64, games: 2, opponents: [random], workers: 1}
checkpoint_every: 64
progress_bar: false
tensorboard: false
"""


def test_a_finished_run_ships_with_its_report(toy_envs, tmp_path, monkeypatch):
    from baselines.policies.ship import main, ship

    (tmp_path / "toy.yaml").write_text(TOY)
    run = tmp_path / "run"
    Trainer(load_config(tmp_path / "toy.yaml", {"out_dir": str(run)}), lambda _: None).run()
    Trainer(load_config(tmp_path / "toy.yaml", {"out_dir": str(run), "total_steps": 192}),
            lambda _: None).run(resume=True)
    history = json.loads((run / "history.json").read_text())
    assert [(s["from_steps"], s["steps"]) for s in history] == [(0, 128), (128, 192)]
    assert all(s["wall_s"] >= s["train_s"] > 0 and s["command"] for s in history)

    dest = tmp_path / "shipped"
    monkeypatch.setattr(policies, "FOLDER", dest)
    assert main([str(run), "tiny_nim"]) == 0  # into the (patched) package folder
    target = dest / "tiny_nim"
    assert sorted(p.name for p in target.iterdir()) == [
        "README.md", "config.yaml", "eval.csv", "policy.json", "policy.safetensors"]
    text = (target / "README.md").read_text()
    assert "# Shipped policy `tiny_nim`" in text and "Total wall time" in text
    assert history[0]["command"] in text and "Warm start: cloned `random`" in text
    with open(run / "eval.csv", newline="") as f:
        evals = list(csv.DictReader(f))
    assert len(evals) == 4 and all(f"| {r['steps']} | random | 2 |" in text for r in evals)
    agent = load_agent("policy:tiny_nim", "nim_test", 1)
    assert agent.meta["steps"] == 192
    # the export carries the critic and the reward it predicts, so value=policy can read it
    assert agent.meta["value_reward"] == "terminal" and agent.meta["value_net_arch"] == [8]

    with pytest.raises(ConfigError, match="--force"):
        ship(run, "tiny_nim")
    ship(run, "tiny_nim", force=True)
    assert main([str(run), "../up"]) == 2 and main([str(tmp_path / "nothing"), "x"]) == 2
    assert not (tmp_path / "up").exists()

    # a pool snapshot ships under the policy's names, its weights as trained at that step
    snaps = sorted((run / "pool").glob("snap_*.json"))
    assert snaps, "the toy run keeps snapshots (pool.snapshot_every: 128)"
    steps = int(snaps[0].stem.removeprefix("snap_"))
    assert main([str(run), "tiny_snap", "--snapshot", str(steps)]) == 0
    shipped_meta, shipped_net = load_policy(dest / "tiny_snap" / "policy.json")
    snap_meta, snap_net = load_policy(snaps[0])
    assert shipped_meta["steps"] == snap_meta["steps"] == steps
    assert shipped_meta["weights"] == "policy.safetensors"
    x = np.ones((1, shipped_meta["obs_size"]), dtype=np.float32)
    np.testing.assert_array_equal(shipped_net.logits(x), snap_net.logits(x))
    text = (dest / "tiny_snap" / "README.md").read_text()
    assert f"the run's pool snapshot at {steps} steps" in text
    with pytest.raises(ConfigError, match=f"no pool snapshot at 7 steps; it has {steps}"):
        ship(run, "tiny_snap2", snapshot=7)
    assert not (dest / "tiny_snap2").exists()
