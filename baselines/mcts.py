"""Information-set MCTS for any game of the registry (docs/architecture.md, "Agents").

Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012): every simulation draws a
determinization with ``state.resample_hidden(role, rng)`` -- the only way this agent ever
looks at the state -- and walks one shared tree keyed by action sequences. Selection is UCT
with availability counts (an action is scored against the number of simulations in which it
was legal, since determinizations differ in what is legal). Chance is left to the copied
state's RNG, which ``resample_hidden`` reseeds, so the tree is open-loop over chance.
When a decision comes in steps (the same player asked again at once), the next search starts
from the subtree grown under the chosen step.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from conan_envs import ConfigError
from conan_envs.engine.rewards import dense_scores

from .agent import Agent
from .loading import load_agent
from .options import SEED, AgentOption, check_options
from .policies import policy_path
from .ppo import Critic, check_policy, read_metadata
from .specs import cached_game, check_spec


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "hint")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits: dict[int, int] = {}
        self.value: dict[int, float] = {}  # summed return of the player who took the action
        self.avail: dict[int, int] = {}
        self.hint: int | None = None  # the prior agent's move here (guided search only)


class MCTSAgent(Agent):
    """Options: `simulations` (per move), `c_uct` (exploration constant), `rollout`
    (``random`` or any agent string, e.g. ``scripted``, used for every role in rollouts),
    `horizon` (a rollout stops once that many new rounds have begun, ``none`` to play to
    the end), `max_rollout_steps` (a cap on rollout length), `leaf_weight`, `value`, `seed`.
    A rollout cut short is scored by the game's ``shaped_scores`` (a draw where it has
    none), or with ``value=objective`` by a value that also counts the game's objective (the
    game's ``objective_scores`` in :mod:`baselines.scripted`: the miniatures scenario's goal,
    the Adventures' Team Game rule), at most ``leaf_weight``
    in size, so that a win or loss reached in a rollout (+-1) outweighs any lead in the
    heuristic. Other keywords are the game's config.

    Guided search: `prior` (an agent string: ``scripted``, or a trained policy such as
    ``policy:NAME``) names a policy whose move at each tree node gets `prior_weight` of the
    prior probability (the rest spread evenly over the other legal moves); selection is then
    PUCT (AlphaZero's rule, ``c_uct`` as its constant) instead of UCT, so a small search
    follows the policy and leaves it only where the simulations say another move is better.
    A trained policy made for some seats only guides (or rolls out) those; the scripted
    player stands in at the others. `time_budget` (seconds of this process's CPU time per
    move) stops a search early, whatever `simulations` says.

    Cutting rollouts at round boundaries scores every leaf at the same point of the round
    cycle (after the battles a move leads to, say), where a step cap would score some
    leaves in the middle of a turn.

    ``value=policy`` scores a cut-off leaf with the critic of the `prior` policy (a
    ``ppo:PATH`` or ``policy:NAME`` whose file holds one: ``python -m
    baselines.policies.critic`` adds it from the training run), as AlphaZero scores its
    leaves: the critic reads the leaf's observation of each role the policy was trained
    for; its prediction (plus the role's shaped score where the critic learnt the shaped
    reward, whose rewards are the score's changes) is measured against the same at the
    root, so a leaf reads as good as it is better than expected. A side's roles share the
    mean of its trained roles' values; a side with no trained role gets minus the mean of
    the sides that have one (zero-sum between sides: exactly the negation in two-sided
    games; in games of more sides, each untrained side is taken to lose what the trained
    sides gain on average). Ended games still score their returns. The critic looks further
    than a rollout can, so cut soon: ``horizon=1`` (the default), or ``max_rollout_steps``
    for a cut inside the round."""

    name = "mcts"
    OPTIONS: ClassVar[dict[str, AgentOption]] = {
        "simulations": AgentOption("int", 200, "simulations per move", lo=1, hi=1_000_000),
        "c_uct": AgentOption("float", 1.4, "UCT exploration constant", lo=0, hi=100),
        "rollout": AgentOption("str", "random", "agent string played in rollouts"),
        "horizon": AgentOption("int", 1, "rounds a rollout may begin", lo=1, hi=10_000,
                               none_ok=True),
        "max_rollout_steps": AgentOption("int", None, "cap on rollout length", lo=1,
                                         hi=10_000_000, none_ok=True),
        "leaf_weight": AgentOption("float", 0.5, "size of a cut-off rollout's score", lo=0, hi=1),
        "value": AgentOption("str", "shaped", "what scores a cut-off rollout: shaped | "
                             "objective | policy (the prior's critic)"),
        "prior": AgentOption("str", None, "agent string whose move guides the search (PUCT)",
                             none_ok=True),
        "prior_weight": AgentOption("float", 0.5, "prior probability of the prior's move",
                                    lo=0, hi=1),
        "time_budget": AgentOption("float", None, "CPU seconds per move at most", lo=0.001,
                                   hi=3600, none_ok=True),
        "seed": SEED,
    }

    def __init__(self, env_id: str, role: int | str = 0, simulations: int = 200,
                 c_uct: float = 1.4, rollout: str = "random", horizon: int | None = 1,
                 max_rollout_steps: int | None = None, leaf_weight: float = 0.5,
                 prior: str | None = None, prior_weight: float = 0.5,
                 time_budget: float | None = None, value: str = "shaped",
                 seed: int | None = None, **game_config: Any) -> None:
        given = {"simulations": simulations, "c_uct": c_uct, "rollout": rollout,
                 "horizon": horizon, "max_rollout_steps": max_rollout_steps,
                 "leaf_weight": leaf_weight, "prior": prior, "prior_weight": prior_weight,
                 "time_budget": time_budget, "value": value, "seed": seed}
        o = check_options("mcts", self.OPTIONS, given)
        for key in ("rollout", "prior"):
            if o[key] not in ("random", None):
                if check_spec(o[key])[0] == "mcts":
                    raise ConfigError(f"mcts: the {key} policy cannot itself be mcts")
        self.env_id = env_id
        self._scores = _leaf_scores(o["value"], env_id)
        self._critic = _critic_leaf(o["prior"], env_id, game_config) \
            if o["value"] == "policy" else None
        self._root_q: np.ndarray | None = None  # the critic's reading at the search's root
        self.value: str = o["value"]
        self.simulations: int = o["simulations"]
        self.c_uct: float = o["c_uct"]
        self.rollout: str = o["rollout"]
        self.horizon: int | None = o["horizon"]
        self.max_rollout_steps: int | None = o["max_rollout_steps"]
        self.leaf_weight: float = o["leaf_weight"]
        self.prior: str | None = o["prior"]
        self.prior_weight: float = o["prior_weight"]
        self.time_budget: float | None = o["time_budget"]
        self.game_config = game_config
        self.rng = np.random.default_rng(seed)
        self._seed = seed
        if isinstance(role, str):  # load_agent passes an index; a name needs the game's roles
            role = cached_game(env_id, game_config).role_index(role)
        self.role = int(role)
        self._rollout_agents: list[Agent] | None = None
        self._prior_agents: list[Agent] | None = None
        # (the observation expected next, the subtree to search from)
        self._kept: tuple[np.ndarray, _Node] | None = None
        # A host's stop signal (the web server's wall-clock limit and cancel flag): checked
        # after every simulation; the search then answers its best move so far.
        self.stop: Callable[[], bool] | None = None
        self.name = f"mcts:simulations={self.simulations}" + \
            (f",prior={self.prior}" if self.prior else "") + \
            (",value=policy" if self._critic is not None else "")

    def reset(self) -> None:
        self._kept = None

    # ---- the agent interface -----------------------------------------------------------
    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("no legal action in the mask")
        if legal.size == 1:
            return int(legal[0])
        if state is None:
            raise ConfigError("mcts needs the game state (it searches the rules core); "
                              "call act(observation, action_mask, state)")
        start = time.process_time()
        root = self._kept_root(observation)
        root_legal = legal.tolist()
        for done in range(1, self.simulations + 1):
            self._simulate(root, state.resample_hidden(self.role, self.rng), root_legal)
            if done % 16 == 0 and _settled(root.visits, self.simulations - done):
                break
            if self.time_budget is not None and time.process_time() - start > self.time_budget:
                break
            if self.stop is not None and self.stop():
                break
        best = max(root_legal, key=lambda a: (root.visits.get(a, 0), root.value.get(a, 0.0)))
        self._keep(state, root, int(best))
        return int(best)

    # ---- tree reuse ------------------------------------------------------------------------
    # A decision split into steps (Kings' move order: from, unit, to, count) asks the same
    # player again at once. The subtree under the chosen step already holds the simulations
    # that went through it, so the next search starts from it instead of from nothing. It is
    # kept only if the next observation is the one a determinization predicts right after
    # the step: the same player to act, nothing else seen to happen in between.
    def _keep(self, state: Any, root: _Node, action: int) -> None:
        self._kept = None
        child = root.children.get(action)
        if child is None or not child.visits:
            return
        det = state.resample_hidden(self.role, self.rng)
        det.apply_action(action)
        if det.is_terminal() or det.is_truncated() or det.current_player() != self.role:
            return
        self._kept = (det.observation(self.role), child)

    def _kept_root(self, observation: Any) -> _Node:
        kept, self._kept = self._kept, None
        if kept is not None and observation is not None:
            expected, node = kept
            observation = np.asarray(observation)
            if observation.shape == expected.shape and np.array_equal(observation, expected):
                return node
        self._root_q = None  # a new root: the critic's baseline is read there afresh
        return _Node()

    # ---- search --------------------------------------------------------------------------
    def _simulate(self, root: _Node, det: Any, root_legal: list[int]) -> None:
        path = []
        node = root
        # A sound determinization leaves the searcher's own choices as they are; should one
        # not (a game's bug), the search keeps to the moves legal in both.
        mask = det.legal_action_mask()
        legal = [a for a in root_legal if mask[a]] or np.flatnonzero(mask).tolist()
        if self._critic is not None and self._root_q is None:
            self._root_q = _critic_q(det, self._critic)
        while True:
            player = det.current_player()
            for a in legal:
                node.avail[a] = node.avail.get(a, 0) + 1
            untried = [] if self.prior is not None else \
                [a for a in legal if a not in node.children]
            if untried:
                a = untried[int(self.rng.integers(len(untried)))]
                child = node.children[a] = _Node()
                det.apply_action(a)
                path.append((node, a, player))
                node = child
                break
            a = self._select(node, legal) if self.prior is None else \
                self._select_guided(node, legal, det, player)
            if a not in node.children:
                node.children[a] = _Node()
                det.apply_action(a)
                path.append((node, a, player))
                node = node.children[a]
                break
            det.apply_action(a)
            path.append((node, a, player))
            node = node.children[a]
            if det.is_terminal() or det.is_truncated():
                break
            legal = det.legal_actions()
        values = self._rollout(det)
        for n, a, p in path:
            n.visits[a] = n.visits.get(a, 0) + 1
            n.value[a] = n.value.get(a, 0.0) + values[p]

    def _select(self, node: _Node, legal: list[int]) -> int:
        c = self.c_uct
        best, best_score = legal[0], -math.inf
        for a in legal:
            n = node.visits.get(a, 0)
            if n == 0:  # expanded in a determinization whose rollout has not returned yet
                return a
            score = node.value[a] / n + c * math.sqrt(math.log(node.avail[a]) / n)
            if score > best_score:
                best, best_score = a, score
        return best

    def _select_guided(self, node: _Node, legal: list[int], det: Any, player: int) -> int:
        """PUCT with the prior agent's move as the favoured prior; an action not yet tried
        is valued at the mean of those tried here (first-play urgency), 0 before any."""
        if node.hint is None or node.hint not in legal:
            agent = self._agents_for("prior", det.game)[player]
            obs = None if _reads_state_only(self.prior) else det.observation(player)
            node.hint = int(agent.act(obs, det.legal_action_mask(), det))
        n_legal = len(legal)
        w = self.prior_weight if n_legal > 1 else 1.0
        rest = (1.0 - w) / max(1, n_legal - 1)
        total = sum(node.visits.get(a, 0) for a in legal)
        tried = [a for a in legal if node.visits.get(a, 0)]
        fpu = sum(node.value[a] for a in tried) / max(1, sum(node.visits[a] for a in tried))
        sqrt_total = math.sqrt(total + 1)
        best, best_score = node.hint, -math.inf
        for a in legal:
            n = node.visits.get(a, 0)
            q = node.value[a] / n if n else fpu
            p = w if a == node.hint else rest
            score = q + self.c_uct * p * sqrt_total / (1 + n)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, det: Any) -> list[float]:
        steps = 0
        cap = math.inf if self.max_rollout_steps is None else self.max_rollout_steps
        last = math.inf if self.horizon is None else det.turn + self.horizon
        if self.rollout == "random":
            rng = self.rng
            while not det.is_terminal() and not det.is_truncated():
                if steps >= cap or det.turn >= last:
                    break
                legal = np.flatnonzero(det.legal_action_mask())
                det.apply_action(int(legal[rng.integers(legal.size)]))
                steps += 1
        else:
            agents = self._agents_for("rollout", det.game)
            blind = _reads_state_only(self.rollout)
            while not det.is_terminal() and not det.is_truncated():
                if steps >= cap or det.turn >= last:
                    break
                p = det.current_player()
                obs = None if blind else det.observation(p)
                det.apply_action(agents[p].act(obs, det.legal_action_mask(), det))
                steps += 1
        if self._critic is not None and self._root_q is not None and not det.is_terminal():
            return _critic_values(det, self._critic, self._root_q, self.leaf_weight)
        return _leaf_values(det, self.leaf_weight, self._scores)

    def _agents_for(self, key: str, game: Any) -> list[Agent]:
        """One agent per role for the rollouts (`key` ``rollout``) or the prior (``prior``)."""
        have = self._rollout_agents if key == "rollout" else self._prior_agents
        if have is None:
            spec = self.rollout if key == "rollout" else self.prior
            assert spec is not None
            seed = None if self._seed is None else int(self._seed) + (1 if key == "rollout" else 2)
            have = [load_agent(_seat_spec(spec, self.env_id, game, r), self.env_id, role=r,
                               seed=seed, **self.game_config)
                    for r in range(game.num_roles)]
            if key == "rollout":
                self._rollout_agents = have
            else:
                self._prior_agents = have
        return have


def _policy_file(spec: str) -> str | None:
    """The policy file a trained-policy spec (``ppo:PATH``, ``policy:NAME``) plays; None for
    any other agent."""
    kind, opts = check_spec(spec)
    if kind == "ppo":
        return str(opts.get("path"))
    if kind == "policy":
        return str(policy_path(opts.get("name")))
    return None


def _seat_spec(spec: str, env_id: str, game: Any, role: int) -> str:
    """`spec` for `role`, unless it is a trained policy (``ppo:PATH``, ``policy:NAME``) made
    for other seats only (an Overlord policy guiding a search that also models the heroes):
    there the scripted player stands in for it."""
    path = _policy_file(spec)
    if path is None or check_spec(spec)[1].get("any_role"):
        return spec
    return spec if game.roles[role] in read_metadata(path)["roles"] else "scripted"


@dataclass(frozen=True)
class _CriticLeaf:
    """What ``value=policy`` reads at a leaf: the critic, the roles (indices) its policy was
    trained for, and the reward it learnt (for ``shaped`` or ``margin`` a role's dense
    score is added to its prediction: the rewards it was trained on are that score's
    changes)."""

    critic: Critic
    roles: tuple[int, ...]
    reward: str


def _critic_leaf(prior: str | None, env_id: str, game_config: dict[str, Any]) -> _CriticLeaf:
    """The critic of the `prior` policy, checked against the game; a ConfigError naming what
    is missing where there is none."""
    need = "mcts: value=policy needs prior=ppo:PATH or prior=policy:NAME, a policy file "
    if prior is None:
        raise ConfigError(need + "with a critic; no prior given")
    path = _policy_file(prior)
    if path is None:
        raise ConfigError(need + f"with a critic; the prior {prior!r} is not a trained policy")
    game = cached_game(env_id, game_config)
    meta, actor = check_policy(path, env_id, game)
    hint = "add it from the training run with python -m baselines.policies.critic"
    if actor.critic is None:
        raise ConfigError(need + f"with a critic; {path} holds the actor only ({hint})")
    if actor.critic.reward is None:
        raise ConfigError(need + f"whose critic records the reward it learnt (value_reward); "
                                 f"{path} does not ({hint}, which records it)")
    return _CriticLeaf(actor.critic, tuple(game.role_index(r) for r in meta["roles"]),
                       actor.critic.reward)


def _critic_q(state: Any, leaf: _CriticLeaf) -> np.ndarray:
    """The return the critic expects for each of `leaf.roles` at `state` (their observations
    of it), the dense score reached so far included for a shaped or margin critic. The
    discount is left out: over a horizon of a round or two it changes little."""
    obs = np.stack([np.asarray(state.observation(r), dtype=np.float32).reshape(-1)
                    for r in leaf.roles])
    q = leaf.critic.value(obs).astype(np.float64)
    scores = dense_scores(state, leaf.reward)
    if scores is not None:
        q += np.array([float(scores[r]) for r in leaf.roles])
    return q


def _critic_values(state: Any, leaf: _CriticLeaf, root_q: np.ndarray,
                   weight: float) -> list[float]:
    """The value of a cut-off `state` per role: what the critic expects there over what it
    expected at the root, by side (see MCTSAgent), squashed into [-weight, weight]."""
    game = state.game
    gains: dict[tuple[int, ...], list[float]] = {}
    for r, gain in zip(leaf.roles, _critic_q(state, leaf) - root_q):
        gains.setdefault(game.side_of(r), []).append(float(gain))
    side_gain = {side: sum(g) / len(g) for side, g in gains.items()}
    others = -sum(side_gain.values()) / len(side_gain)
    # tanh, not a clip: it keeps the order of leaves however far the critic strays (a clip
    # would tie every leaf beyond it), is near the identity for the small gains one round
    # brings (the critics' returns are of the order of the +-1 result), and stays below
    # `weight` in size, so that a result reached within the tree outweighs any prediction.
    return [weight * math.tanh(side_gain.get(game.side_of(i), others))
            for i in range(game.num_roles)]


# Agents that decide from the state (and the mask) alone: rollouts and priors spare them the
# observation, which costs more to encode than their move does to choose.
_STATE_READERS = ("scripted",)


def _reads_state_only(spec: str | None) -> bool:
    return spec is not None and spec.split(":", 1)[0].strip() in _STATE_READERS


def _settled(visits: dict[int, int], remaining: int) -> bool:
    """The most visited action leads the runner-up by more than the simulations left, so
    the move (the most visited action) can no longer change: the rest are skipped."""
    top = sorted(visits.values(), reverse=True)[:2] + [0, 0]
    return bool(top[0] - top[1] > remaining)


def _leaf_scores(value: str, env_id: str) -> Callable[[Any], Sequence[float]] | None:
    """The function that scores a cut-off for option ``value`` (None: the shaped scores;
    ``policy`` falls back on them only where its critic has no root reading)."""
    if value in ("shaped", "policy"):
        return None
    if value != "objective":
        raise ConfigError(f"mcts: value must be shaped, objective or policy, not {value!r}")
    from .scripted import objective_scores

    return objective_scores(env_id)


def _leaf_values(state: Any, weight: float = 1.0,
                 scores_of: Callable[[Any], Sequence[float]] | None = None) -> list[float]:
    """Returns at the end of the game; at a cut-off, a value in [-weight, weight] per role
    from `scores_of(state)` (by default the game's shaped scores): the margin over the best
    role of another side (``Game.sides``: the miniatures heroes measure their lead over the
    Overlord, not over each other), or 0 where the game has no scores. A weight below 1
    makes a result reached within the horizon outweigh any heuristic lead."""
    if state.is_terminal():
        return list(state.returns())
    game = state.game
    n = game.num_roles
    if scores_of is None and not hasattr(state, "shaped_scores"):
        return [0.0] * n
    scores = [float(s) for s in (state.shaped_scores() if scores_of is None else scores_of(state))]
    scale = max(1.0, max(abs(s) for s in scores))
    values = []
    for i, s in enumerate(scores):
        side = game.side_of(i)
        rival = max((scores[j] for j in range(n) if j not in side), default=0.0)
        values.append(weight * math.tanh(2.0 * (s - rival) / scale))
    return values
