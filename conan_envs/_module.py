"""The PettingZoo-classic module pattern (`env()` / `raw_env()`) shared by every game."""
from __future__ import annotations


def env_functions(env_id: str):
    def raw_env(**kwargs):
        """The bare AECEnv (fastest). Options: see conan_envs.make."""
        from . import make

        return make(env_id, **kwargs)

    def env(**kwargs):
        """The AECEnv under PettingZoo's order-enforcing wrapper."""
        from pettingzoo.utils import wrappers

        return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))

    raw_env.__name__, env.__name__ = "raw_env", "env"
    return env, raw_env
