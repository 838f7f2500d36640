"""The weights-only policy format: export/load round trip plays the same actions as the
trained model; tampered, corrupt or mismatched files are refused with clear errors."""
import hashlib
import json
import os
import pickle

import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from baselines.ppo import ModelFileError, PolicyAgent, export_policy, model_paths
from conan_envs import catalog
from conan_envs.engine.gym_env import SingleAgentEnv
from tests.toy import NimGame


@pytest.fixture(scope="module")
def model():
    from sb3_contrib import MaskablePPO

    env = SingleAgentEnv(NimGame(), 0)
    m = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=3, device="cpu",
                    policy_kwargs={"net_arch": [16, 16]})
    m.learn(128)
    return m


@pytest.fixture
def exported(model, tmp_path):
    return export_policy(model.policy, tmp_path / "nim", env_id="nim_test", roles=["player_0"],
                         game_config=NimGame().config, steps=128)


def states(n=60):
    game = NimGame()
    rng = np.random.default_rng(0)
    out = []
    for seed in range(n):
        s = game.new_initial_state(seed)
        for _ in range(int(rng.integers(0, 4))):
            if s.is_terminal():
                break
            s.apply_action(int(rng.choice(s.legal_actions())))
        if not s.is_terminal():
            out.append(s)
    return out


def test_round_trip_plays_the_same_actions(toy_envs, model, exported):
    agent = load_agent(f"ppo:{exported}", "nim_test", role=0)
    assert isinstance(agent, PolicyAgent)
    for s in states():
        obs, mask = s.observation(0), s.legal_action_mask().copy()
        expected, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert agent.act(obs, mask) == int(expected)
        p = agent.action_probabilities(obs, mask)
        assert p[~mask].sum() == 0 and abs(p.sum() - 1) < 1e-9
        import torch

        dist = model.policy.get_distribution(torch.as_tensor(obs[None]), action_masks=mask[None])
        np.testing.assert_allclose(p, dist.distribution.probs[0].detach().numpy(), atol=1e-5)


def test_metadata_and_path_forms(toy_envs, exported):
    meta = json.loads(exported.read_text())
    assert meta["env_id"] == "nim_test" and meta["obs_size"] == 5 and meta["num_actions"] == 4
    assert meta["net_arch"] == [16, 16] and meta["steps"] == 128
    stem = str(exported)[: -len(".json")]
    acts = set()
    for form in (stem, stem + ".json", stem + ".safetensors", stem + ".zip"):
        acts.add(load_agent(f"ppo:{form}", "nim_test", role=0).act(*_first()))
    assert len(acts) == 1


def _first():
    s = NimGame().new_initial_state(1)
    return s.observation(0), s.legal_action_mask()


def test_sampled_play_is_seeded(toy_envs, exported):
    a = PolicyAgent("nim_test", 0, path=str(exported), deterministic=False, seed=5)
    b = PolicyAgent("nim_test", 0, path=str(exported), deterministic=False, seed=5)
    assert [a.act(*_first()) for _ in range(30)] == [b.act(*_first()) for _ in range(30)]
    c = load_agent(f"ppo:path={exported},deterministic=false,seed=5", "nim_test", role=0)
    assert c.deterministic is False


def test_tampered_weights_are_refused(toy_envs, exported):
    _, weights = model_paths(exported)
    data = bytearray(weights.read_bytes())
    data[-3] ^= 0x55  # one flipped bit pattern in a tensor
    weights.write_bytes(bytes(data))
    with pytest.raises(ModelFileError, match="modified or corrupted"):
        load_agent(f"ppo:{exported}", "nim_test", role=0)


def test_pickle_disguised_as_weights_is_never_unpickled(toy_envs, exported, tmp_path):
    marker = tmp_path / "pwned"

    class Evil:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    _, weights = model_paths(exported)
    weights.write_bytes(pickle.dumps(Evil()))
    meta = json.loads(exported.read_text())
    meta["sha256"] = hashlib.sha256(weights.read_bytes()).hexdigest()  # a forger fixes the hash
    exported.write_text(json.dumps(meta))
    with pytest.raises(ModelFileError, match="not a readable safetensors"):
        load_agent(f"ppo:{exported}", "nim_test", role=0)
    assert not marker.exists()


def test_corrupt_or_missing_metadata(toy_envs, exported, tmp_path):
    with pytest.raises(ModelFileError, match="no policy metadata"):
        load_agent(f"ppo:{tmp_path / 'nothing'}", "nim_test")
    with pytest.raises(conan_envs.ConfigError, match="model path"):
        load_agent("ppo", "nim_test")
    exported.write_text("{not json")
    with pytest.raises(ModelFileError, match="not valid JSON"):
        load_agent(f"ppo:{exported}", "nim_test")
    exported.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(ModelFileError, match="not a conan-envs-policy"):
        load_agent(f"ppo:{exported}", "nim_test")


def test_missing_weights(toy_envs, exported):
    os.remove(model_paths(exported)[1])
    with pytest.raises(ModelFileError, match="missing"):
        load_agent(f"ppo:{exported}", "nim_test")


def test_network_shape_mismatch(toy_envs, exported):
    meta = json.loads(exported.read_text())
    meta["net_arch"] = [16, 8]
    exported.write_text(json.dumps(meta))
    with pytest.raises(ModelFileError, match="policy_net.2.weight has shape"):
        load_agent(f"ppo:{exported}", "nim_test")


def test_wrong_env_or_role(toy_envs, monkeypatch, exported):
    meta = json.loads(exported.read_text())
    with pytest.raises(ModelFileError, match="trained for roles"):
        load_agent(f"ppo:{exported}", "nim_test", role=1)
    assert load_agent(f"ppo:path={exported},any_role=true", "nim_test", role=1).role == 1
    meta["env_id"] = "kings_v2"
    exported.write_text(json.dumps(meta))
    with pytest.raises(ModelFileError, match="trained for kings_v2, not nim_test"):
        load_agent(f"ppo:{exported}", "nim_test")
    meta["env_id"] = "nim_big_test"  # same id, but the game now shows more
    exported.write_text(json.dumps(meta))
    monkeypatch.setitem(catalog.REGISTRY, "nim_big_test", ("tests.test_ppo", "BigNim"))
    with pytest.raises(ModelFileError, match="expects observations of size 5 .* has 7"):
        load_agent(f"ppo:{exported}", "nim_big_test")


class BigNim(NimGame):
    env_id = "nim_big_test"

    def observation_shape(self, role):
        return (7,)


def _edit(exported, **fields):
    meta = json.loads(exported.read_text())
    meta.update(fields)
    exported.write_text(json.dumps(meta))


@pytest.mark.parametrize("weights", ["../../secret.safetensors", "/etc/passwd",
                                     "sub/nim.safetensors", "..", ".hidden.safetensors",
                                     "nim.safetensors\x00", "nim.json", 7, None,
                                     "..\\nim.safetensors"])
def test_weights_outside_the_policy_folder_are_refused_unread(toy_envs, exported, tmp_path,
                                                              monkeypatch, weights):
    """Issue 15: "The `weights` field may point outside the policy folder ... and the error
    prints a hash prefix of that file"."""
    secret = tmp_path.parent / "secret.safetensors"
    secret.write_bytes(b"private")
    _edit(exported, weights=weights)
    read = []
    monkeypatch.setattr("baselines.ppo._sha256", lambda p: read.append(p) or "0" * 64)
    with pytest.raises(ModelFileError, match="plain file name") as e:
        load_agent(f"ppo:{exported}", "nim_test")
    assert read == [] and "SHA-256" not in str(e.value)


def test_weights_linking_outside_the_folder_are_refused(toy_envs, exported, tmp_path):
    outside = tmp_path.parent / "outside.safetensors"
    outside.write_bytes(b"x")
    (tmp_path / "link.safetensors").symlink_to(outside)
    _edit(exported, weights="link.safetensors")
    with pytest.raises(ModelFileError, match="link outside"):
        load_agent(f"ppo:{exported}", "nim_test")


@pytest.mark.parametrize("roles, needle", [
    ("player_0", "roles must be a list"), ("player_0,player_1", "roles must be a list"),
    ([], "roles must be a list"), ([0], "roles must be a list"),
    (["player_0", "player_0"], "distinct"), (["player_0", "yara"], "not roles of nim_test"),
])
def test_roles_must_be_a_list_of_the_envs_roles(toy_envs, exported, roles, needle):
    _edit(exported, roles=roles)
    with pytest.raises(ModelFileError, match=needle):
        load_agent(f"ppo:{exported}", "nim_test")


@pytest.mark.parametrize("field, value", [("obs_size", "5"), ("obs_size", 5.0), ("obs_size", True),
                                          ("num_actions", -4), ("net_arch", "64"),
                                          ("net_arch", [16, 0]), ("sha256", "abc"),
                                          ("steps", -1), ("game_config", []), ("env_id", 3),
                                          ("activation", "sigmoid")])
def test_badly_typed_metadata_is_refused_naming_the_field(toy_envs, exported, field, value):
    _edit(exported, **{field: value})
    with pytest.raises(ModelFileError, match=f"field {field}=.* is invalid; {field} must be"):
        load_agent(f"ppo:{exported}", "nim_test")
