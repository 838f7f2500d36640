"""Helpers for scripted situations: fixed dice, named faces, and reaching a given decision."""
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

import conan_envs
from conan_envs.adventures import adventure, combat, dicepool, encounters, main_phase, modifiers, resource
from conan_envs.adventures.actions import CODEC, NV, VERBS
from conan_envs.adventures.content import content
from conan_envs.adventures.frames_resolve import Adjust
from conan_envs.adventures.position import (  # noqa: F401
    begin,
    clear_board,
    face,
    face_up,
    no_tokens,
    place,
    put_token,
    roll_as,
    set_dice,
    take_token,
)
from conan_envs.adventures.stack import ask
from conan_envs.adventures.steps import Step

C = content()
K = C.kid


class FixedDice:
    """Replaces every roll of character dice: each roll takes the next list of face names,
    shown on the dice through the position builder (`roll_as`)."""

    MODULES = (dicepool, combat, resource, encounters, adventure, main_phase, modifiers)

    def __init__(self, monkeypatch, *rolls):
        self.rolls = [list(r) for r in rolls]
        self.real = dicepool.roll
        for m in self.MODULES:
            monkeypatch.setattr(m, "roll", self.roll)

    def add(self, *rolls):
        self.rolls += [list(r) for r in rolls]

    def roll(self, s, p, idxs):
        if not idxs:
            return
        if not self.rolls:  # scripted rolls used up: back to chance
            return self.real(s, p, idxs)
        names = self.rolls.pop(0)
        assert len(names) == len(idxs), (names, idxs)
        roll_as(s, p, idxs, names)


def game(n=2, **cfg):
    return conan_envs.make_game("adventures_v2", num_players=n, **cfg)


def act(seg, i=0):
    return CODEC.encode(seg, i)


def die_act(d, verb):
    return CODEC.encode("act", d * NV + VERBS.index(verb))


def play_until(state, pred, limit=5000):
    """Play 'done' where legal, else the first legal action, until pred(state)."""
    done = act("done")
    for _ in range(limit):
        if pred(state):
            return state
        mask = state.legal_action_mask()
        state.apply_action(done if mask[done] else int(np.flatnonzero(mask)[0]))
    raise AssertionError("situation not reached")


def at_main(state, p):
    return play_until(state, lambda s: not s.over and s.frame().key == "main" and s.frame().actor == p)


@dataclass(frozen=True, slots=True)
class Halt(Step):
    """Stop the flow at a decision with only 'done' (an empty adjust) for inspection."""
    kind: ClassVar[str] = "test_halt"

    def run(self, s):
        s.stack.pop()
        ask(s, Adjust(0, (), "halt"))


def run_tasks(s, *steps):
    """Replace what is pending by these steps of the rules, then a halt, and run."""
    begin(s, *steps, Halt())


def halted(s):
    return not s.over and s.frame().key == "adjust" and getattr(s.frame(), "why", None) == "halt"


def answer_chores(s, until=None):
    """Answer Fate picks (first option), wounds (first die) and adjust steps (done) until
    another decision, or `until` kind, is asked."""
    while not s.over and not halted(s) and s.frame().key != until:
        k = s.frame().key
        if k == "adjust":
            s.apply_action(act("done"))
        elif k == "pick_fate":
            s.apply_action(act("fate", s.frame().opts[0]))
        elif k == "wound":
            s.apply_action(act("die", s.frame().opts[0]))
        else:
            return


def scorpion_in_shem(s, n):
    """The rulebook's Scorpion scene: The Scorpion face up, Conan in Shem, and each of the
    `n` players with no tokens and four spent character dice. Returns The Scorpion's id."""
    scorpion = next(i for i, a in enumerate(C.adventures) if a["name"] == "The Scorpion")
    face_up(s, adventures=[scorpion, -1, -1])
    place(s, {0: "Shem"})
    for p in range(n):
        no_tokens(s, p)
        set_dice(s, p, ["char"] * 4, zone=dicepool.SPENT)
    return scorpion



def ambush_for_the_foe(foe_faces):
    """Two players: Conan walks from Nemedia onto an Ambush token in Ophir; the Foe, in Stygia,
    holds dice showing `foe_faces` and is asked to Duel him or place a die on the track."""
    s = at_main(game(2).new_initial_state(4), 0)
    clear_board(s)
    no_tokens(s, 0, 1)
    place(s, {0: "Nemedia", 1: "Stygia"})
    put_token(s, K["Ophir"], take_token(s, "ambush"))
    set_dice(s, 0, ["move", "thief"])
    set_dice(s, 1, foe_faces)
    s.apply_action(die_act(0, "move"))
    s.apply_action(act("kingdom", K["Ophir"]))
    return s
