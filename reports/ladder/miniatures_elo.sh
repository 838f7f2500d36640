# The miniatures ladder: every difficulty against every other, a whole side each (the three
# heroes, or the Overlord), both seatings, 20 games a pair and scenario; Elo per scenario.
nice -n 10 .venv/bin/python -m baselines.ladder --game miniatures --games 20 --workers 1 \
  --name miniatures
