"""Gaining and losing things (rulebook: Fate Tokens, Scoring Victory Points, Achievements,
Free Action - Roll Kingdom Die, Wound, Challenge Tokens' supply and reshuffle).

Rewards on cards are lists of words: gold:N, vp:N, fate_any, fate_local, fate:<kind>,
challenge, roll_local, roll:<kingdom type>, advance:<track>|<track>, wound, lose_fate,
lose_gold:N, set_die (Glossary, Fate Tokens: "Set a die").
"""
from __future__ import annotations

from . import steps as S
from .actions import TOKEN_TYPE_OF
from .content import ALLY, FATE_KINDS, KINGDOM_TYPES, TRACKS, content
from .dicepool import ACTIVE, ASIDE, FAILED, TRACK, WOUND
from .frames import FateDest, PickFate, PickTrack
from .frames_resolve import SetDie as SetDieAsk
from .frames_resolve import Wound
from .stack import ask, push
from .text import name_of
from .words import TOKEN_NAMES

C = content()


def where(s, p):
    """The kingdom that counts as p's location (an Ally uses Conan's)."""
    return s.loc[0] if s.rk[p] == ALLY else s.loc[p]


def gain_gold(s, p, n):
    s.gold[p] += n


def gain_vp(s, p, n):
    old = s.vp[p]
    s.vp[p] = new = old + n
    if n > 0:  # "the player immediately gains the token or rolls the die (in order gained)"
        spaces = [space for space in sorted(C.score_rewards) if old < space <= new]
        for space in spaces:
            s.log_event(f"{name_of(s, p)} reaches {space} on the Scoring track: "
                        f"{TRACK_REWARD_WORDS[C.score_rewards[space]]}")
        push(s, *[S.TrackReward(p, C.score_rewards[space]) for space in spaces])


TRACK_REWARD_WORDS = {"gold": "1 Gold", "fate_local": "a local Fate token",
                      "roll_local": "a roll of the local Kingdom die", "fate_any": "any Fate token"}


def track_reward(s, p, what):
    if what == "gold":
        gain_gold(s, p, 1)
    elif what == "fate_local":
        push(s, S.FateLocal(p, where(s, p)))
    elif what == "roll_local":
        push(s, S.RollKdie(p, where(s, p), -1))
    elif what == "fate_any":
        push(s, S.FateAny(p))
    elif what.startswith("fate_"):
        gain_fate(s, p, FATE_KINDS.index(what[5:]))


def gain_fate(s, p, k):
    if s.fate_supply[k] > 0:
        s.fate_supply[k] -= 1
        s.fate[p][k] += 1


def fate_local(s, p, k):
    opts = [f for f in C.local_fate[k] if s.fate_supply[f] > 0]
    _pick(s, p, opts, "gain")


def fate_any(s, p):
    _pick(s, p, [f for f in range(8) if s.fate_supply[f] > 0], "gain")


def lose_fate(s, p):
    _pick(s, p, [f for f in range(8) if s.fate[p][f] > 0], "lose")


def _pick(s, p, opts, why, src=-1):
    if not opts:
        return
    if len(opts) == 1 and why in ("gain", "lose"):
        fate_done(s, p, opts[0], why, src)
        return
    ask(s, PickFate(p, why, tuple(opts), src))


def pick_fate(s, p, opts, why, src=-1):
    _pick(s, p, opts, why, src)


def fate_done(s, p, k, why, src=-1):
    """The Fate token kind `k` chosen for `why` (gain, lose, trade_give, trade_take,
    move_fate from kingdom `src`, aquilonia)."""
    if why == "gain" or why == "trade_take":
        gain_fate(s, p, k)
    elif why == "lose":
        s.fate[p][k] -= 1
        s.fate_supply[k] += 1
    elif why == "move_fate":
        ask(s, FateDest(p, src, k, tuple(C.adj[src])))
    elif why == "trade_give":  # Trade: a held Fate token for any other from the supply
        s.fate[p][k] -= 1
        s.fate_supply[k] += 1
        opts = [f for f in range(8) if s.fate_supply[f] and f != k]
        if opts:
            pick_fate(s, p, opts, "trade_take")
    elif why == "aquilonia":  # Aquilonia: a Fate token for 2 Gold
        s.fate[p][k] -= 1
        s.fate_supply[k] += 1
        gain_gold(s, p, 2)
    else:
        raise ValueError(f"unknown reason {why!r} for a Fate token")


def fate_source(s, p, k):
    """Move a Fate token from kingdom `k`: its kind, if there are several, then where."""
    kinds = [f for f in range(8) if s.fate_board[k][f]]
    if len(kinds) > 1:
        pick_fate(s, p, kinds, "move_fate", src=k)
    else:
        ask(s, FateDest(p, k, kinds[0], tuple(C.adj[k])))


def roll_kdie(s, p, k, ktype):
    """Roll the local Kingdom die (both dice in a kingdom of two types, e.g. Turan)."""
    types = C.ktypes[k] if ktype < 0 else (ktype,)
    for t in types:
        face = C.kdice[t][int(s.rng.integers(8))]
        s.log_kdie.append([p, t, face])
        got = {"fate": "a local Fate token", "gold": "2 Gold", "challenge": "a Challenge token"}
        s.log_event(f"{name_of(s, p)} rolls the {KINGDOM_TYPES[t].capitalize()} Kingdom die: "
                    f"{got.get(face, 'blank, nothing')}")
        if face == "fate":
            push(s, S.FateLocal(p, k))
        elif face == "gold":
            gain_gold(s, p, 2)
        elif face == "challenge":
            draw_challenge(s, p)


def draw_challenge(s, p, quiet=False):
    """Draw a random face-down Challenge token into p's own supply (reshuffling if empty)."""
    if not s.ct_supply and s.ct_discard:
        s.ct_supply = s.rng.permutation(s.ct_discard).tolist()
        s.ct_discard = []
        for known in s.ct_known:
            known.difference_update(s.ct_supply)
    if s.ct_supply:
        t = s.ct_supply.pop()
        s.ct_hand[p].append(t)
        s.ct_known[p].add(t)
        if not quiet:
            s.log_event(f"{name_of(s, p)} draws a Challenge token")
            s.log_event(f"you drew a {TOKEN_NAMES[TOKEN_TYPE_OF[t]]} token", to=p)
        return t
    return -1


def reward(s, p, items):
    push(s, *[S.Reward1(p, it) for it in items])


def reward1(s, p, it):
    name, _, arg = it.partition(":")
    if name == "gold":
        gain_gold(s, p, int(arg))
    elif name == "vp":
        gain_vp(s, p, int(arg))
    elif name == "fate_any":
        push(s, S.FateAny(p))
    elif name == "fate_local":
        push(s, S.FateLocal(p, where(s, p)))
    elif name == "fate":
        gain_fate(s, p, FATE_KINDS.index(arg))
    elif name == "challenge":
        draw_challenge(s, p)
    elif name == "roll_local":
        push(s, S.RollKdie(p, where(s, p), -1))
    elif name == "roll":
        push(s, S.RollKdie(p, where(s, p), KINGDOM_TYPES.index(arg)))
    elif name == "advance":
        opts = [TRACKS.index(t) for t in arg.split("|") if s.ach[p][TRACKS.index(t)] < C.ach_len]
        if len(opts) == 1:
            push(s, S.AchAdv(p, opts[0], 1))
        elif opts:
            ask(s, PickTrack(p, tuple(opts)))
    elif name == "wound":
        push(s, S.WoundStep(p))
    elif name == "lose_fate":
        push(s, S.LoseFate(p))
    elif name == "lose_gold":
        s.gold[p] = max(0, s.gold[p] - int(arg))
    elif name == "set_die":
        push(s, S.SetDieStep(p))
    else:
        raise ValueError(f"unknown reward {it!r}")


def ach_adv(s, p, t, steps):
    """Advance on an Achievement track, gaining each reward space reached."""
    for _ in range(steps):
        if s.ach[p][t] >= C.ach_len:
            return
        s.ach[p][t] += 1
        s.log_event(f"{name_of(s, p)} advances on the {TRACKS[t].capitalize()} track to space "
                    f"{s.ach[p][t]}")
        r = C.ach_rewards[t].get(s.ach[p][t])
        if r:
            push(s, S.TrackReward(p, r))


def set_die(s, p):
    """Set a die: one result rolled in this phase is kept for the next; the next Reset leaves
    that die out and places it, unrolled, in the Active Pool (dicepool.reset)."""
    z = s.zone[p]
    opts = [i for i in range(len(z)) if z[i] in (ACTIVE, ASIDE, FAILED)]
    if len(opts) == 1:
        s.held[p] = opts[0]
    elif opts:
        ask(s, SetDieAsk(p, tuple(opts)))


def wound(s, p):
    """Set aside a die for the rest of the round; an Active die if possible."""
    z = s.zone[p]
    opts = [i for i in range(len(z)) if z[i] == ACTIVE]
    if not opts:
        opts = [i for i in range(len(z)) if z[i] not in (WOUND, TRACK)]
    if not opts:
        opts = [i for i in range(len(z)) if z[i] == TRACK]
    if len(opts) == 1:
        wound_die(s, p, opts[0])
    elif opts:
        ask(s, Wound(p, tuple(opts)))


def wound_die(s, p, i):
    """Set die i aside for the round; a die taken off the Encounter track leaves its space."""
    s.log_event(f"{name_of(s, p)} is wounded: die {i} is set aside")
    if s.zone[p][i] == TRACK:
        for slot in range(4):
            if s.track_p[slot] == p and s.track_d[slot] == i:
                s.track_p[slot] = s.track_d[slot] = -1
    s.zone[p][i] = WOUND

