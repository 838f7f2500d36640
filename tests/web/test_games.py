"""Each of the five games played to its end in a real browser through clicks only (the
board's elements and the action buttons), a person's seats against the scripted AI; the
board is saved as docs/screenshots/<game>.png."""
import numpy as np
import pytest

from tests.web.browser import play_by_clicks, set_up
from tests.web.games import SHORT_GAMES


@pytest.mark.parametrize("env_id", list(SHORT_GAMES))
def test_a_whole_game_against_the_ai_by_clicks(page, web_base, env_id):
    config, seats = SHORT_GAMES[env_id]
    set_up(page, web_base, env_id, config, seats, seed=7)
    game = env_id.rsplit("_v", 1)[0]
    board, buttons = play_by_clicks(page, np.random.default_rng(7), screenshot=game, shot_after=5)
    assert page.get_attribute("#status", "data-state") == "over"
    status = page.inner_text("#status")
    assert status.startswith(("Game over", "Stopped at the turn cap")), status
    assert board + buttons >= 3
    assert page.locator("#board svg").count() == 1, "the game's own board was not drawn"
    # the AI moved, one step at a time
    assert int(page.get_attribute("body", "data-ai-steps") or 0) >= 1
