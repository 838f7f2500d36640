"""The fields of one position of the miniatures game, typed and commented (rulebook "Gems",
"The Heroes' Turn", "The Overlord's Turn", "Setup"), and the bookkeeping every rules module
uses; the rules modules take a `MiniaturesData`. The driver (state.py, above every rules
module) fills the fields at setup and implements the hooks that call back into the rules.
Pending decisions are frames on the engine's stack (`FlowState.stack`, frames.py).
"""
from __future__ import annotations

from abc import abstractmethod

from conan_envs.engine.flow import FlowState

from .constants import OFF, HeroState
from .game import MiniaturesGame

# the rules' fields, kept in slots (State._SLOTS): an instance dict of more than 30 names loses
# CPython 3.11's specialised attribute and method lookups, and the rules call the state's methods
# on every step
FIELDS = ("phase", "winner", "idle", "h_area", "h_state", "reserve", "fatigue", "wounds", "life",
          "flying", "spaces", "spell_gems", "ally_gems", "stance", "mp", "moved", "halo",
          "stopped", "dead_heroes", "u_area", "u_life", "u_halo", "u_done", "u_attacked",
          "u_dizzy", "u_held", "u_noblock", "petrified", "o_loc", "deck", "chests", "broken",
          "searched", "yselda_hut", "ov_reserve", "ov_fatigue", "recovery", "river", "bar_life",
          "relics", "invocation")


class MiniaturesData(FlowState):
    __slots__ = FIELDS
    game: MiniaturesGame
    # ---- the turn -------------------------------------------------------------------------
    phase: str                    # "hide", "start", "stance", "action", "overlord", "overlord_done"
    winner: int                   # -1 while the game goes on, else a Winner
    idle: int                     # hand-overs since the last hero action
    # ---- heroes (one entry per hero) ------------------------------------------------------
    h_area: list[int]             # area, or -1 off the board
    h_state: list[int]            # a HeroState: on the board, dead, fled
    reserve: list[int]            # gems in the Reserve zone
    fatigue: list[int]            # gems in the Fatigue zone
    wounds: list[int]             # gems in the Wound zone
    life: list[int]               # gems the hero owns (Gift of Life moves some)
    flying: list[bool]            # Borne by the Wind, until the end of the turn
    spaces: list[list[int]]       # gems on each action space (constants.Space)
    spell_gems: list[list[int]]   # gems on each spell card (game.spells)
    ally_gems: list[int]          # gems on the allies' tile
    stance: list[int]             # a Stance
    mp: list[int]                 # free movement points left this phase
    moved: list[bool]             # has moved this phase (another action loses the rest)
    halo: list[int]               # Mitra's Halo armor
    stopped: list[bool]           # has stopped acting this phase
    dead_heroes: int              # heroes dead so far
    # ---- models (one entry per model of every tile) ---------------------------------------
    u_area: list[int]             # area, or -1 off the board
    u_life: list[int]             # life left
    u_halo: list[int]             # Set's Halo armor
    u_done: list[bool]            # an ally activated this phase
    u_attacked: list[list[int]]   # Fascination: the characters it attacked (combat.fascination_key)
    u_dizzy: list[int]            # Magical Dizziness: gems more per spell
    u_held: list[bool]            # Set's Possession: cannot move this activation
    u_noblock: list[bool]         # Set's Possession: Blocking lost this round
    petrified: list[int]          # tiles of petrified monsters (statues)
    # ---- objects and the board ------------------------------------------------------------
    o_loc: list[int]              # an area, -1 - hero carrying it, OFF or ESCAPED
    deck: list[int]               # the asset deck, top last (hidden order)
    chests: list[int]             # areas holding a chest (one entry per chest)
    broken: set[tuple[int, int]]  # opened borders (broken walls, removed doors), (low, high)
    searched: list[bool]          # areas a hero has entered
    yselda_hut: int               # the hut hiding Yselda (the Overlord's secret), or -1
    # ---- the Overlord ---------------------------------------------------------------------
    ov_reserve: int               # gems in the Reserve
    ov_fatigue: int               # gems in Fatigue
    recovery: int                 # gems recovered each turn
    river: list[int]              # tile on each River slot, or -1 (empty)
    # ---- The Final Ritual -----------------------------------------------------------------
    bar_life: list[int]           # each barricade's life
    relics: list[int]             # areas holding a relic
    invocation: int               # the invocation marker

    # ---- hooks the driver implements (they call back into the rules) ----------------------
    @abstractmethod
    def kill_hero(self, h: int) -> None:
        """Hero h dies."""

    @abstractmethod
    def damage_model(self, m: int, dmg: int) -> bool:
        """Model m takes dmg; True if it died."""

    @abstractmethod
    def move_hero(self, h: int, b: int) -> None:
        """Hero h enters area b."""

    # ---- shared bookkeeping ----------------------------------------------------------------
    def ally_leader(self) -> int:
        g = self.game
        if g.ally_tile < 0:
            return -1
        for h in range(g.num_heroes):
            if self.h_state[h] == 0 and "leadership" in g.heroes[h].skills:
                return h
        return -1

    def heroes_in_play(self) -> list[int]:
        on_board = HeroState.ON_BOARD
        return [h for h, state in enumerate(self.h_state) if state == on_board]

    def wound_hero(self, h: int, n: int) -> bool:
        """Damage moves gems to the Wound zone: from the Reserve first, then Fatigue, then the
        gems already spent this turn (ruling). The hero dies with every gem in Wounds."""
        for _ in range(n):
            if self.reserve[h]:
                self.reserve[h] -= 1
            elif self.fatigue[h]:
                self.fatigue[h] -= 1
            else:
                sp = next((i for i in range(6) if self.spaces[h][i]), -1)
                if sp >= 0:
                    self.spaces[h][sp] -= 1
                else:
                    k = next((i for i, v in enumerate(self.spell_gems[h]) if v), -1)
                    if k >= 0:
                        self.spell_gems[h][k] -= 1
                    elif self.ally_gems[h]:
                        self.ally_gems[h] -= 1
                    else:
                        break
            self.wounds[h] += 1
        if self.wounds[h] >= self.life[h]:
            self.kill_hero(h)
            return True
        return False

    def kill_captive(self, by_heroes: bool) -> None:
        self.log_event(f"{self.game.objects[self.game.captive].name} is killed")
        self.o_loc[self.game.captive] = OFF
        self.winner = 1 if by_heroes else 0


assert set(FIELDS) == set(MiniaturesData.__annotations__) - {"game"}, "FIELDS and the fields differ"
