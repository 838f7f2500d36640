"""The decisions as frames on the engine's stack (issue 31, "One engine"): the frame deciding
now is what the view, the mask and the current player read; frames are frozen and shared by
clones; a snapshot's frames are checked (rulebook, "Resolution": Rage and Fury turn a result
already revealed; "Game Phases": each decision belongs to its phase)."""
import dataclasses
import json

import pytest

import conan_envs
from baselines import load_agent
from conan_envs.cards.position import alliance, decks, give
from conan_envs.cards.resolution import RageOrFury
from conan_envs.cards.shares import CompleteEnd, SermonBreak
from conan_envs.cards.state import FRAMES
from conan_envs.engine import CorruptStateError
from conan_envs.engine.flow import AUTO

from .scene import act, adventure, at, table


def scripted_positions(n=3, games=12):
    """Every position of a few scripted games (they wager, bargain and use abilities)."""
    game = conan_envs.make_game("cards_v2", num_players=n)
    for seed in range(games):
        s = game.new_initial_state(seed)
        agents = [load_agent("scripted", "cards_v2", r, seed=seed, num_players=n) for r in range(n)]
        while not s.is_terminal() and not s.is_truncated():
            yield s
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))


def test_the_frame_deciding_now_is_what_every_reader_sees():
    seen = set()
    for s in scripted_positions(games=4):
        f = s.frame()
        assert type(f) in FRAMES and f.actor != AUTO
        assert f.kind == s.decision() and f.actor == s.current_player()
        view = s.view(f.actor)["decision"]
        assert view["kind"] == f.kind and view["actor"] == f"player_{f.actor}"
        t = s.clone()
        assert t.frame() is f  # frozen frames are shared by clones
        with pytest.raises(dataclasses.FrozenInstanceError):
            f.actor = 0
        seen.add(f.kind)
    assert {"bet_open", "bet_reply", "resolution", "hero_action", "card_play"} <= seen


def test_rage_or_fury_asks_the_losing_sides_hero_and_its_snapshot_is_checked():
    """Rage and Fury are asked of the Hero of the side that loses the revealed result; the
    frame carries that side. A snapshot of it loads back equal; one naming no side, or asking
    it outside the Hero Turn, is refused naming the field."""
    for s in scripted_positions():
        f = s.frame()
        if isinstance(f, RageOrFury):
            break
    else:
        raise AssertionError("no Rage or Fury asked in the scripted games")
    w = s.w
    assert (w.hero if f.side == 0 else w.opp) == f.actor
    data = json.loads(s.snapshot())
    back = s.game.state_from_snapshot(json.dumps(data))
    assert back == s and back.frame() == f
    bad = json.loads(json.dumps(data))
    bad["fields"]["stack"][-1]["f"]["side"] = 2
    with pytest.raises(CorruptStateError, match="stack"):
        s.game.state_from_snapshot(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["fields"]["phase"] = "draw"
    with pytest.raises(CorruptStateError, match="stack.*hero|not a decision of the draw"):
        s.game.state_from_snapshot(json.dumps(bad))


def test_a_priests_share_is_asked_over_the_step_it_returns_to():
    """Alliances, Priest's Sermon: "he may benefit from what was agreed with the other Hero
    while breaking his own part". The share owed is asked before anything moves, over the end
    of the completion, which runs once it is answered (the card then goes face down)."""
    s = table(n=2, heroes=("Priest", "Barbarian"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 1)
    give(s, 0, on=a)
    give(s, 1, on=a)
    alliance(s, 0, 1, keep=3)
    decks(s, magic=["The Book of Skelos"])
    at(s, "hero", 0)
    act(s, "complete")
    share, under = s.stack[-1], s.stack[-2]
    assert isinstance(share, SermonBreak) and (share.receiver, share.dp) == (1, 1)
    assert isinstance(under, CompleteEnd) and under.adv == a and under.actor == AUTO
    assert s.adv_state[a] == 1 and s.pos[0] == a  # the completion has not ended yet
    act(s, "give player_1 the 1 DP")
    assert not any(isinstance(f, (SermonBreak, CompleteEnd)) for f in s.stack)
    assert s.adv_state[a] == 2 and s.pos == [-1, -1] and s.dp == [16, 16]
