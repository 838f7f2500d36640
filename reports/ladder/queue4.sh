# The Adventures' Foe at hard over 200 more seeds (100-299), then the Adventures' full ladder
set -x
P="nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder"
$P --game adventures --seat foe --difficulties hard,normal --games 200 --seed 100 --workers 1 --chunk 20 --name adventures_foe_hard_more
