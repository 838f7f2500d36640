#!/bin/bash
# Instructions per step (valgrind cachegrind, deterministic: the machine's load does not
# count) of the base tree (/tmp/engab/base: HEAD when the work began) and the new one (the
# same tree with the working copy's conan_envs/engine), on one fixed trajectory per env.
#   reports/engine_speed/ab_ir.sh STEPS ENV MODE...      (MODE: env, core, coreobs)
steps=$1; env=$2; shift 2
new=/tmp/engab/new.$$
rm -rf $new && cp -r /tmp/engab/base $new
rm -rf $new/conan_envs/engine && cp -r /work/main/conan_envs/engine $new/conan_envs/engine
cp /work/main/reports/engine_speed/fixed.py $new/fixed.py
find $new -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null
ir() {
  (cd /tmp && PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
     /work/main/.venv/bin/python $new/fixed.py "$@" 2>&1) | sed -n 's/.*I *refs: *//p' | tr -d ,
}
for tree in /tmp/engab/base $new; do
  a=$(ir $tree $env 0 env)
  for mode in "$@"; do
    b=$(ir $tree $env $steps $mode)
    echo "$env $mode $(basename $tree) $(( (b - a) / steps )) instructions/step"
  done
done
rm -rf $new
