"""The per-game bundle the browser's Pyodide loads: a zip of everything a game
needs to run and draw itself, with reproducible bytes and a content-hashed name.

Layout inside the zip (unpacked onto Pyodide's `sys.path`):

    generator/browser/*.py, generator/play/*.py      the worker's session server and the engine runtime
    generator/...                                   what they and the game's modules import (the
                                                    drawing model, plain words for messages),
                                                    followed import by import (runtime_closure)
    svgwrite/...                                    the SVG backend's one dependency
    **/__pycache__/*.cpython-3XX.pyc                 their bytecode, when the build could make it
                                                    (see bytecode.py)
    games/<slug>/engine.py and what it reads        of the game folder only what it publishes: the
                                                    engine's modules, its data tables, game.toml's
                                                    [data.*] and `[engine] files` (published.py)

An engine reads its data files relative to `__file__`, and the Match's rules
version is a hash of the bytes of engine.py and the modules beside it (unless
declared), so the files are copied byte for byte: a position string made at
build time reopens in the browser.
"""
from __future__ import annotations

import ast
import functools
import hashlib
import io
import zipfile
from pathlib import Path

import importlib.util

from generator.interactive.bytecode import Compiler, pycache_name
from generator.interactive.published import published_files
from generator.fingerprint import signature
from generator.play.modules import game_modules

GENERATOR = Path(__file__).resolve().parent.parent
BROWSER_PACKAGES = ("browser", "play")  # shipped whole: the worker's session and the engine runtime
SHIPPED_LIBRARIES = ("svgwrite",)  # the one dependency of what ships (draw/svg.py), shipped whole
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the zip format's earliest date: no build timestamps


def imported_modules(source: str, module: str) -> set[str]:
    """Every module `source` imports, at module level or inside functions, as a dotted name
    (relative imports resolved against `module`, the importing module's dotted name)."""
    return set(_imports_of(source, module))


# A build follows the same generator modules for every game's bundle and again for its
# balance notes' key: parsed once per source text (parsing and walking them every time was
# about a tenth of a clean build's CPU).
@functools.lru_cache(maxsize=1024)
def _imports_of(source: str, module: str) -> frozenset[str]:
    found = set()
    package = module.rsplit(".", 1)[0]
    for node in statements(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # `from pkg import module`
    return frozenset(found)


def statements(tree: ast.Module):
    """Every statement of `tree`, nested ones too: an import is a statement, and statements sit
    only in these fields (a function's or class's body, if/for/while/with/try/match branches),
    so the expressions, most of a module's nodes, are never visited."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            stack.extend(getattr(node, name, ()))


def module_file(name: str) -> Path | None:
    """The file of a generator module (generator.draw.svg -> draw/svg.py), or None."""
    parts = name.split(".")
    if parts[0] != "generator":
        return None
    base = GENERATOR.joinpath(*parts[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if len(parts) > 1 and candidate.is_file():
            return candidate
    return GENERATOR / "__init__.py" if len(parts) == 1 else None


def runtime_closure(sources: dict[str, Path]) -> dict[str, Path]:
    """The generator modules `sources` (zip name -> file) need, followed import by import:
    the browser gets what its code imports, never a hand-kept list that drifts."""
    shipped: dict[str, Path] = {}
    queue = [(name, path) for name, path in sources.items() if name.endswith(".py")]
    while queue:
        name, path = queue.pop()
        module = name[:-3].replace("/", ".").removesuffix(".__init__")
        try:
            imports = imported_modules(path.read_text(encoding="utf-8", errors="replace"), module)
        except (SyntaxError, ValueError):  # a game module that does not parse: its import says where
            continue
        for imported in sorted(imports):
            target = module_file(imported)
            while target is not None:  # the module, then each package around it
                zip_name = f"generator/{target.relative_to(GENERATOR).as_posix()}"
                if zip_name not in shipped:
                    shipped[zip_name] = target
                    queue.append((zip_name, target))
                imported = imported.rsplit(".", 1)[0] if "." in imported else ""
                target = module_file(imported) if imported else None
    return shipped


def package_files(root: Path, prefix: str) -> dict[str, Path]:
    return {f"{prefix}/{path.relative_to(root).as_posix()}": path for path in sorted(root.rglob("*.py"))
            if "__pycache__" not in path.parts}


def runtime_files(game_folder: Path | None = None) -> dict[str, Path]:
    """Zip name -> source file of the generator runtime (generator/browser and generator/play,
    with what they and the game's modules import) and svgwrite."""
    return {name: path for name, (path, _data) in runtime_read(game_folder).items()}


# Following the imports is a fifth of a second for the catalogue (20,000 looks for a module's
# file), and `serve` asks again on every save: the answer is kept with the stats of every file
# it was read from (the runtime's modules, the game's modules, the folders they sit in) and
# stands while those are unchanged, as game_modules' does (generator/play/modules.py).
_runtime: dict[str, tuple[tuple, dict[str, tuple[Path, bytes]]]] = {}


def runtime_read(game_folder: Path | None = None) -> dict[str, tuple[Path, bytes]]:
    """runtime_files, each with its bytes."""
    key = str(game_folder or "")
    kept = _runtime.get(key)
    if kept is not None and _signature(game_folder, kept[1]) == kept[0]:
        return kept[1]
    read = {name: (path, path.read_bytes()) for name, path in _runtime_files(game_folder).items()}
    _runtime[key] = (_signature(game_folder, read), read)
    return read


def _signature(game_folder: Path | None, read: dict[str, tuple[Path, bytes]]) -> tuple:
    """The stats of what `read` was made from: its files and the folders they sit in (a module added
    beside them), and the game's own modules, whose imports it followed (game_modules sees a module
    added to the game's folder: a save of a page, often a new file renamed over the old one, leaves
    this answer standing)."""
    paths = [path for path, _data in read.values()]
    places = sorted({str(path) for path in paths} | {str(path.parent) for path in paths})
    if game_folder is not None:
        places += [str(Path(game_folder) / name) for name in game_modules(game_folder)]
    return signature(places)


def _runtime_files(game_folder: Path | None = None) -> dict[str, Path]:
    files = {name: path for package in BROWSER_PACKAGES
             for name, path in package_files(GENERATOR / package, f"generator/{package}").items()}
    roots = {**files, **(engine_modules(game_folder) if game_folder is not None else {})}
    files = {**runtime_closure(roots), **files}
    for library in SHIPPED_LIBRARIES:
        folder = Path(importlib.util.find_spec(library).origin).resolve().parent  # found, not imported
        files.update(package_files(folder, library))
    return dict(sorted(files.items()))


def engine_modules(folder: Path) -> dict[str, Path]:
    """Zip name -> file of the game's engine modules (what the generator modules they import follow from)."""
    return {f"games/{folder.name}/{name}": folder / name for name in game_modules(folder)}


def runtime_contents() -> dict[str, bytes]:
    """Zip name -> bytes of the generator runtime alone (no game): what the "Try it" snapshot imports."""
    return {name: data for name, (_path, data) in runtime_read().items()}


def bundle_contents(game_folder: Path, inherited: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Zip name -> bytes of every source file the bundle holds: the runtime, and of the game
    folder only what it publishes (published.py; a file with a problem is left out, and the
    stage's check reports it; `inherited` as there)."""
    game_folder = Path(game_folder)
    runtime = {name: data for name, (_path, data) in runtime_read(game_folder).items()}
    return {**runtime, **published_files(game_folder, inherited)[0]}


def with_bytecode(contents: dict[str, bytes], compiler: Compiler | None) -> dict[str, bytes]:
    """`contents` and, with a compiler, their bytecode in __pycache__ (where the browser's
    Python finds it)."""
    if compiler is None:
        return contents
    compiled = compiler.compile(contents)
    return {**contents, **{pycache_name(name, compiler.tag): pyc for name, pyc in compiled.items()}}


def bundle_key(contents: dict[str, bytes]) -> str:
    """A hash of everything the bundle holds (names and bytes): its name in the output. Kept by
    the contents themselves: the same files, read once and kept (runtime_read, published_files,
    the bytecode found), are the same objects in every build of `serve`, whose comparison and
    hash Python does without reading them again."""
    items = tuple(sorted(contents.items()))
    key = _keys.get(items)
    if key is None:
        digest = hashlib.sha256()
        for name, data in items:
            digest.update(name.encode("utf-8") + b"\0" + data + b"\0")
        key = digest.hexdigest()
        if len(_keys) >= 256:  # a long `serve` session's versions: the oldest forgotten with the rest
            _keys.clear()
        _keys[items] = key
    return key


_keys: dict[tuple, str] = {}


def bundle_bytes(contents: dict[str, bytes], compresslevel: int = 9) -> bytes:
    """The game's bundle as zip bytes: same contents, same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(contents):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, whatever machine builds it
            info.external_attr = 0o644 << 16
            archive.writestr(info, contents[name], compresslevel=compresslevel)
    return buffer.getvalue()


def bundle_name(slug: str, key: str) -> str:
    """Where a game's bundle goes in the output: the hash of its content in the name,
    so a browser may cache it forever and a changed engine always gets a new URL."""
    return f"_play/{slug}.{key[:12]}.zip"
