"""Bad input in the text of a site (issue 16, points 6 and 7): a non-UTF-8 byte names the
file, line and byte offset; a byte-order mark is dropped; a key given twice in YAML is an
error at its line; the site's address must be http(s). Each: exit 1, no traceback, the
previous output unchanged."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from tests.sitefactory import make_site


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def fails(site: Path, capsys) -> str:
    before = snapshot(site / "output")
    assert main(["build", str(site)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err
    assert snapshot(site / "output") == before
    return err


@pytest.fixture
def site(tmp_path):
    site = make_site(tmp_path / "site")
    assert main(["build", str(site), "-q"]) == 0
    return site


@pytest.mark.parametrize("name", ["content/pebbles/rules.md", "content/pebbles/scores.csv",
                                  "content/pebbles/game.toml"])
def test_a_byte_that_is_not_utf8_names_the_file_line_and_offset(site, name, capsys):
    path = site / name
    text = path.read_bytes()
    lines = text.split(b"\n")
    lines[2] += b" caf\xe9"  # Latin-1, as an old editor saves it
    path.write_bytes(b"\n".join(lines))
    offset = len(b"\n".join(lines[:2])) + 1 + len(lines[2]) - 1
    err = fails(site, capsys)
    assert f"{path}:3: the file is not UTF-8 text" in err and f"0xe9 at byte offset {offset}" in err


def test_a_byte_order_mark_is_dropped(site, capsys):
    rules = site / "content/pebbles/rules.md"
    rules.write_bytes(b"\xef\xbb\xbf" + rules.read_bytes())
    scores = site / "content/pebbles/scores.csv"
    scores.write_bytes(b"\xef\xbb\xbf" + scores.read_bytes())
    assert main(["build", str(site), "-q"]) == 0
    assert "\ufeff" not in (site / "output/pebbles/index.html").read_text()


def test_a_yaml_key_given_twice_is_an_error_at_its_line(site, capsys):
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text().replace("title: Rules\n", "title: Rules\ntitle: Other rules\n", 1))
    err = fails(site, capsys)
    assert f"{rules}:3:" in err and "'title' is given twice" in err


def test_a_directive_option_given_twice_is_an_error(site, capsys):
    rules = site / "content/pebbles/rules.md"
    rules.write_text(rules.read_text() + "\n```table\ndata: scores\ndata: scores\n```\n")
    err = fails(site, capsys)
    assert str(rules) in err and "given twice" in err


@pytest.mark.parametrize("address", ["javascript:alert(1)//", "ftp://games.example/", "games.example.org"])
def test_the_site_address_must_be_http_or_https(site, address, capsys):
    toml = site / "content/site.toml"
    toml.write_text(toml.read_text().replace('base_url = "https://games.example/"', f'base_url = "{address}"'))
    err = fails(site, capsys)
    assert f"{toml}:2:" in err and "https://" in err
