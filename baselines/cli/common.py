"""What the four commands share: an argument parser whose errors are one line, the
``key=value,key=value`` reader, and the wrapper that turns a user error into one line on
stderr and exit status 2 (a traceback is kept for bugs)."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from conan_envs import ConfigError

from ..options import parse_value

USER_ERROR = 2  # the exit status of every user error (argparse's own)


class UserError(ConfigError):
    """A mistake in what the user typed or pointed at (a path, a count, a file)."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``conan-play: error: ...``, exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(USER_ERROR, f"{self.prog}: error: {message}\n")


def parse_pairs(text: str, what: str = "--config") -> dict[str, Any]:
    """``num_players=3,max_turns=10`` -> {"num_players": 3, "max_turns": 10}; anything that
    is not KEY=VALUE is refused naming the part."""
    out: dict[str, Any] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise UserError(f"{what}: {part.strip()!r} is not KEY=VALUE "
                            f"(write {what} key=value,key=value)")
        if key.strip() in out:
            raise UserError(f"{what}: {key.strip()!r} given twice")
        out[key.strip()] = parse_value(value.strip())
    return out


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


MAX_SEED = 2**63 - 1


def seed_int(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**63 - 1."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 19 or int(t) > MAX_SEED:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a seed: a whole number from 0 to "
                                         "2**63 - 1")
    return int(t)


def guarded(prog: str, run: Callable[[], object]) -> int:
    """Run `run`; a user error (ConfigError and its kinds, a path that cannot be read or
    written) prints one line ``PROG: error: ...`` on stderr and gives exit status 2."""
    try:
        run()
    except ConfigError as e:
        return report(prog, str(e))
    except OSError as e:  # a path the user gave: unreadable, unwritable, a folder, full disk
        where = f" {e.filename}" if e.filename else ""
        return report(prog, f"{e.strerror or e}:{where}")
    except SystemExit as e:  # argparse: --help (0) or a bad argument (2, already printed)
        return e.code if isinstance(e.code, int) else USER_ERROR
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return 130
    return 0


def report(prog: str, message: str) -> int:
    line = " ".join(message.split())  # one line, whatever the message holds
    print(f"{prog}: error: {line}", file=sys.stderr)
    return USER_ERROR


def argv_list(argv: Sequence[str] | None) -> list[str]:
    return list(sys.argv[1:] if argv is None else argv)
