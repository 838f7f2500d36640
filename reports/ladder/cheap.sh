#!/bin/sh
# The cheap rows (easy and normal, milliseconds a game), one process, one after another.
set -e
L=".venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder"
$L --game tower --config mode=battle --seat yara --difficulties normal,easy --games 100 --workers 1 --chunk 50 --name tower_battle_yara_normal
$L --game tower --config mode=battle --seat conan --difficulties normal,easy --games 100 --workers 1 --chunk 50 --name tower_battle_conan_normal
$L --game tower --config mode=solo --seat conan --difficulties normal,easy --games 300 --workers 1 --chunk 100 --name tower_solo_normal
