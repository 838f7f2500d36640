"""The page in a real browser (headless Chromium through Playwright) on the toy game:
setting up, playing by clicks, the AI's steps, hot-seat, save, load and the replay viewer."""
import json

import numpy as np

from tests.web.browser import play_by_clicks, set_up, wait_settled

TOY = "nimview_test"


def test_start_page_puts_the_ai_overlord_and_the_ai_yara_first(page, web_base):
    page.goto(web_base)
    page.wait_for_selector("body[data-ready='1']")
    features = page.locator("#featured .feature")
    titles = [features.nth(i).inner_text() for i in range(features.count())]
    assert any("Face The AI Overlord" in t for t in titles)
    assert any("Face The AI Yara" in t for t in titles)
    page.click("#featured .feature[data-env='tower_v2']")
    page.wait_for_selector("#seats .seat.featured[data-seat='yara']")
    assert page.input_value("#options [data-name='mode']") == '"battle"'
    assert page.input_value("#seats select[name='yara']") == "normal"  # the preset difficulty
    assert page.input_value("#seats select[name='conan']") == "human"
    # the seats follow the options
    page.click("#game-list button[data-env='kings_v2']")
    page.fill("#options [data-name='num_players']", "4")
    page.dispatch_event("#options [data-name='num_players']", "change")
    page.wait_for_selector("#seats .seat[data-seat='player_3']")
    page.fill("#options [data-name='num_players']", "7")
    page.dispatch_event("#options [data-name='num_players']", "change")
    page.wait_for_selector("#error:not([hidden])")
    assert "num_players=7 is invalid" in page.inner_text("#error")


def test_a_person_beats_or_loses_to_the_ai_by_clicks(page, web_base):
    set_up(page, web_base, TOY, {}, {"player_0": "human", "player_1": "random"}, seed=4)
    board, buttons = play_by_clicks(page, np.random.default_rng(0))
    assert buttons >= 1
    assert page.get_attribute("#status", "data-state") == "over"
    assert "Game over" in page.inner_text("#status")
    # the AI's moves reached the log, one line a move
    assert page.locator("#log li:has-text('player_1 plays')").count() >= 1


def test_hot_seat_hides_the_board_between_people(page, web_base):
    set_up(page, web_base, TOY, {}, {"player_0": "human", "player_1": "human"}, seed=2,
           pass_screen=True)
    seq, state = wait_settled(page, 0)
    assert state == "your-turn" and "player_0" in page.inner_text("#status")
    assert "of-player_0" in page.text_content("#raw-view")
    assert "of-player_1" not in page.text_content("#play")
    page.click("#actions button.action >> text='take 1'")
    seq, state = wait_settled(page, seq)
    assert state == "pass" and page.is_visible("#pass")
    page.click("#pass-continue")
    seq, state = wait_settled(page, seq)
    assert state == "your-turn" and "player_1" in page.inner_text("#status")
    assert page.locator("#log li.new").count() == 0  # a fresh viewer: nothing marked


def test_save_load_and_replay_in_the_page(page, web_base, tmp_path):
    set_up(page, web_base, TOY, {}, {"player_0": "human", "player_1": "random"}, seed=9)
    seq, state = wait_settled(page, 0)
    for _ in range(2):
        page.click("#actions button.action >> nth=0")
        seq, state = wait_settled(page, seq)
    pile = page.evaluate("document.getElementById('prompt').textContent")
    with page.expect_download() as dl:
        page.click("#nav-save")
    saved = tmp_path / "game.json"
    dl.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["env_id"] == TOY and len(record["actions"]) == 4
    # load it back: the same position
    page.set_input_files("#load-file", str(saved))
    seq, state = wait_settled(page, seq)
    assert page.evaluate("document.getElementById('prompt').textContent") == pile
    # a forged save shows the engine's message and starts nothing
    forged = json.loads(record["state"])
    forged["actions"][1] = -1  # no such move: the replay refuses it, naming its index
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "state": json.dumps(forged)}))
    page.set_input_files("#load-file", str(bad))
    page.wait_for_selector("#error:not([hidden])")
    assert "the saved game is corrupt" in page.inner_text("#error")
    assert "save action 1 is -1" in page.inner_text("#error")
    # the replay viewer steps through the saved game's actions
    page.set_input_files("#replay-file", str(saved))
    page.wait_for_selector("#replay:not([hidden]) #rp-step[data-step='0']")
    page.click("#rp-next")
    page.wait_for_selector("#rp-step[data-step='1']")
    assert page.inner_text("#rp-action").startswith("Last move: player_0")
    page.click("#rp-last")
    page.wait_for_selector("#rp-step[data-step='4']")
    # the game is not over: it is shown only as the person's seat, never as the AI's
    options = page.eval_on_selector_all("#rp-role option", "os => os.map(o => o.value)")
    assert options == ["player_0"]
    assert "of-player_1" not in page.text_content("#rp-board")
