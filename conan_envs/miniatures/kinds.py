"""Every decision of the miniatures game (rulebook "Game Play") and the rules functions that
build its legal mask and apply its action, and every continuation a roll or an attack
resumes: the static dispatch tables the state uses (above the rules modules, below the
state). Each table is keyed by the frame's type or by `Then`, and covers every one.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import (
    allies,
    combat,
    heroes_turn,
    manipulation,
    overlord,
    ritual,
    rolls,
    scenarios,
    spells,
)
from . import frames as F
from .frames import FRAME_TYPES, Then

# decisions that are skipped when a single action is legal (nothing to choose)
AUTO: frozenset[type[F.Frame]] = frozenset({
    F.Act, F.Guard, F.Unit, F.OverlordTurn, F.AllyAct, F.Reinforce, F.Event, F.Free,
    F.MustDrop, F.UnitSpell, F.Haste})

# frame type -> (mask builder, action applier); both take (state, frame, ...)
Mask = Callable[[Any, Any, Any, Any], None]
Apply = Callable[[Any, Any, str, int], None]
KINDS: dict[type[F.Frame], tuple[Mask, Apply]] = {
    F.Hide: (scenarios.hide_mask, scenarios.hide_apply),
    F.StanceChoice: (heroes_turn.stance_mask, heroes_turn.stance_apply),
    F.Act: (heroes_turn.act_mask, heroes_turn.act_apply),
    F.AttackGems: (combat.atk_gems_mask, combat.atk_gems_apply),
    F.AttackWeapon: (combat.atk_weapon_mask, combat.atk_weapon_apply),
    F.Reroll: (rolls.reroll_mask, rolls.reroll_apply),
    F.Sacrifice: (combat.sacrifice_mask, combat.sacrifice_apply),
    F.Circular: (combat.circular_mask, combat.circular_apply),
    F.AreaOrder: (combat.area_order_mask, combat.area_order_apply),
    F.Beyond: (combat.beyond_mask, combat.beyond_apply),
    F.Guard: (combat.guard_mask, combat.guard_apply),
    F.OverlordGuard: (combat.ov_guard_mask, combat.ov_guard_apply),
    F.AllyGuard: (combat.ally_guard_mask, combat.ally_guard_apply),
    F.ManipGems: (manipulation.manip_gems_mask, manipulation.manip_gems_apply),
    F.ThrowArea: (manipulation.throw_area_mask, manipulation.throw_area_apply),
    F.Claim: (manipulation.claim_mask, manipulation.claim_apply),
    F.Catch: (manipulation.catch_mask, manipulation.catch_apply),
    F.MustDrop: (manipulation.must_drop_mask, manipulation.must_drop_apply),
    F.SpellTarget: (spells.target_mask, spells.target_apply),
    F.AllyAct: (allies.ally_mask, allies.ally_apply),
    F.OverlordTurn: (overlord.turn_mask, overlord.turn_apply),
    F.Unit: (overlord.unit_mask, overlord.unit_apply),
    F.Event: (overlord.event_mask, overlord.event_apply),
    F.UnitSpell: (overlord.unit_spell_mask, overlord.unit_spell_apply),
    F.Free: (overlord.free_mask, overlord.free_apply),
    F.Rocks: (overlord.rocks_mask, overlord.rocks_apply),
    F.Reinforce: (overlord.reinforce_mask, overlord.reinforce_apply),
    F.ReinforceArea: (overlord.reinforce_area_mask, overlord.reinforce_area_apply),
    F.Haste: (overlord.haste_mask, overlord.haste_apply),
}

# what a roll or an attack resumes with once it is resolved
Cont = Callable[[Any, F.Resolution], None]
CONT: dict[Then, Cont] = {
    Then.NOTHING: combat.nothing,
    Then.HERO_FELL: heroes_turn.hero_fell,
    Then.HERO_LEAP_ROLLED: heroes_turn.hero_leap_rolled,
    Then.HERO_ATTACK_ROLL: combat.hero_attack_roll,
    Then.HERO_ATTACK_ROLLED: combat.hero_attack_rolled,
    Then.HERO_ATTACK_DONE: combat.hero_attack_done,
    Then.DEFEND_NOW: combat.defend_now,
    Then.DEFENSE_ROLLED: combat.defense_rolled,
    Then.AREA_NEXT: combat.area_next,
    Then.BEYOND_ROLLED: combat.beyond_rolled,
    Then.MANIP_ROLLED: manipulation.manip_rolled,
    Then.ORB_ROLLED: manipulation.orb_rolled,
    Then.UNIT_ATTACK_ROLL: overlord.unit_attack_roll,
    Then.UNIT_ATTACK_ROLLED: overlord.unit_attack_rolled,
    Then.UNIT_ATTACK_DONE: overlord.unit_attack_done,
    Then.UNIT_LEAP_ROLLED: overlord.unit_leap_rolled,
    Then.UNIT_FELL: overlord.unit_fell,
    Then.UNIT_SPELL_ROLLED: overlord.unit_spell_rolled,
    Then.ROCKS_FELL: overlord.rocks_fell,
    Then.BARRICADE_HIT: ritual.barricade_hit,
    Then.INCANTED: ritual.incanted,
    Then.SPELL_ROLLED: spells.spell_rolled,
    Then.KISS_DONE: spells.kiss_done,
    Then.ALLY_ATTACK_ROLL: allies.ally_attack_roll,
    Then.ALLY_ATTACK_ROLLED: allies.ally_attack_rolled,
    Then.ALLY_LEAP_ROLLED: allies.ally_leap_rolled,
}

assert set(KINDS) == set(FRAME_TYPES) and set(CONT) == set(Then), "a dispatch table is incomplete"
