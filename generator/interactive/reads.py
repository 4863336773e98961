"""An engine reads only what its download holds.

The Play download holds the files a game declares (published.py), not its whole folder. An
engine that opened an undeclared file at build time would work here and fail in the reader's
browser, or tempt an author to publish the folder. So, while a build runs, a file the engine's
code opens inside its game folder must be one the download holds; any other is an error at
the line of the engine's code that opened it.

Python's audit hooks see every open (`open`, `io.open_code` for imports, `os.open`), whoever
calls them: the engine directly, or a reader such as play.tables on its behalf. The check asks
who is asking by the stack: the nearest frame of the game's own code decides.

* a frame of one of the engine's modules (play/modules.py): the file must be published;
* a frame of another module of the game (a kit's card art): not checked, since it never ships;
* no frame of the game's code (the content loader, the kit, the build): not checked.

A hook cannot be removed, so it is added once per process and does nothing for folders no
build watches; forked workers inherit it with the folders watched when they were forked.
"""
from __future__ import annotations

import os
import sys
import threading

from generator.errors import ContentError
from generator.play.modules import game_modules

_watched: dict[str, frozenset[str]] = {}  # game folder (absolute) -> files of it the engine may open (absolute)
_state = threading.local()
_installed = False


class UndeclaredRead(ContentError):
    """An engine opened a file of its game folder that its download does not hold."""


def watch_reads(folder, published: set[str]) -> None:
    """From now on in this process (and children forked later), the engine of the game in
    `folder` may open only `published` (names relative to the folder) there, and bytecode."""
    global _installed
    folder = os.path.abspath(folder)
    _watched[folder] = frozenset(os.path.join(folder, name) for name in published)
    if not _installed:
        sys.addaudithook(_audit)
        _installed = True


def unwatch_all() -> None:
    _watched.clear()


def _audit(event: str, args: tuple) -> None:
    if event != "open" or not _watched or getattr(_state, "busy", False):
        return
    path = args[0]
    if not isinstance(path, (str, bytes, os.PathLike)):
        return  # a file descriptor: opened before, by a path checked then
    path = os.path.abspath(os.fsdecode(path))
    folder = _folder_of(path)
    if folder is None or "__pycache__" in path[len(folder):].split(os.sep):
        return
    _state.busy = True  # what the check itself opens is not checked
    try:
        _check(folder, path, sys._getframe(1))
    finally:
        _state.busy = False


def _folder_of(path: str) -> str | None:
    for folder in _watched:
        if path.startswith(folder + os.sep):
            return folder
    return None


def _check(folder: str, path: str, frame) -> None:
    if path in _watched[folder]:
        return
    prefix = folder + os.sep
    while frame is not None and not frame.f_code.co_filename.startswith(prefix):
        frame = frame.f_back
    if frame is None:
        return  # not the game's code: the build reading its sources
    code_file = frame.f_code.co_filename
    if os.path.relpath(code_file, folder).replace(os.sep, "/") not in game_modules(folder):
        return  # a module of the game the engine never imports (a kit's): it never ships
    name = os.path.relpath(path, folder).replace(os.sep, "/")
    if name.endswith(".py"):
        raise UndeclaredRead(code_file, frame.f_lineno, f"the engine imports {name} in a way its bundle cannot follow",
                             expected="a relative import the engine's modules name (`from . import "
                                      f"{name[:-3].replace('/', '.')}`), so the Play download ships it",
                             found=f"{name}, imported by name at run time")
    raise UndeclaredRead(code_file, frame.f_lineno, f"the engine opens {name}, which game.toml does not declare",
                         expected="a file named by a [data.*] table or in [engine] files of game.toml "
                                  "(both are published in the game's Play download)",
                         found=name)
