"""Issue 48.3: the "Try it" snapshot is the same bytes whichever user cache makes it. Emscripten
copies the program's path and arguments (the snapshot script's path, the job's temporary folder)
into the memory the snapshot holds; snapshot.mjs runs under a fixed name with no arguments, so
another user cache, checkout or temporary folder makes the same file.

Two runs of Node (seconds each): one in a user cache, one in another with the script run from
another folder (as from another checkout or install) and another temporary folder.
"""
from __future__ import annotations

import shutil
import tempfile

import pytest

from generator.interactive import snapshot
from generator.interactive.bundle import runtime_files
from generator.interactive.runtime import find_pyodide
from tests.interactive.helpers import FIXTURE

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js makes the snapshot")


@needs_node
def test_the_snapshot_made_in_two_user_caches_is_the_same_bytes(tmp_path, monkeypatch):
    pyodide = find_pyodide(FIXTURE)
    runtime = {name: path.read_bytes() for name, path in runtime_files().items()}  # read once: the same key
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "one"))
    first = snapshot.boot_files(pyodide, runtime)

    elsewhere = tmp_path / "another checkout" / "generator" / "interactive"
    elsewhere.mkdir(parents=True)
    shutil.copy(snapshot.SCRIPT, elsewhere / snapshot.SCRIPT.name)
    (tmp_path / "a longer temporary folder").mkdir()
    monkeypatch.setattr(snapshot, "SCRIPT", elsewhere / snapshot.SCRIPT.name)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "a longer temporary folder"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "the other user cache"))
    second = snapshot.boot_files(pyodide, runtime)

    made = [list((tmp_path / cache / "rulepress/snapshot").glob("*.gz")) for cache in ("one", "the other user cache")]
    assert all(len(files) == 1 for files in made) and made[0][0].name == made[1][0].name, "the same key"
    assert first.snapshot == second.snapshot
    assert first.snapshot_name == second.snapshot_name
