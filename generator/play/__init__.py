"""The engine runtime: standard library only, so it runs under Pyodide unchanged."""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

GAME_PACKAGE_PREFIX = "rulepress_game_"  # a game folder's package name: this, its slug, its folder's key


def package_name(folder: Path) -> str:
    """`rulepress_game_<slug>_<key>`: the key is a short hash of the folder's resolved path,
    so two games of one slug (in two site folders) are two packages in one process, and
    the same folder is always the same package (the browser's too: it hashes its own path)."""
    import hashlib

    key = hashlib.sha256(str(Path(folder).resolve()).encode("utf-8")).hexdigest()[:10]
    return f"{GAME_PACKAGE_PREFIX}{Path(folder).name.replace('-', '_')}_{key}"


def game_package(folder: Path) -> str:
    """A game's folder as a package (`package_name`), so its engine.py may
    import the modules beside it (`from .drawing import draw`) and two games'
    modules never clash; the same files work in the browser bundle."""
    name = package_name(folder)
    loaded = sys.modules.get(name)
    if loaded is None or list(getattr(loaded, "__path__", ())) != [str(folder)]:
        forget_game(folder)
        spec = importlib.util.spec_from_loader(name, loader=None, is_package=True)
        spec.submodule_search_locations = [str(folder)]
        sys.modules[name] = importlib.util.module_from_spec(spec)
    return name


def fresh_game_package(folder: Path) -> str:
    """`game_package(folder)`, its modules dropped first if the folder's files changed since
    they were imported in this process (`serve` and repeated builds edit a game between
    builds: its modules read their data files when imported)."""
    name = game_package(folder)
    key = game_files_key(folder)
    if getattr(sys.modules[name], "__rulepress_key__", None) != key:  # unknown or older: read them again
        forget_game(folder)
        name = game_package(folder)
        sys.modules[name].__rulepress_key__ = key
    return name


def game_files_key(folder: Path) -> str:
    """The game folder's files (its pages aside), by name, size and modification time: a
    look at the folder, never a read of its files (this runs before every use of a game)."""
    import os

    entries = []
    for root, folders, files in os.walk(folder):
        folders[:] = [f for f in folders if not f.startswith(".") and f != "__pycache__"]
        for name in files:
            if not name.startswith(".") and not name.endswith((".md", ".pyc")):
                try:
                    stat = os.stat(os.path.join(root, name))
                except OSError:  # a dangling or looping link: nothing to import (the build's walk reports a loop)
                    continue
                entries.append(f"{os.path.relpath(os.path.join(root, name), folder)}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(sorted(entries))


def forget_game(folder: Path) -> None:
    """Drop a game's modules, so the next load_engine reads its files again."""
    name = package_name(folder)
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
