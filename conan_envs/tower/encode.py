"""Observation encoder per role: the view (view.py) as numbers, block by block (the env card
in tower_v2.py lists the blocks). Everything a role's view shows is here and nothing else:
the location's grid, Conan's card and rows, each enemy's card, dice, wounds and tokens, what is
being dealt to Conan, Conan's attack and the blow Yara decides on, the test, the initiative card,
the decision being asked and its context, and Yara's hand for Yara only (Conan sees its size).

Each location has a template holding its static planes; a base (the template with the enemies'
blocks) is kept, and an enemy's block is written again only when that enemy changed; an
observation is a copy of the base, the values present at every call packed into its bytes, then
the rest written element by element through a memoryview (cheaper than `ndarray.put` for the
twenty-odd values of a call)."""
from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from struct import Struct
from typing import Any, cast

import numpy as np

from .attack_frames import ATTACK_FRAMES
from .content import ROW_LEN
from .decisions import ItemTarget, PairEffect, Ready, Reserve, TakeTest
from .fields import TowerRules
from .grid import CELLS, W
from .yara_decisions import Minion, MinionMark

STAGE_NAMES = ("pick", "discard", "dice", "mark", "pair_effect", "triple_effect", "ready", "test",
               "taurus", "initiative", "conan_turn", "target", "stun_target", "defend", "reserve",
               "reward", "mopping", "item_square", "item_target", "yara_dice", "minion_mark",
               "yara_turn", "minion", "yara_plan", "putback", "yara_initiative", "yara_block")
# decisions added in v2, one-hot after the "game over" entry of the decision block
STAGES_V2 = ("slay_step",)
MAX_E = 6          # enemy slots
MAX_ROWS = 4       # rows on an enemy card
MAX_TOKENS = 4     # tokens shown one by one (and their count)
MAX_TESTS = 2      # tests at one location
TOKEN_CODE = {"S": 1.0, "R": 2 / 3, "P": 1 / 3}
MOVERS = ("conan_turn", "minion")   # decisions whose move points left are shown
PAD = tuple((0.0,) * k for k in range(20))
EIGHTHS = tuple(k / 8 for k in range(9))   # a slot of a row: die 1-6, FATIGUE 7, RAGE 8
# An enemy's fields its block shows, as one tuple (built in C; compared without calling
# Enemy.__eq__). The two lists come first: a kept key copies them (the rules edit them in place).
ENEMY_KEY = attrgetter("dice", "tokens", "square", "wounds", "life", "card", "done",
                       "token_active", "free_blocks", "bonus_move", "bonus_hits")


def _kept(key):
    """A copy of an enemy's key that later edits of the enemy's lists leave alone."""
    return (key[0][:], key[1][:], *key[2:])


def block_sizes(game) -> list[tuple[str, int]]:
    """The observation's named blocks and their sizes, in order (the same for both roles)."""
    c = game.c
    nk, ns, ni = len(c["kinds"]), len(c["skills"]), len(c["items"])
    npl, nin = len(c["plots"]), len(c["initiative"])
    return [
        ("terrain", 3 * CELLS),                 # blocking, height advantage, elevation / 3
        ("location", len(c["locations"])),      # which of the nine locations
        ("conan_square", CELLS),
        ("slain_square", CELLS),                # the square Conan may step into after a kill
        ("decision", len(STAGE_NAMES) + 1 + len(STAGES_V2)),   # the decision kind, game over, v2 kinds
        ("conan", 17),                          # level, XP, FATIGUE, wounds, RAGE, ... (see encode)
        ("activation", 5),                      # has not moved or attacked / moving first / ...
        ("conan_tokens", MAX_TOKENS + 2),       # STUNNED/RATTLED stack, count, acting
        ("rows", 5 * ROW_LEN),                  # each slot: die 1-6, FATIGUE 7, RAGE 8 (/ 8)
        ("unslotted", 6),
        ("marked", 6),
        ("skills", 2 * ns),                     # owned, exhausted
        ("items", ni),                          # copies carried / 2
        ("enemies", MAX_E * (nk + 18)),
        ("incoming", 2 + MAX_TOKENS + MAX_E + 2),   # hits, tokens, count, attacker (or none), riposte
        ("attack", 6 + 2 * MAX_E + MAX_E + 3),      # Conan's attack being resolved
        ("blow", MAX_E + 4),                        # the blow Yara decides on (yara_block)
        ("test", 6 + MAX_TESTS),
        ("initiative", nin + 5),
        ("round", 4),                           # the Round Tracker space
        ("minion", MAX_E + 5 + 1 + MAX_E + MAX_ROWS),   # acting minion, phase, ability; re-roll marks
        ("decision_context", 8 + 5 + 5 + ni),   # picks, ready, reserve, rewards, item, pair, ...
        ("yara", 4),                            # hand size, deck, discard, played this round
        ("yara_hand", 2 * npl + 4),             # Yara only: hand, drawn, to put back, where
        ("misc", 2),                            # Item Deck size, the winner
    ]


def observation_blocks(game, role) -> list[tuple[str, int]]:
    """The named blocks of `role`'s observation, whose sizes sum to its size (Conan's
    `yara_hand` block stays zero)."""
    return block_sizes(game)


def observation_size(game):
    return sum(n for _, n in block_sizes(game))


class Encoder:
    """The observation layout of one Game, and the encoder over it."""

    # where each block of block_sizes begins (set in __init__)
    o_terrain: int
    o_location: int
    o_conan_square: int
    o_slain_square: int
    o_decision: int
    o_conan: int
    o_activation: int
    o_conan_tokens: int
    o_rows: int
    o_unslotted: int
    o_marked: int
    o_skills: int
    o_items: int
    o_enemies: int
    o_incoming: int
    o_attack: int
    o_blow: int
    o_test: int
    o_initiative: int
    o_round: int
    o_minion: int
    o_decision_context: int
    o_yara: int
    o_yara_hand: int
    o_misc: int

    def __init__(self, game: TowerRules) -> None:
        c = game.c
        self.blocks = block_sizes(game)
        o = 0
        for name, n in self.blocks:
            setattr(self, "o_" + name, o)
            o += n
        self.size = o
        kinds = list(c["kinds"])
        self.nk = len(kinds)
        self.per = self.nk + 18
        self.ns = len(c["skills"])
        self.npl = len(c["plots"])
        self.templates = []
        for k, L in enumerate(c["locations"]):
            v = np.zeros(o, dtype=np.float32)
            grid = L.grid
            v[0:CELLS] = grid.blocked
            v[CELLS:2 * CELLS] = grid.height
            v[2 * CELLS:3 * CELLS] = np.asarray(grid.elev, dtype=np.float32) / 3.0
            v[self.o_location + k] = 1.0
            v.flags.writeable = False
            self.templates.append(v)
        self.card_kind = tuple(kinds.index(cd.kind.key) for cd in c["cards"])
        self.stage_at = {s: self.o_decision + i for i, s in enumerate(STAGE_NAMES)}
        self.stage_at.update({s: self.o_decision + len(STAGE_NAMES) + 1 + i
                              for i, s in enumerate(STAGES_V2)})
        self.turn_scale = max(1, game.max_turns or 300)
        self.locations = c["locations"]
        # The values present at every call, packed straight into the vector's bytes: Conan's
        # card, then (past the activation block, zeroed here and written after by `put`) his
        # tokens, rows, unslotted and marked dice; the initiative, Yara's cards, the Item Deck.
        f = np.dtype(np.float32).itemsize
        n_conan = self.o_activation - self.o_conan
        n_act = self.o_conan_tokens - self.o_activation
        n_dice = self.o_skills - self.o_conan_tokens
        self.formats = {"conan": f"{n_conan}f{n_act * f}x{n_dice}f", "initiative": "3f",
                        "yara": "4f", "enemy": f"{self.per}f"}
        self._make_packers()
        self.at_conan = self.o_conan * f
        self.at_initiative = (self.o_initiative + len(c["initiative"])) * f
        self.at_yara = self.o_yara * f
        self.at_enemy = tuple((self.o_enemies + k * self.per) * f for k in range(MAX_E))
        self.kind_hot = tuple(tuple(float(i == k) for i in range(self.nk)) for k in range(self.nk))
        self._base_loc = -1     # the location of the base, the keys of the enemies it shows, the base
        self._seen: list[tuple[Any, ...]] = []
        self._base: np.ndarray | None = None

    def _make_packers(self):
        fm = self.formats
        self.pack_conan = Struct(fm["conan"]).pack_into
        self.pack_initiative = Struct(fm["initiative"]).pack_into
        self.pack_yara = Struct(fm["yara"]).pack_into
        self.pack_enemy = Struct(fm["enemy"]).pack_into

    # ---- pickling (a Struct cannot be pickled: the packers are built again from their formats;
    # the cached base is dropped, the next call builds it again) --------------------------------
    def __getstate__(self):
        d = {k: v for k, v in self.__dict__.items() if not k.startswith("pack_")}
        d["_base_loc"], d["_seen"], d["_base"] = -1, [], None
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._make_packers()

    # ---- the location's planes and the enemies' part, kept while they do not change ----------------
    def _enemy_base(self, loc, enemies):
        """The template of `loc` with the enemies' blocks written in; only the blocks of the
        enemies that changed since the last call are written again."""
        seen = self._seen
        shown = enemies[:MAX_E]
        keys = list(map(ENEMY_KEY, shown))
        if loc != self._base_loc or len(seen) != len(keys):
            self._base_loc = loc
            seen[:] = map(_kept, keys)
            self._base = base = self.templates[loc].copy()
            for k, e in enumerate(shown):
                self._write_enemy(base, k, e)
            return base
        base = self._base
        if seen != keys:
            for k, key in enumerate(keys):
                if key != seen[k]:
                    seen[k] = _kept(key)
                    self._write_enemy(base, k, shown[k])
        return base

    def _write_enemy(self, base, k, e):
        """Enemy slot k's block of `base`, packed into its bytes."""
        self.pack_enemy(base, self.at_enemy[k], *self._enemy_values(e))

    def _enemy_values(self, e):
        """One enemy's block: its kind, then (while alive) its square, wounds, dice and tokens."""
        kind = self.kind_hot[self.card_kind[e.card]]
        if not e.alive:
            return (*kind, *PAD[18])
        sq = e.square
        d = e.dice
        tokens = e.tokens
        t = [TOKEN_CODE[x] for x in tokens[:MAX_TOKENS]]
        return (*kind, 1.0, e.wounds / e.life, (sq % W) / 7, (sq // W) / 5,
                *[x / 3 for x in d], *PAD[MAX_ROWS - len(d)], *t, *PAD[MAX_TOKENS - len(t)],
                len(tokens) / 3, float(e.token_active and bool(tokens)), float(e.done),
                e.free_blocks / 2, e.bonus_move / 2, e.bonus_hits / 2)

    # ---- one observation ----------------------------------------------------------------------------
    def encode(self, s, role):
        """The observation of `role` (0 Conan, 1 Yara) in state `s`."""
        E = self
        v = E._enemy_base(s.loc, s.enemies).copy()
        kind = "game_over" if s.winner is not None else s.decision()
        stage = s.stack[-1].kind      # the frame on top (a standing pick or discard aside)
        # the values present at every call (see __init__), packed first: the pad bytes of
        # `pack_conan` zero the activation block, written below
        ctok, rows, pool, marked = s.ctok, s.rows, s.pool, s.marked
        r0, r1, r2, r3, r4 = rows
        pad = PAD
        eighths = EIGHTHS.__getitem__
        tc: Sequence[float]
        if ctok:
            codes = [TOKEN_CODE[x] for x in ctok[:MAX_TOKENS]]
            codes += pad[MAX_TOKENS - len(codes)]
            tc = codes
        else:
            tc = pad[MAX_TOKENS]
        E.pack_conan(
            v, E.at_conan,
            s.level / 5, s.xp / 30, s.fatigue / 4, s.wounds / 5, s.rage_pool / 4,
            len(s.rage_track) / 3, s.move_left / 15 if kind in MOVERS else 0.0,
            s.move_bonus / 3, s.free_blocks / 3, s.slay_move, s.locked, len(s.poison) / 3,
            sum(s.poison) / 3, s.turn / E.turn_scale, s.in_combat, s.combat_rounds / 20,
            s.conan_first,
            *tc[:MAX_TOKENS], len(ctok) / 3, s.ctok_active and bool(ctok),
            *map(eighths, r0), *pad[7 - len(r0)], *map(eighths, r1), *pad[7 - len(r1)],
            *map(eighths, r2), *pad[7 - len(r2)], *map(eighths, r3), *pad[7 - len(r3)],
            *map(eighths, r4), *pad[7 - len(r4)],
            pool[1] / 6, pool[2] / 6, pool[3] / 6, pool[4] / 6, pool[5] / 6, pool[6] / 6,
            marked[1] / 6, marked[2] / 6, marked[3] / 6, marked[4] / 6, marked[5] / 6,
            marked[6] / 6)
        E.pack_initiative(v, E.at_initiative, s.init_token, s.first_side, s.side_no / 2)
        E.pack_yara(v, E.at_yara, len(s.plot_hand) / 10, len(s.plot_deck) / 20,
                    len(s.plot_discard) / 20, s.plot_played)
        # the rest, element by element (cheaper than ndarray.put's conversions)
        w: Any = memoryview(v)     # float32 items (typeshed types a memoryview's items as int)
        w[E.o_conan_square + s.pos] = 1.0
        w[E.stage_at.get(kind, E.o_decision + len(STAGE_NAMES))] = 1.0
        w[E.o_activation + min(s.cphase, 4)] = 1.0
        w[E.o_round + s.tracker - 1] = 1.0
        if s.slain_sq >= 0:
            w[E.o_slain_square + s.slain_sq] = 1.0
        w[E.o_misc] = len(s.item_deck) / 20
        o = E.o_skills
        ns = E.ns
        for sk, ex in zip(s.skills, s.exhausted):
            w[o + sk] = 1.0
            w[o + ns + sk] = float(ex)
        items = s.items
        o = E.o_items
        for i in set(items):
            w[o + i] = items.count(i) / 2
        # what is being dealt to Conan
        p = s.pending
        hits, tokens, att, rip = p.hits, p.tokens, p.attacker, p.riposte
        if hits or tokens or att >= 0 or rip:
            o = E.o_incoming
            w[o] = hits / 6
            w[o + 1 + MAX_TOKENS] = len(tokens) / 3
            w[o + 2 + MAX_TOKENS + (att if att >= 0 else MAX_E)] = 1.0
            w[o + 3 + MAX_TOKENS + MAX_E] = float(rip)
            for k, t in enumerate(tokens[:MAX_TOKENS]):
                w[o + 1 + k] = TOKEN_CODE[t]
        # Conan's attack being resolved
        top = s.stack[-1]
        if isinstance(top, ATTACK_FRAMES):
            a = top.attack
            o = E.o_attack
            w[o] = 1.0
            w[o + 1] = a.wounds / 6
            w[o + 2] = a.max_targets / 3
            w[o + 3] = float(a.stun)
            w[o + 4] = float(a.rattle)
            w[o + 5] = float(a.stun_only)
            for t, n in zip(a.targets, a.dealt):
                w[o + 6 + t] = 1.0
                w[o + 6 + MAX_E + t] = n / 6
            w[o + 6 + 2 * MAX_E + (a.attacker if a.attacker >= 0 else MAX_E)] = 1.0
            w[o + 7 + 3 * MAX_E] = a.hits_back / 6
            if a.conan_tokens:
                w[o + 8 + 3 * MAX_E] = TOKEN_CODE[a.conan_tokens[0]]
            if a.blows and stage == "yara_block":
                b = a.blows[0]
                o = E.o_blow
                tok = b.token
                w[o + b.target] = 1.0
                w[o + MAX_E] = 0.0 if tok else b.left / 6
                w[o + MAX_E + 1] = TOKEN_CODE[tok] if tok else 0.0
                w[o + MAX_E + 2] = float(b.riposte_ok and not tok)
        if stage == "test":
            f = s._top(TakeTest)
            t = s._test()
            o = E.o_test
            w[o] = 1.0
            w[o + 1] = s._need(f.rerolled) / 6
            w[o + 2] = t.count / 2
            w[o + 3] = f.paid / 2
            w[o + 4] = float(f.rerolled)
            w[o + 5] = float(t.optional)
            w[o + 6 + s.test_idx] = 1.0
        # initiative and the round
        if s.init_card >= 0:
            w[E.o_initiative + s.init_card] = 1.0
        # the decision's context
        o = E.o_minion
        if kind == "minion":
            f = cast(Minion, s.frame())
            w[o + f.enemy] = 1.0
            w[o + MAX_E + min(f.phase, 4)] = 1.0
            w[o + MAX_E + 5] = float(f.ability_used)
        elif kind == "minion_mark":
            f = cast(MinionMark, s.frame())
            w[o + MAX_E + 6 + f.enemy] = 1.0
            for r, k in enumerate(f.marked):
                if k:
                    w[o + 2 * MAX_E + 6 + r] = k / 3
        o = E.o_decision_context
        if kind == "pick":
            w[o] = s.picks[0] / 5 + 0.1
            w[o + 1] = len(s.picks) / 10
        elif kind == "ready":
            w[o + 2] = cast(Ready, s.frame()).left / 7
        elif kind == "reserve":
            f = cast(Reserve, s.frame())
            w[o + 3] = f.left / 5
            for k, kept in enumerate(f.kept):
                w[o + 4 + k] = kept / 5
        elif kind == "reward":
            w[o + 9] = s.rewards / 2
        elif kind == "pair_effect":
            w[o + 10] = float(cast(PairEffect, s.frame()).may_ready) + 0.5
        elif kind == "item_target":
            w[o + 18 + cast(ItemTarget, s.frame()).item] = 1.0
        # Yara's cards: Conan sees the hand's size only
        if role == 1:
            o = E.o_yara_hand
            hand = s.plot_hand
            for card in set(hand):
                w[o + card] = hand.count(card) / 3
            drawn = s.drawn
            for card in set(drawn):
                w[o + E.npl + card] = drawn.count(card) / 3
            o += 2 * E.npl
            w[o] = s.put_back / 3
            w[o + 1] = float(s.plot_known == "top")
            w[o + 2] = float(s.plot_known == "bottom")
        if s.winner is not None:
            w[E.o_misc + 1] = 1.0 if s.winner == "conan" else -1.0
        return v
