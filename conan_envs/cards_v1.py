"""Conan: el juego de cartas as a PettingZoo environment (rulebook: conan-card-game.txt)."""
from ._module import env_functions

env, raw_env = env_functions("cards_v1")
