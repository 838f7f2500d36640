"""Building Kings of Hyboria situations by hand, with dice that roll what the test says."""
from __future__ import annotations

import conan_envs
from conan_envs.kings import content as C
from conan_envs.kings.actions import COUNT0, DONE, PLAYER0, REGION0, REROLL, RESULT0, UNIT0  # noqa: F401

A, E, H, W, M, S, K, F = range(8)


class Dice:
    """Scripted dice, loaded into a state through the position builder (`load_dice`): each
    roll takes the next value (given as (sides, value), the die's size is checked too);
    `sides` lists the dice rolled. Once the script is used up, `then` rolls blanks (the
    highest result, or 1 on a D10), else the test fails. A test may script more rolls
    later (`values`)."""

    def __init__(self, *values, then=False):
        self.values = list(values)
        self.sides = []
        self.then = then

    def roll(self, sides):
        self.sides.append(sides)
        if not self.values and self.then:
            return 1 if sides == 10 else sides
        assert self.values, "the test ran out of scripted dice"
        v = self.values.pop(0)
        if isinstance(v, tuple):
            assert v[0] == sides, f"expected a D{v[0]}, rolled a D{sides}"
            v = v[1]
        assert 1 <= v <= sides
        return v


def rid(name):
    return C.RINDEX[name]


def region(name):
    return REGION0 + C.RINDEX[name]


def unit(t):
    return UNIT0 + t


def blank(n=2, seed=0, **config):
    """A state of n players (turn order 0, 1, ...) with an empty map, player 0 to play."""
    game = conan_envs.make_game("kings_v2", num_players=n, **config)
    return game.state_class.empty(game, seed=seed)


def put(s, name, owner, t, k=1):
    s.place(name, owner, t, k)


def units(s, name, owner):
    r = rid(name)
    return {C.UNIT_KEYS[t]: s.at(r, owner, t) for t in range(C.NUM_TYPES) if s.at(r, owner, t)}


def start(s, phase, dice=(), queue=None, then=False):
    """Run the phasing player's turn from `phase` with scripted dice: `dice` is a Dice, or
    the values for a new one (with `then`)."""
    s.load_dice((dice if isinstance(dice, Dice) else Dice(*dice, then=then)).roll)
    return s.begin(phase, rolls=queue)


def hero_roll(s, name, v, t=H, more=()):
    """Player 0's Hero (or King) in `name` rolls v on the Heroic Actions Table."""
    return start(s, "hero", (v, *more), [[rid(name), t]])


def wizard_roll(s, name, v, more=()):
    return start(s, "wizard", (v, *more), [[rid(name), W]])


def play(s, *actions):
    for a in actions:
        s.apply_action(a)
    return s


def skip_recruit(s):
    if s.decision() == "recruit":
        play(s, DONE)
    return s
