"""The Kings of Hyboria state's fields, with their types, declared once on the class every
rules mixin derives from (setup.py, phases.py, effects.py, move.py, battle.py, plunder.py,
tokens.py, view.py, position.py), and the battle's record (rulebook "BATTLE PHASE"). The
values are set by ``KingsState.__init__`` (state.py), which keeps them in slots."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.flow import FlowState
from ..engine.serialize import serializable
from . import content as C
from .frames import Ask, RollContext

T = C.NUM_TYPES


def _zeros() -> list[list[int]]:
    return [[0] * T, [0] * T]


def _pair() -> list[int]:
    return [0, 0]


@serializable
@dataclass(slots=True)
class Battle:
    """The battle being fought in `region` between `owners` (side 0 the attacker, side 1 the
    defender): its round and stage (encode.STAGES), the rolls still to make in the stage
    (`queue`: sides in the Hero and Wizard segments, [side, unit type] attack dice in the
    Attack Segment, sides that may retreat), per side the units killed, raised for the
    battle, possessed by the other side and immobilized this round, this round's modifiers,
    the hits each side still has to take, the initiative levels still to attack (`levels`;
    `level` the one attacking), the attack dice of this level (`rolled`) and the casualties
    not yet logged (`lost`); `side` and `effect`: the side choosing and what it resolves."""

    region: int
    owners: list[int]
    round: int = 1
    stage: str = "heroes"
    queue: list[Any] = field(default_factory=list)
    killed: list[list[int]] = field(default_factory=_zeros)
    raised: list[list[int]] = field(default_factory=_zeros)
    possessed: list[list[int]] = field(default_factory=_zeros)
    immobilized: list[list[int]] = field(default_factory=_zeros)
    initiative: list[int] = field(default_factory=_pair)
    attack_bonus: list[int] = field(default_factory=_pair)
    charge: list[int] = field(default_factory=_pair)
    confusion: list[int] = field(default_factory=_pair)
    hits: list[int] = field(default_factory=_pair)
    levels: list[int] = field(default_factory=list)
    level: int = 0
    side: int = 0
    effect: str = ""
    rolled: list[list[int]] = field(default_factory=list)
    lost: list[list[int]] = field(default_factory=_zeros)

    def __deepcopy__(self, memo: dict[int, Any]) -> Battle:
        new = copy.copy(self)  # then each list copied, one level down
        for name in _LISTS:
            setattr(new, name, [row[:] if type(row) is list else row
                                for row in getattr(self, name)])
        return new


@serializable
@dataclass(slots=True)
class Task:
    """What the phasing player's choices are carrying out (-1: not chosen or not used):
    an effect of the Heroic Actions or Wizard Magic tables (`effect`, rolled in `region`,
    striking `target`; `relic`: rolled by a Wizard bearing a Relic), the Recruit and Move
    Phases (`done`: the player ended it; `eligible`: the regions that may recruit, fixed for
    the phase; `sources`: the regions with units that may still move; `backs`: take-backs
    made), a move order (`source`, `unit`, `destination`, `far`: the destinations only a
    Long Journey reaches, `count`: the units moving while their tokens are asked, `seats`:
    Ship seats left, `boarding`: the passenger asked about), the set-up (`placing`: the
    placements made) and a succession (`heir`: the player crowning a new King)."""

    effect: str = ""
    region: int = -1
    target: int = -1
    relic: bool = False
    done: bool = False
    eligible: list[int] | None = None
    sources: list[int] | None = None
    backs: int = 0
    source: int = -1
    unit: int = -1
    destination: int = -1
    far: list[int] = field(default_factory=list)
    count: int = -1
    seats: int = 0
    boarding: int = -1
    placing: int = 0
    heir: int = -1

    def end_order(self) -> None:
        """The move order is over (carried out, or taken back before anything moved): the
        Move Phase goes back to choosing a region, its `sources` and `backs` kept (in place:
        quicker than a new record, and the same)."""
        self.source = self.unit = self.destination = self.count = self.boarding = -1
        self.far = []
        self.seats = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Task:
        new = copy.copy(self)
        if self.eligible is not None:
            new.eligible = self.eligible[:]
        if self.sources is not None:
            new.sources = self.sources[:]
        new.far = self.far[:]
        return new


_LISTS = ("owners", "queue", "killed", "raised", "possessed", "immobilized", "initiative",
          "attack_bonus", "charge", "confusion", "hits", "levels", "rolled", "lost")


class KingsFields(FlowState):
    """The state's fields (indices: r a region, o an owner, players 0..n-1 then the neutral
    armies n; t a unit type, C.Unit) and the methods the mixins call on each other."""

    game: Any  # the KingsGame (its codec, masks and observation layout)
    n: int  # players
    O: int  # owners: the players, then the neutral armies
    u: list[int]  # units[(r * O + o) * T + t]
    tot: list[int]  # units per region and owner
    pool: list[int]  # units per owner and type (chit limits)
    storm: list[int]
    curse: list[int]
    raided: list[int]  # the raider of each region, or -1
    gold: list[int]
    div: list[int]  # Divination tokens
    relics: list[int]  # per player, his Wizards bearing a Relic
    relic: list[int]  # per region and player, the Wizards bearing a Relic
    alive: list[bool]
    king_dead: list[bool]
    slain_by: list[str]
    end_cause: str
    final_round: int
    last_fall: str
    order: list[int]  # turn order
    act: int  # position in order of the phasing player
    task: Task  # the effect or move order being carried out
    queue: list[list[int]]  # Hero/Wizard Phase rolls still to make: [region, roller type]
    battle: Battle | None
    result: list[float] | None  # the returns, once over
    bonus_recruit: list[int]
    rolls: list[int]
    country_roll: list[int]
    stack_bonus: list[int]
    journey: list[int]
    king_journey: bool
    moved: list[int]
    plan: list[int]
    king_plan: bool
    moved_relic: list[int]
    moved_plan: list[int]
    plunder: int
    # derived (rebuilt from the others, not saved): the encoder's board, one row per observer,
    # and what each row has caught up with (encode.py)
    board: list[Any]
    changed_units: set[int]
    changed_owners: set[int]
    unsynced_units: list[set[int]]
    unsynced_owners: list[set[int]]
    shown_players: list[Any]
    shown_phase: list[int | None]
    shown_turn: list[int | None]
    stale_tokens: list[bool]

    def fight(self) -> Battle:
        """The battle being fought (asked only while there is one)."""
        bt = self.battle
        assert bt is not None, "no battle is being fought"
        return bt

    if TYPE_CHECKING:  # defined by the mixins (declared here for them all)
        @property
        def phase(self) -> str: ...
        def me(self) -> int: ...
        def asked(self) -> bool: ...
        def at(self, r: int, o: int, t: int) -> int: ...
        def add(self, r: int, o: int, t: int, k: int = 1) -> None: ...
        def kill(self, r: int, o: int, t: int, cause: str = "") -> None: ...
        def owner_name(self, o: int) -> str: ...
        def crowned(self, p: int, k: int) -> int: ...
        def controls(self, p: int, r: int) -> bool: ...
        def controlled(self, p: int) -> list[bool]: ...
        def countries_of(self, p: int, held: list[bool] | None = None) -> int: ...
        def occupied(self, p: int) -> list[int]: ...
        def enemies_in(self, p: int, r: int) -> bool: ...
        def can_recruit(self, o: int, t: int) -> bool: ...
        def marked(self, r: int, o: int, t: int) -> int: ...
        def tokens_changed(self) -> None: ...
        def drown(self) -> None: ...
        def set_storm(self, r: int, k: int) -> None: ...
        def set_curse(self, r: int, k: int) -> None: ...
        def set_raid(self, r: int, p: int) -> None: ...
        def add_relic(self, r: int, p: int, k: int) -> None: ...
        def lose_marked_first(self, r: int, o: int, t: int) -> None: ...
        def take_marked_first(self, r: int, o: int, t: int, taker: int) -> None: ...
        def shift_marks(self, r: int, d: int, o: int, t: int, k: int,
                        moved: bool = False) -> None: ...
        def shift_all_marks(self, r: int, d: int, o: int) -> None: ...
        def moved_marked(self, r: int, t: int) -> int: ...
        def _rerollers(self) -> list[int]: ...
        def _die(self, sides: int) -> int: ...
        def _reset_turn(self) -> None: ...
        def _roll(self, what: str, sides: int, ctx: RollContext) -> None: ...
        def _ask(self, kind: type[Ask], player: int, legal: list[int]) -> None: ...
