"""Driving the page in a real browser: the server in a thread, Playwright on the system
Chromium, and a person's seat played through clicks only."""
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

# The boards' screenshots: docs/screenshots/ when CONAN_SCREENSHOTS=1 (to refresh the README's
# pictures), else a scratch folder, so a test run leaves the working tree clean.
SCREENSHOTS = (Path(__file__).resolve().parents[2] / "docs" / "screenshots"
               if os.environ.get("CONAN_SCREENSHOTS") == "1"
               else Path(tempfile.gettempdir()) / "conan-envs-screenshots")
SETTLED = "(over|your-turn|pass|error)"


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class ServerThread:
    """uvicorn serving the app on 127.0.0.1 and a free port, in a daemon thread; entered, it
    gives the page's address (with the server's secret: ``...?token=...``)."""

    def __init__(self, port=None, **kwargs):
        from baselines.web.server import make_server

        self.server, self.url = make_server(port, **kwargs)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        return self.url

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


def set_up(page, base, env_id, config, seats, seed, pass_screen=False, query="&delay=0"):
    """Pick the game, its options and seats on the start page, and start it (`query`: the
    page address's query after the server's secret; by default no pause between the AI's steps)."""
    page.goto(base + query)
    page.wait_for_selector("body[data-ready='1']")
    page.click(f"#game-list button[data-env='{env_id}']")
    page.wait_for_selector(f"#options legend:has-text('{env_id}')")
    page.evaluate("() => { const d = document.getElementById('advanced'); if (d) d.open = true; }")
    for name, value in config.items():
        box = page.locator(f"#options [data-name='{name}']")
        kind = box.get_attribute("data-kind")
        if kind == "bool":
            box.set_checked(bool(value))
        elif kind == "choice":
            box.select_option(f'"{value}"' if isinstance(value, str) else str(value))
        else:
            box.fill(str(value))
            box.dispatch_event("change")
    roles = list(seats)
    page.wait_for_function(
        "roles => roles.every(r => document.querySelector(`#seats .seat[data-seat='${r}']`))"
        " && document.querySelectorAll('#seats .seat').length === roles.length", arg=roles)
    for role, spec in seats.items():
        page.select_option(f"#seats select[name='{role}']", spec)
    page.set_checked("#pass-screen", pass_screen)
    page.fill("#seed", str(seed))
    page.click("#start-game")


def wait_settled(page, seq, timeout=30_000):
    page.wait_for_function(
        f"old => Number(document.body.dataset.seq || 0) > old && "
        f"/^{SETTLED}$/.test(document.getElementById('status').dataset.state)",
        arg=seq, timeout=timeout)
    return page.evaluate(
        "[Number(document.body.dataset.seq), document.getElementById('status').dataset.state]")


def play_by_clicks(page, rng, max_clicks=400, screenshot=None, shot_after=6, on_settled=None):
    """Play the person's seats through clicks on the board and the action buttons until
    the game is over; returns (clicks on the board, clicks on buttons). `on_settled(state)`
    is called each time the page settles."""
    seq, state = wait_settled(page, 0)
    board_clicks = button_clicks = 0
    shot = False
    for _ in range(max_clicks):
        if on_settled:
            on_settled(state)
        if state == "error":
            raise AssertionError("the page shows an error: " + page.inner_text("#error"))
        if state == "over":
            break
        if state == "pass":
            page.click("#pass-continue")
        else:
            if screenshot and not shot and board_clicks + button_clicks >= shot_after:
                take(page, screenshot)
                shot = True
            picks = page.locator("#board .pickable")
            if picks.count() and rng.random() < 0.6:
                click_visible_part(page, picks.nth(int(rng.integers(picks.count()))))
                board_clicks += 1
                if page.evaluate("document.getElementById('status').textContent.includes('choices with')"):
                    matches = page.locator("#actions button.action.match")
                    matches.nth(int(rng.integers(matches.count()))).click()
                    button_clicks += 1
            else:
                buttons = page.locator("#actions button.action")
                n = buttons.count()
                assert n, "a person's turn with no action buttons"
                buttons.nth(int(rng.integers(n))).click()
                button_clicks += 1
            confirm_spend(page)
        seq, state = wait_settled(page, seq)
    else:
        raise AssertionError(f"the game did not end within {max_clicks} clicks")
    if on_settled:
        on_settled(state)
    if screenshot and not shot:
        take(page, screenshot)
    return board_clicks, button_clicks


def confirm_spend(page):
    """A move that spends something for good asks for a second click: give it."""
    confirming = page.locator("#actions button.action.confirm")
    if confirming.count():
        confirming.first.click()


# A point of the element where a click lands on it (a counter drawn on a square or a
# region may cover its middle).
_FIND_POINT = """g => {
  g.scrollIntoView({block: "center"});
  const r = g.getBoundingClientRect();
  for (const fy of [0.5, 0.2, 0.8, 0.1, 0.9]) for (const fx of [0.5, 0.2, 0.8, 0.1, 0.9]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (g.contains(document.elementFromPoint(x, y))) return [x, y];
  }
  return null;
}"""


def click_visible_part(page, locator):
    point = locator.evaluate(_FIND_POINT)
    assert point, "a pickable board element that cannot be clicked anywhere"
    page.mouse.click(*point)


def take(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => { const b = document.getElementById('board'); if (b) b.scrollTop = 0; }")
    page.locator("#play").screenshot(path=str(SCREENSHOTS / f"{name}.png"))
