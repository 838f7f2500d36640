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
- ``POST /api/replays`` ``{text}`` and ``GET /api/replays/{id}/{step}?role=``;
- ``DELETE /api/games/{id}?seat=&token=``: the game ends (its AI move, if any, is cancelled).

Trust (issue 32): the server binds 127.0.0.1 only and answers only requests whose Host is
127.0.0.1, localhost or [::1] with the port served (a page elsewhere that rebinds its name
to this computer is refused); every /api/ request but the catalogue needs the server's
secret, which the printed address carries (``?token=...``) and the page sends back as the
``X-Conan-Token`` header (a page of another site cannot read or send it); a body over
``limits.MAX_BODY`` is refused with 413 before more of it is read; AI seats, ``ppo:``
paths, seeds and the number of games held are bounded (:mod:`.limits`).
"""
import asyncio
import json
import os
import secrets
import socket
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

# The 'web' extra (pip install 'conan-envs[web]'); a missing one is a ModuleNotFoundError
# naming the package, which `conan-play --web` turns into a one-line message.
import uvicorn
from fastapi import Body, FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from . import session as S
from .limits import MAX_BODY, Rules, WebError

STATIC = Path(__file__).parent / "static"
SECRET_HEADER = "x-conan-token"
SECRET_ENV = "CONAN_WEB_TOKEN"  # the secret of an app made by uvicorn --factory
# /api/ requests that need no secret: the catalogue and the map (nothing made, loaded or changed)
OPEN_PATHS = ("/api/games", "/api/maps/hyboria")
SHUTDOWN_SECONDS = 3  # Ctrl-C: requests still open after this are cut

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def local_hosts(port: int | None) -> tuple[str, ...]:
    """The Host values this server answers: its loopback names with the port served (any
    port when it is not known, as under ``uvicorn --factory``)."""
    names = ("127.0.0.1", "localhost", "[::1]")
    if port is None:
        return names
    return tuple(f"{n}:{port}" for n in names) + (names if port == 80 else ())


class Guard:
    """ASGI middleware in front of the app: the Host check, the secret, the body limit; each
    refusal is a JSON ``{"detail": ...}`` with its status, before the app sees anything."""

    def __init__(self, app: Any, port: int | None, secret: str, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.port = port
        self.hosts = local_hosts(port)
        self.secret = secret.encode()
        self.max_body = max_body

    def host_ok(self, host: str) -> bool:
        if self.port is not None:
            return host in self.hosts
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websockets here
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.host_ok(host):
            await _refuse(send, 400, f"this server answers only requests addressed to "
                                     f"{' or '.join(self.hosts)}, not {host[:80]!r}")
            return
        path, method = scope.get("path", ""), scope.get("method", "GET")
        if path.startswith("/api/") and not (method in ("GET", "HEAD") and path in OPEN_PATHS):
            given = headers.get(SECRET_HEADER.encode(), b"")
            if not secrets.compare_digest(given, self.secret):
                await _refuse(send, 403, "this request needs the server's secret: open the "
                                         "address conan-play printed (it ends in ?token=...)")
                return
        if method in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(send, 413, f"the request is larger than this server takes "
                                     f"({self.max_body} bytes: the largest save it plays)")
            return
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await _refuse(send, 413, f"the request is larger than this server takes "
                                         f"({self.max_body} bytes: the largest save it plays)")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body, sent = b"".join(chunks), False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _refuse(send: Send, status: int, detail: str) -> None:
    data = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": data})


def create_app(port: int | None = None, secret: str | None = None,
               rules: Rules | None = None) -> Any:
    """The ASGI app (a fresh store of games) behind its Guard. `secret`: the token every
    request that makes or changes anything must carry (default: $CONAN_WEB_TOKEN, else a new
    one, printed); `port`: the port served, checked in the Host header; `rules`: the limits
    (:class:`.limits.Rules`: the policy folder, the AI budget, the store's size).
    ``uvicorn --factory baselines.web.server:create_app`` serves it."""
    rules = rules or Rules()
    if secret is None:
        secret = os.environ.get(SECRET_ENV) or secrets.token_urlsafe(24)
        if not os.environ.get(SECRET_ENV):
            print(f"conan-envs: the page's secret is {secret} (add ?token={secret} to the "
                  "address)", flush=True)
    store = S.Store(rules.max_sessions, rules.idle_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        yield
        store.close_all()  # the server stops: every AI move in progress is cancelled

    app = FastAPI(title="conan-envs: play against the AI", docs_url=None, redoc_url=None,
                  openapi_url=None, lifespan=lifespan)
    app.state.store = store
    app.state.secret = secret

    @app.exception_handler(WebError)
    async def _web_error(request: Request, exc: WebError) -> Any:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    def seat_of(game_id: str, seat: str, token: str) -> S.Session:
        sess = store.get(game_id, S.Session)
        sess.check_seat(seat, token)
        return sess

    @app.get("/")
    def index() -> Any:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store",
                                                            "Referrer-Policy": "no-referrer"})

    @app.get("/api/games")
    def games() -> Any:
        return {"games": S.catalogue(), "ai_levels": S.AI_LEVELS, "default_ai": S.DEFAULT_AI,
                "policy_dir": rules.policy_dir is not None}

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
                 seed: Annotated[Any, Body()] = None) -> Any:
        store.check_room()
        sess = S.Session.start(env_id, config, seats, seed, rules=rules)
        return {"game_id": store.add(sess), "tokens": sess.tokens, "roles": list(sess.game.roles)}

    @app.get("/api/games/{game_id}")
    def report(game_id: str, seat: Seat, token: Token) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            return sess.report(seat)

    @app.delete("/api/games/{game_id}")
    def close(game_id: str, seat: Seat, token: Token) -> Any:
        seat_of(game_id, seat, token)
        store.remove(game_id)
        return {"closed": game_id}

    @app.get("/api/games/{game_id}/text")
    def text(game_id: str, seat: Seat, token: Token) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            return {"text": sess.state.render_text(seat)}

    @app.post("/api/games/{game_id}/act")
    def act(game_id: str, seat: BodyStr, token: BodyStr, action: Annotated[Any, Body()]) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            if sess.closed:
                raise WebError(410, "this game was closed")
            sess.act(seat, action)
            return sess.report(seat)

    @app.post("/api/games/{game_id}/ai")
    async def ai(request: Request, game_id: str, seat: BodyStr, token: BodyStr) -> Any:
        """One AI move, thought in a daemon thread: cancelled if the page goes away, the game
        is closed or the server stops; a search stops at the wall-clock limit."""
        sess = seat_of(game_id, seat, token)
        move = await run_in_threadpool(sess.begin_ai_move)
        give_up = move.deadline + rules.ai_grace_seconds
        try:
            while not move.done.is_set():
                if sess.closed or await request.is_disconnected():
                    move.cancel.set()
                    raise WebError(410, "the AI's move was cancelled (the game was closed)")
                if time.monotonic() > give_up:
                    break
                await asyncio.sleep(0.02)
        except asyncio.CancelledError:  # the server is stopping
            move.cancel.set()
            raise

        def finish() -> Any:
            sess.end_ai_move(move)
            with sess.lock:
                return sess.report(seat)

        return await run_in_threadpool(finish)

    @app.get("/api/games/{game_id}/save")
    def save(game_id: str, seat: Seat, token: Token) -> Any:
        sess = seat_of(game_id, seat, token)
        with sess.lock:
            return sess.save()

    @app.post("/api/load")
    def load(text: BodyStr, seats: Annotated[dict[str, Any] | None, Body()] = None) -> Any:
        store.check_room()
        sess = S.Session.load(text, seats, rules)
        return {"game_id": store.add(sess), "tokens": sess.tokens, "roles": list(sess.game.roles),
                "env_id": sess.game.env_id}

    @app.post("/api/replays")
    def new_replay(text: Annotated[str, Body(embed=True)]) -> Any:
        store.check_room()
        rep = S.Replay(text, store.stopping.is_set)
        return {"replay_id": store.add(rep), "env_id": rep.game.env_id,
                "roles": list(rep.game.roles), "viewers": list(rep.viewers),
                "finished": rep.finished, "length": rep.length}

    @app.get("/api/replays/{replay_id}/{step}")
    def replay_step(replay_id: str, step: int, role: Seat) -> Any:
        return store.get(replay_id, S.Replay).step(step, role)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return Guard(app, port, secret)


class _Server(uvicorn.Server):
    """uvicorn's server that, on Ctrl-C (or SIGTERM), first ends every game's AI move and
    any replay being built, so that open requests answer at once and the server exits."""

    def __init__(self, config: uvicorn.Config, on_exit: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_exit = on_exit

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.on_exit()
        super().handle_exit(sig, frame)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_server(port: int | None = None, policy_dir: str | Path | None = None,
                rules: Rules | None = None) -> tuple[uvicorn.Server, str]:
    """A uvicorn server of a fresh app on 127.0.0.1 (`port`, or a free one) and the page's
    address, which carries the server's secret (``?token=...``). `policy_dir`: the folder
    ``ppo:`` paths may name (none: only the shipped ``policy:NAME``)."""
    port = free_port() if port is None else int(port)
    if not 0 < port < 65536:
        raise ValueError(f"port must be from 1 to 65535, got {port}")
    rules = rules or Rules()
    if policy_dir is not None:
        folder = Path(policy_dir)
        if not folder.is_dir():
            raise ValueError(f"--policy-dir {policy_dir}: no such folder")
        rules = Rules(**{**rules.__dict__, "policy_dir": folder.resolve()})
    secret = secrets.token_urlsafe(24)
    guard = create_app(port, secret, rules)
    config = uvicorn.Config(guard, host="127.0.0.1", port=port, log_level="warning",
                            timeout_graceful_shutdown=SHUTDOWN_SECONDS)
    server = _Server(config, guard.app.state.store.close_all)
    return server, f"http://127.0.0.1:{port}/?token={secret}"


def serve(port: int | None = None, open_browser: bool = True,
          policy_dir: str | Path | None = None) -> None:
    """Serve the page on 127.0.0.1 (`port`, or a free one) until interrupted; open the
    browser on it unless `open_browser` is False."""
    server, url = make_server(port, policy_dir)
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
