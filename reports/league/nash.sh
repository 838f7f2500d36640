#!/bin/sh
# The leagues' Nash meta-strategy (reports/league/README.md, "Fourth step" and "Fifth step"): each population's
# payoff matrix against every exploiter found so far, its Nash mixture, a fresh 30-CPU-minute
# exploiter of that mixture, and the mixture against the scripted players and today's `hard`.
# Run from the directory that holds runs/ after run.sh and the exploiter rounds of
# reports/ladder/exploiters.md (runs/exploit, exploit_after, exploit_round2, exploit_mix).
# About 25 CPU minutes for the matrices, 90 for the three exploiters.
set -e
NASH=reports/league/nash.py
EXPLOITERS=reports/ladder/exploiters.py

# matrix SCENARIO "EXTRA_COLUMNS" ROW...: the Overlord rows against the scripted and random
# heroes, the scenario's four exploiters and the extra columns, 200 games a cell (each game is
# seeded on its own, so the workers do not change a result); NASH_OPTS adds options to nash.py
matrix() {
    scenario=$1 extra=$2
    shift 2
    # shellcheck disable=SC2086 # $extra is a list of agent strings without spaces
    # shellcheck disable=SC2086 # $NASH_OPTS: more options of nash.py, without spaces inside
    python "$NASH" --env miniatures_v2 --config "scenario=$scenario" --side overlord --games 200 \
        --workers 2 --out "runs/nash/$scenario" ${NASH_OPTS:-} --rows "$@" --cols scripted random \
        "ppo:runs/exploit/miniatures-$scenario/policy" "ppo:runs/exploit_after/miniatures-$scenario/policy" \
        "ppo:runs/exploit_round2/miniatures-$scenario/policy" "ppo:runs/exploit_mix/miniatures-$scenario/policy" $extra
}
# matrix_tigress "EXTRA_COLUMNS" [ROW...]: Hunting the Tigress with every pool snapshot of both
# rounds (13 each) and the rows given
matrix_tigress() {
    extra=$1
    shift
    matrix tigress "$extra" "policy:miniatures_overlord_ppo_tigress" "policy:miniatures_overlord_league_tigress" \
        "policy:miniatures_overlord_league_tigress_round2" scripted \
        $(ls runs/league/tigress/pool/snap_*.json runs/league/tigress_round2/pool/snap_*.json | sed 's/^/ppo:/; s/\.json$//') "$@"
}

# the shipped policies, the scripted Overlord and snapshots of both league rounds
for scenario in ritual tigress; do
    matrix "$scenario" "" "policy:miniatures_overlord_ppo_$scenario" "policy:miniatures_overlord_league_$scenario" \
        "policy:miniatures_overlord_league_${scenario}_round2" scripted \
        $(for run in "$scenario" "${scenario}_round2"; do for steps in 0000483328 0000962560 0001441792; do
            echo "ppo:runs/league/$run/pool/snap_$steps"; done; done)
done
matrix_tigress ""
python "$NASH" --env kings_v2 --side player_0 --games 200 --out runs/nash/kings \
    --rows policy:kings_ppo_selfplay policy:kings_league scripted ppo:runs/league/kings_round3/policy \
        ppo:runs/league/kings/pool/snap_0001452032 ppo:runs/league/kings_round2/pool/snap_0001452032 \
        ppo:runs/league/kings_round3/pool/snap_0000751616 ppo:runs/league/kings_round3/pool/snap_0001452032 \
    --cols scripted random ppo:runs/exploit/kings-2p/policy ppo:runs/exploit_b/kings-2p/policy \
        ppo:runs/exploit_round2/kings-2p/policy ppo:runs/exploit/kings-2p-short/policy

# the mixtures' members shipped, as policy:NAME
python -m baselines.policies.ship runs/league/kings kings_league_1450k --snapshot 1452032
python -m baselines.policies.ship runs/league/kings_round2 kings_league_round2_1450k --snapshot 1452032
python -m baselines.policies.ship runs/league/ritual miniatures_overlord_league_ritual_480k --snapshot 483328
python -m baselines.policies.ship runs/league/ritual_round2 miniatures_overlord_league_ritual_round2_480k --snapshot 483328
python -m baselines.policies.ship runs/league/tigress miniatures_overlord_league_tigress_960k --snapshot 962560
python -m baselines.policies.ship runs/league/tigress_round2 miniatures_overlord_league_tigress_round2_960k --snapshot 962560

KINGS="mix:members=policy:kings_ppo_selfplay|policy:kings_league_1450k|policy:kings_league_round2_1450k,weights=0.177|0.369|0.455"
RITUAL="mix:members=policy:miniatures_overlord_ppo_ritual|policy:miniatures_overlord_league_ritual_round2|policy:miniatures_overlord_league_ritual_480k|policy:miniatures_overlord_league_ritual_round2_480k,weights=0.169|0.159|0.270|0.403"
TIGRESS="mix:members=policy:miniatures_overlord_league_tigress_960k|policy:miniatures_overlord_league_tigress_round2_960k,weights=0.977|0.023"
python "$EXPLOITERS" --minutes 30 --only kings-2p --out runs/exploit_nash --target "$KINGS"
python "$EXPLOITERS" --minutes 30 --only miniatures-ritual --out runs/exploit_nash --target "$RITUAL"
python "$EXPLOITERS" --minutes 30 --only miniatures-tigress --out runs/exploit_nash --target "$TIGRESS"

conan-evaluate kings_v2 nash="$KINGS" hard=policy:kings_ppo_selfplay --vs nash --games 200 --seed 11000 \
    --no-mirror --out runs/nash_eval/kings_h2h
conan-evaluate kings_v2 nash="$KINGS" hard=policy:kings_ppo_selfplay --vs nash --games 800 --seed 12000 \
    --no-mirror --out runs/nash_eval/kings_h2h_800
conan-evaluate kings_v2 nash="$KINGS" scripted --vs nash --games 200 --seed 11000 --no-mirror \
    --out runs/nash_eval/kings_scripted
python -m baselines.ladder --game miniatures --seat overlord --config scenario=ritual --versus scripted \
    --difficulties hard --agent "$RITUAL" --games 200 --workers 1 --name ritual_nash_scripted --out runs/nash_eval
python -m baselines.ladder --game miniatures --seat overlord --config scenario=tigress --versus scripted \
    --difficulties hard --agent "$TIGRESS" --games 200 --workers 1 --name tigress_nash_scripted --out runs/nash_eval

# Round B: each fresh exploiter above becomes a column; Kings gets six more snapshot rows, the
# Tigress matrix every snapshot (its second call above); the new Nash mixtures' members are
# shipped and a fresh exploiter of each is trained
python "$NASH" --env kings_v2 --side player_0 --games 200 --out runs/nash/kings \
    --rows policy:kings_ppo_selfplay policy:kings_league scripted \
        ppo:runs/league/kings/pool/snap_0001452032 ppo:runs/league/kings_round2/pool/snap_0001452032 \
        ppo:runs/league/kings_round3/pool/snap_0000751616 ppo:runs/league/kings_round3/pool/snap_0001452032 \
        ppo:runs/league/kings/pool/snap_0000501760 ppo:runs/league/kings/pool/snap_0001001472 \
        ppo:runs/league/kings_round2/pool/snap_0000501760 ppo:runs/league/kings_round2/pool/snap_0001001472 \
        ppo:runs/league/kings_round3/pool/snap_0000251904 ppo:runs/league/kings_round3/pool/snap_0001001472 \
        ppo:runs/league/kings_round3/pool/snap_0001251328 \
    --cols scripted random ppo:runs/exploit/kings-2p/policy ppo:runs/exploit_b/kings-2p/policy \
        ppo:runs/exploit_round2/kings-2p/policy ppo:runs/exploit/kings-2p-short/policy \
        ppo:runs/exploit_nash/kings-2p/policy
matrix_tigress ppo:runs/exploit_nash/miniatures-tigress/policy
python -m baselines.policies.ship runs/league/kings_round2 kings_league_round2_500k --snapshot 501760
python -m baselines.policies.ship runs/league/tigress miniatures_overlord_league_tigress_480k --snapshot 483328
python -m baselines.policies.ship runs/league/tigress miniatures_overlord_league_tigress_1200k --snapshot 1200128
python -m baselines.policies.ship runs/league/tigress_round2 miniatures_overlord_league_tigress_round2_120k --snapshot 122880
python -m baselines.policies.ship runs/league/tigress_round2 miniatures_overlord_league_tigress_round2_1440k --snapshot 1441792
python "$EXPLOITERS" --minutes 30 --only kings-2p --out runs/exploit_nash_b \
    --target "mix:members=policy:kings_ppo_selfplay|policy:kings_league|policy:kings_league_round2_500k,weights=0.116|0.067|0.817"
TIGRESS_B="mix:members=policy:miniatures_overlord_league_tigress_480k|policy:miniatures_overlord_league_tigress_1200k|policy:miniatures_overlord_league_tigress_round2_120k|policy:miniatures_overlord_league_tigress_round2_1440k,weights=0.458|0.292|0.187|0.062"
python "$EXPLOITERS" --minutes 30 --only miniatures-tigress --out runs/exploit_nash_b --target "$TIGRESS_B"
python -m baselines.ladder --game miniatures --seat overlord --config scenario=tigress --versus scripted \
    --difficulties hard --agent "$TIGRESS_B" --games 200 --workers 2 --name tigress_nash_b_scripted --out runs/nash_eval
# Kings' seat balance: the shipped policy against itself, player_1's wins
python -c 'from baselines.evaluation import head_to_head as h; print(h("kings_v2", "policy:kings_ppo_selfplay",
    "policy:kings_ppo_selfplay", games=400, seed=70000, a_roles=["player_1"]))'
# Round C: the round-B Tigress exploiter as a column (the Nash mixture comes out the same)
matrix_tigress "ppo:runs/exploit_nash/miniatures-tigress/policy ppo:runs/exploit_nash_b/miniatures-tigress/policy"

# Round D: a third Tigress league round, two runs against all six exploiters at once
# (configs/miniatures_overlord_league_tigress_round3.yaml and _round3b.yaml); every other pool
# snapshot of each and its final policy join the matrix as rows, with the round-B members as
# an ensemble; then the new Nash mixture's fresh exploiter
conan-train --config reports/league/configs/miniatures_overlord_league_tigress_round3.yaml
conan-train --config reports/league/configs/miniatures_overlord_league_tigress_round3b.yaml
# round3_rows: every other pool snapshot of both third-round runs and their final policies
round3_rows() {
    for run in tigress_round3 tigress_round3b; do
        for steps in 0000241664 0000483328 0000720896 0000962560 0001200128 0001441792; do
            echo "ppo:runs/league/$run/pool/snap_$steps"; done; echo "ppo:runs/league/$run/policy"; done
}
NASH_B="ppo:runs/exploit_nash/miniatures-tigress/policy ppo:runs/exploit_nash_b/miniatures-tigress/policy"
matrix_tigress "$NASH_B" $(round3_rows) \
    "ensemble:members=policy:miniatures_overlord_league_tigress_480k|policy:miniatures_overlord_league_tigress_1200k|policy:miniatures_overlord_league_tigress_round2_120k|policy:miniatures_overlord_league_tigress_round2_1440k,weights=0.458|0.292|0.187|0.062"
# the spread answer beside the Nash one (the same rows without the ensemble, whose agent string
# cannot be a mixture's member), and its members shipped
(NASH_OPTS="--spread 0.03"; matrix_tigress "$NASH_B" $(round3_rows))
# (the spread mixture's exploiter won 99 of 200 and the Nash one's 20: the Nash mixture is
# `hard`, and only its two members stay in the package; rerun, this loop ships the others)
for steps in 240k:241664 480k:483328 720k:720896 960k:962560; do
    python -m baselines.policies.ship runs/league/tigress_round3 "miniatures_overlord_league_tigress_round3_${steps%%:*}" --snapshot "${steps##*:}"
done
python -m baselines.policies.ship runs/league/tigress_round3b miniatures_overlord_league_tigress_round3b_480k --snapshot 483328
TIGRESS_D="mix:members=policy:miniatures_overlord_league_tigress_round3_720k|policy:miniatures_overlord_league_tigress_round3b_480k,weights=0.944|0.056"
TIGRESS_D_SPREAD="mix:members=policy:miniatures_overlord_league_tigress_round3_240k|policy:miniatures_overlord_league_tigress_round3_480k|policy:miniatures_overlord_league_tigress_round3_720k|policy:miniatures_overlord_league_tigress_round3_960k|policy:miniatures_overlord_league_tigress_round3b_480k,weights=0.043|0.147|0.577|0.085|0.147"
python "$EXPLOITERS" --minutes 30 --only miniatures-tigress --out runs/exploit_nash_d --target "$TIGRESS_D"
python "$EXPLOITERS" --minutes 30 --only miniatures-tigress --out runs/exploit_spread_d --target "$TIGRESS_D_SPREAD"

# Kings on the win alone: the league, its rows in the Kings matrix (with the round-B exploiter
# as a column, and the five shipped Kings policies as an ensemble), the policy shipped, its
# fresh exploiter and its games against the shipped policy and the scripted player
conan-train --config reports/league/configs/kings_league_terminal.yaml
python "$NASH" --env kings_v2 --side player_0 --games 200 --workers 2 --out runs/nash/kings \
    --rows policy:kings_ppo_selfplay ppo:runs/league/kings_terminal/policy \
        $(for s in 0001001472 0001200128 0001400832 0001601536 0001800192; do echo "ppo:runs/league/kings_terminal/pool/snap_$s"; done) \
        "ensemble:members=policy:kings_ppo_selfplay|policy:kings_league|policy:kings_league_1450k|policy:kings_league_round2_1450k|policy:kings_league_round2_500k" \
    --cols scripted random ppo:runs/exploit/kings-2p/policy ppo:runs/exploit_b/kings-2p/policy \
        ppo:runs/exploit_round2/kings-2p/policy ppo:runs/exploit/kings-2p-short/policy \
        ppo:runs/exploit_nash/kings-2p/policy ppo:runs/exploit_nash_b/kings-2p/policy
python -m baselines.policies.ship runs/league/kings_terminal kings_league_terminal
python "$EXPLOITERS" --minutes 30 --only kings-2p --out runs/exploit_terminal --target policy:kings_league_terminal
conan-evaluate kings_v2 policy:kings_league_terminal policy:kings_ppo_selfplay scripted --games 400 \
    --vs policy:kings_league_terminal --no-mirror --workers 2 --seed 13000 --out runs/nash_eval
conan-evaluate kings_v2 policy:kings_league_terminal policy:kings_ppo_selfplay --games 600 \
    --vs policy:kings_league_terminal --no-mirror --workers 1 --seed 14000 --out runs/nash_eval

# Round E: the two round-D exploiters (of the Nash and of the spread mixture) as columns of the
# same rows; the new Nash mixture, played bare and through the guard against every column, and
# the guarded one's fresh exploiter (its row: runs/nash/tigress_guard, outside the matrix)
(NASH_OPTS=; matrix_tigress "$NASH_B ppo:runs/exploit_nash_d/miniatures-tigress/policy ppo:runs/exploit_spread_d/miniatures-tigress/policy" $(round3_rows))
TIGRESS_E="mix:members=policy:miniatures_overlord_league_tigress_round3_720k|policy:miniatures_overlord_league_tigress_round3b_480k,weights=0.186|0.814"
python "$NASH" --env miniatures_v2 --config scenario=tigress --side overlord --games 200 --workers 2 \
    --out runs/nash/tigress_guard --rows "$TIGRESS_D" "$TIGRESS_D,guard=true" "$TIGRESS_E" "$TIGRESS_E,guard=true" \
    --cols scripted random $(for r in exploit exploit_after exploit_round2 exploit_mix exploit_nash exploit_nash_b exploit_nash_d exploit_spread_d; do
        echo "ppo:runs/$r/miniatures-tigress/policy"; done)
python "$EXPLOITERS" --minutes 30 --only miniatures-tigress --out runs/exploit_nash_e --target "$TIGRESS_E,guard=true"
