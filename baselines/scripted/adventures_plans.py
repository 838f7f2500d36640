"""Human-style and team plans of the Adventures' scripted players, played by
``scripted:plan=NAME`` (:func:`baselines.scripted.make_scripted` reads this module's
``PLANS`` beside the game module's player): ``team``, the Foes of the Team Game (Optional
Game Modes: Team Game), and ``bait``, the two-player Conan who baits the Foe into Duels
(Duels; Challenge Tokens - Ambush). Both are the scripted player of
:mod:`baselines.scripted.adventures` with their own rules on top; each class docstring
lists them and the rulebook sections they rest on."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from baselines.scripted.adventures import DIST, GOD_TASTE, VERB_TASTE, C, ScriptedAgent
from baselines.scripted.adventures_tactics import (
    MOVES,
    alone_chance,
    duel_chance,
    duel_worth,
    pool_types,
    warrior_action,
)
from baselines.specs import cached_game
from conan_envs import ConfigError
from conan_envs.adventures.actions import CODEC, NV, OFF, TOKEN_TYPE_OF, TOKEN_TYPES, VERBS
from conan_envs.adventures.content import (
    CONAN,
    CT_KINDS,
    FATE_KINDS,
    FOE,
    GODS,
    WARRIOR,
)
from conan_envs.adventures.dicepool import ACTIVE, ASIDE, POOL, covered
from conan_envs.adventures.resource import plot_dice, plot_needs
from conan_envs.adventures.text import name_of


# ---- the Foes' plan for the Team Game ------------------------------------------------------
def _token_order(kinds: Iterable[str]) -> list[int]:
    """Token types of these kinds, in this order, the larger value first within a kind."""
    order = []
    for kind in kinds:
        of_kind = [i for i, (k, _v) in enumerate(TOKEN_TYPES) if CT_KINDS[k] == kind]
        order += sorted(of_kind, key=lambda i: -TOKEN_TYPES[i][1])
    return order


# what a Team Foe lays in Conan's way first: what costs him, then what he must fight
HARMFUL_FIRST = _token_order(("lose_fate", "temple", "ambush", "fight", "kingdom",
                              "extra_action", "fate_any", "gold", "vp"))
# face-down tokens a Foe that placed them leaves unrevealed when it walks in
KEEP_HIDDEN = frozenset(_token_order(("lose_fate", "ambush")))
TEAM_GODS = [GODS.index(g) for g in ("ymir", "set")]  # Warrior results for the Duels
# the modifiers that turn one die into a chosen result (Fate tokens, Set, Bel, Ymir)
TURN_DIE = ("fate_die", "set_die", "bel_die", "ymir_die")
WARRIOR_FATE = FATE_KINDS.index("warrior")


class TeamFoeAgent(ScriptedAgent):
    """A Foe of the Team Game (``scripted:plan=team``). The Foes win when neither of them is
    the lowest scorer, and in games of the scripted players Conan and the Ally outscore them
    (mostly through Adventures and the Achievement tracks, which a Foe cannot score). So this
    Foe plays to hold Conan and the Ally down:

    - it duels Conan whenever it stands next to him with a Move die (a Duel costs Conan the
      dice he misses with, and a lost one pushes him away from the Adventure), never walks
      into its partner (Foes duel each other too), stops rolling once it is ahead, and turns
      missed dice into Warriors (Fate tokens, Ymir, Set) while it is not;
    - it completes Adventures and Encounters with its unchosen results where a Fate or God
      token makes the difference (a Foe's Adventure scores for that Foe alone; a Foe's
      Encounter costs Conan and the Ally its penalty);
    - it lays the Challenge tokens that cost Conan (Lose Fate, Temple of Set, Ambush) in his
      way first, leaves its own Lose Fate and Ambush face down, and steps into revealed
      Temples of Set (2 Victory points each time) when Conan is not in reach;
    - it takes Ymir, then Set, when it chooses a God token.
    Every other decision is the scripted Foe's. Measured rule by rule in
    reports/ladder/team_foe_plans.md."""

    def __init__(self, env_id: str = "adventures_v2", role: Any = 0, seed: Any = None,
                 **config: Any) -> None:
        game = cached_game(env_id, config)
        r = game.role_index(role)
        if not game.config["team"] or game.role_kinds[r] != FOE:
            raise ConfigError("scripted: plan=team is the Foes' plan in the Team Game "
                              "(num_players=4, team=true)")
        super().__init__(env_id, r, seed, **config)
        self.mate = next(q for q in game.side_of(r) if q != r)

    def _main(self) -> int | None:
        s, p = self.s, self.p
        moves = self._dice_by_verb().get("move")
        if moves and DIST[s.loc[p]][s.loc[0]] == 1:  # next to Conan: go in, the die worst in a Duel
            d = min(moves, key=lambda i: (C.face_hits[s.face[p][i]], i))
            return OFF["act"] + d * NV + VERBS.index("move")
        return super()._main()

    def _move_to(self) -> int | None:
        s, d = self.s, self.s.frame()
        if d.why != "move":
            return super()._move_to()
        conan = s.loc[0]
        opts = [k for k in d.opts if k != s.loc[self.mate] or k == conan] or list(d.opts)
        if conan not in opts:
            temples = [k for k in opts if s.temple[k]]
            if temples:
                return OFF["kingdom"] + self._toward(conan, temples)
        return OFF["kingdom"] + self._toward(conan, opts)

    def _duel_go(self) -> int | None:
        return self._ok("done")  # ahead: keep the rest of the Warrior Pool for the Main phase

    def _god(self) -> int | None:
        s = self.s
        rest = sorted((g for g in GOD_TASTE if g not in TEAM_GODS), key=lambda g: -s.god_gold[g])
        return self._first("god", TEAM_GODS + rest)

    def _place_token(self) -> int | None:
        return self._first("token", HARMFUL_FIRST)

    def _reveal_choice(self) -> int | None:
        s = self.s
        t = s.ct_board[s.frame().kingdom]
        if t in s.ct_known[self.p] and TOKEN_TYPE_OF[t] in KEEP_HIDDEN:
            return self._ok("done")
        return self._ok("yes")

    def _adjust(self) -> int | None:
        why = getattr(self.s.frame(), "why", None)
        if why == "duel":
            return self._duel_warrior()
        if why in ("unchosen", "encounter"):
            return self._steal()
        return None

    def _duel_warrior(self) -> int | None:
        """While not ahead of Conan (or the Ally), turn a missed die of the pool into a Warrior."""
        s, p = self.s, self.p
        duel = s.duel
        if duel is None:
            return None
        rival = duel["defender"] if duel["attacker"] == p else duel["attacker"]
        if s.rk[rival] == FOE or _hits(s, p) > _hits(s, rival):
            return None
        for d in s.frame().dice:
            if s.zone[p][d] != POOL or C.face_hits[s.face[p][d]]:
                continue
            for seg, i in (("ymir_die", d), ("fate_die", d * 8 + WARRIOR_FATE),
                           ("set_die", d * 11 + WARRIOR)):
                a = self._ok(seg, i)
                if a is not None:
                    return a
        return None

    def _steal(self) -> int | None:
        """A modifier that lets this Foe's results complete the Adventure or the Encounter."""
        if self._completes(None):
            return None
        for a in map(int, np.flatnonzero(self.mask)):
            if CODEC.decode(a)[0] in TURN_DIE and self._completes(a):
                return a
        return None

    def _completes(self, action: int | None) -> bool:
        """Would this Foe complete what it rolls for after `action` (None: as it stands)?
        Tried on a copy of the state, the way a player counts its dice."""
        s = self.s
        c = s.clone()
        if action is not None:
            c.apply_action(action)
            if c.is_terminal() or c.frame().key != "adjust" or not c.legal_action_mask()[OFF["done"]]:
                return False
        c.apply_action(OFF["done"])
        me = name_of(s, self.p)
        won = (f"{me} completes the Adventure ", f"{me} defeats the Encounter ")
        return any(seq >= s.log_seq and text.startswith(won) for seq, _, text in c.log)


def _hits(s: Any, p: int) -> int:
    """p's hits in the Duel so far and in its Warrior Pool now."""
    pool: int = sum(C.face_hits[s.face[p][i]] for i, z in enumerate(s.zone[p]) if z == POOL)
    return int(s.hits[p]) + pool


# ---- Conan's plan that baits Duels (two players) ----------------------------------------
BAIT_ODDS = 0.65  # Conan walks into the Foe when he wins the Duel at least this often
ALONE_ODDS = 0.5  # Conan takes none of the Foe's dice for an Adventure he completes this often
BAIT_GODS = [GODS.index(g) for g in ("zath", "ymir", "set")]


class BaitConanAgent(ScriptedAgent):
    """Conan who baits Duels (``scripted:plan=bait``, the two-player game). A Foe that meets
    Conan in a Duel meets his orange dice: each shows a Warrior, double Warrior, Wild or
    Character (a die for the Warrior Pool) four times in six and scores 4/3 hits on average in
    a Pool, where the Foe's dice score 1/5 to 1; and Conan wins ties (Duels: Settling Ties).
    The winner scores the difference in hits, pushes the loser away and wounds it. So this
    Conan builds the Duel and keeps it on offer, and scores as the scripted Conan otherwise:

    - **builds**: plays the Warrior side of his card (a Character turned to a Warrior once a
      round), buys orange (primary) dice, and takes Zath first when he picks a God token (it
      doubles his Adventure points; a Foe holding it doubles its own), then Ymir and Set;
    - **keeps his Warrior dice**: in the Main Phase he spends first the dice that cannot join a
      Pool, then the Pool dice least worth in a Duel (:func:`duel_worth`: a general die before
      an orange one), so while the Foe still has dice he meets it, or an Ambush it chooses,
      with his Pool whole; the way to the Adventure comes first, with any die, when he can
      reach it this round (leaving a vast kingdom takes two Move dice);
    - **offers Duels**: he walks into the Foe's kingdom when it is on his way to the Adventure
      and his Pool beats the Foe's active Pool dice at least ``BAIT_ODDS`` of the time
      (:func:`duel_chance`); on his way he prefers kingdoms with a face-down Challenge token
      while he holds two Pool dice (an Ambush there asks the Foe to Duel him, a Fight pays its
      points), and otherwise avoids them;
    - **wins them**: while not ahead he turns a missed die of his Pool into a Warrior (his
      ability, Ymir, a Warrior Fate token, Set), and, leading, he rolls on while the Foe still
      rolls or once he stands at the Adventure (each hit is a Victory point);
    - **scores**: he rolls his Plot roll on until the required results are set aside or no
      roll is left (stopping earlier fails it for certain), and takes the Foe's results for an
      Adventure (they score for the Foe) only while his own roll would complete it less than
      ``ALONE_ODDS`` of the time.
    Every other decision is the scripted Conan's."""

    def __init__(self, env_id: str = "adventures_v2", role: Any = 0, seed: Any = None,
                 **config: Any) -> None:
        game = cached_game(env_id, config)
        r = game.role_index(role)
        if game.num_roles != 2 or game.role_kinds[r] != CONAN:
            raise ConfigError("scripted: plan=bait is Conan's plan in the two-player game "
                              "(num_players=2, the role conan)")
        super().__init__(env_id, r, seed, **config)
        self.attacking = False  # the Move die just spent walks into the Foe

    # ---- what the Duel would be -----------------------------------------------------------
    def _foe(self) -> int:
        return next(q for q in range(self.s.n) if self.s.rk[q] == FOE)

    def _duel_favoured(self, but: int = -1) -> bool:
        foe = self._foe()
        return duel_chance(pool_types(self.s, self.p, but), pool_types(self.s, foe)) >= BAIT_ODDS

    def _goal(self) -> int:
        """The face-up Adventure fewest Move dice away (leaving a vast kingdom takes two)."""
        s = self.s
        here: int = s.loc[0]
        advs: list[int] = [C.adv_kingdom[a] for a in s.adv_face if a >= 0]
        return min(advs, key=lambda k: (MOVES[here][k], k)) if advs else here

    def _threatened(self) -> bool:
        """Whether the Foe still has active dice this Main Phase (it may come, or Ambush)."""
        return ACTIVE in self.s.zone[self._foe()]

    # ---- decisions ------------------------------------------------------------------------
    def _side(self) -> int | None:
        return self._ok("slot", C.characters[CONAN][0]["sides"].index("warrior"))

    def _god(self) -> int | None:
        s = self.s
        rest = sorted((g for g in GOD_TASTE if g not in BAIT_GODS), key=lambda g: -s.god_gold[g])
        return self._first("god", BAIT_GODS + rest)

    def _buy(self) -> int | None:
        return self._first("buy", (0,))

    def _plot(self) -> int | None:
        """Set aside what helps; stop once the required results are set aside, else roll on
        while a roll is left (stopping earlier fails the attempt for certain)."""
        a = self._first("die")
        if a is not None:
            return a
        s, p = self.s, self.p
        req = plot_needs(s, p, bonus=False)  # type: ignore[no-untyped-call]
        if covered(plot_dice(s, p, ASIDE), req) == len(req):  # type: ignore[no-untyped-call]
            return self._ok("done")
        return self._ok("yes") or self._ok("done")

    def _main(self) -> int | None:
        s, p = self.s, self.p
        by_verb = self._dice_by_verb()
        here, goal = s.loc[0], self._goal()
        moves = by_verb.get("move", [])
        self.attacking = bool(moves) and self._attack_from(here, goal, moves)
        if self.attacking:
            return self._spend("move", moves)
        ways = [v for v in ("move", "sail") if v in by_verb and here != goal]
        if "sail" in ways and goal in C.pirate_kingdoms:  # the Adventure first, when in reach
            return self._spend("sail", by_verb["sail"])
        if moves and here != goal and MOVES[here][goal] <= len(moves):
            return self._spend("move", moves)
        f = s.face[p]
        if here != goal and any(not C.face_pool[f[i]] for i in moves):  # on the way, spare dice
            return self._spend("move", moves)
        if self._ok("plot_with_characters") is not None:
            return self._ok("plot_with_characters")
        keep = self._threatened()
        for verb in VERB_TASTE[CONAN]:  # first the dice that cannot join a Pool
            if verb in ("move", "sail") and here == goal:
                continue
            dice = [i for i in by_verb.get(verb, ()) if not keep or not C.face_pool[f[i]]]
            if dice:
                return self._spend(verb, dice)
        if ways:  # then on toward the Adventure, with the least Duel die
            return self._spend(ways[0], by_verb[ways[0]])
        options = [(duel_worth(s.dtype[p][d], f[d]), VERB_TASTE[CONAN].index(v), d, v)
                   for v, dice in by_verb.items()
                   if v in VERB_TASTE[CONAN] and (here != goal or v not in ("move", "sail")) for d in dice]
        if options:
            _, _, d, v = min(options)
            return OFF["act"] + d * NV + VERBS.index(v)
        return super()._main()

    def _spend(self, verb: str, dice: list[int]) -> int:
        """Spend, of `dice`, the one least worth to a Warrior Pool on `verb`."""
        s, p = self.s, self.p
        d = min(dice, key=lambda i: (duel_worth(s.dtype[p][i], s.face[p][i]), i))
        return OFF["act"] + d * NV + VERBS.index(verb)

    def _attack_from(self, here: int, goal: int, moves: list[int]) -> bool:
        """Walk into the Foe: next door, on the way to the Adventure, and favoured."""
        s, p = self.s, self.p
        k: int = s.loc[self._foe()]
        if k not in C.adj[here] or C.vast[here]:
            return False
        f = s.face[p]
        d = min(moves, key=lambda i: (duel_worth(s.dtype[p][i], f[i]), i))
        if not self._duel_favoured(but=d):
            return False
        return MOVES[k][goal] < MOVES[here][goal]

    def _move_to(self) -> int | None:
        s, d = self.s, self.s.frame()
        if d.why not in ("move", "sail", "ability") or d.who != 0:
            return super()._move_to()
        foe_k: int = s.loc[self._foe()]
        goal = self._goal()
        opts: list[int] = list(d.opts)
        attacking, self.attacking = self.attacking, False
        if foe_k in opts and self._duel_favoured():
            if attacking or MOVES[foe_k][goal] <= min(MOVES[k][goal] for k in opts):
                return OFF["kingdom"] + foe_k
        safe = [k for k in opts if k != foe_k] or opts
        strong = len(pool_types(self.s, self.p)) >= 2
        return OFF["kingdom"] + min(safe, key=lambda k: (MOVES[k][goal], (s.ct_board[k] >= 0) != strong, k))

    def _adjust(self) -> int | None:
        if getattr(self.s.frame(), "why", None) in ("duel", "fight"):
            return self._warrior()
        return None

    def _warrior(self) -> int | None:
        """While not ahead, turn a missed die of the Pool into a Warrior."""
        s, p = self.s, self.p
        if s.duel is not None:
            rival = s.duel["defender"] if s.duel["attacker"] == p else s.duel["attacker"]
            if _hits(s, p) > _hits(s, rival):
                return None
        elif s.fight is None or _hits(s, p) >= s.fight["need"]:
            return None
        missed = [d for d in s.frame().dice if s.zone[p][d] == POOL and not C.face_hits[s.face[p][d]]]
        return warrior_action(s, p, self.mask, missed)

    def _ability_die(self) -> int | None:
        s, p = self.s, self.p
        return self._first("die", [d for d in s.frame().opts if s.zone[p][d] == POOL] + list(s.frame().opts))

    def _adv_choose(self) -> int | None:
        """His own results all; the Foe's (which score for the Foe) only while his own roll
        would complete the Adventure less than ALONE_ODDS of the time."""
        if self.s.frame().roller == 0 or alone_chance(self.s, self.rng) < ALONE_ODDS:
            return self._first("die")
        return self._ok("done")

    def _duel_go(self) -> int | None:
        s, p = self.s, self.p
        if s.duel is None:
            return self._ok("yes")
        rival = s.duel["defender"] if s.duel["attacker"] == p else s.duel["attacker"]
        rival_rolls = POOL in s.zone[rival] and not s.duel["stopped"][s.duel["defender"] == rival]
        if rival_rolls or s.loc[0] == self._goal():
            return self._ok("yes")
        return self._ok("done")  # ahead and the Foe is out: the Pool goes back to the Main phase


PLANS = {"team": TeamFoeAgent, "bait": BaitConanAgent}
