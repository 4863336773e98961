"""Content keys: the library versions that shape output are part of every key."""
from __future__ import annotations

import sys

from generator import fingerprint


def test_library_versions_come_from_the_installed_metadata_folders(tmp_path, monkeypatch):
    (tmp_path / "Jinja2-9.9.9.dist-info").mkdir()
    (tmp_path / "markdown_it_py-9.0.dist-info").mkdir()
    (tmp_path / "jinja2_extras-1.0.dist-info").mkdir()  # another project: not ours to track
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "missing"), str(tmp_path / "x.zip")])
    assert fingerprint.library_versions() == "Jinja2-9.9.9.dist-info;markdown_it_py-9.0.dist-info"


def test_upgrading_a_library_changes_the_code_key(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    (tmp_path / "pyyaml-6.0.dist-info").mkdir()
    before = fingerprint.code_digest()
    (tmp_path / "pyyaml-6.0.dist-info").rename(tmp_path / "pyyaml-6.1.dist-info")
    assert fingerprint.code_digest() != before
