"""What each side sees (The Basics: Turn Overview; the cards as printed): the view of one role,
the pending decision with what is being resolved, the text board and the action names, all in
the game's words. Conan sees the size of Yara's hand only; Yara sees her hand, the cards she
drew and where the card she put back lies. The observation (encode.py) carries the same."""
from __future__ import annotations

from typing import Any

from . import labels, words
from .attack_frames import YaraBlock
from .content import ROWS
from .decisions import TakeTest
from .fields import TowerFields
from .grid import W

SIDE_NAMES = ("conan", "yara")
# the frames of a combat round before its initiative is resolved (Dice Phase, then the draw)
BEFORE_INITIATIVE = frozenset({"round_start", "dice", "mark", "pair_effect", "triple_effect",
                               "after_conan_dice", "yara_dice", "minion_mark", "after_yara_dice",
                               "initiative_draw", "initiative", "yara_initiative"})
PENDING_CHOICE = frozenset({"initiative", "yara_initiative"})   # this round's card, not chosen yet


class ViewMixin(TowerFields):
    # ---- pieces of the view -------------------------------------------------------------------
    def _enemy_view(self, i: int) -> dict[str, Any]:
        e = self.enemies[i]
        card = self.game.c["cards"][e.card]
        k = card.kind
        out = {"slot": "abcdef"[i] if i < 6 else str(i), "name": card.name, "kind": k.name,
               "alive": e.alive}
        if not e.alive:
            return out
        out.update({
            "square": words.square(e.square), "x": e.square % W, "y": e.square // W,
            "wounds": e.wounds, "life": e.life,
            "dice_rolled": max(0, k.dice - e.wounds), "move": k.move, "xp": k.xp,
            "rows": [{"results": words.results(r.lo, r.hi), "action": words.enemy_row(r),
                      "dice": n} for r, n in zip(k.rows, e.dice)],
            "tokens": [words.TOKEN_NAMES[t] for t in e.tokens],
            "token_acting": e.token_active and bool(e.tokens),
            "activated": e.done,
            "free_blocks": e.free_blocks, "bonus_move": e.bonus_move, "bonus_hits": e.bonus_hits,
            # solo enemies use no Battle Mode ability; the BOW is their weapon (ruling 23a)
            "ability": words.ability_text(k.ability if self.game.battle else (), k.bow),
        })
        return out

    def _conan_view(self) -> dict[str, Any]:
        c = self.game.c
        skills = [{"name": c["skills"][s].name, "level": c["skills"][s].level,
                   "effect": words.skill_effect(c["skills"][s].effect), "exhausted": x}
                  for s, x in sorted(zip(self.skills, self.exhausted))]
        items = [{"name": c["items"][i].name, "size": c["items"][i].size, "xp": c["items"][i].xp,
                  "effect": words.item_effect(c["items"][i].effect)} for i in sorted(self.items)]
        return {
            "square": words.square(self.pos), "x": self.pos % W, "y": self.pos // W,
            "level": self.level, "xp": self.xp, "fatigue": self.fatigue, "wounds": self.wounds,
            "rage": self.rage_pool, "rage_on_wound_track": list(self.rage_track),
            "dice": self._base_dice(), "base_move": self._base_move(),
            "move_left": self.move_left if self.decision() == "conan_turn" else None,
            "move_bonus": self.move_bonus,
            "free_blocks": self.free_blocks,
            "activation": words.ACTIVATION[min(self.cphase, 4)],
            "slain_square": words.square(self.slain_sq) if self.slain_sq >= 0 else None,
            "leaping_after_a_kill": self.slay_move,
            "tokens": [words.TOKEN_NAMES[t] for t in self.ctok],
            "token_acting": self.ctok_active and bool(self.ctok),
            "poison": list(self.poison),
            "rows": {name: [words.row_item(v) for v in self.rows[r]] for r, name in enumerate(ROWS)},
            "unslotted": [v for v in range(1, 7) for _ in range(self.pool[v])],
            "marked": [v for v in range(1, 7) for _ in range(self.marked[v])],
            "slotting_over": self.locked,
            "skills": skills, "items": items,
        }

    def _yara_view(self, role: int) -> dict[str, Any]:
        v: dict[str, Any] = {"hand_size": len(self.plot_hand), "deck": len(self.plot_deck),
             "discard": len(self.plot_discard), "played_this_round": self.plot_played}
        if role == 1:
            plots = self.game.c["plots"]
            v["hand"] = [{"name": plots[p].name, "when": plots[p].when,
                          "effect": words.plot_effect(plots[p].effect)} for p in self.plot_hand]
            v["drawn"] = [plots[p].name for p in sorted(self.drawn)]
            v["to_put_back"] = self.put_back
            v["put_back_lies"] = self.plot_known or None
        return v

    def _incoming_view(self) -> dict[str, Any] | None:
        p = self.pending
        hits, tokens, att, rip = p.hits, p.tokens, p.attacker, p.riposte
        if not (hits or tokens or att >= 0 or rip):
            return None
        v: dict[str, Any] = {"hits": hits, "tokens": [words.TOKEN_NAMES[t] for t in tokens],
             "attacker": self._enemy_name(att) if att >= 0 else None,
             "riposte_allowed": rip}
        toks = "".join(f", a {t} token" for t in v["tokens"])
        v["text"] = (f"Being dealt to Conan: {hits} hit(s){toks}"
                     + (f" by {v['attacker']}" if v["attacker"] else "")
                     + ("; he may BLOCK or RIPOSTE." if rip else "; he may BLOCK (no RIPOSTE)."))
        return v

    def _attack_view(self) -> dict[str, Any] | None:
        a = self._attack_now()
        if a is None:
            return None
        v = {"wounds_to_assign": a.wounds, "max_targets": a.max_targets,
             "targets": [{"enemy": self._enemy_name(t), "wounds": n}
                         for t, n in sorted(zip(a.targets, a.dealt))],
             "stun_another": bool(a.stun), "rattle": bool(a.rattle),
             "stun_only": a.stun_only,
             "riposte_against": self._enemy_name(a.attacker) if a.attacker >= 0 else None,
             "hits_back_on_conan": a.hits_back,
             "tokens_on_conan": [words.TOKEN_NAMES[t] for t in a.conan_tokens], "blow": None}
        if a.blows and self.top_is(YaraBlock):
            b = a.blows[0]
            v["blow"] = {"enemy": self._enemy_name(b.target), "wounds": 0 if b.token else b.left,
                         "token": words.TOKEN_NAMES[b.token] if b.token else None,
                         "riposte_dice_may_block": b.riposte_ok and not b.token}
        v["text"] = self._attack_text(v)
        return v

    @staticmethod
    def _attack_text(v: dict[str, Any]) -> str:
        """Conan's attack being resolved, as a sentence."""
        kind = (f"Conan's RIPOSTE against {v['riposte_against']}" if v["riposte_against"]
                else "Conan's attack")
        dealt = ", ".join(f"{t['enemy']} {t['wounds']} wound(s)" for t in v["targets"]) or "nothing yet"
        extra = []
        if v["stun_only"]:
            extra.append("it STUNS its target instead of wounding")
        if v["stun_another"]:
            extra.append("it also STUNS another adjacent enemy")
        if v["rattle"]:
            extra.append("it RATTLES its target")
        if v["hits_back_on_conan"]:
            extra.append(f"{v['hits_back_on_conan']} hit(s) come back at Conan from RIPOSTEs")
        if v["tokens_on_conan"]:
            extra.append(f"Conan is dealt {', '.join(v['tokens_on_conan'])}")
        text = (f"{kind}: {v['wounds_to_assign']} wound(s) still to assign, on up to "
                f"{v['max_targets']} enemies; dealt so far: {dealt}")
        if extra:
            text += "; " + "; ".join(extra)
        b = v["blow"]
        if b:
            what = f"a {b['token']} token" if b["token"] else f"{b['wounds']} wound(s)"
            text += (f". Yara decides how {b['enemy']} blocks {what}"
                     + (" (RIPOSTE dice may block it)" if b["riposte_dice_may_block"] else ""))
        return text + "."

    def _test_view(self) -> dict[str, Any] | None:
        f = self.stack[-1]
        if type(f) is not TakeTest:
            return None
        t = self._test()
        need = self._need(f.rerolled)
        return {"name": t.name, "need": need, "dice": t.count, "paid": f.paid,
                "rerolled": f.rerolled, "optional": t.optional,
                "if_passed": words.effects_text(t.on_pass),
                "if_failed_or_given_up": (words.effects_text(t.on_fail) if not t.optional
                                          else "nothing happens (optional)"),
                "text": (f"Test '{t.name}': burn {t.count} dice showing {need}+ "
                         f"({f.paid} paid"
                         + (", second attempt" if f.rerolled else "")
                         + (", optional" if t.optional else ", compulsory")
                         + f"). Passed: {words.effects_text(t.on_pass)}. Failed or given up: "
                         + (words.effects_text(t.on_fail) if not t.optional
                            else "nothing happens") + ".")}

    def _scenario_view(self) -> dict[str, Any]:
        """The location's page of the Scenario Book, public at the table: its tests (what each
        needs, what passing and failing do), the events after combat and its notes."""
        L = self.game.c["locations"][self.loc]
        battle = self.game.battle
        tests = []
        for k, t in enumerate(L.tests):
            if t.solo_only and battle:
                continue
            tests.append({
                "name": t.name, "need": t.need, "dice": t.count, "optional": t.optional,
                "only_with": "the Elephant's Heart" if t.requires == "heart" else None,
                "if_passed": words.effects_text(t.on_pass),
                "if_failed_or_given_up": (words.effects_text(t.on_fail) if not t.optional
                                          else "nothing happens (optional)"),
                "status": ("over" if k < self.test_idx else
                           "being taken" if k == self.test_idx and self.top_is(TakeTest) else
                           "to come")})
        notes = []
        if L.first_swing >= 0:
            notes.append(f"{SIDE_NAMES[L.first_swing].capitalize()} takes the first swing every "
                         "round (no initiative card)")
        if L.token == 1:
            notes.append("The Initiative Token starts with Yara")
        if L.taurus:
            notes.append("Before combat Taurus throws his Black Lotus Powder at a square Conan chooses")
        if battle:
            if L.no_plots:
                notes.append(f"Yara draws {L.battle_draw} Plot and Plan cards, keeps "
                             f"{L.battle_keep} and plays none here")
            elif L.battle_draw:
                notes.append(f"Yara draws {L.battle_draw} Plot and Plan card(s)")
        after = [words.END_EVENTS[e] for e in L.end_events]
        text = [f"Test '{t['name']}' ({t['status']}): {t['dice']} dice showing {t['need']}+"
                + (", optional" if t["optional"] else "")
                + (f", only with {t['only_with']}" if t["only_with"] else "")
                + f". Passed: {t['if_passed']}. Failed or given up: {t['if_failed_or_given_up']}."
                for t in tests]
        text += [f"{line}." for line in notes + after]
        return {"tests": tests, "after_combat": after, "notes": notes, "text": text}

    def _initiative_view(self) -> dict[str, Any] | None:
        if self.init_card < 0:
            return None
        name, conan, yara = self.game.c["initiative"][self.init_card]
        return {"card": name, "conan_effect": words.conan_effect(*conan),
                "yara_effect": words.minion_effect(*yara)}

    def _view(self, role: int) -> dict[str, Any]:
        c = self.game.c
        L = c["locations"][self.loc]
        g = L.grid
        top = self.stack[-1].kind
        chosen = self.in_combat and top not in BEFORE_INITIATIVE
        v = {
            "mode": "battle" if self.game.battle else "solo",
            "location": {"number": self.loc + 1, "of": len(c["locations"]), "id": L.key,
                         "name": L.name, "width": W, "height": len(g.rows),
                         "cells": [[{"terrain": words.TERRAIN.get(ch, "stairs"),
                                     "elevation": g.elev[y * W + x]}
                                    for x, ch in enumerate(row)] for y, row in enumerate(g.rows)]},
            "round": {"tracker": self.tracker, "combat_round": self.combat_rounds + 1,
                      "in_combat": self.in_combat, "rounds_fought": self.turn,
                      "initiative_token": SIDE_NAMES[self.init_token],
                      "initiative_card": self._initiative_view(),
                      # who goes first is known only once this round's initiative is resolved
                      "goes_first": SIDE_NAMES[self.first_side] if chosen else None,
                      "first_side_last_round": None if chosen else SIDE_NAMES[self.first_side],
                      "initiative_card_this_round": chosen or top in PENDING_CHOICE,
                      "sides_done": self.side_no,
                      "conan_goes_first_in_round_1": self.conan_first},
            "conan": self._conan_view(),
            "enemies": [self._enemy_view(i) for i in range(len(self.enemies))],
            "item_deck": len(self.item_deck),
            "incoming": self._incoming_view(),
            "attack": self._attack_view(),
            "test": self._test_view(),
            "scenario": self._scenario_view(),
            "winner": self.winner,
        }
        if self.game.battle:
            v["yara"] = self._yara_view(role)
        return v

    # ---- action names ---------------------------------------------------------------------------
    def action_to_string(self, a: int) -> str:
        return labels.action_name(self, a)

    # ---- the text board ---------------------------------------------------------------------------
    def _render(self, view: dict[str, Any]) -> str:
        lines = []
        L = view["location"]
        r = view["round"]
        lines.append(f"{L['name']} (location {L['number']} of {L['of']}), as {view['role']} sees it; "
                     f"round tracker {r['tracker']}, combat round {r['combat_round']}"
                     + (", in combat" if r["in_combat"] else ""))
        if r["in_combat"]:
            ini = r["initiative_card"]
            card = (f"initiative card {ini['card']} (GAME EFFECT for Conan: {ini['conan_effect']}; "
                    f"for Yara: {ini['yara_effect']})" if ini else "")
            if r["goes_first"]:
                first = f"{r['goes_first']} goes first this round"
                lines.append(f"This round: {card + '; ' if card else ''}{first}; the token is now "
                             f"with {r['initiative_token']}")
            elif r["initiative_card_this_round"]:
                lines.append(f"This round: {card}, drawn by {r['initiative_token']}, who chooses "
                             "GO FIRST or the GAME EFFECT")
            else:
                lines.append(f"Initiative not yet resolved this round; the token is with "
                             f"{r['initiative_token']}"
                             + (f" (last round: {card}, {r['first_side_last_round']} went first)"
                                if card else ""))
        occ = {}
        cv = view["conan"]
        occ[(cv["x"], cv["y"])] = "@"
        for e in view["enemies"]:
            if e["alive"]:
                occ[(e["x"], e["y"])] = e["slot"].upper()
        lines.append("   " + " ".join(words.FILES[:L["width"]]))
        for y, row in enumerate(L["cells"]):
            cells = []
            for x, cell in enumerate(row):
                ch = {"floor": ".", "blocking": "#", "height advantage": "h"}.get(
                    cell["terrain"], str(cell["elevation"]))
                cells.append(occ.get((x, y), ch))
            lines.append(f"{y + 1:2d} " + " ".join(cells))
        lines.append("   (@ Conan, A-F enemies, # blocking, h height advantage, 1-3 raised floor)")
        tok = ", ".join(cv["tokens"]) or "none"
        lines.append(f"Conan at {cv['square']}: level {cv['level']}, XP {cv['xp']}, FATIGUE "
                     f"{cv['fatigue']}/4, wounds {cv['wounds']}/5, RAGE {cv['rage']}, dice "
                     f"{cv['dice']}, move {cv['base_move']}"
                     + (f" ({cv['move_left']} left)" if cv["move_left"] is not None else "")
                     + f", tokens {tok}"
                     + (f", POISON {cv['poison']}" if cv["poison"] else ""))
        for name, row in cv["rows"].items():
            lines.append(f"  {name:9s} " + (" ".join(f"[{v}]" for v in row) or "-"))
        if cv["unslotted"]:
            lines.append(f"  unslotted dice: {cv['unslotted']}"
                         + (f" (marked to re-roll {cv['marked']})" if cv["marked"] else ""))
        for s in cv["skills"]:
            lines.append(f"  skill {s['name']}{' (exhausted)' if s['exhausted'] else ''}: {s['effect']}")
        for it in cv["items"]:
            lines.append(f"  item {it['name']} ({it['size']}, {it['xp']} XP): {it['effect']}")
        for e in view["enemies"]:
            if not e["alive"]:
                lines.append(f"{e['slot'].upper()} {e['name']}: slain")
                continue
            toks = f", tokens {', '.join(e['tokens'])}" if e["tokens"] else ""
            lines.append(f"{e['slot'].upper()} {e['name']} at {e['square']}: wounds "
                         f"{e['wounds']}/{e['life']}, rolls {e['dice_rolled']} dice, move "
                         f"{e['move']}{toks}" + (" (activated)" if e["activated"] else ""))
            lines.append("    " + "; ".join(f"{row['action']} [{row['dice']} dice]"
                                            for row in e["rows"]))
            if e["ability"]:
                lines.append(f"    {e['ability']}")
        if "yara" in view:
            y = view["yara"]
            lines.append(f"Yara: {y['hand_size']} Plot and Plan cards in hand, deck {y['deck']}, "
                         f"discard {y['discard']}")
            for p in y.get("hand", ()):
                lines.append(f"  {p['name']} ({p['when']}): {p['effect']}")
        for key in ("incoming", "attack"):
            if view[key]:
                lines.append(view[key]["text"])
        t = view["test"]
        if t:
            lines.append(t["text"])
        sc = view["scenario"]
        if not r["in_combat"] and sc["text"]:
            lines.append("Scenario page:")
            lines += [f"  {line}" for line in sc["text"]]
        if view["winner"]:
            lines.append(f"{view['winner'].upper()} WINS")
        lines += ["", "Recent events:"] + [f"  {e}" for e in view["log"][-12:]]
        d = view["decision"]
        lines += ["", f"{d['actor'] or 'nobody'} to act: {d['prompt']}"]
        return "\n".join(lines)
