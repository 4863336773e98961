"""Card titles that a spreadsheet would run or that XML cannot hold (issue 48.4). A data file's
cells are the author's words and load takes them as they are; the writers make them safe:
every CSV the build writes (the manifests of the exports) puts a single quote before a cell
that starts like a formula (OWASP's advice for CSV injection), and every SVG, feed and sitemap
drops what XML 1.0 forbids. One small site with a kit, exports, rulebooks and a release is
built once for the module; it also shows that every name the build writes in a game's folder
is one a release's version may not take."""
from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from generator.build import build
from generator.content.releases import version_clash
from generator.exports.formats import csv_text
from tests.exports.test_exports import COMPONENTS, STONES_TABLE
from tests.sitefactory import GAME_TOML, make_site

FORMULAS = ['=HYPERLINK("x")', "@SUM(1)", "+1+1", "-2"]
CONTROL = "Flint\x01Stone"
STONES = ("name,rank,colour,qty\n" + "".join(f'"{name.replace(chr(34), 2 * chr(34))}",{rank},#8a3b2e,1\n'
                                             for rank, name in enumerate(FORMULAS + [CONTROL], 1)))
RELEASE = '\n[[releases]]\nversion = "1.0"\ndate = 2026-10-01\nsummary = "First release."\n'


@pytest.fixture(scope="module")
def output(tmp_path_factory) -> Path:
    root = make_site(tmp_path_factory.mktemp("unsafe-cards"), **{
        "content/site.toml": 'title = "Test shelf"\nbase_url = "https://games.example/"\nsearch = false\n',
        "content/pebbles/game.toml": GAME_TOML + STONES_TABLE + RELEASE,
        "content/pebbles/components.toml": COMPONENTS, "content/pebbles/stones.csv": STONES})
    return build(root, processes=1).output


def manifests(output: Path) -> dict[str, list[list[str]]]:
    found = {}
    for path in sorted((output / "pebbles/exports").glob("*.zip")):
        text = zipfile.ZipFile(path).read("manifest.csv").decode("utf-8")
        found[path.name] = list(csv.reader(io.StringIO(text, newline="")))
    return found


def test_manifest_cells_that_a_spreadsheet_would_run_start_with_a_quote(output):
    found = manifests(output)
    assert len(found) == 5  # two decks for two shops, and Tabletopia's
    for name, rows in found.items():
        cells = [cell for row in rows for cell in row]
        assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))], name
        for formula in FORMULAS:
            assert "'" + formula in cells, (name, formula)


def test_manifest_numbers_and_plain_titles_are_written_as_they_are(output):
    rows = manifests(output)["pebbles-stones-thegamecrafter.zip"]
    assert rows[0] == ["card", "side", "count", "file", "size", "width_px", "height_px"]
    assert [row[2] for row in rows[1:]] == ["1"] * 5 + ["5"]  # five faces once, the shared back five times
    assert CONTROL in [row[0] for row in rows]  # CSV holds any character: only formulas are defused


def test_every_xml_file_of_the_build_parses_though_a_card_holds_a_control_character(output):
    files = [*output.rglob("*.svg"), *output.rglob("*.atom"), *output.rglob("*.xml")]
    assert len(files) > 10 and any("cards" in str(path) or "card" in path.name for path in files)
    for path in files:
        ET.parse(path)  # raises on any character XML 1.0 forbids
    cards = "".join(path.read_text(encoding="utf-8") for path in output.rglob("*.svg"))
    assert "FlintStone" in cards and "\x01" not in cards


@pytest.mark.parametrize("cell,written", [('=HYPERLINK("x")', "'=HYPERLINK(\"x\")"), ("@SUM(1)", "'@SUM(1)"),
                                          ("+1+1", "'+1+1"), ("-2", "'-2"), ("\tx", "'\tx"), ("\rx", "'\rx"),
                                          ("Flint", "Flint"), ("a=b", "a=b"), ("", "")])
def test_csv_text_writes_a_cell_that_starts_like_a_formula_as_text(cell, written):
    rows = list(csv.reader(io.StringIO(csv_text([["card", "count"], [cell, 3]]).decode("utf-8"), newline="")))
    assert rows == [["card", "count"], [written, "3"]]


def test_csv_text_keeps_numbers_as_numbers_and_a_return_inside_its_cell():
    text = csv_text([["a", "b"], [-2, 1.5], ["x\ry", "z"]]).decode("utf-8")
    assert list(csv.reader(io.StringIO(text, newline=""))) == [["a", "b"], ["-2", "1.5"], ["x\ry", "z"]]


def test_every_name_the_build_writes_in_a_games_folder_is_refused_as_a_version(output):
    """The reserved names are derived from generator.urls: a stage that writes a new name in a
    game's folder without a rule there fails here."""
    game = output / "pebbles"
    pages = {path.name for path in game.glob("*.html")}
    names = {path.name for path in game.iterdir()} - pages
    assert {"kit", "exports", "releases.atom", "pebbles-rules-a4.pdf"} <= names
    assert {name: version_clash(name, "pebbles") for name in names if not version_clash(name, "pebbles")} == {}
    assert all(version_clash(name, "pebbles") for name in pages)
