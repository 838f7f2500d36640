# The Adventures' full ladder: every difficulty against every other, both seatings, Elo
set -x
nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder --game adventures --games 100 --workers 1 --name adventures
