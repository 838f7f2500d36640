"""`python scripts/evaluate.py ...` is `conan-evaluate ...` (baselines/cli/evaluate.py)."""
from baselines.cli.evaluate import main

if __name__ == "__main__":
    raise SystemExit(main())
