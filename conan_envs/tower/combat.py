"""Combat Phase (The Combat Round; Resolve Initiative; Conflict Begins; Movement; Range; Terrain
and Combat; Combat Tracker; The Slots in Detail; Taking Them Down; Tokens): rounds, initiative,
Conan's activation (move then attack or attack then move, LEAP, stepping into a slain enemy's
square), his attacks and the enemies' blocks and ripostes, tokens on enemies, and the round
tracker. The defender's blocks against Conan (Taking Them Down) are automatic in solo mode and Yara's
choice in Battle Mode. Attacks on Conan are in defence.py."""
from __future__ import annotations

from conan_envs.engine import draw

from .content import LEAP, SLASH, SWING
from .dice import d6
from .enemy import Blow
from .frames import (
    AFTER_CONAN_DICE,
    AFTER_YARA_DICE,
    AI,
    CONAN_TURN,
    DEFEND,
    DEFEND_AFTER_STEP,
    DICE,
    INITIATIVE,
    INITIATIVE_DRAW,
    LOCATION_READY,
    RESERVE,
    ROUND_END,
    ROUND_START,
    SIDES,
    SLAY_STEP,
    STUN_TARGET,
    TARGET,
    YARA_BLOCK,
    YARA_DICE,
    YARA_INITIATIVE,
    YARA_TURN,
    Defend,
    Initiative,
    ItemTarget,
    Minion,
    SlayStep,
    StunTarget,
)
from .grid import NEAR, dist
from .words import TOKEN_NAMES, row_short, square

CONAN, YARA = 0, 1
POISON_CAPACITY = 2


class CombatMixin:
    # ---- helpers --------------------------------------------------------------------------------
    def _grid(self):
        return self.game.c["locations"][self.loc].grid

    def _kind(self, e):
        return self.game.c["cards"][e.card].kind

    @staticmethod
    def _alive(e):
        return e.wounds < e.life

    def _stunned(self):
        return self.ctok_active and self.ctok[0] == "S"

    def _rattled(self):
        return self.ctok_active and self.ctok[0] == "R"

    def _e_stunned(self, e):
        return e.token_active and e.tokens[0] == "S"

    def _e_rattled(self, e):
        return e.token_active and e.tokens[0] == "R"

    def _adjacent_enemies(self, sq):
        near = NEAR[sq]
        return [i for i, e in enumerate(self.enemies) if e.wounds < e.life and e.square in near]

    # ---- rounds ---------------------------------------------------------------------------------
    def _auto_round_start(self):
        """1. Roll and slot the Action Dice (POISON takes its FATIGUE after rolling)."""
        self.move_bonus = 0
        self.free_blocks = 0
        self.plot_played = False
        self.ctok_active = bool(self.ctok)
        for e in self.enemies:
            e.token_active = bool(e.tokens)
            e.done = False
            e.free_blocks = e.bonus_move = e.bonus_hits = 0
        self._roll_conan()
        for k in range(len(self.poison)):
            self._lose_fatigue(1)
            self.poison[k] += 1
        self.poison = [p for p in self.poison if p < POISON_CAPACITY]
        self.stack[:] = [AFTER_CONAN_DICE, DICE]

    def _auto_after_conan_dice(self):
        self._finish_conan_dice()
        alive = any(self._alive(e) for e in self.enemies)
        if alive:
            self._roll_minions(not self.game.battle)
            if self.game.battle:
                self.push(YARA_DICE, then=AFTER_YARA_DICE)
                return
        self.replace(AFTER_YARA_DICE)

    def _auto_after_yara_dice(self):
        self.replace(INITIATIVE_DRAW if self.in_combat else LOCATION_READY)

    def _auto_initiative_draw(self):
        """2. The token holder draws and chooses GO FIRST or the GAME EFFECT; the token passes.
        In solo mode Yara's side always chooses GO FIRST. A location may give one side the first
        swing every round, and a test may give Conan the first round: then no card is drawn, no
        GAME EFFECT applies and the token stays where it is."""
        first = self.game.c["locations"][self.loc].first_swing
        if first < 0 and self.conan_first and self.combat_rounds == 0:
            first = CONAN
        if first >= 0:
            self.first_side = first
            self.init_card = -1
            self.replace(SIDES)
            return
        self.init_card = draw(self.rng, self.init_deck, self.init_discard)
        self.init_discard.append(self.init_card)
        holder = self.init_token
        self.init_token = 1 - holder
        self.log_event(f"{('Conan', 'Yara')[holder]} draws the initiative card "
                       f"{self.game.c['initiative'][self.init_card][0]}")
        if holder == YARA and not self.game.battle:
            self._resolve_initiative(YARA, go_first=True)
        else:
            self.replace(INITIATIVE if holder == CONAN else YARA_INITIATIVE)

    def _mask_initiative(self, m, O):
        m[O["go_first"]] = m[O["game_effect"]] = True

    _mask_yara_initiative = _mask_initiative

    def _do_go_first(self, _):
        self._resolve_initiative(CONAN if self.top_is(Initiative) else YARA, True)

    def _do_game_effect(self, _):
        self._resolve_initiative(CONAN if self.top_is(Initiative) else YARA, False)

    def _resolve_initiative(self, chooser, go_first):
        self.first_side = chooser if go_first else 1 - chooser
        effect_side = 1 - chooser if go_first else chooser
        _, conan_eff, yara_eff = self.game.c["initiative"][self.init_card]
        choice = "GO FIRST" if go_first else "the GAME EFFECT"
        self.log_event(f"{('Conan', 'Yara')[chooser]} chooses {choice}; "
                       f"{('Conan', 'Yara')[self.first_side]} goes first")
        if effect_side == CONAN:
            self._conan_effect(conan_eff)
        else:
            self._minion_effect(yara_eff)
        self.replace(SIDES)

    def _conan_effect(self, eff):
        kind, k = eff
        if kind == "fatigue":
            self._refill(k)
        elif kind == "move":
            self.move_bonus += k
        elif kind == "free_block":
            self.free_blocks += k
        elif kind == "rage":
            for _ in range(k):
                self._rage_into_swing()

    def _minion_effect(self, eff):
        kind, k = eff
        for e in self.enemies:
            if not self._alive(e):
                continue
            if kind == "heal_minions":
                e.wounds = max(0, e.wounds - k)
            elif kind == "minion_move":
                e.bonus_move += k
            elif kind == "minion_block":
                e.free_blocks += k
            elif kind == "minion_hit":
                e.bonus_hits += k

    def _auto_sides(self):
        """3-4. The side going first activates, then the other side."""
        self.side_no = 0
        self._start_side(self.first_side)

    def _start_side(self, side):
        if side == CONAN:
            self.cphase = 0
            self.slain_sq = -1
            self.slay_move = False
            self.move_left = self._base_move() + self.move_bonus
            self.replace(CONAN_TURN)
        elif self.game.battle:
            self.replace(YARA_TURN)
        else:
            self.ai_idx = 0
            self.replace(AI)

    def _end_side(self):
        self.side_no += 1
        if self.side_no >= 2:
            self.replace(ROUND_END)
        else:
            self._start_side(1 - self.first_side)

    def _auto_round_end(self):
        """5. Both sides still stand: tokens turn over or go, the round tracker advances, Conan
        reserves dice, and the next round begins."""
        if self.ctok_active and self.ctok:
            if self.ctok[0] == "S":
                self.ctok[0] = "R"
            else:
                self.ctok.pop(0)
        self.ctok_active = False
        for e in self.enemies:
            e.dice = [0] * len(e.dice)      # unburned dice go; they roll again next round
            if e.token_active and e.tokens:
                if e.tokens[0] == "S":
                    e.tokens[0] = "R"
                else:
                    e.tokens.pop(0)
            e.token_active = False
        self.turn += 1
        self.combat_rounds += 1
        self._advance_tracker(1)
        if self.winner is not None:
            return
        if self.level > 0 and any(self.rows):
            self.reserve_left = self.level
            self.reserve_kept = [0] * 5
            self.replace(RESERVE)
        else:
            self._clear_rows()
            self.replace(ROUND_START)

    def _advance_tracker(self, k):
        """At the end of each 4th round the tracker resets to 1: solo, Conan loses 2 FATIGUE;
        Battle Mode, 1 FATIGUE and Yara draws a Plot and Plan card."""
        for _ in range(k):
            if self.tracker >= 4:
                self.tracker = 1
                lost = 1 if self.game.battle else 2
                self.log_event(f"The Round Tracker passes its fourth space and resets to 1: "
                               f"Conan loses {lost} FATIGUE"
                               + (" and Yara draws a Plot and Plan card" if self.game.battle else ""))
                self._lose_fatigue(lost)
                if self.game.battle:
                    self._draw_plots(1)
            else:
                self.tracker += 1

    def _finish_reserve(self):
        self._clear_rows(self.reserve_kept)
        self.replace(ROUND_START)

    # ---- Conan's activation -----------------------------------------------------------------------
    def _can_move(self):
        if self._stunned() or self._rattled():
            return False
        return self.slay_move or self.cphase != 2

    def _can_enter(self):
        """Right after a kill Conan may step into the slain enemy's square and LEAP on,
        whether or not he moved before attacking (Conflict Begins, steps 3-4)."""
        return (self.slain_sq >= 0 and dist(self.slain_sq, self.pos) == 1
                and not self._stunned() and not self._rattled())

    def _moved(self):
        if not self.slay_move:
            self.cphase = {0: 1, 3: 4}.get(self.cphase, self.cphase)

    def _attack_allowed(self):
        return not self._stunned() and self.cphase != 4

    def _can_attack(self):
        return self._attack_allowed() and bool(self._adjacent_enemies(self.pos))

    def _attacked(self):
        self.slay_move = False
        self.slain_sq = -1
        self.cphase = {0: 3, 1: 2}.get(self.cphase, self.cphase)

    def _step_cost(self, src, dst, adjacent=None):
        g = self._grid()
        if dst < 0 or g.blocked[dst]:
            return 99
        for e in self.enemies:
            if e.square == dst and e.wounds < e.life:
                return 99
        if adjacent is None:
            adjacent = len(self._adjacent_enemies(src))
        return 1 + adjacent + (1 if g.elev[src] != g.elev[dst] else 0)

    def _mask_conan_turn(self, m, O):
        g = self._grid()
        enter = self._can_enter()
        if self._can_move():
            adjacent = len(self._adjacent_enemies(self.pos))
            if self.move_left > adjacent:
                # right after a kill the slain enemy's square is reached by the step-in only
                # (Conflict Begins, steps 3-4; ruling 14): one action per square
                slain = self.slain_sq if enter else -1
                for d, dst in enumerate(g.step[self.pos]):
                    if dst != slain and self._step_cost(self.pos, dst, adjacent) <= self.move_left:
                        m[O["step"] + d] = True
            for k in range(min(7, len(self.rows[LEAP]))):
                m[O["leap"] + k] = True
        if enter:
            m[O["enter"]] = True
        if self._can_attack():
            for k in range(min(7, len(self.rows[SLASH]))):
                m[O["slash"] + k] = True
            if len(self.rows[SLASH]) >= 4:
                m[O["slash_stun"]] = True
            for k in range(min(7, len(self.rows[SWING]))):
                m[O["swing"] + k] = True
        self._skill_mask(m, O, "turn")
        self._item_mask(m, O, "turn")
        m[O["done"]] = True

    def _do_step(self, d):
        if self.top_is(Minion):
            return self._minion_step(d)
        dst = self._grid().step[self.pos][d]
        self.move_left -= self._step_cost(self.pos, dst)
        self.log_event(f"Conan steps to {square(dst)}")
        self.pos = dst
        self._moved()

    def _do_leap(self, i):
        """Burning the first k LEAP dice gives the move points printed above the k-th slot."""
        del self.rows[LEAP][: i + 1]
        self.move_left += self.game.c["leap_move"][i]
        self._moved()

    def _do_enter(self, _):
        """Step into the slain enemy's square at no cost; then only LEAPs move him on (on the
        enemies' turn, after a RIPOSTE kill, the step alone: ruling 14b)."""
        self.pos = self.slain_sq
        self.log_event(f"Conan steps into {square(self.pos)}")
        self.slain_sq = -1
        if self.top_is(SlayStep):
            self.pop()
            return
        self.move_left = 0
        self.slay_move = True

    # ---- a RIPOSTE kill on the enemies' turn (Conflict Begins: "If Conan slays an enemy ... 3.
    # Conan MAY step into the space the enemy occupied"; the one exception to "BLOCK and
    # RIPOSTE are the only actions allowed during an opponent's attack") -----------------------
    def _mask_slay_step(self, m, O):
        m[O["enter"]] = m[O["done"]] = True

    def _slay_step_done(self):
        self.slain_sq = -1
        self.pop()

    def _auto_defend_after_step(self):
        self.replace(DEFEND)
        self._defend_check()

    def _do_slash(self, i):
        del self.rows[SLASH][: i + 1]
        self.log_event(f"Conan SLASHes, burning {i + 1} dice")
        self._attacked()
        self._row_attack(self.game.c["slash"][i], i + 1)

    def _do_slash_stun(self, _):
        del self.rows[SLASH][:4]
        self.log_event("Conan SLASHes to STUN, burning 4 dice")
        self._attacked()
        self._begin_attack(0, 1, 0, 0, stun_main=True)

    def _do_swing(self, i):
        del self.rows[SWING][: i + 1]
        self.log_event(f"Conan makes a BIG SWING, burning {i + 1} dice")
        self._attacked()
        self._row_attack(self.game.c["swing"][i], i + 1)

    def _row_attack(self, eff, k, attacker=-1):
        wounds, thresh, maxt, stun, rattle = eff
        if thresh:
            roll = d6(self.rng, k)
            self.log_event(f"Conan rolls {list(roll)} for {sum(roll)}, needing {thresh}+")
            if sum(roll) < thresh:
                wounds = 0  # the roll missed
        if wounds or rattle:
            self._begin_attack(wounds, maxt, stun, rattle, attacker=attacker)

    # ---- Conan's attacks ---------------------------------------------------------------------------
    def _new_attack(self, **kw):
        a = {"wounds": 0, "max_targets": 1, "targets": [], "dealt": [], "stun": 0, "rattle": 0,
             "stun_only": False, "attacker": -1, "resume": self.stack[-1], "reach": 1, "riposte": True,
             "hits_back": 0, "step": "assign", "unblock": False, "blows": [], "after": "stun",
             "conan_tokens": [], "riposters": []}
        a.update(kw)
        self.attack = a
        return a

    def _begin_attack(self, wounds, maxt, stun, rattle, stun_main=False, attacker=-1):
        """Wounds are dealt to up to `maxt` enemies in range; a riposte strikes the attacker."""
        self._new_attack(wounds=max(wounds, 1 if stun_main else 0), max_targets=maxt, stun=stun,
                         rattle=rattle, stun_only=stun_main, attacker=attacker,
                         riposte=attacker < 0)
        self._attack_next()

    def _begin_blows(self, blows, conan_hits=0, conan_tokens=()):
        """Wounds and tokens dealt outside an attack (scatter, location events): each may be
        blocked like an attack's; then what Conan is dealt (he may block it too), and play
        resumes where it was."""
        self._new_attack(blows=[self._blow(t, n, tok, False) for t, n, tok in blows],
                         step="blows", after="hits", riposte=False, hits_back=conan_hits,
                         conan_tokens=list(conan_tokens))
        self._attack_next()

    @staticmethod
    def _blow(t, n, tok, riposte_ok, unblockable=False):
        return Blow(t, n, tok, riposte_ok, unblockable)

    def _attack_cands(self):
        a = self.attack
        if len(a["targets"]) >= a["max_targets"]:
            return [t for t in a["targets"] if self._alive(self.enemies[t])]
        g = self._grid()
        out = [i for i, e in enumerate(self.enemies)
               if self._alive(e) and g.in_range(self.pos, e.square, a["reach"])]
        if a["attacker"] >= 0:
            # a riposte strikes the enemy being blocked (and, for 3W//, one more adjacent enemy)
            if not a["targets"]:
                return [a["attacker"]] if self._alive(self.enemies[a["attacker"]]) else []
            out = [i for i in out if dist(self.pos, self.enemies[i].square) == 1 or i == a["attacker"]]
        return out

    def _attack_next(self):
        a = self.attack
        while True:
            st = a["step"]
            if st == "assign":
                att = a["attacker"]
                if a["wounds"] == 0 and att >= 0 and not a["targets"] and self._alive(self.enemies[att]):
                    a["targets"], a["dealt"] = [att], [0]   # a riposte that only rattles the attacker
                while a["wounds"] > 0:
                    cands = self._attack_cands()
                    if not cands:
                        a["wounds"] = 0
                        break
                    if len(cands) > 1:
                        self.replace(TARGET)
                        return
                    self._assign(cands[0])
                a["step"] = "resolve"
            elif st == "resolve":
                q = a["blows"]
                for t, n in zip(a["targets"], a["dealt"]):
                    if a["stun_only"]:
                        q.append(self._blow(t, 1, "S", False))
                    elif n:
                        q.append(self._blow(t, n, "", a["riposte"], a["unblock"]))
                if a["rattle"] and a["targets"]:
                    q.append(self._blow(a["targets"][0], 1, "R", False))
                a["step"] = "blows"
            elif st == "blows":
                if not self._run_blows():
                    return      # Yara chooses her minion's blocks
                a["step"] = a["after"]
            elif st == "stun":
                a["step"] = "hits"
                if a["stun"]:
                    others = [i for i in self._adjacent_enemies(self.pos) if i not in a["targets"]]
                    if len(others) > 1:
                        self.replace(STUN_TARGET)
                        return
                    if others:
                        a["blows"].append(self._blow(others[0], 1, "S", False))
                        a["step"], a["after"] = "blows", "hits"
            else:
                self.attack = None
                self.replace(a["resume"])
                if a["hits_back"] or a["conan_tokens"]:
                    # the enemy whose RIPOSTE struck is named (one of them when several did)
                    by = a["riposters"][0] if a["riposters"] else -1
                    self._deal_to_conan(a["hits_back"], a["conan_tokens"], by, False, a["resume"],
                                        height=False)
                elif self.top_is(Defend):
                    if a["attacker"] >= 0 and self._can_enter():
                        # a RIPOSTE slew its attacker on the enemies' turn: Conan MAY step in
                        self.push(SLAY_STEP, then=DEFEND_AFTER_STEP)
                        return
                    if a["attacker"] >= 0:
                        self.slain_sq = -1
                    self._defend_check()
                return

    def _assign(self, t):
        a = self.attack
        a["wounds"] -= 1
        if t in a["targets"]:
            a["dealt"][a["targets"].index(t)] += 1
        else:
            a["targets"].append(t)
            a["dealt"].append(1)

    def _mask_target(self, m, O):
        for t in self._attack_cands():
            m[O["target"] + t] = True

    def _mask_stun_target(self, m, O):
        for i in self._adjacent_enemies(self.pos):
            if i not in self.attack["targets"]:
                m[O["target"] + i] = True

    def _do_target(self, t):
        if self.top_is(ItemTarget):
            return self._item_strike(t)
        a = self.attack
        if self.top_is(StunTarget):
            a["blows"].append(self._blow(t, 1, "S", False))
            a["step"], a["after"] = "blows", "hits"
        else:
            self._assign(t)
        self._attack_next()

    def _item_strike(self, t):
        """A thrown item strikes the chosen enemy in range 3 (no riposte against it); the
        Elephant's Heart deals 3 wounds that no block stops."""
        heart = self.game.c["items"][self.use_item].effect[0] == "heart"
        self.pop()
        self._attacked()
        self._new_attack(targets=[t], dealt=[3 if heart else 1], reach=3, riposte=False, step="resolve",
                         unblock=heart)
        self._attack_next()

    # ---- the defender blocks (Taking Them Down; Tokens) -------------------------------------------
    def _block_rows(self, e, blow):
        """Rows whose dice may block this blow: a wound by BLOCK dice and, when the blow allows a
        riposte, RIPOSTE dice and dice that are both a hit and a riposte; a token by BLOCK dice
        only. A stunned enemy uses no dice."""
        if blow.unblockable or self._e_stunned(e):
            return ()
        wants = ("block", "riposte", "hitriposte") if blow.riposte_ok and not blow.token else ("block",)
        rows = self._kind(e).rows
        return tuple(r for r in range(len(rows)) if e.dice[r] and rows[r][2] in wants)

    def _block_with(self, blow, r):
        """Burn one die of row r against the blow; a riposte die hits Conan back."""
        e = self.enemies[blow.target]
        row = self._kind(e).rows[r]
        e.dice[r] -= 1
        blow.left -= 1
        self.log_event(f"{self.game.c['cards'][e.card].name} blocks with a {row_short(row)} die")
        if row[2] == "riposte":
            blow.hits_back += 1
        elif row[2] == "hitriposte":
            blow.hits_back += int(self.rng.integers(1, 7)) >= row[3]

    def _run_blows(self):
        """Land the queued blows in order. For each wound the target may block: height advantage
        and free blocks first, then its dice (solo: automatically, riposte dice first; Battle
        Mode: Yara chooses). Returns False while Yara is to choose."""
        a = self.attack
        q = a["blows"]
        battle = self.game.battle
        while q:
            b = q[0]
            e = self.enemies[b.target]
            if not self._alive(e):
                q.pop(0)
                continue
            if not b.auto_done:
                b.auto_done = True
                if not b.unblockable:
                    name = self.game.c["cards"][e.card].name
                    if not b.token and self._grid().height_advantage(e.square, self.pos):
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
                        self.replace(YARA_BLOCK)
                        return False
                    order = ("riposte", "block", "hitriposte") if b.riposte_ok and not b.token else ("block",)
                    for want in order:
                        for r, row in enumerate(self._kind(e).rows):
                            while b.left > 0 and e.dice[r] > 0 and row[2] == want:
                                self._block_with(b, r)
            q.pop(0)
            a["hits_back"] += self._land(b)
        return True

    def _land(self, b):
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
            if self._grid().height_advantage(self.pos, e.square):
                hits -= 1
                self.log_event("Conan's height advantage cancels 1 hit")
            if hits:
                self.attack["riposters"].append(b.target)
        return hits

    def _mask_yara_block(self, m, O):
        b = self.attack["blows"][0]
        for r in self._block_rows(self.enemies[b.target], b):
            m[O["minion_block"] + r] = True
        m[O["done"]] = True

    def _do_minion_block(self, r):
        b = self.attack["blows"][0]
        self._block_with(b, r)
        if b.left <= 0 or not self._block_rows(self.enemies[b.target], b):
            self._yara_block_done()

    def _yara_block_done(self):
        a = self.attack
        b = a["blows"].pop(0)
        a["hits_back"] += self._land(b)
        self._attack_next()

    def _slay(self, i):
        """Removed at once; XP counts at once; Conan may step into the square."""
        e = self.enemies[i]
        e.wounds = e.life
        e.dice = [0] * len(e.dice)
        self.slain_sq = e.square
        e.square = -1
        self.log_event(f"Conan slays {self.game.c['cards'][e.card].name} (+{self._kind(e).xp} XP)")
        self._gain_xp(self._kind(e).xp)
        if not any(self._alive(x) for x in self.enemies):
            self.combat_over = True
