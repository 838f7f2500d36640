"""Set-ups for rule tests: a state at a chosen decision with a cleared board, and loaded dice."""
import numpy as np

import conan_envs

# face index of each symbol count on the designed dice (data/dice.yaml)
FACE = {"Y": {0: 0, 1: 2, 2: 5}, "O": {0: 0, 1: 1, 2: 4}, "R": {0: 0, 1: 1, 2: 3, 3: 5}}


class Loaded:
    """Stands in for the state's generator: dice come out as listed (colour, symbols)."""

    def __init__(self, *rolls):
        self.queue = [FACE[c][n] for c, n in rolls]

    def integers(self, high, size=None):
        if size is None:
            return self.queue.pop(0)
        out = [self.queue.pop(0) for _ in range(size)]
        return np.array(out, dtype=np.int64)

    def empty(self):
        return not self.queue


def game(scenario="clutches", num_heroes=3):
    return conan_envs.make_game("miniatures_v1", scenario=scenario, num_heroes=num_heroes)


def act(s, seg, i=0):
    s.apply_action(s.game.codec.encode(seg, i))


def hero(s, key):
    return s.game.hero_keys.index(key)


def area(s, name):
    return s.game.board.index[name]


def model(s, tile_key, k=0):
    g = s.game
    return g.tile_models[g.tile_index[tile_key]][k]


def obj(s, name, nth=0):
    found = [o for o, it in enumerate(s.game.objects) if it.key == name]
    return found[nth]


def action_phase(s, stances=None, hut="hut_8"):
    """Play the Overlord's hiding choice and the stances; clear the board of models."""
    if s.decision() == "hide":
        act(s, "area", area(s, hut))
    while s.decision() == "stance":
        st = (stances or {}).get(s.game.hero_keys[s.current_player()], 0)
        act(s, "stance", st)
    assert s.decision() == "act"
    keep = {"captain", "zaporavo", "skuthus", "thalis", "princess"}   # their deaths would end the game
    g = s.game
    for m in range(g.num_models):
        if g.tiles[g.model_tile[m]].key not in keep:
            s.u_area[m] = -1
    touch(s)
    return s


def legal(s, seg):
    """Indices of the legal actions of one segment."""
    c = s.game.codec
    sl = c.slice(seg)
    return np.flatnonzero(s.legal_action_mask()[sl]).tolist()


def touch(s):
    """Forget the cached legal mask after a test edits the state's fields."""
    s._mask = None
    s._pre = None


def end_heroes_turn(s):
    while s.decision() == "act":
        act(s, "done")
