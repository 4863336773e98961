"""Issue 48.3: every entry of the user cache (~/.cache/rulepress: the "Try it" snapshot and its
.json, the bytecode, the balance figures) is checked before use. A damaged one (truncated,
overwritten with random bytes, its JSON broken, figures no self-play could count) is made again
and named once in the build's notes: the output is a clean build's to the byte, and there is no
internal error.

One user cache for the module: the Hop fixture site (with a balance page) is built once into it
as the reference; each test damages one entry and builds a fresh copy of the same site.
Node makes the snapshot once: a snapshot made again here is the first one's bytes (`made`), so
each test costs a build, not a run of Node (tests/cache/test_snapshot_same_bytes_in_any_user_cache.py
runs Node for real).
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.interactive import balance, snapshot
from generator.interactive.bundle import bundle_key
from generator.usercache import REPAIRED
from tests.interactive.helpers import copy_fixture
from tests.play.test_balance_notes import BALANCE_PAGE
from tests.sitefactory import tree

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js makes the snapshot and the bytecode")



def hop_site(folder: Path) -> Path:
    site = copy_fixture(folder, {
        "content/hop/game.toml": ('pages = ["rules", "reference"]', 'pages = ["rules", "reference", "balance"]'),
        "content/site.toml": ('language = "en"', 'language = "en"\nbalance_notes = true'),
    })
    (site / "content/hop/balance.md").write_text(BALANCE_PAGE, encoding="utf-8")
    return site




@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """(the user cache's folder, the reference output, the snapshot maker's calls)."""
    root = tmp_path_factory.mktemp("user-cache")
    made: dict[str, tuple] = {}
    calls = []
    real = snapshot._make

    def remembered(node, pyodide, runtime):
        calls.append(1)
        key = bundle_key(runtime)
        if key not in made:
            made[key] = real(node, pyodide, runtime)
        return made[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(root))
        patch.setattr(snapshot, "_make", remembered)
        site = hop_site(root.parent / "reference-site")
        report = build(site, use_cache=False)
        assert report.notes == [] or not any(note.startswith(REPAIRED) for note in report.notes)
        yield root / "rulepress", tree(site / "output"), calls


@pytest.fixture
def user_cache(reference, monkeypatch):
    folder, _output, _calls = reference
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder.parent))
    return folder


def only(folder: Path, pattern: str) -> Path:
    found = [path for path in folder.glob(pattern) if not path.name.endswith((".lock", ".tmp"))]
    assert len(found) == 1, found
    return found[0]


def rebuilt_with_one_note(tmp_path: Path, reference, entry: Path) -> None:
    """A fresh copy of the site builds the reference's bytes, saying once that `entry` was rebuilt;
    a build with nothing changed says nothing of it."""
    _folder, expected, _calls = reference
    site = hop_site(tmp_path / "site")
    report = build(site)
    assert tree(site / "output") == expected
    notes = [note for note in report.notes if note.startswith(REPAIRED)]
    assert len(notes) == 1 and entry.name.split(".")[0] in notes[0], report.notes
    again = build(site)
    assert again.up_to_date and not any(note.startswith(REPAIRED) for note in again.notes)


SNAPSHOT_DAMAGE = {
    "a truncated snapshot": (".gz", lambda data: data[:len(data) // 3]),
    "a snapshot of random bytes": (".gz", lambda data: os.urandom(len(data))),
    "a .json that is not JSON": (".json", lambda data: data[:len(data) // 2]),
    "a .json of random bytes": (".json", lambda data: os.urandom(200)),
    "a .json naming other bytes": (".json", lambda data: json.dumps({**json.loads(data), "sha256": "0" * 64}).encode()),
}


@pytest.mark.parametrize("damage", sorted(SNAPSHOT_DAMAGE))
def test_a_damaged_snapshot_entry_is_made_again_and_said_once(tmp_path, reference, user_cache, damage):
    suffix, change = SNAPSHOT_DAMAGE[damage]
    entry = only(user_cache / "snapshot", f"*{suffix}")
    entry.write_bytes(change(entry.read_bytes()))
    calls = len(reference[2])
    rebuilt_with_one_note(tmp_path, reference, entry)
    assert len(reference[2]) == calls + 1, "made again, once"


def resealed(change):
    """Change the figures and recompute their checksum, as a hand edit could: the figures alone
    must then give the entry away."""
    def damage(data: bytes) -> bytes:
        entry = json.loads(data)
        change(entry["figures"])
        return json.dumps({"figures": entry["figures"], "sha256": balance._seal(key_of[0], entry["figures"])}).encode()
    return damage


key_of: list[str] = []  # the entry's key (its file name), for `resealed`

BALANCE_DAMAGE = {
    "no games (resealed)": resealed(lambda figures: figures.update(games=0)),
    "more wins than games (resealed)": resealed(lambda figures: figures["seat_wins"].__setitem__(0, 10 ** 6)),
    "a negative count (resealed)": resealed(lambda figures: figures.update(shared=-1)),
    "wins for a seat too few (resealed)": resealed(lambda figures: figures["seat_wins"].pop()),
    "a count that is text (resealed)": resealed(lambda figures: figures.update(unfinished="none")),
    "figures edited, checksum not": lambda data: data.replace(b'"games": 40', b'"games": 41'),
    "truncated": lambda data: data[:len(data) // 2],
    "random bytes": lambda data: os.urandom(len(data)),
}


@pytest.mark.parametrize("damage", sorted(BALANCE_DAMAGE))
def test_damaged_or_impossible_balance_figures_are_played_again_and_said_once(tmp_path, reference, user_cache,
                                                                                  damage):
    entry = only(user_cache / "balance", "*.json")
    key_of[:] = [entry.stem]
    before = entry.read_bytes()
    entry.write_bytes(BALANCE_DAMAGE[damage](before))
    assert entry.read_bytes() != before
    rebuilt_with_one_note(tmp_path, reference, entry)
    assert entry.read_bytes() == before, "the entry is the figures self-play counts"


@pytest.mark.parametrize("damage", ["truncated", "random bytes"])
def test_a_damaged_bytecode_entry_is_compiled_again_and_said_once(tmp_path, reference, user_cache, damage):
    entry = sorted(path for path in (user_cache / "bytecode").glob("*.pyc"))[0]
    data = entry.read_bytes()
    entry.write_bytes(data[:len(data) // 2] if damage == "truncated" else os.urandom(len(data)))
    rebuilt_with_one_note(tmp_path, reference, entry)
    assert entry.read_bytes() == data
