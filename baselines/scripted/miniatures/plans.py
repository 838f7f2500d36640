"""Human-style plans for the miniatures heroes (``scripted:plan=NAME``).

``block`` (`BlockHeroes`), In the Heart of Darkness, heroes' seats only. The scenario (facts
file 7.3, with the engine's designed places, docs/rulings/miniatures.md "In the Heart of
Darkness"): the heroes win when Skuthus dies, the Overlord at the end of round 8. Skuthus
starts in the fort's tower, guarded by two Bossonian Archers; he is Protected ("cannot be
attacked while a friendly unit without Protected shares the area"), and the tower is a
reinforcement area (with the barracks and the well): the event's reinforcement points bring
dead archers and hyenas back into any of them that is not full. The tower holds three models
(rulebook "Occupied Areas": "A character cannot end its movement or move across an area if
the model's base could not fit entirely in that area"; the Overlord places reinforcements
only where there is room). A person beat the trained Overlord in round 3 by filling the tower
with heroes: no reinforcement could enter it to guard Skuthus again. The plan:

- every hero heads for Skuthus's area (the tower while he holds it) and steps into it as soon
  as it has room, before anything else; a hero in it never leaves while Skuthus is there;
- Bêlit's Guards (allies) walk there too, to take a slot when they get in (the Dark Demon's
  Blocking mostly holds them in the courtyard before it, as it holds every hero but the
  Evasive Shevatas);
- the attacks go to Skuthus when he can be attacked (all the gems the space allows), else to
  the models standing in his area (the guard that makes him Protected and takes a slot),
  melee into the full tower from next door (rulebook "Occupied Areas": "Occupied areas are
  considered to be within melee range of all adjacent areas") or ranged with the throwing
  knives, which are not dropped; the Dark Demon and the others are fought only when a hero
  stands with them and has nothing better to do;
- a hero walking to the tower pays gems for the steps (base movement first), keeping two for
  Guard; stance, Guard, rerolls and the rest are the scripted heroes'.

Measured (reports/ladder/miniatures_plans.md, 200 games): the trained Overlord (`hard`) wins
11% against it, 63% against the scripted heroes; the scripted Overlord 39.5% and 40%.
"""
from __future__ import annotations

from typing import Any

from baselines.specs import cached_game
from conan_envs import ConfigError
from conan_envs.miniatures import frames as F
from conan_envs.miniatures.combat import hero_weapons

from .heroes import HeroTactics

SCENARIO = "heart_of_darkness"
KEY = "skuthus"        # the character whose death wins the scenario
KEEP = 2               # gems kept for Guard when paying to walk on


class BlockHeroes(HeroTactics):
    """The heroes who block Skuthus's tower (see the module docstring)."""

    name = "scripted:plan=block"

    def __init__(self, env_id: str = "miniatures_v2", role: Any = 0, seed: int | None = None,
                 **config: Any) -> None:
        game = cached_game(env_id, config)
        if game.config.get("scenario") != SCENARIO:
            raise ConfigError("scripted: plan=block is the heroes' plan for "
                              f"scenario={SCENARIO} (In the Heart of Darkness)")
        r = game.role_index(role)
        if r == game.overlord:
            raise ConfigError("scripted: plan=block plays the heroes' seats, not the Overlord's")
        super().__init__(env_id, r, seed, **config)

    # ---- what the plan looks at -------------------------------------------------------------
    def key_model(self) -> int:
        g = self.g
        return int(g.tile_models[g.tile_index[KEY]][0])

    def hold_area(self) -> int:
        """Skuthus's area (the tower while he holds it); -1 once he is dead."""
        return int(self.s.u_area[self.key_model()])

    def _enemies_in(self, area: int) -> list[int]:
        g, s = self.g, self.s
        return [m for m, x in enumerate(s.u_area) if x == area and not g.model_ally[m]]

    def _strike(self, seg: str, targets: list[int]) -> int | None:
        """The plan's target among `targets`: Skuthus, else a model in his area."""
        key, hold = self.key_model(), self.hold_area()
        if key in targets:
            return self.A(seg, key)
        guard = [m for m in targets if self.s.u_area[m] == hold]
        if guard:
            return self.A(seg, min(guard, key=lambda m: self.g.tiles[self.g.model_tile[m]].armor))
        return None

    # ---- decisions ----------------------------------------------------------------------------
    def _act(self, fr: F.Act) -> int:
        s, g = self.s, self.g
        h = fr.actor
        a = s.h_area[h]
        hold = self.hold_area()
        if hold < 0:
            return super()._act(fr)
        for o in self.options("use"):          # a Life Potion when hurt
            if s.wounds[h] >= 2:
                return self.A("use", o)
        if a != hold and self.has("move", hold):
            return self.A("move", hold)        # fill the tower first
        melee = self._strike("melee", self.options("melee"))
        if melee is not None:
            return melee
        kept = [o for o in hero_weapons(s, h, "ranged") if not g.objects[o].thrown]
        if kept:
            ranged = self._strike("ranged", self.options("ranged"))
            if ranged is not None:
                return ranged
        if a != hold:
            step = self._closer(h, hold)
            if step is not None and (s.mp[h] > 0 or s.reserve[h] > KEEP):
                return self.A("move", step)
        allies = self.options("ally")
        if allies and s.reserve[h] > KEEP:
            return self.A("ally", allies[0])
        if s.reserve[h] > KEEP:
            here = [m for m in self.options("melee") if s.u_area[m] == a]
            if here:
                return self.A("melee", self._best_target(here))
        return self.A("done")

    def _atk_gems(self, fr: F.AttackGems) -> int:
        """All the space allows on Skuthus; on his guard enough for the kill and a little
        over, keeping two for Guard when the reserve allows."""
        opts = self.options("gems")
        if fr.target_model == self.key_model():
            return self.A("gems", max(opts))
        keep = KEEP if self.s.reserve[fr.actor] > KEEP + 1 else 0
        return self.A("gems", max(1, min(max(opts), self.s.reserve[fr.actor] - keep, 3)))

    def _ally_act(self, fr: F.AllyAct) -> int:
        """Bêlit's Guards walk into Skuthus's area (paying gems while Bêlit keeps two) and
        strike what stands there."""
        s = self.s
        hold = self.hold_area()
        if hold < 0:
            return super()._ally_act(fr)
        strike = self._strike("melee", self.options("melee"))
        if strike is not None:
            return strike
        a = s.u_area[fr.model]
        moves = self.options("move")
        if a != hold and moves and (fr.mp > 0 or s.reserve[fr.actor] > KEEP):
            step = min(moves, key=lambda b: self.dist(b, hold))
            if self.dist(step, hold) < self.dist(a, hold):
                return self.A("move", step)
        return self.A("done")
