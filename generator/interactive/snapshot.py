"""A cold "Try it" that starts from a memory snapshot instead of booting Python.

Booting Pyodide in the browser (unpacking the stdlib, starting CPython, importing the
runtime) was most of a first "Try it". The build boots it once under Node instead, with
the generator runtime imported, and ships Pyodide's memory snapshot of it
(`makeMemorySnapshot`, restored by `loadPyodide({_loadSnapshot})`): Python runs 0.55 s
after the click instead of 3 s (scripts/bench_browser.py). To stay within the bytes the
cold path had, the worker no longer fetches python_stdlib.zip (2.5 MB) or
pyodide-lock.json, and fetches instead:

* `snapshot.<hash>.gz`: the snapshot without the memory blocks a fresh module already
  holds (the wasm's data, its zeros: the worker copies them from the module it has just
  made), gzipped (the browser's DecompressionStream unpacks it), with the lock file's
  `info` (the packages list is empty: pure-Python bundles load none);
* `stdlib.<hash>.zip`: an empty zip where Pyodide expects the stdlib. The snapshot holds
  every stdlib module the runtime imports, and the games' engines import no other (the
  build checks nothing; a game that does pays once): the first import of one fetches the
  whole python_stdlib.zip (generator/browser/boot.py StdlibOnDemand).

Both stdlib and lock file stay in the output for the plain boot, which the worker falls
back to if the snapshot cannot start. Same sources, same bytes: snapshot.mjs fixes the
interpreter's entropy and clocks while it runs, and the name and arguments it runs with (paths
of this machine's, which Emscripten copies into the memory). Results are kept in the user's
cache by Pyodide version, script and runtime, each entry with the sha256 of its snapshot: one
damaged (truncated, overwritten, its .json unreadable) is made again, and the build says so.
Without Node (or if it fails) the site gets the plain boot and the build says so.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import struct
import subprocess
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from generator.fingerprint import digest
from generator.interactive.bundle import bundle_bytes
from generator.usercache import repaired, user_cache

try:
    import fcntl  # POSIX: elsewhere each build makes its own snapshot, as without a cache
except ImportError:  # pragma: no cover
    fcntl = None

SCRIPT = Path(__file__).with_name("snapshot.mjs")
FORMAT = "rulepress-snapshot-1"  # the encoding below; play-worker.js reads it
BLOCK = 4096  # bytes per block that is either shipped or taken from the fresh module
EMPTY_ZIP = b"PK\x05\x06" + bytes(18)  # an end of central directory, no entries
NODE_TIMEOUT = 600


class SnapshotUnavailable(RuntimeError):
    """The snapshot could not be made: the reason, for the build's note."""


@dataclass(frozen=True)
class BootFiles:
    """What the worker fetches instead of python_stdlib.zip and pyodide-lock.json."""

    snapshot: bytes
    stdlib: bytes
    loaded: tuple[str, ...] = ()  # the stdlib files the snapshot holds (for the tests and the curious)
    repaired: str = ""  # the build's note when the cached entry was damaged and made again
    # their names in the runtime's folder, by content (hashed once: every page with a widget names them)
    snapshot_name: str = field(init=False)
    stdlib_name: str = field(init=False)

    def __post_init__(self):
        if not self.snapshot.startswith(b"\x1f\x8b") or not self.stdlib.startswith(b"PK"):
            raise ValueError("a snapshot is gzip bytes and a stdlib a zip")
        object.__setattr__(self, "snapshot_name", f"snapshot.{hashlib.sha256(self.snapshot).hexdigest()[:12]}.gz")
        object.__setattr__(self, "stdlib_name", f"stdlib.{hashlib.sha256(self.stdlib).hexdigest()[:12]}.zip")


def boot_files(pyodide: Path, runtime: dict[str, bytes]) -> BootFiles:
    """The snapshot of `runtime` (zip name -> bytes, as the bundles hold it) imported.
    Raises SnapshotUnavailable."""
    node = shutil.which("node")
    if node is None:
        raise SnapshotUnavailable("Node.js was not found (no `node` on PATH)")
    cache = user_cache("snapshot")
    version = (pyodide / "package.json").read_bytes()
    key = digest(FORMAT, version, SCRIPT.read_bytes(),
                 *(part for name in sorted(runtime) for part in (name, runtime[name])))
    note = ""
    if cache is None:
        snapshot, modules = _make(node, pyodide, runtime)
    else:
        with _only_one_maker(cache, key):  # builds started together (a test run, two sites) make it once
            snapshot, modules, damage = _cached(cache, key)
            if snapshot is None:
                snapshot, modules = _make(node, pyodide, runtime)
                entry = {"loaded": modules["loaded"], "sha256": _entry_digest(key, snapshot)}
                _store(cache, key, {".gz": snapshot, ".json": json.dumps(entry).encode("utf-8")})
            if damage:
                note = repaired(f"the \"Try it\" snapshot {cache / key}.gz ({damage})")
    return BootFiles(snapshot=snapshot, stdlib=EMPTY_ZIP, loaded=tuple(modules["loaded"]), repaired=note)


@contextmanager
def _only_one_maker(cache: Path, key: str):
    """Hold the cache entry's lock while it is read or made: a second build waits for the first's
    snapshot (seconds of Node) instead of making its own beside it."""
    try:
        handle = open(cache / f"{key}.lock", "a") if fcntl is not None else None
    except OSError:
        handle = None
    if handle is None:  # a cache we may not lock: each build makes its own, as without a cache
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _entry_digest(key: str, snapshot: bytes) -> str:
    """What the entry's .json vouches for: these bytes, under this key (not another entry's)."""
    return hashlib.sha256(key.encode("ascii") + b"\0" + snapshot).hexdigest()


def _cached(cache: Path, key: str) -> tuple[bytes | None, dict | None, str]:
    """The entry's snapshot and modules if both files are whole, else (None, None, what is wrong:
    "" when there is no entry). A damaged entry is removed: it is made again."""
    gz, listing = cache / f"{key}.gz", cache / f"{key}.json"
    if not gz.exists() and not listing.exists():
        return None, None, ""
    try:
        snapshot, text = gz.read_bytes(), listing.read_bytes()
    except OSError as error:
        damage = f"{Path(error.filename or gz).name}: {error.strerror or error}"
    else:
        damage = _damage(key, snapshot, text)
        if not damage:
            return snapshot, {"loaded": json.loads(text)["loaded"]}, ""
    for path in (gz, listing):
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass  # made again and stored over it
    return None, None, damage


def _damage(key: str, snapshot: bytes, text: bytes) -> str:
    """What is wrong with an entry ("" if nothing): its .json must be the JSON _store wrote, and
    vouch for exactly these snapshot bytes."""
    try:
        entry = json.loads(text.decode("utf-8"))
    except ValueError:  # UnicodeDecodeError too
        return "its .json is not JSON"
    if not isinstance(entry, dict) or not isinstance(entry.get("sha256"), str) or not (
            isinstance(entry.get("loaded"), list) and all(isinstance(name, str) for name in entry["loaded"])):
        return "its .json is not a snapshot's"
    if entry["sha256"] != _entry_digest(key, snapshot) or not snapshot.startswith(b"\x1f\x8b"):
        return "the snapshot is not the one its .json names: truncated or overwritten"
    return ""


def _store(cache: Path, key: str, files: dict[str, bytes]) -> None:
    """Each file whole or absent, for a build beside this one (in the order given: the last is
    the one a reader checks second)."""
    for suffix, data in files.items():
        temporary = cache / f"{key}{suffix}.tmp"
        temporary.write_bytes(data)
        temporary.replace(cache / f"{key}{suffix}")


def _make(node: str, pyodide: Path, runtime: dict[str, bytes]) -> tuple[bytes, dict]:
    with tempfile.TemporaryDirectory(prefix="rulepress-snapshot-") as folder:
        job = Path(folder)
        (job / "runtime.zip").write_bytes(bundle_bytes(runtime, compresslevel=1))  # Node reads it once: no need to squeeze it
        try:
            done = subprocess.run([node, str(SCRIPT), str(pyodide), str(job)], capture_output=True,
                                  timeout=NODE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise SnapshotUnavailable(f"Node.js took more than {NODE_TIMEOUT} s to make it") from None
        except OSError as error:
            raise SnapshotUnavailable(f"Node.js could not start: {error}") from None
        if done.returncode != 0 or not (job / "modules.json").is_file():
            raise SnapshotUnavailable(f"Node.js could not make it: {_last_error(done.stderr, done.returncode)}")
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        encoded = encode(
            (job / "snapshot.bin").read_bytes(), (job / "initial.bin").read_bytes(),
            json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode("utf-8"))
        return encoded, json.loads((job / "modules.json").read_text(encoding="utf-8"))


def _last_error(stderr: bytes, returncode: int) -> str:
    lines = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines()
             if line.strip() and len(line) < 400]  # Node prints the whole minified line of a throw
    errors = [line for line in lines if "Error" in line]
    return (errors or lines or [f"exit status {returncode}, no message"])[-1]


def encode(snapshot: bytes, initial: bytes, lock: bytes) -> bytes:
    """The snapshot as play-worker.js reads it: gzip of five little-endian u32 (block size,
    memory length, snapshot header length, block count, lock length), the lock file the worker
    passes to loadPyodide, the snapshot's header, one flag byte per memory block (1: the fresh
    module holds it already) and the other blocks in order."""
    header = struct.unpack_from("<4I", snapshot)[1]  # Pyodide's: magic, header length, ...
    memory = memoryview(snapshot)[header:]
    flags, literals = bytearray(), []
    for start in range(0, len(memory), BLOCK):
        block = memory[start:start + BLOCK]
        shared = block == memoryview(initial)[start:start + BLOCK]
        flags.append(1 if shared else 0)
        if not shared:
            literals.append(bytes(block))
    head = struct.pack("<5I", BLOCK, len(memory), header, len(flags), len(lock))
    body = b"".join([head, lock, snapshot[:header], bytes(flags), *literals])
    return gzip.compress(body, compresslevel=9, mtime=0)

