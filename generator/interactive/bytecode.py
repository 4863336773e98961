"""Precompiled bytecode for the game bundles, made by Pyodide's own Python.

Without it the browser compiles every module of a bundle on a reader's first
"Try it": 0.1-0.15 s in WebAssembly, after the runtime has loaded. The build runs
the npm package's Pyodide under Node (one process for all the modules it has not
compiled before) and keeps each .pyc in the user's cache by Pyodide version,
module path and source, so later builds of any site reuse it. Without Node, or
if it fails, the bundles carry their sources alone and work as before.

Each cached .pyc ends with the sha256 of its key and bytes: an entry truncated or
overwritten is compiled again (and the build says so), never shipped to a browser that
would fail to import it.
"""
from __future__ import annotations

import functools
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from generator.fingerprint import digest, signature
from generator.usercache import repaired, user_cache

BROWSER_ROOT = "/home/pyodide/rulepress"  # where play-worker.js unpacks a bundle
SCRIPT = Path(__file__).with_name("compile.mjs")
FORMAT = "bytecode-2"  # a cache entry: the .pyc, then the sha256 of its key and the .pyc
SEAL = 32  # bytes of that sha256
UNCHECKED_HASH = b"\x01\x00\x00\x00"  # a .pyc's flags as compile.mjs writes them


FOUND: dict[str, tuple[tuple, bytes]] = {}  # .pyc found whole in the user cache, by key, with its file's stats
FOUND_LIMIT = 20_000  # entries (a few KB each); then forgotten all at once (the catalogue's bundles: ~800)


@functools.lru_cache(maxsize=8192)
def entry_key(version: str, name: str, source: bytes) -> str:
    """A module's cache entry's key (kept: `serve` asks for every module's on every save)."""
    return digest(FORMAT, version, name, source)


class Compiler:
    """Pyodide's Python, run under Node, for one Pyodide version."""

    def __init__(self, pyodide: Path, node: str, cache: Path):
        self.pyodide, self.node, self.cache = pyodide, node, cache
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        major, minor = lock["info"]["python"].split(".")[:2]
        self.tag = f"cpython-{major}{minor}"  # sys.implementation.cache_tag in the browser
        self.version = f"{self.tag}/{(pyodide / 'package.json').read_bytes().hex()}"
        self.failed = False
        self.repaired: list[str] = []  # notes on damaged entries compiled again (the stage says them)

    def key(self, name: str, source: bytes) -> str:
        return entry_key(self.version, name, source)

    def compile(self, sources: dict[str, bytes]) -> dict[str, bytes]:
        """Bundle name -> .pyc bytes for each .py of `sources` (bundle name -> source)."""
        keys = {name: self.key(name, data) for name, data in sources.items() if name.endswith(".py")}
        found = {}
        for name, key in keys.items():
            pyc = self._cached(name, key)
            if pyc is not None:
                found[name] = pyc
        missing = {name: sources[name] for name in keys if name not in found}
        if missing and not self.failed:
            self.failed = not self._run(missing, keys)
            for name in missing:
                pyc = self._cached(name, keys[name])
                if pyc is not None:
                    found[name] = pyc
        return found if len(found) == len(keys) else {}  # all or nothing: one bundle, one kind

    def _cached(self, name: str, key: str) -> bytes | None:
        """The entry's .pyc if it is whole; a damaged one is removed (and noted), to be compiled again.
        One found whole is kept for the process (`serve` asks for every module on every save) while
        its file's stats stand: an entry damaged since is read (and remade, and said) again."""
        stats = signature([self.cache / f"{key}.pyc"])
        kept = FOUND.get(key)
        if kept is not None and kept[0] == stats:
            return kept[1]
        pyc = self._read(name, key)
        if pyc is not None:
            if len(FOUND) >= FOUND_LIMIT:
                FOUND.clear()
            FOUND[key] = (stats, pyc)
        return pyc

    def _read(self, name: str, key: str) -> bytes | None:
        path = self.cache / f"{key}.pyc"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            data = b""
        pyc, seal = data[:-SEAL], data[-SEAL:]
        if len(pyc) > 16 and pyc[4:8] == UNCHECKED_HASH and seal == _seal(key, pyc):
            return pyc
        try:
            path.unlink()
        except OSError:
            pass  # compiled again and stored over it
        self.repaired.append(repaired(f"the bytecode of {name} ({path})"))
        return None

    def _run(self, missing: dict[str, bytes], keys: dict[str, str]) -> bool:
        with tempfile.TemporaryDirectory(prefix="rulepress-pyc-") as job:
            names = []
            for n, (name, source) in enumerate(sorted(missing.items())):
                Path(job, f"{n}.py").write_bytes(source)
                names.append([n, f"{BROWSER_ROOT}/{name}"])
            Path(job, "names.json").write_text(json.dumps(names), encoding="utf-8")
            try:
                done = subprocess.run([self.node, str(SCRIPT), str(self.pyodide), job], capture_output=True,
                                      timeout=300)
            except (OSError, subprocess.TimeoutExpired):
                return False
            if done.returncode != 0:
                return False
            for n, (name, _) in enumerate(sorted(missing.items())):
                compiled = Path(job, f"{n}.pyc")
                if not compiled.is_file():
                    return False
                temporary = self.cache / f"{keys[name]}.{n}.tmp"
                pyc = compiled.read_bytes()
                temporary.write_bytes(pyc + _seal(keys[name], pyc))
                temporary.replace(self.cache / f"{keys[name]}.pyc")  # whole or absent, for a build beside this one
        return True


def _seal(key: str, pyc: bytes) -> bytes:
    return hashlib.sha256(key.encode("ascii") + b"\0" + pyc).digest()


def compiler_for(pyodide: Path | None) -> Compiler | None:
    """A compiler for this Pyodide, if Node and a writable cache are there."""
    node = shutil.which("node")
    cache = user_cache("bytecode")
    if pyodide is None or node is None or cache is None:
        return None
    try:
        return Compiler(pyodide, node, cache)
    except (OSError, ValueError, KeyError):
        return None


def pycache_name(name: str, tag: str) -> str:
    """Where Python looks for a module's bytecode: games/x/engine.py -> games/x/__pycache__/engine.<tag>.pyc"""
    folder, _, file = name.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc" if folder else f"__pycache__/{file[:-3]}.{tag}.pyc"
