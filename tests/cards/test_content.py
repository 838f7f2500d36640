"""The 110 cards (rulebook, "Components") and every number the rulebook prints."""
from conan_envs.cards import content as C


def test_component_counts():
    assert C.NUM_CARDS == 110
    assert (C.NUM_HEROES, C.NUM_CHALLENGES, C.NUM_ADVENTURES) == (10, 32, 20)
    assert len(C.RESOLUTION_IDS) + len(C.TIMED_IDS) + len(C.MAGIC_IDS) == 48
    assert (len(C.RESOLUTION_IDS), len(C.TIMED_IDS), len(C.MAGIC_IDS)) == (32, 4, 12)
    assert len(C.SECRET_PASSAGE) == len(C.SEERS_VISION) == 2
    assert all(C.KIND[c] == C.TIMED and C.RES_MOD[c] == 0 for c in C.TIMED_IDS)  # bluffs only
    assert all(src == "designed" for name, src in C.all_sources().items()
               if name in ("Secret Passage", "Seer's Vision"))


def test_every_entry_names_its_source():
    for name, src in C.all_sources().items():
        assert src == "designed" or src.startswith("rulebook"), name


def test_printed_numbers():
    assert C.CH_VALUE[C.challenge_index("Crushing Doors")][0] == 4
    assert C.HERO_ATTR[C.BARBARIAN][0] == 5
    curse = C.card_id("Curse of Nergal")
    assert (C.RES_ATTR[curse], C.RES_MOD[curse]) == (0, -1)
    crypt = C.adventure_index("The Forgotten Crypt")
    assert (C.LOOT[crypt], C.LOOT_MAGIC[crypt]) == (2, 1)
    assert C.KIND[C.card_id("The Book of Skelos")] == C.MAGIC
    heroes = {C.NAME[h] for h in range(10)}
    assert {"Barbarian", "Thief", "Sorcerer", "Mercenary", "Scout", "Priest", "Plunderer"} <= heroes


def test_antagonists_and_difficulties():
    assert sum(1 for c in C.ALLY_COST if c > 0) == 10
    assert all(1 <= d <= 4 for d in C.DIFFICULTY)
    assert all(2 <= v <= 7 for vals in C.CH_VALUE for v in vals)


def test_resolution_mix_makes_bluffs_ambiguous():
    """Helpful and harmful Resolution cards both common: a face-down card could be either."""
    helpful = sum(1 for c in C.RESOLUTION_IDS if C.RES_MOD[c] > 0)
    harmful = sum(1 for c in C.RESOLUTION_IDS if C.RES_MOD[c] < 0)
    assert helpful == 21 and harmful == 11
