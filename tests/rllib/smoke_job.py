"""Run by tests/rllib/test_rllib.py in its own process group (Ray can hang on a broken
setup; the test kills the whole group on timeout). Trains each env briefly, exports, and
plays the exported policy through ``load_agent``; prints one JSON line per env."""
import json
import sys

from baselines.ppo import PolicyAgent
from baselines.rllib.train import load, train
from conan_envs import make_game

JOBS = {
    "kings": {"env_id": "kings_v2", "env_config": {"num_players": 2, "max_turns": 4},
              "opponents": "self"},
    "tower_yara": {"env_id": "tower_v2", "env_config": {"mode": "battle", "max_turns": 30},
                   "learn_role": "yara", "opponents": {"conan": "random"}},
}


def main(out_dir: str, steps: int) -> None:
    for name, job in JOBS.items():
        cfg = load(None, {**job, "policy": {"net_arch": [32, 32]},
                          "ppo": {"n_steps": 128, "batch_size": 128, "n_epochs": 1},
                          "n_envs": 2, "runners": 0, "total_steps": steps,
                          "out_dir": f"{out_dir}/{name}", "tensorboard": True,
                          "checkpoint_every": steps})
        summary = train(cfg, log=lambda *a: None)
        game = make_game(job["env_id"], **job["env_config"])
        agent = PolicyAgent(job["env_id"], summary_role(cfg, game), path=summary["policies"][0],
                            **job["env_config"])
        state = game.new_initial_state(0)
        while not state.is_terminal() and not state.is_truncated():
            p = state.current_player()
            if game.roles[p] in agent.meta["roles"]:
                state.apply_action(agent.act(state.observation(p), state.legal_action_mask()))
            else:
                state.apply_action(state.legal_actions()[0])
        print(json.dumps({"job": name, **summary}), flush=True)


def summary_role(cfg, game):
    role = cfg["learn_role"]
    return 0 if role == "all" else game.roles.index(role)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
