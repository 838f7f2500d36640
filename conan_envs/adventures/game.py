"""The Adventures of Conan: static facts and configuration (rulebook: Setup, Player count,
Adventures difficulty icons, Optional Game Modes)."""
from __future__ import annotations

from ..engine import ConfigError, Game
from ..engine.options import Bool, Choice, Int, Names, max_turns
from .actions import NUM_ACTIONS
from .content import ALLY, CONAN, FOE, content
from .encode import obs_size
from .state import AdventuresState

C = content()
ICONS = ("circle", "square", "triangle", "moon", "star")


def adventures_in_play(icons) -> int:
    """How many Adventure cards a game with these difficulty icons uses (Setup, Adventures:
    "Each Adventure card is marked with an icon"): the most Adventures that can be completed,
    so the bound of the `longer_game` option."""
    icons = set(icons)
    return sum(1 for a in C.adventures if a["icon"] in icons)


def _full_plots() -> list[str]:
    return [s for s in C.plot_sets if sum(p["plot"] == s for p in C.plots) == 5]


def _longer_game_fits(cfg) -> str | None:
    """``longer_game`` counts completed Adventures: no more than the Adventure cards in play
    with the chosen icons (rulebook: Optional Game Modes, Adventures difficulty icons)."""
    in_play = sum(a["icon"] in cfg["adventure_icons"] for a in C.adventures)
    if cfg["longer_game"] <= in_play:
        return None
    return (f"0 or at most {in_play}, the Adventure cards in play with adventure_icons "
            f"{', '.join(cfg['adventure_icons'])}")


class AdventuresGame(Game):
    env_id = "adventures_v2"
    OPTIONS = {
        "num_players": Int(2, "2-4: Conan, Foe, Ally, second Foe", lo=2, hi=4),
        "team": Bool(False, "the 2 v 2 team game (4 players)"),
        "max_turns": max_turns(40, "rounds"),
        "plot": Choice("Test of Skill", "a Plot's name, or 'mixed' (one random card per chapter)",
                       choices=lambda: ("mixed", *_full_plots())),
        "adventure_icons": Names(("circle", "square"), "Adventure icons in play", choices=ICONS,
                                 min_len=1),
        "longer_game": Int(0, ">0: the last round is triggered by this many completed Adventures",
                           lo=0, hi=30, check_with=_longer_game_fits),
        "start_gold": Int(2, "Gold each player starts with", lo=0, hi=20),
        "ohala": Bool(False, "Ohala among the Foe and Ally characters dealt"),
    }

    def _setup(self):
        self.state_class = AdventuresState
        cfg = self.config
        n = cfg["num_players"]
        if cfg["team"] and n != 4:
            raise ConfigError("adventures_v2: the team game needs num_players=4")
        self.n = n
        self.roles = ("conan", "foe", "ally", "foe2")[:n]
        self.role_kinds = (CONAN, FOE, ALLY, FOE)[:n]
        if cfg["team"]:  # Conan and the Ally against the two Foes ("Team Game")
            self.sides = ((0, 2), (1, 3))
        self.icons = frozenset(cfg["adventure_icons"])
        plot = cfg["plot"]
        if plot == "mixed":
            self.plot_mixed = True
        elif plot in C.plot_sets and sum(p["plot"] == plot for p in C.plots) == 5:
            self.plot_mixed = False
        else:
            full = [s for s in C.plot_sets if sum(p["plot"] == s for p in C.plots) == 5]
            raise ConfigError(f"adventures_v2: plot must be 'mixed' or one of {full}")
        if self.plot_mixed:
            self.plot_cards = None
        else:
            self.plot_cards = tuple(sorted((i for i, p in enumerate(C.plots) if p["plot"] == plot),
                                           key=lambda i: C.plots[i]["chapter"]))
        self.num_actions = NUM_ACTIONS

    def plot_track(self, cards):
        """Each chapter has two spaces, or one where its card places a Skip token."""
        spaces = []
        for i in cards:
            ch = C.plots[i]["chapter"]
            spaces += [ch] if C.plots[i]["skip"] else [ch, ch]
        return spaces

    def observation_shape(self, role):
        return (obs_size(self),)
