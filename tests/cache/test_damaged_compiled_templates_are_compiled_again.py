"""Issue 48.3: the compiled templates in the user cache (~/.cache/rulepress/templates) are checked
before use: a damaged entry is compiled again, never an internal error (Jinja2's own format
unpickled a damaged header and raised), and the pages are what a build without it makes."""
from __future__ import annotations

import os

import pytest

from generator.build import build
from tests.sitefactory import make_site, tree




DAMAGE = {
    "truncated": lambda data: data[:len(data) // 2],
    "random bytes after its header": lambda data: data[:24] + os.urandom(64),
    "random bytes": lambda data: os.urandom(len(data)),
    "empty": lambda data: b"",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_compiled_template_is_compiled_again(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    first = make_site(tmp_path / "first")
    build(first)
    entries = sorted((tmp_path / "user-cache/rulepress/templates").iterdir())
    assert entries
    whole = {entry: entry.read_bytes() for entry in entries}
    for entry, data in whole.items():
        entry.write_bytes(DAMAGE[damage](data))
    second = make_site(tmp_path / "second")
    build(second)
    assert tree(second / "output") == tree(first / "output")
    assert all(entry.read_bytes() == data for entry, data in whole.items()), "each stored whole again"
