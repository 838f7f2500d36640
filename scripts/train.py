"""`python scripts/train.py ...` is `conan-train ...` (baselines/cli/train.py)."""
from baselines.cli.train import main

if __name__ == "__main__":
    raise SystemExit(main())
