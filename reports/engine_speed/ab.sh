#!/bin/bash
# A/B of the engine: /tmp/engab/base = HEAD at the start of the work; /tmp/engab/new = the same
# tree with the working copy's conan_envs/engine. Alternates the two, ROUNDS times per env.
#   reports/engine_speed/ab.sh ROUNDS SECONDS ENV...
rounds=$1; secs=$2; shift 2
rm -rf /tmp/engab/new && cp -r /tmp/engab/base /tmp/engab/new
rm -rf /tmp/engab/new/conan_envs/engine && cp -r /work/main/conan_envs/engine /tmp/engab/new/conan_envs/engine
find /tmp/engab/new -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null
py=/work/main/.venv/bin/python
for env in "$@"; do
  for i in $(seq $rounds); do
    echo "$env base $(cd /tmp && $py /work/main/reports/engine_speed/ab_one.py /tmp/engab/base $env $secs)"
    echo "$env new  $(cd /tmp && $py /work/main/reports/engine_speed/ab_one.py /tmp/engab/new $env $secs)"
  done
done
