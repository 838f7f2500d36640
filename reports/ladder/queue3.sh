# Guided search (hard) against the scripted player over 100 games, one seat at a time
set -x
P="nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder"
$P --game adventures --seat conan --difficulties hard --games 100 --workers 1 --chunk 10 --name adventures_conan_hard
$P --game adventures --seat foe --difficulties hard,normal --games 100 --workers 1 --chunk 10 --name adventures_foe_hard
