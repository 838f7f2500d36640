#!/bin/sh
# the measurements of README.md, run from the repository root
P=.venv/bin/python
$P reports/kings_balance/ends.py --a scripted --b scripted --games 200 --out reports/kings_balance/scripted_vs_scripted.json
$P reports/kings_balance/ends.py --a scripted --b scripted --games 200 --config '{"pretender": false, "conquest": 0}' --out reports/kings_balance/scripted_vs_scripted_v0_rules.json
