"""`python scripts/bench.py ...` is `conan-bench ...` (baselines/cli/bench.py)."""
from baselines.cli.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
