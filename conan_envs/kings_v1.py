"""Kings of Hyboria as a PettingZoo environment (rulebook: kings-of-hyboria.txt)."""
from ._module import env_functions

env, raw_env = env_functions("kings_v1")
