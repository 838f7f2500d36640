"""The fast backend's environments: many games stepped together, the learner's observation,
legal-action mask, reward and episode end written into preallocated numpy arrays.

:class:`EnvSet` steps its games in the calling process: after the learner's actions it plays
every opponent seat until each game is back at the learner's turn (scripted and random
agents one by one; trained opponents -- self-play snapshots, ``ppo:`` policies -- batched,
one forward per policy for all the games waiting on it), ends and restarts finished games
(auto-reset: the arrays then hold the new game's first position) and times the rules and
the opponents apart.

:class:`WorkerVec` splits the games among worker processes, each running an :class:`EnvSet`
over its slice of arrays in shared memory; a step is one byte down a pipe to each worker
and one byte back. Workers ignore Ctrl-C (the trainer stops them), report an error as text,
and are joined (or terminated) by :meth:`WorkerVec.close`, which the trainer always calls.
:func:`make_vec` picks one by ``n_workers`` (0: in this process).
"""
from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from multiprocessing.connection import Connection
from typing import Any

import numpy as np

from conan_envs import make_game
from conan_envs.engine.rewards import dense_scores

from ..ppo import PolicyAgent
from ..selfplay import OpponentFactory


class Stat(IntEnum):
    """Columns of the per-worker statistics row (summed since the last read)."""

    EPISODES = 0
    RETURN_SUM = 1
    LENGTH_SUM = 2
    WINS = 3
    ENV_S = 4
    OPPONENT_S = 5


N_STATS = len(Stat)


@dataclass(frozen=True)
class EnvSpec:
    """What every environment of a run is: the game, the learning roles, the agent string
    (or ``self``) of every other seat, the self-play pool and the reward."""

    env_id: str
    game_config: Mapping[str, Any]
    learn_roles: Sequence[int]
    opponents: Mapping[int, str]
    pool_dir: str
    pool_cfg: Mapping[str, Any]
    reward: str


@dataclass
class Buffers:
    """The arrays the environments write and the trainer reads (rows: environments)."""

    obs: np.ndarray      # float32 (n, obs_size)
    mask: np.ndarray     # bool (n, num_actions)
    reward: np.ndarray   # float32 (n,)
    done: np.ndarray     # bool (n,): the step ended a game (obs is then the next game's)
    action: np.ndarray   # int64 (n,): written by the trainer before a step
    stats: np.ndarray    # float64 (workers, N_STATS)
    truncated: np.ndarray  # bool (n,): the game that ended was cut at its turn limit, not over
    final_obs: np.ndarray  # float32 (n, obs_size): that game's last observation (where truncated)

    @staticmethod
    def allocate(n: int, obs_size: int, num_actions: int, workers: int) -> Buffers:
        return Layout(n, obs_size, num_actions, workers).buffers(
            lambda size: bytearray(size))

    def rows(self, lo: int, hi: int, worker: int) -> Buffers:
        return Buffers(self.obs[lo:hi], self.mask[lo:hi], self.reward[lo:hi], self.done[lo:hi],
                       self.action[lo:hi], self.stats[worker:worker + 1], self.truncated[lo:hi],
                       self.final_obs[lo:hi])


FIELDS: tuple[tuple[str, Any], ...] = (("obs", np.float32), ("mask", np.bool_), ("reward", np.float32),
                                      ("done", np.bool_), ("action", np.int64), ("stats", np.float64),
                                      ("truncated", np.bool_), ("final_obs", np.float32))


@dataclass
class Layout:
    """The arrays' shapes; with ``shared()``, their memory in ``multiprocessing.RawArray``s,
    which travel to worker processes (numpy arrays would be copied)."""

    n: int
    obs_size: int
    num_actions: int
    workers: int
    raw: tuple[Any, ...] = ()

    def shapes(self) -> list[tuple[int, ...]]:
        n = self.n
        return [(n, self.obs_size), (n, self.num_actions), (n,), (n,), (n,), (max(self.workers, 1), N_STATS),
                (n,), (n, self.obs_size)]

    def buffers(self, alloc: Any = None) -> Buffers:
        arrays = []
        raws = list(self.raw) or [None] * len(FIELDS)
        for k, ((_, dtype), shape) in enumerate(zip(FIELDS, self.shapes())):
            count = int(np.prod(shape))
            if raws[k] is None:
                raws[k] = (alloc or _raw)(max(count * np.dtype(dtype).itemsize, 1))
            arrays.append(np.frombuffer(raws[k], dtype=dtype, count=count).reshape(shape))
        self.raw = tuple(raws)
        return Buffers(*arrays)


def _raw(size: int) -> Any:
    return mp.RawArray("b", size)


def obs_and_actions(env_id: str, game_config: Mapping[str, Any], role: int) -> tuple[int, int]:
    game = make_game(env_id, **game_config)
    return int(np.prod(game.observation_shape(role))), int(game.num_actions)


class EnvSet:
    """Games stepped in this process, writing into ``buf`` (see the module docstring).
    Seeds: game ``i`` draws its positions, seats and opponents from ``seeds[i]``."""

    def __init__(self, spec: EnvSpec, seeds: Sequence[int], buf: Buffers) -> None:
        self.spec = spec
        self.game = make_game(spec.env_id, **spec.game_config)
        self.buf = buf
        self.dense = spec.reward != "terminal"  # shaped or margin: a reward each step
        n = len(seeds)
        self.rngs = [np.random.default_rng(int(s)) for s in seeds]
        self.factories = [OpponentFactory(spec.env_id, spec.game_config, spec.opponents, spec.pool_dir,
                                          spec.pool_cfg, int(s) + 1) for s in seeds]
        self.sample_rng = np.random.default_rng(int(seeds[0]) + 7) if n else np.random.default_rng()
        self.states: list[Any] = [None] * n
        self.roles = [0] * n
        self.opps: list[dict[int, Any]] = [{} for _ in range(n)]
        self.score = np.zeros(n)
        self.ep_return = np.zeros(n)
        self.ep_len = np.zeros(n, dtype=np.int64)
        self.opp_s = 0.0

    def __len__(self) -> int:
        return len(self.states)

    # ---- one game ---------------------------------------------------------------------------
    def _new_game(self, i: int) -> None:
        rng = self.rngs[i]
        s = self.game.new_initial_state(int(rng.integers(2**63)))
        role = self.spec.learn_roles[int(rng.integers(len(self.spec.learn_roles)))]
        t = time.perf_counter()
        self.opps[i] = {r: self.factories[i](r) for r in range(self.game.num_roles) if r != role}
        self.opp_s += time.perf_counter() - t
        self.states[i], self.roles[i] = s, role
        self.score[i] = self._score(s, role)
        self.ep_return[i] = 0.0
        self.ep_len[i] = 0

    def _score(self, s: Any, role: int) -> float:
        """`role`'s dense score at `s` under the run's reward (0 for ``terminal``)."""
        scores = dense_scores(s, self.spec.reward)
        return 0.0 if scores is None else float(scores[role])

    def _finish(self, i: int) -> None:
        """Game ``i`` is over or cut at its turn limit: its reward, the episode's statistics,
        and a new game. A cut game's last observation goes to ``final_obs`` (the learner
        bootstraps its return from that position's value, as sb3 does on truncation)."""
        s, role = self.states[i], self.roles[i]
        r = float(s.returns()[role]) if s.is_terminal() else 0.0
        if self.dense:
            r += self._score(s, role) - self.score[i]
        if not self.buf.done[i]:
            self.buf.reward[i] += r
            self.buf.done[i] = True
            if not s.is_terminal():
                self.buf.truncated[i] = True
                self.buf.final_obs[i] = np.asarray(s.observation(role), dtype=np.float32).reshape(-1)
            self.ep_return[i] += self.buf.reward[i]
            st = self.buf.stats[0]
            st[Stat.EPISODES] += 1
            st[Stat.RETURN_SUM] += self.ep_return[i]
            st[Stat.LENGTH_SUM] += self.ep_len[i]
            st[Stat.WINS] += float(s.is_terminal() and s.returns()[role] > 0)
        self._new_game(i)

    def _advance(self, todo: list[int]) -> None:
        """Play the opponents of games ``todo`` until each is at its learner's turn."""
        while todo:
            batched: dict[tuple[int, bool], list[int]] = {}
            for i in todo:
                while True:
                    s = self.states[i]
                    if s.is_terminal() or s.is_truncated():
                        self._finish(i)
                        continue
                    p = s.current_player()
                    if p == self.roles[i]:
                        break
                    agent = self.opps[i][p]
                    if isinstance(agent, PolicyAgent) and agent.guard is None:  # a guard reads the state
                        batched.setdefault((id(agent.net), agent.deterministic), []).append(i)
                        break
                    t = time.perf_counter()
                    a = agent.act(s.observation(p), s.legal_action_mask(), s)
                    self.opp_s += time.perf_counter() - t
                    s.apply_action(a)
            todo = []
            for (_, deterministic), games in batched.items():
                t = time.perf_counter()
                players = [self.states[i].current_player() for i in games]
                net = self.opps[games[0]][players[0]].net
                obs = np.stack([np.asarray(self.states[i].observation(p), dtype=np.float32).reshape(-1)
                                for i, p in zip(games, players)])
                masks = np.stack([self.states[i].legal_action_mask() for i in games])
                logits = net.logits(obs)
                if not deterministic:
                    logits = logits + self.sample_rng.gumbel(size=logits.shape)
                actions = np.where(masks, logits, -np.inf).argmax(axis=1)
                self.opp_s += time.perf_counter() - t
                for i, a in zip(games, actions):
                    self.states[i].apply_action(int(a))
                todo.extend(games)

    def _write(self) -> None:
        obs, mask = self.buf.obs, self.buf.mask
        for i, s in enumerate(self.states):
            obs[i] = np.asarray(s.observation(self.roles[i]), dtype=np.float32).reshape(-1)
            mask[i] = s.legal_action_mask()

    # ---- all games --------------------------------------------------------------------------
    def reset(self) -> None:
        t0, o0 = time.perf_counter(), self.opp_s
        for i in range(len(self)):
            self._new_game(i)
        self.buf.done[:] = False
        self._advance(list(range(len(self))))
        self._write()
        self.buf.reward[:] = 0.0
        self.buf.done[:] = False
        self.buf.truncated[:] = False
        self._time(t0, o0)

    def step(self) -> None:
        """Play ``buf.action`` in every game, then the opponents; write the arrays."""
        t0, o0 = time.perf_counter(), self.opp_s
        buf = self.buf
        buf.reward[:] = 0.0
        buf.done[:] = False
        buf.truncated[:] = False
        for i, s in enumerate(self.states):
            s.apply_action(int(buf.action[i]))
            self.ep_len[i] += 1
        self._advance(list(range(len(self))))
        if self.dense:
            for i, s in enumerate(self.states):
                if not buf.done[i]:
                    new = self._score(s, self.roles[i])
                    buf.reward[i] += new - self.score[i]
                    self.score[i] = new
        self.ep_return += np.where(buf.done, 0.0, buf.reward)
        self._write()
        self._time(t0, o0)

    def _time(self, t0: float, o0: float) -> None:
        opp = self.opp_s - o0
        self.buf.stats[0, Stat.OPPONENT_S] += opp
        self.buf.stats[0, Stat.ENV_S] += time.perf_counter() - t0 - opp


# one-byte messages: trainer -> worker, and the worker's answers
STEP, RESET, CLOSE = b"s", b"r", b"c"
OK, FAILED = b"k", b"e"


def _worker(conn: Connection, spec: EnvSpec, seeds: list[int], layout: Layout, lo: int, hi: int,
            w: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the trainer's to handle
    try:
        envs = EnvSet(spec, seeds, layout.buffers().rows(lo, hi, w))
        conn.send_bytes(OK)
        while True:
            cmd = conn.recv_bytes()
            if cmd == STEP:
                envs.step()
            elif cmd == RESET:
                envs.reset()
            else:
                break
            conn.send_bytes(OK)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass
    except Exception:  # reported to the trainer, which raises it there
        try:
            conn.send_bytes(FAILED + traceback.format_exc().encode())
        except (BrokenPipeError, OSError):
            pass
    finally:
        conn.close()


class WorkerError(RuntimeError):
    """An environment worker failed or died; its traceback is the message."""


class InProcessVec:
    """All games in this process (``n_workers`` 0 or 1 when processes would not pay)."""

    def __init__(self, spec: EnvSpec, seeds: Sequence[int], buf: Buffers) -> None:
        self.buf = buf
        self.envs = EnvSet(spec, seeds, buf)

    def reset(self) -> None:
        self.envs.reset()

    def step(self) -> None:
        self.envs.step()

    def close(self) -> None:
        pass


class WorkerVec:
    """The games split among worker processes over shared memory (see the module docstring)."""

    def __init__(self, spec: EnvSpec, seeds: Sequence[int], layout: Layout, workers: int,
                 start_method: str | None = None) -> None:
        self.buf = layout.buffers()
        method = start_method or ("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        ctx: Any = mp.get_context(method)
        bounds = np.linspace(0, len(seeds), workers + 1).round().astype(int)
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        # one BLAS thread per worker (the batched opponents' products are small; OpenBLAS's
        # threads only fight the other workers for the cores), unless the user chose
        blas = {k: os.environ.get(k) for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
        os.environ.update({k: v or "1" for k, v in blas.items()})
        try:
            for w in range(workers):
                lo, hi = int(bounds[w]), int(bounds[w + 1])
                parent, child = ctx.Pipe()
                p = ctx.Process(target=_worker, args=(child, spec, list(seeds[lo:hi]), layout, lo, hi, w),
                                daemon=True, name=f"conan-env-worker-{w}")
                p.start()
                child.close()
                self.conns.append(parent)
                self.procs.append(p)
            self._collect()
        except BaseException:
            self.close()
            raise
        finally:
            for k, v in blas.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    def _collect(self) -> None:
        """Wait for every worker's answer, in order; a failure or a death raises WorkerError.
        A blocking read per worker: a dead worker's pipe reads as closed (this process holds
        no copy of the worker's end), and a selector per step cost more than the step's
        own work in this process."""
        for w, conn in enumerate(self.conns):
            try:
                msg = conn.recv_bytes()
            except (EOFError, OSError):
                self._died(w)
            if msg != OK:
                raise WorkerError(f"environment worker {w} failed:\n"
                                  f"{msg[len(FAILED):].decode(errors='replace')}")

    def _send(self, cmd: bytes) -> None:
        for w, conn in enumerate(self.conns):
            try:
                conn.send_bytes(cmd)
            except OSError:  # BrokenPipeError: the worker is gone
                self._died(w)
        self._collect()

    def _died(self, w: int) -> None:
        self.procs[w].join(1.0)
        raise WorkerError(f"environment worker {w} died (exit code {self.procs[w].exitcode})")

    def reset(self) -> None:
        self._send(RESET)

    def step(self) -> None:
        self._send(STEP)

    def close(self, timeout: float = 5.0) -> None:
        """Stop every worker: a close message, then join; terminate any that lingers."""
        for conn in self.conns:
            try:
                conn.send_bytes(CLOSE)
            except (BrokenPipeError, OSError):
                pass
        deadline = time.time() + timeout
        for p in self.procs:
            p.join(max(0.0, deadline - time.time()))
            if p.is_alive():
                p.terminate()
                p.join(1.0)
            if p.is_alive():
                p.kill()
                p.join()
        for conn in self.conns:
            conn.close()
        self.conns, self.procs = [], []


def make_vec(spec: EnvSpec, n_envs: int, workers: int, seed: int, obs_size: int,
             num_actions: int) -> InProcessVec | WorkerVec:
    """``n_envs`` games seeded from ``seed``: in this process (``workers`` 0) or in
    ``workers`` processes."""
    seeds = [seed * 1000 + i for i in range(n_envs)]
    layout = Layout(n_envs, obs_size, num_actions, workers)
    if workers == 0:
        return InProcessVec(spec, seeds, Buffers.allocate(n_envs, obs_size, num_actions, 0))
    return WorkerVec(spec, seeds, layout, workers)


__all__ = ["Buffers", "EnvSet", "EnvSpec", "InProcessVec", "Stat", "WorkerError", "WorkerVec",
           "make_vec", "obs_and_actions"]
