"""Carrying a policy onto a grown layout (baselines/policies/carry.py): the carried actor plays
exactly as before on the old entries, never picks a new action over a trained one, and a
layout that lost an input is refused."""
import json
import shutil

import numpy as np
import pytest

from baselines.policies import FOLDER
from baselines.policies.carry import NEW_ACTION_BIAS, carried_tensors, carry
from baselines.ppo import load_policy, save_actor
from conan_envs import ConfigError

OLD = ([("units", 3), ("phase", 2)], [("done", 1), ("region", 2)])
NEW = ([("units", 3), ("effects", 2), ("phase", 3)], [("done", 1), ("back", 1), ("region", 2)])


def _tensors(rng):
    return {"mlp_extractor.policy_net.0.weight": rng.normal(size=(4, 5)).astype(np.float32),
            "mlp_extractor.policy_net.0.bias": rng.normal(size=4).astype(np.float32),
            "action_net.weight": rng.normal(size=(3, 4)).astype(np.float32),
            "action_net.bias": rng.normal(size=3).astype(np.float32)}


def _logits(t, x):
    h = np.tanh(x @ t["mlp_extractor.policy_net.0.weight"].T + t["mlp_extractor.policy_net.0.bias"])
    return h @ t["action_net.weight"].T + t["action_net.bias"]


def test_old_entries_give_the_same_logits_and_new_actions_rank_last():
    rng = np.random.default_rng(0)
    old = _tensors(rng)
    new = carried_tensors(old, OLD, NEW)
    x = rng.normal(size=5).astype(np.float32)
    # the new layout: units (3), effects (2, new), phase (3: the old two, then a new one)
    y = np.concatenate([x[:3], rng.normal(size=2), x[3:5], rng.normal(size=1)]).astype(np.float32)
    before, after = _logits(old, x), _logits(new, y)
    assert np.allclose(after[[0, 2, 3]], before, atol=1e-5)
    assert after[1] == pytest.approx(NEW_ACTION_BIAS)
    assert after[1] < before.min()


@pytest.mark.parametrize("new", [([("units", 3)], OLD[1]), ([("units", 2), ("phase", 2)], OLD[1]),
                                 (OLD[0], [("done", 1)])])
def test_a_layout_that_lost_an_input_or_action_is_refused(new):
    with pytest.raises(ConfigError, match="retrain"):
        carried_tensors(_tensors(np.random.default_rng(1)), OLD, new)


def test_a_shipped_policy_records_its_layout_and_is_unchanged_when_nothing_moved(tmp_path):
    for f in ("policy.json", "policy.safetensors"):
        shutil.copy(FOLDER / "kings_ppo_selfplay" / f, tmp_path / f)
    meta = json.loads((tmp_path / "policy.json").read_text())
    assert sum(n for _, n in meta["obs_blocks"]) == meta["obs_size"]
    assert sum(n for _, n in meta["action_segments"]) == meta["num_actions"]
    before = (tmp_path / "policy.json").read_text()
    if not carry(tmp_path / "policy.json"):
        assert (tmp_path / "policy.json").read_text() == before
    else:  # the layout moved since the policy was recorded: carried, and loads
        assert load_policy(tmp_path / "policy.json")[0]["env_id"] == "kings_v2"


def test_a_policy_with_its_critic_is_carried_whole(tmp_path):
    """The critic's first layer reads the actor's inputs: carried column by column as the
    actor's, so the carried critic values the old entries as before and ignores a new one."""
    meta, actor = load_policy(FOLDER / "kings_ppo_selfplay" / "policy")
    rng = np.random.default_rng(2)
    tensors = actor.tensors()
    tensors["mlp_extractor.value_net.0.weight"] = rng.normal(size=(6, meta["obs_size"])).astype(np.float32)
    tensors["mlp_extractor.value_net.0.bias"] = rng.normal(size=6).astype(np.float32)
    tensors["value_net.weight"] = rng.normal(size=(1, 6)).astype(np.float32)
    tensors["value_net.bias"] = np.ones(1, np.float32)
    # recorded one entry short: the last block (task_count) had no column then
    old = {k: v[:, :-1] if k.endswith("0.weight") and v.shape[1] == meta["obs_size"] else v
           for k, v in tensors.items()}
    blocks = [list(b) for b in meta["obs_blocks"]]
    assert blocks[-1] == ["task_count", 1]
    blocks[-1][1] = 0
    save_actor(old, tmp_path / "policy", env_id="kings_v2", roles=meta["roles"],
               game_config=meta["game_config"], steps=meta["steps"], value_reward="shaped",
               extra={"obs_blocks": blocks, "action_segments": meta["action_segments"]})
    assert carry(tmp_path / "policy.json")
    carried_meta, carried = load_policy(tmp_path / "policy")
    assert carried_meta["value_net_arch"] == [6] and carried_meta["value_reward"] == "shaped"
    x = rng.normal(size=(5, meta["obs_size"])).astype(np.float32)
    was = old["value_net.weight"] @ np.tanh(x[:, :-1] @ old["mlp_extractor.value_net.0.weight"].T
                                            + old["mlp_extractor.value_net.0.bias"]).T + 1
    assert np.allclose(carried.value(x), was[0], atol=1e-5)
    blank = x.copy()
    blank[:, -1] = 0  # the new entry: ignored by the carried actor and critic alike
    assert np.array_equal(carried.value(x), carried.value(blank))
    assert np.array_equal(carried.logits(x), carried.logits(blank))
    assert np.allclose(carried.logits(x), actor.logits(blank), atol=1e-5)
