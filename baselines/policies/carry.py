"""Carry a shipped policy over to a new env version whose observation or action space grew:

    python -m baselines.policies.carry NAME [NAME ...]      # carry, in place
    python -m baselines.policies.carry --record NAME ...    # only record today's layout

A policy's metadata records the layout it was trained on: ``obs_blocks`` (the encoder's named
blocks, :func:`layout`) and ``action_segments`` (the action codec's named segments). Carrying
rebuilds the input and output layers for the current layout, block by block and segment by
segment, matched by name:

- an observation block kept by name keeps its columns (a block that grew keeps its first
  columns: new entries are appended at a block's end); a new block gets zero columns, so
  the first layer ignores the new entries and the policy plays as before;
- an action segment kept by name keeps its rows; a new action gets zero weights and a bias of
  :data:`NEW_ACTION_BIAS`, so it is chosen only where nothing else is legal.

The hidden layers are untouched. A policy file that holds its critic keeps it: the critic's
first layer reads the same observation as the actor's and is carried column by column the same
way (its value head has no action rows). A block or segment that shrank or vanished is
refused: its weights would have to be thrown away, and a policy that lost inputs must be
retrained.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import conan_envs
from conan_envs import ConfigError
from conan_envs.engine.core import Game

from ..ppo import load_policy, read_metadata, save_actor
from . import FOLDER, POLICY

NEW_ACTION_BIAS = -30.0  # a new action's logit: below every trained one, never chosen over them
FIRST = "mlp_extractor.policy_net.0"
HEAD = "action_net"
CRITIC_FIRST = "mlp_extractor.value_net.0"
CRITIC_HEAD = "value_net"

Layout = list[tuple[str, int]]


def layout(game: Game, role: int) -> tuple[Layout, Layout]:
    """(observation blocks, action segments) of `role` in `game`, each as (name, size)."""
    package = type(game).__module__.rpartition(".")[0]
    encode = importlib.import_module(f"{package}.encode")
    blocks = [(str(name), int(size)) for name, size in encode.observation_blocks(game, role)]
    segments = [(name, int(game.codec.sizes[name])) for name in game.codec.segments]
    return blocks, segments


def _columns(old: Layout, new: Layout, what: str) -> list[tuple[int, int, int]]:
    """(old start, new start, count) for each part of `new` that `old` had, by name."""
    starts, at = {}, 0
    for name, size in old:
        starts[name] = (at, size)
        at += size
    out, at = [], 0
    gone = sorted(set(starts) - {name for name, _ in new})
    if gone:
        raise ConfigError(f"{what} {gone} no longer exist; a policy that lost inputs or actions "
                          f"must be retrained, not carried")
    for name, size in new:
        if name in starts:
            start, was = starts[name]
            if size < was:
                raise ConfigError(f"{what} {name!r} shrank from {was} to {size}; retrain the "
                                  f"policy instead")
            out.append((start, at, was))
        at += size
    return out


def carried_tensors(tensors: dict[str, np.ndarray], old: tuple[Layout, Layout],
                    new: tuple[Layout, Layout]) -> dict[str, np.ndarray]:
    """The actor's tensors (and the critic's, where they are given) with the input and
    output layers rebuilt for `new` (see above)."""
    out = dict(tensors)
    columns = _columns(old[0], new[0], "observation block(s)")
    firsts = [f"{FIRST}.weight" if f"{FIRST}.weight" in tensors else f"{HEAD}.weight"]
    if f"{CRITIC_HEAD}.weight" in tensors:
        firsts.append(f"{CRITIC_FIRST}.weight" if f"{CRITIC_FIRST}.weight" in tensors
                      else f"{CRITIC_HEAD}.weight")
    for first in firsts:
        w = tensors[first]
        grown = np.zeros((w.shape[0], sum(size for _, size in new[0])), dtype=np.float32)
        for src, dst, n in columns:
            grown[:, dst:dst + n] = w[:, src:src + n]
        out[first] = grown
    hw, hb = out[f"{HEAD}.weight"], tensors[f"{HEAD}.bias"]
    rows = sum(size for _, size in new[1])
    weight = np.zeros((rows, hw.shape[1]), dtype=np.float32)
    bias = np.full(rows, NEW_ACTION_BIAS, dtype=np.float32)
    for src, dst, n in _columns(old[1], new[1], "action segment(s)"):
        weight[dst:dst + n] = hw[src:src + n]
        bias[dst:dst + n] = hb[src:src + n]
    out[f"{HEAD}.weight"], out[f"{HEAD}.bias"] = weight, bias
    return out


def _game_and_role(meta: dict[str, Any], env_id: str) -> tuple[Game, int]:
    game = conan_envs.make_game(env_id, **meta.get("game_config", {}))
    return game, game.role_index(meta["roles"][0])


def record(path: Path, trained_on: str | None = None) -> None:
    """Write today's layout into the policy's metadata (the weights are not touched), and
    `trained_on`, the env id it was trained on where the metadata already names a newer one."""
    meta = read_metadata(path)
    game, role = _game_and_role(meta, meta["env_id"])
    blocks, segments = layout(game, role)
    if sum(s for _, s in blocks) != meta["obs_size"] or sum(s for _, s in segments) != meta[
            "num_actions"]:
        raise ConfigError(f"{path}: today's {meta['env_id']} layout does not match the policy's "
                          f"sizes; record the layout with the code the policy was trained on")
    meta.update(obs_blocks=blocks, action_segments=segments)
    if trained_on and trained_on != meta["env_id"]:
        meta["carried_from"] = [trained_on]
    Path(path).write_text(json.dumps(meta, indent=1, sort_keys=True))


def carry(path: Path, env_id: str | None = None) -> bool:
    """Carry the policy at `path` onto `env_id` (its own by default) as it is today; False
    when the layout has not changed (nothing written)."""
    meta, actor = load_policy(path)
    if "obs_blocks" not in meta or "action_segments" not in meta:
        raise ConfigError(f"{path}: the policy does not record the layout it was trained on "
                          f"(obs_blocks, action_segments); it cannot be carried")
    target = env_id or meta["env_id"]
    game, role = _game_and_role(meta, target)
    old = ([(str(n), int(s)) for n, s in meta["obs_blocks"]],
           [(str(n), int(s)) for n, s in meta["action_segments"]])
    new = layout(game, role)
    if old == new and target == meta["env_id"]:
        return False
    tensors = actor.tensors()  # the critic's too, where the file holds it
    kept = {k: v for k, v in meta.items() if k not in (
        "env_id", "roles", "game_config", "activation", "steps", "obs_size", "num_actions",
        "net_arch", "weights", "sha256", "format", "version", "obs_blocks", "action_segments",
        "value_net_arch", "value_reward")}
    carried = list(kept.pop("carried_from", []))
    if meta["env_id"] != target:
        carried.append(meta["env_id"])
    save_actor(carried_tensors(tensors, old, new), path, env_id=target, roles=meta["roles"],
               game_config=dict(game.config), activation=meta["activation"], steps=meta["steps"],
               extra={**kept, "carried_from": carried, "obs_blocks": new[0],
                      "action_segments": new[1]}, value_reward=meta.get("value_reward"))
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m baselines.policies.carry",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+", help="shipped policy names (folders of "
                        "baselines/policies) or paths to policy.json files")
    parser.add_argument("--record", action="store_true",
                        help="only record today's layout in each policy's metadata")
    parser.add_argument("--trained-on", help="with --record: the env id the policy was "
                        "trained on, where its metadata already names a newer one")
    parser.add_argument("--env-id", help="carry onto this env id (default: the policy's own)")
    args = parser.parse_args(argv)
    try:
        for name in args.names:
            path = Path(name) if name.endswith(".json") else FOLDER / name / f"{POLICY}.json"
            if args.record:
                record(path, args.trained_on)
                print(f"{name}: layout recorded")
            else:
                print(f"{name}: {'carried' if carry(path, args.env_id) else 'unchanged'}")
    except ConfigError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
