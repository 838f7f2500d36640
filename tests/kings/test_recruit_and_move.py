"""Rulebook "RECRUIT PHASE" (control, whole countries, Gold, three rolls, storms and curses,
chit limits) and "MOVE PHASE" (into but not through, storms, ships carrying one unit)."""
import os
import re
from pathlib import Path

import pytest

from conan_envs.kings import content as C

from .helpers import DONE, REGION0, A, E, F, H, K, S, W, blank, play, put, region, rid, start, unit, units

COUNT0 = unit(0) + C.NUM_TYPES


def test_every_recruit_table_is_read_from_the_rulebook():
    assert len(C.RECRUIT) == 34
    aquilonia = C.RECRUIT[C.COUNTRIES.index("Aquilonia")]
    assert aquilonia[1:] == (A, A, E, E, E, H, W, F, C.GOLD, C.GOLD, C.NOTHING, C.NOTHING)
    kozaki = C.RECRUIT[C.COUNTRIES.index("Kozaki")]
    assert kozaki[8] == S and kozaki[9:] == (C.NOTHING,) * 4


def test_recruiting_needs_control_and_a_whole_country_for_the_free_roll():
    def position(gold):
        s = blank()
        put(s, "Koth", 0, A)
        put(s, "Ophir", 0, A)
        put(s, "Ophir", 1, A)  # contested: not controlled
        put(s, "Gunderland", 0, A)  # one province of Aquilonia: no free roll
        s.give(0, gold=gold)
        return start(s, "recruit")

    assert position(0).legal_actions() == [DONE, region("Koth")]
    # with a Gold, a bought roll in any region controlled
    assert position(1).legal_actions() == [DONE, region("Gunderland"), region("Koth")]


def test_a_whole_country_of_several_regions_gives_one_roll_in_any_of_them():
    s = blank()
    for r in C.COUNTRY_REGIONS[C.COUNTRIES.index("Aquilonia")]:
        s.place(r, 0, A)
    start(s, "recruit", (6,))
    assert len(s.legal_actions()) == 7
    play(s, region("Poitain"))  # a 6: a General (Hero)
    assert units(s, "Poitain", 0) == {"army": 1, "hero": 1}
    assert s.decision() != "recruit"  # no Gold, no second roll


def test_gold_buys_extra_rolls_up_to_three_per_region():
    s = blank()
    put(s, "Koth", 0, A)
    s.give(0, gold=5)
    start(s, "recruit", (12, 12, 12))
    play(s, region("Koth"))  # the country's roll
    assert s.gold[0] == 5
    play(s, region("Koth"), region("Koth"))  # two Gold
    assert s.gold[0] == 3 and s.rolls[rid("Koth")] == 3
    assert s.decision() != "recruit"


def test_storms_and_curses_stop_recruiting():
    for tokens in ("storm", "curse"):
        s = blank()
        put(s, "Koth", 0, A)
        put(s, "Argos", 0, A)
        getattr(s, "set_" + tokens)(rid("Koth"), 1)
        start(s, "recruit")
        assert s.legal_actions() == [DONE, region("Argos")]


def test_chit_limits_cap_recruiting():
    s = blank()
    put(s, "Koth", 0, A, 30)
    start(s, "recruit", (1,))  # Koth 1: Infantry (Army)
    play(s, region("Koth"))
    assert s.pool[A] == 30 and units(s, "Koth", 0) == {"army": 30}


def test_ships_need_a_coast():
    s = blank()
    for r in C.COUNTRY_REGIONS[C.COUNTRIES.index("Black Kingdoms")]:
        s.place(r, 0, A)
    s.give(0, gold=1)
    start(s, "recruit", (9, 9))  # 9: Corsairs
    play(s, region("Kordafa"))  # inland: the ship is lost
    assert units(s, "Kordafa", 0) == {"army": 1}
    play(s, region("Black Kingdoms"))  # on the Western Ocean
    assert units(s, "Black Kingdoms", 0) == {"army": 1, "ship": 1}


def test_move_into_but_not_through_opponents():
    s = blank()
    put(s, "Nemedia", 0, H)
    put(s, "Ophir", 2, A)
    start(s, "move")
    play(s, region("Nemedia"))  # a single unit type: no question
    legal = s.legal_actions()
    assert region("Ophir") in legal  # into
    assert region("Koth") in legal  # around, through Corinthia
    assert region("Argos") not in legal  # Argos is reachable in 2 only through Ophir
    assert region("Zingara") not in legal


def test_storms_block_moves_into_out_of_and_through():
    s = blank()
    put(s, "Nemedia", 0, H)
    put(s, "Koth", 0, A)
    s.set_storm(rid("Ophir"), 1)
    s.set_storm(rid("Koth"), 1)
    start(s, "move")
    assert s.legal_actions() == [DONE, region("Nemedia")]  # nothing leaves Koth
    play(s, region("Nemedia"))
    legal = s.legal_actions()
    assert region("Ophir") not in legal and region("Koth") not in legal
    assert region("Argos") not in legal  # only through Ophir or Koth


def test_units_move_once_and_a_count_is_chosen():
    s = blank()
    put(s, "Koth", 0, A, 3)
    start(s, "move")
    play(s, region("Koth"), region("Shem"))
    assert s.decision() == "move_count" and len(s.legal_actions()) == 4  # 1-3, or back
    play(s, COUNT0 + 1)  # two Armies
    assert units(s, "Shem", 0) == {"army": 2}
    assert s.legal_actions() == [DONE, region("Koth")]  # the two that moved stay put


def test_only_ships_move_in_water_each_carrying_one_unit():
    s = blank()
    put(s, "Argos", 0, S)
    put(s, "Argos", 0, A, 2)
    put(s, "Argos", 0, H)
    start(s, "move")
    play(s, region("Argos"), unit(A))
    assert region("Western Ocean") not in s.legal_actions()
    play(s, region("Zingara"))
    assert s.decision() == "move_count"
    play(s, COUNT0)
    play(s, region("Argos"), unit(S))
    assert region("Western Ocean") in s.legal_actions()
    assert region("Barachan Isles") in s.legal_actions()  # sea, then the isles
    assert region("Koth") not in s.legal_actions()  # a Ship's step must touch water
    play(s, region("Barachan Isles"))
    assert s.decision() == "embark" and s.legal_actions() == [DONE, unit(A), unit(H)]
    play(s, unit(H))  # one passenger per Ship: no more asked
    assert units(s, "Barachan Isles", 0) == {"hero": 1, "ship": 1}


def test_the_king_is_a_hero_and_boards_a_ship_like_one():
    """Rulebook: 'Each Ship may carry one Army, Elite, Hero, or Wizard.' and 'The King
    for all purposes is considered a Hero.'"""
    s = blank()
    put(s, "Argos", 0, S)
    put(s, "Argos", 0, K)
    put(s, "Argos", 0, C.MONSTER)
    start(s, "move")
    play(s, region("Argos"), unit(S), region("Barachan Isles"))
    assert s.decision() == "embark" and s.legal_actions() == [DONE, unit(K)]  # no Monster
    play(s, unit(K))
    assert units(s, "Barachan Isles", 0) == {"king": 1, "ship": 1}


def test_units_left_at_sea_without_ships_are_lost():
    s = blank()
    put(s, "Western Ocean", 0, S)
    put(s, "Western Ocean", 0, A, 2)
    put(s, "Argos", 0, K)
    start(s, "move", then=True)
    play(s, DONE)
    assert units(s, "Western Ocean", 0) == {"army": 1, "ship": 1}


# the rulebook is not shipped with the project: point KINGS_RULEBOOK at kings-of-hyboria.txt
# to check every Recruit Table entry against its text
RULEBOOK = Path(os.environ.get("KINGS_RULEBOOK", "kings-of-hyboria.txt"))
KIND = {"Army": "army", "Elite": "elite", "Hero": "hero", "Wizard": "wizard", "Ships": "ship",
        "Ship": "ship", "Fortification": "fort", "Fortifications": "fort", "Gold": "gold",
        "Nothing": "nothing"}


def rulebook_recruit_tables():
    """{country: {d12: result}} read from the rulebook text itself."""
    text = RULEBOOK.read_text(encoding="utf-8")
    tables = {}
    for m in re.finditer(r"\n([A-Z ]+) RECRUIT TABLE\nRecruit: D12 Notes\n(.*?)(?=\n[A-Z ]+ "
                         r"RECRUIT TABLE|\nGREAT HEROES)", text, re.S):
        rows = {}
        for line in m.group(2).splitlines():
            row = re.match(r"([A-Z][a-z]+) (\d+)(?:-(\d+))?", line)
            if row and row.group(1) in KIND:
                for v in range(int(row.group(2)), int(row.group(3) or row.group(2)) + 1):
                    rows[v] = KIND[row.group(1)]
        tables[m.group(1).title().replace(" Of ", " of ")] = rows
    return tables


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="KINGS_RULEBOOK names no rulebook file")
def test_every_recruit_table_entry_has_its_effect():
    tables = rulebook_recruit_tables()
    assert set(tables) == set(C.COUNTRIES)
    for c, country in enumerate(C.COUNTRIES):
        assert sorted(tables[country]) == list(range(1, 13)), country
        coast = next((r for r in C.COUNTRY_REGIONS[c] if C.COASTAL[r]), C.COUNTRY_REGIONS[c][0])
        for v in range(1, 13):
            s = blank()
            for r in C.COUNTRY_REGIONS[c]:
                s.add(r, 0, A)
            start(s, "recruit", ((12, v),), then=True)
            play(s, REGION0 + coast)
            kind = tables[country][v]
            got = {k: n - (k == "army") for k, n in units(s, C.REGIONS[coast], 0).items()
                   if n - (k == "army")}
            if kind == "gold":
                assert s.gold[0] == 1 and not got, (country, v)
            elif kind == "nothing":
                assert s.gold[0] == 0 and not got, (country, v)
            else:
                assert got == {kind: 1}, (country, v, got)
