"""Which of a game folder's Python files are its engine: engine.py, bots.py, and every module
of the folder they import, import by import.

One answer for the two places that must agree: the bundle the browser loads ships exactly
these modules (generator/interactive/published.py), and a position string's rules version
hashes exactly these (match.rules_version_of), so a link made at build time reopens in the
browser. A module the engine never imports (a kit's card art, a scratch file) is neither
shipped nor hashed. Standard library only: the browser computes the hash too.
"""
from __future__ import annotations

import ast
import os

ENTRY_MODULES = ("engine.py", "bots.py")  # what generator.play.load_engine imports


# folder -> (what its answer depends on, the answer): a Match asks on every start (self-play
# starts thousands), and parsing the modules takes 20-50 ms where a look at them takes 20 us
_known: dict[str, tuple[tuple, tuple[str, ...]]] = {}


def game_modules(folder) -> tuple[str, ...]:
    """The engine's modules in `folder`, as paths relative to it ("engine.py", "rules/board.py"),
    sorted. A module that cannot be parsed is kept (its import reports the syntax error) but
    not followed."""
    folder = os.fspath(folder)
    known = _known.get(folder)
    if known is not None and _signature(folder, known[1]) == known[0]:
        return known[1]
    modules = _follow_imports(folder)
    _known[folder] = (_signature(folder, modules), modules)
    return modules


def _signature(folder: str, modules: tuple[str, ...]) -> tuple:
    """The folders and modules an answer was read from, by size and modification time: an
    edit to a module, or a module added or removed beside them, changes it."""
    places = {"", *(os.path.dirname(name) for name in modules)}
    stats = []
    for place in sorted(places) + list(modules):
        try:
            stat = os.stat(os.path.join(folder, place))
        except OSError:
            return ()
        stats.append((place, stat.st_mtime_ns, stat.st_size))
    return tuple(stats)


def _follow_imports(folder: str) -> tuple[str, ...]:
    found: set[str] = set()
    queue = [name for name in ENTRY_MODULES if os.path.isfile(os.path.join(folder, name))]
    while queue:
        relative = queue.pop()
        if relative in found:
            continue
        found.add(relative)
        try:
            with open(os.path.join(folder, relative), "rb") as source:
                tree = ast.parse(source.read(), relative)
        except (OSError, SyntaxError, ValueError):
            continue
        package = relative.split("/")[:-1]  # the importing module's package, inside the game
        for target in _relative_imports(tree, package):
            for candidate in (target + ".py", target + "/__init__.py"):
                if os.path.isfile(os.path.join(folder, candidate)):
                    queue.append(candidate)
                    queue.extend(_packages_around(folder, candidate))
                    break
    return tuple(sorted(found))


def _relative_imports(tree: ast.Module, package: list[str]):
    """Each module path (slash-separated, no suffix) a relative import inside the game names.
    A game imports its own modules relatively (its package's name is a hash: play.package_name);
    an import that climbs out of the game folder is not the game's."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.level:
            continue
        if node.level - 1 > len(package):
            continue
        base = package[:len(package) - (node.level - 1)] + (node.module.split(".") if node.module else [])
        if base:
            yield "/".join(base)
        for alias in node.names:  # `from . import board`: board may be a module
            yield "/".join(base + [alias.name])


def _packages_around(folder: str, relative: str):
    """The __init__.py of each package folder around a module: importing the module runs them."""
    parts = relative.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        init = "/".join(parts[:depth]) + "/__init__.py"
        if os.path.isfile(os.path.join(folder, init)):
            yield init
