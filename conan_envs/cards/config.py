"""The configuration of Conan: el juego de cartas and its flat action space (rulebook,
"Overview", "Setup", "Optional Rules"): everything of the Game but the state class, so that the
rules modules can name its typed attributes (game.py adds the state class on top)."""
from __future__ import annotations

from conan_envs.engine import ActionCodec, ConfigError, Game
from conan_envs.engine.options import Bool, Int, Option, max_turns

from . import content as C
from .layout import Layout, obs_size
from .records import MAX_PLAYERS, MAX_RANDOM, TERMS, terms_words

ATTRIBUTE_LABELS = tuple(f"{src} {a}" for src in ("hero", "ally", "partner") for a in C.ATTRS)


class CardsConfig(Game):
    """2-4 players, `player_0`...; win on beginning one's Hero Turn with `target_dp` DP."""

    env_id = "cards_v2"
    n: int  # number of players
    target: int  # DP that wins
    starting: int  # DP each Hero starts with
    vod: bool  # Victory or Death Mode
    forget: bool  # Forgetting Old Dangers
    max_bet: int  # the largest wager or DP amount an action names
    o: dict[str, int]  # the action segments' offsets
    layout: Layout  # the observation's offsets and template
    OPTIONS: dict[str, Option] = {
        "num_players": Int(2, "number of Heroes", lo=2, hi=MAX_PLAYERS),
        "starting_dp": Int(15, "DP each Hero starts with (\"Shorter or Longer Games\")", lo=1, hi=99),
        "target_dp": Int(30, "DP that wins (\"Shorter or Longer Games\")", lo=2, hi=100),
        "victory_or_death": Bool(False, "\"Victory or Death Mode\": last Hero standing wins"),
        "forgetting_old_dangers": Bool(False, "failed Challenges are turned face down"),
        "max_turns": max_turns(60, "game rounds (Card, Hero, Diplomacy, Draw Turns)"),
    }

    def _setup(self) -> None:
        cfg = self.config
        n = cfg["num_players"]
        if n not in (2, 3, 4):
            raise ConfigError("cards_v2: num_players must be 2, 3 or 4")
        if not 1 <= cfg["starting_dp"] < cfg["target_dp"]:
            raise ConfigError("cards_v2: need 1 <= starting_dp < target_dp")
        self.n = n
        self.target = int(cfg["target_dp"])
        self.starting = int(cfg["starting_dp"])
        self.vod = bool(cfg["victory_or_death"])
        self.forget = bool(cfg["forgetting_old_dangers"])
        # a wager can never exceed the opponent's DP, nor a Deal's DP what the giver holds;
        # the action space stops at 2 x target (target_dp <= 100 keeps it bounded)
        self.max_bet = 2 * self.target
        players = tuple(f"player_{i}" for i in range(n))
        names = C.NAME
        self.codec = ActionCodec([
            ("pass", 1),
            ("play", tuple(names)),
            ("place", tuple(f"{names[C.CH0 + c]} on {names[C.AD0 + a]}"
                            for c in range(C.NUM_CHALLENGES) for a in range(C.NUM_ADVENTURES))),
            ("passage", tuple(f"Secret Passage: move to {x}" for x in names[C.AD0:C.RS0])),
            ("vision", tuple(f"Seer's Vision: look at {names[C.AD0 + a]} challenge {k + 1}"
                             for a in range(C.NUM_ADVENTURES) for k in range(C.MAX_DIFFICULTY))),
            ("adventure", tuple(names[C.AD0:C.RS0])),
            ("face", 1),
            ("scout_face", tuple(names[C.CH0:C.AD0])),
            ("fight", 1),
            ("recruit", 1),
            ("duel", players),
            ("complete", 1),
            ("steal_card", players),
            ("steal_item", tuple(names[C.MG0:])),
            ("bribe", 1),
            ("bet", tuple(range(1, self.max_bet + 1))),
            ("match", 1),
            ("withdraw", 1),
            ("attribute", ATTRIBUTE_LABELS),
            ("duel_attribute", C.ATTRS),
            ("play_on", tuple(f"{names[c]} on {who}" for c in range(C.NUM_CARDS)
                              for who in ("challenger", "challenged"))),
            ("ability", 1),
            ("swap", players),
            ("accept", 1),
            ("deal", players),
            ("alliance", players),
            ("give_dp", tuple(range(1, self.max_bet + 1))),
            ("ask_dp", tuple(range(1, self.max_bet + 1))),
            ("give_cards", tuple(range(1, MAX_RANDOM + 1))),
            ("ask_cards", tuple(range(1, MAX_RANDOM + 1))),
            ("give_card", C.FACE_NAMES[C.HAND_FACE0:C.HAND_FACE0 + C.HAND_FACES]),
            ("ask_card", C.FACE_NAMES[C.HAND_FACE0:C.HAND_FACE0 + C.HAND_FACES]),
            ("give_item", tuple(names[C.MG0:])),
            ("ask_item", tuple(names[C.MG0:])),
            ("propose", 1),
            ("counter", 1),
            ("terms", tuple(terms_words(t) for t in range(len(TERMS)))),
        ])
        self.roles = players
        self.num_actions = self.codec.size
        self.o = self.codec.offsets  # segment offsets, for the hot path
        self.layout = Layout(n)  # the observation's offsets and template, built once

    def observation_shape(self, role: int) -> tuple[int, ...]:
        return (obs_size(self.n),)
