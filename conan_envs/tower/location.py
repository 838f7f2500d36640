"""Location Phase and Mopping Up (Location Phase; Location Events; Scatter Rule; End of Combat
Phase; Mopping Up): setting up each location, readying skills, compulsory and optional tests with
the +1-on-re-roll rule, Taurus's Black Lotus Powder, Yara's Plot and Plan draws, the events after
combat, trading items for XP and moving on."""
from __future__ import annotations

from conan_envs.engine.core import Mask
from conan_envs.engine.flow import AUTO

from .decisions import CONAN, DICE, MARK, MOPPING, REWARD, TAURUS, Ready, TakeTest, Taurus
from .enemy import Enemy, Incoming
from .fields import TowerFields
from .frames import (
    COMBAT_START,
    INITIATIVE_DRAW,
    LOCATION_TESTS,
    MOPPING_START,
    ROUND_START,
    START,
    TAURUS_CHECK,
    YARA_DRAW,
    YARA_PLANS,
    TestResume,
    TowerFrame,
)
from .grid import H, W, dist
from .words import square
from .yara_decisions import PUTBACK, YARA_PLAN

SCATTER = {1: (-1, -1), 2: (1, -1), 3: (-1, 1), 4: (1, 1)}  # 5-6: the target square itself


class LocationMixin(TowerFields):
    def _begin_location(self) -> None:
        """A new location: set it up per the Scenario Book; Conan holds the Initiative Token
        unless the location says otherwise; then the Dice Phase."""
        L = self.game.c["locations"][self.loc]
        self.log_event(f"Conan enters {L.name} (location {self.loc + 1})")
        self.pos = L.conan
        cards = self.game.c["cards"]
        self.enemies = [Enemy(card, sq, cards[card].kind.life, dice=[0] * len(cards[card].kind.rows))
                        for card, sq in L.enemies]
        self.tracker = 1
        self.combat_rounds = 0
        self.in_combat = False
        self.combat_over = False
        self.init_token = L.token
        self.init_card = -1         # no initiative card drawn here yet
        self.auto_only = False
        self.conan_first = False
        self.ctok, self.ctok_active, self.poison = [], False, []
        self._clear_rows()
        self.test_idx = 0
        self.replace(ROUND_START)

    def _auto_location_ready(self) -> None:
        """Just before any events, Conan may READY two exhausted skills plus one per level."""
        allowance = 2 + self.level
        if sum(self.exhausted) <= allowance:
            self.exhausted = [False] * len(self.skills)
            self.replace(LOCATION_TESTS)
        else:
            self.push(Ready(CONAN, allowance), then=LOCATION_TESTS)

    # ---- tests ---------------------------------------------------------------------------------
    def _test_applies(self, t):
        if t.solo_only and self.game.battle:
            return False
        if t.requires == "heart" and self.game.c["heart"] not in self.items:
            return False
        return True

    def _auto_location_tests(self) -> None:
        tests = self.game.c["locations"][self.loc].tests
        while self.test_idx < len(tests) and not self._test_applies(tests[self.test_idx]):
            self.test_idx += 1
        if self.test_idx >= len(tests):
            self.replace(TAURUS_CHECK)
            return
        self.replace(TakeTest(CONAN, 0, False))

    def _need(self, rerolled):
        """The result the test's dice must show (one more on the second attempt)."""
        return min(6, self._test().need + (1 if rerolled else 0))

    def _mask_test(self, m, O, test):
        need = self._need(test.rerolled)
        rows = self.rows
        for r in range(5):
            if any(need <= v <= 6 for v in rows[r]):
                m[O["pay"] + r] = True
        can = sum(1 for row in rows for v in row if need <= v <= 6) >= self._test().count - test.paid
        if not test.rerolled and not can and any(v <= 6 for row in rows for v in row):
            m[O["test_reroll"]] = True
        if self._test().optional or not can:
            m[O["done"]] = True

    def _do_pay(self, r: int) -> None:
        test = self._top(TakeTest)
        need = self._need(test.rerolled)
        row = self.rows[r]
        for k in range(len(row) - 1, -1, -1):
            if need <= row[k] <= 6:
                del row[k]
                break
        t = self._test()
        if test.paid + 1 >= t.count:
            self.log_event(f"Conan passes the test '{t.name}'")
            self._next_test()
            self._test_effects(t.on_pass)
        else:
            self.replace(TakeTest(CONAN, test.paid + 1, test.rerolled))

    def _do_test_reroll(self, _: int) -> None:
        """Second attempt: re-roll any or all dice left (results needed rise by 1), re-slot."""
        paid = self._top(TakeTest).paid
        dice = [v for row in self.rows for v in row if v <= 6]
        self._clear_rows()
        for v in dice:
            self.pool[v] += 1
        self.locked = False
        self.push(DICE, then=TestResume(AUTO, paid))
        self.push(MARK)

    def _auto_test_resume(self) -> None:
        self._finish_conan_dice()
        self.replace(TakeTest(CONAN, self._top(TestResume).paid, True))

    def _test_done(self):
        t = self._test()
        self.log_event(f"Conan gives up the test '{t.name}'")
        self._next_test()
        if not t.optional:
            self._test_effects(t.on_fail)

    def _next_test(self):
        self.test_idx += 1
        self.replace(LOCATION_TESTS)

    def _test_effects(self, effects):
        for eff in effects:
            kind = eff[0]
            if kind == "fatigue":
                if eff[1] < 0:
                    self._lose_fatigue(-eff[1])
                else:
                    self._refill(eff[1])
            elif kind == "rage":
                self.rage_pool += eff[1]
            elif kind == "heal":
                self._heal(eff[1])
            elif kind == "xp":
                self._gain_xp(eff[1])
            elif kind == "draw_item":
                self._draw_item()
            elif kind == "gain_heart":
                self.items.append(self.game.c["heart"])
            elif kind == "conan_first":
                self.conan_first = True
            elif kind == "auto_only_first_round":
                # the first round's enemy dice were rolled in the Dice Phase: keep only the auto die
                for e in self.enemies:
                    rows = [0] * len(e.dice)
                    if e.auto_row >= 0:
                        rows[e.auto_row] = 1
                    e.dice = rows
            elif kind == "enemy_token":
                self._begin_blows([(i, 1, eff[1]) for i, e in enumerate(self.enemies)
                                   if self.enemy_alive(e)
                                   and (len(eff) < 3 or self.enemy_kind(e).key == eff[2])])

    # ---- Taurus's Black Lotus Powder (Scatter Rule) -----------------------------------------------
    def _auto_taurus_check(self) -> None:
        L = self.game.c["locations"][self.loc]
        if L.taurus and any(self.enemy_alive(e) for e in self.enemies):
            self.replace(TAURUS)
        else:
            self.replace(YARA_DRAW)

    def _do_square(self, sq: int) -> None:
        """Scatter: roll for where the powder lands; a square no one can occupy counts as the
        target. Centre: STUNNED and 1 wound; adjacent squares: RATTLED. It can affect Conan."""
        roll = int(self.rng.integers(1, 7))
        land = sq
        if roll in SCATTER:
            dx, dy = SCATTER[roll]
            x, y = sq % W + dx, sq // W + dy
            if 0 <= x < W and 0 <= y < H and not self.grid().blocked[y * W + x]:
                land = y * W + x
        self.log_event(f"The Black Lotus Powder is thrown at {square(sq)}: scatter roll {roll}, "
                       f"it lands on {square(land)}")
        if self.top_is(Taurus):
            self.replace(YARA_DRAW)
        else:
            self.pop()
            self._attacked()
        # Conan may BLOCK what the powder deals him, like the enemies (Tokens)
        conan = (1, ["S"]) if self.pos == land else (0, ["R"]) if dist(self.pos, land) == 1 else (0, [])
        blows = []
        for i, e in enumerate(self.enemies):
            if self.enemy_alive(e):
                if e.square == land:
                    blows += [(i, 1, "S"), (i, 1, "")]
                elif dist(e.square, land) == 1:
                    blows.append((i, 1, "R"))
        self._begin_blows(blows, *conan)

    # ---- Yara's draws and plans -------------------------------------------------------------------
    def _auto_yara_draw(self) -> None:
        L = self.game.c["locations"][self.loc]
        self.replace(YARA_PLANS)
        if self.game.battle and L.battle_draw:
            self._draw_plots(L.battle_draw)
            self.put_back = min(len(self.drawn), L.battle_draw - L.battle_keep)
            if self.put_back > 0:
                self.push(PUTBACK, then=YARA_PLANS)

    def _auto_yara_plans(self) -> None:
        L = self.game.c["locations"][self.loc]
        self.replace(COMBAT_START)
        if self.game.battle and not L.no_plots and self.plot_hand:
            self.push(YARA_PLAN, then=COMBAT_START)

    def _auto_combat_start(self) -> None:
        if any(self.enemy_alive(e) for e in self.enemies):
            self.in_combat = True
            self.replace(INITIATIVE_DRAW)
        else:
            self.replace(MOPPING_START)

    # ---- end of combat and Mopping Up ---------------------------------------------------------------
    def _auto_combat_end(self) -> None:
        """Yara's side has fallen: the tracker resets; tokens and slotted dice go."""
        if self.pending.hits or self.pending.tokens:
            hits = self.pending.hits
            self.pending = Incoming()
            self._lose_fatigue(hits)
        self.pending = Incoming()
        self.in_combat = False
        self.combat_over = False
        self.tracker = 1
        self.ctok, self.ctok_active, self.poison = [], False, []
        self._clear_rows()
        L = self.game.c["locations"][self.loc]
        patience = "rewards_of_patience" in L.end_events and self.combat_rounds + 1 > 4
        self.rewards = int(patience) + int("spoils" in L.end_events)
        self.replace(REWARD if self.rewards else MOPPING_START)

    def _do_draw_item(self, _: int) -> None:
        """Rewards of Patience / Spoils: each lets Conan draw an Item Card."""
        self._draw_item()
        self.rewards -= 1
        if self.rewards <= 0:
            self.replace(MOPPING_START)

    def _auto_mopping_start(self) -> None:
        self._clear_rows()
        self.replace(MOPPING)

    def _mask_mopping(self, m: Mask, O: dict[str, int]) -> None:
        items = self.game.c["items"]
        for i in set(self.items):
            if items[i].effect[0] != "heart":
                m[O["trade"] + i] = True
        self._item_mask(m, O, "mopping")
        m[O["done"]] = True

    def _leave_location(self):
        if self.loc + 1 >= len(self.game.c["locations"]):
            self.winner = "conan"
            return
        self.loc += 1
        self.replace(START)

    # ---- "done" means the end of whatever is being decided ----------------------------------------
    def _do_done(self, _: int) -> None:
        self._top(TowerFrame).done(self)      # each decision's frame says what "done" ends

