"""Fixtures of the web tests: the toy game with a view registered, a test client."""
import pytest

import conan_envs

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra (fastapi, uvicorn)")
pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the 'test' extra)")


@pytest.fixture
def nimview(monkeypatch):
    """Register tests/web/toy_view.py as ``nimview_test``."""
    reg = {**conan_envs._REGISTRY, "nimview_test": ("tests.web.toy_view", "NimViewGame")}
    monkeypatch.setattr(conan_envs, "_REGISTRY", reg)
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(reg))
    return "nimview_test"


@pytest.fixture
def client():
    import warnings

    with warnings.catch_warnings():  # starlette's notice that it would rather have httpx2
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from baselines.web.server import create_app

    with TestClient(create_app()) as c:
        yield c
