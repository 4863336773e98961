"""Issue 30.3 and 30.4: every input has a limit, and no bad input is an internal error. Each case
of the issue's attack run, by family (SVG artwork, numbers in components.toml, pages past a limit,
names and files), exits 1 naming the file (and the line, where there is one), says what to do,
shows no traceback and leaves the previous output byte for byte as it was."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from generator.cli import main
from generator.content.limits import (MAX_DATA_ROWS, MAX_HEADINGS, MAX_LINE, MAX_NESTING, MAX_PAGE_BYTES,
                                      MAX_TABLE_ROWS)
from generator.kit.schema import MAX_BOARD_SIDE
from tests.errors.test_bad_input import COMPONENTS
from tests.sitefactory import make_site

ART = '''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
  <rect x="0" y="0" width="100" height="50" fill="#dcebc5"/>
  <circle cx="20" cy="25" r="10" fill="#4e8a3c"/>
</svg>
'''
KIT = COMPONENTS + '''
[[board]]
name = "river"
kind = "artwork"
art = "art.svg"
width = 120
'''
GAME, PAGE, DATA, KIT_FILE, SVG_FILE = ("content/pebbles/game.toml", "content/pebbles/reference.md",
                                        "content/pebbles/scores.csv", "content/pebbles/components.toml",
                                        "content/pebbles/art.svg")
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
SQUARE = '<rect width="5" height="5" fill="#ff0000"/>\n'


def svg(*lines: str) -> str:
    return HEAD + "".join(lines) + "</svg>\n"


# SVG artwork: (the file's text, what the message says). The error stands at components.toml's
# art = line and names the SVG file's own line.
SVG_CASES = {
    "zero viewBox": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 0">' + SQUARE + "</svg>",
                     "must be more than 0"),
    "negative viewBox": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 -10 -10">' + SQUARE + "</svg>",
                         "must be more than 0"),
    "huge viewBox": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1e300">' + SQUARE + "</svg>",
                     "beyond what a drawing can hold"),
    "viewBox of three numbers": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10">' + SQUARE + "</svg>",
                                 "not four numbers"),
    "no size at all": ('<svg xmlns="http://www.w3.org/2000/svg">' + SQUARE + "</svg>", "has no size"),
    "a path missing a number": (svg('<path d="M 1 L 2 3"/>\n'), "path command 'M' needs 2 numbers, found 1"),
    "a path with a stray word": (svg('<path d="M 1 1 L 2 x"/>\n'), "where a command or a number belongs"),
    "a path not starting with a move": (svg('<path d="L 1 1"/>\n'), "must start with a move"),
    "translate()": (svg('<g transform="translate()">', SQUARE, "</g>\n"), "translate() needs 1 or 2 numbers"),
    "an unknown transform": (svg('<g transform="spin(3)">', SQUARE, "</g>\n"), "spin() is not supported"),
    "a scale beyond any page": (svg('<g transform="scale(1e8) scale(1e8)">', SQUARE, "</g>\n"), "beyond any page"),
    "a number beyond any drawing": (svg('<g transform="scale(1e12)">', SQUARE, "</g>\n"),
                                    "beyond what a drawing can hold"),
    "opacity half": (svg('<rect width="5" height="5" opacity="half"/>\n'), "opacity='half' is not a number"),
    "a width in em": (svg('<rect width="5em" height="5"/>\n'), "the unit 'em' is not supported"),
    "a width that is a word": (svg('<rect width="wide" height="5"/>\n'), "width='wide' is not a length"),
    "5,000 nested groups": (svg("<g>" * 5000, SQUARE, "</g>" * 5000, "\n"), "nest more than 100 deep"),
    "foreignObject": (svg("<foreignObject><p>Start</p></foreignObject>\n"), "<foreignObject> is not supported"),
    "a clone": (svg('<use href="#a"/>\n'), "clones"),
    "a gradient paint": (svg('<rect width="5" height="5" fill="url(#g)"/>\n'), "gradient"),
    "an unknown colour": (svg('<rect width="5" height="5" fill="skyish"/>\n'), "the colour 'skyish'"),
    "a see-through colour": (svg('<rect width="5" height="5" fill="rgba(0,0,0,0.5)"/>\n'), "see-through"),
    "a descendant selector": (svg("<style>g rect { fill: red }</style>\n", SQUARE),
                              "the <style> selector 'g rect' is not supported"),
    "a media rule": (svg("<style>@media print { .a { fill: red } }</style>\n", SQUARE), "'@media print'"),
    "an HTML file": ("<!DOCTYPE html>\n<html><body><p>Board</p></body></html>\n", "not an SVG file"),
    "broken XML": (svg("<rect width='5'\n"), "not readable as SVG"),
    "odd points": (svg('<polygon points="0,0 5,5 3"/>\n'), "odd count of numbers"),
}

# Numbers and names in components.toml: (old, new) in it, the marker of the error's line, the message.
KIT_CASES = {
    "width = inf": ("width = 120", "width = inf", "width = inf", "is not a finite number"),
    "width = nan": ("width = 120", "width = nan", "width = nan", "is not a finite number"),
    "a width of ten metres": ("width = 120", "width = 10000", "width = 10000", "more than 2,000 mm"),
    "quantity = 1e9": ("count = 4", "count = 1e9", "count = 1e9", "wrong type"),
    "count of ten million": ("count = 4", "count = 10000000", "count = 10000000", "more than 1,000"),
    "copies of a million": ("rows = 4", "rows = 4\ncopies = 1000000", "copies = 1000000", "more than 1,000"),
    "sheet rows of a million": ("rows = 4", "rows = 1000000", "rows = 1000000", "more than 1,000"),
    "a grid of 703 columns": ("cell = 20\nmap = '''\n.A.\n...\n'''", "cell = 20\nrows = 2\ncolumns = 703",
                              "columns = 703", f"more than {MAX_BOARD_SIDE}"),
    "a grid of 1,000 x 1,000": ("cell = 20\nmap = '''\n.A.\n...\n'''", "cell = 20\nrows = 1000\ncolumns = 1000",
                                "rows = 1000", f"more than {MAX_BOARD_SIDE}"),
    "a map row of 703 cells": (".A.\n...", "." * 703 + "\n" + "." * 703, "map =", "703 x 2 cells"),
    "a board wider than two metres": ("cell = 20\nmap = '''\n.A.\n...\n'''", "cell = 60\nrows = 40\ncolumns = 40",
                                      "cell = 60", "at most 2000 mm"),
    "a token set of 2,000 tokens": ('items = [{ label = "P", count = 4, fill = "#888888" }]',
                                    'items = [{ label = "P", count = 1000 }, { label = "Q", count = 1000 }]',
                                    'name = "pebbles"', "come to 2,000"),
    "a 250-character component name": ('name = "pad"', f'name = "{"p" * 250}"', 'name = "ppp', "at most 64"),
}

BIG_TABLE = "| a | b |\n|---|---|\n" + "| 1 | 2 |\n" * (MAX_TABLE_ROWS + 1)
FRONT = "---\ntitle: Player aid\n---\n\n## Summary\n\n"
# Pages: the page's text after its front matter, the marker of the error's line, the message.
PAGE_CASES = {
    "a page of more than 2 MB": ("Words and more words.\n" * (MAX_PAGE_BYTES // 22 + 10), None, "may be at most 2 MB"),
    "a 1 MB line without spaces": ("x" * 1_000_000 + "\n", "xxxx", f"a line may be at most {MAX_LINE:,}"),
    "10,000 nested emphasis markers": ("*" * 10_000 + "x" + "*" * 10_000 + "\n", "****", "emphasis markers"),
    "emphasis nested 1,000 deep": ("**a " * 1000 + "a** " * 1000 + "\n", "**a", "nest 1000 deep"),
    "brackets nested 500 deep": ("[" * 500 + "x" + "]" * 500 + "\n", "[[[", "nest 500 deep"),
    "headings past the limit": ("".join(f"### Rule {n}\n\nText.\n\n" for n in range(MAX_HEADINGS + 1)),
                                f"### Rule {MAX_HEADINGS - 1}", f"more than {MAX_HEADINGS:,} headings"),
    "a table past the limit": (BIG_TABLE, "| a | b |", f"more than {MAX_TABLE_ROWS:,} rows"),
    "4,000 nested list items": ("- " * 4000 + "item\n", "- - -", "nest 4000 deep"),
    "lists nested 25 deep": ("".join("  " * depth + "- item\n" for depth in range(25)),
                             "  " * MAX_NESTING + "- item", "nest 21 deep"),
    "quotes nested 100 deep": ("> " * 100 + "deep\n", "> > >", "nest 100 deep"),
    "admonitions nested 30 deep": ("".join(f"::: note Level {n}\n" for n in range(30)) + "Text.\n" + ":::\n" * 30,
                                   f"::: note Level {MAX_NESTING}", "nest 21 deep"),
    "a misspelt fence language": ("```pyhton\nprint(1)\n```\n", "```pyhton",
                                  "unknown fence language 'pyhton' (did you mean python?)"),
    "a misspelt directive": ("```tabel\ndata: scores\n```\n", "```tabel", "unknown directive 'tabel' (did you mean table?)"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A good site with a kit and a board of SVG artwork, built once: each case starts from a copy."""
    site = make_site(tmp_path_factory.mktemp("good") / "site")
    (site / KIT_FILE).write_text(KIT, encoding="utf-8")
    (site / SVG_FILE).write_text(ART, encoding="utf-8")
    assert main(["build", str(site), "-q"]) == 0
    return site


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def line_of(path: Path, marker: str) -> int:
    return next(n for n, text in enumerate(path.read_bytes().split(b"\n"), 1) if marker.encode() in text)


def fails(site: Path, before: dict, capsys) -> str:
    """The build's errors, once it has exited 1 without a traceback and left the output alone."""
    code = main(["build", str(site)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    assert snapshot(site / "output") == before
    return err


@pytest.fixture
def site(built, tmp_path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "site", symlinks=True))


@pytest.mark.parametrize("case", sorted(SVG_CASES))
def test_bad_svg_artwork_is_an_error_at_its_art_key_naming_the_svg_line(case, site, capsys):
    text, message = SVG_CASES[case]
    before = snapshot(site / "output")
    (site / SVG_FILE).write_text(text, encoding="utf-8")
    err = fails(site, before, capsys)
    kit = site / KIT_FILE
    assert f"{kit}:{line_of(kit, 'art = ')}: board artwork art.svg" in err and message in err, err


@pytest.mark.parametrize("case", sorted(KIT_CASES))
def test_numbers_and_names_past_a_kit_limit_are_errors_at_their_line(case, site, capsys):
    old, new, marker, message = KIT_CASES[case]
    before = snapshot(site / "output")
    kit = site / KIT_FILE
    text = kit.read_text(encoding="utf-8")
    assert old in text, old
    kit.write_text(text.replace(old, new, 1), encoding="utf-8")
    err = fails(site, before, capsys)
    assert f"{kit}:{line_of(kit, marker)}:" in err and message in err, err


@pytest.mark.parametrize("case", sorted(PAGE_CASES))
def test_a_page_past_a_limit_is_an_error_at_its_line_before_any_stage_parses_it(case, site, capsys):
    body, marker, message = PAGE_CASES[case]
    before = snapshot(site / "output")
    page = site / PAGE
    page.write_text(FRONT + body, encoding="utf-8")
    err = fails(site, before, capsys)
    assert (f"{page}:{line_of(page, marker)}:" if marker else f"{page}:") in err and message in err, err[:2000]


def test_a_250_character_game_folder_name_is_an_error_naming_the_folder(site, capsys):
    before = snapshot(site / "output")
    folder = site / "content" / ("p" * 250)
    (site / "content/pebbles").rename(folder)
    err = fails(site, before, capsys)
    assert "bad game folder name" in err and "at most 64" in err and "(250 characters)" in err


def test_a_file_name_that_is_not_utf8_is_an_error_naming_it(site, capsys):
    before = snapshot(site / "output")
    name = os.fsencode(site / "content/pebbles") + b"/caf\xe9.md"
    with open(name, "wb") as handle:
        handle.write(b"---\ntitle: Cafe\n---\n")
    err = fails(site, before, capsys)
    assert "caf\\xe9.md: the file name is not UTF-8 text" in err and "rename the file" in err


def test_a_data_file_past_the_row_limit_is_an_error_at_the_first_row_too_many(site, capsys):
    before = snapshot(site / "output")
    data = site / DATA
    data.write_text("pebbles,points\n" + "1,2\n" * (MAX_DATA_ROWS + 1), encoding="utf-8")
    err = fails(site, before, capsys)
    assert f"{data}:{MAX_DATA_ROWS + 2}:" in err and f"at most {MAX_DATA_ROWS:,}" in err


def test_an_engine_whose_engine_is_not_an_engine_is_an_author_error(site, capsys):
    before = snapshot(site / "output")
    (site / "content/pebbles/engine.py").write_text("ENGINE = 5\n", encoding="utf-8")
    page = site / PAGE
    page.write_text(FRONT + "```position\nsetup: start\n```\n", encoding="utf-8")
    err = fails(site, before, capsys)
    assert "engine" in err.lower()


def test_an_output_folder_the_build_may_not_change_is_an_error_with_what_to_do(site, capsys, monkeypatch):
    """A read-only folder in output/ (as a root-owned copy leaves it): the commit's first rename fails."""
    import generator.write as write

    class ReadOnlyOutput:
        def __getattr__(self, name):
            return getattr(os, name)

        @staticmethod
        def replace(source, destination):
            raise PermissionError(13, "Permission denied", str(destination))

    (site / PAGE).write_text(FRONT + "Changed.\n", encoding="utf-8")
    before = snapshot(site / "output")
    monkeypatch.setattr(write, "os", ReadOnlyOutput())
    monkeypatch.setattr(write, "exchange", lambda a, b: False)  # the two renames, the first refused
    err = fails(site, before, capsys)
    assert "cannot change the output folder: permission denied" in err and "chmod -R u+w" in err


# Lines built of what the limits count: markers, indents, admonition fences, table rows,
# emphasis and brackets, and blank lines that end a paragraph.
PIECES = ["", " ", "  ", "\t", "> ", "- ", "* ", "1. ", "2) ", ":::", "::: note", "# ", "## H",
          "|a|b|", "|-|-|", "---", "***", "*", "_", "**", "[", "]", "\\*", "word", " w ", "```", "~~~"]


@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), max_size=40).map("\n".join))
@example("::: a\n::: b\n::: c\n::: d\ntext")  # one past each limit, each alone
@example("- - - 1. deep")
@example("        - deep")
@example("a ****b")
@example("*[a **[b")
@example("w" * 31)
@example("\n".join("# H" for _ in range(7)))
@example("|a|b|\n|-|-|\n" + "|1|2|\n" * 7)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_page_the_quick_look_passes_has_nothing_the_line_scan_refuses(monkeypatch, text):
    """The whole-text look that spares most pages the line scan never lets through a page the
    scan refuses: checked with every limit made small enough for a short page to pass it."""
    from generator.content import limits

    for name, value in (("MAX_LINE", 30), ("MAX_NESTING", 3), ("MAX_MARKER_RUN", 3), ("MAX_INLINE_NESTING", 3),
                        ("MAX_HEADINGS", 6), ("MAX_TABLE_ROWS", 6)):
        monkeypatch.setattr(limits, name, value)
    monkeypatch.setattr(limits, "MARKER_RUN", re.compile(r"[*_]{4,}"))
    if not limits.may_pass_a_limit(text):
        scan = limits._Scan(Path("page.md"))
        for number, line in enumerate(text.split("\n"), start=1):
            scan.line(number, line)
        assert scan.errors == {}
