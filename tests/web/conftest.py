"""Fixtures of the web tests: the toy game with a view registered, a test client."""
import pytest

import conan_envs
from conan_envs import catalog

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra (fastapi, uvicorn)")
pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the 'test' extra)")


@pytest.fixture
def nimview(monkeypatch):
    """Register tests/web/toy_view.py as ``nimview_test``."""
    extra = {"nimview_test": ("tests.web.toy_view", "NimViewGame")}
    for env_id, entry in extra.items():
        monkeypatch.setitem(catalog.REGISTRY, env_id, entry)
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(catalog.REGISTRY))
    return "nimview_test"


PORT, SECRET = 8765, "test-secret"  # the test client's server: its port and its secret


@pytest.fixture
def client():
    import warnings

    with warnings.catch_warnings():  # starlette's notice that it would rather have httpx2
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from baselines.web.server import create_app

    with TestClient(create_app(PORT, SECRET), base_url=f"http://127.0.0.1:{PORT}",
                    headers={"X-Conan-Token": SECRET}) as c:
        yield c


@pytest.fixture(scope="session")
def web_base():
    """The page's address, served by uvicorn in a thread of this process (the toy game is
    registered only while a browser test runs: see `page`)."""
    from tests.web.browser import ServerThread

    with ServerThread() as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    from tests.web.browser import chromium_path

    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on the PATH (apt-get install chromium); the browser tests need one")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser, web_base, nimview):
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
