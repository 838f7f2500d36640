"""Conan, the miniatures game as a PettingZoo environment (rulebook: conan-miniatures-heroes.txt)."""
from ._module import env_functions

env, raw_env = env_functions("miniatures_v1")
