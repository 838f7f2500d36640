"""Helpers for scripted situations: fixed dice, named faces, and reaching a given decision."""
import numpy as np

import conan_envs
from conan_envs.adventures import adventure, combat, dicepool, encounters, main_phase, modifiers, resource
from conan_envs.adventures.actions import CODEC, NV, VERBS
from conan_envs.adventures.content import content

C = content()
K = C.kid


def face(name):
    """Face id from rulebook words: 'warrior', 'sorcery|warrior', 'warrior+warrior', 'wild', 'char'."""
    from conan_envs.adventures.content import _face
    return C.faces.index(_face(name))


class FixedDice:
    """Replaces every roll of character dice: each roll takes the next list of face names."""

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
        for i, n in zip(idxs, names):
            s.face[p][i] = face(n)


def game(n=2, **cfg):
    return conan_envs.make_game("adventures_v1", num_players=n, **cfg)


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
    return play_until(state, lambda s: s.dec is not None and s.dec["k"] == "main" and s.dec["p"] == p)


def set_dice(s, p, names, zone=dicepool.ACTIVE, dtypes=None):
    """Give player p exactly these dice (faces by name) in one zone."""
    s.face[p] = [face(x) for x in names]
    s.zone[p] = [zone] * len(names)
    if dtypes is not None:
        s.dtype[p] = [C.dtypes.index(t) for t in dtypes]
    else:
        s.dtype[p] = (s.dtype[p] + s.dtype[p])[:len(names)]
    s._mask = None


def clear_board(s):
    s.ct_board = [-1] * len(C.kingdoms)
    s.temple = [[] for _ in C.kingdoms]
    s.fate_board = [[0] * 8 for _ in C.kingdoms]
    s._mask = None


def token_of_kind(s, kind, value=0):
    """Take a Challenge token of this kind out of wherever it is in the supply."""
    from conan_envs.adventures.content import CT_KINDS
    k = CT_KINDS.index(kind)
    t = next(t for t in s.ct_supply if C.ct[t] == (k, value))
    s.ct_supply.remove(t)
    return t


from conan_envs.adventures.flow import ask, push, run, task  # noqa: E402


@task("test_halt")
def _halt(s):
    """Stop the flow at a decision with only 'done' (an empty adjust) for inspection."""
    ask(s, "adjust", 0, dice=[], why="halt")


def run_tasks(s, *tasks):
    """Replace what is pending by these tasks, then a halt, and run."""
    s.dec = None
    s.tasks = [["test_halt"]]
    push(s, *tasks)
    s._mask = None
    run(s)


def halted(s):
    return s.dec is not None and s.dec["k"] == "adjust" and s.dec.get("why") == "halt"


def answer_chores(s, until=None):
    """Answer Fate picks (first option), wounds (first die) and adjust steps (done) until
    another decision, or `until` kind, is asked."""
    while s.dec is not None and not halted(s) and s.dec["k"] != until:
        k = s.dec["k"]
        if k == "adjust":
            s.apply_action(act("done"))
        elif k == "pick_fate":
            s.apply_action(act("fate", s.dec["opts"][0]))
        elif k == "wound":
            s.apply_action(act("die", s.dec["opts"][0]))
        else:
            return


def no_tokens(s, *players):
    """No Fate tokens, God tokens, or unused ability: no chance to change results."""
    for p in players:
        s.fate[p] = [0] * 8
        s.gods[p] = []
        s.ability_used[p] = True


def scorpion_in_shem(s, n):
    """The rulebook's Scorpion scene: The Scorpion face up, Conan in Shem, and each of the
    `n` players with no tokens and four spent character dice. Returns The Scorpion's id."""
    scorpion = next(i for i, a in enumerate(C.adventures) if a["name"] == "The Scorpion")
    s.adv_face = [scorpion, -1, -1]
    s.loc[0] = K["Shem"]
    for p in range(n):
        no_tokens(s, p)
        set_dice(s, p, ["char"] * 4, zone=dicepool.SPENT)
    return scorpion

