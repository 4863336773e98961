"""Engine packages are keyed by the game's folder, not its slug (issue 27.7): two sites
with a game of one slug load side by side in one process, each with its own engine and
its own neighbouring modules, at build time and in the browser's session server."""
from __future__ import annotations

import importlib
import shutil
from pathlib import Path

from generator.browser.session import SessionServer
from generator.play import forget_game, game_package, load_engine, package_name

TOYS = Path(__file__).resolve().parent / "toys"


def site_with_guess(root: Path, deck: str, hint: str) -> Path:
    """A site folder holding the toy Guess as `content/guess`, its deck changed to `deck`
    and a module beside its engine (`hint.py`) that the engine imports relatively."""
    folder = root / "content" / "guess"
    folder.mkdir(parents=True)
    source = (TOYS / "guess" / "engine.py").read_text(encoding="utf-8")
    assert "DECK = (1, 2, 3, 4, 5)\n" in source
    source = source.replace("DECK = (1, 2, 3, 4, 5)\n", f"DECK = {deck}\nfrom .hint import HINT  # noqa: E402\n")
    (folder / "engine.py").write_text(source, encoding="utf-8")
    (folder / "hint.py").write_text(f"HINT = {hint!r}\n", encoding="utf-8")
    return folder


def test_two_games_of_one_slug_load_side_by_side(tmp_path):
    first = site_with_guess(tmp_path / "site-a", "(1, 2, 3)", "first")
    second = site_with_guess(tmp_path / "site-b", "(7, 8, 9)", "second")
    try:
        one, two = load_engine(first), load_engine(second)
        assert package_name(first) != package_name(second)
        assert type(one).__module__ != type(two).__module__
        modules = [importlib.import_module(type(engine).__module__) for engine in (one, two)]
        assert [module.DECK for module in modules] == [(1, 2, 3), (7, 8, 9)]
        assert [module.HINT for module in modules] == ["first", "second"]
        assert [Path(module.__file__).parent for module in modules] == [first, second]
        # loading one again neither reloads nor displaces the other
        assert load_engine(first) is one and load_engine(second) is two
    finally:
        forget_game(first)
        forget_game(second)


def test_the_browser_session_server_loads_each_sites_own_engine(tmp_path):
    """The worker's SessionServer loads games by slug from its games root (the bundle's
    `games/`): two roots, two engines."""
    first = site_with_guess(tmp_path / "site-a", "(1, 2, 3)", "first")
    second = site_with_guess(tmp_path / "site-b", "(7, 8, 9)", "second")
    try:
        engines = [SessionServer(folder.parent).engine("guess") for folder in (first, second)]
        decks = [importlib.import_module(type(engine).__module__).DECK for engine in engines]
        assert decks == [(1, 2, 3), (7, 8, 9)]
    finally:
        forget_game(first)
        forget_game(second)


def test_a_folders_package_name_is_its_slug_and_a_key_of_its_path(tmp_path):
    """Readable in a traceback, the same for the same folder however it is spelt, and a
    valid module name for a slug with hyphens."""
    folder = tmp_path / "site" / "content" / "tic-tac"
    folder.mkdir(parents=True)
    name = package_name(folder)
    assert name.startswith("rulepress_game_tic_tac_") and name.isidentifier()
    assert package_name(folder / ".." / "tic-tac") == name
    shutil.copytree(folder, tmp_path / "other" / "tic-tac")
    assert package_name(tmp_path / "other" / "tic-tac") != name
    try:
        assert game_package(folder) == name
    finally:
        forget_game(folder)
