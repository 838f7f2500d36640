"""The PettingZoo-classic module pattern (`env()` / `raw_env()`) shared by every game."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any


@functools.cache
def _order_enforcing() -> type:
    """PettingZoo's OrderEnforcingWrapper, with ``last()`` answered by the env itself (the
    generic one reads the per-agent dicts, which hold no entry once every agent is done)."""
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger

    class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
        def last(self, observe: bool = True) -> Any:
            if not self._has_reset:
                EnvLogger.error_observe_before_reset()
            return self.env.last(observe)

        def __str__(self) -> str:
            return str(self.env)

    return OrderEnforcing


def env_functions(env_id: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    def raw_env(**kwargs: Any) -> Any:
        """The bare AECEnv (fastest). Options: see conan_envs.make."""
        from . import make

        return make(env_id, **kwargs)

    def env(**kwargs: Any) -> Any:
        """The AECEnv under PettingZoo's order-enforcing wrapper."""
        return _order_enforcing()(raw_env(**kwargs))

    raw_env.__name__, env.__name__ = "raw_env", "env"
    return env, raw_env
