"""Set-ups for rule tests: a state at a chosen decision with a cleared board, and loaded dice."""
import numpy as np

import conan_envs
from conan_envs.miniatures import position


def loaded(s, *rolls):
    """Load the state's dice: they come out as listed (colour, symbols)."""
    return position.load_dice(s, *rolls)


def game(scenario="clutches", num_heroes=3):
    return conan_envs.make_game("miniatures_v2", scenario=scenario, num_heroes=num_heroes)


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
    keep = {"captain", "zaporavo", "skuthus", "thalis", "princess"} & {t.key for t in s.game.tiles}
    return position.clear_models(s, keep)   # their deaths would end the game


def legal(s, seg):
    """Indices of the legal actions of one segment."""
    c = s.game.codec
    sl = c.slice(seg)
    return np.flatnonzero(s.legal_action_mask()[sl]).tolist()


def end_heroes_turn(s):
    while s.decision() == "act":
        act(s, "done")
