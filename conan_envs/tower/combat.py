"""Combat Phase (The Combat Round; Resolve Initiative; Conflict Begins; Movement; Range; Terrain
and Combat; Combat Tracker; The Slots in Detail; Taking Them Down; Tokens): rounds, initiative,
Conan's activation (move then attack or attack then move, LEAP, stepping into a slain enemy's
square), his attacks and the enemies' blocks and ripostes, tokens on enemies, and the round
tracker. Conan's attacks and the enemies' blocks (Taking Them Down) are in attack.py, attacks on
Conan in defence.py."""
from __future__ import annotations

from conan_envs.engine import draw
from conan_envs.engine.core import Mask

from .content import LEAP, SLASH, SWING
from .decisions import (
    CONAN,
    CONAN_TURN,
    DEFEND,
    DICE,
    INITIATIVE,
    YARA,
    Initiative,
    Reserve,
    SlayStep,
)
from .fields import TowerFields
from .frames import (
    AFTER_CONAN_DICE,
    AFTER_YARA_DICE,
    AI,
    ATTACKED,
    INITIATIVE_DRAW,
    LOCATION_READY,
    MOVED,
    ROUND_END,
    ROUND_START,
    SIDES,
    Phase,
)
from .grid import dist
from .words import square
from .yara_decisions import YARA_DICE, YARA_INITIATIVE, YARA_TURN, Minion

POISON_CAPACITY = 2


class CombatMixin(TowerFields):
    # ---- rounds ---------------------------------------------------------------------------------
    def _auto_round_start(self) -> None:
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

    def _auto_after_conan_dice(self) -> None:
        self._finish_conan_dice()
        alive = any(self.enemy_alive(e) for e in self.enemies)
        if alive:
            self._roll_minions(not self.game.battle)
            if self.game.battle:
                self.push(YARA_DICE, then=AFTER_YARA_DICE)
                return
        self.replace(AFTER_YARA_DICE)

    def _auto_after_yara_dice(self) -> None:
        self.replace(INITIATIVE_DRAW if self.in_combat else LOCATION_READY)

    def _auto_initiative_draw(self) -> None:
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

    def _do_go_first(self, _: int) -> None:
        self._resolve_initiative(CONAN if self.top_is(Initiative) else YARA, True)

    def _do_game_effect(self, _: int) -> None:
        self._resolve_initiative(CONAN if self.top_is(Initiative) else YARA, False)

    def _resolve_initiative(self, chooser: int, go_first: bool) -> None:
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

    def _conan_effect(self, eff: tuple[str, int]) -> None:
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

    def _minion_effect(self, eff: tuple[str, int]) -> None:
        kind, k = eff
        for e in self.enemies:
            if not self.enemy_alive(e):
                continue
            if kind == "heal_minions":
                e.wounds = max(0, e.wounds - k)
            elif kind == "minion_move":
                e.bonus_move += k
            elif kind == "minion_block":
                e.free_blocks += k
            elif kind == "minion_hit":
                e.bonus_hits += k

    def _auto_sides(self) -> None:
        """3-4. The side going first activates, then the other side."""
        self.side_no = 0
        self._start_side(self.first_side)

    def _start_side(self, side: int) -> None:
        if side == CONAN:
            self.cphase = int(Phase.FRESH)
            self.slain_sq = -1
            self.slay_move = False
            self.move_left = self._base_move() + self.move_bonus
            self.replace(CONAN_TURN)
        elif self.game.battle:
            self.replace(YARA_TURN)
        else:
            self.ai_idx = 0
            self.replace(AI)

    def _end_side(self) -> None:
        self.side_no += 1
        if self.side_no >= 2:
            self.replace(ROUND_END)
        else:
            self._start_side(1 - self.first_side)

    def _auto_round_end(self) -> None:
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
            self.replace(Reserve(CONAN, self.level, (0, 0, 0, 0, 0)))
        else:
            self._clear_rows()
            self.replace(ROUND_START)

    def _advance_tracker(self, k: int) -> None:
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

    def _finish_reserve(self) -> None:
        self._clear_rows(self._top(Reserve).kept)
        self.replace(ROUND_START)

    # ---- Conan's activation -----------------------------------------------------------------------
    def _can_move(self) -> bool:
        if self._stunned() or self._rattled():
            return False
        return self.slay_move or self.cphase != 2

    def _can_enter(self) -> bool:
        """Right after a kill Conan may step into the slain enemy's square and LEAP on,
        whether or not he moved before attacking (Conflict Begins, steps 3-4)."""
        return (self.slain_sq >= 0 and dist(self.slain_sq, self.pos) == 1
                and not self._stunned() and not self._rattled())

    def _moved(self) -> None:
        if not self.slay_move:
            self.cphase = MOVED.get(self.cphase, self.cphase)

    def _attack_allowed(self) -> bool:
        return not self._stunned() and self.cphase != 4

    def _can_attack(self) -> bool:
        return self._attack_allowed() and bool(self._adjacent_enemies(self.pos))

    def _attacked(self) -> None:
        self.slay_move = False
        self.slain_sq = -1
        self.cphase = ATTACKED.get(self.cphase, self.cphase)

    def _step_cost(self, src: int, dst: int, adjacent: int | None = None) -> int:
        g = self.grid()
        if dst < 0 or g.blocked[dst]:
            return 99
        for e in self.enemies:
            if e.square == dst and e.wounds < e.life:
                return 99
        if adjacent is None:
            adjacent = len(self._adjacent_enemies(src))
        return 1 + adjacent + (1 if g.elev[src] != g.elev[dst] else 0)

    def _mask_conan_turn(self, m: Mask, O: dict[str, int]) -> None:
        g = self.grid()
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

    def _do_step(self, d: int) -> None:
        if self.top_is(Minion):
            return self._minion_step(d)
        dst = self.grid().step[self.pos][d]
        self.move_left -= self._step_cost(self.pos, dst)
        self.log_event(f"Conan steps to {square(dst)}")
        self.pos = dst
        self._moved()

    def _do_leap(self, i: int) -> None:
        """Burning the first k LEAP dice gives the move points printed above the k-th slot."""
        del self.rows[LEAP][: i + 1]
        self.move_left += self.game.c["leap_move"][i]
        self._moved()

    def _do_enter(self, _: int) -> None:
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
    def _slay_step_done(self) -> None:
        self.slain_sq = -1
        self.pop()

    def _auto_defend_after_step(self) -> None:
        self.replace(DEFEND)
        self._defend_check()
