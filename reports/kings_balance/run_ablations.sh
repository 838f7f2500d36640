#!/bin/sh
# one designed part at a time (100 games each), from the repository root
P=.venv/bin/python
$P reports/kings_balance/ends.py --games 100 --config '{"conquest": 0}' --out runs/kings_balance/scripted_pretender_only.json
$P reports/kings_balance/ends.py --games 100 --config '{"pretender": false}' --out runs/kings_balance/scripted_conquest_only.json
$P reports/kings_balance/ends.py --games 100 --players 3 --out runs/kings_balance/scripted_3_players.json
