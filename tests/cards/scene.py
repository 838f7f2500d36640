"""Build hand-made situations for the rule tests: an empty table in a chosen phase."""
import conan_envs
from conan_envs.cards import content as C
from conan_envs.cards.setup import put_challenge


def table(n=2, heroes=("Barbarian", "Plunderer"), dp=None, seed=0, **config):
    """A started game with everything cleared: no adventures, hands, decks or items;
    `heroes` by name; player_0 to act in the Hero Turn."""
    game = conan_envs.make_game("cards_v1", num_players=n, **config)
    s = game.new_initial_state(seed)
    s.hero = [C.HERO_INDEX[h] for h in heroes]
    s.dp = list(dp) if dp is not None else [game.starting] * n
    s.alive = [True] * n
    s.used = [False] * n
    s.pos = [-1] * n
    s.must_enter = [False] * n
    s.hand = [[] for _ in range(n)]
    s.items = [[] for _ in range(n)]
    s.ally = [-1] * n
    s.partner = [-1] * n
    s.keep = [6] * n
    s.offered = [False] * n
    s.deck, s.discard = [], []
    s.magic_deck = list(C.MAGIC_IDS)
    s.adv_owner = [-1] * C.NUM_ADVENTURES
    s.adv_state = [0] * C.NUM_ADVENTURES
    s.owed = []
    s.stack = [[] for _ in range(C.NUM_ADVENTURES)]
    s.ch_placer = [-1] * C.NUM_CHALLENGES
    s.ch_up = [False] * C.NUM_CHALLENGES
    s.ch_known = [0] * C.NUM_CHALLENGES
    s.order = list(range(n))
    s.w = s.offer = s.pend = None
    s.prompt = ""
    s.cadv = -1
    s.winner = -1
    s.first_round = False
    at(s, "hero", 0)
    return s


def at(s, phase, player, dec=None):
    s.phase = phase
    s.idx = s.order.index(player)
    s.actor = player
    s.dec = dec or {"hero": "hero_action", "card": "card_play", "diplomacy": "diplomacy"}[phase]
    s._mask = None


def adventure(s, name, owner):
    a = C.adventure_index(name)
    s.adv_state[a] = 1
    s.adv_owner[a] = owner
    s._mask = None
    return a


def challenge(s, name, adv, placer):
    c = C.challenge_index(name)
    put_challenge(s, placer, c, adv)
    s._mask = None
    return c


def act(s, text):
    """Apply the legal action whose name is `text`, or the one legal action whose name starts
    with `text` (names carry numbers: "match" for "match 3 DP")."""
    s._mask = None
    names = {s.action_to_string(a): a for a in s.legal_actions()}
    if text not in names and text.startswith("wager ") and s.decision() == "bet_reply":
        text = "raise to " + text[6:]  # a reply's higher wager is a raise
    if text not in names:
        starts = [n for n in names if n.startswith(text)]
        assert len(starts) == 1, f"{text!r} not legal at {s.decision()}: {sorted(names)}"
        text = starts[0]
    s.apply_action(names[text])


def terms(keep, losses=False, items=0):
    """The name of the Alliance terms action: the gainer keeps `keep`/6; losses shared or
    not; Magic items of the Loot: 0 the completer keeps them, 1 the proposer, 2 the other."""
    from conan_envs.cards.diplomacy import TERMS, terms_words

    return "Alliance terms: " + terms_words(TERMS.index((keep, losses, items)))


def has(s, text):
    """Whether a legal action's name starts with `text`."""
    return any(n.startswith(text) for n in legal_names(s))


def legal_names(s):
    s._mask = None  # tests edit fields directly
    return {s.action_to_string(a) for a in s.legal_actions()}
