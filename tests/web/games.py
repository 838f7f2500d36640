"""The five games as the web tests play them: short configs, the person's seats, the AI's."""


# env id -> (config, seats): a person against the scripted AI, short enough for a test.
SHORT_GAMES = {
    "kings_v2": ({"max_turns": 2}, {"player_0": "human", "player_1": "scripted"}),
    "tower_v2": ({"mode": "battle", "max_turns": 2}, {"conan": "human", "yara": "scripted"}),
    "miniatures_v2": ({"max_turns": 1}, {"conan": "human", "shevatas": "human",
                                         "hadrathus": "human", "overlord": "scripted"}),
    "cards_v2": ({"max_turns": 1}, {"player_0": "human", "player_1": "scripted"}),
    "adventures_v2": ({"max_turns": 1}, {"conan": "human", "foe": "scripted"}),
}
