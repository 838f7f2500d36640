#!/bin/sh
# League training against the human-style plans, and the measures of what it made
# (reports/league/README.md). Runs go to runs/league/ (outside git). About 20-35 minutes of
# wall per league on two cores, plus the ladder measures.
set -e

# league CONFIG NAME FIRST_STEPS GAME SEAT GAME_CONFIG OPPONENT...: train (stopped once at
# FIRST_STEPS, as the runs were, then resumed to 3M), then 200 games against each opponent
league() {
    config=$1 name=$2 first=$3 game=$4 seat=$5 game_config=$6
    shift 6
    conan-train --config "$config" --out-dir "runs/league/$name" --total-steps "$first"
    conan-train --config "$config" --out-dir "runs/league/$name" --resume --total-steps 3000000
    for versus in "$@"; do
        python -m baselines.ladder --game "$game" --seat "$seat" --config "$game_config" \
            --versus "$versus" --difficulties "ppo:runs/league/$name/policy" --games 200 \
            --workers 1 --chunk 50 --out runs/league/eval \
            --name "${name}_league_vs_$(echo "$versus" | tr ':=' '__')"
    done
}

# overlord_vs SCENARIO AGENT NAME OPPONENT...: 200 games of the Overlord AGENT against each
overlord_vs() {
    scenario=$1 agent=$2 name=$3
    shift 3
    for versus in "$@"; do
        python -m baselines.ladder --game miniatures --seat overlord --config "scenario=$scenario" \
            --versus "$versus" --difficulties "$agent" --games 200 --workers 1 --chunk 50 \
            --out runs/league/eval --name "${name}_vs_$(echo "$versus" | tr ':=/' '___')"
    done
}

league miniatures_overlord_league hod 600000 miniatures overlord scenario=heart_of_darkness \
    scripted scripted:plan=block
league tower_yara_league yara 1000000 tower yara mode=battle scripted scripted:plan=patient hard
conan-train --config adventures_foe_league --out-dir runs/league/foe
python -m baselines.ladder --game adventures --seat foe --versus scripted:plan=bait \
    --difficulties ppo:runs/league/foe/policy --games 200 --workers 1 --chunk 50 \
    --out runs/league/eval --name foe_league_vs_bait

# The Tigress and Final Ritual Overlords: their 30-minute exploiters first (the "before" rows
# of reports/ladder/exploiters.md), then a league with the exploiter in the pool
for scenario in tigress ritual; do
    python reports/ladder/exploiters.py --minutes 30 --only "miniatures-$scenario" --out runs/exploit
    conan-train --config "reports/league/configs/miniatures_overlord_league_$scenario.yaml" \
        --out-dir "runs/league/$scenario"
    overlord_vs "$scenario" "ppo:runs/league/$scenario/policy" "${scenario}_league" scripted \
        "ppo:runs/exploit/miniatures-$scenario/policy"
done

# Third round: the Tigress and Final Ritual Overlords' second league, with both exploiters in
# the pool (the one of the shipped policy and the one of the first league's policy, found by
# `exploiters.py --out runs/exploit_after` while the first league's policies were `hard`), and
# Kings' second league with its 30-minute exploiter and the shipped policy in the pool
for scenario in tigress ritual; do
    conan-train --config "reports/league/configs/miniatures_overlord_league_${scenario}_round2.yaml" \
        --out-dir "runs/league/${scenario}_round2"
    # the final policy and the run's last five pool snapshots
    for p in "runs/league/${scenario}_round2/policy" \
            $(ls "runs/league/${scenario}_round2/pool/"snap_*.json | sed 's/\.json$//' | sort | tail -n 5); do
        overlord_vs "$scenario" "ppo:$p" "${scenario}_round2_$(basename "$p")" scripted \
            "ppo:runs/exploit/miniatures-$scenario/policy" "ppo:runs/exploit_after/miniatures-$scenario/policy"
    done
done
conan-train --config reports/league/configs/kings_league_round2.yaml --out-dir runs/league/kings_round2
for steps in 0000901120 0001001472 0001150976 0001251328; do
    conan-evaluate kings_v2 "new=ppo:runs/league/kings_round2/pool/snap_$steps" \
        old=policy:kings_ppo_selfplay --games 200 --vs new --no-mirror --seed 1000 \
        --out "runs/league/kings_eval/round2_$steps"
done
conan-evaluate kings_v2 new=ppo:runs/league/kings_round2/policy old=policy:kings_ppo_selfplay \
    --games 200 --vs new --no-mirror --seed 1000 --out runs/league/kings_eval/round2_final
conan-evaluate kings_v2 new=ppo:runs/league/kings_round2/pool/snap_0000901120 \
    old=policy:kings_ppo_selfplay scripted --games 400 --vs new --no-mirror --seed 5000 \
    --out runs/league/kings_eval/round2_confirm
conan-train --config reports/league/configs/kings_league_round3.yaml --out-dir runs/league/kings_round3
for p in runs/league/kings_round3/policy runs/league/kings_round3/pool/snap_*.json; do
    p=${p%.json}
    conan-evaluate kings_v2 "new=ppo:$p" old=policy:kings_ppo_selfplay --games 200 --vs new \
        --no-mirror --seed 1000 --out "runs/league/kings_eval/round3_$(basename "$p")"
done
conan-evaluate kings_v2 new=ppo:runs/league/kings_round3/policy old=policy:kings_ppo_selfplay \
    scripted --games 400 --vs new --no-mirror --seed 9000 --out runs/league/kings_eval/round3_confirm
