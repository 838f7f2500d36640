"""Rulebook "Activating Allies" (Leadership): an aggressive leader activates an ally model with
one gem on the ally tile, once per Action phase; the ally moves with its base movement,
attacking loses what is left of it; extra gems buy movement points, never more than the ally's
base movement; the leader may reroll the ally's dice (1 gem per die) and Guard for it.
"""
from __future__ import annotations

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import combat, rolls
from . import movement as mv
from .content import LEAP
from .data import MiniaturesData
from .frames import AllyAct
from .records import Resolution, evolve
from .steps import ALLY_ATTACK_ROLLED, ALLY_LEAP_ROLLED, NOTHING


def act_mask(s: MiniaturesData, h: int, mask: Mask, codec: ActionCodec) -> None:
    g = s.game
    if g.ally_tile < 0 or not mv.hero_skill(s, h, "leadership") or s.reserve[h] < 1:
        return
    o = codec.offsets["ally"]
    for m in g.tile_models[g.ally_tile]:
        if s.u_area[m] >= 0 and not s.u_done[m]:
            mask[o + m] = True


def activate(s: MiniaturesData, h: int, m: int) -> None:
    s.reserve[h] -= 1
    s.ally_gems[h] += 1
    s.u_done[m] = True
    tile = s.game.tiles[s.game.ally_tile]
    s.push(AllyAct(h, m, tile.move, 0, False))


def _extra(s: MiniaturesData, fr: AllyAct) -> int:
    tile = s.game.tiles[s.game.ally_tile]
    return min(s.reserve[fr.actor], tile.move - fr.bought)


def ally_mask(s: MiniaturesData, fr: AllyAct, mask: Mask, codec: ActionCodec) -> None:
    m = fr.model
    off = codec.offsets
    mask[off["done"]] = True
    a = s.u_area[m]
    if a < 0:
        return
    budget = fr.mp + _extra(s, fr)
    who = ("u", m)
    for b, c in mv.move_options(s, who, a):
        if c <= budget:
            mask[off["move"] + b] = True
    if not fr.attacked:
        reach = mv.has_skill(s, who, "reach")
        for t, b in enumerate(s.u_area):
            if (b >= 0 and mv.model_side(s, t) == mv.OVERLORD_SIDE
                    and combat.attackable(s, t, who) and combat.melee_reach(s, a, b, reach)):
                mask[off["melee"] + t] = True


def ally_apply(s: MiniaturesData, fr: AllyAct, seg: str, i: int) -> None:
    m = fr.model
    if seg == "done":
        s.pop()
        return
    if seg == "move":
        a = s.u_area[m]
        cost = mv.move_cost(s, ("u", m), a, i)
        free = min(cost, fr.mp)
        extra = cost - free
        s.replace(evolve(fr, mp=fr.mp - free, bought=fr.bought + extra))
        s.reserve[fr.actor] -= extra
        s.ally_gems[fr.actor] += extra
        mv.cross(s, a, i)
        if s.game.board.border[a][i] == LEAP:
            c = Resolution(model=m, to=i, difficulty=s.game.board.difficulty[a][i])
            rolls.start_roll(s, fr.actor, rolls.payer("hero", fr.actor, ally=True),
                             [(2, False)], ALLY_LEAP_ROLLED, c, who=("u", m))
        else:
            s.u_area[m] = i
            s.log_event(f"{s.game.model_name(m)} moves to {s.game.board.names[i]}")
        return
    s.replace(evolve(fr, attacked=True, mp=0))
    c = Resolution(side=mv.HERO_SIDE, model=m, kind="melee", target=("u", i))
    ally_attack_roll(s, c)


def ally_attack_roll(s: MiniaturesData, c: Resolution) -> None:
    g = s.game
    leader = s.ally_leader()
    payer = rolls.payer("hero", leader, ally=True) if leader >= 0 else rolls.payer("nobody")
    assert c.model is not None
    rolls.start_roll(s, max(leader, 0), payer, list(g.tiles[g.ally_tile].melee),
                     ALLY_ATTACK_ROLLED, c, rolls.support_for(s, ("u", c.model)),
                     who=("u", c.model))


def ally_attack_rolled(s: MiniaturesData, c: Resolution) -> None:
    assert c.target is not None
    combat.defend(s, c.target, sum(c.faces), "melee", NOTHING, c)


def ally_leap_rolled(s: MiniaturesData, c: Resolution) -> None:
    """A minion or ally who fails a leap drowns (facts file 7.2)."""
    assert c.model is not None and c.difficulty is not None
    if sum(c.faces) >= c.difficulty:
        s.u_area[c.model] = c.to
    else:
        s.damage_model(c.model, 99)
