"""`python scripts/play.py ...` is `conan-play ...` (baselines/cli/play.py)."""
from baselines.cli.play import main

if __name__ == "__main__":
    raise SystemExit(main())
