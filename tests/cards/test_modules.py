"""The cards package's layout (issue 31, "Types and layout"): no import cycles among its
modules, visible or hidden in function bodies; the records the rules keep are read by agents
through accessors that hand out copies."""
import ast
from pathlib import Path

import numpy as np

import conan_envs
import conan_envs.cards
from conan_envs.cards.frames import Decide, UseOrDecline
from conan_envs.cards.records import DECISION_NAMES, PROMPT_NAMES
from conan_envs.cards.shares import Resume
from conan_envs.cards.state import FRAMES

PACKAGE = Path(conan_envs.cards.__file__).parent


def _imports():
    """module -> the package's modules it imports, and the imports found in function bodies."""
    mods = {p.stem for p in PACKAGE.glob("*.py")}
    graph = {m: set() for m in mods}
    local = []
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        in_body = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for n in ast.walk(f)}
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1:
                    names = [module.split(".")[0]] if module else [a.name for a in node.names]
                elif module.startswith("conan_envs.cards"):
                    rest = module[len("conan_envs.cards"):].lstrip(".")
                    names = [rest.split(".")[0]] if rest else [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name.split(".")[2] for a in node.names
                         if a.name.startswith("conan_envs.cards.")]
            for name in names:
                if name in mods and name != path.stem:
                    graph[path.stem].add(name)
                    if id(node) in in_body:
                        local.append(f"{path.stem} -> {name}")
    return graph, local


def test_no_import_cycles_and_no_imports_in_function_bodies():
    graph, local = _imports()
    assert not local
    done, visiting = set(), []

    def visit(m):
        assert m not in visiting, " -> ".join(visiting[visiting.index(m):] + [m])
        if m in done:
            return
        visiting.append(m)
        for n in sorted(graph[m]):
            visit(n)
        visiting.pop()
        done.add(m)

    for m in sorted(graph):
        visit(m)


def test_every_decision_and_ability_named_has_its_frame():
    """The names the observation and the view use are exactly the kinds of the frames: one
    class per decision, the abilities asked as use / decline sharing one shape."""
    decisions = [f for f in FRAMES if issubclass(f, Decide)]
    kinds = [f.kind for f in decisions]
    assert len(set(kinds)) == len(kinds)
    assert set(kinds) == (set(DECISION_NAMES) - {"ability"}) | set(PROMPT_NAMES)
    assert {f.kind for f in decisions if issubclass(f, UseOrDecline)} == set(PROMPT_NAMES)
    assert all(issubclass(f, Resume) for f in FRAMES if f not in decisions)


def test_the_public_accessors_hand_out_copies():
    """An agent reading the wager or the offer cannot change the position."""
    game = conan_envs.make_game("cards_v2", num_players=3)
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(20):
        s = game.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated() and len(seen) < 2:
            before = s.snapshot()
            w, off = s.wager, s.offer_on_table
            if w is not None:
                w.hero = -9
                w.bets.append(99)
                w.cards.clear()
                seen.add("wager")
            if off is not None:
                off.to = -9
                off.give.items.append(99)
                seen.add("offer_on_table")
            assert s.snapshot() == before
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
    assert seen == {"wager", "offer_on_table"}
