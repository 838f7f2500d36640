#!/bin/sh
# League training against the human-style plans, and the measures of what it made
# (reports/league/README.md). Runs go to runs/league/ (outside git). About 20 minutes of wall
# per league on two cores, plus the ladder measures.
set -e
conan-train --config miniatures_overlord_league --out-dir runs/league/hod --total-steps 600000
conan-train --config miniatures_overlord_league --out-dir runs/league/hod --resume --total-steps 3000000
for versus in scripted scripted:plan=block; do
    python -m baselines.ladder --game miniatures --seat overlord --config scenario=heart_of_darkness \
        --versus "$versus" --difficulties "ppo:runs/league/hod/policy" --games 200 --workers 1 \
        --chunk 50 --out runs/league/eval --name "hod_league_vs_$(echo "$versus" | tr ':=' '__')"
done
conan-train --config tower_yara_league --out-dir runs/league/yara --total-steps 1000000
conan-train --config tower_yara_league --out-dir runs/league/yara --resume --total-steps 3000000
for versus in scripted scripted:plan=patient; do
    python -m baselines.ladder --game tower --seat yara --config mode=battle \
        --versus "$versus" --difficulties "ppo:runs/league/yara/policy" --games 200 --workers 1 \
        --chunk 50 --out runs/league/eval --name "yara_league_vs_$(echo "$versus" | tr ':=' '__')"
done
