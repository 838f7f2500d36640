"""The position value a search may judge its cut-offs by in the Adventures
(baselines/scripted/adventures.py, ``mcts:...,value=objective``): in the Team Game a side is
as good as its lowest score ("Team Game": the team with the lowest-scoring player loses)."""
from baselines.mcts import _leaf_values
from baselines.scripted.adventures import objective_scores
from conan_envs import make_game
from conan_envs.adventures import position


def _team(vp):
    g = make_game("adventures_v2", num_players=4, team=True)   # conan, foe, ally, foe2
    return position.scores(g.new_initial_state(0), vp=vp)


def test_the_team_game_judges_a_side_by_its_lowest_score():
    s = _team([30, 20, 10, 25])
    v = objective_scores(s)
    assert v[0] == v[2] and v[1] == v[3]
    assert v[1] > v[0]          # the Ally's 10 is the lowest score: the Foes are ahead
    assert _leaf_values(s, scores_of=objective_scores)[1] > 0 > _leaf_values(
        s, scores_of=objective_scores)[0]
    assert _leaf_values(s)[0] > 0   # the shaped scores would have Conan ahead of every rival


def test_a_tie_at_the_bottom_goes_to_the_side_with_the_top_score():
    v = objective_scores(_team([10, 10, 40, 30]))
    assert v[0] > v[1]


def test_other_games_keep_each_players_score():
    g = make_game("adventures_v2", num_players=3)
    s = position.scores(g.new_initial_state(0), vp=[12, 30, 5])
    assert objective_scores(s) == s.shaped_scores()
