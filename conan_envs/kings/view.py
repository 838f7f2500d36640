"""What one player sees of Kings of Hyboria (no hidden information: the whole board), the
pending decision in the rulebook's words, and the text board (rulebook "THE MAP",
"TURN SEQUENCE", and the tables whose rolls are being resolved).

The view's keys (besides env_id, role, decision, log): ``round``, ``phase``,
``phasing_player``, ``turn_order``, ``victory``, ``conquest_goal``, ``max_rounds``,
``regions`` (one record per region: name, country, sea, x, y, controller, units by owner,
relics by owner (its Wizards bearing a Relic), storms, curses, raided_by, neighbours),
``players`` (name, gold, divinations, relics, alive, king_slain, has_king, countries,
regions), ``turn_effects`` (the phasing player's effects that last his turn: per region
move_bonus, long_journey, battle_plan, recruit_bonus, recruit_rolls; the King's
long_journey and battle_plan; the countries whose recruit roll is still to make),
``battle`` (the battle being fought, or None: region, attacker, defender, round, stage,
sides), ``end`` (once over: cause, winners). The decision's context: ``effect``,
``region``, ``target``, ``unit`` (what is being resolved; at a `move_marked` decision also
``count``, the units moving), ``roll`` at a Divination offer (table, die, value, result,
roller, region, unit), ``heirs`` at a `new_king` decision (region: the unit crowned there).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.text import table
from ..engine.view import Decision
from . import content as C
from .actions import REGION0
from .encode import EFFECTS, TASK_DECISIONS, marked_count, pending
from .fields import KingsFields
from .frames import Ask, Divination, Roll

R, T = C.NUM_REGIONS, C.NUM_TYPES
NEUTRAL = "neutral"
# the turn_effects keys of a region, and the state's fields they show
TURN_KEYS = (("move_bonus", "stack_bonus"), ("long_journey", "journey"),
             ("battle_plan", "plan"), ("recruit_bonus", "bonus_recruit"),
             ("recruit_rolls", "rolls"))
TABLES = {"hero": "Heroic Actions Table", "wizard": "Wizard Magic Table",
          "recruit": "Recruit Table", "action": "Heroic Battle Actions Table",
          "spell": "Wizard Battle Spell Table", "attack": "attack die",
          "curse": "Great Curse die", "prophecy": "Prophecy die"}
MARKS = {C.WIZARD: "bear a Relic", C.HERO: "hold a Battle Plan"}


def effect_name(key: str) -> str:
    return key.replace("_", " ").title()


def counts(row: Sequence[int]) -> dict[str, int]:
    return {C.UNIT_KEYS[t]: k for t, k in enumerate(row) if k}


class KingsView(KingsFields):
    def owner_name(self, o: int) -> str:
        return self.game.roles[o] if o < self.n else NEUTRAL

    # ---- the board --------------------------------------------------------------------
    def _view(self, role: int) -> dict[str, Any]:
        n, O = self.n, self.O
        held = [self.controlled(p) for p in range(n)]
        regions = []
        for r in range(R):
            units = {}
            for o in range(O):
                if self.tot[r * O + o]:
                    units[self.owner_name(o)] = {C.UNIT_KEYS[t]: self.at(r, o, t)
                                                 for t in range(T) if self.at(r, o, t)}
            owners = list(units)
            relics = {self.game.roles[p]: self.relic[r * n + p] for p in range(n)
                      if self.relic[r * n + p]}
            regions.append({
                "name": C.REGIONS[r],
                "country": C.COUNTRIES[C.COUNTRY_OF[r]] if C.COUNTRY_OF[r] >= 0 else None,
                "sea": C.IS_SEA[r],
                "x": C.X[r], "y": C.Y[r],
                "controller": owners[0] if len(owners) == 1 else None,
                "units": units,
                "relics": relics,
                "storms": self.storm[r],
                "curses": self.curse[r],
                "raided_by": self.owner_name(self.raided[r]) if self.raided[r] >= 0 else None,
                "neighbours": [C.REGIONS[d] for d in C.NEIGHBORS[r]],
            })
        players = [{"name": self.game.roles[p], "gold": self.gold[p],
                    "divinations": self.div[p], "relics": self.relics[p],
                    "alive": self.alive[p], "king_slain": self.king_dead[p],
                    "has_king": self.pool[p * T + C.KING] > 0,
                    "countries": self.countries_of(p, held[p]), "regions": sum(held[p])}
                   for p in range(n)]
        over = self.phase == "over"
        config = self.game.config
        return {
            "round": self.final_round if over else self.turn + 1,
            "phase": self.phase,
            "phasing_player": (None if over else self.game.roles[
                self.frame().actor if self.phase == "setup" else self.me()]),
            "turn_order": [self.game.roles[p] for p in self.order],
            "victory": config["victory"],
            "conquest_goal": config["conquest"],
            "max_rounds": self.game.max_turns,
            "regions": regions,
            "players": players,
            "turn_effects": None if over or self.phase == "setup" else self._turn_view(),
            "battle": self._battle_view(),
            "end": ({"cause": self.end_cause,
                     "winners": [self.game.roles[p] for p in range(n) if self.result[p] > 0]}
                    if self.result is not None else None),
        }

    def _turn_view(self) -> dict[str, Any]:
        """The phasing player's effects that last his turn (rulebook "HEROIC ACTIONS
        TABLE": Forced March, Long Journey, Recruit, Battle Plan; "WIZARD MAGIC TABLE":
        Demonic Steeds), and the recruit rolls made and still owed this turn."""
        regions = {}
        for r in range(R):
            rec = {key: getattr(self, field)[r] for key, field in TURN_KEYS
                   if getattr(self, field)[r]}
            if rec:
                regions[C.REGIONS[r]] = rec
        return {"player": self.game.roles[self.me()], "regions": regions,
                "king_long_journey": self.king_journey, "king_battle_plan": self.king_plan,
                "country_rolls": [C.COUNTRIES[c] for c, v in enumerate(self.country_roll) if v]}

    def _battle_view(self) -> dict[str, Any] | None:
        bt = self.battle
        if bt is None:
            return None
        sides = []
        for s in (0, 1):
            sides.append({"player": self.owner_name(bt.owners[s]),
                          "initiative_bonus": bt.initiative[s],
                          "attack_bonus": bt.attack_bonus[s],
                          "lead_charge": bt.charge[s], "confusion": bt.confusion[s],
                          "hits_to_take": bt.hits[s], "killed": counts(bt.killed[s]),
                          "raised": counts(bt.raised[s]),
                          "possessed": counts(bt.possessed[s]),
                          "immobilized": counts(bt.immobilized[s])})
        return {"region": C.REGIONS[bt.region], "attacker": sides[0]["player"],
                "defender": sides[1]["player"], "round": bt.round, "stage": bt.stage,
                "sides": sides}

    # ---- the decision (the frames' prompts: frames.py) ---------------------------------
    def _decision(self, role: int) -> Decision:
        if self.result is None:
            return super()._decision(role)  # (the frame's prompt: engine/flow.py)
        cause = self.end_cause.replace("_", " ").replace(":", ": ")
        winners = [self.game.roles[p] for p in range(self.n) if self.result[p] > 0]
        who = " and ".join(winners) + (" wins" if len(winners) == 1 else " tie") \
            if winners else "nobody wins"
        return Decision("game_over", None,
                        f"The game is over in round {self.final_round} ({cause}): {who}.",
                        {"cause": self.end_cause, "winners": winners})

    def ask_prompt(self, frame: Ask, role: int) -> tuple[str, dict[str, Any]]:
        """A decision's prompt (the frame's TEXT in the decision's words) and its context:
        the effect, region, target and unit being resolved, the units moving at a
        `move_marked` decision, the heirs at a `new_king` one."""
        kind = frame.kind
        context: dict[str, Any] = {}
        eff, region, target, unit = pending(self)
        if kind in TASK_DECISIONS or eff >= 0:
            context = {"effect": effect_name(EFFECTS[eff]) if eff >= 0 else None,
                       "region": C.REGIONS[region] if region >= 0 else None,
                       "target": C.REGIONS[target] if target >= 0 else None,
                       "unit": C.UNIT_NAMES[unit] if unit >= 0 else None}
        bt = self.battle
        words = dict(context)
        if kind == "move_marked":
            context["count"] = words["count"] = marked_count(self)
            words["marks"] = MARKS[unit]
        elif kind == "new_king":
            heirs = {C.REGIONS[a - REGION0]: C.UNIT_NAMES[self.crowned(frame.actor, a - REGION0)]
                     for a in frame.legal}
            context["heirs"] = heirs
            words["heirs"] = ", ".join(f"the {t} in {r}" for r, t in heirs.items())
        if bt is not None:
            words.update(battle=C.REGIONS[bt.region], round=bt.round, hits=bt.hits[bt.side])
        return frame.TEXT.format(**words), context

    def divination_prompt(self, frame: Divination) -> tuple[str, dict[str, Any]]:
        roll = self.roll_record(frame.roll)
        prompt = (f"Reroll {roll['roller']}'s roll of {roll['value']} on the "
                  f"{roll['table']} ({roll['result']})? reroll: discard a Divination"
                  + (" or a Confusion" if self.battle is not None else "")
                  + "; keep the roll: let it stand.")
        return prompt, {"roll": roll}

    def roll_record(self, roll: Roll) -> dict[str, Any]:
        """The die being offered for a reroll, in the table's words."""
        what, v, ctx = roll.what, roll.value, roll.ctx
        roller = (self.owner_name(self.fight().owners[ctx.side]) if ctx.side >= 0
                  else self.game.roles[self.me()])
        region = ctx.where
        table_name = TABLES[what]
        if what == "hero":
            result = C.HEROIC_ACTIONS_TEXT[v]
        elif what == "wizard":
            result = C.WIZARD_MAGIC_TEXT[v]
        elif what == "recruit":
            c = C.COUNTRY_OF[region]
            table_name = f"{C.COUNTRIES[c]} Recruit Table"
            result = C.RECRUIT_TEXT[c][v]
        elif what == "action":
            result = C.BATTLE_ACTIONS_TEXT[v]
        elif what == "spell":
            result = C.BATTLE_SPELLS_TEXT[v]
        elif what == "attack":
            s, t, bt = ctx.side, ctx.unit, self.fight()
            mod = bt.attack_bonus[s] + (2 * bt.charge[s] if t in (C.ARMY, C.ELITE) else 0)
            result = (f"{'a hit' if v + mod >= C.ATTACK[t] else 'a miss'}: "
                      f"{C.UNIT_NAMES[t]} needs {C.ATTACK[t]}, modifier {mod:+d}")
        elif what == "curse":
            result = f"{v} Curse Tokens"
        else:
            result = f"{v} Divinations"
        return {"table": table_name, "die": f"D{roll.sides}", "value": v,
                "result": result, "roller": roller,
                "region": C.REGIONS[region] if region >= 0 else None,
                "unit": C.UNIT_NAMES[ctx.unit] if ctx.unit >= 0 else None}

    # ---- the text board ---------------------------------------------------------------
    @staticmethod
    def _render_turn(turn: dict[str, Any] | None) -> list[str]:
        """The turn-long effects, one line (none: no line)."""
        if not turn:
            return []
        words = {"move_bonus": "Move +{}", "long_journey": "{} Hero(es) on a Long Journey",
                 "battle_plan": "{} Hero(es) with a Battle Plan",
                 "recruit_bonus": "{} extra recruit roll(s)", "recruit_rolls": "{} recruit roll(s) made"}
        parts = [f"{name}: " + ", ".join(words[k].format(v) for k, v in rec.items())
                 for name, rec in turn["regions"].items()]
        if turn["king_long_journey"]:
            parts.append("the King on a Long Journey")
        if turn["king_battle_plan"]:
            parts.append("the King with a Battle Plan")
        if turn["country_rolls"]:
            parts.append("country rolls to make: " + ", ".join(turn["country_rolls"]))
        return [f"This turn ({turn['player']}): " + "; ".join(parts) + "."] if parts else []

    def _render(self, view: dict[str, Any]) -> str:
        rows = []
        for reg in view["regions"]:
            parts = [f"{o}: " + " ".join(f"{k} {key}" for key, k in units.items())
                     for o, units in reg["units"].items()]
            tokens = []
            if reg["storms"]:
                tokens.append(f"Storm {reg['storms']}")
            if reg["curses"]:
                tokens.append(f"Curse {reg['curses']}")
            if reg["raided_by"]:
                tokens.append(f"raided by {reg['raided_by']}")
            for owner, k in reg["relics"].items():
                tokens.append(f"{owner}: {k} Relic{'s' if k > 1 else ''}")
            if parts or tokens:
                rows.append([reg["name"], reg["country"] or "sea", "; ".join(parts),
                             ", ".join(tokens), ", ".join(reg["neighbours"])])
        lines = [table(rows, ["region", "country", "units", "tokens", "borders"]), ""]
        for pl in view["players"]:
            status = "" if pl["alive"] else " (out of the game)"
            lines.append(f"{pl['name']}: Gold {pl['gold']}, Divinations {pl['divinations']}, "
                         f"Relics {pl['relics']}, countries {pl['countries']}, "
                         f"regions {pl['regions']}{status}")
        goal = (f"; {view['conquest_goal']} whole countries win at once"
                if view["conquest_goal"] else "")
        lines.append(f"Victory: {view['victory'].replace('_', ' ')}{goal}; "
                     f"round limit {view['max_rounds']}.")
        lines += self._render_turn(view["turn_effects"])
        bt = view["battle"]
        if bt:
            lines.append(f"Battle in {bt['region']}, round {bt['round']} ({bt['stage']}): "
                         f"{bt['attacker']} attacks {bt['defender']}.")
            for side in bt["sides"]:
                extra = {k: v for k, v in side.items() if v and k != "player"}
                if extra:
                    lines.append(f"  {side['player']}: " + ", ".join(
                        f"{k.replace('_', ' ')} {v}" for k, v in extra.items()))
        lines += [""] + view["log"][-12:] + [""]
        d = view["decision"]
        if d["actor"] is None:
            lines.append(d["prompt"])
        else:
            lines.append(f"Round {view['round']}, {view['phasing_player']}'s turn, "
                         f"{view['phase']} phase. {d['actor']}: {d['prompt']}")
        return "\n".join(lines)
