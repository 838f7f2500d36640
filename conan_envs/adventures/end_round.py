"""4. End of Round Phase and End of Game (rulebook: End of Round Phase, Achievements, End of
Game, tie-breakers, Team Game, Longer Game)."""
from __future__ import annotations

from . import steps as S
from . import steps_resolve as SR
from .content import FOE, TRACK_SYM, content
from .frames_resolve import Achieve, AdvReward
from .gains import where
from .stack import ask, push
from .text import name_of

C = content()
THRESHOLD = {2: 42, 3: 38, 4: 34}


def end_round(s):
    s.phase = "end"
    s.track_p = [-1] * 4  # the round's Encounter dice are gathered back
    s.track_d = [-1] * 4
    push(s, *[SR.EOR_PLAYERS[p] for p in s.order], SR.EOR_FINAL)


def eor_player(s, p):
    k = where(s, p)
    cards = [a for a in s.adv_held[p] if C.adv_kingdom[a] == k]
    # bought (and free) dice go back to the supply
    del s.dtype[p][4:], s.face[p][4:], s.zone[p][4:]
    push(s, SR.ACHIEVE_STEPS[p])
    if len(cards) == 1:
        push(s, S.Reward(p, tuple(C.adventures[cards[0]]["reward"])))
    elif cards:
        ask(s, AdvReward(p, tuple(cards[:4])))


def adventure_reward(s, p, a):
    """Only one Adventure reward a round, even with several cards for this kingdom."""
    push(s, S.Reward(p, tuple(C.adventures[a]["reward"])))


def achieve_options(s, p):
    k = where(s, p)
    out = []
    for t, sym in enumerate(TRACK_SYM):
        f = C.FATE_OF_SYM[sym]
        if (sym in C.kattrs[k] and s.fate[p][f] and not s.ach_used[p][t]
                and s.ach[p][t] < C.ach_len):
            out.append(2 * t)
            if s.fate[p][f] >= 2:
                out.append(2 * t + 1)
    return out


def achieve_step(s, p):
    if achieve_options(s, p):
        ask(s, Achieve(p))


def achieve(s, p, i):
    """Turn in one Fate token for 1 space, or all (two or more) for 2; once per track."""
    t, all_ = divmod(i, 2)
    f = C.FATE_OF_SYM[TRACK_SYM[t]]
    n = s.fate[p][f] if all_ else 1
    s.fate[p][f] -= n
    s.fate_supply[f] += n
    s.ach_used[p][t] = True
    push(s, S.AchAdv(p, t, 2 if all_ else 1), SR.ACHIEVE_STEPS[p])


def end_conditions(s):
    if s.game.config["longer_game"]:
        return s.adv_done >= s.game.config["longer_game"]
    return (s.end_triggered or any(v >= THRESHOLD[s.n] for v in s.vp)
            or any(all(x >= C.ach_len for x in a) for a in s.ach))


def eor_final(s):
    s.turn += 1
    if not end_conditions(s):
        return
    for p in range(s.n):  # end-game Achievement points
        s.vp[p] += sum(8 if x >= C.ach_len else 5 if x >= C.ach_mid else 0 for x in s.ach[p])
    s.winners = winners(s)
    s.log_event("The game ends. Victory points: "
                + ", ".join(f"{name_of(s, p)} {s.vp[p]}" for p in range(s.n))
                + "; won by " + ", ".join(name_of(s, p) for p in s.winners))
    s.over = True
    s.phase = "over"


def rank_key(s, p):
    return (s.vp[p], s.plot[p], s.gold[p], sum(s.fate[p]))


def winners(s):
    if s.game.config["team"]:
        teams = ([p for p in range(s.n) if s.rk[p] != FOE],
                 [p for p in range(s.n) if s.rk[p] == FOE])
        low = min(s.vp)
        losing = [t for t, team in enumerate(teams) if any(s.vp[p] == low for p in team)]
        if len(losing) == 1:
            return teams[1 - losing[0]]
        best = [max(rank_key(s, p) for p in team) for team in teams]
        if best[0] == best[1]:
            return list(range(s.n))
        return teams[0] if best[0] > best[1] else teams[1]
    top = max(rank_key(s, p) for p in range(s.n))
    return [p for p in range(s.n) if rank_key(s, p) == top]
