"""Resuming never runs code from the run folder (issue 15, item 1): checkpoints are tensors
(safetensors) and JSON; an SB3 zip, a pickle disguised as tensors, or an edited state file
is refused with one clear error, and its payload never runs."""
import base64
import json
import pickle
import shutil
import zipfile

import pytest

from baselines import checkpoints
from baselines.checkpoints import LEARNER, LEGACY, STATE, CheckpointError
from baselines.cli import train
from baselines.training import Trainer
from conan_envs import ConfigError, catalog
from tests.test_training import toy_config


class Payload:
    """Unpickling this creates `path`: the proof that a file's code ran."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A toy run of 256 steps with its checkpoint, trained once for the module."""
    tmp = tmp_path_factory.mktemp("trained")
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(catalog.REGISTRY, "nim_test", ("tests.toy", "NimGame"))
        cfg = toy_config(tmp, total_steps=256, checkpoint_every=256,
                         **{"eval.games": 0, "ppo.n_steps": 64, "ppo.batch_size": 64})
        Trainer(cfg, lambda _: None).run()
    return tmp / "run"


@pytest.fixture
def run(toy_envs, trained, tmp_path):
    """A fresh copy of the trained run; returns (its config, its checkpoint folder)."""
    shutil.copytree(trained, tmp_path / "run")
    cfg = toy_config(tmp_path, total_steps=256, checkpoint_every=256,
                     **{"eval.games": 0, "ppo.n_steps": 64, "ppo.batch_size": 64})
    return cfg, tmp_path / "run" / "checkpoints"


def resume(cfg, total=512):
    return Trainer({**cfg, "total_steps": total}, lambda _: None).run(resume=True)


def sb3_zip_with_payload(path, marker):
    """A valid SB3 zip whose lr_schedule field holds a pickle (as in the issue's probe)."""
    from sb3_contrib import MaskablePPO

    from conan_envs.engine.gym_env import SingleAgentEnv
    from tests.toy import NimGame

    MaskablePPO("MlpPolicy", SingleAgentEnv(NimGame(), 0), n_steps=32, device="cpu",
                policy_kwargs={"net_arch": [8]}).save(path)
    with zipfile.ZipFile(path) as z:
        files = {name: z.read(name) for name in z.namelist()}
    data = json.loads(files["data"])
    data["lr_schedule"] = {":type:": "<class 'function'>",
                           ":serialized:": base64.b64encode(pickle.dumps(Payload(marker))).decode()}
    files["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(path, "w") as z:
        for name, blob in files.items():
            z.writestr(name, blob)


def test_the_probe_payload_is_real(tmp_path):
    """The forged zip does run its payload when SB3 loads it -- which conan-train never does."""
    from sb3_contrib import MaskablePPO

    marker = tmp_path / "ran"
    sb3_zip_with_payload(tmp_path / "evil.zip", marker)
    try:
        MaskablePPO.load(tmp_path / "evil.zip", device="cpu")
    except Exception:  # the payload returns a file, not a schedule; it has run by then
        pass
    assert marker.exists()


def test_an_sb3_zip_checkpoint_is_refused_and_its_payload_never_runs(toy_envs, tmp_path):
    marker = tmp_path / "ran"
    folder = tmp_path / "run" / "checkpoints"
    folder.mkdir(parents=True)
    sb3_zip_with_payload(folder / LEGACY, marker)
    (folder / STATE).write_text(json.dumps({"steps": 64, "pool": [], "schedule": {}, "rng": {}}))
    cfg = toy_config(tmp_path)
    with pytest.raises(CheckpointError, match="old SB3 zip format, which conan-train no longer opens"):
        resume(cfg)
    with pytest.raises(ConfigError, match="--resume"):  # nor is it overwritten silently
        Trainer(cfg).run()
    assert not marker.exists()


def test_a_pickle_disguised_as_tensors_is_refused_and_never_runs(run, tmp_path):
    cfg, folder = run
    marker = tmp_path / "ran"
    (folder / LEARNER).write_bytes(pickle.dumps(Payload(marker)))
    state = json.loads((folder / STATE).read_text())
    state["learner_sha256"] = checkpoints._sha256(folder / LEARNER)  # a forger fixes the hash
    (folder / STATE).write_text(json.dumps(state))
    with pytest.raises(CheckpointError, match="not a readable safetensors file"):
        resume(cfg)
    assert not marker.exists()


def test_resume_continues_from_the_checkpoint(run):
    cfg, folder = run
    summary = resume(cfg)
    assert summary["steps"] == 512 and summary["trained_steps"] == 256
    assert json.loads((folder / STATE).read_text())["steps"] == 512


@pytest.mark.parametrize("edit, needle", [
    (lambda s: s.update(pool=["../../etc/passwd"]), "field pool is invalid"),
    (lambda s: s.update(steps="256"), "field steps is invalid"),
    (lambda s: s.update(steps=-1), "field steps is invalid"),
    (lambda s: s.update(schedule={"eval": 0}), "field schedule is invalid"),
    (lambda s: s["rng"].update(python=[3, [0] * 3, None]), "field rng.python is invalid"),
    (lambda s: s["rng"].update(torch="!!!"), "random generator states are invalid"),
    (lambda s: s.update(learner_sha256="0" * 64), "does not match the hash"),
    (lambda s: s.update(extra=1), "are not the checkpoint's fields"),
    (lambda s: s.pop("rng"), "are not the checkpoint's fields"),
    (lambda s: s.update(version=9), "version 9 unsupported"),
    (lambda s: s.update(format="sb3"), "is not a conan-envs-checkpoint"),
])
def test_an_edited_state_file_is_refused_naming_the_field(run, edit, needle):
    cfg, folder = run
    state = json.loads((folder / STATE).read_text())
    edit(state)
    (folder / STATE).write_text(json.dumps(state))
    with pytest.raises(CheckpointError, match=needle):
        resume(cfg)


@pytest.mark.parametrize("text, needle", [("{not json", "not valid JSON"), ("[]", "not a conan-envs"),
                                          ('{"steps": NaN}', "not valid JSON")])
def test_a_corrupt_state_file_is_refused(run, text, needle):
    cfg, folder = run
    (folder / STATE).write_text(text)
    with pytest.raises(CheckpointError, match=needle):
        resume(cfg)


def test_missing_files_are_named(run):
    cfg, folder = run
    (folder / LEARNER).unlink()
    with pytest.raises(CheckpointError, match=f"{LEARNER} is missing"):
        resume(cfg)
    (folder / STATE).unlink()
    with pytest.raises(ConfigError, match="nothing to resume"):
        resume(cfg)


def test_a_checkpoint_for_another_network_is_refused(run):
    cfg, _ = run
    other = {**cfg, "policy": {**cfg["policy"], "net_arch": [16]}}
    with pytest.raises(CheckpointError, match="this config needs"):
        resume(other)


def test_the_command_reports_a_bad_checkpoint_in_one_line(run, tmp_path, capsys):
    cfg, folder = run
    (folder / STATE).write_text("{not json")
    path = tmp_path / "cfg.yaml"
    path.write_text(json.dumps({k: v for k, v in cfg.items() if k != "alternate"}))
    assert train.main(["--config", str(path), "--resume", "--total-steps", "512"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("conan-train: error: ") and "not valid JSON" in err
