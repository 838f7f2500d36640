"""Conan's attacks and the enemies' blocks (Conflict Begins; The Slots in Detail: SLASH, BIG SWING,
RIPOSTE; Taking Them Down; Tokens): the wounds of an attack assigned to targets in range, turned
into blows, each blow blocked by its target (automatically in solo mode, by Yara in Battle
Mode) and landed, the extra STUN, the RIPOSTE hits that come back at Conan, and a slain
enemy's removal. Wounds and tokens dealt outside an attack (scatter, location events) land the
same way.

The attack being resolved is one record (enemy.Attack). It lives in the rules' hands while
they resolve it; where a choice is needed it rides on the deciding frame (attack_frames.Target,
StunTarget, YaraBlock), pushed on the frame play resumes at, and the choice resumes it from a
copy of that record (a frame is shared by the copies of a state).
"""
from __future__ import annotations

from collections.abc import Sequence

from conan_envs.engine.core import Mask

from .attack_frames import ATTACK_FRAMES, StunTarget, Target, YaraBlock
from .content import SLASH, SWING
from .decisions import CONAN, SLAY_STEP, YARA, Defend, ItemTarget
from .dice import d6
from .enemy import Attack, Blow, Enemy, Step
from .fields import TowerFields
from .frames import DEFEND_AFTER_STEP
from .grid import dist
from .words import TOKEN_NAMES, row_short


class AttackMixin(TowerFields):
    # ---- Conan's attack actions -------------------------------------------------------------------
    def _do_slash(self, i: int) -> None:
        del self.rows[SLASH][: i + 1]
        self.log_event(f"Conan SLASHes, burning {i + 1} dice")
        self._attacked()
        self._row_attack(self.game.c["slash"][i], i + 1)

    def _do_slash_stun(self, _: int) -> None:
        del self.rows[SLASH][:4]
        self.log_event("Conan SLASHes to STUN, burning 4 dice")
        self._attacked()
        self._begin_attack(0, 1, 0, 0, stun_main=True)

    def _do_swing(self, i: int) -> None:
        del self.rows[SWING][: i + 1]
        self.log_event(f"Conan makes a BIG SWING, burning {i + 1} dice")
        self._attacked()
        self._row_attack(self.game.c["swing"][i], i + 1)

    def _row_attack(self, eff: Sequence[int], k: int, attacker: int = -1) -> None:
        wounds, thresh, maxt, stun, rattle = eff
        if thresh:
            roll = d6(self.rng, k)
            self.log_event(f"Conan rolls {list(roll)} for {sum(roll)}, needing {thresh}+")
            if sum(roll) < thresh:
                wounds = 0  # the roll missed
        if wounds or rattle:
            self._begin_attack(wounds, maxt, stun, rattle, attacker=attacker)

    # ---- Conan's attacks ---------------------------------------------------------------------------
    def _attack_now(self) -> Attack | None:
        """Conan's attack waiting on a choice (the record of the frame on top), else None."""
        top = self.stack[-1]
        return top.attack if isinstance(top, ATTACK_FRAMES) else None

    def _begin_attack(self, wounds: int, maxt: int, stun: int, rattle: int, stun_main: bool = False,
                      attacker: int = -1) -> None:
        """Wounds are dealt to up to `maxt` enemies in range; a riposte strikes the attacker."""
        self._attack_next(Attack(wounds=max(wounds, 1 if stun_main else 0), max_targets=maxt,
                                 stun=stun, rattle=rattle, stun_only=stun_main, attacker=attacker,
                                 riposte=attacker < 0))

    def _begin_blows(self, blows: Sequence[tuple[int, int, str]], conan_hits: int = 0,
                     conan_tokens: Sequence[str] = ()) -> None:
        """Wounds and tokens dealt outside an attack (scatter, location events): each may be
        blocked like an attack's; then what Conan is dealt (he may block it too), and play
        resumes where it was."""
        self._attack_next(Attack(blows=[Blow(t, n, tok, False) for t, n, tok in blows],
                                 step=Step.BLOWS, after=Step.HITS, riposte=False,
                                 hits_back=conan_hits, conan_tokens=list(conan_tokens)))

    def _attack_cands(self, a: Attack) -> list[int]:
        if len(a.targets) >= a.max_targets:
            return [t for t in a.targets if self.enemy_alive(self.enemies[t])]
        g = self.grid()
        out = [i for i, e in enumerate(self.enemies)
               if self.enemy_alive(e) and g.in_range(self.pos, e.square, a.reach)]
        if a.attacker >= 0:
            # a riposte strikes the enemy being blocked (and, for 3W//, one more adjacent enemy)
            if not a.targets:
                return [a.attacker] if self.enemy_alive(self.enemies[a.attacker]) else []
            out = [i for i in out if dist(self.pos, self.enemies[i].square) == 1 or i == a.attacker]
        return out

    def _ask(self, frame: Target | StunTarget | YaraBlock) -> None:
        """A choice is needed: `frame` (carrying the attack) goes on top of the frame play
        resumes at, or takes the place of the attack's previous choice."""
        if isinstance(self.stack[-1], ATTACK_FRAMES):
            self.replace(frame)
        else:
            self.push(frame)

    def _attack_next(self, a: Attack) -> None:
        while True:
            st = a.step
            if st == Step.ASSIGN:
                att = a.attacker
                if a.wounds == 0 and att >= 0 and not a.targets and self.enemy_alive(self.enemies[att]):
                    a.targets, a.dealt = [att], [0]   # a riposte that only rattles the attacker
                while a.wounds > 0:
                    cands = self._attack_cands(a)
                    if not cands:
                        a.wounds = 0
                        break
                    if len(cands) > 1:
                        self._ask(Target(CONAN, a))
                        return
                    self._assign(a, cands[0])
                a.step = Step.RESOLVE
            elif st == Step.RESOLVE:
                q = a.blows
                for t, n in zip(a.targets, a.dealt):
                    if a.stun_only:
                        q.append(Blow(t, 1, "S", False))
                    elif n:
                        q.append(Blow(t, n, "", a.riposte, a.unblock))
                if a.rattle and a.targets:
                    q.append(Blow(a.targets[0], 1, "R", False))
                a.step = Step.BLOWS
            elif st == Step.BLOWS:
                if not self._run_blows(a):
                    return      # Yara chooses her minion's blocks
                a.step = a.after
            elif st == Step.STUN:
                a.step = Step.HITS
                if a.stun:
                    others = [i for i in self._adjacent_enemies(self.pos) if i not in a.targets]
                    if len(others) > 1:
                        self._ask(StunTarget(CONAN, a))
                        return
                    if others:
                        a.blows.append(Blow(others[0], 1, "S", False))
                        a.step, a.after = Step.BLOWS, Step.HITS
            else:
                if isinstance(self.stack[-1], ATTACK_FRAMES):
                    self.pop()      # back to the frame the attack began at
                if a.hits_back or a.conan_tokens:
                    # the enemy whose RIPOSTE struck is named (one of them when several did)
                    by = a.riposters[0] if a.riposters else -1
                    self._deal_to_conan(a.hits_back, a.conan_tokens, by, False, height=False)
                elif self.top_is(Defend):
                    if a.attacker >= 0 and self._can_enter():
                        # a RIPOSTE slew its attacker on the enemies' turn: Conan MAY step in
                        self.push(SLAY_STEP, then=DEFEND_AFTER_STEP)
                        return
                    if a.attacker >= 0:
                        self.slain_sq = -1
                    self._defend_check()
                return

    @staticmethod
    def _assign(a: Attack, t: int) -> None:
        a.wounds -= 1
        if t in a.targets:
            a.dealt[a.targets.index(t)] += 1
        else:
            a.targets.append(t)
            a.dealt.append(1)

    def _mask_target(self, m: Mask, O: dict[str, int], a: Attack) -> None:
        for t in self._attack_cands(a):
            m[O["target"] + t] = True

    def _mask_stun_target(self, m: Mask, O: dict[str, int], a: Attack) -> None:
        for i in self._adjacent_enemies(self.pos):
            if i not in a.targets:
                m[O["target"] + i] = True

    def _do_target(self, t: int) -> None:
        top = self.stack[-1]
        if isinstance(top, ItemTarget):
            return self._item_strike(t)
        if isinstance(top, StunTarget):
            a = top.attack.copy()
            a.blows.append(Blow(t, 1, "S", False))
            a.step, a.after = Step.BLOWS, Step.HITS
        else:
            a = self._top(Target).attack.copy()
            self._assign(a, t)
        self._attack_next(a)

    def _item_strike(self, t: int) -> None:
        """A thrown item strikes the chosen enemy in range 3 (no riposte against it); the
        Elephant's Heart deals 3 wounds that no block stops."""
        heart = self.game.c["items"][self._top(ItemTarget).item].effect[0] == "heart"
        self.pop()
        self._attacked()
        self._attack_next(Attack(targets=[t], dealt=[3 if heart else 1], reach=3, riposte=False,
                                 step=Step.RESOLVE, unblock=heart))

    # ---- the defender blocks (Taking Them Down; Tokens) -------------------------------------------
    def _block_rows(self, e: Enemy, blow: Blow) -> tuple[int, ...]:
        """Rows whose dice may block this blow: a wound by BLOCK dice and, when the blow allows a
        riposte, RIPOSTE dice and dice that are both a hit and a riposte; a token by BLOCK dice
        only. A stunned enemy uses no dice."""
        if blow.unblockable or self._e_stunned(e):
            return ()
        wants = ("block", "riposte", "hitriposte") if blow.riposte_ok and not blow.token else ("block",)
        rows = self.enemy_kind(e).rows
        return tuple(r for r in range(len(rows)) if e.dice[r] and rows[r][2] in wants)

    def _block_with(self, blow: Blow, r: int) -> None:
        """Burn one die of row r against the blow; a riposte die hits Conan back."""
        e = self.enemies[blow.target]
        row = self.enemy_kind(e).rows[r]
        e.dice[r] -= 1
        blow.left -= 1
        self.log_event(f"{self.game.c['cards'][e.card].name} blocks with a {row_short(row)} die")
        if row.kind == "riposte":
            blow.hits_back += 1
        elif row.kind == "hitriposte":
            blow.hits_back += int(self.rng.integers(1, 7)) >= row.param

    def _run_blows(self, a: Attack) -> bool:
        """Land the queued blows in order. For each wound the target may block: height advantage
        and free blocks first, then its dice (solo: automatically, riposte dice first; Battle
        Mode: Yara chooses). Returns False while Yara is to choose."""
        q = a.blows
        battle = self.game.battle
        while q:
            b = q[0]
            e = self.enemies[b.target]
            if not self.enemy_alive(e):
                q.pop(0)
                continue
            if not b.auto_done:
                b.auto_done = True
                if not b.unblockable:
                    name = self.game.c["cards"][e.card].name
                    if not b.token and self.grid().height_advantage(e.square, self.pos):
                        b.left -= 1   # height advantage: an extra block against a lower attacker
                        self.log_event(f"{name}'s height advantage cancels 1 wound")
                    fb = min(b.left, e.free_blocks)
                    if fb:
                        e.free_blocks -= fb
                        b.left -= fb
                        self.log_event(f"{name} blocks {fb} " + (
                            f"{TOKEN_NAMES[b.token]} token" if b.token else "wound(s)")
                            + " free (this round's effect)")
                if b.left > 0 and self._block_rows(e, b):
                    if battle:
                        self._ask(YaraBlock(YARA, a))
                        return False
                    order = ("riposte", "block", "hitriposte") if b.riposte_ok and not b.token else ("block",)
                    for want in order:
                        for r, row in enumerate(self.enemy_kind(e).rows):
                            while b.left > 0 and e.dice[r] > 0 and row.kind == want:
                                self._block_with(b, r)
            q.pop(0)
            a.hits_back += self._land(a, b)
        return True

    def _land(self, a: Attack, b: Blow) -> int:
        """What the blocks left lands: wounds (maybe slaying) or the token. Returns the riposte
        hits on Conan, less one for his height advantage."""
        i, n, tok = b.target, b.left, b.token
        e = self.enemies[i]
        if n > 0:
            name = self.game.c["cards"][e.card].name
            self.log_event(f"{name} gains a {TOKEN_NAMES[tok]} token" if tok else
                           f"{name} takes {n} wound(s)")
            if tok:
                e.tokens.append(tok)
                if len(e.tokens) == 1 and tok == "S":
                    e.token_active = True
            else:
                e.wounds += n
                if e.wounds >= e.life:
                    self._slay(i)
        hits = b.hits_back
        if hits:
            name = self.game.c["cards"][e.card].name
            self.log_event(f"{name}'s RIPOSTE strikes Conan: {hits} hit(s)")
            if self.grid().height_advantage(self.pos, e.square):
                hits -= 1
                self.log_event("Conan's height advantage cancels 1 hit")
            if hits:
                a.riposters.append(b.target)
        return hits

    def _mask_yara_block(self, m: Mask, O: dict[str, int], a: Attack) -> None:
        b = a.blows[0]
        for r in self._block_rows(self.enemies[b.target], b):
            m[O["minion_block"] + r] = True
        m[O["done"]] = True

    def _do_minion_block(self, r: int) -> None:
        a = self._top(YaraBlock).attack.copy()
        b = a.blows[0]
        self._block_with(b, r)
        if b.left <= 0 or not self._block_rows(self.enemies[b.target], b):
            self._land_first(a)
        else:
            self.replace(YaraBlock(YARA, a))

    def _yara_block_done(self) -> None:
        self._land_first(self._top(YaraBlock).attack.copy())

    def _land_first(self, a: Attack) -> None:
        """Yara's blocks against the first blow are over: it lands, and the attack goes on."""
        b = a.blows.pop(0)
        a.hits_back += self._land(a, b)
        self._attack_next(a)

    def _slay(self, i: int) -> None:
        """Removed at once; XP counts at once; Conan may step into the square."""
        e = self.enemies[i]
        e.wounds = e.life
        e.dice = [0] * len(e.dice)
        self.slain_sq = e.square
        e.square = -1
        self.log_event(f"Conan slays {self.game.c['cards'][e.card].name} (+{self.enemy_kind(e).xp} XP)")
        self._gain_xp(self.enemy_kind(e).xp)
        if not any(self.enemy_alive(x) for x in self.enemies):
            self.combat_over = True
