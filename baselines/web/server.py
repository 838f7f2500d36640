"""The local web server: play any seat of any game against the AI in a browser (issue 16).

    from baselines.web.server import serve
    serve()                      # a free port on 127.0.0.1, opens the browser
    serve(8765, open_browser=False)

The page (``static/``: HTML, plain JavaScript modules, SVG) talks to a small JSON API:

- ``GET  /api/games``: the games, their options and the agents offered;
- ``POST /api/games`` ``{env_id, config, seats, seed}``: a new game; answers its id and a
  token per person's seat;
- ``GET  /api/games/{id}?seat=&token=``: what that seat may see (see ``session.Session.report``);
- ``POST /api/games/{id}/act`` ``{seat, token, action}``: a person's move (an illegal one is
  refused with 400 and changes nothing);
- ``POST /api/games/{id}/ai`` ``{seat, token}``: the agent to act makes ONE move, answered as
  `seat` sees the game after it (the page calls it step by step);
- ``GET  /api/games/{id}/save?seat=&token=`` and ``POST /api/load`` ``{text, seats}``;
- ``POST /api/replays`` ``{text}`` and ``GET /api/replays/{id}/{step}?role=``.
"""
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Annotated, Any

# The 'web' extra (pip install 'conan-envs[web]'); a missing one is a ModuleNotFoundError
# naming the package, which `conan-play --web` turns into a one-line message.
import uvicorn
from fastapi import Body, FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from . import session as S

STATIC = Path(__file__).parent / "static"


def create_app() -> FastAPI:
    """The ASGI app (a fresh store of games): ``uvicorn --factory baselines.web.server:create_app``."""
    app = FastAPI(title="conan-envs: play against the AI", docs_url=None, redoc_url=None)
    store = S.Store()

    @app.exception_handler(S.WebError)
    async def _web_error(request: Request, exc: S.WebError) -> Any:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    def seat_of(game_id: str, seat: str, token: str) -> S.Session:
        sess = store.get(game_id, S.Session)
        sess.check_seat(seat, token)
        return sess

    @app.get("/")
    def index() -> Any:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    @app.get("/api/games")
    def games() -> Any:
        return {"games": S.catalogue(), "ai_levels": S.AI_LEVELS, "default_ai": S.DEFAULT_AI}

    @app.get("/api/maps/hyboria")
    def hyboria() -> Any:
        return S.hyboria_layout()

    # request fields (FastAPI's Annotated style)
    BodyStr = Annotated[str, Body()]
    Config = Annotated[dict[str, Any], Body(default_factory=dict)]
    Seat = Annotated[str, Query()]
    Token = Annotated[str, Query()]

    @app.post("/api/roles")
    def roles(env_id: BodyStr, config: Config) -> Any:
        """The seats a config gives (they change with num_players, mode, ...)."""
        game = S.make_game(env_id, config)
        return {"roles": list(game.roles), "config": S._plain(game.config)}

    @app.post("/api/games")
    def new_game(env_id: BodyStr, config: Config,
                 seats: Annotated[dict[str, Any], Body(default_factory=dict)],
                 seed: Annotated[int | None, Body()] = None) -> Any:
        sess = S.Session.start(env_id, config, seats, seed)
        return {"game_id": store.add(sess), "tokens": sess.tokens, "roles": list(sess.game.roles)}

    @app.get("/api/games/{game_id}")
    def report(game_id: str, seat: Seat, token: Token) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            return sess.report(seat)

    @app.get("/api/games/{game_id}/text")
    def text(game_id: str, seat: Seat, token: Token) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            return {"text": sess.state.render_text(seat)}

    @app.post("/api/games/{game_id}/act")
    def act(game_id: str, seat: BodyStr, token: BodyStr, action: Annotated[Any, Body()]) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            sess.act(seat, action)
            return sess.report(seat)

    @app.post("/api/games/{game_id}/ai")
    def ai(game_id: str, seat: BodyStr, token: BodyStr) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            sess.ai_step()
            return sess.report(seat)

    @app.get("/api/games/{game_id}/save")
    def save(game_id: str, seat: Seat, token: Token) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            return sess.save()

    @app.post("/api/load")
    def load(text: BodyStr, seats: Annotated[dict[str, Any] | None, Body()] = None) -> Any:
        sess = S.Session.load(text, seats)
        return {"game_id": store.add(sess), "tokens": sess.tokens, "roles": list(sess.game.roles),
                "env_id": sess.game.env_id}

    @app.post("/api/replays")
    def new_replay(text: Annotated[str, Body(embed=True)]) -> Any:
        rep = S.Replay(text)
        return {"replay_id": store.add(rep), "env_id": rep.game.env_id,
                "roles": list(rep.game.roles), "length": len(rep.states) - 1}

    @app.get("/api/replays/{replay_id}/{step}")
    def replay_step(replay_id: str, step: int, role: Seat) -> Any:
        return store.get(replay_id, S.Replay).step(step, role)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_server(port: int | None = None) -> tuple[uvicorn.Server, str]:
    """A uvicorn server of a fresh app on 127.0.0.1 (`port`, or a free one) and its address."""
    port = free_port() if port is None else int(port)
    if not 0 < port < 65536:
        raise ValueError(f"port must be from 1 to 65535, got {port}")
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    return uvicorn.Server(config), f"http://127.0.0.1:{port}/"


def serve(port: int | None = None, open_browser: bool = True) -> None:
    """Serve the page on 127.0.0.1 (`port`, or a free one) until interrupted; open the
    browser on it unless `open_browser` is False."""
    server, url = make_server(port)
    print(f"conan-envs: play at {url}  (Ctrl-C stops the server)", flush=True)
    if open_browser:
        def _open() -> None:
            while not server.started and not server.should_exit:
                threading.Event().wait(0.05)
            if server.started:
                webbrowser.open(url)

        threading.Thread(target=_open, daemon=True).start()
    server.run()


def __getattr__(name: str) -> Any:
    # `baselines.web.server:app` for uvicorn without --factory, built on first use.
    if name == "app":
        globals()["app"] = create_app()
        return globals()["app"]
    raise AttributeError(name)
