"""Building Tower of the Elephant positions for rule tests."""
import conan_envs
from conan_envs.tower.grid import W
from conan_envs.tower.positions import combat_position


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
    game = conan_envs.make_game("tower_v2", mode=mode, start_location=loc, **cfg)
    s = game.new_initial_state(seed)
    while s.decision() == "pick":
        s.apply_action(s.legal_actions()[0])
    return s


def combat(mode="solo", loc=0, enemies=(), conan=(0, 0), rows=None, fatigue=4, seed=0,
           skills=(), conan_tokens=(), wounds=0, move=None, tracker=None, **cfg):
    """A state at the start of Conan's activation in a combat round, with the given enemies
    (name, x, y, dice per row) and Conan's rows of slotted dice (the game's position builder)."""
    return combat_position(fresh(mode, loc, seed, **cfg), enemies, conan, rows, fatigue, skills,
                           conan_tokens, wounds, move, tracker)


def grid(state):
    """The board of the state's location, as printed on its Location Card."""
    return state.game.c["locations"][state.loc].grid


def conan_view(state):
    """Conan's card as the public view shows it."""
    return state.view(0)["conan"]


def acting(card):
    """The token acting this round on a card of the public view (Conan's or an enemy's):
    "STUNNED", "RATTLED", or "" when none acts."""
    return card["tokens"][0] if card["token_acting"] else ""
