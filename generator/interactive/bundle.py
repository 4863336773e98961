"""The per-game bundle the browser's Pyodide loads: a zip of everything a game
needs to run and draw itself, with reproducible bytes and a content-hashed name.

Layout inside the zip (unpacked onto Pyodide's `sys.path`):

    generator/__init__.py, generator/play/*.py      the engine runtime
    generator/errors.py                             plain words for its messages
    generator/draw/{__init__,bounds,colour,icons,shapes,svg}.py   the drawing model and SVG backend
    generator/interactive/{__init__,boot,diagram,session}.py   the worker's session server
    svgwrite/...                                    the SVG backend's one dependency
    **/__pycache__/*.cpython-3XX.pyc                 their bytecode, when the build could make it
                                                    (see bytecode.py)
    games/<slug>/engine.py and its data files       the game itself, with any modules
                                                    beside engine.py (board.py, bots.py, ...)

An engine reads its data files relative to `__file__`, and the Match's rules
version is a hash of the bytes of engine.py and the modules beside it (unless
declared), so the files are copied byte for byte: a position string made at
build time reopens in the browser.
"""
from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

import importlib.util

from generator.interactive.bytecode import Compiler, pycache_name

GENERATOR = Path(__file__).resolve().parent.parent
RUNTIME_MODULES = (
    "__init__.py",
    "errors.py",  # the words play's messages use for values and misspelt names
    "draw/__init__.py",
    "draw/bounds.py",  # svg.py: which text stands on the board's colours
    "draw/colour.py",  # for game modules that pick legible ink (colour.readable)
    "draw/icons.py",  # for game modules that draw with them (card art)
    "draw/shapes.py",
    "draw/svg.py",
    "interactive/__init__.py",
    "interactive/boot.py",  # the worker's way in
    "interactive/diagram.py",
    "interactive/session.py",
)
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the zip format's earliest date: no build timestamps
SKIPPED_SUFFIXES = (".md", ".pyc")


def runtime_files() -> dict[str, Path]:
    """Zip name -> source file of the generator runtime and svgwrite."""
    files = {f"generator/{rel}": GENERATOR / rel for rel in RUNTIME_MODULES}
    for path in sorted((GENERATOR / "play").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[f"generator/play/{path.relative_to(GENERATOR / 'play').as_posix()}"] = path
    svgwrite_dir = Path(importlib.util.find_spec("svgwrite").origin).resolve().parent  # found, not imported
    for path in sorted(svgwrite_dir.rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[f"svgwrite/{path.relative_to(svgwrite_dir).as_posix()}"] = path
    return files


def game_files(folder: Path) -> dict[str, Path]:
    """Zip name -> file for a game folder: the engine and its data, not its pages."""
    slug = folder.name
    files = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if (not path.is_file() or any(part.startswith(".") or part == "__pycache__" for part in rel.parts)
                or path.suffix in SKIPPED_SUFFIXES):
            continue
        files[f"games/{slug}/{rel.as_posix()}"] = path
    return files


def bundle_files(game_folder: Path) -> dict[str, Path]:
    return {**runtime_files(), **game_files(Path(game_folder))}


def bundle_contents(game_folder: Path) -> dict[str, bytes]:
    """Zip name -> bytes of every source file the bundle holds."""
    return {name: path.read_bytes() for name, path in bundle_files(game_folder).items()}


def with_bytecode(contents: dict[str, bytes], compiler: Compiler | None) -> dict[str, bytes]:
    """`contents` and, with a compiler, their bytecode in __pycache__ (where the browser's
    Python finds it)."""
    if compiler is None:
        return contents
    compiled = compiler.compile(contents)
    return {**contents, **{pycache_name(name, compiler.tag): pyc for name, pyc in compiled.items()}}


def bundle_key(contents: dict[str, bytes]) -> str:
    """A hash of everything the bundle holds (names and bytes): its name in the output."""
    digest = hashlib.sha256()
    for name, data in sorted(contents.items()):
        digest.update(name.encode("utf-8") + b"\0" + data + b"\0")
    return digest.hexdigest()


def bundle_bytes(contents: dict[str, bytes]) -> bytes:
    """The game's bundle as zip bytes: same contents, same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(contents):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, whatever machine builds it
            info.external_attr = 0o644 << 16
            archive.writestr(info, contents[name], compresslevel=9)
    return buffer.getvalue()


def bundle_name(slug: str, key: str) -> str:
    """Where a game's bundle goes in the output: the hash of its content in the name,
    so a browser may cache it forever and a changed engine always gets a new URL."""
    return f"_play/{slug}.{key[:12]}.zip"
