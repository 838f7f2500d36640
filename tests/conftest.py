"""Shared fixtures: the toy games of tests/toy.py registered under test env ids."""
import pytest

import conan_envs


@pytest.fixture
def toy_envs(monkeypatch):
    """Register Nim with a secret as ``nim_test`` for the string loader and the registry."""
    reg = {**conan_envs._REGISTRY, "nim_test": ("tests.toy", "NimGame")}
    monkeypatch.setattr(conan_envs, "_REGISTRY", reg)
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(reg))
