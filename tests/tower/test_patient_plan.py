"""The patient Conan (``scripted:plan=patient``, PatientPlan in baselines/scripted/tower_plans.py,
PatientConan in baselines/scripted/tower.py): how it is asked for and where it is refused, that
its moves are legal over whole games, and what its docstring claims, each in a position set up
by the game's position builder and played on by public moves."""
import pytest

import conan_envs
from baselines import load_agent
from baselines.scripted.tower import PatientConan, ScriptedAgent
from conan_envs import ConfigError
from conan_envs.tower.grid import dist
from conan_envs.tower.positions import begin

from .helpers import combat, sq

LEAP2 = [1, 2]          # two LEAP dice: 5 move points (The Slots in Detail: LEAP)


def patient(seed=0):
    return load_agent("scripted:plan=patient", "tower_v2", "conan", seed=seed, mode="battle")


def rows(leap=(), block=(), riposte=(), slash=(), swing=()):
    return [list(leap), list(block), list(riposte), list(slash), list(swing)]


def activation(agent, s):
    """Play Conan's activation (and the targets of his attacks) with `agent`; the actions."""
    done = []
    while s.current_player() == 0 and s.decision() in ("conan_turn", "target"):
        a = agent.act(s.observation(0), s.legal_action_mask(), s)
        done.append(s.action_to_string(a))
        s.apply_action(a)
    return done


def thug_square(s):
    return s.enemies[0].square


def test_the_plan_is_asked_for_by_name_and_only_for_conan_in_battle_mode():
    assert isinstance(patient(), PatientConan)
    assert isinstance(load_agent("scripted:plan=patient", "tower_v2", 0, mode="battle"),
                      PatientConan)
    assert type(load_agent("scripted", "tower_v2", "conan", mode="battle")) is ScriptedAgent
    with pytest.raises(ConfigError, match="plan=patient is Conan's plan"):
        load_agent("scripted:plan=patient", "tower_v2", "yara", mode="battle")
    with pytest.raises(ConfigError, match="plan=patient is Conan's plan"):
        load_agent("scripted:plan=patient", "tower_v2", 1, mode="battle")
    with pytest.raises(ConfigError, match=r"Conan's plan in Battle Mode \(mode=battle\)"):
        load_agent("scripted:plan=patient", "tower_v2", "conan")
    with pytest.raises(ConfigError, match=r"Conan's plan in Battle Mode \(mode=battle\)"):
        load_agent("scripted:plan=patient", "tower_v2", "conan", mode="solo")
    with pytest.raises(ConfigError, match="tower_v2 has no plan 'patience'; plans: default, patient"):
        load_agent("scripted:plan=patience", "tower_v2", "conan", mode="battle")


@pytest.mark.parametrize("yara", ["scripted", "hard"])
def test_every_move_the_plan_chooses_is_legal_over_seeded_games(yara):
    """The plan's own choice (before the scripted agent's fallback to `done` or a random legal
    move) is legal at every decision, and the games end."""
    game = conan_envs.make_game("tower_v2", mode="battle")
    for seed in range(4):
        conan = patient(seed)
        foe = load_agent(yara, "tower_v2", "yara", seed=seed, mode="battle")
        s = game.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            mask = s.legal_action_mask()
            if s.current_player() == 0:
                conan.s, conan.O, conan.mask = s, game.codec.offsets, mask
                own = getattr(conan, "_" + s.decision(), lambda: None)()
                assert own is None or mask[own], (seed, s.decision(), own)
                a = conan.act(s.observation(0), mask, s)
            else:
                a = foe.act(s.observation(1), mask, s)
            assert mask[a]
            s.apply_action(a)
        assert s.is_terminal(), seed


def test_holding_the_token_it_takes_the_game_effect_so_the_minions_go_first():
    """Resolve Initiative: "That player chooses from the 2 options on the card, GO FIRST or
    GAME EFFECT. The player without the token will gain the other option." """
    s = combat("battle", 0, [("Thug 1", 3, 4, [1, 0, 1])], conan=(1, 4))
    begin(s, "initiative", rounds=0, card="Second Wind")
    assert s.decision() == "initiative"
    a = patient().act(s.observation(0), s.legal_action_mask(), s)
    assert s.action_to_string(a).startswith("GAME EFFECT")
    s.apply_action(a)
    assert s.view(0)["round"]["goes_first"] == "yara"


def yara_side(s, yara="hard"):
    """Play Yara's side with `yara` until Conan is to decide again."""
    foe = load_agent(yara, "tower_v2", "yara", seed=0, mode="battle")
    while not s.is_terminal() and s.current_player() == 1:
        s.apply_action(foe.act(s.observation(1), s.legal_action_mask(), s))


@pytest.mark.parametrize("yara", ["scripted", "hard"])
def test_it_does_not_walk_into_a_minion_with_its_dice_but_waits_where_it_cannot_be_hit(yara):
    """Movement: "Yara's minions ... may burn dice from any slot for extra points, getting 1
    point per die"; Terrain and Combat: height advantage "gains an extra block". A Thug (move
    2) with a BLOCK and a hit die two squares away, Conan first with one SLASH die (no sure
    wound) and two LEAP dice: the scripted Conan steps next to it and strikes; the patient
    Conan does not strike, and waits where the Thug's turn (played by Yara) brings him no hit:
    his FATIGUE is whole after it (he has no BLOCK die)."""
    thug = [("Thug 1", 3, 4, [1, 0, 1])]
    s = combat("battle", 0, thug, conan=(1, 4), rows=rows(leap=LEAP2, slash=[5]))
    scripted = load_agent("scripted", "tower_v2", "conan", seed=0, mode="battle")
    ref = combat("battle", 0, thug, conan=(1, 4), rows=rows(leap=LEAP2, slash=[5]))
    assert any(a.startswith("SLASH") for a in activation(scripted, ref))
    done = activation(patient(), s)
    assert not any(a.startswith(("SLASH", "BIG SWING")) for a in done), done
    assert dist(s.pos, thug_square(s)) > 1, done
    yara_side(s, yara)
    assert s.view(0)["conan"]["fatigue"] == 4 and s.view(0)["conan"]["wounds"] == 0


def test_it_strikes_a_minion_whose_blocks_its_wounds_beat():
    """Taking Them Down: "For each wound Conan delivers, the target can block." A Thug next to
    him that burned its dice walking (none left) falls to his SLASH of two 5s (1 wound)."""
    s = combat("battle", 0, [("Thug 1", 2, 4, [0, 0, 0])], conan=(1, 4),
               rows=rows(slash=[5, 5]))
    done = activation(patient(), s)
    assert done[0].startswith("SLASH"), done
    assert not s.enemies[0].alive


def test_it_holds_back_from_a_minion_that_would_block_and_strike_back():
    """RIPOSTE: "These work as Blocks, but have the added benefit of striking back". A Thug
    next to him with a hit/RIPOSTE die needs 2 wounds; his SLASH gives 1: no strike, and he
    steps away instead."""
    s = combat("battle", 0, [("Thug 1", 2, 4, [0, 1, 0])], conan=(1, 4),
               rows=rows(leap=LEAP2, slash=[5, 5]))
    done = activation(patient(), s)
    assert not any(a.startswith(("SLASH", "BIG SWING")) for a in done), done
    assert s.enemies[0].alive and s.enemies[0].dice == [0, 1, 0]
    assert dist(s.pos, thug_square(s)) > 1


def test_it_pounces_on_a_minion_that_walked_its_dice_away():
    """A Thug three squares away with no dice left: Conan walks next to it and slays it
    (move then attack, Conflict Begins)."""
    s = combat("battle", 0, [("Thug 1", 4, 4, [0, 0, 0])], conan=(1, 4),
               rows=rows(slash=[5, 5]), move=3)
    done = activation(patient(), s)
    assert any(a.startswith("step") for a in done) and any(a.startswith("SLASH") for a in done)
    assert not s.enemies[0].alive


def test_among_safe_squares_it_climbs_to_height_advantage():
    """Terrain and Combat: height advantage gains an extra block. With no minion able to reach
    him, Conan steps onto the Maul's height-advantage squares (f2, g2) next to him."""
    s = combat("battle", 0, [("Thug 3", 0, 0, [0, 0, 0])], conan=(5, 2), rows=rows())
    assert not s.grid().height[s.pos]
    activation(patient(), s)
    assert s.grid().height[s.pos], s.pos
    assert s.pos in (sq(5, 1), sq(6, 1))
