"""The env card's block table matches the encoder, and a short game can be played from the
text board and the action names alone (issue 13: "boards a person can play from")."""
import re

import numpy as np

import conan_envs
from conan_envs import adventures_v2
from conan_envs.adventures.actions import CODEC
from conan_envs.adventures.encode import observation_blocks

from .helpers import game


def table(doc, header):
    rows = doc.split(header, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    return [[c.strip() for c in r.strip("|").split("|")] for r in rows]


def test_env_card_block_table_matches_the_encoder():
    g = game(2)
    rows = table(adventures_v2.__doc__, "| block | size | what |")
    assert [(name, int(size)) for name, size, _ in rows] == observation_blocks(g, 0)
    assert f"Box(0, 1, ({g.observation_shape(0)[0]},)" in adventures_v2.__doc__
    assert f"Discrete({g.num_actions})" in adventures_v2.__doc__


def test_env_card_action_table_covers_every_segment():
    rows = table(adventures_v2.__doc__, "| segment | size | what |")
    sizes = {}
    for names, size, _ in rows:
        n = int(size.split()[0])
        for name in names.split(","):
            sizes[name.strip()] = n
    assert sizes == CODEC.sizes


def test_env_card_lists_the_options_and_view_keys():
    doc = adventures_v2.__doc__
    for name in conan_envs.make_game("adventures_v2").config:
        assert f"`{name}`" in doc
    view = game(3).new_initial_state(0).view(0)
    for key in view:
        assert f"`{key}`" in doc, key


def board_player(text, names, rng):
    """Pick an action from the board's words only: Plot dice showing a needed symbol, moves
    toward a kingdom with a face-up Adventure, else anything but token spending."""
    prompt = text.strip().splitlines()[-1]
    m = re.search(r"needing ([A-Za-z ,]+) \(bonus", prompt)
    if m:
        needed = {w.strip() for w in m.group(1).split(",")}
        for name in names:
            hit = re.match(r"set aside die \d \(([A-Za-z ]+)\)", name)
            if hit and hit.group(1) in needed:
                return name, "plot"
        return ("stop rolling" if "stop rolling" in names else names[0]), None
    adventure_kingdoms = re.findall(r"^\s+\d\. .+? \(([A-Za-z ]+)\): needs", text, re.M)
    for name in names:
        hit = re.match(r"to ([A-Za-z ]+)$", name)
        if hit and hit.group(1) in adventure_kingdoms:
            return name, "move"
    movers = [n for n in names if n.endswith("to move")]
    if movers:
        return movers[0], None
    calm = [n for n in names if not n.startswith(("Asura", "Set:", "Bel:", "Ishtar", "Ymir",
                                                  "Mitra", "use a", "Ibis"))]
    return str(rng.choice(calm or names)), None


def test_a_short_game_played_from_the_board_and_action_names():
    state = game(2).new_initial_state(11)
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(2000):
        if state.is_terminal() or state.turn >= 3:
            break
        text = str(state)
        assert state.view(state.current_player())["decision"]["prompt"] in text
        by_name = {state.action_to_string(a): a for a in state.legal_actions()}
        assert len(by_name) == len(state.legal_actions())  # every action has its own name
        name, why = board_player(text, sorted(by_name), rng)
        if why:
            seen.add(why)
        state.apply_action(by_name[name])
    assert state.turn >= 3
    assert seen == {"plot", "move"}
