"""The memory snapshot a cold "Try it" starts from (generator/interactive/snapshot.py):
reproducible bytes, the stdlib fetched only for an import the snapshot lacks, and a site
that still builds (with the plain boot, and says so) where the snapshot cannot be made.

The browser side (the worker restores it, falls back when it cannot) is in
tests/browser/test_tryit_snapshot.py.
"""
from __future__ import annotations

import gzip
import importlib
import io
import re
import shutil
import struct
import sys
import zipfile

import pytest

from generator.browser.boot import StdlibOnDemand, fetch_stdlib_from
from generator.build import build
from generator.interactive import snapshot
from generator.interactive.bundle import runtime_files
from generator.interactive.runtime import find_pyodide
from tests.interactive.helpers import FIXTURE, copy_fixture

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js makes the snapshot")


def decode(encoded: bytes, initial: bytes) -> tuple[bytes, bytes]:
    """What play-worker.js does with the file: (the lock file, the snapshot Pyodide restores)."""
    data = gzip.decompress(encoded)
    block, length, header, count, lock_length = struct.unpack_from("<5I", data)
    at = 20
    lock, at = data[at:at + lock_length], at + lock_length
    restored, at = bytearray(data[at:at + header]), at + header
    flags, at = data[at:at + count], at + count
    for i, shared in enumerate(flags):
        size = min(block, length - i * block)
        if shared:
            restored += initial[i * block:i * block + size]
        else:
            restored += data[at:at + size]
            at += size
    return lock, bytes(restored)


def test_the_shipped_snapshot_leaves_out_the_blocks_a_fresh_module_holds_and_decodes_whole():
    initial = bytes(range(256)) * 64  # 16 KiB: 4 blocks of 4 KiB
    memory = bytearray(initial)
    memory[5000] ^= 0xFF  # the second block differs
    made = struct.pack("<4I", 0x12345678, 16, 0, 0) + bytes(memory)  # Pyodide's 16-byte header, then memory
    encoded = snapshot.encode(made, initial, b'{"info": {}}')
    lock, restored = decode(encoded, initial)
    assert restored == made and lock == b'{"info": {}}'
    assert len(gzip.decompress(encoded)) == 20 + 12 + 16 + 4 + snapshot.BLOCK, "one block of four shipped"


def test_an_import_the_snapshot_lacks_fetches_the_whole_stdlib_once(tmp_path, monkeypatch):
    """Restored Python's stdlib zip is empty: the first stdlib import it cannot satisfy fetches
    python_stdlib.zip (here: a zip holding `rp_fake_stdlib`); a module that is no stdlib's fetches nothing."""
    archive = tmp_path / "python3xx.zip"
    archive.write_bytes(snapshot.EMPTY_ZIP)
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w") as stdlib:
        stdlib.writestr("rp_fake_stdlib.py", "ANSWER = 42\n")
    fetched = []
    finder = StdlibOnDemand(frozenset({"rp_fake_stdlib"}), str(archive))
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    monkeypatch.delitem(sys.modules, "rp_fake_stdlib", raising=False)
    fetch_stdlib_from("/_pyodide/314.0.7/python_stdlib.zip", lambda url: fetched.append(url) or whole.getvalue())
    with pytest.raises(ImportError):
        importlib.import_module("rp_not_in_any_stdlib")
    assert fetched == []
    assert importlib.import_module("rp_fake_stdlib").ANSWER == 42
    assert fetched == ["/_pyodide/314.0.7/python_stdlib.zip"]
    sys.modules.pop("rp_fake_stdlib")


def test_a_site_built_without_node_boots_python_plainly_and_says_so(tmp_path, monkeypatch):
    site = copy_fixture(tmp_path / "site")
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)  # no Node on PATH
    report = build(site, site / "output")
    worker = re.search(r'data-worker="([^"]+)"', (site / "output/hop/index.html").read_text()).group(1)
    assert "?" not in worker, "no snapshot named"
    assert not list((site / "output/_pyodide").rglob("snapshot.*"))
    assert any("without a memory snapshot" in note and "Node.js was not found" in note for note in report.notes)


@needs_node
def test_the_same_runtime_makes_the_same_snapshot_bytes(tmp_path):
    """snapshot.mjs fixes the interpreter's entropy and clocks: two runs of Node, one snapshot."""
    pyodide = find_pyodide(FIXTURE)
    runtime = {name: path.read_bytes() for name, path in runtime_files().items()}
    first, modules = snapshot._make(shutil.which("node"), pyodide, runtime)
    second, _ = snapshot._make(shutil.which("node"), pyodide, runtime)
    assert first == second
    assert "json/__init__.py" in modules["loaded"], "the runtime's imports are in the snapshot"
