#!/bin/sh
# the measurements of README.md, run from the repository root
P=.venv/bin/python
$P reports/kings_balance/ends.py --a scripted --b scripted --games 200 --out runs/kings_balance/scripted_vs_scripted.json
$P reports/kings_balance/ends.py --a mcts:simulations=50 --b scripted --games 30 --out runs/kings_balance/mcts50_vs_scripted.json
$P reports/kings_balance/ends.py --a scripted --b scripted --games 200 --config '{"pretender": false, "conquest": 0}' --out runs/kings_balance/scripted_vs_scripted_v0_rules.json
