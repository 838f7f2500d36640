"""Rolling dice and rerolling them: rulebook "Rerolls", "Reroll"; skills Support and Jinx.

Every roll goes through a `reroll` decision (skipped when no reroll is possible): free
rerolls of marked dice, Support's extra free reroll, then paid rerolls (a hero's gems, or the
Overlord's Reroll benefit). What happens next is a continuation (steps.py): taken at once with
the roll's `Resolution` when no reroll is possible, else pushed under the `Reroll` decision,
which puts the final roll in it.
"""
from __future__ import annotations

from collections.abc import Sequence

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import movement as mv
from .constants import ROLL_PURPOSE
from .content import COLOR_NAMES
from .data import MiniaturesData
from .frames import Reroll
from .records import Cont, Payer, Resolution, Who, copy_resolution, evolve
from .steps import DefenseRolled
from .view import dice_words


# ---- rolling and rerolling --------------------------------------------------------------
def payer(side: str, hero: int = -1, ally: bool = False) -> Payer:
    """Who pays for paid rerolls: side "hero" (gems from `hero`'s Reserve onto the Reroll space,
    or onto the ally tile when `ally`: a leader rerolling an ally's die), "overlord" (the
    Reroll benefit, Reserve to Fatigue) or "nobody" (no paid rerolls)."""
    return Payer(side, hero, ally)


def start_roll(s: MiniaturesData, player: int, payer_: Payer, specs: Sequence[tuple[int, bool]],
               then: Cont, c: Resolution,
               support: int = 0, who: Who | None = None) -> None:
    """Roll `specs` ((colour, marked), ...); `payer_` (see `payer`) pays for rerolls; marked
    dice give free rerolls of their colour. `who` rolls (default: the paying hero); Jinx in its
    area forbids every reroll."""
    faces = s.game.faces
    dice = [col for col, _ in specs]
    rolls = s.rng.integers(6, size=len(dice)).tolist() if dice else []
    free = [0, 0, 0]
    for col, marked in specs:
        if marked:
            free[col] += 1
    if who is None and payer_.side == "hero" and not payer_.ally:
        who = ("h", payer_.hero)
    if who is not None and jinxed(s, who):
        free, support, payer_ = [0, 0, 0], 0, payer("nobody")
    fr = Reroll(player, payer_, dice, [faces[col][r] for col, r in zip(dice, rolls)], free,
                support, then, c)
    if dice:
        s.log_event(f"{roller_name(s, c, player, then)} rolls for {ROLL_PURPOSE[then.kind]}: "
                    f"{dice_words(s.game, dice, fr.faces)} = {sum(fr.faces)}")
    if dice and _can_reroll(s, fr):
        s.push(then.carrying(c))   # where play returns once the roll is final
        s.push(fr)
    else:
        c.faces = fr.faces
        then.go(s, c)


def jinxed(s: MiniaturesData, who: Who) -> bool:
    """Jinx: enemies in this model's area cannot reroll at all."""
    area = mv.area_of(s, who)
    if area < 0:
        return False
    side = mv.side_of(s, who)
    g = s.game
    for m, a in enumerate(s.u_area):
        if a == area and "jinx" in g.tiles[g.model_tile[m]].skills and mv.model_side(s, m) != side:
            return True
    return False


def _can_pay(s: MiniaturesData, pays: Payer) -> bool:
    if pays.side == "hero":
        return s.reserve[pays.hero] > 0
    if pays.side == "overlord":
        return s.ov_reserve > 0
    return False


def _can_reroll(s: MiniaturesData, fr: Reroll) -> bool:
    return fr.support > 0 or any(fr.free[c] for c in fr.dice) or _can_pay(s, fr.payer)


def reroll_mask(s: MiniaturesData, fr: Reroll, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["reroll"]
    pay = _can_pay(s, fr.payer)
    free = fr.free
    for i, col in enumerate(fr.dice):
        if pay or fr.support or free[col]:
            mask[o + i] = True
    mask[codec.offsets["keep"]] = True


def reroll_apply(s: MiniaturesData, fr: Reroll, seg: str, i: int) -> None:
    if seg == "keep":
        _finish_roll(s, fr)
        return
    col = fr.dice[i]
    free, support = fr.free, fr.support
    if free[col]:
        free = free.copy()
        free[col] -= 1
    elif support:
        support -= 1
    else:
        pay_reroll(s, fr.payer)
    faces = fr.faces.copy()
    faces[i] = s.game.faces[col][int(s.rng.integers(6))]
    fr = evolve(fr, faces=faces, free=free, support=support)
    s.replace(fr)
    s.log_event(f"{roller_name(s, fr.context, fr.actor, fr.then)} rerolls die {i + 1} "
                f"({COLOR_NAMES[col]}): {fr.faces[i]}, total {sum(fr.faces)}")
    if not _can_reroll(s, fr):
        _finish_roll(s, fr)


def pay_reroll(s: MiniaturesData, pays: Payer) -> None:
    if pays.side == "hero":
        h = pays.hero
        s.reserve[h] -= 1
        if pays.ally:      # a leader rerolling an ally's die: the gem goes on the ally tile
            s.ally_gems[h] += 1
        else:
            s.spaces[h][5] += 1
    else:
        s.ov_reserve -= 1
        s.ov_fatigue += 1


def roller_name(s: MiniaturesData, c: Resolution, player: int, then: Cont | None = None) -> str:
    """Who rolls: the defender for a defence roll (the context names the attacker), else the
    character acting, else the player."""
    g = s.game
    if isinstance(then, DefenseRolled) and c.target is not None:
        return target_name(s, c.target)
    if c.hero is not None:
        return g.heroes[c.hero].name
    if c.model is not None:
        return g.model_name(c.model)
    return g.roles[player].capitalize() if player == g.overlord else g.heroes[player].name


def target_name(s: MiniaturesData, t: Who) -> str:
    g = s.game
    if t[0] == "h":
        return g.heroes[t[1]].name
    if t[0] == "u":
        return g.model_name(t[1])
    return g.objects[g.captive].name


def _finish_roll(s: MiniaturesData, fr: Reroll) -> None:
    """The roll is final: the continuation under the decision takes it (the run loop)."""
    s.pop()
    s.replace(fr.then.carrying(copy_resolution(fr.context, faces=fr.faces)))


def support_for(s: MiniaturesData, who: Who) -> int:
    """Support: friendly characters in the area of a Support character get one extra free
    reroll per action (the Support character included)."""
    area = mv.area_of(s, who)
    side = mv.side_of(s, who)
    g = s.game
    for h, a in enumerate(s.h_area):
        if a == area and side == mv.HERO_SIDE and mv.hero_skill(s, h, "support"):
            return 1
    for m, a in enumerate(s.u_area):
        if a == area and mv.model_side(s, m) == side and "support" in g.tiles[g.model_tile[m]].skills:
            return 1
    return 0
