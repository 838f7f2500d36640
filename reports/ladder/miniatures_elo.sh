# The miniatures ladder: every difficulty against every other, a whole side each (the three
# heroes, or the Overlord), both seatings, 20 games a pair and scenario; Elo per scenario.
nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder --game miniatures --games 20 --workers 1 \
  --name miniatures
# The Final Ritual again once its heroes' hard searched by the objective; its entry replaces
# the ritual entry of miniatures.json (miniatures.md rebuilt with baselines.ladder.to_markdown)
nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder --game miniatures --config scenario=ritual \
  --games 20 --workers 1 --name miniatures_ritual_elo
