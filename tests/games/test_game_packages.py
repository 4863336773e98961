"""How a game split into modules is put together (docs/content.md, "Engines"):
engine.py with board.py, drawing.py, setups.py and bots.py beside it, imported
as one package (`generator.play.package_name`: `rulepress_game_<slug>_<folder key>`).

The modules import one way only: drawing.py and setups.py never reach the
engine (it imports them), board.py imports nothing of the game, and nothing
hides a cycle in a function. They import only the standard library,
generator.play and generator.draw, so the game still runs under Pyodide.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[2] / "content"
SPLIT_GAMES = sorted(folder for folder in CONTENT.iterdir()
                     if (folder / "engine.py").is_file() and len(list(folder.glob("*.py"))) > 1)
ALLOWED_OUTSIDE = ("generator.play", "generator.draw")
# What each of the game's own modules may not import: the engine draws and sets up
# through drawing.py and setups.py, and nothing but the loader imports the bots.
# Other modules (SHOOT's cards.py) sit between the board and the engine.
MAY_NOT_IMPORT = {
    "board": {"*"},
    "setups": {"engine", "drawing", "bots"},
    "drawing": {"engine", "bots"},
    "bots": set(),
    "engine": {"bots"},
}


def imports(path: Path) -> tuple[set[str], set[str]]:
    """(the game's own modules, every other module) that `path` imports,
    at the top or inside a function."""
    own, other = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                own.add(node.module.split(".")[0])
            else:
                own.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            other.add(node.module)
        elif isinstance(node, ast.Import):
            other.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            other.add("." * node.level + (node.module or ""))  # reaching out of the game folder
    return own, other


def test_the_split_games_are_found():
    assert {folder.name for folder in SPLIT_GAMES} >= {"splut", "splat", "splash"}


@pytest.mark.parametrize("folder", SPLIT_GAMES, ids=lambda folder: folder.name)
def test_a_games_modules_import_one_way_only(folder):
    """No import cycles among a game's modules; drawing never imports the engine."""
    graph = {path.stem: imports(path)[0] for path in sorted(folder.glob("*.py"))}
    for module, targets in graph.items():
        assert targets <= set(graph), f"{folder.name}/{module}.py imports a module the game does not have"
        forbidden = MAY_NOT_IMPORT.get(module, {"engine", "drawing", "bots"})
        allowed = set() if "*" in forbidden else set(graph) - forbidden - {module}
        assert targets <= allowed, f"{folder.name}/{module}.py imports {sorted(targets - allowed)}"

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(t == goal or (t not in seen and reaches(t, goal, seen | {t})) for t in graph[start])

    assert [m for m in graph if reaches(m, m, set())] == []


@pytest.mark.parametrize("folder", SPLIT_GAMES, ids=lambda folder: folder.name)
def test_a_games_modules_import_only_what_pyodide_has(folder):
    """The standard library, generator.play and generator.draw: nothing to install."""
    for path in sorted(folder.glob("*.py")):
        for name in imports(path)[1]:
            top = name.split(".")[0]
            assert top == "__future__" or top in sys.stdlib_module_names or name.startswith(ALLOWED_OUTSIDE), \
                f"{folder.name}/{path.name} imports {name}"


@pytest.mark.parametrize("folder", SPLIT_GAMES, ids=lambda folder: folder.name)
def test_diagram_ranges_use_a_typographic_dash(folder):
    """Issue 15.5: a range in a diagram reads "1–3" (an en dash), never "1-3"; checked on the
    drawings of a random game's first hundred positions."""
    import random
    import re

    from generator.draw.shapes import Group, Text
    from generator.play import load_engine
    from generator.play.match import Match

    def texts(shapes):
        for shape in shapes:
            if isinstance(shape, Group):
                yield from texts(shape.shapes)
            elif isinstance(shape, Text):
                yield shape.text

    engine = load_engine(folder)
    match = Match(engine, engine.min_players, seed=7)
    rng = random.Random(7)
    hyphened = set()
    for _ in range(100):
        hyphened |= {t for t in texts(engine.render(match.state).shapes) if re.search(r"\d-\d", t)}
        if match.turn.kind == "over":
            break
        if match.turn.kind == "chance":
            match.resolve_chance()
        elif match.turn.kind == "player":
            match.apply(rng.choice(engine.legal_actions(match.state, match.turn.player)))
        else:
            break
    assert not hyphened
