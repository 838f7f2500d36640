"""What one player sees of Kings of Hyboria (no hidden information: the whole board), the
pending decision in the rulebook's words, and the text board (rulebook "THE MAP",
"TURN SEQUENCE", and the tables whose rolls are being resolved).

The view's keys (besides env_id, role, decision, log): ``round``, ``phase``,
``phasing_player``, ``turn_order``, ``victory``, ``max_rounds``, ``regions`` (one record per
region: name, country, sea, x, y, controller, units by owner, storms, curses, raided_by,
neighbours), ``players`` (gold, divinations, relics, alive, king_slain, countries, regions),
``roll`` (the die being offered for a Divination reroll, or None), ``battle`` (the battle
being fought, or None), ``winners`` (once over).
"""
from __future__ import annotations

from ..engine.text import table
from ..engine.view import Decision
from . import content as C

R, T = C.NUM_REGIONS, C.NUM_TYPES
NEUTRAL = "neutral"


class KingsView:
    def owner_name(self, o):
        return self.game.roles[o] if o < self.n else NEUTRAL

    def _view(self, role):
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
            regions.append({
                "name": C.REGIONS[r],
                "country": C.COUNTRIES[C.COUNTRY_OF[r]] if C.COUNTRY_OF[r] >= 0 else None,
                "sea": C.IS_SEA[r],
                "x": C.X[r], "y": C.Y[r],
                "controller": owners[0] if len(owners) == 1 else None,
                "units": units,
                "storms": self.storm[r],
                "curses": self.curse[r],
                "raided_by": self.owner_name(self.raided[r]) if self.raided[r] >= 0 else None,
                "neighbours": [C.REGIONS[d] for d in C.NEIGHBORS[r]],
            })
        players = [{"name": self.game.roles[p], "gold": self.gold[p],
                    "divinations": self.div[p], "relics": self.relics[p],
                    "alive": self.alive[p], "king_slain": self.king_dead[p],
                    "countries": self.countries_of(p, held[p]), "regions": sum(held[p])}
                   for p in range(n)]
        over = self.phase == "over"
        return {
            "round": self.turn if over else self.turn + 1,
            "phase": self.phase,
            "phasing_player": None if over else self.game.roles[self.me()],
            "turn_order": [self.game.roles[p] for p in self.order],
            "victory": self.game.config["victory"],
            "max_rounds": self.game.max_turns,
            "regions": regions,
            "players": players,
            "winners": ([self.game.roles[p] for p in range(n) if self.result[p] > 0]
                        if over else None),
        }

    def _decision(self, role):
        if self.ask is None:
            return Decision("game_over", None, "The game is over.", {})
        kind, p = self.ask[0], self.ask[1]
        return Decision(kind, self.game.roles[p], kind, {})

    def _render(self, view):
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
            if parts or tokens:
                rows.append([reg["name"], reg["country"] or "sea", "; ".join(parts),
                             ", ".join(tokens)])
        lines = [table(rows, ["region", "country", "units", "tokens"]), ""]
        for pl in view["players"]:
            status = "" if pl["alive"] else " (out)"
            lines.append(f"{pl['name']}: Gold {pl['gold']}, Divinations {pl['divinations']}, "
                         f"Relics {pl['relics']}, countries {pl['countries']}, "
                         f"regions {pl['regions']}{status}")
        lines += [""] + view["log"][-12:] + [""]
        d = view["decision"]
        if d["actor"] is None:
            lines.append(f"Game over in round {view['round']}. {d['prompt']}")
        else:
            lines.append(f"Round {view['round']}, {view['phasing_player']}'s turn, "
                         f"{view['phase']} phase. {d['actor']}: {d['prompt']}")
        return "\n".join(lines)
