"""Every decision of the miniatures game (rulebook "Game Play") and the rules module that
builds its legal mask and applies its action: the one dispatch table the state uses (above
the rules modules, below the state).
"""
from __future__ import annotations

from . import (
    allies,
    combat,
    heroes_turn,
    manipulation,
    overlord,
    rolls,
    scenarios,
    spells,
)

# decisions that are skipped when a single action is legal (nothing to choose)
AUTO = {"act", "guard", "unit", "ov_turn", "ally_act", "reinforce", "event", "free", "must_drop",
        "unit_spell", "haste"}

KINDS = {
    "hide": (scenarios.hide_mask, scenarios.hide_apply),
    "stance": (heroes_turn.stance_mask, heroes_turn.stance_apply),
    "act": (heroes_turn.act_mask, heroes_turn.act_apply),
    "atk_gems": (combat.atk_gems_mask, combat.atk_gems_apply),
    "atk_weapon": (combat.atk_weapon_mask, combat.atk_weapon_apply),
    "reroll": (rolls.reroll_mask, rolls.reroll_apply),
    "sacrifice": (combat.sacrifice_mask, combat.sacrifice_apply),
    "circular": (combat.circular_mask, combat.circular_apply),
    "area_order": (combat.area_order_mask, combat.area_order_apply),
    "beyond": (combat.beyond_mask, combat.beyond_apply),
    "guard": (combat.guard_mask, combat.guard_apply),
    "ov_guard": (combat.ov_guard_mask, combat.ov_guard_apply),
    "ally_guard": (combat.ally_guard_mask, combat.ally_guard_apply),
    "manip_gems": (manipulation.manip_gems_mask, manipulation.manip_gems_apply),
    "throw_area": (manipulation.throw_area_mask, manipulation.throw_area_apply),
    "claim": (manipulation.claim_mask, manipulation.claim_apply),
    "catch": (manipulation.catch_mask, manipulation.catch_apply),
    "must_drop": (manipulation.must_drop_mask, manipulation.must_drop_apply),
    "spell_target": (spells.target_mask, spells.target_apply),
    "ally_act": (allies.ally_mask, allies.ally_apply),
    "ov_turn": (overlord.turn_mask, overlord.turn_apply),
    "unit": (overlord.unit_mask, overlord.unit_apply),
    "event": (overlord.event_mask, overlord.event_apply),
    "unit_spell": (overlord.unit_spell_mask, overlord.unit_spell_apply),
    "free": (overlord.free_mask, overlord.free_apply),
    "rocks": (overlord.rocks_mask, overlord.rocks_apply),
    "reinforce": (overlord.reinforce_mask, overlord.reinforce_apply),
    "reinforce_area": (overlord.reinforce_area_mask, overlord.reinforce_area_apply),
    "haste": (overlord.haste_mask, overlord.haste_apply),
}
