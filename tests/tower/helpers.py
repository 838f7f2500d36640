"""Building Tower of the Elephant positions for rule tests."""
import numpy as np

import conan_envs
from conan_envs.tower.enemy import Enemy
from conan_envs.tower.grid import W


class FixedRng:
    """Stands in for the state's generator: die rolls come from a script, in order."""

    def __init__(self, rolls):
        self.rolls = list(rolls)

    def integers(self, lo, hi=None, size=None):
        if size is None:
            return self.rolls.pop(0)
        out = np.array([self.rolls.pop(0) for _ in range(size)], dtype=np.int64)
        return out


def sq(x, y):
    return y * W + x


def card(game, name):
    return [c.name for c in game.c["cards"]].index(name)


def act(state, seg, i=0):
    state.apply_action(state.game.codec.encode(seg, i))


def legal(state, seg, i=0):
    return bool(state.legal_action_mask()[state.game.codec.encode(seg, i)])


def fresh(mode="solo", loc=0, seed=0, **cfg):
    """A state past the START skill picks, in the location's Dice Phase."""
    game = conan_envs.make_game("tower_v1", mode=mode, start_location=loc, **cfg)
    s = game.new_initial_state(seed)
    while s.decision() == "pick":
        s.apply_action(s.legal_actions()[0])
    return s


def combat(mode="solo", loc=0, enemies=(), conan=(0, 0), rows=None, fatigue=4, seed=0,
           skills=(), **cfg):
    """A state at the start of Conan's activation in a combat round, with the given enemies
    (name, x, y, dice per row) and Conan's rows of slotted dice."""
    s = fresh(mode, loc, seed, **cfg)
    g = s.game
    s.enemies = []
    for name, x, y, dice in enemies:
        c = card(g, name)
        s.enemies.append(Enemy(c, sq(x, y), g.c["cards"][c].kind.life, dice=list(dice)))
    s.pos = sq(*conan)
    s.rows = [list(r) for r in (rows or [[], [], [], [], []])]
    s.pool = [0] * 7
    s.locked = True
    s.fatigue = fatigue
    if skills is not None:
        s.skills, s.exhausted = list(skills), [False] * len(skills)
    s.in_combat = True
    s.ret = []
    s.first_side = 0
    s.side_no = 0
    s._start_side(0)
    s._mask = None
    return s
