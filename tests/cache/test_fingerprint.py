"""Content keys: the library versions that shape output are part of every key,
and a source file's hash is trusted from the last build only while its stat
shows it cannot have changed."""
from __future__ import annotations

import hashlib
import os
import sys

import pytest

from generator import fingerprint


def test_library_versions_come_from_the_installed_metadata_folders(tmp_path, monkeypatch):
    (tmp_path / "Jinja2-9.9.9.dist-info").mkdir()
    (tmp_path / "markdown_it_py-9.0.dist-info").mkdir()
    (tmp_path / "jinja2_extras-1.0.dist-info").mkdir()  # another project: not ours to track
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "missing"), str(tmp_path / "x.zip")])
    assert fingerprint.library_versions() == "Jinja2-9.9.9.dist-info;markdown_it_py-9.0.dist-info"


def test_the_picture_and_page_rasterising_libraries_are_part_of_the_key(tmp_path, monkeypatch):
    for name in ("pillow-13.0.0", "pypdfium2-5.15.2", "babel-2.19.0", "requests-2.0"):
        (tmp_path / f"{name}.dist-info").mkdir()
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert fingerprint.library_versions() == (
        "babel-2.19.0.dist-info;pillow-13.0.0.dist-info;pypdfium2-5.15.2.dist-info")


def test_upgrading_a_library_changes_the_code_key(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    (tmp_path / "pyyaml-6.0.dist-info").mkdir()
    before = fingerprint.code_digest()
    (tmp_path / "pyyaml-6.0.dist-info").rename(tmp_path / "pyyaml-6.1.dist-info")
    assert fingerprint.code_digest() != before


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_a_file_whose_stat_is_unchanged_keeps_its_known_hash_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(fingerprint, "RACY_NS", -1)  # as if every file had last changed long ago
    same, edited = tmp_path / "same.md", tmp_path / "edited.md"
    same.write_text("one")
    edited.write_text("two")
    paths = [str(same), str(edited)]
    first = fingerprint.file_hashes(paths, {})
    assert first[str(same)][0] == sha256(b"one") and len(first[str(same)]) == 5
    mtime = edited.stat().st_mtime_ns
    edited.write_text("TWO")  # the same size, and the old modification time put back:
    os.utime(edited, ns=(mtime, mtime))  # only the ctime (and maybe the inode) tells
    known = dict(first, **{str(same): ["not read again", *first[str(same)][1:]]})
    second = fingerprint.file_hashes(paths, known)
    assert second[str(same)][0] == "not read again"
    assert second[str(edited)][0] == sha256(b"TWO")


def test_a_file_changed_moments_ago_is_read_again_next_time(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("fresh")
    table = fingerprint.file_hashes([str(page)], {})
    assert table == {str(page): [sha256(b"fresh")]}  # no stat to trust: it may change again within the tick
    page.write_text("FRESH")
    assert fingerprint.file_hashes([str(page)], table)[str(page)] == [sha256(b"FRESH")]


def test_the_code_key_is_hashed_once_until_a_module_changes(tmp_path, monkeypatch):
    """A command reads our modules only when one has changed since the key was kept (user cache)."""
    code = tmp_path / "generator"
    code.mkdir()
    (code / "one.py").write_text("ONE = 1\n")
    (code / "two.py").write_text("TWO = 2\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fingerprint, "GENERATOR", code)
    monkeypatch.setattr(fingerprint, "RACY_NS", -1)  # as if every module had last changed long ago
    first = fingerprint.code_digest()
    hashed = fingerprint.files_digest
    monkeypatch.setattr(fingerprint, "files_digest", lambda *args: pytest.fail("hashed again"))
    assert fingerprint.code_digest() == first == fingerprint.digest(
        hashed([code / "one.py", code / "two.py"], code), fingerprint.library_versions(), sys.version.split()[0])
    monkeypatch.setattr(fingerprint, "files_digest", hashed)
    (code / "two.py").write_text("TWO = 22\n")  # (RACY_NS is off: a change within the same clock tick must show in the size)
    assert fingerprint.code_digest() != first


def test_a_module_changed_moments_ago_keeps_no_code_key(tmp_path, monkeypatch):
    code = tmp_path / "generator"
    code.mkdir()
    (code / "one.py").write_text("ONE = 1\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fingerprint, "GENERATOR", code)
    fingerprint.code_digest()  # (RACY_NS: the module was written just now)
    assert not any((tmp_path / "cache").rglob("code/*"))
