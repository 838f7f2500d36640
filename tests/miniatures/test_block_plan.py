"""The heroes who block Skuthus's tower (``scripted:plan=block``, BlockHeroes in
baselines/scripted/miniatures/plans.py), In the Heart of Darkness: asked for by its string
and only in the heroes' seats of that scenario, legal in every decision it answers, and doing
what its docstring says in positions set up through the position builder."""
import pytest

import conan_envs
from baselines import load_agent
from baselines.scripted.miniatures import BlockHeroes, ScriptedAgent
from conan_envs import ConfigError
from conan_envs.miniatures import position

from .helpers import action_phase, area, hero, legal, model

ENV = "miniatures_v2"
HOD = {"scenario": "heart_of_darkness"}


def block(role):
    return load_agent("scripted:plan=block", ENV, role, seed=0, **HOD)


def _choice(s, plan="scripted:plan=block"):
    """The agent's action at s, decoded."""
    agent = load_agent(plan, ENV, s.current_player(), seed=0, **HOD)
    return s.game.codec.decode(agent.act(s.observation(s.current_player()), s.legal_action_mask(), s))


def test_the_plan_is_asked_for_by_name_and_only_where_it_applies():
    for role in ("conan", "shevatas", "belit", 0):
        assert isinstance(block(role), BlockHeroes)
    assert type(load_agent("scripted", ENV, "conan", **HOD)) is ScriptedAgent
    with pytest.raises(ConfigError, match="heroes' seats, not the Overlord's"):
        block("overlord")
    with pytest.raises(ConfigError, match="plan for scenario=heart_of_darkness"):
        load_agent("scripted:plan=block", ENV, 0, scenario="tigress")
    with pytest.raises(ConfigError, match="plan for scenario=heart_of_darkness"):
        load_agent("scripted:plan=block", ENV, 0)    # the default scenario: the Clutches
    with pytest.raises(ConfigError, match="miniatures_v2 has no plan 'blocks'; plans: default, block"):
        load_agent("scripted:plan=blocks", ENV, 0, **HOD)


def _tower_with_room(shevatas_area="courtyard_east"):
    """The Action phase of round 1: Skuthus and one Bossonian Archer in the tower (one slot
    free), the Dark Demon in the east courtyard, Shevatas there with gems and movement."""
    g = conan_envs.make_game(ENV, **HOD)
    s = action_phase(g.new_initial_state(5))
    sh = hero(s, "shevatas")
    position.hand_turn(s, sh)
    position.set_hero(s, sh, area=shevatas_area, reserve=5)
    position.set_model(s, model(s, "bossonian_archers", 0), area="tower")
    position.set_model(s, model(s, "dark_demon"), area="courtyard_east", life=6)
    return s


def test_a_hero_steps_into_skuthuss_tower_when_it_has_room():
    # "steps into it as soon as it has room, before anything else"; rulebook "Occupied
    # Areas": "A character cannot end its movement or move across an area if the model's
    # base could not fit entirely in that area" (the tower holds three)
    s = _tower_with_room()
    assert s.game.board.cap[area(s, "tower")] == 3
    assert _choice(s) == ("move", area(s, "tower"))
    # the scripted heroes strike the Dark Demon standing with him instead
    assert _choice(s, "scripted") != ("move", area(s, "tower"))


def test_before_a_full_tower_the_hero_strikes_skuthuss_guard_from_next_door():
    # rulebook "Occupied Areas": "Occupied areas are considered to be within melee range of
    # all adjacent areas"; the plan strikes the models in Skuthus's area, not the Dark Demon
    s = _tower_with_room()
    second = model(s, "bossonian_archers", 1)
    position.set_model(s, second, area="tower", life=1)     # Skuthus and two archers: full
    assert area(s, "tower") not in legal(s, "move")
    choice = _choice(s)
    assert choice[0] == "melee" and choice[1] in (model(s, "bossonian_archers", 0), second)


def test_in_the_tower_the_hero_strikes_skuthuss_guard_then_skuthus():
    # "the attacks go to Skuthus when he can be attacked (all the gems the space allows),
    # else to the models standing in his area"; rulebook (Skuthus's skill, facts file):
    # Protected "cannot be attacked while a friendly unit without Protected shares the area"
    s = _tower_with_room(shevatas_area="tower")
    archer = model(s, "bossonian_archers", 0)
    assert _choice(s) == ("melee", archer)       # Skuthus is Protected: his guard first
    position.slay(s, archer)
    skuthus = model(s, "skuthus")
    assert _choice(s) == ("melee", skuthus)
    agent = load_agent("scripted:plan=block", ENV, s.current_player(), seed=0, **HOD)
    s.apply_action(agent.act(s.observation(s.current_player()), s.legal_action_mask(), s))
    assert s.decision() == "atk_gems"
    assert _choice(s) == ("gems", 4)             # every gem the Melee space allows (limit 4)


def _checked(agent):
    """The plan's own answers (Act, attack gems, ally activations) must be legal: patch them
    to assert it (the agent falls back to a random legal move otherwise)."""
    for name in ("_act", "_atk_gems", "_ally_act"):
        meth = getattr(agent, name)

        def wrapped(fr, meth=meth, name=name):
            a = meth(fr)
            assert a in agent.legal, (name, agent.c.decode(a))
            return a
        setattr(agent, name, wrapped)
    return agent


def _play(seed, hero_spec, overlord="scripted", check=False):
    g = conan_envs.make_game(ENV, **HOD)
    s = g.new_initial_state(seed)
    agents = {}
    for r in range(g.num_roles):
        spec = overlord if r == g.overlord else hero_spec
        a = load_agent(spec, ENV, r, seed=seed, **HOD)
        agents[r] = _checked(a) if check and r != g.overlord else a
    tower = g.board.index["tower"]
    filled_by_heroes = False
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
        filled_by_heroes |= any(s.h_area[h] == tower for h in s.heroes_in_play())
    return s.returns()[0] > 0, filled_by_heroes


def test_every_answer_of_the_plan_is_legal_over_seeded_games():
    for seed in range(30):
        _play(seed, "scripted:plan=block", check=True)


def test_the_plan_fills_the_tower_and_beats_the_trained_overlord_more_than_the_scripted_heroes():
    """Measured: against the `hard` Overlord (the trained policy) the plan's heroes stand in
    the tower in nearly every game and win far more often than the scripted heroes
    (reports/ladder/miniatures_plans.md: 200 games)."""
    hard = "policy:miniatures_overlord_ppo_heart_of_darkness"
    plan = [_play(seed, "scripted:plan=block", hard) for seed in range(30)]
    base = [_play(seed, "scripted", hard) for seed in range(30)]
    assert sum(f for _, f in plan) >= 27
    assert sum(w for w, _ in plan) >= sum(w for w, _ in base) + 10
