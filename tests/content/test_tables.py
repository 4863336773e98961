"""One table reader: a table is declared once in game.toml and read once, by
generator/play/tables.py, for the pages, the kit and the engine alike."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.play.tables import TableSpec, read_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", ["build", "check"])
def test_renaming_a_column_gives_one_error_at_its_declaration_and_its_data_line(tmp_path, capsys, command):
    """Splut!'s board.csv feeds its pages, its kit's board and its engine: a
    renamed column is one error, naming the data file's header line and the
    game.toml line that declares the column, from build and check alike."""
    shutil.copytree(ROOT / "content", tmp_path / "content", ignore=shutil.ignore_patterns("__pycache__"))
    board = tmp_path / "content/splut/board.csv"
    board.write_text(board.read_text().replace("cell,col,row", "cell,column,row", 1))
    declared = next(n for n, line in enumerate((tmp_path / "content/splut/game.toml").read_text().splitlines(), 1)
                    if line.startswith("columns") and '"col"' not in line and "col =" in line)
    assert main([command, str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "rulepress: 1 problem in the content:" in err, err
    assert f"content/splut/board.csv:1: column 'col' (declared at game.toml:{declared}) is called 'column' here" in err
    assert len(re.findall(r"^\S+:\d+: ", err, re.M)) == 1, err


def spec(**columns) -> TableSpec:
    return TableSpec("scores", "scores.csv", columns or {"pebbles": "int", "points": "int"}, line=3, columns_line=4)


def read(text: str, **columns):
    return read_table(spec(**columns), Path("scores.csv"), text)


def test_rows_are_typed_and_remember_their_line_and_text():
    table, errors = read("# a comment\npebbles,points\n\n1,2\n2, 5\n")
    assert errors == []
    assert [dict(row) for row in table.rows] == [{"pebbles": 1, "points": 2}, {"pebbles": 2, "points": 5}]
    assert table.lines == (4, 5) and table.rows[1].text == {"pebbles": "2", "points": "5"}


def test_a_row_with_the_wrong_number_of_cells_says_so_before_any_type_check():
    _table, errors = read("pebbles,points\n1,2\n2,5, one step each this turn.\n")
    assert [(e.line, e.message) for e in errors] == [(3, "row has 3 cells, the header has 2 columns")]
    assert errors[0].expected == "2 cells (pebbles, points); a cell holding a comma goes in double quotes"
    assert errors[0].found == "'2', '5', ' one step each this turn.'"


def test_an_unclosed_quote_is_reported_at_the_line_that_opened_it():
    _table, errors = read('pebbles,points\n1,2\n"3,4\n5,6\n')
    assert [(e.line, e.message) for e in errors] == [(3, "a quoted cell is never closed")]


def test_a_wrong_type_names_the_column_and_the_type_in_words():
    _table, errors = read("pebbles,points\n1,2\ntwo,5\n3,\n")
    assert [(e.line, e.message, e.expected, e.found) for e in errors] == [
        (3, "wrong type in column 'pebbles'", "a whole number", "'two'"),
        (4, "wrong type in column 'points'", "a whole number", "an empty cell")]


GENERATOR_FILES_THAT_OPEN_FILES = {  # module -> what it opens, none of it a game's data
    "generator/content/files.py": "site.toml, game.toml and pages",
    "generator/fingerprint.py": "every source, to hash it",
    "generator/kit/load.py": "components.toml",
    "generator/play/match.py": "a saved match log",
    "generator/play/measure.py": "nothing: it writes levels.csv's text with the csv module",
    "generator/play/tables.py": "data tables and board maps: the one reader",
    "generator/pagework.py": "the pages it writes",
    "generator/site/search.py": "the pages the build made again, handed to Pagefind",
    "generator/kit/build.py": "the kits it writes",
    "generator/cache.py": "the build cache",
    "generator/build.py": "site.toml, to hash it",
    "generator/keys.py": "the npm lock file, to hash it",
    "generator/interactive/runtime.py": "the Pyodide package.json",
    "generator/interactive/bundle.py": "files it zips",
    "generator/interactive/published.py": "the files a game declares for its Play download, to zip them",
    "generator/play/modules.py": "the engine's modules, to follow their imports",
    "generator/watchdog.py": "a watched process's /proc entry, to tell whether it still runs",
    "generator/usercache.py": "the key that seals the site cache",
    "generator/interactive/bytecode.py": "the Pyodide lock (its Python version) and the bytecode it keeps",
    "generator/site/assets.py": "theme assets",
    "generator/site/theme.py": "theme assets",
    "generator/draw/svg.py": "images it embeds",
    "generator/draw/pdf.py": "pictures it embeds (opened with Pillow to convert them for CMYK print)",
    "generator/draw/pictures.py": "the pictures a kit draws: PNG and JPEG, their size limited before they decode",
    "generator/draw/pdfx.py": "the print shops' CMYK profile it embeds as the PDF/X OutputIntent",
    "generator/draw/svgimport.py": "the board artwork it imports (its size checked before it is parsed)",
    "generator/commands/serve.py": "output files it serves",
    "generator/commands/new.py": "the scaffold it writes",
    "generator/write.py": "the output it writes",
    "generator/gamecode.py": "the pipe a forked import probe answers on",
    "generator/interactive/balance.py": "its cached self-play results",
    "generator/interactive/snapshot.py": "Pyodide's lock file, and the memory snapshot Node makes and its cache keeps",
    "generator/browser/boot.py": "the stdlib zip it fetches for the browser's Python when a module is not in the snapshot",
    "generator/exports/formats.py": "the last build's ZIP of a deck, to keep it if made from the same drawings "
                                    "(it writes the exports' manifests with the csv module)",
    "generator/releases/changes.py": "two releases' components.toml, to compare their values",
    "generator/releases/earlier.py": "game.toml, for a release's line in messages",
    "generator/releases/sources.py": "the git archive of a release's sources, to unpack it",
    "generator/commands/tts_local.py": "the built Tabletop Simulator saves it rewrites for this machine",
    "generator/i18n/catalogues.py": "a game's translation catalogues (PO files) it reads and writes",
}
OPENS = re.compile(r"(?<![\w.])(?<!def )open\(|(?<!self)\.open\(|\.read_text\(|\.read_bytes\(|\bos\.fdopen\(|^\s*import csv\b", re.M)
# a listed module may import csv to write a file (a manifest); reading CSV is the reader's alone
READS_CSV = re.compile(r"\bcsv\.(reader|DictReader)\(|^\s*from csv import .*\b(reader|DictReader)\b", re.M)


def test_no_module_but_the_table_reader_opens_a_data_file():
    """Engines and the generator take a game's tables from the reader, never from the file."""
    offenders = []
    for path in sorted([*(ROOT / "generator").rglob("*.py"), *(ROOT / "content").rglob("*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if "__pycache__" in rel or not OPENS.search(path.read_text(encoding="utf-8")):
            continue
        if rel not in GENERATOR_FILES_THAT_OPEN_FILES:
            offenders.append(rel)
        elif rel != "generator/play/tables.py" and READS_CSV.search(path.read_text()):
            offenders.append(rel + " (reads CSV)")
    assert offenders == []
