"""One decision mechanism for every game: typed frames on one stack (issue 31; the Tower first).

What is pending in a game is a stack of :class:`Frame` records. The frame on top is the one
that decides now; a frame below it is where play returns once the frames over it are done,
like a call stack. A frame is a small frozen dataclass: who acts (``actor``, a role index, or
:data:`AUTO` for a step the rules take without a choice), its ``kind`` (a class constant, the
stable machine name of the decision) and its typed parameters (dataclass fields of the kind's
class). Its class supplies what the kind means:

``mask(state, m)``
    set the legal actions in the fresh bool array `m`;
``apply(state, action)``
    play one legal action; it may change the top of the stack (``state.push``,
    ``state.pop``, ``state.replace``), which is how a compound decision moves on;
``run(state)``
    for an ``AUTO`` frame: take the step (deal, roll, resolve) and push, pop or replace;
``prompt(state, role)``
    the sentence and the context of the view's decision record, as `role` may see them;
``check(state, below)``
    what a snapshot read back must satisfy for this frame (`below`: the frame it returns to).

:class:`FlowState`, the base every game's ``State`` moves onto, holds ``stack`` and implements
once what each game used to build for itself: ``current_player`` (the top frame's actor),
the legal mask, ``_apply`` (dispatch to the top frame, then the run loop), ``decision()`` and
the view's decision record. Dispatch is by the frame's class (a method call), never by a
name looked up at run time.

The run loop (:meth:`FlowState.advance`) is the forward model's: after every action it lets
the game settle rules that cut across the stack (``_between_steps``: the game ends, a
standing decision such as a level-up choice appears), asks the game for its next phase when
the stack is empty (``_next_phase``), runs ``AUTO`` frames and stops at the first frame that
needs a choice. A step guard (``STEP_LIMIT``) turns an endless loop into a ``RuntimeError``
naming the frames on the stack.

The shape follows TAG's ``IExtendedSequence`` (a decision object on a stack takes over
who acts, which actions are available and what happens after an action, and the forward
model hands control to the top of the stack and removes it once complete) and OpenSpiel's
explicit chance nodes (a step without a player is a node of its own, here an ``AUTO`` frame,
resolved by the state's own generator, so a clone replays the same chance).

Frames are frozen, so a clone shares them (copying a stack is one list copy) and a frame
kind without parameters can be one module-level instance. Register every frame class with
:func:`~.serialize.serializable` so that snapshots carry the stack.
"""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from .core import TERMINAL, Mask, State
from .errors import CorruptStateError
from .view import Decision

AUTO = -1  # the actor of a frame the rules resolve without a choice (a step or a chance event)

S = TypeVar("S", bound="FlowState")


@dataclass(frozen=True, slots=True)
class Frame(Generic[S]):
    """One pending decision, or one step of a compound one. Subclasses set ``kind`` and
    override what their kind does; parameters are further (frozen) dataclass fields."""

    actor: int  # the role index that decides, or AUTO
    kind: ClassVar[str] = "frame"

    def mask(self, state: S, mask: Mask) -> None:
        """Set the legal actions of this decision in `mask` (all False on entry)."""
        raise TypeError(f"frame {self.kind!r} offers no choice (an AUTO step is run, not asked)")

    def apply(self, state: S, action: int) -> None:
        """Play `action`, already checked legal; may push, pop or replace frames."""
        raise TypeError(f"frame {self.kind!r} offers no choice (an AUTO step is run, not asked)")

    def run(self, state: S) -> None:
        """Take this AUTO step; it must push, pop or replace a frame (or end the game)."""
        raise TypeError(f"frame {self.kind!r} is a decision, not an automatic step")

    def prompt(self, state: S, role: int) -> tuple[str, dict[str, Any]]:
        """The decision record's prompt and context, as `role` may see them (plain JSON)."""
        return self.kind, {}

    def check(self, state: S, below: Frame[Any] | None) -> None:
        """Raise CorruptStateError unless a snapshot with this frame, over `below` (None at the
        bottom of the stack), is consistent. Default: nothing more to check."""

    @property
    def decides(self) -> bool:
        return self.actor != AUTO

    def __copy__(self) -> Frame[S]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Frame[S]:
        return self  # frozen, its parameters immutable: copies of a state share it


@dataclass(frozen=True, slots=True)
class GameOver(Frame[Any]):
    """The game has ended (OpenSpiel's terminal node): what ``_interrupt`` returns then."""

    kind: ClassVar[str] = "game over"

    def mask(self, state: Any, mask: Mask) -> None:
        pass  # no move is legal


GAME_OVER = GameOver(TERMINAL)


class FlowState(State):
    """A state whose pending decisions are frames on ``stack`` (bottom first).

    A game sets ``FRAME_TYPES`` (the frame classes it uses, checked on snapshots), implements
    ``_interrupt`` (``GAME_OVER`` once the game has ended, or a decision that stands over the
    whole stack while some part of the state holds) and may override ``_between_steps``,
    ``_next_phase`` and ``_over_prompt``. Code that changes the stack goes through ``push``, ``pop`` and
    ``replace`` (or assigns ``stack[:]``): the run loop holds the list itself.
    """

    __slots__ = ("stack",)

    # `_now`, the frame that decides now (``frame()``), is kept beside the stack: the run loop
    # sets it when it stops, so the many queries of a position (current player, mask, the
    # observation's decision) read one attribute. Not saved; shared by clones (frames are
    # frozen); rebuilt by `edited` and when a snapshot is read back.
    _TRANSIENT = State._TRANSIENT + ("_now",)

    STEP_LIMIT: ClassVar[int] = 10_000  # run-loop steps between two decisions
    MAX_DEPTH: ClassVar[int] = 16  # frames a snapshot's stack may hold
    FRAME_TYPES: ClassVar[tuple[type[Frame[Any]], ...]] = ()

    stack: list[Frame[Any]]
    _now: Frame[Any] | None

    def __init__(self, game: Any, seed: int | None = None) -> None:
        self.stack = []
        self._now = None
        super().__init__(game, seed)

    # ---- hooks for games ----------------------------------------------------------------
    @abstractmethod
    def _interrupt(self) -> Frame[Any] | None:
        """What stands over the stack now: ``GAME_OVER`` once the game has ended, a decision
        owed whatever is pending (e.g. a level-up choice) while some part of the state says
        so, else None (the top of the stack decides). Called on every query: keep it cheap."""

    def _between_steps(self) -> Frame[Any] | None:
        """Before each step of the run loop: settle rules that cut across the stack, then
        return what stands over it, as ``_interrupt`` (not None stops the loop)."""
        return self._interrupt()

    def _next_phase(self) -> None:
        """The stack is empty: push the game's next phase."""
        raise RuntimeError(f"{type(self).__name__}: the decision stack is empty")

    def _over_prompt(self) -> str:
        return "The game is over."

    # ---- the stack ----------------------------------------------------------------------
    def frame(self) -> Frame[Any]:
        """The frame that decides now: what stands over the stack, else its top frame."""
        now = self._now
        assert now is not None, "frame() asked of a state the run loop has not settled"
        return now

    def _settle(self) -> None:
        """Note the frame that decides now (after the run loop, an edit, a snapshot read)."""
        f = self._interrupt()
        stack = self.stack
        self._now = f if f is not None else stack[-1] if stack else None

    def edited(self) -> FlowState:
        super().edited()
        self._settle()
        return self

    def _rebuild_derived(self) -> None:
        super()._rebuild_derived()
        self._settle()

    def push(self, frame: Frame[Any], then: Frame[Any] | None = None) -> None:
        """Put `frame` on top: it decides now. With `then`, the top frame is first replaced by
        `then`, where play returns once `frame` is popped (a call with its return address)."""
        stack = self.stack
        if then is not None:
            if stack:
                stack[-1] = then
            else:
                stack.append(then)
        stack.append(frame)

    def pop(self) -> Frame[Any]:
        return self.stack.pop()

    def replace(self, frame: Frame[Any]) -> None:
        """Put `frame` in place of the top frame (the decision moves on at the same depth);
        the stack must not be empty."""
        self.stack[-1] = frame

    def top_is(self, cls: type[Frame[Any]]) -> bool:
        """Whether the top of the (non-empty) stack is a `cls` frame, whatever stands over it."""
        return type(self.stack[-1]) is cls

    def advance(self) -> None:
        """The run loop: take AUTO steps until a frame needs a choice or the game ends."""
        stack = self.stack
        steps = 0
        while True:
            now = self._between_steps()
            if now is not None:
                self._now = now
                return
            if stack:
                top = stack[-1]
                if top.actor != AUTO:
                    self._now = top
                    return
                top.run(self)
            else:
                self._next_phase()
            steps += 1
            if steps >= self.STEP_LIMIT:
                raise RuntimeError(
                    f"{type(self).__name__}: no decision after {steps} steps of the run loop; "
                    f"stack (bottom first): {[f.kind for f in stack]}")

    # (these read `_now` inline: they run several times for every move played)
    def current_player(self) -> int:
        return self._now.actor  # type: ignore[union-attr]

    def is_terminal(self) -> bool:
        return self._now.actor == TERMINAL  # type: ignore[union-attr]

    def decision(self) -> str:
        return self._now.kind  # type: ignore[union-attr]

    def _legal_mask(self) -> Mask:
        m = np.zeros(self.game.num_actions, dtype=bool)
        self._now.mask(self, m)  # type: ignore[union-attr]
        return m

    def legal_action_mask(self) -> Mask:
        """As ``State.legal_action_mask``, built straight from the frame deciding now (the
        ``GAME_OVER`` frame sets no action)."""
        mask = self._mask
        if mask is None:
            mask = np.zeros(self.game.num_actions, dtype=bool)
            self._now.mask(self, mask)  # type: ignore[union-attr]
            mask.flags.writeable = False
            self._mask = mask
        return mask

    def _apply(self, action: int) -> None:
        self._now.apply(self, action)  # type: ignore[union-attr]
        self.advance()

    def _decision(self, role: int) -> Decision:
        frame = self.frame()
        if type(frame) is GameOver:
            return Decision("game_over", None, self._over_prompt(), {})
        prompt, context = frame.prompt(self, role)
        return Decision(frame.kind, self.game.roles[frame.actor], prompt, context)

    def _check_restored(self) -> None:
        """A snapshot read back: its stack checked (``_check_stack``), then the mask built.
        A game checks its own fields first, then calls this."""
        self._check_stack()
        super()._check_restored()

    def _check_stack(self) -> None:
        """What a snapshot's stack must satisfy: a list of at most MAX_DEPTH frames of this
        game's kinds, each acted by a role of the game or AUTO, each passing its own check;
        a game not over waits on a decision on top."""
        stack = self.stack
        if not isinstance(stack, list) or len(stack) > self.MAX_DEPTH:
            raise CorruptStateError(f"saved {self.game.env_id} state: field stack: not a list of "
                                    f"at most {self.MAX_DEPTH} frames")
        types = self.FRAME_TYPES
        below: Frame[Any] | None = None
        for i, f in enumerate(stack):
            if type(f) not in types:
                raise CorruptStateError(f"saved {self.game.env_id} state: field stack[{i}]: "
                                        f"{type(f).__name__} is not a frame of this game")
            if type(f.actor) is not int or not (f.actor == AUTO
                                                or 0 <= f.actor < self.game.num_roles):
                raise CorruptStateError(f"saved {self.game.env_id} state: field stack[{i}]: "
                                        f"actor {f.actor!r} is not a role")
            f.check(self, below)
            below = f
        if self._interrupt() is None and (not stack or not stack[-1].decides):
            raise CorruptStateError(f"saved {self.game.env_id} state: field stack: no decision "
                                    "waits on top")
