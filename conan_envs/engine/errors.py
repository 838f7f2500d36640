"""Errors every game raises: bad actions, bad configuration, corrupt saved states."""


class ConanEnvError(Exception):
    """Base class of the suite's errors."""


class IllegalActionError(ConanEnvError, ValueError):
    """An action outside the legal mask. The state is left unchanged."""

    def __init__(self, action: object, decision: str, legal: list[str]) -> None:
        self.action = action
        self.decision = decision
        self.legal = legal
        shown = ", ".join(legal[:20]) + (f", … ({len(legal)} in all)" if len(legal) > 20 else "")
        super().__init__(f"illegal action {action!r} at decision '{decision}'; legal: {shown or 'none'}")


class ConfigError(ConanEnvError, ValueError):
    """An unknown env id, an unknown option, or an option value out of range."""


class CorruptStateError(ConanEnvError, ValueError):
    """A saved game (JSON) or checkpoint that cannot be read back faithfully."""


class ResetNeeded(ConanEnvError, RuntimeError):
    """An env used before its first ``reset()``."""
