"""The Adventures of Conan as a PettingZoo environment (rulebook: adventures-of-conan.txt)."""
from ._module import env_functions

env, raw_env = env_functions("adventures_v1")
