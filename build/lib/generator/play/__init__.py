"""The engine runtime: standard library only, so it runs under Pyodide unchanged."""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

GAME_PACKAGE_PREFIX = "rulepress_game_"  # a game folder's package name: this, then its slug


def game_package(folder: Path) -> str:
    """A game's folder as a package, `rulepress_game_<slug>`, so its engine.py may
    import the modules beside it (`from .drawing import draw`) and two games'
    modules never clash; the same files work in the browser bundle."""
    name = GAME_PACKAGE_PREFIX + folder.name.replace("-", "_")
    loaded = sys.modules.get(name)
    if loaded is None or list(getattr(loaded, "__path__", ())) != [str(folder)]:
        forget_game(folder)
        spec = importlib.util.spec_from_loader(name, loader=None, is_package=True)
        spec.submodule_search_locations = [str(folder)]
        sys.modules[name] = importlib.util.module_from_spec(spec)
    return name


def forget_game(folder: Path) -> None:
    """Drop a game's modules, so the next load_engine reads its files again."""
    name = GAME_PACKAGE_PREFIX + Path(folder).name.replace("-", "_")
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]


def load_engine(path: str | Path):
    """Import a game's engine.py (and, if there is one, the bots.py beside it)
    and return its `ENGINE` object."""
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    package = game_package(folder)
    if (folder / "bots.py").is_file():
        importlib.import_module(package + ".bots")  # game_bots finds its BOTS
    return importlib.import_module(package + ".engine").ENGINE
