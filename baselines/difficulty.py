"""Named difficulties for every game and seat: the table (``LADDER``) and its look-up.

``load_agent("easy" | "normal" | "hard", env_id, role, **config)`` plays the agent this
module's table names for that game, that seat and that config:

- ``easy``: plays at random among the legal moves (``random``);
- ``normal``: the hand-written player of the game (``scripted``);
- ``hard``: a search that starts from the scripted player's move and leaves it only where
  its simulations find a better one (IS-MCTS guided by the scripted player as its prior,
  scripted rollouts, a fixed number of simulations and at most 0.8 s of CPU per move);
  except where a shipped policy measured stronger: Yara in Battle Mode
  (``policy:tower_yara_league``, trained against a league with the patient Conan in it),
  Conan in Battle Mode (``policy:tower_conan_ppo``) and solo
  (``policy:tower_conan_solo_ppo``), the two-player Kings
  (``policy:kings_league_terminal``, trained against a league on the game's result alone),
  the two-player Cards (``policy:cards_ppo_2p``), the Foe of the two-player Adventures
  (``policy:adventures_foe_margin,guard=true``, trained against a league on its lead in
  Victory points) and the Overlord of every
  scenario with 3 heroes (``policy:miniatures_overlord_ppo_<scenario>``; where it was retrained
  against a league, ``policy:miniatures_overlord_league_<scenario>``; in Hunting the Tigress
  and The Final Ritual the Nash mixture of the policies their leagues made); the heroes of
  The Final Ritual, whose search judges its cut-offs by the scenario's objective as well
  (``value=objective``); and
  the heroes of In the Clutches of the Picts, who play ``scripted`` (the strongest heroes
  measured there; no search measured above them); and the two Foes of the Adventures' Team
  Game, who play the scripted Foes' plan for the team rule (``scripted:plan=team``).

A row may name a policy shipped with the package (``policy:NAME``, see
:mod:`baselines.policies`) or a search guided by one (:func:`guided_by`: the ``hard`` search
with the policy as its prior, ``mcts:...,prior=policy:NAME``); :func:`check_ladder` checks
(in :mod:`baselines.ladder`) that every agent string of the table loads for its game and seat.

The seat is the role's part in the game: the players of Kings and Cards (all alike), Conan
and Yara in The Tower (Conan alone in solo), the heroes and the Overlord of each scenario of
the miniatures game, and Conan, the Foe, the Ally and the second Foe of the Adventures. The
ladder measures a seat with its whole side (``Game.sides``): the three heroes together. A
row of :data:`LADDER` is looked up as ``variant:seat`` (``battle:yara``,
``ritual:overlord``, ``ophir-2heroes:overlord`` with other than 3 heroes), then ``seat``,
then ``*``, so one seat may get its own agent in one
scenario only. The measured tables, with the commands that made them, are in
``reports/ladder/`` (``python -m baselines.ladder --game G --out reports/ladder --json-out
runs/ladder``: the table there, its raw entries outside the source; by default both go to
``runs/ladder``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conan_envs import ConfigError, check_env_id, make_game

from .policies import NAME
from .specs import DIFFICULTIES, check_spec

__all__ = ["DIFFICULTIES", "EASY", "NORMAL", "HARD", "TEAM_FOE", "LADDER", "PLANS", "hard_with",
           "guided_by", "seat_of", "difficulty_spec", "variant_config"]

EASY = "random"
NORMAL = "scripted"
# Guided search: the scripted move is the favoured prior (PUCT), rollouts play scripted for
# every role up to the end of the next round, where the game's shaped score judges the leaf.
HARD = ("mcts:simulations=24,prior=scripted,prior_weight=0.6,c_uct=1.0,rollout=scripted,"
        "horizon=1,time_budget=0.8")

_DEFAULT = {"easy": EASY, "normal": NORMAL, "hard": HARD}
TEAM_FOE = "scripted:plan=team"


def _override(overrides: Sequence[str]) -> str:
    kind, _, options = HARD.partition(":")
    values = dict(option.split("=", 1) for option in options.split(","))
    for override in overrides:
        key, _, value = override.partition("=")
        values[key] = value
    return kind + ":" + ",".join(f"{k}={v}" for k, v in values.items())


def hard_with(overrides: Sequence[str]) -> str:
    """The ``hard`` search with options replaced or added, each given as ``OPTION=VALUE``
    (``["simulations=64", "value=objective"]``): for trying a stronger search in one seat.
    ConfigError names an option the search does not have."""
    spec = _override(overrides)
    try:
        check_spec(spec)
    except ConfigError as e:
        raise ConfigError(f"ladder: the hard search with {list(overrides)}: {e}") from None
    return spec


# The Final Ritual's Overlord: the Nash mixture of its league's policies against every exploiter
# found so far (reports/league/nash.py; reports/league/README.md, "Fourth step")
RITUAL_NASH = ("mix:members=policy:miniatures_overlord_ppo_ritual"
               "|policy:miniatures_overlord_league_ritual_round2"
               "|policy:miniatures_overlord_league_ritual_480k"
               "|policy:miniatures_overlord_league_ritual_round2_480k,weights=0.169|0.159|0.270|0.403")
# Hunting the Tigress's Overlord: the same, round E (reports/league/README.md, "Sixth step"):
# the Nash mixture of the rows of three league rounds against all eight exploiters found so
# far, played through the guard (no leader left unguarded while it holds gems). Round D's
# mixture, the same two policies weighted 0.944|0.056, lost 112 of 200 to the exploiter of a
# neighbouring mixture though its own fresh exploiter won 20
TIGRESS_NASH = ("mix:members=policy:miniatures_overlord_league_tigress_round3_720k"
                "|policy:miniatures_overlord_league_tigress_round3b_480k,weights=0.186|0.814,guard=true")

# env_id -> row key -> difficulty -> agent string (see the module docstring for the keys).
LADDER: dict[str, dict[str, dict[str, str]]] = {
    # two Kings: the league trained on the game's result alone against its snapshots, the
    # first shipped policy, the scripted player and all six Kings exploiters
    # (reports/league/README.md, "Fifth step"): a fresh 30-CPU-minute exploiter won 29 of 200
    # games against it where it won 74 against policy:kings_ppo_selfplay (reports/ladder/
    # exploiters.md); it beats that policy 541 of 1000 and the scripted player 355 of 400
    "kings_v2": {"*": _DEFAULT, "2p:player": {**_DEFAULT, "hard": "policy:kings_league_terminal"}},
    # two-player Cards: PPO against the scripted player (baselines/policies/cards_ppo_2p/README.md)
    "cards_v2": {"*": _DEFAULT, "2p:player": {**_DEFAULT, "hard": "policy:cards_ppo_2p"}},
    # the AI Yara: the policy trained against a league of the scripted Conan and the patient
    # Conan who waits out her minions (configs/tower_yara_league.yaml, its snapshot at 1.8M
    # steps; 146 and 192 of 200 against them, where policy:tower_yara_ppo won 107 and 198:
    # reports/league/README.md); Conan, in Battle Mode and solo
    # (baselines/policies/tower_conan_ppo/README.md, baselines/policies/tower_conan_solo_ppo/README.md)
    "tower_v2": {"*": _DEFAULT, "battle:yara": {**_DEFAULT, "hard": "policy:tower_yara_league"},
                 "battle:conan": {**_DEFAULT, "hard": "policy:tower_conan_ppo"},
                 "solo:conan": {**_DEFAULT, "hard": "policy:tower_conan_solo_ppo"}},
    # the Overlord of the scenarios with a shipped policy that beat the scripted one
    # (baselines/policies/miniatures_overlord_ppo_<scenario>/README.md)
    "miniatures_v2": {"*": _DEFAULT,
                      **{f"{scenario}:overlord": {
                          **_DEFAULT, "hard": f"policy:miniatures_overlord_ppo_{scenario}"}
                         for scenario in ("clutches", "tigress", "heart_of_darkness", "ophir",
                                          "ruined_fort", "thalis", "ritual")},
                      # In the Heart of Darkness: the Overlord trained against a league of the
                      # scripted heroes and the heroes who block Skuthus's tower
                      # (configs/miniatures_overlord_league.yaml; 97.0% and 85.5% of 200 games
                      # against them, where the policy above won 63.0% and 11.0%:
                      # reports/ladder/miniatures_plans.md)
                      "heart_of_darkness:overlord": {
                          **_DEFAULT, "hard": "policy:miniatures_overlord_league_heart_of_darkness"},
                      # Hunting the Tigress: three league rounds, each holding the exploiters
                      # found so far; a fresh 30-CPU-minute exploiter won 124-164 of 200 against
                      # each single policy of the first two and 74 against their Nash mixture.
                      # `hard` is round E's Nash mixture with the guard (reports/league/
                      # README.md, reports/ladder/exploiters.md "Round five")
                      "tigress:overlord": {**_DEFAULT, "hard": TIGRESS_NASH},
                      # The Final Ritual: two league rounds, each holding the exploiters found so
                      # far, left policies each beaten by a fresh exploiter of its own in 195-200
                      # of 200 games, and the equal mixture of three of them in 128; `hard` is
                      # the Nash mixture of four (its members drawn per game by the weights that
                      # leave the best known exploiter least), whose fresh exploiter won 39
                      # (reports/league/README.md, reports/ladder/exploiters.md "Round three")
                      "ritual:overlord": {**_DEFAULT, "hard": RITUAL_NASH},
                      # The Final Ritual's heroes: the search judged by the scenario's objective
                      # (baselines/scripted/miniatures/value.py), measured stronger there
                      "ritual:hero": {**_DEFAULT, "hard": _override(["value=objective"])},
                      # In the Clutches of the Picts the strongest heroes measured are the
                      # scripted ones (136 of 200 against the scripted Overlord; the guided
                      # search 34 of 100 where they won 53 before their village rules:
                      # reports/ladder/clutches_plans.md)
                      "clutches:hero": {**_DEFAULT, "hard": NORMAL}},
    # The two-player Foe: the league Foe (policy:adventures_foe_league, 89 of 200 against the
    # Conan who baits Duels) trained on, paid for its lead in Victory points rather than its
    # own points (reward: margin; reports/league/configs/adventures_foe_league_margin.yaml;
    # 123 of 200 against the baiting Conan: reports/league/README.md, "Seventh step"),
    # played through the guard that removes the Ambush Duel with no Warrior dice (122 of 200
    # guarded). As Conan the PPO policy is below the scripted player, so Conan's hard stays
    # the search.
    # The Team Game's Foes: the scripted Foes' plan for the team rule (TeamFoeAgent in
    # baselines/scripted/adventures_plans.py), measured above the guided search there
    "adventures_v2": {"*": _DEFAULT,
                      "2p:foe": {**_DEFAULT, "hard": "policy:adventures_foe_margin,guard=true"},
                      **{f"team:{foe}": {**_DEFAULT, "hard": TEAM_FOE} for foe in ("foe", "foe2")}},
}


# The human-style plans: what a person did to beat a named AI in a first game, scripted
# (``scripted:plan=NAME``). env_id -> the AI's row key (as in LADDER) -> the agent strings of
# the plans that play the other side against it. Each AI's report measures it against them
# (``python -m baselines.ladder --game G --seat S --versus PLAN``: reports/ladder/*_plans.md);
# league configs train against them (configs/*_league.yaml).
PLANS: dict[str, dict[str, tuple[str, ...]]] = {
    # the Conan who waits out Yara's minions (baselines/scripted/tower_plans.py)
    "tower_v2": {"battle:yara": ("scripted:plan=patient",)},
    # the heroes who fill Skuthus's tower so no reinforcement can enter
    # (baselines/scripted/miniatures/plans.py)
    "miniatures_v2": {"heart_of_darkness:overlord": ("scripted:plan=block",)},
    # the Conan who baits Duels (baselines/scripted/adventures_plans.py, BaitConanAgent)
    "adventures_v2": {"2p:foe": ("scripted:plan=bait",)},
}


def guided_by(policy: str) -> str:
    """The ``hard`` search with shipped policy `policy` (its NAME) as its prior in place of
    the scripted player: ``mcts:...,prior=policy:NAME,...``. Where the policy was not trained
    for a seat, the scripted player guides that seat's nodes (:class:`baselines.mcts.MCTSAgent`)."""
    if not NAME.fullmatch(policy):
        raise ConfigError(f"guided_by takes a shipped policy's NAME, not {policy!r}")
    return hard_with([f"prior=policy:{policy}"])


def seat_of(env_id: str, role: int | str, game: Any) -> tuple[str, str]:
    """(variant, seat) of `role` in `game`: the variant is the config that changes what a
    seat faces (the tower's mode, the miniatures scenario), the seat its part in the game."""
    r = game.role_index(role)
    name = game.roles[r]
    config = game.config
    if env_id in ("kings_v2", "cards_v2"):
        return f"{config['num_players']}p", "player"
    if env_id == "tower_v2":
        return str(config["mode"]), name
    if env_id == "miniatures_v2":  # the scenario; with other than 3 heroes, its own variant
        n = config["num_heroes"]
        variant = str(config["scenario"]) + ("" if n == 3 else f"-{n}heroes")
        return variant, "overlord" if name == "overlord" else "hero"
    if env_id == "adventures_v2":
        return ("team" if config.get("team") else f"{config['num_players']}p"), name
    return "", name


def difficulty_spec(difficulty: str, env_id: str, role: int | str = 0,
                    game: Any = None, **game_config: Any) -> str:
    """The agent string that plays `difficulty` for `role` of `env_id` with this config."""
    if difficulty not in DIFFICULTIES:
        raise ConfigError(f"unknown difficulty {difficulty!r}; difficulties: "
                          f"{', '.join(DIFFICULTIES)}")
    check_env_id(env_id)
    if game is None:
        game = make_game(env_id, **game_config)
    variant, seat = seat_of(env_id, role, game)
    rows = LADDER.get(env_id, {"*": _DEFAULT})
    for key in (f"{variant}:{seat}", seat, "*"):
        if key in rows and difficulty in rows[key]:
            return rows[key][difficulty]
    return _DEFAULT[difficulty]


def variant_config(env_id: str, variant: str) -> dict[str, Any]:
    """The game config a row's variant names (``battle`` -> mode=battle, ``ritual`` ->
    scenario=ritual, ``3p`` -> num_players=3, ``team`` -> the team game of 4)."""
    if not variant:
        return {}
    if env_id in ("kings_v2", "cards_v2", "adventures_v2") and variant.endswith("p"):
        return {"num_players": int(variant[:-1])}
    if env_id == "adventures_v2" and variant == "team":
        return {"num_players": 4, "team": True}
    if env_id == "tower_v2":
        return {"mode": variant}
    if env_id == "miniatures_v2":
        scenario, _, heroes = variant.partition("-")
        return {"scenario": scenario, **({"num_heroes": int(heroes[0])} if heroes else {})}
    raise ConfigError(f"ladder: {env_id} has no variant {variant!r}")
