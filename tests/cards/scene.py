"""Helpers of the rule tests: the position builder's set-ups under short names, and legal
actions applied and read by their names."""
from conan_envs.cards.position import adventure, challenge, table, turn

__all__ = ["act", "adventure", "at", "challenge", "has", "legal_names", "table", "terms"]

at = turn


def act(s, text):
    """Apply the legal action whose name is `text`, or the one legal action whose name starts
    with `text` (names carry numbers: "match" for "match 3 DP")."""
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
    from conan_envs.cards.records import TERMS, terms_words

    return "Alliance terms: " + terms_words(TERMS.index((keep, losses, items)))


def has(s, text):
    """Whether a legal action's name starts with `text`."""
    return any(n.startswith(text) for n in legal_names(s))


def legal_names(s):
    """The names of the legal actions."""
    return {s.action_to_string(a) for a in s.legal_actions()}
