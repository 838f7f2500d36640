"""The page as a player meets it, in headless Chromium at 1366x768 (issue 33): each game played
to its end by clicks with the board, the decision and the log in view; the end screen; the AI's
turns under turn headers with a log line for every AI decision; the speed control; the start
page (the AI Overlord first, difficulty `normal`, advanced options folded, errors in
sentences); the Kings map's names clear of each other."""
import numpy as np
import pytest

from tests.web.browser import SCREENSHOTS, play_by_clicks, set_up, wait_settled
from tests.web.games import SHORT_GAMES

SMALL = {"width": 1366, "height": 768}
LARGE = {"width": 1920, "height": 1080}


def _page(browser, viewport):
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return context, pg, errors


@pytest.fixture
def small_page(browser, web_base):
    context, pg, errors = _page(browser, SMALL)
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def large_page(browser, web_base):
    context, pg, errors = _page(browser, LARGE)
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


IN_VIEW = """ids => ids.map(id => {
  const r = document.getElementById(id).getBoundingClientRect();
  return [id, r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1
    && r.right <= innerWidth + 1 && r.height > 20];
})"""

# For each AI turn header: how many log entries stand under it.
AI_LINES = """() => [...document.querySelectorAll('#log li.turn')]
  .filter(t => t.querySelector('.turn-head').textContent.includes('(AI'))
  .reduce((n, t) => n + t.querySelectorAll(':scope > ol > li').length, 0)"""


@pytest.mark.parametrize("env_id", list(SHORT_GAMES))
def test_each_game_to_its_end_at_1366x768_with_board_decision_and_log_in_view(small_page, web_base, env_id):
    page = small_page
    config, seats = SHORT_GAMES[env_id]
    set_up(page, web_base, env_id, config, seats, seed=11)
    outside = []

    dumps = []

    def check(state):
        if state == "your-turn":  # the decision's context in sentences, not a dump of keys
            for line in page.locator("#context li").all_inner_texts():
                if not line.endswith(".") or any(c in line for c in "{}[]"):
                    dumps.append(line)
        if state in ("your-turn", "over"):
            boxes = ["board", "log-box", "decision" if state == "your-turn" else "endgame"]
            outside.extend(f"{id} at {state}" for id, ok in page.evaluate(IN_VIEW, boxes) if not ok)

    play_by_clicks(page, np.random.default_rng(11), on_settled=check)
    assert not outside, f"outside the 1366x768 window: {outside}"
    assert not dumps, f"context lines that are not sentences: {dumps[:5]}"
    # the goal of the game stands above the board
    assert page.is_visible("#goal") and len(page.inner_text("#goal")) > 15
    # the end screen: the winner in words, the cause, rematch and save
    assert page.is_visible("#endgame")
    winner = page.inner_text("#endgame .winner")
    assert winner.endswith((" wins.", " win.", "well played!", "no winner.", "nobody won.")), winner
    assert page.inner_text("#endgame .cause").strip()
    assert page.locator("#endgame button[data-end='rematch']").count() == 1
    assert page.locator("#endgame button[data-end='save']").count() == 1
    # the AI's turns stand under headers, with at least one line for each AI decision
    people = [r for r, s in seats.items() if s == "human"]
    ai_steps = int(page.get_attribute("body", "data-ai-steps") or 0)
    assert ai_steps >= 1
    if len(people) == 1:  # (a new viewer starts a new log: hot-seat privacy)
        assert page.evaluate(AI_LINES) >= ai_steps


def test_rematch_keeps_the_seats_and_deals_a_new_game(small_page, web_base):
    page = small_page
    config, seats = SHORT_GAMES["kings_v2"]
    set_up(page, web_base, "kings_v2", config, seats, seed=3)
    seq, _ = wait_settled(page, 0)
    play_by_clicks(page, np.random.default_rng(3))
    seq = int(page.get_attribute("body", "data-seq"))
    page.click("#endgame button[data-end='rematch']")
    seq, state = wait_settled(page, seq)
    assert state == "your-turn" and page.is_hidden("#endgame")
    assert "player_0, your move" in page.inner_text("#status")
    for _ in range(30):  # until the AI has moved: the same seats, player_1 still the AI
        if page.locator("#log .turn-head:has-text('(AI: scripted)')").count():
            break
        page.click("#actions button.action:not(.back) >> nth=-1")
        seq, state = wait_settled(page, seq)
    assert page.locator("#log .turn-head:has-text('(AI: scripted)')").count() >= 1


def test_an_ai_step_names_its_pieces_on_the_board(small_page, web_base):
    """The AI places its King in Kings: the region its log line names is marked on the map."""
    page = small_page
    set_up(page, web_base, "kings_v2", {}, {"player_0": "human", "player_1": "scripted"}, seed=5)
    seq, state = wait_settled(page, 0)
    for _ in range(4):
        if page.locator("#log .turn-head:has-text('player_1')").count():
            break
        page.click("#actions button.action >> nth=0")
        seq, state = wait_settled(page, seq)
    assert state == "your-turn"
    turn = page.locator("#log li.turn:has(.turn-head:has-text('player_1'))").last
    first = turn.locator("ol > li").first.inner_text()
    assert first.startswith("player_1 places"), first
    region = first.split(" in ", 1)[1]
    assert page.locator(f"#board .recent[data-region='{region}']").count() == 1


def test_skip_to_my_turn_runs_the_ai_without_drawing_each_step(small_page, web_base):
    page = small_page
    page.goto(web_base)
    page.wait_for_selector("body[data-ready='1']")
    page.evaluate("localStorage.setItem('conan.speed', 'skip')")
    set_up(page, web_base, "tower_v2", {"mode": "battle", "max_turns": 2},
           {"conan": "human", "yara": "scripted"}, seed=4, query="")
    assert page.input_value("#speed") == "skip"
    seq, state = wait_settled(page, 0)
    for _ in range(12):  # conan's moves until the AI has played
        if state != "your-turn" or int(page.get_attribute("body", "data-ai-steps") or 0):
            break
        page.click("#actions button.action >> nth=-1")
        if page.locator("#actions button.confirm").count():
            page.click("#actions button.confirm")
        seq, state = wait_settled(page, seq)
    assert int(page.get_attribute("body", "data-ai-steps") or 0) >= 1
    assert page.locator("#log .turn-head:has-text('yara')").count() >= 1


def test_the_map_boards_fit_1920x1080_without_scrolling(large_page, web_base):
    """Kings and Tower fit whole; the tall boards (a map with cards under it) fit their width
    and scroll to the cards below (their maps are in view: the layout tests above)."""
    page = large_page
    for env_id in ["kings_v2", "tower_v2"]:
        config, seats = SHORT_GAMES[env_id]
        set_up(page, web_base, env_id, config, seats, seed=2)
        wait_settled(page, 0)
        fits = page.evaluate("""() => { const b = document.getElementById('board');
          return b.scrollHeight <= b.clientHeight + 1 && b.scrollWidth <= b.clientWidth + 1; }""")
        assert fits, f"{env_id}: the board scrolls at 1920x1080"
        assert all(ok for _, ok in page.evaluate(IN_VIEW, ["board", "decision", "log-box"]))


def test_kings_map_names_do_not_cover_each_other(small_page, web_base):
    page = small_page
    config, seats = SHORT_GAMES["kings_v2"]
    set_up(page, web_base, "kings_v2", config, seats, seed=1)
    wait_settled(page, 0)
    boxes = page.evaluate("""() => [...document.querySelectorAll('#board g.labels text')].map(t => {
      const b = t.getBBox(); return [t.textContent, b.x, b.y, b.x + b.width, b.y + b.height]; })""")
    assert any(b[0] == "Bossonian Marches" for b in boxes)
    hits = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1]
    assert not hits, f"map names that overlap: {hits}"
    legend = page.text_content("#board svg")
    assert "Ft Fortifications" in legend and "S Ships" in legend


def test_start_page_leads_with_the_overlord_at_normal_with_advanced_options_folded(small_page, web_base):
    page = small_page
    page.goto(web_base)
    page.wait_for_selector("body[data-ready='1']")
    first = page.locator("#featured .feature").first
    assert "Face The AI Overlord" in first.inner_text()
    assert page.locator("#featured .feature").nth(1).inner_text().startswith("Face The AI Yara")
    # the Overlord's game is chosen, its AI preset to normal
    page.wait_for_selector("#seats .seat.featured[data-seat='overlord']")
    assert page.input_value("#seats select[name='overlord']") == "normal"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "start.png"))
    assert page.input_value("#seats select[name='conan']") == "human"
    # training-only options sit folded under "advanced"
    page.click("#featured .feature[data-env='tower_v2']")
    page.wait_for_selector("#seats .seat.featured[data-seat='yara']")
    assert page.input_value("#seats select[name='yara']") == "normal"
    assert not page.evaluate("document.getElementById('advanced').open")
    assert page.locator("#advanced [data-name='start_location']").count() == 1
    assert page.is_hidden("#options [data-name='start_location']")
    assert page.is_visible("#options [data-name='mode']")
    # a bad seed is refused in a sentence, not as the server's validation JSON
    page.fill("#seed", "-3")
    page.click("#start-game")
    page.wait_for_selector("#error:not([hidden])")
    message = page.inner_text("#error")
    assert message.startswith("The seed must be a whole number") and "{" not in message
    assert page.is_visible("#start")


def test_a_kings_move_can_be_taken_back_with_the_back_button(small_page, web_base):
    """Kings offers `back` while a move order is being built: the page shows it first, as a
    Back button, and pressing it returns to choosing the region."""
    page = small_page
    set_up(page, web_base, "kings_v2", {}, {"player_0": "human", "player_1": "scripted"}, seed=5)
    seq, state = wait_settled(page, 0)
    for _ in range(30):
        prompt = page.inner_text("#prompt")
        if page.locator("#actions button.back").count():
            break
        moving = prompt.startswith("Move Phase") and page.locator("#actions button.action").count() > 1
        page.click(f"#actions button.action >> nth={1 if moving else 0}")
        seq, state = wait_settled(page, seq)
    else:
        raise AssertionError("no Back button within 30 moves")
    assert page.locator("#actions button.action").first.get_attribute("class") == "action back"
    assert page.inner_text("#actions button.back").startswith("\u2190 Back")
    page.click("#actions button.back")
    seq, state = wait_settled(page, seq)
    assert page.inner_text("#prompt").startswith("Move Phase: choose a region to move units from")


def test_the_adventures_board_explains_the_event_and_the_god_tokens(small_page, web_base):
    """The browser-play issue: "Events and God tokens are not explained"."""
    page = small_page
    config, seats = SHORT_GAMES["adventures_v2"]
    set_up(page, web_base, "adventures_v2", config, seats, seed=1)
    wait_settled(page, 0)
    board = page.text_content("#board svg")
    assert "God tokens" in board and "Ymir" in board
    assert "count a Character result on your dice as a Warrior" in board
    assert "Zath" in board and "double the points scored" in board
    for _ in range(30):  # through the set-up to the first round's Event
        if "Event in force: " in page.text_content("#board svg"):
            break
        page.click("#actions button.action >> nth=0")
        page.wait_for_timeout(150)
    board = page.text_content("#board svg")
    assert "Event in force: " in board and "Play goes " in board
