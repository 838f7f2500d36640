"""The decisions asked while what was triggered is resolved (frames on the engine's stack, see
frames.py; rulebook: Fights, Duels, Challenge Tokens, Kingdom Effect List, 3. Triggered Phase -
Encounters and Adventures, 4. End of Round Phase, God Token Abilities), and the list of every
decision kind of the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine.core import Mask
from ..engine.serialize import serializable
from .actions import OFF
from .content import ALLY
from .dicepool import ACTIVE, dice_in
from .frames import MAIN_DECISION_TYPES, CtDest, FateDest
from .stack import DIE, DONE, FATE, KINGDOM, SLOT, SYMBOL, YES, Ask, Bout, C, ask, clear, mark, push, yes_done


@serializable
@dataclass(frozen=True, slots=True)
class FightTemple(Ask):
    """Fight the Temple of Set in `kingdom`, or not."""
    key: ClassVar[str] = "fight_temple"
    kind: ClassVar[str] = "fight_temple_of_set"
    kingdom: int

    def choices(self, s: Any, m: Mask) -> None:
        yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg == "yes":
            push(s, s.rules.steps_resolve.Fight(self.actor, 2, 0, self.kingdom, -1))

    def sentence(self, s: Any) -> str:
        return (f"fight the Temple of Set in {C.kingdoms[self.kingdom]} (2 hits), or do not "
                f"fight.")


@serializable
@dataclass(frozen=True, slots=True)
class RevealChoice(Ask):
    """A Foe entering `kingdom` may reveal its Challenge token."""
    key: ClassVar[str] = "reveal_choice"
    kind: ClassVar[str] = "reveal_challenge_token"
    kingdom: int

    def choices(self, s: Any, m: Mask) -> None:
        yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg == "yes":
            push(s, s.rules.steps.Reveal(self.kingdom, self.actor, self.actor))

    def sentence(self, s: Any) -> str:
        return (f"reveal the Challenge token in {C.kingdoms[self.kingdom]}, or leave it face "
                f"down.")


@serializable
@dataclass(frozen=True, slots=True)
class Ambush(Ask):
    """Ambush: duel Conan, or place a die on a free Encounter-track space."""
    key: ClassVar[str] = "ambush"
    kind: ClassVar[str] = "ambush"

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.tokens.mask_ambush(s, self.actor, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.tokens.apply_ambush(s, self.actor, seg, i)

    def sentence(self, s: Any) -> str:
        return ("Ambush - duel Conan, or place a die on a free Encounter-track space.")


@serializable
@dataclass(frozen=True, slots=True)
class AmbushDie(Ask):
    """Ambush: the active die to place on Encounter-track space `slot`."""
    key: ClassVar[str] = "ambush_die"
    kind: ClassVar[str] = "ambush_die"
    slot: int

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, DIE, dice_in(s, self.actor, ACTIVE))

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.main_phase.unlock(s, self.actor, i, self.slot)

    def sentence(self, s: Any) -> str:
        return f"choose the die to place on Encounter-track space {self.slot + 1}."


@serializable
@dataclass(frozen=True, slots=True)
class Pool(Ask):
    """Form the Warrior Pool for a Fight (`ctx` "fight": `need` hits for `vp` points, a
    Temple of Set in `temple` or -1, the Fight token `token` or -1) or a Duel ("duel")."""
    key: ClassVar[str] = "pool"
    kind: ClassVar[str] = "warrior_pool"
    ctx: str
    need: int = 0
    vp: int = 0
    temple: int = -1
    token: int = -1

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.combat.mask_pool(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.combat.apply_pool(s, self, seg, i)

    def sentence(self, s: Any) -> str:
        p = self.actor
        roles = s.game.roles
        if self.ctx == "duel":
            o = s.duel["defender"] if s.duel and s.duel["attacker"] == p else (
                s.duel["attacker"] if s.duel else p)
            return (f"add dice to your Warrior Pool for the Duel against {roles[o]}, then "
                    f"form the Warrior Pool.")
        f = s.fight
        what = "the Temple of Set" if f and f["temple"] >= 0 else f"a Fight of {self.need} hits"
        return (f"add dice to your Warrior Pool against {what}, then form the Warrior Pool, "
                f"or ignore the Fight (it counts as lost).")


@serializable
@dataclass(frozen=True, slots=True)
class DuelGo(Ask):
    """The Duel's leader keeps rolling, or stops."""
    key: ClassVar[str] = "duel_go"
    kind: ClassVar[str] = "duel_keep_rolling"
    duel: Bout

    def choices(self, s: Any, m: Mask) -> None:
        yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.combat.duel_go(s, self.actor, self.duel, seg)

    def sentence(self, s: Any) -> str:
        p = self.actor
        roles = s.game.roles
        a, b, ha, hb = self.duel.a, self.duel.b, self.duel.ha, self.duel.hb
        o = b if p == a else a
        mine, theirs = (ha, hb) if p == a else (hb, ha)
        return (f"you lead {roles[o]} {mine} hits to {theirs}; keep rolling, or stop rolling "
                f"(your Warrior Pool returns to your Active dice).")


@serializable
@dataclass(frozen=True, slots=True)
class Adjust(Ask):
    """After a roll: change the results of `dice` (Fate and God tokens, the ability), or keep
    them (`why`: fight, duel, adventure, encounter, unchosen)."""
    key: ClassVar[str] = "adjust"
    kind: ClassVar[str] = "change_results"
    own_turn: ClassVar[bool] = True
    dice: tuple[int, ...]
    why: str

    def choices(self, s: Any, m: Mask) -> None:
        m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.just_rolled = None

    def sentence(self, s: Any) -> str:
        return ("change your results (Fate or God tokens, your ability), or keep these "
                "results.")


@serializable
@dataclass(frozen=True, slots=True)
class EncAside(Ask):
    """Encounter: the die (of `opts`) set aside for a Foe die on the track."""
    key: ClassVar[str] = "enc_aside"
    kind: ClassVar[str] = "encounter_set_aside"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.encounters.set_aside(s, self.actor, i)

    def sentence(self, s: Any) -> str:
        return "set aside a die for this Encounter (one per Foe die on the track)."


@serializable
@dataclass(frozen=True, slots=True)
class AdvChoose(Ask):
    """Conan applies `roller`'s results to the Adventure."""
    key: ClassVar[str] = "adv_choose"
    kind: ClassVar[str] = "choose_adventure_dice"
    roller: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.adventure.mask_choose(s, self.roller, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.adventure.apply_choose(s, self.roller, seg, i)

    def sentence(self, s: Any) -> str:
        roles = s.game.roles
        return (f"Choose {roles[self.roller]}'s results to apply to the Adventure, or "
                f"apply no more of these dice.")


@serializable
@dataclass(frozen=True, slots=True)
class AdvWild(Ask):
    """The symbol of `opts` the Wild on `roller`'s die `die` is used for."""
    key: ClassVar[str] = "adv_wild"
    kind: ClassVar[str] = "wild_symbol"
    options: ClassVar[str] = "symbol"
    roller: int
    die: int
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, SYMBOL, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.face[self.roller][self.die] = i
        s.rules.adventure.chosen(s, self.roller, self.die)

    def sentence(self, s: Any) -> str:
        roles = s.game.roles
        return f"Name the symbol the Wild on {roles[self.roller]}'s die {self.die} is used for."


@serializable
@dataclass(frozen=True, slots=True)
class Zath(Ask):
    """Zath may double the `points` `scorer` scores on an Adventure."""
    key: ClassVar[str] = "zath"
    kind: ClassVar[str] = "zath"
    points: int
    scorer: int

    def choices(self, s: Any, m: Mask) -> None:
        m[OFF["zath"]] = m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.adventure.zath(s, self.actor, self.scorer, self.points, seg == "zath")

    def sentence(self, s: Any) -> str:
        roles = s.game.roles
        return (f"use Zath to double the {self.points} points scored for "
                f"{roles[self.scorer]}'s dice, or score without Zath.")


@serializable
@dataclass(frozen=True, slots=True)
class AdvGift(Ask):
    """Team game: Conan may give Adventure card `card` to the Ally."""
    key: ClassVar[str] = "adv_gift"
    kind: ClassVar[str] = "give_adventure_card"
    card: int

    def choices(self, s: Any, m: Mask) -> None:
        yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        ally = next(q for q in range(s.n) if s.rk[q] == ALLY)
        s.adv_held[ally if seg == "yes" else 0].append(self.card)

    def sentence(self, s: Any) -> str:
        return (f"Give the Ally the Adventure card {C.adventures[self.card]['name']}, "
                f"or keep the card.")


@serializable
@dataclass(frozen=True, slots=True)
class AdvReward(Ask):
    """End of Round: the one Adventure card of `cards` whose reward is gained."""
    key: ClassVar[str] = "adv_reward"
    kind: ClassVar[str] = "adventure_reward"
    cards: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        for j in range(len(self.cards)):
            m[SLOT + j] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.end_round.adventure_reward(s, self.actor, self.cards[i])

    def sentence(self, s: Any) -> str:
        return "choose the one Adventure card whose reward you gain this round."


@serializable
@dataclass(frozen=True, slots=True)
class Achieve(Ask):
    """End of Round: turn in Fate tokens on an Achievement track, or no more."""
    key: ClassVar[str] = "achieve"
    kind: ClassVar[str] = "achievements"

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, OFF["ach"], s.rules.end_round.achieve_options(s, self.actor))
        m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg != "done":
            s.rules.end_round.achieve(s, self.actor, i)

    def sentence(self, s: Any) -> str:
        return ("turn in Fate tokens to advance on an Achievement track, or turn in no more "
                "Fate tokens.")


@serializable
@dataclass(frozen=True, slots=True)
class Wound(Ask):
    """The die (of `opts`) set aside for a wound."""
    key: ClassVar[str] = "wound"
    kind: ClassVar[str] = "wound"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.gains.wound_die(s, self.actor, i)
        clear(s)

    def sentence(self, s: Any) -> str:
        return "choose the die to set aside for the wound."


@serializable
@dataclass(frozen=True, slots=True)
class SetDie(Ask):
    """Set a die: the die (of `opts`) whose result is kept for the next phase."""
    key: ClassVar[str] = "set_die"
    kind: ClassVar[str] = "set_a_die"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.held[self.actor] = i
        clear(s)

    def sentence(self, s: Any) -> str:
        return "choose the die whose result is kept for the next phase."


@serializable
@dataclass(frozen=True, slots=True)
class KingdomToken(Ask):
    """A Kingdom Challenge token in `kingdom`: its effect (slot 0) or its die (slot 1);
    `token` >= 0: just revealed, it may be kept face up instead ("done")."""
    key: ClassVar[str] = "kingdom_token"
    kind: ClassVar[str] = "kingdom_token"
    kingdom: int
    token: int = -1

    def choices(self, s: Any, m: Mask) -> None:
        m[SLOT] = s.rules.kingdoms.effect_possible(s, self.actor, self.kingdom)
        m[SLOT + 1] = True
        if self.token >= 0:
            m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg != "done":
            s.rules.kingdoms.use_token(s, self.actor, self.kingdom, self.token, i)

    def sentence(self, s: Any) -> str:
        tail = ", or keep the token face up" if self.token >= 0 else ""
        return (f"use the Kingdom token in {C.kingdoms[self.kingdom]}: the kingdom's "
                f"effect or its Kingdom die{tail}.")


@serializable
@dataclass(frozen=True, slots=True)
class CorinthiaSrc(Ask):
    """Corinthia: the kingdom (of `opts`) to move a token from."""
    key: ClassVar[str] = "corinthia_src"
    kind: ClassVar[str] = "corinthia_source"
    options: ClassVar[str] = "kingdom"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        ask(s, s.rules.kingdoms.corinthia_what(s, self.actor, i))

    def sentence(self, s: Any) -> str:
        return "Corinthia - choose the kingdom to move a token from."


@serializable
@dataclass(frozen=True, slots=True)
class CorinthiaWhat(Ask):
    """Corinthia: move the Challenge token of `src` (`ct`: it can move) or a Fate token of
    one of `kinds`."""
    key: ClassVar[str] = "corinthia_what"
    kind: ClassVar[str] = "corinthia_token"
    src: int
    ct: bool
    kinds: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        if self.ct:
            m[YES] = True
        mark(m, FATE, self.kinds)
        if not self.ct and not self.kinds:
            m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        src = self.src
        if seg == "yes":
            ask(s, CtDest(self.actor, src, s.rules.tokens.ct_destinations(s, src)))
        elif seg == "fate":
            ask(s, FateDest(self.actor, src, i, tuple(C.adj[src])))
        else:
            clear(s)

    def sentence(self, s: Any) -> str:
        return (f"Corinthia - move the Challenge token or a Fate token from "
                f"{C.kingdoms[self.src]}.")


@serializable
@dataclass(frozen=True, slots=True)
class FocusDie(Ask):
    """Hyperborea: the active die to turn to another result."""
    key: ClassVar[str] = "focus_die"
    kind: ClassVar[str] = "focus_die"

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, DIE, dice_in(s, self.actor, ACTIVE))

    def choose(self, s: Any, seg: str, i: int) -> None:
        ask(s, FocusFace(self.actor, i))

    def sentence(self, s: Any) -> str:
        return "choose the active die to turn to another result."


@serializable
@dataclass(frozen=True, slots=True)
class FocusFace(Ask):
    """Hyperborea: the result die `die` turns to (a face of that die other than Wild)."""
    key: ClassVar[str] = "focus_face"
    kind: ClassVar[str] = "focus_result"
    die: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.kingdoms.mask_focus_face(s, self.actor, self.die, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.kingdoms.focus(s, self.actor, self.die, i)

    def sentence(self, s: Any) -> str:
        return f"choose the result for die {self.die}."


@serializable
@dataclass(frozen=True, slots=True)
class AbilityDie(Ask):
    """A dice ability (`what`: reroll or warrior) on a die of `opts`; then back to `back`,
    the decision it was used in."""
    key: ClassVar[str] = "ability_die"
    kind: ClassVar[str] = "ability_die"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]
    back: Ask
    what: str

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.abilities.ability_die(s, self.actor, self.what, i)
        ask(s, self.back)

    def sentence(self, s: Any) -> str:
        what = "reroll" if self.what == "reroll" else "turn to a Warrior"
        return f"choose the die to {what}."


DECISION_TYPES: tuple[type[Ask], ...] = MAIN_DECISION_TYPES + (
    FightTemple, RevealChoice, Ambush, AmbushDie, Pool, DuelGo, Adjust, EncAside, AdvChoose,
    AdvWild, Zath, AdvGift, AdvReward, Achieve, Wound, SetDie, KingdomToken, CorinthiaSrc,
    CorinthiaWhat, FocusDie, FocusFace, AbilityDie)

# The decision kinds' one-hot order in the observation: their short names, sorted.
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(sorted(t.key for t in DECISION_TYPES))}
BY_KEY: dict[str, type[Ask]] = {t.key: t for t in DECISION_TYPES}
