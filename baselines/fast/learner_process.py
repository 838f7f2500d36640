"""The fast backend's overlapped learner: the PPO update in a process of its own, so that it
runs on its own core while the trainer's process plays the next rollout.

A thread would share Python's lock with the games: torch leaves the lock during each op but
the update takes it back between ops, about a hundred times a minibatch, and while the games
run Python in the other thread each take waits up to the switch interval. Measured on Kings,
an update of 0.5 s of CPU took 5-6 s of wall beside the games in a thread
(reports/training_speed/README.md). In a process it takes its own 0.5 s.

The protocol, over one pipe: the trainer sends the learner's whole state once (the policy's
weights, Adam's moments, the minibatch generator and the update count, as
``torch.save`` bytes read back with ``weights_only``); then, per rollout, the index of one
of the shared-memory rollouts (:meth:`baselines.fast.ppo.Rollout.shared`) and its cut games.
The process updates its copy of the learner on that rollout and answers with the losses,
the update's seconds and the learner's new state, which the trainer loads into its own
:class:`~baselines.fast.ppo.Learner`: its checkpoints, pool snapshots, evaluations and
exported policy are then the process's, step for step. The process ignores Ctrl-C (the
trainer stops it), reports an error as its traceback, and is joined (or terminated) by
:meth:`LearnerProcess.close`, which the trainer always calls.
"""
from __future__ import annotations

import io
import multiprocessing as mp
import signal
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
import torch

from .ppo import ActorCritic, Learner, PPOSettings, Rollout

Truncated = list[tuple[int, np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class LearnerSpec:
    """What the process needs to build the learner: the network, PPO's settings, the shapes
    of the rollouts, the device and the torch threads."""

    obs_size: int
    num_actions: int
    net_arch: tuple[int, ...]
    activation: str
    settings: PPOSettings
    n_steps: int
    n_envs: int
    device: str
    torch_threads: int


class LearnerError(RuntimeError):
    """The learner process failed or died; its traceback is the message."""


def state_bytes(learner: Learner) -> bytes:
    """The learner's state (what an update changes), as ``torch.save`` bytes."""
    out = io.BytesIO()
    torch.save({"policy": learner.policy.state_dict(), "optimizer": learner.policy.optimizer.state_dict(),
                "generator": learner.gen.get_state(), "n_updates": learner._n_updates}, out)
    return out.getvalue()


def load_state(learner: Learner, data: bytes) -> None:
    """Load :func:`state_bytes` into ``learner`` (tensors only: nothing read runs code)."""
    state = torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
    learner.policy.load_state_dict(state["policy"])
    learner.policy.optimizer.load_state_dict(state["optimizer"])
    learner.gen.set_state(state["generator"])
    learner._n_updates = int(state["n_updates"])


def _serve(conn: Connection, trainer_end: Connection, spec: LearnerSpec,
           raws: Sequence[Sequence[Any]]) -> None:
    """The process: build the learner, take its state, then update on each rollout sent.
    It first closes its copy of the trainer's end of the pipe (a forked child holds one):
    otherwise, the trainer gone, its reads would never see the pipe closed and its writes
    of a state larger than the pipe's buffer would wait forever."""
    trainer_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        torch.set_num_threads(spec.torch_threads)
        policy = ActorCritic(spec.obs_size, spec.num_actions, list(spec.net_arch), spec.activation,
                             spec.settings.learning_rate, spec.device)
        learner = Learner(policy, spec.settings, 0)
        rollouts = [Rollout(spec.n_steps, spec.n_envs, spec.obs_size, spec.num_actions, raw) for raw in raws]
        load_state(learner, conn.recv_bytes())
        while True:
            msg = conn.recv()
            if msg is None:
                return
            index, truncated = msg
            ro = rollouts[index]
            ro.truncated = truncated
            t = time.perf_counter()
            losses = learner.update(ro)
            seconds = time.perf_counter() - t
            conn.send(("ok", losses, seconds))
            conn.send_bytes(state_bytes(learner))
    except (EOFError, KeyboardInterrupt):
        pass
    except BaseException:
        try:
            conn.send(("failed", traceback.format_exc(), 0.0))
        except (BrokenPipeError, OSError):
            pass
    finally:
        conn.close()


def _start_method(device: str) -> str:
    """``fork`` on the CPU where there is one: the process starts in milliseconds with torch
    imported (forkserver or spawn take 2-3 s to import it, longer than the first rollout);
    a CUDA context does not survive a fork, so a GPU learner starts fresh."""
    methods = mp.get_all_start_methods()
    if device == "cpu" and "fork" in methods:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


class LearnerProcess:
    """The update in a child process (see the module docstring). ``submit(k, rollouts[k])``
    starts an update on shared rollout ``k``; ``result()`` waits for it and loads the new
    state into the trainer's learner."""

    def __init__(self, learner: Learner, spec: LearnerSpec, rollouts: Sequence[Rollout],
                 start_method: str | None = None) -> None:
        self.learner = learner
        method = start_method or _start_method(spec.device)
        ctx: Any = mp.get_context(method)
        parent, child = ctx.Pipe()
        self.conn: Connection = parent
        self.proc = ctx.Process(target=_serve, args=(child, parent, spec, [ro.raw for ro in rollouts]),
                                daemon=True, name="conan-learner")
        self.proc.start()
        child.close()
        self.busy = False
        self.started = False  # the state goes with the first update (a fresh process
        # imports torch meanwhile, while the trainer plays the first rollout)

    def submit(self, index: int, ro: Rollout) -> None:
        try:
            if not self.started:
                self.conn.send_bytes(state_bytes(self.learner))
                self.started = True
            self.conn.send((index, list(ro.truncated)))
        except OSError:
            self._died()
        self.busy = True

    def result(self) -> tuple[dict[str, float], float]:
        """(losses, the update's seconds in the process), the learner then holding its state."""
        try:
            status, losses, seconds = self.conn.recv()
            if status != "ok":
                raise LearnerError(f"the learner process failed:\n{losses}")
            load_state(self.learner, self.conn.recv_bytes())
        except (EOFError, OSError):
            self._died()
        finally:
            self.busy = False
        return losses, seconds

    def _died(self) -> None:
        self.proc.join(1.0)
        raise LearnerError(f"the learner process died (exit code {self.proc.exitcode})")

    def close(self, timeout: float = 5.0) -> None:
        """Stop the process: a close message, then join; terminate it if it lingers (an
        update in progress when the trainer stopped)."""
        try:
            if not self.busy and self.started:
                self.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        self.proc.join(timeout if not self.busy else 0.1)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(1.0)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


__all__ = ["LearnerError", "LearnerProcess", "LearnerSpec", "load_state", "state_bytes"]
