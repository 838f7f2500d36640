"""conan-train: train a MaskablePPO agent (with --backend fast, the fast masked PPO of
baselines.fast; with --backend rllib, PPO on Ray RLlib) from
a YAML config, given by the name of a shipped config or by a path.

    conan-train --config kings_ppo_selfplay
    conan-train --config smoke --out-dir runs/smoke --device cuda
    conan-train --config kings_ppo_selfplay --resume
    conan-train --config my_run.yaml --set ppo.n_steps=256 --set n_envs=4
    conan-train --config my_run.yaml --set 'pool.fixed=[scripted, "ppo:runs/x/policy"]'
    conan-train --config kings_ppo_selfplay --backend fast --set n_workers=2
    conan-train --config kings_ppo_selfplay --backend rllib --runners 2
    conan-train --list-configs

Every mistake in the config (unknown key, wrong type, unknown agent string, missing policy
file) is reported in one line before any model is built; exit status 2.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import Any

from .common import Parser, UserError, argv_list, guarded, positive_int

PROG = "conan-train"


def build_parser() -> Parser:
    p = Parser(prog=PROG, description=__doc__)
    p.add_argument("--config", help="a shipped config's name (see --list-configs) or a YAML path")
    p.add_argument("--list-configs", action="store_true", help="list the shipped configs")
    p.add_argument("--backend", choices=["sb3", "fast", "rllib"],
                   help="sb3: MaskablePPO (the default, or the config's backend key); fast: "
                        "masked PPO with batched inference and shared-memory env workers "
                        "(n_workers, envs_per_worker); rllib: Ray RLlib")
    p.add_argument("--resume", action="store_true", help="continue the run in out_dir from its checkpoint")
    p.add_argument("--device", choices=["auto", "cpu", "cuda"], help="override the config's device")
    p.add_argument("--out-dir", help="override the config's out_dir")
    p.add_argument("--total-steps", type=positive_int, help="override the config's total_steps")
    p.add_argument("--n-envs", type=positive_int, help="override the config's n_envs")
    p.add_argument("--seed", type=int, help="override the config's seed")
    p.add_argument("--runners", type=int, help="rllib: env runner processes (0: sample in the driver)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override any config key, dotted for nested keys (ppo.n_steps=256)")
    return p


def overrides_from(args: Any) -> dict[str, Any]:
    over: dict[str, Any] = {"device": args.device, "out_dir": args.out_dir,
                            "total_steps": args.total_steps, "n_envs": args.n_envs,
                            "seed": args.seed}
    if args.no_progress:
        over["progress_bar"] = False
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UserError(f"--set wants KEY=VALUE (e.g. ppo.n_steps=256), not {item!r}")
        over[key.strip()] = _set_value(key.strip(), value.strip())
    return over


def _set_value(key: str, text: str) -> Any:
    """A --set value: a YAML flow list or mapping (``[a, "b:c=1"]``, ``{x: 1}``) read within
    :mod:`baselines.safe_yaml`'s bounds, else a number, a truth value or the text."""
    import yaml

    from .. import safe_yaml
    from ..options import parse_value

    if not text.startswith(("[", "{")):
        return parse_value(text)
    try:
        return safe_yaml.load(text)
    except yaml.YAMLError as e:
        problem = getattr(e, "problem", None) or "not YAML"
        raise UserError(f"--set {key}: {text!r} is not a YAML list or mapping ({problem})") from None


def need(module: str, extra: str, what: str) -> None:
    if importlib.util.find_spec(module) is None:
        raise UserError(f"{what} needs {module}, which is not installed: "
                        f"pip install 'conan-envs[{extra}]'")


def run(argv: Sequence[str] | None = None, log: Callable[[str], None] = print) -> Any:
    args = build_parser().parse_args(argv_list(argv))
    from ..train_config import config_path, load_config, shipped_configs

    if args.list_configs:
        for name in shipped_configs():
            log(name)
        return shipped_configs()
    if not args.config:
        raise UserError(f"--config is required: a path or one of {', '.join(shipped_configs())}")
    path = config_path(args.config)
    if args.backend == "rllib":
        if args.set or args.n_envs or args.no_progress:
            raise UserError("--set, --n-envs and --no-progress are for the sb3 backend; with "
                            "--backend rllib put them in the config")
        need("ray", "rllib", "--backend rllib")
        try:
            rllib = importlib.import_module("baselines.rllib.train")
        except ModuleNotFoundError as e:
            if not (e.name or "").startswith("baselines"):
                raise
            raise UserError("--backend rllib: this installation has no baselines.rllib") from None
        return rllib.main(str(path), args)
    if args.runners is not None:
        raise UserError("--runners goes with --backend rllib")
    over = overrides_from(args)
    if args.backend:
        over["backend"] = args.backend
    cfg = load_config(path, over)  # every key checked before any work
    need("torch", "train", "training")
    need("sb3_contrib", "train", "training")
    from ..fast.trainer import run_config

    return run_config(cfg, args.resume, log)


def main(argv: Sequence[str] | None = None) -> int:
    return guarded(PROG, lambda: run(argv))


if __name__ == "__main__":
    raise SystemExit(main())
