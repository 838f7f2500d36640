"""The Kings of Hyboria state: board fields, the decision and dice machinery shared by all
phases, and the Divination reroll (rulebook "WIZARD MAGIC TABLE" notes: "Discard a
Divination Token to cause any Dieroll to be rerolled"; not Insanity or Consumed by Demons).

Every choice is a frame on the engine's stack (frames.py): the phase being played at the
bottom, the decision asked over it; the run loop (engine/flow.py) steps the phase until the
next choice. Every die goes through `_roll`, which offers the reroll to each holder of a
Divination token (or of a Confusion spell this round), in turn order from the phasing
player (a `Divination` frame carrying the roll); a reroll restarts the offer on the new
result.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import compress
from operator import eq
from typing import Any, NoReturn

import numpy as np

from ..engine import CorruptStateError
from ..engine.core import Mask
from ..engine.flow import AUTO, GAME_OVER, FlowState, Frame
from . import content as C
from .actions import MAX_COUNT, REROLL
from .battle import BattleRules
from .decisions import FRAME_TYPES
from .encode import (
    CURSES,
    KEPT,
    PHASES,
    STAGES,
    STORMS,
    board_values,
    encode,
    raid_value,
)
from .fields import Battle, Task
from .frames import SETUP, Ask, Divination, Phase, Roll, RollContext, action_label, new_divination
from .move import MAX_BACKS, MoveRules
from .phases import PhaseRules
from .plunder import PlunderRules
from .position import PositionBuilder
from .setup import SetupRules
from .tokens import TokenRules
from .view import KingsView

R, T = C.NUM_REGIONS, C.NUM_TYPES
_REGIONS = range(R)
NO_REROLL = ("wizard", (1, 18))
EFFECT_KEYS = frozenset(C.HEROIC_ACTIONS[1:] + C.WIZARD_MAGIC[1:] + C.BATTLE_ACTIONS[1:]
                        + C.BATTLE_SPELLS[1:])

# The rules' fields, in the order they are saved; kept in slots (see `State._SLOTS`).
FIELDS = ("n", "O", "u", "tot", "pool", "storm", "curse", "raided", "gold", "div", "relics",
          "relic", "alive", "king_dead", "slain_by", "end_cause", "final_round", "last_fall", "order",
          "act", "task", "queue", "battle", "result",
          "bonus_recruit", "rolls", "country_roll", "stack_bonus", "journey", "king_journey",
          "moved", "plan", "king_plan", "moved_relic", "moved_plan", "plunder")


class KingsState(KingsView, PositionBuilder, SetupRules, PhaseRules, MoveRules, BattleRules,
                 PlunderRules, TokenRules, FlowState):
    __slots__ = FIELDS
    FRAME_TYPES = FRAME_TYPES
    MAX_DEPTH = 2  # a phase, and the decision asked in it
    _DERIVED = ("board", "changed_units", "changed_owners", "unsynced_units", "unsynced_owners",
                "shown_players", "shown_phase", "shown_turn", "stale_tokens")

    def __init__(self, game: Any, seed: int | None = None) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.n = n
        self.O = n + 1  # owners: players 0..n-1, then the neutral armies
        self.u = [0] * (R * self.O * T)  # units[(region * O + owner) * T + type]
        # the encoder's board, one row per observer (encode.py: units, tokens, and the
        # players, phase and round last shown, `_clear_shown`); the unit
        # counts u[i] and occupancies tot[j] changed since the last observation, and per
        # observer those changed before it that its row has not caught up with
        self.board = [np.zeros(game.observation_shape(role)[0], dtype=np.float32)
                      for role in range(n)]
        self._clear_changes()
        self._clear_shown(None)
        self.tokens_changed()
        self.tot = [0] * (R * self.O)  # units per region and owner
        self.pool = [0] * (self.O * T)  # units per owner and type (chit use)
        self.storm = [0] * R
        self.curse = [0] * R
        self.raided = [-1] * R  # the raider; no recruiting here until the raider's next turn
        self.gold = [0] * n
        self.div = [0] * n
        self.relics = [0] * n  # per player, his Wizards bearing a Relic (tokens.py)
        self.relic = [0] * (R * n)  # per region and player, the Wizards bearing a Relic
        self.alive = [True] * n
        self.king_dead = [False] * n
        self.slain_by = [""] * n  # what last slew each player's King (an effect, "battle")
        self.end_cause = ""  # how the game ended (see PlunderRules._finish)
        self.final_round = 0  # the round in which the game ended
        self.last_fall = ""  # what slew the King of the last player put out of the game
        self.order = self.rng.permutation(n).tolist()  # "Thumb wrestle to determine turn order"
        self.act = 0  # position in order of the phasing player
        self.task = Task()  # the effect or order being carried out
        self.queue = []  # Hero/Wizard Phase rolls still to make: [region, roller type]
        self.battle = None  # the battle being fought
        self.result = None  # returns, once over
        self._reset_turn()
        self._start_setup()
        self.stack.append(SETUP)
        self.advance()

    # ---- the flow (engine/flow.py) ------------------------------------------------------
    def _interrupt(self) -> Frame[Any] | None:
        return GAME_OVER if self.result is not None else None

    def advance(self) -> None:
        """The engine's run loop (``FlowState.advance``, its step guard included), with the
        one rule Kings checks between two steps, the game's end, read inline instead of
        through the ``_between_steps`` hook: the loop runs a few times for every move, and
        the hook's call cost about 5 per cent of the steps per second (kings_v2)."""
        stack = self.stack
        limit = self.STEP_LIMIT
        steps = 0
        while True:
            if self.result is not None:  # (_interrupt, inline)
                self._now = GAME_OVER
                return
            if stack:
                top = stack[-1]
                if top.actor != AUTO:
                    self._now = top
                    return
                top.run(self)
            else:
                self._next_phase()
            steps += 1
            if steps >= limit:
                raise RuntimeError(
                    f"{type(self).__name__}: no decision after {steps} steps of the run loop; "
                    f"stack (bottom first): {[f.kind for f in stack]}")

    @property
    def phase(self) -> str:
        """The phase of the turn being played ("setup", "fate", ..., "plunder"; "over")."""
        return "over" if self.result is not None else self.stack[0].phase  # type: ignore[attr-defined]

    def asked(self) -> bool:
        """Whether a player's choice waits on top of the stack (a phase step stops there)."""
        return self.stack[-1].actor != AUTO

    def legal_action_mask(self) -> Mask:
        # the same few action lists come back again and again (keep the roll or reroll,
        # the regions to move from, ...): their read-only masks are shared through the game
        mask = self._mask
        if mask is None:
            f = self._now
            if f is GAME_OVER:
                mask = np.zeros(self.game.num_actions, dtype=bool)
                mask.flags.writeable = False
            else:
                legal = f.legal  # type: ignore[union-attr]
                masks = self.game.masks
                mask = masks.get(legal)
                if mask is None:
                    mask = np.zeros(self.game.num_actions, dtype=bool)
                    f.mask(self, mask)  # type: ignore[union-attr]
                    mask.flags.writeable = False
                    if len(masks) >= KEPT:
                        masks.clear()
                    masks[legal] = mask
            self._mask = mask
        return mask

    def _rebuild_derived(self) -> None:
        super()._rebuild_derived()  # the frame deciding now (engine/flow.py)
        self.board = board_values(self)  # showing the players, the phase and the round
        self._clear_changes()
        self._clear_shown(PHASES.index(self.phase))
        self.tokens_changed()

    def tokens_changed(self) -> None:
        """The Relics or the turn-long effects changed: every observer's row of the board
        rewrites its `relics` and `turn` blocks at its next observation."""
        self.stale_tokens = [True] * self.n

    def edited(self) -> FlowState:
        self.tokens_changed()
        return super().edited()

    def _clear_changes(self) -> None:
        self.changed_units, self.changed_owners = set(), set()
        self.unsynced_units = [set() for _ in range(self.n)]
        self.unsynced_owners = [set() for _ in range(self.n)]

    def _clear_shown(self, phase: int | None) -> None:
        """Per observer, what its row of the board shows of the players block and the round
        (None: unknown, rewritten at the next observation) and the phase shown (None: none)."""
        self.shown_players, self.shown_turn = [None] * self.n, [None] * self.n
        self.shown_phase = [phase] * self.n

    def _check_fields(self) -> None:
        """A loaded state's ranges, sizes and cross-field consistency (saves: nothing read
        back is trusted), checked before the board is rebuilt from them; each failure names
        the field. (The engine's `_check_restored` then builds the legal mask.)"""
        n, O = self.n, self.O

        def bad(field: str, why: str) -> NoReturn:
            raise CorruptStateError(f"saved kings_v2 state: {field} {why}")

        if n != self.game.num_players or O != n + 1:
            bad("n", f"must be {self.game.num_players} (the game's players)")
        sizes = {"u": R * O * T, "tot": R * O, "pool": O * T, "storm": R, "curse": R,
                 "raided": R, "gold": n, "div": n, "relics": n, "alive": n, "king_dead": n,
                 "slain_by": n, "relic": R * n, "plan": R, "moved_relic": R,
                 "moved_plan": R, "bonus_recruit": R, "rolls": R,
                 "stack_bonus": R, "journey": R, "moved": R * T,
                 "country_roll": len(C.COUNTRIES)}
        for field, size in sizes.items():
            value = getattr(self, field)
            if len(value) != size:
                bad(field, f"has {len(value)} entries, not {size}")
            if field not in ("alive", "king_dead", "slain_by", "raided") and \
                    any(k < 0 or k > 10_000 for k in value):
                bad(field, "holds a count below 0 or above 10000")
        if any(not -1 <= k < n for k in self.raided):
            bad("raided", "names no player")
        for r in range(R):
            for o in range(O):
                if self.tot[r * O + o] != sum(self.u[(r * O + o) * T:(r * O + o + 1) * T]):
                    bad("tot", f"disagrees with the unit counts in {C.REGIONS[r]}")
        for o in range(O):
            for t in range(T):
                if self.pool[o * T + t] != sum(self.u[(r * O + o) * T + t] for r in range(R)):
                    bad("pool", "disagrees with the unit counts")
                if o < n and self.pool[o * T + t] > C.CHITS[t]:
                    bad("u", f"holds more {C.UNIT_NAMES[t]} than the chit limit")
        if sorted(self.order) != list(range(n)):
            bad("order", "is not a turn order of the players")
        if not 0 <= self.act < n or not self.alive[self.order[self.act]] and self.result is None:
            bad("act", "is not a living player's seat")
        if type(self.king_plan) is not bool or type(self.king_journey) is not bool:
            bad("king_plan", "must be true or false (as king_journey)")
        for r in range(R):
            for p in range(n):
                if self.relic[r * n + p] > self.u[(r * O + p) * T + C.WIZARD]:
                    bad("relic", f"gives more Relics than Wizards in {C.REGIONS[r]}")
            me = self.order[self.act]
            if self.result is None and self.plan[r] > self.u[(r * O + me) * T + C.HERO]:
                bad("plan", f"gives more Battle Plans than Heroes in {C.REGIONS[r]}")
        if any(self.relics[p] != sum(self.relic[p::n]) for p in range(n)):
            bad("relics", "disagrees with the Relics on the map")
        cap = self.game.max_turns
        if not 0 <= self.turn <= (cap if cap is not None else 10**6):
            bad("turn", "is out of range")
        if self.result is not None:
            if self.stack or len(self.result) != n:
                bad("result", "must be one per player (and no decision pending) once over")
        elif not self.stack or not isinstance(self.stack[0], Phase):  # (the frames: _check_stack)
            bad("stack", "no phase is being played")
        if self.battle is not None:
            bt = self.battle
            if type(bt) is not Battle or not 0 <= bt.region < R or bt.stage not in STAGES \
                    or not 1 <= bt.round <= 50 + 1:
                bad("battle", "region, stage or round out of range")
        if len(self.queue) > 3 * R or any(
                len(q) != 2 or not 0 <= q[0] < R or not -2 <= q[1] < T for q in self.queue):
            bad("queue", "holds a roll outside the map or longer than three per region")
        self._check_task(bad)

    def _check_task(self, bad: Callable[[str, str], NoReturn]) -> None:
        n, O = self.n, self.O
        task = self.task
        if type(task) is not Task:
            bad("task", "is not a task record")
        limits = {"region": R, "target": R, "source": R, "destination": R, "unit": T,
                  "placing": 2 * n + 1, "heir": n, "seats": C.CHITS[C.SHIP] + 1,
                  "count": MAX_COUNT + 1, "boarding": T, "backs": MAX_BACKS + 1}
        for key, limit in limits.items():  # (-1: not chosen)
            value = getattr(task, key)
            if type(value) is not int or not -1 <= value < limit:
                bad("task", f"{key} {value!r} is out of range")
        for key in ("sources", "eligible", "far"):
            value = getattr(task, key)
            if value is not None and (not isinstance(value, list) or any(
                    type(r) is not int or not 0 <= r < R for r in value)):
                bad("task", f"{key} names a region off the map")
        if task.effect and task.effect not in EFFECT_KEYS:
            bad("task", f"effect {task.effect!r} is not an effect")
        if type(task.done) is not bool or type(task.relic) is not bool:
            bad("task", "done and relic must be true or false")
        bt = self.battle
        if bt is not None:
            if len(bt.owners) != 2 or any(not 0 <= o < O for o in bt.owners):
                bad("battle", "owners are not two owners")
            for key in ("killed", "raised", "possessed", "immobilized", "lost"):
                rows = getattr(bt, key)
                if not isinstance(rows, list) or len(rows) != 2 or any(
                        len(row) != T or any(k < 0 or k > 100 for k in row) for row in rows):
                    bad("battle", f"{key} is not two rows of unit counts")
            for key in ("initiative", "attack_bonus", "charge", "confusion", "hits"):
                pair = getattr(bt, key)
                if not isinstance(pair, list) or len(pair) != 2 or any(
                        abs(k) > 1000 for k in pair):
                    bad("battle", f"{key} is not a pair of small numbers")
            if bt.side not in (0, 1) or len(bt.queue) > 10_000:
                bad("battle", "side or queue out of range")
            rolled = bt.rolled
            if not isinstance(rolled, list) or len(rolled) > 10_000 or any(
                    not isinstance(x, list) or len(x) != 3 or x[0] not in (0, 1)
                    or not 0 <= x[1] < T or not 1 <= x[2] <= 10 for x in rolled):
                bad("battle", "rolled is not a list of attack dice")

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.n

    observation = encode  # encode(state, role)

    def action_to_string(self, a: int) -> str:
        """The action in the game's words, as the decision asked names it (its frame's
        ``label``): a region, unit type or count by its name, with the decision's verb
        (`done` and `reroll` say what they mean)."""
        frame = self.frame()
        if isinstance(frame, Ask):
            return frame.label(self, a)
        return action_label(self, a)

    def shaped_scores(self) -> list[float]:
        """The victory key as one number in [0, 1), with the armies that win it: a quarter
        point per whole country held, a sixteenth per region controlled, a thirty-second per
        unit on the map, squashed as x / (1 + x) so that it keeps its order and stays within
        the contract's range. A King slain (even before the Plunder Phase removes his realm)
        holds nothing."""
        scores = []
        for p in range(self.n):
            if self.king_dead[p] or not self.alive[p]:
                scores.append(0.0)
                continue
            held = self.controlled(p)
            key = (self.countries_of(p, held) / 4 + sum(held) / 16
                   + sum(self.tot[p::self.O]) / 32)
            scores.append(key / (1.0 + key))
        return scores

    # ---- the driver ---------------------------------------------------------------------
    def me(self) -> int:
        """The phasing player."""
        return self.order[self.act]

    def _ask(self, kind: type[Ask], player: int, legal: list[int]) -> None:
        """Ask `player` a decision of `kind` among the `legal` actions (over the phase).
        The same few decisions come back again and again: frames are frozen, so each is made
        once and shared through the game (a lookup is quicker than making a dataclass)."""
        key = (kind, player, *legal)
        made = self.game.frames
        frame = made.get(key)
        if frame is None:
            frame = kind(player, tuple(legal))
            if len(made) >= KEPT:
                made.clear()
            made[key] = frame
        self.stack.append(frame)

    # ---- units ------------------------------------------------------------------------
    def at(self, r: int, o: int, t: int) -> int:
        return self.u[(r * self.O + o) * T + t]

    def add(self, r: int, o: int, t: int, k: int = 1) -> None:
        j = r * self.O + o
        i = j * T + t
        self.u[i] += k
        self.pool[o * T + t] += k
        was = self.tot[j]
        now = self.tot[j] = was + k
        self.changed_units.add(i)  # the encoder catches up when asked
        if not was or not now:  # the owner arrives in or leaves the region
            self.changed_owners.add(j)
        if k < 0 and (t == C.WIZARD or t == C.HERO):  # a token stays with its counter
            self._clamp_marks(r, o, t)

    # ---- tokens (always set through these, which write the encoder's board) ---------
    def set_storm(self, r: int, k: int) -> None:
        self.storm[r] = k
        x, q = STORMS[k if k < 3 else 3], self.game.obs_at["storms"] + r
        for row in self.board:
            row[q] = x

    def set_curse(self, r: int, k: int) -> None:
        self.curse[r] = k
        x, q = CURSES[k if k < 6 else 6], self.game.obs_at["curses"] + r
        for row in self.board:
            row[q] = x

    def set_raid(self, r: int, p: int) -> None:
        """Region r raided by player p (-1: no longer raided)."""
        self.raided[r] = p
        q, n = self.game.obs_at["raided"] + r, self.n
        for role, row in enumerate(self.board):
            row[q] = raid_value(p, role, n)

    def kill(self, r: int, o: int, t: int, cause: str = "") -> None:
        """A unit is destroyed (a King's death is settled in the Plunder Phase). `cause`
        names what slew a King (an effect's name; default: battle, else the effect being
        resolved)."""
        self.add(r, o, t, -1)
        if t == C.KING and o < self.n:
            if o == self.me() and (self.king_plan or self.king_journey):
                self.king_plan = self.king_journey = False  # they were the King's own
                self.tokens_changed()
            self.king_dead[o] = True
            self.slain_by[o] = cause or ("battle" if self.battle is not None
                                         else self.task.effect or "magic")
            self.log_event(f"{self.game.roles[o]}'s King is slain in {C.REGIONS[r]} "
                           f"({self.slain_by[o].replace('_', ' ')})")

    def can_recruit(self, o: int, t: int) -> bool:
        """Chit limits cap recruiting (neutral armies are unlimited)."""
        return o == self.n or self.pool[o * T + t] < C.CHITS[t]

    def owners(self, r: int) -> list[int]:
        """Owners with units in region r."""
        base = r * self.O
        return [o for o in range(self.O) if self.tot[base + o]]

    def controls(self, p: int, r: int) -> bool:
        """"You control any region one of your units occupies and no enemy unit occupies.\""""
        O = self.O
        row = self.tot[r * O:(r + 1) * O]
        return row[p] > 0 and sum(row) == row[p]

    def occupied(self, p: int) -> list[int]:
        """Regions where owner p has units."""
        return list(compress(_REGIONS, self.tot[p::self.O]))

    def enemies_in(self, p: int, r: int) -> bool:
        O = self.O
        row = self.tot[r * O:(r + 1) * O]
        return sum(row) > row[p]

    def controlled(self, p: int) -> list[bool]:
        """Per region, whether player p controls it (only where p has units can he)."""
        O, tot = self.O, self.tot
        held = [False] * R
        for r in compress(_REGIONS, tot[p::O]):
            held[r] = tot[r * O + p] == sum(tot[r * O:(r + 1) * O])
        return held

    def countries_of(self, p: int, held: list[bool] | None = None) -> int:
        """Whole countries p controls: those all of whose regions he holds."""
        held = self.controlled(p) if held is None else held
        count = [0] * len(C.COUNTRIES)
        for r in compress(_REGIONS, held):
            c = C.COUNTRY_OF[r]
            if c >= 0:
                count[c] += 1
        return sum(map(eq, count, C.COUNTRY_SIZES))

    def drown(self) -> None:
        """Land units at sea beyond one per Ship are lost (rulings: ships carry one each)."""
        O, tot = self.O, self.tot
        first, stop = C.SEA_SPAN.start * O, C.SEA_SPAN.stop * O
        at_sea = tot[first:stop]  # per sea and owner (the seas are numbered together)
        if not any(at_sea):
            return  # nobody at sea
        for j in compress(range(first, stop), at_sea):
            r, o = divmod(j, O)
            ships = self.at(r, o, C.SHIP)
            excess = tot[j] - 2 * ships - self.at(r, o, C.FORT)
            for t in (C.ARMY, C.ELITE, C.MONSTER, C.WIZARD, C.HERO, C.KING):
                while excess > 0 and self.at(r, o, t):
                    self.kill(r, o, t, "lost_at_sea")
                    excess -= 1

    # ---- dice and Divination ----------------------------------------------------------
    def _roll(self, what: str, sides: int, ctx: RollContext) -> None:
        value = self._die(sides)
        q = self._offered_to(what, value)
        if q:
            self.stack.append(new_divination(Roll(what, sides, value, ctx), tuple(q)))
        else:
            self._settle_roll(what, value, ctx)

    def _die(self, sides: int) -> int:
        return int(self.rng.random() * sides) + 1  # faster than Generator.integers

    def _offered_to(self, what: str, value: int) -> list[int]:
        """Who is offered a reroll of this result (never of Insanity or Consumed by Demons)."""
        if what == NO_REROLL[0] and value in NO_REROLL[1]:
            return []
        return self._rerollers()

    def _rerollers(self) -> list[int]:
        """Who holds a Divination (or a Confusion), in turn order from the phasing player."""
        bt = self.battle
        if not any(self.div) and (bt is None or not any(bt.confusion)):
            return []
        out = []
        for k in range(self.n):
            p = self.order[(self.act + k) % self.n]
            if not self.alive[p]:
                continue
            if self.div[p] > 0 or (bt is not None and p in bt.owners
                                   and bt.confusion[bt.owners.index(p)] > 0):
                out.append(p)
        return out

    def _on_divination(self, frame: Divination, a: int) -> None:
        roll = frame.roll
        p = frame.offered[0]
        if a == REROLL:
            bt = self.battle
            side = bt.owners.index(p) if bt is not None and p in bt.owners else -1
            if bt is not None and side >= 0 and bt.confusion[side] > 0:
                bt.confusion[side] -= 1
            else:
                self.div[p] -= 1
            old = roll.value
            roll = replace(roll, value=self._die(roll.sides))
            self.log_event(f"{self.game.roles[p]} rerolls the {old}: now {roll.value}")
            q = self._offered_to(roll.what, roll.value)  # offered again, on the new result
            if q:
                self.stack.append(new_divination(roll, tuple(q)))
            else:
                self._settle_roll(roll.what, roll.value, roll.ctx)
            return
        rest = frame.offered[1:]
        if rest:
            self.stack.append(new_divination(roll, rest))
        else:
            self._settle_roll(roll.what, roll.value, roll.ctx)

    def _settle_roll(self, what: str, v: int, ctx: RollContext) -> None:
        if what != "attack":  # attack rolls show as the casualties they inflict
            self._log_roll(what, v, ctx)
        _ROLLED[what](self, v, ctx)

    def _log_roll(self, what: str, v: int, ctx: RollContext) -> None:
        table = RECRUIT_WORDS[C.COUNTRY_OF[ctx.region]] if what == "recruit" else ROLL_WORDS[what]
        rolled, result = table[v]
        who = (self.owner_name(self.fight().owners[ctx.side]) if ctx.side >= 0
               else self.game.roles[self.me()])
        where = IN_REGION[ctx.region] if ctx.region >= 0 else ""
        self.log_event(f"{who}{rolled}{where}{result}")

    # ---- turn bookkeeping -------------------------------------------------------------
    def _reset_turn(self) -> None:
        self.tokens_changed()
        self.bonus_recruit = [0] * R  # Heroic Action "Recruit"
        self.rolls = [0] * R  # recruit rolls made per region this turn
        self.country_roll = [0] * len(C.COUNTRIES)
        self.stack_bonus = [0] * R  # Forced March, Demonic Steeds
        self.journey = [0] * R  # Heroes with Long Journey, per region
        self.king_journey = False
        self.moved = [0] * (R * T)  # the phasing player's units that have moved, by region
        self.plan = [0] * R  # the phasing player's Heroes holding a Battle Plan (tokens.py)
        self.king_plan = False  # ... and his King
        self.moved_relic = [0] * R  # his Relic-bearing Wizards that moved in, by region
        self.moved_plan = [0] * R  # his Heroes with a Battle Plan that moved in, by region
        self.plunder = 0




def _roll_words(table: str, results: Sequence[Any]) -> tuple[tuple[str, str], ...]:
    """Per die result v, what its log line says after the roller's name and before where:
    "rolls v on the table", then ": result"."""
    return tuple((f" rolls {v} on the {table}", f": {result}") for v, result in enumerate(results))


ROLL_WORDS = {
    "hero": _roll_words("Heroic Actions Table", C.HEROIC_ACTIONS_TEXT),
    "wizard": _roll_words("Wizard Magic Table", C.WIZARD_MAGIC_TEXT),
    "action": _roll_words("Heroic Battle Actions Table", C.BATTLE_ACTIONS_TEXT),
    "spell": _roll_words("Wizard Battle Spell Table", C.BATTLE_SPELLS_TEXT),
    "curse": _roll_words("Great Curse die", [f"{v} Curse Tokens" for v in range(7)]),
    "prophecy": _roll_words("Prophecy die", [f"{v} Divinations" for v in range(4)]),
}
RECRUIT_WORDS = tuple(_roll_words(f"{country} Recruit Table", C.RECRUIT_TEXT[c])
                      for c, country in enumerate(C.COUNTRIES))
IN_REGION = tuple(f" in {name}" for name in C.REGIONS)

# the rule that settles each kind of roll
_ROLLED: dict[str, Callable[[Any, int, RollContext], None]] = {
    "action": BattleRules._rolled_action, "attack": BattleRules._rolled_attack,
    "curse": KingsState._rolled_curse, "hero": KingsState._rolled_hero,
    "prophecy": KingsState._rolled_prophecy, "recruit": KingsState._rolled_recruit,
    "spell": BattleRules._rolled_spell, "wizard": KingsState._rolled_wizard}
