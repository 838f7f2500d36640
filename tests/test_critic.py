"""The critic in a policy file (baselines/ppo.py), added from a run's checkpoint
(baselines/policies/critic.py), and read at the leaves of IS-MCTS (``mcts:value=policy``):
the numbers are the network's, actor-only files read exactly as before, a file or checkpoint
that does not match is refused, and the critic's value steers the search."""
import json
import types

import numpy as np
import pytest
import torch

import conan_envs
from baselines import load_agent
from baselines.checkpoints import write as write_checkpoint
from baselines.fast.ppo import ActorCritic
from baselines.match import play_match
from baselines.mcts import MCTSAgent, _critic_values, _CriticLeaf
from baselines.policies import FOLDER
from baselines.policies.critic import add_critic, main
from baselines.ppo import Critic, ModelFileError, export_policy, load_policy, model_paths, save_actor
from baselines.random_agent import RandomAgent
from conan_envs import ConfigError, catalog
from tests.toy import NimGame

NIM = {"env_id": "nim_test", "game_config": NimGame().config}


@pytest.fixture
def toy_envs(monkeypatch):
    monkeypatch.setitem(catalog.REGISTRY, "nim_test", ("tests.toy", "NimGame"))
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(catalog.REGISTRY))


def learner(seed=0, arch=(8, 8)):
    """The fast backend's network for Nim (5 inputs, 4 actions), its critic non-trivial."""
    torch.manual_seed(seed)
    net = ActorCritic(5, 4, list(arch), "tanh", learning_rate=1e-3)
    with torch.no_grad():
        net.value_net.bias.fill_(0.3)
    return net


def observations(n=40):
    return np.random.default_rng(1).normal(size=(n, 5)).astype(np.float32)


def test_a_critic_round_trips_and_reads_as_the_network(toy_envs, tmp_path):
    net = learner()
    path = export_policy(net, tmp_path / "nim", roles=["player_0"], steps=5, **NIM)
    meta, actor = load_policy(path)
    assert meta["value_net_arch"] == [8, 8] and "value_reward" not in meta
    x = observations()
    with torch.no_grad():
        want = net.predict_values(torch.as_tensor(x)).squeeze(-1).numpy()
        logits = net.action_net(net.mlp_extractor.policy_net(torch.as_tensor(x))).numpy()
    np.testing.assert_allclose(actor.value(x), want, rtol=1e-5, atol=1e-6)
    assert actor.value(x[0]).shape == ()
    np.testing.assert_allclose(actor.logits(x), logits, rtol=1e-5, atol=1e-6)
    # a critic of another shape than the actor's, and the reward it learnt, are recorded
    tensors = actor.tensors()
    tensors["mlp_extractor.value_net.0.weight"] = np.ones((3, 5), np.float32)
    tensors["mlp_extractor.value_net.0.bias"] = np.zeros(3, np.float32)
    del tensors["mlp_extractor.value_net.2.weight"], tensors["mlp_extractor.value_net.2.bias"]
    tensors["value_net.weight"] = np.full((1, 3), 0.5, np.float32)
    save_actor(tensors, tmp_path / "narrow", roles=["player_0"], value_reward="shaped", **NIM)
    meta, narrow = load_policy(tmp_path / "narrow")
    assert meta["value_net_arch"] == [3] and narrow.critic.reward == "shaped"
    assert narrow.value(x[:2]) == pytest.approx(1.5 * np.tanh(x[:2].sum(1)) + 0.3, rel=1e-5)
    with pytest.raises(ConfigError, match="value_reward"):
        save_actor(tensors, tmp_path / "bad", roles=["player_0"], value_reward="score", **NIM)


def test_actor_only_files_read_and_rewrite_as_before(tmp_path):
    """A shipped (actor-only) policy has no critic, and its actor written again is the same
    file to the byte: the format's actor part did not change."""
    meta, actor = load_policy(FOLDER / "kings_ppo_selfplay" / "policy")
    assert actor.critic is None and "value_net_arch" not in meta
    with pytest.raises(ModelFileError, match="holds no critic"):
        actor.value(np.zeros(meta["obs_size"], np.float32))
    again = save_actor(actor.tensors(), tmp_path / "again", env_id=meta["env_id"],
                       roles=meta["roles"], game_config=meta["game_config"],
                       activation=meta["activation"], steps=meta["steps"])
    assert json.loads(again.read_text())["sha256"] == meta["sha256"]


def _edit(path, **fields):
    meta = json.loads(path.read_text())
    meta.update(fields)
    for k in [k for k, v in fields.items() if v is None]:
        del meta[k]
    path.write_text(json.dumps(meta))


@pytest.mark.parametrize("fields, needle", [
    ({"value_net_arch": [8, 4]}, "tensor mlp_extractor.value_net.2.weight has shape"),
    ({"value_net_arch": [8]}, "critic tensors .* do not match the critic in the metadata"),
    ({"value_net_arch": None}, "holds critic tensors .* names no critic"),
    ({"value_net_arch": "8,8"}, "field value_net_arch='8,8' is invalid"),
    ({"value_reward": "score"}, "field value_reward='score' is invalid"),
])
def test_a_critic_that_does_not_match_its_metadata_is_refused(toy_envs, tmp_path, fields, needle):
    path = export_policy(learner(), tmp_path / "nim", roles=["player_0"], **NIM)
    _edit(path, **fields)
    with pytest.raises(ModelFileError, match=needle):
        load_agent(f"ppo:{path}", "nim_test")


def test_metadata_naming_a_critic_the_weights_lack_is_refused(toy_envs, tmp_path):
    path = actor_only(learner(), tmp_path / "nim")
    _edit(path, value_net_arch=[8, 8])
    with pytest.raises(ModelFileError, match="critic tensors \\[\\] do not match"):
        load_policy(path)


def run_dir(tmp_path, net, reward="shaped"):
    """A finished run: its checkpoint (the whole learner) and its config."""
    run = tmp_path / "run"
    write_checkpoint(run / "checkpoints", types.SimpleNamespace(policy=net, _n_updates=3), 64, [],
                     {"snapshot": 0, "eval": 0, "checkpoint": 0})
    (run / "config.yaml").write_text(f"env_id: nim_test\nreward: {reward}\n")
    return run


def actor_only(net, path):
    tensors = {k: v.detach().numpy() for k, v in net.state_dict().items()
               if k.startswith(("mlp_extractor.policy_net", "action_net"))}
    return save_actor(tensors, path, roles=["player_0"], steps=64, extra={"note": "kept"}, **NIM)


def test_the_cli_adds_the_runs_critic_to_its_policy(toy_envs, tmp_path, capsys):
    net = learner()
    policy = actor_only(net, tmp_path / "policy")
    run = run_dir(tmp_path, net)
    assert main([str(policy), str(run), "--out", str(tmp_path / "with")]) == 0
    meta, actor = load_policy(tmp_path / "with")
    old_meta, old = load_policy(policy)
    assert meta["value_reward"] == "shaped" and meta["note"] == "kept" and meta["steps"] == 64
    x = observations()
    assert np.array_equal(actor.logits(x), old.logits(x))
    with torch.no_grad():
        want = net.predict_values(torch.as_tensor(x)).squeeze(-1).numpy()
    np.testing.assert_allclose(actor.value(x), want, rtol=1e-5, atol=1e-6)
    # nothing written without a destination; an existing one is not overwritten
    with pytest.raises(SystemExit):
        main([str(policy), str(run)])
    assert main([str(policy), str(run), "--out", str(tmp_path / "with")]) == 2
    assert "exists" in capsys.readouterr().err
    assert json.loads(policy.read_text()) == old_meta  # the source untouched
    assert main([str(policy), str(run), "--in-place"]) == 0
    assert load_policy(policy)[1].critic is not None


def test_the_cli_refuses_a_checkpoint_whose_actor_differs(toy_envs, tmp_path, capsys):
    net = learner()
    policy = actor_only(net, tmp_path / "policy")
    with torch.no_grad():
        net.action_net.bias[2] += 1e-6  # one number of the actor: another step's learner
    run = run_dir(tmp_path, net)
    before = policy.read_text(), model_paths(policy)[1].read_bytes()
    with pytest.raises(ConfigError, match="not the policy .*action_net.bias differs in 1 of 4"):
        add_critic(policy, run, tmp_path / "with")
    assert main([str(policy), str(run), "--in-place"]) == 2
    assert "nothing written" in capsys.readouterr().err
    assert not model_paths(tmp_path / "with")[0].exists()
    assert (policy.read_text(), model_paths(policy)[1].read_bytes()) == before


def nim_policy(tmp_path, reveal_weight, roles=("player_0",), reward="terminal", name="p"):
    """A policy whose actor plays 'take 2' and whose critic reads only whether the other
    player has revealed: a linear critic (no hidden layer), reveal_weight * revealed + 5."""
    tensors = {"action_net.weight": np.zeros((4, 5), np.float32),
               "action_net.bias": np.array([0, 1, 0, 0], np.float32),
               "value_net.weight": np.array([[0, 0, 0, 0, reveal_weight]], np.float32),
               "value_net.bias": np.array([5.0], np.float32)}
    return save_actor(tensors, tmp_path / name, roles=list(roles), value_reward=reward, **NIM)


def test_value_policy_needs_a_prior_with_a_critic(toy_envs, tmp_path):
    with pytest.raises(ConfigError, match="value=policy needs prior=ppo:PATH .* no prior given"):
        load_agent("mcts:value=policy", "nim_test")
    with pytest.raises(ConfigError, match="the prior 'random' is not a trained policy"):
        load_agent("mcts:value=policy,prior=random", "nim_test")
    bare = actor_only(learner(), tmp_path / "bare")
    with pytest.raises(ConfigError, match="holds the actor only .*baselines.policies.critic"):
        load_agent(f"mcts:value=policy,prior=ppo:{bare}", "nim_test")
    unknown = export_policy(learner(), tmp_path / "unknown", roles=["player_0"], **NIM)
    with pytest.raises(ConfigError, match="records the reward it learnt"):
        load_agent(f"mcts:value=policy,prior=ppo:{unknown}", "nim_test")
    with pytest.raises(ConfigError, match="shaped, objective or policy"):
        load_agent("mcts:value=critic", "nim_test")


def test_value_policy_plays_legal_games(toy_envs, tmp_path):
    path = nim_policy(tmp_path, 1.0, roles=("player_0", "player_1"), reward="shaped")
    for seat in (0, 1):
        agents = [RandomAgent(seed=seat), RandomAgent(seed=seat)]
        agents[seat] = load_agent(f"mcts:value=policy,prior=ppo:{path},simulations=30", "nim_test",
                                  role=seat, seed=seat)
        assert agents[seat].name.endswith(",value=policy")
        result = play_match(NimGame(), agents, seed=seat)  # an illegal move would raise
        assert sorted(result.returns) == [-1.0, 1.0]


def search(path, role, seed):
    """The move of `role`'s value=policy search at pile 60 (no game ends within its reach:
    every leaf is a cut-off), the policy guiding both players' moves."""
    s = NimGame().new_initial_state(0)
    s.pile, s.player = 60, role  # the toy's fields are public; no mask is read before this
    agent = MCTSAgent("nim_test", role=role, simulations=60, value="policy",
                      prior=f"ppo:path={path},any_role=true", seed=seed)
    return agent.act(s.observation(role), s.legal_action_mask(), s)


@pytest.mark.parametrize("searcher", [0, 1])
def test_the_critics_value_decides_the_move(toy_envs, tmp_path, searcher):
    """Only the critic tells the leaves apart, and it is the other player's: it reads whether
    the searcher has revealed. Where the other player's critic dislikes that, the searcher
    (whose value is its negation) reveals, against its prior's 'take 2'; where it likes it,
    the searcher keeps to the prior. The critic's constant 5 changes nothing: a leaf is
    measured against the root."""
    critic_of = [f"player_{1 - searcher}"]
    dislikes = nim_policy(tmp_path, -1.0, critic_of, name="dislikes")
    likes = nim_policy(tmp_path, 1.0, critic_of, name="likes")
    for seed in range(3):
        assert search(dislikes, searcher, seed) == 3
        assert search(likes, searcher, seed) == 1


def test_a_side_shares_its_critics_value_and_the_other_side_gets_its_negation():
    """Miniatures: the Overlord's critic (its observation's first entry, ahead of the root's
    by 0.3) scores the Overlord +tanh(0.3) and each hero -tanh(0.3), whatever the heroes'
    own observations hold."""
    game = conan_envs.make_game("miniatures_v2")
    overlord = game.role_index("overlord")
    critic = Critic([], (np.eye(1, 4, dtype=np.float32), np.zeros(1, np.float32)), "tanh", "terminal")

    class Cutoff:
        def __init__(self):
            self.game = game

        def observation(self, role):
            return np.array([0.5 if role == overlord else 9.0, 0, 0, 0], np.float32)

    values = _critic_values(Cutoff(), _CriticLeaf(critic, (overlord,), "terminal"), np.array([0.2]), 0.5)
    assert values[overlord] == pytest.approx(0.5 * np.tanh(0.3))
    assert [v for r, v in enumerate(values) if r != overlord] == \
        pytest.approx([-0.5 * np.tanh(0.3)] * (game.num_roles - 1))
    # a critic of the shaped reward predicts what is still to come: the score reached so far
    # (the rewards already collected) is added to its prediction
    Cutoff.shaped_scores = lambda self: [0.0] * overlord + [0.1]
    values = _critic_values(Cutoff(), _CriticLeaf(critic, (overlord,), "shaped"), np.array([0.2]), 0.5)
    assert values[overlord] == pytest.approx(0.5 * np.tanh(0.4)) == -values[0]
    # a critic of the margin reward: the score less the best opponent's is added instead
    Cutoff.shaped_scores = lambda self: [0.05] * overlord + [0.1]
    values = _critic_values(Cutoff(), _CriticLeaf(critic, (overlord,), "margin"), np.array([0.2]), 0.5)
    assert values[overlord] == pytest.approx(0.5 * np.tanh(0.35)) == -values[0]
