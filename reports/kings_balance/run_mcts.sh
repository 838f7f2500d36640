#!/bin/sh
# MCTS (50 simulations a decision) against the scripted player, from the repository root
P=.venv/bin/python
$P reports/kings_balance/ends.py --a mcts:simulations=50 --b scripted --games 40 --seed 1000 --out runs/kings_balance/mcts50_vs_scripted.json
$P reports/kings_balance/ends.py --a mcts:simulations=50 --b scripted --games 60 --seed 1040 --out runs/kings_balance/mcts50_vs_scripted_more.json
