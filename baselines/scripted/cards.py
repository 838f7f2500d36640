"""Scripted player for cards_v2 (Conan: el juego de cartas).

It reads from `state` only what its own player may see: its hand, the public table, the
Challenges it knows (hidden.visible) and counts of others' cards. Wagers follow the chance of
success it estimates from the attribute, its Magic items, the Resolution cards it holds and
the expected harm of the cards its opponent may hold (from the unseen part of the deck mix);
it places its hardest Challenges where the leading opponent's Hero stands (or on the leader's
Adventures), plays every Adventure (+1 DP), uses abilities when they are offered (they are
offered only where they turn a result). Its deal policy (`cards_deals.py` beside it) values DP,
cards and Magic items for its own Hero and for the other player's: it offers to sell the card
it needs least, or to buy an item it needs more than its owner, for a DP price between the
two values, proposes Alliances on a card with Challenges left, accepts what is worth more
to it than it costs (never feeding a player close to victory) and counters a near miss."""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from baselines.agent import Agent
from conan_envs.cards import content as C
from conan_envs.cards.hidden import visible
from conan_envs.cards.records import PROMPT_NAMES, Wager
from conan_envs.cards.resolution import margin_seen_by

from . import cards_deals as deals

NADV = C.NUM_ADVENTURES

Legal = deals.Legal  # segment -> [(index, action)] of the legal actions


class ScriptedAgent(Agent):
    name = "scripted"

    def __init__(self, env_id: str = "cards_v2", role: int = 0, seed: Any = None,
                 **config: Any) -> None:
        self.env_id = env_id
        self.role = role
        self.rng = np.random.default_rng(seed)
        self.plan: deals.Plan = []  # the steps of an offer being built: (segment, index)

    # ---- helpers on what this player sees ---------------------------------------------------
    def _legal(self, s: Any, mask: Any) -> Legal:
        g = s.game
        out: Legal = {}
        for a in np.flatnonzero(mask).tolist():
            seg, i = g.codec.decode(a)
            out.setdefault(seg, []).append((i, a))
        return out

    def _hero_attr(self, s: Any, p: int, att: int) -> int:
        value: int = C.HERO_ATTR[s.hero[p]][att] + sum(C.ITEM_BONUS[it - C.MG0][att] for it in s.items[p])
        return value

    def _unseen_mods(self, s: Any, me: int, att: int) -> npt.NDArray[np.int64]:
        """Modifiers (for `att`) of the cards this player has not seen, unknown non-Resolution
        cards counting 0: the pool the others' hands are drawn from."""
        seen = set(s.hand[me]) | set(s.discard)
        w = s.wager
        if w is not None:
            seen.update(e.card for e in w.cards if e.player == me)
        mods = [C.RES_MOD[c] for c in C.RESOLUTION_IDS
                if c not in seen and C.RES_ATTR[c] in (att, C.ANY)]
        n_unseen = len(s.deck) + sum(len(s.hand[q]) for q in range(s.game.n) if q != me)
        mods += [0] * max(0, n_unseen - len(mods))
        return np.array(mods, dtype=np.int64)

    def _sample_hand_mods(self, s: Any, me: int, who: int, att: int,
                          k: int = 48) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        """k draws of the sum of helpful and harmful modifiers in `who`'s unseen hand."""
        pool = self._unseen_mods(s, me, att)
        h = min(len(s.hand[who]), pool.size)
        if h == 0 or pool.size == 0:
            return np.zeros(k), np.zeros(k)
        idx = np.argsort(self.rng.random((k, pool.size)), axis=1)[:, :h]
        drawn = pool[idx]
        return np.where(drawn > 0, drawn, 0).sum(1), np.where(drawn < 0, -drawn, 0).sum(1)

    def _my_help(self, s: Any, me: int, att: int) -> int:
        return sum(C.RES_MOD[c] for c in s.hand[me]
                   if C.RES_MOD[c] > 0 and C.RES_ATTR[c] in (att, C.ANY))

    def _my_harm(self, s: Any, me: int, att: int) -> int:
        return sum(-C.RES_MOD[c] for c in s.hand[me]
                   if C.RES_MOD[c] < 0 and C.RES_ATTR[c] in (att, C.ANY))

    def _challenge_odds(self, s: Any, hero: int, c: int, me: int) -> float:
        """The chance that `hero` beats Challenge c with its best attribute, from what `me`
        sees: its own hand exactly, the other side's hand drawn from the unseen cards (each
        side assumed to play every card that helps it)."""
        opp = s.ch_placer[c]
        best = 0.0
        for att in range(3):
            total = self._hero_attr(s, hero, att)
            if s.ally[hero] >= 0:
                total = max(total, C.CH_VALUE[s.ally[hero]][att])
            if s.partner[hero] >= 0:
                total = max(total, self._hero_attr(s, s.partner[hero], att))
            help_: int | npt.NDArray[Any]
            harm: int | npt.NDArray[Any]
            if me == hero:
                help_ = self._my_help(s, me, att)
                harm = self._sample_hand_mods(s, me, opp, att)[1] if opp >= 0 else np.zeros(1)
            else:
                harm = self._my_harm(s, me, att)
                help_ = self._sample_hand_mods(s, me, hero, att)[0]
            p = float(np.mean(total + help_ - harm > C.CH_VALUE[c][att]))
            best = max(best, p)
        return float(np.clip(best, 0.03, 0.97))

    def _duel_odds(self, s: Any, me: int, other: int, i_choose: bool) -> float:
        margins = [self._hero_attr(s, me, a) + self._my_help(s, me, a) - self._hero_attr(s, other, a)
                   for a in range(3)]
        m = max(margins) if i_choose else min(margins)
        return float(np.clip(0.5 + 0.3 * (m - 0.5), 0.03, 0.97))

    def _leader(self, s: Any, me: int) -> int:
        rivals = [q for q in range(s.game.n) if q != me and s.alive[q]]
        return max(rivals, key=lambda q: (s.dp[q], -q)) if rivals else -1

    def _adventure_score(self, s: Any, me: int, a: int) -> float:
        st = s.piles[a]
        known_hard = sum(1 for c in st)
        others = sum(1 for q in range(s.game.n) if q != me and s.alive[q] and s.pos[q] == a)
        return C.LOOT[a] - 2.5 * known_hard - 3 * others + C.LOOT_MAGIC[a] * 2

    # ---- decisions ------------------------------------------------------------------------------
    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask)
        if state is None:
            return int(legal[self.rng.integers(legal.size)])
        s = state
        me = self.role
        L = self._legal(s, action_mask)
        kind = s.decision()  # the kind of the frame deciding now
        pick = DECIDE.get("ability" if kind in PROMPT_NAMES else kind)
        a = pick(self, s, me, L) if pick else None
        if a is None:
            a = L["pass"][0][1] if "pass" in L else int(legal[0])
        return int(a)

    def _first(self, L: Legal, seg: str) -> int | None:
        return L[seg][0][1] if seg in L else None

    def _swap_offer(self, s: Any, me: int, L: Legal) -> int | None:
        return self._first(L, "pass")

    def _swap_answer(self, s: Any, me: int, L: Legal) -> int | None:
        return self._first(L, "pass")

    def _place_best(self, s: Any, me: int, options: list[tuple[int, int]]) -> int:
        """Hardest Challenge where the leading rival's Hero stands, else on the leader's cards."""
        lead = self._leader(s, me)

        def score(opt: tuple[int, int]) -> float:
            i, _ = opt
            c, a = divmod(i, NADV)
            hard = min(C.CH_VALUE[c])
            sc: float = sum(C.CH_VALUE[c]) / 3.0 + hard
            for q in range(s.game.n):
                if q != me and s.alive[q] and s.pos[q] == a:
                    sc += 6 + (4 if q == lead else 0)
            if s.adv_owner[a] == lead:
                sc += 2
            return sc
        return max(options, key=score)[1]

    def _setup_challenge(self, s: Any, me: int, L: Legal) -> int | None:
        return self._place_best(s, me, L["place"])

    def _setup_hero(self, s: Any, me: int, L: Legal) -> int | None:
        return max(L["adventure"], key=lambda o: self._adventure_score(s, me, o[0]))[1]

    def _card_play(self, s: Any, me: int, L: Legal) -> int | None:
        if "play" in L:
            return L["play"][0][1]
        pos = s.pos[me]
        if "vision" in L:  # Seer's Vision: first on the card its Hero stands on
            slots = C.MAX_DIFFICULTY
            here = [o for o in L["vision"] if o[0] // slots == pos]
            if here:
                return here[-1][1]
        if "passage" in L:  # Secret Passage: off a card it is stuck on, to a better one
            stuck = pos >= 0 and any(s.ch_up[c] for c in s.piles[pos])
            best = max(L["passage"], key=lambda o: self._adventure_score(s, me, o[0]))
            if (stuck or pos < 0) and (pos < 0 or self._adventure_score(s, me, best[0])
                                       > self._adventure_score(s, me, pos)):
                return best[1]
        if "place" in L:
            return self._place_best(s, me, L["place"])
        return None

    def _hero_action(self, s: Any, me: int, L: Legal) -> int | None:
        if "complete" in L:
            return L["complete"][0][1]
        pos = s.pos[me]
        if "face" in L or "scout_face" in L:
            if "scout_face" in L:
                c, a = max(L["scout_face"], key=lambda o: self._challenge_odds(s, me, o[0], me))
            else:
                c, a = s.piles[pos][-1], L["face"][0][1]
            odds = self._challenge_odds(s, me, c, me) if s.ch_up[c] or visible(s, me, pos, c) else 0.5
            if "bribe" in L and odds < 0.35:
                return L["bribe"][0][1]
            if odds >= 0.4 or "adventure" not in L:
                return a
        if "duel" in L:
            q, a = L["duel"][0]
            if self._duel_odds(s, me, q, False) >= 0.5:
                return a
        if "adventure" in L:
            here = self._adventure_score(s, me, pos) if pos >= 0 else -99
            best = max(L["adventure"], key=lambda o: self._adventure_score(s, me, o[0]))
            if self._adventure_score(s, me, best[0]) > here or pos < 0 or s.must_enter[me]:
                return best[1]
        if "steal_item" in L:
            return L["steal_item"][0][1]
        if "steal_card" in L:
            return max(L["steal_card"], key=lambda o: len(s.hand[o[0]]))[1]
        if "duel" in L:
            return L["duel"][0][1]
        if "face" in L or "scout_face" in L:
            return (L.get("face") or L["scout_face"])[0][1]
        return None

    def _antagonist(self, s: Any, me: int, L: Legal) -> int | None:
        c = self._wager(s).chal
        cost = C.ALLY_COST[c]
        if cost <= 3 and max(C.CH_VALUE[c]) > max(C.HERO_ATTR[s.hero[me]]):
            return self._first(L, "recruit")
        return self._first(L, "fight")

    def _wager(self, s: Any) -> Wager:
        w: Wager | None = s.wager
        assert w is not None  # a wager's decisions come only during one
        return w

    def _odds(self, s: Any, me: int) -> float:
        w = self._wager(s)
        if w.kind == "duel":
            other = w.opp if me == w.hero else w.hero
            p = self._duel_odds(s, me, other, me == w.opp)
            return p
        p = self._challenge_odds(s, w.hero, w.chal, me)
        return p if me == w.hero else 1.0 - p

    def _stake_cap(self, s: Any, me: int, q: float) -> int:
        """Kelly-like: stake more of one's DP the surer one is."""
        frac = max(0.0, 2 * q - 1)
        return max(1, int(s.dp[me] * frac * 0.6))

    def _bet_open(self, s: Any, me: int, L: Legal) -> int | None:
        q = self._odds(s, me)
        bets = L["bet"]
        want = min(self._stake_cap(s, me, q), len(bets))
        return bets[want - 1][1]

    def _bet_reply(self, s: Any, me: int, L: Legal) -> int | None:
        w = self._wager(s)
        q = self._odds(s, me)
        side = 0 if me == w.hero else 1
        own = w.bets[side] or 1
        cur = w.cur
        if "bet" in L and q > 0.7:
            target = min(cur + 3, L["bet"][-1][0] + 1, self._stake_cap(s, me, q))
            for i, a in L["bet"]:
                if i + 1 == target:
                    return a
        if (2 * q - 1) * cur > -own:
            return self._first(L, "match")
        return self._first(L, "withdraw")

    def _attribute(self, s: Any, me: int, L: Legal) -> int | None:
        c = self._wager(s).chal
        best = -99
        choice: int | None = None
        for i, a in L["attribute"]:
            src, att = divmod(i, 3)
            items = self._hero_attr(s, me, att) - C.HERO_ATTR[s.hero[me]][att]
            if src == 0:
                v = self._hero_attr(s, me, att)
            elif src == 1:
                v = C.CH_VALUE[s.ally[me]][att] + items
            else:
                v = C.HERO_ATTR[s.hero[s.partner[me]]][att] + items
            m = v + self._my_help(s, me, att) - C.CH_VALUE[c][att]
            if m > best:
                best, choice = m, a
        return choice

    def _duel_attribute(self, s: Any, me: int, L: Legal) -> int | None:
        other = self._wager(s).hero
        return max(L["duel_attribute"], key=lambda o: self._hero_attr(s, me, o[0])
                   + self._my_help(s, me, o[0]) - self._hero_attr(s, other, o[0]))[1]

    def _resolution(self, s: Any, me: int, L: Legal) -> int | None:
        w = self._wager(s)
        # only my own face-down cards are counted
        margin = margin_seen_by(s, me)
        att = w.attr
        helping = me == w.hero or (w.kind == "challenge" and me != w.opp)
        if w.kind == "duel":
            my_side = 0 if me == w.hero else 1
            sign = 1 if my_side == 0 else -1
            my_margin = sign * margin
            if my_margin <= 1:
                for i, a in L.get("play_on", []):
                    card, t = divmod(i, 2)
                    good = C.RES_MOD[card] > 0 and t == my_side or C.RES_MOD[card] < 0 and t != my_side
                    if good and C.RES_ATTR[card] in (att, C.ANY):
                        return a
            return self._first(L, "pass")
        if helping:
            if margin <= 1:
                for i, a in L.get("play", []):
                    if C.RES_MOD[i] > 0 and C.RES_ATTR[i] in (att, C.ANY):
                        return a
        else:
            if margin >= 0:
                for i, a in L.get("play", []):
                    if C.RES_MOD[i] < 0 and C.RES_ATTR[i] in (att, C.ANY):
                        return a
                if margin <= 1 and self.rng.random() < 0.3:  # a bluff with a card of no use here
                    for i, a in L.get("play", []):
                        if C.RES_MOD[i] == 0 and not (C.AD0 <= i < C.RS0):
                            return a
        return self._first(L, "pass")

    def _ability(self, s: Any, me: int, L: Legal) -> int | None:
        asked = s.decision()  # the ability asked (one of PROMPT_NAMES)
        if asked == "veto":
            off = s.offer_on_table
            lead = max(range(s.game.n), key=lambda q: s.dp[q])
            return self._first(L, "ability") if lead in (off.by, off.to) and lead != me \
                else self._first(L, "pass")
        if asked == "raider" and len(s.hand[me]) > 6:
            return self._first(L, "pass")
        return self._first(L, "ability")

    def _diplomacy(self, s: Any, me: int, L: Legal) -> int | None:
        choice = deals.propose(s, me, L)
        if choice is None:
            return self._first(L, "pass")
        seg, q, self.plan = choice
        return dict(L[seg])[q]

    def _deal_build(self, s: Any, me: int, L: Legal) -> int | None:
        return self._follow_plan(L, "propose")

    def _alliance_terms(self, s: Any, me: int, L: Legal) -> int | None:
        return self._follow_plan(L, None)

    def _follow_plan(self, L: Legal, done: str | None) -> int | None:
        while self.plan:
            seg, i = self.plan.pop(0)
            if seg in L:
                legal = dict(L[seg])
                if i in legal:
                    return legal[i]
        if done and done in L:
            return L[done][0][1]
        return self._first(L, "pass")

    def _answer(self, s: Any, me: int, L: Legal) -> int | None:
        off = s.offer_on_table
        if off.kind == "swap":
            return self._first(L, "pass")
        verdict, self.plan = deals.judge(s, me, "accept" in L, "counter" in L)
        return self._first(L, verdict) or self._first(L, "pass")


# decision kind -> the method that takes it (a decision not listed: pass, else the first action)
DECIDE = {
    "swap_offer": ScriptedAgent._swap_offer, "swap_answer": ScriptedAgent._swap_answer,
    "setup_challenge": ScriptedAgent._setup_challenge, "setup_hero": ScriptedAgent._setup_hero,
    "card_play": ScriptedAgent._card_play, "hero_action": ScriptedAgent._hero_action,
    "antagonist": ScriptedAgent._antagonist, "bet_open": ScriptedAgent._bet_open,
    "bet_reply": ScriptedAgent._bet_reply, "attribute": ScriptedAgent._attribute,
    "duel_attribute": ScriptedAgent._duel_attribute, "resolution": ScriptedAgent._resolution,
    "ability": ScriptedAgent._ability,  # any once-per-game ability asked (PROMPT_NAMES)
    "diplomacy": ScriptedAgent._diplomacy,
    "deal_build": ScriptedAgent._deal_build, "alliance_terms": ScriptedAgent._alliance_terms,
    "answer": ScriptedAgent._answer,
}
