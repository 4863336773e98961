"""Every PDF renders cleanly (issue 42.3): Ghostscript, which renders as a print shop's RIP would,
finds nothing to warn about in any PDF a build makes (a translucent shape inside a form named
transparency states the form's resources lacked), and no two font subsets of a file share a tag
(reportlab named every file's first subsets AAAAAA+)."""
from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from generator.build import build
from generator.draw.pdf import PdfPage, render_pdf
from generator.draw.shapes import Circle, Drawing, Group, Rect, Style, Text
from generator.exports.raster import rasterise
from tests.exports.test_exports import COMPONENTS, STONES, STONES_TABLE
from tests.sitefactory import GAME_TOML, make_site

needs_tools = pytest.mark.skipif(not (shutil.which("gs") and shutil.which("pdffonts")),
                                 reason="Ghostscript and poppler-utils (scripts/test installs them)")
GREEN = "#00aa00"


def ghostscript_says(path: Path) -> str:
    """What Ghostscript prints while rendering every page of the file (nothing: it found no fault)."""
    done = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                          capture_output=True, text=True, check=False)
    return (done.stdout + done.stderr).strip() + ("" if done.returncode == 0 else f" (exit {done.returncode})")


def subset_tags(path: Path) -> list[str]:
    listing = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"^([A-Z]{6})\+", listing, flags=re.M)


def translucent_in_forms() -> bytes:
    """Page 1: two translucent shapes of one opacity in a row, in regular and bold type. Page 2:
    a card's art drawn twice (so written once, as a form) holding translucent shapes, and nothing
    translucent on the page itself (whose resources a reader would search for a form's missing ones)."""
    art = (Rect(0, 0, 20, 20, style=Style(fill="#ffcc00")),
           Circle(10, 10, 8, style=Style(fill="#ff0000", opacity=0.35)),
           Text(10, 12, "Hi", size=4),
           Circle(5, 5, 3, style=Style(fill="#0000ff", opacity=0.5)))
    rects = (Rect(5, 40, 20, 10, style=Style(fill=GREEN, opacity=0.35)),
             Rect(30, 40, 20, 10, style=Style(fill=GREEN, opacity=0.35)),
             Text(5, 60, "Bold", size=5, bold=True))
    forms = (Group(art, dx=5, dy=5), Group(art, dx=40, dy=5))
    return render_pdf([PdfPage(Drawing(80, 70, rects)), PdfPage(Drawing(80, 70, forms))],
                      title="translucent", author="")


@needs_tools
def test_translucent_shapes_inside_a_form_render_without_a_missing_resource(tmp_path):
    path = tmp_path / "forms.pdf"
    path.write_bytes(translucent_in_forms())
    assert ghostscript_says(path) == ""


def test_each_translucent_shape_is_translucent_not_only_the_first_of_its_opacity():
    image = rasterise(translucent_in_forms(), dpi=72 * 2)
    px = 2 * 72 / 25.4  # pixels per mm
    first, second = (image.getpixel((round(x * px), round(45 * px))) for x in (15, 40))
    assert first == second
    assert first != (0, 0xAA, 0) and first[0] > 100  # green at 35 % over white: pale


@needs_tools
def test_no_two_font_subsets_of_a_file_share_a_tag(tmp_path):
    path = tmp_path / "fonts.pdf"
    path.write_bytes(translucent_in_forms())
    tags = subset_tags(path)
    assert len(tags) == 2 and len(set(tags)) == 2
    assert "AAAAAA" not in tags


def test_subset_tags_are_the_same_for_the_same_drawing():
    assert translucent_in_forms() == translucent_in_forms()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A site whose game has a kit, its exports and its typeset rulebooks: every kind of PDF."""
    root = make_site(tmp_path_factory.mktemp("pdfs"), **{
        "content/site.toml": 'title = "Test shelf"\nbase_url = "https://games.example/"\nsearch = false\n',
        "content/pebbles/game.toml": GAME_TOML + STONES_TABLE,
        "content/pebbles/components.toml": COMPONENTS, "content/pebbles/stones.csv": STONES})
    report = build(root, processes=1)
    return sorted(report.output.rglob("*.pdf"))


@needs_tools
def test_ghostscript_renders_every_pdf_of_a_build_without_a_word(built):
    kinds = {path.parent.name for path in built}
    assert {"kit", "exports", "pebbles"} <= kinds  # the kits, the DriveThruCards decks, the rulebooks
    said = {path.name: ghostscript_says(path) for path in built}
    assert {name: text for name, text in said.items() if text} == {}


@needs_tools
def test_no_pdf_of_a_build_repeats_a_font_subset_tag(built):
    for path in built:
        tags = subset_tags(path)
        assert tags, path.name
        assert [tag for tag, count in Counter(tags).items() if count > 1] == [], path.name
