"""Invariants over many random games (card conservation, DP, Challenge limits) and the
hidden-information contract checked at every kind of decision."""
import numpy as np
import pytest

import conan_envs
from conan_envs.cards import content as C
from conan_envs.cards import hero_turn, position
from conan_envs.cards.records import SHARES


def cautious_random(state, rng):
    """Uniform over decisions, but small wagers, so that games last and reach every phase."""
    legal = state.legal_actions()
    o = state.game.o
    bets = [a for a in legal if o["bet"] <= a < o["bet"] + state.game.max_bet]
    if bets and rng.random() < 0.8:
        return bets[0]
    return int(rng.choice(legal))


def locations(s):
    out = list(s.deck) + list(s.discard) + list(s.magic_deck)
    for p in range(s.game.n):
        out += s.hand[p] + s.items[p]
        if s.ally[p] >= 0:
            out.append(C.CH0 + s.ally[p])
    for a in range(C.NUM_ADVENTURES):
        if s.adv_state[a]:
            out.append(C.AD0 + a)
        out += [C.CH0 + c for c in s.piles[a]]
    if s.w is not None:
        out += [e.card for e in s.w.cards]
    return out


def hero_turn_shortcut_agrees(s):
    """hero_turn.can_act (used to skip a Hero Turn with nothing but a pass) agrees with the
    Hero Turn's legal mask for every living player."""
    if s.w is not None or s.is_terminal():
        return
    t = s.clone()
    for p in range(s.game.n):
        if s.alive[p]:
            position.turn(t, "hero", p)
            m = np.zeros(s.game.num_actions, dtype=bool)
            hero_turn.HeroAction(p).mask(t, m)
            assert hero_turn.can_act(s, p) == bool(m[1:].any()), (p, str(s))


def check(s):
    hero_turn_shortcut_agrees(s)
    where = locations(s)
    assert sorted(where) == list(range(C.CH0, C.NUM_CARDS)), "a card was lost or duplicated"
    for p in range(s.game.n):
        assert s.dp[p] >= 0
        if not s.alive[p]:
            assert not s.hand[p] and not s.items[p] and s.pos[p] == -1
        if s.pos[p] >= 0:
            assert s.adv_state[s.pos[p]] == 1
        if s.partner[p] >= 0:
            q = s.partner[p]
            # one set of terms for both allies: whoever gains keeps that many sixths
            assert s.partner[q] == p and s.pos[q] == s.pos[p]
            assert s.keep[p] == s.keep[q] and s.keep[p] in SHARES
    owed = [e.adv for e in s.owed]
    assert sorted(owed) == [a for a in range(C.NUM_ADVENTURES) if s.adv_state[a] == 3]
    for _, p, cards, items in s.owed:  # Loot is owed only while it cannot be applied
        assert s.alive[p] and (cards or items)
        assert not (items and s.magic_deck)
    for a in range(C.NUM_ADVENTURES):
        st = s.piles[a]
        assert len(st) <= C.DIFFICULTY[a]
        if st:
            assert s.adv_state[a] == 1
        for c in st:
            assert s.alive[s.ch_placer[c]] and s.ch_placer[c] != s.adv_owner[a]
            assert (s.ch_known[c] >> s.ch_placer[c]) & 1 or s.ch_up[c]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_invariants(n):
    game = conan_envs.make_game("cards_v2", num_players=n)
    phases = set()
    for seed in range(8 if n == 2 else 5):
        s = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal() and not s.is_truncated():
            check(s)
            phases.add(s.decision())
            s.apply_action(cautious_random(s, rng))
        check(s)
    assert {"card_play", "hero_action", "bet_reply", "resolution", "diplomacy"} <= phases


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_leak_at_every_decision(n):
    """Redrawing what a player cannot see never changes its observation (nor its mask when it
    is to act), and really redraws something that player cannot see."""
    game = conan_envs.make_game("cards_v2", num_players=n, forgetting_old_dangers=(n == 3))
    redrawn = 0
    seen_decisions = set()
    for seed in range(3):
        s = game.new_initial_state(100 + seed)
        rng = np.random.default_rng(seed)
        step = 0
        while not s.is_terminal() and not s.is_truncated() and step < 700:
            if step % 3 == 0 or s.decision() not in seen_decisions:
                seen_decisions.add(s.decision())
                for r in range(n):
                    obs = s.observation(r)
                    other = s.resample_hidden(r, rng)
                    check(other)
                    assert np.array_equal(other.observation(r), obs), (s.decision(), r)
                    if s.current_player() == r:
                        assert np.array_equal(other.legal_action_mask(), s.legal_action_mask())
                    redrawn += any(other.hand[q] != s.hand[q] for q in range(n) if q != r)
            s.apply_action(cautious_random(s, rng))
            step += 1
    assert redrawn > 0


def test_observation_hides_others_hands_and_face_down_cards():
    game = conan_envs.make_game("cards_v2", num_players=2)
    s = game.new_initial_state(4)
    rng = np.random.default_rng(4)
    while s.decision() != "resolution" or not s.w.cards:
        if s.is_terminal():
            s = game.new_initial_state(int(rng.integers(1000)))
        s.apply_action(cautious_random(s, rng))
    p, card = s.w.cards[0].player, s.w.cards[0].card
    other = 1 - p
    from conan_envs.cards.encode import layout
    L = layout(2)
    f = C.FACE[card]
    assert s.observation(p)[L["facedown"] + 2 * f] >= 1
    assert s.observation(other)[L["facedown"] + 2 * f] == sum(
        1 for e in s.w.cards if e.player == other and C.FACE[e.card] == f)
    assert s.observation(other)[L["hand"]:L["hand"] + C.NUM_FACES].sum() == len(s.hand[other])


def test_clone_and_json_mid_wager():
    game = conan_envs.make_game("cards_v2", num_players=3)
    s = game.new_initial_state(9)
    rng = np.random.default_rng(9)
    while s.w is None or s.decision() != "resolution":
        s.apply_action(cautious_random(s, rng))
        if s.is_terminal():
            s = game.new_initial_state(int(rng.integers(1000)))
    assert game.state_from_json(s.to_json()) == s and s.clone() == s


@pytest.mark.slow
def test_many_random_games():
    for n in (2, 3, 4):
        game = conan_envs.make_game("cards_v2", num_players=n)
        for seed in range(200):
            s = game.new_initial_state(seed)
            rng = np.random.default_rng(seed)
            while not s.is_terminal() and not s.is_truncated():
                check(s)
                s.apply_action(cautious_random(s, rng))
