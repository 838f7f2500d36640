"""Train a MaskablePPO agent from a YAML config (see configs/ and baselines/training.py).

    python scripts/train.py --config configs/kings_ppo_selfplay.yaml
    python scripts/train.py --config configs/smoke.yaml --out-dir runs/smoke --device cuda
    python scripts/train.py --config configs/kings_ppo_selfplay.yaml --resume
    python scripts/train.py --config configs/smoke.yaml --set ppo.n_steps=256 --set n_envs=4
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baselines import parse_spec  # noqa: E402
from baselines.training import train  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config", required=True, help="YAML training config")
    p.add_argument("--resume", action="store_true", help="continue the run in out_dir from its checkpoint")
    p.add_argument("--device", choices=["auto", "cpu", "cuda"], help="override the config's device")
    p.add_argument("--out-dir", help="override the config's out_dir")
    p.add_argument("--total-steps", type=int, help="override the config's total_steps")
    p.add_argument("--n-envs", type=int, help="override the config's n_envs")
    p.add_argument("--seed", type=int, help="override the config's seed")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override any config key, dotted for nested keys (ppo.n_steps=256)")
    return p.parse_args(argv)


def overrides_from(args) -> dict:
    over = {"device": args.device, "out_dir": args.out_dir, "total_steps": args.total_steps,
            "n_envs": args.n_envs, "seed": args.seed}
    if args.no_progress:
        over["progress_bar"] = False
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq:
            raise SystemExit(f"--set wants KEY=VALUE, got {item!r}")
        over[key] = parse_spec(f"x:v={value}")[1]["v"]
    return over


def main(argv=None):
    args = parse_args(argv)
    return train(args.config, overrides_from(args), resume=args.resume)


if __name__ == "__main__":
    from conan_envs import ConfigError

    try:
        main()
    except ConfigError as e:
        sys.exit(f"error: {e}")
