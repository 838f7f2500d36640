"""The objective-aware position value the heroes' search may judge its cut-offs by
(baselines/scripted/miniatures/value.py). Positions are built by editing a save's fields and
loading it through `state_from_json`, which checks them."""
import json

import pytest

from baselines import load_agent
from baselines.mcts import _leaf_values
from baselines.scripted.miniatures.value import objective_scores, progress
from conan_envs import ConfigError

from .helpers import area, game, hero, model


def position(scenario, seed=0, **fields):
    g = game(scenario)
    data = json.loads(g.new_initial_state(seed).snapshot())
    data["fields"].update(fields)
    return g.state_from_snapshot(json.dumps(data))


def test_clutches_counts_each_step_of_carrying_yselda_and_the_head_off():
    g = game("clutches")
    s0 = g.new_initial_state(0)
    fields = json.loads(s0.snapshot())["fields"]
    y, head = g.captive, g.zogar_head
    conan = hero(s0, "conan")
    hut, edge, inland = area(s0, "hut_3"), 0, area(s0, "hut_8")

    def at(loc_y, where=None, loc_head=-10):
        o_loc = list(fields["o_loc"])
        o_loc[y], o_loc[head] = loc_y, loc_head
        h_area = list(fields["h_area"])
        if where is not None:
            h_area[conan] = where
        return progress(position("clutches", o_loc=o_loc, h_area=h_area))

    hidden, found = at(-10), at(hut)
    carried_far, carried_near = at(-1 - conan, inland), at(-1 - conan, edge)
    escaped = at(-12)
    assert hidden < found < carried_far < carried_near < escaped == 0.5
    assert at(-12, loc_head=-12) == 1.0


def test_clutches_rewards_wounding_zogar_sag_and_searching_huts():
    g = game("clutches")
    s0 = g.new_initial_state(0)
    fields = json.loads(s0.snapshot())["fields"]
    zogar = model(s0, "zogar_sag")
    u_life = list(fields["u_life"])
    u_life[zogar] -= 3
    searched = list(fields["searched"])
    searched[area(s0, "hut_5")] = True
    base = progress(s0)
    assert progress(position("clutches", u_life=u_life)) > base
    assert progress(position("clutches", searched=searched)) > base


def test_kill_scenarios_count_the_named_enemies_life_taken():
    s0 = game("thalis").new_initial_state(0)
    fields = json.loads(s0.snapshot())["fields"]
    u_life = list(fields["u_life"])
    thalis = model(s0, "thalis")
    assert progress(s0) == 0.0
    u_life[thalis] -= 2
    hurt = position("thalis", u_life=u_life)
    assert 0.0 < progress(hurt) < 1.0
    scores = objective_scores(hurt)
    assert scores[:-1] == [scores[0]] * (len(scores) - 1) and scores[-1] == -scores[0]
    assert scores[0] > hurt.shaped_scores()[0]


def test_ritual_counts_the_invocation_and_the_priestess_in_danger():
    g = game("ritual")
    s0 = g.new_initial_state(0)
    fields = json.loads(s0.snapshot())["fields"]
    assert progress(position("ritual", invocation=g.invocation - 3)) > progress(s0)
    # an enemy next to the priestess's area is worse than none near her
    u_area = list(fields["u_area"])
    m = next(m for m, a in enumerate(u_area) if a >= 0)
    near = g.board.neighbors[g.priestess_area][0]
    u_area[m] = near
    assert progress(position("ritual", u_area=u_area)) < progress(s0)


def test_the_search_scores_cut_offs_by_the_objective_when_asked():
    g = game("clutches")
    s0 = g.new_initial_state(0)
    o_loc = json.loads(s0.snapshot())["fields"]["o_loc"]
    o_loc[g.captive] = -1   # carried by the first hero
    s = position("clutches", o_loc=o_loc)
    shaped = _leaf_values(s, 0.5)
    objective = _leaf_values(s, 0.5, objective_scores)
    assert shaped[0] == 0.0 and objective[0] > 0.0 > objective[-1]
    agent = load_agent("mcts:simulations=4,value=objective,rollout=scripted", "miniatures_v2",
                       role=0, seed=1, scenario="clutches")
    assert agent.value == "objective"
    with pytest.raises(ConfigError, match="objective"):
        load_agent("mcts:value=objective", "kings_v2", role=0)
    with pytest.raises(ConfigError, match="shaped, objective or policy"):
        load_agent("mcts:value=best", "miniatures_v2", role=0, scenario="clutches")


@pytest.mark.parametrize("scenario", ["clutches", "tigress", "heart_of_darkness", "ophir",
                                      "ruined_fort", "thalis", "ritual"])
def test_progress_starts_at_nothing_done(scenario):
    s0 = game(scenario).new_initial_state(0)
    value = progress(s0)
    if scenario == "ritual":   # the priestess starts safe and every relic stands
        assert 0.0 < value < 1.0
    else:
        assert value == 0.0


def test_ophir_counts_the_way_to_olivia_then_carrying_her_out():
    g = game("ophir")
    s0 = g.new_initial_state(0)
    fields = json.loads(s0.snapshot())["fields"]
    arbanus = model(s0, "captain_arbanus")
    corridor, cell = area(s0, "corridor"), area(s0, "cell_olivia")

    def at(**changes):
        return progress(position("ophir", **{**fields, **changes}))

    u_life = list(fields["u_life"])
    u_life[arbanus] -= 1
    key_down, key_held, olivia_held = (list(fields["o_loc"]) for _ in range(3))
    key_down[g.key] = corridor
    key_held[g.key] = -1
    olivia_held[g.captive] = -1
    door = {"__t": "set", "v": [{"__t": "tuple", "v": [min(cell, corridor), max(cell, corridor)]}]}
    steps = [at(), at(u_life=u_life), at(o_loc=key_down), at(o_loc=key_held),
             at(broken=door), at(o_loc=olivia_held)]
    assert steps == sorted(steps) and len(set(steps)) == len(steps)
