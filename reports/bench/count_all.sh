# Instructions per step (valgrind), the v0 release against this tree, every env, both loops;
# load-independent. Run from the repository root with the v0 release checked out at /tmp/v0tree.
for g in kings cards tower miniatures adventures; do
  nice -n 10 .venv/bin/python scripts/count_steps.py ${g}_v0 core env 2000 --tree /tmp/v0tree
  nice -n 10 .venv/bin/python scripts/count_steps.py ${g}_v1 core env 2000
done
