"""A position builder for tests and curricula (Combat Phase: The Combat Round): a state at the
start of Conan's activation in a combat round at a chosen location, with chosen enemies, dice
in Conan's rows, FATIGUE, skills and tokens. The only place outside the rules that sets a
state's fields; everything after it is played through public moves."""
from __future__ import annotations

from .content import ROWS
from .enemy import Enemy
from .grid import W


def combat_position(state, enemies=(), conan=(0, 0), rows=None, fatigue=4, skills=None,
                    conan_tokens=(), wounds=0):
    """Set `state` (a fresh state of its game) to Conan's activation in a combat round.
    `enemies`: (card name, x, y, dice per row) each; `conan`: his (x, y); `rows`: the items in
    his five rows (dice 1-6, FATIGUE 7, RAGE 8); `skills`: indexes of the skills he holds (None
    keeps those he has); `conan_tokens`: his STUNNED/RATTLED stack ("S"/"R"), the oldest acting;
    `wounds`: his wounds (the RAGE tokens on those spaces of the track are gone)."""
    c = state.game.c
    names = [cd.name for cd in c["cards"]]
    state.picks = []
    state.enemies = []
    for name, x, y, dice in enemies:
        card = names.index(name)
        kind = c["cards"][card].kind
        if len(dice) != len(kind.rows):
            raise ValueError(f"{name} has {len(kind.rows)} rows, not {len(dice)}")
        state.enemies.append(Enemy(card, y * W + x, kind.life, dice=list(dice)))
    state.pos = conan[1] * W + conan[0]
    state.rows = [list(r) for r in (rows or [[] for _ in ROWS])]
    state.pool = [0] * 7
    state.locked = True
    state.fatigue = fatigue
    state.wounds = wounds
    state.rage_track = [w for w in c["conan"]["rage_on_wounds"] if w > wounds]
    if skills is not None:
        state.skills, state.exhausted = list(skills), [False] * len(skills)
    state.ctok = list(conan_tokens)
    state.ctok_active = bool(conan_tokens)
    state.in_combat = True
    state.ret = []
    state.first_side = 0
    state.side_no = 0
    state._start_side(0)
    state._mask = None
    return state
