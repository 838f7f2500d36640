"""Shared fixtures: the toy games of tests/toy.py registered under test env ids."""
import pytest

import conan_envs
from conan_envs import catalog


@pytest.fixture
def toy_envs(monkeypatch):
    """Register Nim with a secret as ``nim_test`` for the string loader and the registry."""
    extra = {"nim_test": ("tests.toy", "NimGame")}
    for env_id, entry in extra.items():
        monkeypatch.setitem(catalog.REGISTRY, env_id, entry)
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(catalog.REGISTRY))
