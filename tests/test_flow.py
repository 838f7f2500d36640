"""engine/flow.py on a toy game: frames on one stack, the run loop and its step guard,
dispatch by the frame's class, snapshots and clones of frames, the view's decision record.

The toy game: two players take turns; each turn a die is rolled (an AUTO frame, a chance
node) and the player to act picks one of as many numbers as the die shows (a decision
frame); picking the highest number asks the same player to confirm it (a nested frame over
a return frame). The first to reach 10 points wins.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest

from conan_envs.engine import CorruptStateError, Game, IllegalActionError, serializable
from conan_envs.engine.core import TERMINAL, Mask, Observation
from conan_envs.engine.flow import AUTO, GAME_OVER, FlowState, Frame

TARGET = 10


@serializable
@dataclass(frozen=True, slots=True)
class Roll(Frame["ToyState"]):
    """Chance: a die of 1-3 decides how many numbers the player may pick from."""

    player: int = 0
    kind: ClassVar[str] = "roll"

    def run(self, state: ToyState) -> None:
        faces = int(state.rng.integers(1, 4))
        state.replace(Pick(self.player, faces))


@serializable
@dataclass(frozen=True, slots=True)
class Pick(Frame["ToyState"]):
    faces: int = 1
    kind: ClassVar[str] = "pick"

    def mask(self, state: ToyState, mask: Mask) -> None:
        mask[: self.faces] = True

    def apply(self, state: ToyState, action: int) -> None:
        state.applied.append(("pick", action))
        if action + 1 == self.faces and self.faces > 1:
            state.push(Confirm(self.actor, action + 1), then=Score(AUTO, self.actor))
            return
        state.points[self.actor] += action + 1
        state.pop()

    def prompt(self, state: ToyState, role: int) -> tuple[str, dict[str, Any]]:
        return f"Pick 1 to {self.faces}.", {"faces": self.faces}


@serializable
@dataclass(frozen=True, slots=True)
class Confirm(Frame["ToyState"]):
    """A nested step: confirm the highest number (action 0) or take 1 instead (action 1)."""

    value: int = 0
    kind: ClassVar[str] = "confirm"

    def mask(self, state: ToyState, mask: Mask) -> None:
        mask[0] = mask[1] = True

    def apply(self, state: ToyState, action: int) -> None:
        state.applied.append(("confirm", action))
        state.points[self.actor] += self.value if action == 0 else 1
        state.pop()

    def check(self, state: ToyState, below: Frame[Any] | None) -> None:
        if not isinstance(below, Score):
            raise CorruptStateError("saved toy state: field stack: confirm must return to a score")


@serializable
@dataclass(frozen=True, slots=True)
class Score(Frame["ToyState"]):
    """Where a confirmation returns: the turn ends (AUTO)."""

    player: int = 0
    kind: ClassVar[str] = "score"

    def run(self, state: ToyState) -> None:
        state.scored.append(self.player)
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class Loop(Frame["ToyState"]):
    """A broken rule: a step that never reaches a decision."""

    kind: ClassVar[str] = "loop"

    def run(self, state: ToyState) -> None:
        state.replace(Loop(AUTO))


class ToyState(FlowState):
    FRAME_TYPES = (Roll, Pick, Confirm, Score)

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.points = [0, 0]
        self.next_player = 0
        self.applied: list[tuple[str, int]] = []
        self.scored: list[int] = []
        self.phases = 0
        self.advance()

    def _interrupt(self) -> Frame[Any] | None:
        return GAME_OVER if max(self.points) >= TARGET else None

    def _next_phase(self) -> None:
        self.phases += 1
        self.push(Roll(AUTO, self.next_player))
        self.next_player = 1 - self.next_player

    def _over_prompt(self) -> str:
        return f"Player {int(np.argmax(self.points))} wins."

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        w = int(np.argmax(self.points))
        return [1.0 if r == w else -1.0 for r in range(2)]

    def observation(self, role: int) -> Observation:
        return np.array(self.points, dtype=np.float32)

    def _view(self, role: int) -> dict[str, Any]:
        return {"points": list(self.points)}


class ToyGame(Game):
    env_id = "toy_v0"
    state_class = ToyState

    def _setup(self) -> None:
        self.roles = ("north", "south")
        self.num_actions = 3

    def observation_shape(self, role: int) -> tuple[int, ...]:
        return (2,)


def top_kinds(state: FlowState) -> list[str]:
    return [f.kind for f in state.stack]


def play_until(state: ToyState, kind: str, limit: int = 200) -> None:
    rng = np.random.default_rng(7)
    for _ in range(limit):
        if state.decision() == kind:
            return
        state.apply_action(int(rng.choice(state.legal_actions())))
    raise AssertionError(f"no {kind!r} decision reached")


def test_the_run_loop_asks_for_the_next_phase_and_runs_chance_to_a_decision():
    s = ToyState(ToyGame(), seed=1)
    # the empty stack asked for a phase (the roll), the AUTO roll replaced itself by a pick
    assert s.phases == 1 and top_kinds(s) == ["pick"]
    assert s.current_player() == 0 and s.decision() == "pick"
    faces = s.frame().faces
    assert 1 <= faces <= 3
    assert s.legal_actions() == list(range(faces))


def test_a_decision_pops_and_the_next_phase_follows():
    s = ToyState(ToyGame(), seed=1)
    s.apply_action(0)
    assert s.points == [1, 0] and s.applied == [("pick", 0)]
    assert s.phases == 2 and s.current_player() == 1 and s.decision() == "pick"


def test_a_nested_frame_returns_to_the_frame_pushed_under_it():
    for seed in range(40):
        s = ToyState(ToyGame(), seed=seed)
        if s.frame().faces == 3:
            break
    s.apply_action(2)      # the highest number: confirm it first
    assert top_kinds(s) == ["score", "confirm"] and s.decision() == "confirm"
    assert s.current_player() == 0
    s.apply_action(0)      # confirmed: Confirm pops, Score runs and pops, the next phase rolls
    assert s.points == [3, 0] and s.scored == [0]
    assert s.current_player() == 1 and top_kinds(s) == ["pick"]


def test_dispatch_goes_to_the_top_frames_class():
    for seed in range(40):
        s = ToyState(ToyGame(), seed=seed)
        if s.frame().faces == 3:
            break
    s.apply_action(2)
    s.apply_action(1)      # at the Confirm frame, action 1 means "take 1 instead"
    assert s.applied == [("pick", 2), ("confirm", 1)] and s.points == [1, 0]


def test_an_illegal_action_is_refused_and_changes_nothing():
    s = ToyState(ToyGame(), seed=1)
    before = s.snapshot()
    bad = s.frame().faces     # one past the faces shown
    with pytest.raises(IllegalActionError, match="pick"):
        s.apply_action(bad)
    assert s.snapshot() == before


def test_the_step_guard_names_the_frames():
    s = ToyState(ToyGame(), seed=1)
    s.push(Loop(AUTO), then=Score(AUTO, 0))
    with pytest.raises(RuntimeError, match=r"no decision after .* steps.*\['score', 'loop'\]"):
        s.advance()


def test_push_pop_replace():
    s = ToyState(ToyGame(), seed=1)
    s.stack[:] = []
    s.push(Roll(AUTO, 0))
    s.push(Pick(0, 2), then=Score(AUTO, 0))
    assert s.stack == [Score(AUTO, 0), Pick(0, 2)]
    s.replace(Pick(0, 3))
    assert s.top_is(Pick) and not s.top_is(Score) and s.stack[-1].faces == 3
    assert s.pop() == Pick(0, 3) and s.stack == [Score(AUTO, 0)]


def test_the_decision_record_comes_from_the_frame():
    s = ToyState(ToyGame(), seed=1)
    d = s.view("south")["decision"]
    faces = s.frame().faces
    assert d == {"kind": "pick", "actor": "north", "prompt": f"Pick 1 to {faces}.",
                 "context": {"faces": faces}}


def test_game_over_is_terminal_with_its_own_record():
    s = ToyState(ToyGame(), seed=3)
    rng = np.random.default_rng(0)
    while not s.is_terminal():
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert s.current_player() == TERMINAL and s.decision() == "game over"
    assert not s.legal_action_mask().any()
    d = s.view(0)["decision"]
    assert d["kind"] == "game_over" and d["actor"] is None and d["prompt"].endswith("wins.")


def test_frames_survive_a_snapshot_and_a_clone():
    for seed in range(40):
        s = ToyState(ToyGame(), seed=seed)
        if s.frame().faces == 3:
            break
    s.apply_action(2)
    back = s.game.state_from_snapshot(s.snapshot())
    assert back.stack == s.stack and back.decision() == "confirm" and back == s
    c = s.clone()
    assert c.stack == s.stack and c.stack is not s.stack
    c.apply_action(0)
    assert top_kinds(s) == ["score", "confirm"] and top_kinds(c) == ["pick"]
    assert c.stack[-1] is not s.stack[-1]


def test_a_snapshot_with_a_broken_stack_is_refused_naming_it():
    for seed in range(40):
        s = ToyState(ToyGame(), seed=seed)
        if s.frame().faces == 3:
            break
    s.apply_action(2)
    data = json.loads(s.snapshot())

    def refused(change: Any, words: str) -> None:
        d = json.loads(json.dumps(data))
        change(d["fields"]["stack"])
        with pytest.raises(CorruptStateError, match=words):
            s.game.state_from_snapshot(json.dumps(d))

    refused(lambda st: st.pop(0), "confirm must return to a score")    # the frame's own check
    refused(lambda st: st[-1]["f"].__setitem__("actor", 5), r"stack\[1\]: actor 5")
    refused(lambda st: st.pop(), "no decision waits on top")
    loop = {"__t": "obj", "cls": f"{__name__}.Loop", "f": {"actor": -1}}
    refused(lambda st: st.append(loop), "not a frame of this game")
