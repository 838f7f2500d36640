"""Attacks on Conan (Enemy Attacks in Battle Mode; Terrain and Combat; BLOCK and RIPOSTE in The
Slots in Detail; Fatigue Track and Wound Track; Tokens): height advantage and free blocks, Conan's
blocks and ripostes, FATIGUE lost per hit, wounds, RAGE into BIG SWING, death at the skull, and the
STUNNED/RATTLED/POISON tokens he gains."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conan_envs.engine.core import Mask
from conan_envs.engine.flow import Frame

from .content import BLOCK, RIPOSTE
from .decisions import DEFEND, Defend
from .enemy import Incoming
from .fields import TowerFields
from .grid import dist
from .words import TOKEN_NAMES

BLOCKABLE = ("", "S", "R", "P")  # the block actions: a hit, then each token


class DefenceMixin(TowerFields):
    # ---- attacks on Conan -------------------------------------------------------------------------
    def _deal_to_conan(self, hits: int, tokens: Sequence[str], attacker: int, riposte_ok: bool,
                       resume: Frame[Any] | None = None, height: bool = True) -> None:
        """Free blocks and height advantage cancel first (`height`: not yet counted); then Conan
        may BLOCK or RIPOSTE. Play returns to the frame `resume` (None: the frame on top) when
        no choice is left."""
        if (height and attacker >= 0 and hits
                and self.grid().height_advantage(self.pos, self.enemies[attacker].square)):
            hits -= 1
            self.log_event("Conan's height advantage cancels 1 hit")
        fb = min(self.free_blocks, hits)
        if fb:
            self.free_blocks -= fb
            hits -= fb
            self.log_event(f"Conan blocks {fb} hit(s) free (this round's effect)")
        if attacker >= 0 and riposte_ok:   # a RIPOSTE is a sword stroke: the attacker must be adjacent
            riposte_ok = dist(self.pos, self.enemies[attacker].square) == 1
        self.pending = Incoming(hits, list(tokens), attacker, riposte_ok)
        self.push(DEFEND, then=resume)
        self._defend_check()

    def _can_defend(self) -> bool:
        p = self.pending
        hits, tokens, rip = p.hits, p.tokens, p.riposte
        if hits == 0 and not tokens:
            return False
        if not self._stunned() and (self.rows[BLOCK] or (rip and hits and self.rows[RIPOSTE])):
            return True
        for k, _s in enumerate(self.skills):
            if self._skill_usable(k, "defend"):
                return True
        return any(self._item_usable(i, "defend") for i in self.items)

    def _defend_check(self) -> None:
        if not self._can_defend():
            self._take_pending()

    def _take_pending(self) -> None:
        p = self.pending
        hits, tokens = p.hits, p.tokens
        self.pending = Incoming()
        if hits or tokens:
            self.log_event(f"Conan takes {hits} hit(s)" + "".join(
                f", {TOKEN_NAMES[t]}" for t in tokens))
        self._lose_fatigue(hits)
        for t in tokens:
            self._conan_token(t)
        self.pop()

    def _mask_defend(self, m: Mask, O: dict[str, int]) -> None:
        p = self.pending
        hits, tokens, rip = p.hits, p.tokens, p.riposte
        if not self._stunned():
            if self.rows[BLOCK]:
                if hits:
                    m[O["block"]] = True
                for t in set(tokens):
                    m[O["block"] + BLOCKABLE.index(t)] = True
            if rip and hits:
                for k in range(min(7, len(self.rows[RIPOSTE]))):
                    m[O["riposte"] + k] = True
        self._skill_mask(m, O, "defend")
        self._item_mask(m, O, "defend")
        m[O["done"]] = True

    def _cancel_pending(self, k: int) -> None:
        for _ in range(k):
            if self.pending.hits:
                self.pending.hits -= 1
            elif self.pending.tokens:
                self.pending.tokens.pop(0)
        self._defend_check()

    def _do_block(self, i: int) -> None:
        """Each BLOCK die cancels a hit or a token, Conan's choice ("Tokens may be blocked
        with a BLOCK action")."""
        del self.rows[BLOCK][0]
        if i == 0:
            self.pending.hits -= 1
        else:
            self.pending.tokens.remove(BLOCKABLE[i])
        self.log_event(f"Conan BLOCKs {'a hit' if i == 0 else 'the ' + TOKEN_NAMES[BLOCKABLE[i]] + ' token'}")
        self._defend_check()

    def _do_riposte(self, i: int) -> None:
        """Burning the first k RIPOSTE dice blocks 1 hit and strikes the attacker."""
        del self.rows[RIPOSTE][: i + 1]
        self.pending.hits -= 1
        self.slain_sq = -1      # only a kill by this RIPOSTE offers the step-in (ruling 14b)
        self.log_event(f"Conan RIPOSTEs, burning {i + 1} dice")
        self._row_attack(self.game.c["riposte"][i], i + 1, attacker=self.pending.attacker)
        if self.top_is(Defend):     # no choice stopped the RIPOSTE's attack
            self._defend_check()

    def _lose_fatigue(self, n: int) -> None:
        """Each hit sets a FATIGUE aside; when WOUND shows, the wound marker moves and the track
        refills. A wound that displaces a RAGE token sends it to BIG SWING."""
        cc = self.game.c["conan"]
        for _ in range(n):
            self.fatigue -= 1
            if self.fatigue <= 0:
                self.fatigue = cc["fatigue"]
                self.wounds += 1
                self.log_event(f"Conan is wounded ({self.wounds} of {cc['death_wounds']})")
                if self.wounds in self.rage_track:
                    self.rage_track.remove(self.wounds)
                    self._rage_into_swing()
                if self.wounds >= cc["death_wounds"]:
                    self.winner = "yara"
                    return

    def _conan_token(self, t: str) -> None:
        if t == "P":
            self.poison.append(0)
            return
        self.ctok.append(t)
        if len(self.ctok) == 1 and t == "S":
            self.ctok_active = True
