"""The scripted Overlord (issue "designed parts that play well"): Skuthus holds his tower in the
Heart of Darkness instead of walking into the heroes, and the Overlord can win The Final Ritual."""
import conan_envs
from baselines import load_agent


def _play(g, seed, watch=None):
    s = g.new_initial_state(seed)
    agents = [load_agent("scripted", "miniatures_v2", r, seed=10 * seed + r, **g.config)
              for r in range(g.num_roles)]
    while not s.is_terminal() and not s.is_truncated():
        if watch:
            watch(s)
        p = s.current_player()
        s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
    return s


def test_skuthus_never_leaves_his_tower():
    g = conan_envs.make_game("miniatures_v2", scenario="heart_of_darkness")
    sk = g.tile_models[g.tile_index["skuthus"]][0]
    tower = g.board.index["tower"]
    seen = set()

    def watch(s):
        if s.u_area[sk] >= 0:
            seen.add(s.u_area[sk])
    for seed in range(12):
        _play(g, seed, watch)
    assert seen == {tower}


def test_the_overlord_can_win_the_final_ritual():
    g = conan_envs.make_game("miniatures_v2", scenario="ritual")
    wins = sum(_play(g, seed).returns()[-1] > 0 for seed in range(20))
    assert 2 <= wins <= 18
