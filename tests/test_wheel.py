"""The package as pip installs it (issue 17, item 3): the wheel is built from the working
tree and installed into a fresh venv -- no editable install, no clone on the path -- and each
of the four commands runs from there. The fresh venv borrows the test venv's third-party
dependencies through a .pth file; conan_envs and baselines must come from the wheel. The
shipped training configs live once, in the top-level configs/ (issue 35), and the wheel
installs them as baselines/configs, where the commands find them by name."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ("conan-train", "conan-evaluate", "conan-play", "conan-bench")


def sh(args, cwd, timeout=300):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def ship_tiny_policy(folder):
    """A small Kings policy in the copy of the package the wheel is built from (never in the
    project's own folder), as a shipped policy is laid out."""
    import numpy as np

    from baselines.ppo import save_actor
    from conan_envs import make_game

    game = make_game("kings_v2")
    obs = int(np.prod(game.observation_shape(0)))
    tensors = {"mlp_extractor.policy_net.0.weight": np.zeros((4, obs)),
               "mlp_extractor.policy_net.0.bias": np.zeros(4),
               "action_net.weight": np.ones((game.num_actions, 4)),
               "action_net.bias": np.arange(game.num_actions, dtype=float)}
    save_actor(tensors, folder / "policy", env_id="kings_v2", roles=list(game.roles),
               game_config=game.config)
    (folder / "config.yaml").write_text("env_id: kings_v2\n")
    (folder / "README.md").write_text("# tiny\n")


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """(the fresh venv's bin folder, a scratch folder to run in)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for pkg in ("conan_envs", "baselines", "configs"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=skip)
    ship_tiny_policy(src / "baselines" / "policies" / "tiny_wheel_test")
    built = sh([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                "--no-cache-dir", "-q", "-w", tmp / "dist", src], cwd=tmp)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp / "dist").glob("conan_envs-*.whl"))
    made = sh([sys.executable, "-m", "venv", "--without-pip", tmp / "venv"], cwd=tmp)
    assert made.returncode == 0, made.stderr
    py = tmp / "venv" / "bin" / "python"
    site = sh([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp)
    Path(site.stdout.strip(), "borrowed_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n")
    installed = sh([sys.executable, "-m", "pip", "--python", py, "install", "--no-deps",
                    "--no-index", "-q", wheel], cwd=tmp)
    assert installed.returncode == 0, installed.stderr
    run_dir = tmp / "work"
    run_dir.mkdir()
    return tmp / "venv" / "bin", run_dir


def shipped_names() -> list[str]:
    return sorted(p.stem for p in (ROOT / "configs").glob("*.yaml"))


def test_the_configs_live_once_in_the_top_level_folder():
    """configs/*.yaml holds every shipped config and no other file in the tree repeats one
    (the policies' own config.yaml is the snapshot of the run that trained them)."""
    names = shipped_names()
    assert {"kings_ppo_selfplay", "smoke", "tower_yara", "tower_battle_alternate"} <= set(names)
    skip = {".git", ".venv", "runs", "build", "node_modules"}
    copies = [p for p in ROOT.rglob("*.yaml") if p.stem in names and p.parent != ROOT / "configs"
              and not skip & set(p.relative_to(ROOT).parts)]
    assert copies == []


def test_the_listed_packages_are_the_package_folders():
    """pyproject.toml lists its packages (so that baselines.configs can be mapped onto the
    top-level configs/): the list is every folder with an __init__.py, plus that one."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = sorted(".".join(p.parent.relative_to(ROOT).parts)
                     for top in ("conan_envs", "baselines") for p in (ROOT / top).rglob("__init__.py"))
    assert sorted(setup["packages"]) == sorted(folders + ["baselines.configs"])
    assert setup["package-dir"] == {"baselines.configs": "configs"}


def test_the_wheel_holds_each_config_once(venv):
    """The wheel's file list: every configs/*.yaml as baselines/configs/NAME.yaml, nothing else
    there, and no other copy of a config."""
    bin_dir, _ = venv
    wheel = next((bin_dir.parents[1] / "dist").glob("conan_envs-*.whl"))
    files = zipfile.ZipFile(wheel).namelist()
    in_configs = sorted(f for f in files if f.startswith("baselines/configs/"))
    assert in_configs == [f"baselines/configs/{n}.yaml" for n in shipped_names()]
    stems = {Path(f).name for f in in_configs}
    assert [f for f in files if Path(f).name in stems and f not in in_configs] == []


def test_packages_and_configs_come_from_the_wheel(venv):
    bin_dir, work = venv
    probe = sh([bin_dir / "python", "-c",
                "import conan_envs, baselines, json; from baselines.train_config import "
                "shipped_configs, config_path; print(json.dumps([conan_envs.__file__, "
                "baselines.__file__, shipped_configs(), str(config_path('smoke'))]))"], cwd=work)
    assert probe.returncode == 0, probe.stderr
    envs_file, baselines_file, configs, smoke = json.loads(probe.stdout)
    venv_root = str(bin_dir.parent)
    assert envs_file.startswith(venv_root) and baselines_file.startswith(venv_root)
    assert smoke.startswith(venv_root) and Path(smoke).is_file()
    assert configs == shipped_names()


def test_the_installed_commands_find_every_config_by_name(venv):
    """``conan-train --list-configs`` lists configs/*.yaml, and every one of them loads by
    name from the installed package with all its keys checked (agent strings and the shipped
    policies they name included): what ``conan-train --config NAME`` does before training."""
    bin_dir, work = venv
    listed = sh([bin_dir / "conan-train", "--list-configs"], cwd=work)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == shipped_names()
    probe = sh([bin_dir / "python", "-c",
                "import json; from baselines.train_config import load_config, shipped_configs; "
                "print(json.dumps({n: load_config(n)['env_id'] for n in shipped_configs()}))"],
               cwd=work)
    assert probe.returncode == 0, probe.stderr
    envs = json.loads(probe.stdout)
    assert sorted(envs) == shipped_names() and envs["kings_ppo_selfplay"] == "kings_v2"
    wrong = sh([bin_dir / "conan-train", "--config", "kings_ppo_selfplay", "--set", "n_envs=0"],
               cwd=work)
    assert wrong.returncode == 2 and "n_envs" in wrong.stderr


def test_shipped_policies_come_with_the_wheel(venv):
    """Every shipped policy's files are package data: the wheel's policy folder lists them
    and ``policy:NAME`` plays from it."""
    bin_dir, work = venv
    probe = sh([bin_dir / "python", "-c",
                "import json; from baselines import load_agent; from baselines.policies import "
                "shipped_policies; p = {s.name: s for s in shipped_policies()}; "
                "a = load_agent('policy:tiny_wheel_test', 'kings_v2', 1); "
                "print(json.dumps([sorted(p), str(p['tiny_wheel_test'].path), a.name, "
                "sorted(f.name for f in p['tiny_wheel_test'].path.parent.iterdir())]))"], cwd=work)
    assert probe.returncode == 0, probe.stderr
    names, path, agent, files = json.loads(probe.stdout)
    shipped = sorted(p.name for p in (ROOT / "baselines" / "policies").iterdir()
                     if (p / "policy.json").is_file())
    assert names == sorted(shipped + ["tiny_wheel_test"])
    assert path.startswith(str(bin_dir.parent)) and agent == "policy:tiny_wheel_test"
    assert files == ["README.md", "config.yaml", "policy.json", "policy.safetensors"]


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_is_installed_with_help(venv, command):
    bin_dir, work = venv
    done = sh([bin_dir / command, "--help"], cwd=work)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {command}")


def test_play_and_bench_run_tiny_jobs(venv):
    bin_dir, work = venv
    played = sh([bin_dir / "conan-play", "kings_v2", "--ai", "random", "--quiet", "--config",
                 "max_turns=2"], cwd=work)
    assert played.returncode == 0, played.stderr
    assert "returns: player_0=" in played.stdout
    benched = sh([bin_dir / "conan-bench", "--env", "kings_v2", "--seconds", "0.2",
                  "--no-reference"], cwd=work)
    assert benched.returncode == 0, benched.stderr
    assert json.loads(benched.stdout)["envs"]["kings_v2"]["core"]["steps_per_s"] > 0
    wrong = sh([bin_dir / "conan-play", "kings_v2", "--ai", "mcts:simulation=2"], cwd=work)
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1


@pytest.mark.slow
def test_train_then_evaluate_from_the_installed_package(venv):
    """A tiny training run of the shipped smoke config by name, then its policy in a
    tournament (torch and SB3 start-up make this ~30-60 s on two busy cores)."""
    bin_dir, work = venv
    trained = sh([bin_dir / "conan-train", "--config", "smoke", "--total-steps", "128",
                  "--out-dir", work / "run", "--no-progress", "--set", "pretrain.teacher=none",
                  "--set", "n_envs=1", "--set", "vec_env=dummy", "--set", "ppo.n_steps=64",
                  "--set", "ppo.batch_size=64", "--set", "eval.games=0",
                  "--set", "tensorboard=false", "--device", "cpu"], cwd=work)
    assert trained.returncode == 0, trained.stderr
    assert (work / "run" / "policy.json").is_file()
    evaluated = sh([bin_dir / "conan-evaluate", "kings_v2", f"mine=ppo:{work / 'run' / 'policy'}",
                    "random", "--games", "2", "--workers", "1", "--no-mirror", "--config",
                    "max_turns=8", "--out", work / "rep"], cwd=work)
    assert evaluated.returncode == 0, evaluated.stderr
    assert "| mine | random | 2 |" in evaluated.stdout
