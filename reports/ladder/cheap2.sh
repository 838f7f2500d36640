#!/bin/sh
# easy against normal in the symmetric games (both seatings, same seeds), one process.
L=".venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder"
$L --game kings --difficulties easy,normal --games 100 --workers 1 --name kings_easy_normal
$L --game cards --difficulties easy,normal --games 100 --workers 1 --name cards_easy_normal
$L --game adventures --difficulties easy,normal --games 100 --workers 1 --name adventures_easy_normal
