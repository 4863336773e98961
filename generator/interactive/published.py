"""What of a game folder is published: declared, never swept up.

A game's Play download (`_play/<game>.<hash>.zip`) holds, of its folder,

* the engine's modules: engine.py, bots.py and the game's modules they import
  (generator/play/modules.py);
* game.toml's `[data.*]` tables, as the engine reads them (the rest of game.toml, its
  comments and releases, stays out: each kept line at its own line number);
* the data file of each `[data.<name>]` table;
* the files `[engine] files` lists (a map drawn as text, say), for what the engine reads
  that is not a table.

Nothing else: a designer's notes, drafts, pictures for the kit and pages never leave the
folder this way. A build reads no file the bundle lacks (reads.py stops an engine that
tries), so what works at build time works in the browser. An earlier release's bundle is
made from its own folder by the same rule.

Limits keep a download small and honest: each file at most MAX_FILE_BYTES, a game's files
at most MAX_GAME_BYTES together, and none that compresses more than MAX_RATIO to one (a
gigabyte of zeros makes a small zip that expands to a gigabyte in a reader's browser).
"""
from __future__ import annotations

import os
import stat
import tomllib
import zlib
from dataclasses import dataclass
from pathlib import Path

from generator.content.schema import Source
from generator.errors import ContentError
from generator.fingerprint import signature
from generator.play.modules import game_modules

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_GAME_BYTES = 32 * 1024 * 1024
MAX_RATIO = 50  # deflated; the catalogue's tables compress 2-6 to one, its modules 3-4
RATIO_FROM_BYTES = 64 * 1024  # below this a file's ratio cannot make a large download


@dataclass(frozen=True)
class Declared:
    """A file of the game folder the download holds, and where game.toml (or an import) names it."""

    name: str  # relative to the game folder, with /
    line: int | None  # of its declaration in game.toml (None: a module, named by the imports)
    why: str  # how messages name its declaration


def declared_files(folder: Path, inherited: tuple[str, ...] = ()) -> list[Declared]:
    """Every file of `folder` its download holds (game.toml aside), as declared; not yet checked.
    `inherited`: an earlier release's sources are history, which its author cannot edit, so
    the current release's `[engine] files` count for it too (where it has them)."""
    folder = Path(folder)
    game_toml = folder / "game.toml"
    declared = [Declared(name, None, "a module the engine imports") for name in game_modules(folder)]
    try:
        text = game_toml.read_text(encoding="utf-8")
        values = tomllib.loads(text)
    except (OSError, ValueError):
        return declared  # the content loader reports game.toml's own problems
    source = Source(game_toml, text, [])
    for name, entry in sorted((values.get("data") or {}).items()):
        if isinstance(entry, dict) and isinstance(entry.get("file"), str):
            declared.append(Declared(entry["file"], source.line_of(("data", name, "file")), f"[data.{name}]"))
    files = (values.get("engine") or {}).get("files") if isinstance(values.get("engine"), dict) else None
    for index, name in enumerate(files if isinstance(files, list) else []):
        if isinstance(name, str):
            declared.append(Declared(name, source.line_of(("engine", "files", index)), "[engine] files"))
    declared += [Declared(name, None, "the current release's [engine] files") for name in inherited]
    return declared


def engine_files(folder: Path) -> tuple[str, ...]:
    """The names game.toml's `[engine] files` lists."""
    return tuple(entry.name for entry in declared_files(folder) if entry.why == "[engine] files")


def published_files(folder: Path, inherited: tuple[str, ...] = ()) -> tuple[dict[str, bytes], list[ContentError]]:
    """Zip name -> bytes of the game's part of its download, and what is wrong with what
    game.toml declares (a file missing, outside the folder, not a plain file, or over a limit).
    A file with a problem is left out. Kept while game.toml, the folder and every file it
    declares are unchanged (`serve` asks on every save; reading and checking them is most of a
    bundle's cost once the runtime's is kept)."""
    key = (str(folder), inherited)
    kept = _published.get(key)
    if kept is not None and _signature(folder, kept[1]) == kept[0]:
        return dict(kept[2][0]), list(kept[2][1])
    declared = declared_files(folder, inherited)
    found = _published_files(Path(folder), declared)
    _published[key] = (_signature(folder, declared), declared, found)
    return dict(found[0]), list(found[1])


_published: dict[tuple, tuple] = {}  # (folder, inherited) -> (signature, what was declared, the answer)


def _signature(folder, declared: list[Declared]) -> tuple:
    """game.toml's stats and each declared file's (a file declared but missing, then made, too)."""
    names = sorted({"game.toml", *(entry.name for entry in declared)})
    return signature(os.path.join(folder, name) for name in names)


def _published_files(folder: Path, declared: list[Declared]) -> tuple[dict[str, bytes], list[ContentError]]:
    game_toml = folder / "game.toml"
    prefix = f"games/{folder.name}/"
    files: dict[str, bytes] = {}
    errors: list[ContentError] = []
    if game_toml.is_file():
        files[prefix + "game.toml"] = engine_view_of_game_toml(game_toml.read_bytes())
    total = sum(len(data) for data in files.values())
    for entry in declared:
        if prefix + entry.name in files:
            continue
        data, problem = _read_declared(folder, entry)
        if problem is not None:
            errors.append(problem)
            continue
        if data is None:
            continue
        total += len(data)
        if total > MAX_GAME_BYTES:
            errors.append(_error(folder, entry, f"the game's published files pass {_mib(MAX_GAME_BYTES)} with "
                                                f"{entry.name}", f"at most {_mib(MAX_GAME_BYTES)} for the "
                                                "engine's modules and data together", f"{_mib(total)} so far"))
            break
        files[prefix + entry.name] = data
    return dict(sorted(files.items())), errors


def _read_declared(folder: Path, entry: Declared) -> tuple[bytes | None, ContentError | None]:
    name = entry.name
    parts = Path(name).parts
    if (Path(name).is_absolute() or ".." in parts or not parts
            or any(part.startswith(".") for part in parts) or "__pycache__" in parts):
        return None, _error(folder, entry, f"{entry.why} names a file that is not a plain path inside the game folder",
                            "a path relative to the game folder, with no '..' and no hidden parts", name)
    path = folder / name
    try:
        real = os.path.realpath(path)
        if os.path.commonpath([real, os.path.realpath(folder)]) != os.path.realpath(folder):
            return None, _error(folder, entry, f"{entry.why} names a file that leads outside the game folder",
                                "a file inside the game folder", name)
        info = os.stat(path)
    except (OSError, ValueError):
        if entry.line is None or entry.why.startswith("[data."):  # the loader reports a missing table file
            return None, None
        return None, _error(folder, entry, f"{entry.why} names a file that does not exist",
                            f"a file {name} in {folder.name}/", "no such file")
    if not stat.S_ISREG(info.st_mode):
        return None, _error(folder, entry, f"{entry.why} names something that is not a plain file",
                            "a plain file", f"{name}, {_kind(info.st_mode)}")
    if info.st_size > MAX_FILE_BYTES:
        return None, _error(folder, entry, f"{name} is too large to publish in the game's Play download",
                            f"a file of at most {_mib(MAX_FILE_BYTES)}", _mib(info.st_size))
    with open(path, "rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) >= RATIO_FROM_BYTES:
        ratio = len(data) / len(zlib.compress(data, 1))
        if ratio > MAX_RATIO:
            return None, _error(folder, entry, f"{name} compresses {ratio:.0f} to one: published, it would make a "
                                               "small download that expands many times over",
                                f"a file that compresses at most {MAX_RATIO} to one", f"{ratio:.0f} to one")
    return data, None


def engine_view_of_game_toml(data: bytes) -> bytes:
    """game.toml as the engine reads it: its [data.*] tables only, each line where it stood (a
    message about a table names the line the author sees), every other line left blank. When
    the tables cannot be told apart line by line (a multi-line string), the file as it is."""
    text = data.decode("utf-8", errors="replace")
    kept, keep = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            keep = stripped.startswith("[data.") or stripped == "[data]"
        kept.append(line if keep and stripped and not stripped.startswith("#") else "")
    view = "\n".join(kept) + "\n"
    try:
        if tomllib.loads(view).get("data") == tomllib.loads(text).get("data"):
            return view.encode("utf-8")
    except tomllib.TOMLDecodeError:
        pass
    return data


def _error(folder: Path, entry: Declared, message: str, expected: str, found: str) -> ContentError:
    where = folder / "game.toml" if entry.line is not None else folder / entry.name
    return ContentError(where, entry.line, message, expected=expected, found=found)


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISBLK(mode) or stat.S_ISCHR(mode)
            else "not a plain file")


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"
