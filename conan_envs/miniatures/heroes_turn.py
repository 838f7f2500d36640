"""The heroes' turn (rulebook "The Heroes' Turn"): Start, Stance, Action and End phases;
the heroes act in any order, handing the turn among themselves until every hero has stopped
(the turn may pass through every companion once without an action in between); "Move" (free base movement,
lost once another action follows a move; 1 gem per extra point); fleeing from a board edge.
"""
from __future__ import annotations

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import allies, combat, manipulation, rolls, scenarios, spells
from . import movement as mv
from .constants import Space, Stance
from .content import DROP, LEAP
from .data import MiniaturesData
from .frames import Act, StanceChoice
from .records import Resolution
from .steps import HERO_FELL, HERO_LEAP_ROLLED

MELEE, RANGED, MOVE = Space.MELEE, Space.RANGED, Space.MOVE
AGGRESSIVE, CAUTIOUS = Stance.AGGRESSIVE, Stance.CAUTIOUS
RECOVERY = {AGGRESSIVE: (2, 3, 4), CAUTIOUS: (5, 6, 7)}


def spent_to_fatigue(s: MiniaturesData, h: int) -> None:
    n = sum(s.spaces[h]) + sum(s.spell_gems[h]) + s.ally_gems[h]
    s.fatigue[h] += n
    s.spaces[h] = [0] * 6
    s.spell_gems[h] = [0] * len(s.spell_gems[h])
    s.ally_gems[h] = 0


def start_phase(s: MiniaturesData) -> None:
    """Start phase: gems spent during the Overlord's turn go to Fatigue; then Stance."""
    s.log_event(f"Round {s.turn + 1}: the heroes' turn")
    for h in range(s.game.num_heroes):
        spent_to_fatigue(s, h)
        s.stance[h] = 0
    # Magical Dizziness lasts until the caster's next turn; Set's Possession takes Blocking
    # away until the end of the round it was cast in
    n = s.game.num_models
    s.u_dizzy = [0] * n
    s.u_noblock = [False] * n
    s.phase = "stance"
    for h in reversed(s.heroes_in_play()):
        s.push(StanceChoice(h))


def stance_mask(s: MiniaturesData, fr: StanceChoice, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["stance"]
    mask[o] = mask[o + 1] = True


def stance_apply(s: MiniaturesData, fr: StanceChoice, seg: str, i: int) -> None:
    s.pop()
    h = fr.actor
    st = AGGRESSIVE if i == 0 else CAUTIOUS
    s.stance[h] = st
    if st == AGGRESSIVE:
        s.halo[h] = 0   # Mitra's Halo lasts until the caster turns aggressive
    n = min(RECOVERY[st][min(s.dead_heroes, 2)], s.fatigue[h])
    s.fatigue[h] -= n
    s.reserve[h] += n
    s.log_event(f"{s.game.heroes[h].name} turns {('', 'aggressive', 'cautious')[st]} and "
                f"recovers {n} gems")


def begin_action_phase(s: MiniaturesData) -> None:
    s.phase = "action"
    for h in range(s.game.num_heroes):
        s.mp[h] = mv.base_movement(s, h) if s.stance[h] == AGGRESSIVE and s.h_state[h] == 0 else 0
        s.moved[h] = False
    s.u_done = [False] * s.game.num_models
    s.stopped = [False] * s.game.num_heroes
    s.idle = 0
    heroes = s.heroes_in_play()
    if heroes:
        s.push(Act(heroes[0]))


def end_phase(s: MiniaturesData) -> None:
    """End phase: every gem on action spaces, spell cards and ally tiles goes to Fatigue;
    unspent movement points are lost."""
    for h in range(s.game.num_heroes):
        spent_to_fatigue(s, h)
        s.mp[h] = 0
        s.flying[h] = False   # Borne by the Wind ends with the turn


def pass_turn(s: MiniaturesData, fr: Act) -> None:
    """The turn goes to the next hero still acting; with none left the phase ends. `fr` is
    the decision on top."""
    heroes = [h for h in s.heroes_in_play() if not s.stopped[h]]
    if heroes:
        later = [h for h in heroes if h > fr.actor]
        s.replace(Act((later or heroes)[0]))
        s.idle = 0
    else:
        s.pop()


def fix_active(s: MiniaturesData) -> None:
    """The active hero died or fled: the turn passes on."""
    if s.stack:
        fr = s.stack[-1]
        if type(fr) is Act and s.h_state[fr.actor] != 0:
            pass_turn(s, fr)


def lose_movement(s: MiniaturesData, h: int) -> None:
    """Stopping a move to take another action loses the remaining movement points."""
    if s.moved[h]:
        s.mp[h] = 0


def move_budget(s: MiniaturesData, h: int) -> int:
    return int(s.mp[h] + combat.space_room(s, h, MOVE))


def pay_movement(s: MiniaturesData, h: int, cost: int) -> None:
    free = min(cost, s.mp[h])
    s.mp[h] -= free
    s.reserve[h] -= cost - free
    s.spaces[h][MOVE] += cost - free
    s.moved[h] = True


def act_mask(s: MiniaturesData, fr: Act, mask: Mask, codec: ActionCodec) -> None:
    h = fr.actor
    off = codec.offsets
    a = s.h_area[h]
    if s.stance[h] == AGGRESSIVE:
        who = ("h", h)
        budget = move_budget(s, h)
        for b, c in mv.move_options(s, who, a):
            if c <= budget:
                mask[off["move"] + b] = True
        c = mv.flee_cost(s, h)
        if 0 <= c <= budget:
            mask[off["flee"]] = True
        if combat.space_room(s, h, MELEE):
            for m in combat.hero_attack_targets(s, h, "melee"):
                mask[off["melee"] + m] = True
        if combat.space_room(s, h, RANGED) and combat.hero_weapons(s, h, "ranged"):
            for m in combat.hero_attack_targets(s, h, "ranged"):
                mask[off["ranged"] + m] = True
        manipulation.act_mask(s, h, mask, codec)
        allies.act_mask(s, h, mask, codec)
    spells.act_mask(s, h, mask, codec)
    acting = [h2 for h2 in s.heroes_in_play() if not s.stopped[h2]]
    if s.idle < len(acting) - 1:
        for h2 in acting:
            if h2 != h:
                mask[off["hand"] + h2] = True
    mask[off["done"]] = True


def act_apply(s: MiniaturesData, fr: Act, seg: str, i: int) -> None:
    h = fr.actor
    if seg == "done":
        s.log_event(f"{s.game.heroes[h].name} stops acting this phase")
        s.stopped[h] = True   # this hero stops acting for the phase
        pass_turn(s, fr)
        return
    if seg == "hand":
        s.replace(Act(i))
        s.idle += 1
        return
    s.idle = 0
    if seg == "move":
        move_hero(s, h, i)
        return
    if seg == "flee":
        s.log_event(f"{s.game.heroes[h].name} flees the board")
        pay_movement(s, h, mv.flee_cost(s, h))
        scenarios.flee(s, h)
        return
    if seg in ("drop", "use"):
        manipulation.act_apply(s, h, seg, i)
        return
    lose_movement(s, h)
    if seg in ("melee", "ranged"):
        combat.begin_hero_attack(s, h, seg, i)
    elif seg == "spell":
        spells.cast(s, h, i)
    elif seg == "ally":
        allies.activate(s, h, i)
    else:
        manipulation.act_apply(s, h, seg, i)


def move_hero(s: MiniaturesData, h: int, b: int) -> None:
    a = s.h_area[h]
    kind = s.game.board.border[a][b]
    pay_movement(s, h, mv.move_cost(s, ("h", h), a, b))
    if s.flying[h]:
        s.move_hero(h, b)   # Flying: over scenery, no leap roll, no fall, no wall broken
        return
    mv.cross(s, a, b)
    if kind == LEAP:
        c = Resolution(hero=h, to=b, difficulty=s.game.board.difficulty[a][b])
        rolls.start_roll(s, h, rolls.payer("hero", h), [(2, False)], HERO_LEAP_ROLLED, c)
        return
    s.move_hero(h, b)
    if kind == DROP:
        fall(s, h)


def fall(s: MiniaturesData, h: int) -> None:
    """Falling damage: dice from the map (one fewer with Leap); no Guard or Armor, but the
    hero may Reroll. Falling does not cost the remaining base movement."""
    dice = list(s.game.board.fall_dice)
    if mv.hero_skill(s, h, "leap"):
        dice = dice[:max(1, len(dice) - 1)]
    rolls.start_roll(s, h, rolls.payer("hero", h), dice, HERO_FELL, Resolution(hero=h), 0)


def hero_fell(s: MiniaturesData, c: Resolution) -> None:
    """"If a falling character is carrying another character, both suffer the same damage":
    the captive (Yselda, Olivia: 1 life) dies of any damage, and the heroes' side, whose hero
    fell, has killed her (ruling)."""
    h = c.hero
    assert h is not None
    dmg = sum(c.faces)
    g = s.game
    carried = g.captive >= 0 and s.o_loc[g.captive] == -1 - h
    s.wound_hero(h, dmg)
    if carried and dmg > 0 and s.winner < 0:
        s.kill_captive(by_heroes=True)


def hero_leap_rolled(s: MiniaturesData, c: Resolution) -> None:
    """Leap: roll 1 red die; it succeeds if the symbols reach the difficulty. A hero who fails
    stays where they are (facts file 7.2)."""
    assert c.difficulty is not None and c.hero is not None
    if sum(c.faces) >= c.difficulty:
        s.move_hero(c.hero, c.to)
