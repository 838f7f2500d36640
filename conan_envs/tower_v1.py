"""The Tower of the Elephant as a PettingZoo environment (rulebook: tower-of-the-elephant.txt)."""
from ._module import env_functions

env, raw_env = env_functions("tower_v1")
