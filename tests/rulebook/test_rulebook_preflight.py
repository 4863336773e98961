"""Issues 24 and 25: no text of any rulebook PDF (A4 and US Letter rules, the A5 booklet on both
papers, the player aids) prints under 6 pt. Diagrams are printed large enough for their smallest
label to reach 7 pt on paper, in every book; preflight checks every figure at the size its book prints it, in
builds and in `check`, before anything is written; a diagram that cannot be printed large enough
is an error naming the page and line of its directive, the figure, the book and the text, with
the size to draw that text at; exit 1, the output untouched."""
from __future__ import annotations

import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm as MM
from reportlab.platypus import Paragraph

from generator.build import directive_registry
from generator.content.load import load_site
from generator.draw.shapes import Drawing, Group, Text
from generator.draw.preflight import MIN_TEXT_PT, PT_PER_MM
from generator.rulebook.blocks import BULLET_PT, WIDE_TABLE_PT
from generator.rulebook.booklet import HOW_TO_PRINT_PT, fit, smallest_print
from generator.rulebook.document import HEADER_PT, print_scale, text_width
from generator.rulebook.figures import GUTTER, position_width, strip_layout
from generator.rulebook.inline import footnote_mark
from generator.rulebook.make import GameBook, typeset_all
from generator.rulebook.preflight import FIGURE_MIN_TEXT_PT, readable_width, smallest_text
from generator.rulebook.sheet import AID_SCALES
from generator.rulebook.stage import book_jobs, files_of, preflight_book, write_books
from generator.rulebook.styles import Styles, make_styles
from tests.interactive.helpers import RULES, copy_fixture, line_of
from tests.kit.pdfgeom import page_geometry

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("shoot", "sitters", "splash", "splat", "splut")
TINY_LABELS = {"content/hop/engine.py": (  # the board's column letters, drawn 1.2 mm tall
    'COLUMNS[col],\n                               size=3.5', 'COLUMNS[col],\n                               size=1.2')}


@lru_cache(maxsize=None)
def catalogue():
    return load_site(ROOT)


def board(label_mm: float, width: float = 100.0, scale: float = 1.0) -> Drawing:
    """A square drawing `width` mm wide whose one label is `label_mm` tall, drawn inside a group at `scale`."""
    return Drawing(width, width, (Group((Text(10, 10, "a1", size=label_mm / scale),), scale=scale),))


# -- the rule, on the printed PDFs --------------------------------------------------------------
@pytest.mark.parametrize("slug", GAMES)
def test_no_text_in_any_rulebook_booklet_or_player_aid_pdf_is_under_6_pt(slug, tmp_path):
    """Every PDF the build writes for the game (the stage's own typesetting and writing), read
    back: every text run on every page, at its size on paper (the booklet's shrink included)."""
    site = catalogue()
    game = site.game(slug)
    paths = {path: tmp_path / Path(path).name for path, _what, _label in files_of(game)}
    write_books(game, typeset_all(GameBook(site, game, directive_registry(site)), book_jobs(game)), paths)
    assert all(path.is_file() for path in paths.values())
    for path in paths.values():
        reader = PdfReader(path)
        sizes = [(size, text, number) for number, page in enumerate(reader.pages, 1)
                 for size, text in page_geometry(reader, page).texts]
        assert sizes
        smallest = min(sizes)
        assert smallest[0] >= MIN_TEXT_PT - 0.01, (path.name, smallest)


@pytest.mark.parametrize("slug", GAMES)
def test_the_launch_rulebooks_pass_preflight_with_no_exemption(slug):
    site = catalogue()
    assert preflight_book(GameBook(site, site.game(slug), directive_registry(site))) == []


def styles_of(styles: Styles):
    """Every paragraph style of a book, named."""
    for name, value in vars(styles).items():
        if isinstance(value, dict):
            yield from ((f"{name}[{level}]", style) for level, style in value.items())
        elif isinstance(value, list):
            yield from ((f"{name}[{depth}]", style) for depth, style in enumerate(value))
        else:
            yield name, value


def test_the_text_the_rulebook_sets_itself_is_at_least_6_pt_on_paper():
    """Its paragraph styles (a player aid's set smaller), a wide table's cells, list bullets, footnote
    marks, the running header and page numbers, at the size each book prints them; and the
    booklet's note on how to print it, set on the sheet itself."""
    books = [(paper, make_styles("#336699"), print_scale(paper)) for paper in ("a4", "letter", "a5")]
    books += [(f"{paper} player aid", make_styles("#336699", scale=AID_SCALES[-1]), 1.0) for paper in ("a4", "letter")]
    printed = [("how to print the booklet", HOW_TO_PRINT_PT)]
    for book, styles, scale in books:
        printed += [(f"{book}: {name}", style.fontSize * scale) for name, style in styles_of(styles)]
        printed += [(f"{book}: {what}", size * scale) for what, size in
                    (("wide table", WIDE_TABLE_PT), ("bullet", BULLET_PT), ("header", HEADER_PT))]
        for name, style in styles_of(styles):
            marks = [frag for frag in Paragraph(f"note{footnote_mark(1)}", style).frags if frag.text == "1"]
            printed += [(f"{book}: footnote mark in {name}", mark.fontSize * scale) for mark in marks]
    assert len(printed) > 100
    assert [(what, round(size, 2)) for what, size in printed if size < MIN_TEXT_PT] == []


# -- figures sized from their smallest text ------------------------------------------------------
def test_the_smallest_text_counts_every_enclosing_groups_scale():
    inner = Group((Text(0, 0, "tiny", size=4.0),), scale=0.5)
    drawing = Drawing(10, 10, (Text(0, 0, "big", size=3.0), Group((inner,), scale=0.75), Text(0, 0, " ", size=0.1)))
    assert smallest_text(drawing.shapes) == pytest.approx(1.5)  # 4 x 0.5 x 0.75; blank text is not text
    assert smallest_text(Drawing(10, 10, ()).shapes) is None


def test_a_diagram_is_printed_at_least_wide_enough_for_its_smallest_text_to_be_7_pt():
    """A 3 mm label in a 100 mm drawing reaches 7 pt (2.469 mm) printed 82.3 mm wide; on the
    booklet's page, shrunk to 94% on US Letter, it must be set wider still."""
    drawing = board(3.0)
    assert readable_width(drawing) / MM == pytest.approx(100 * (FIGURE_MIN_TEXT_PT / PT_PER_MM) / 3.0, abs=0.01)
    assert readable_width(drawing, 0.9) == pytest.approx(readable_width(drawing) / 0.9, abs=0.02)
    width = text_width("a4")
    assert position_width(drawing, width) >= readable_width(drawing)
    assert position_width(board(0.5), width) == width  # never wider than the text


def test_a_walkthrough_strip_sets_fewer_steps_to_a_row_when_three_would_print_under_7_pt():
    width = text_width("a4")  # 139.8 mm
    assert strip_layout([board(6.0)] * 4, width).across == 3  # a 6 mm label is readable at a third
    two = strip_layout([board(4.0)] * 4, width)  # needs 61.7 mm: a third is 43.1 mm, a half 66.4
    assert (two.across, two.caption_beside) == (2, False)
    one = strip_layout([board(3.0)] * 4, width)  # needs 82.3 mm: alone, its caption beside it
    assert (one.across, one.caption_beside) == (1, True) and one.drawing_width >= readable_width(board(3.0))
    under = strip_layout([board(2.2)] * 4, width)  # needs 112.2 mm: no room beside, the caption under it
    assert (under.across, under.caption_beside, under.drawing_width) == (1, False, readable_width(board(2.2)))
    full = strip_layout([board(1.6)] * 4, width)  # needs 154.3 mm: the whole width, and preflight says so
    assert (full.across, full.caption_beside, full.drawing_width) == (1, False, width)
    for layout in (two, one):
        assert layout.drawing_width * layout.across + GUTTER * layout.across <= width + 0.01


def test_the_booklets_pages_are_sized_and_checked_as_us_letter_prints_them():
    """The A5 pages print two to a landscape sheet: at 100% on A4, shrunk to fit on US Letter."""
    assert fit((148 * MM, 210 * MM), "a4") == pytest.approx(1.0)
    assert smallest_print() == (pytest.approx(0.944, abs=0.001), "letter")
    assert print_scale("a5") == smallest_print()[0]
    assert print_scale("a4") == print_scale("letter") == 1.0


@pytest.mark.parametrize("slug", GAMES)
def test_preflight_checks_each_figure_at_the_size_its_book_sets_it(slug):
    """Preflight's quick pass (figure directives only) places every diagram as the typesetting does."""
    site = catalogue()
    book = GameBook(site, site.game(slug), directive_registry(site))
    for kind, paper in book_jobs(book.game):
        quick, set_in_the_book = book.placed_figures(kind, paper), book.plan(kind, paper).placed
        assert quick == set_in_the_book, (kind, paper)
    assert book.placed_figures("rules", "a4")


# -- errors, through the command line --------------------------------------------------------------
def rulepress(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_diagram_label_under_7_pt_is_an_error_naming_the_page_line_figure_and_text(tmp_path, command):
    """The Hop board's column letters drawn 1.2 mm tall: even across the whole page they print at
    4.32 pt in the A5 booklet on US Letter, where the page is smallest."""
    site = copy_fixture(tmp_path / "site", TINY_LABELS)
    rules = site / RULES
    done = rulepress(command, str(site), *(["-q"] if command == "build" else []))
    assert done.returncode == 1
    err = done.stderr
    assert (f"{rules}:{line_of(rules, '```walkthrough')}: preflight: text under 7 pt on paper, in the walkthrough "
            "“Opening hops”, step 1, as printed in the A5 booklet on US Letter\n") in err
    assert ("expected: text of at least 7 pt (2.47 mm) on paper: the diagram is printed 109 mm wide, as wide as "
            "the page has room for; draw this text at least 2.0 mm tall in the game's drawing code "
            "(it is 1.20 mm)") in err
    assert "found:    “a” at 4.32 pt (and 4 more texts under 7 pt)" in err
    assert f"{rules}:{line_of(rules, '```position')}: preflight: text under 7 pt on paper, in the position diagram" in err
    assert "Traceback" not in err
    assert not (site / "output").exists()  # nothing written


def test_a_site_whose_diagrams_print_at_7_pt_or_more_builds_without_a_preflight_error(tmp_path):
    site = copy_fixture(tmp_path / "site")
    done = rulepress("build", str(site), "-q")
    assert done.returncode == 0, done.stderr
    assert "preflight" not in done.stderr + done.stdout
    assert (site / "output/hop/hop-rules-booklet-letter.pdf").is_file()


def test_a_diagram_whose_words_collide_or_fade_is_an_error_at_its_directive():
    """The kit's checks run on every figure the rulebooks print (rulebook.preflight.drawing_errors)."""
    from pathlib import Path

    from generator.draw.shapes import Drawing, Line, Rect, Style, Text
    from generator.rulebook.preflight import PlacedFigure, PrintedBook, drawing_errors

    drawing = Drawing(60, 20, (Rect(0, 0, 60, 20, Style(fill="#2f6fa5")), Text(5, 10, "47", size=4.0),
                               Line(0, 9, 60, 9, Style(stroke="#ffffff", stroke_width=0.4))))
    placed = PlacedFigure(drawing, 200.0, 1.0, "position diagram", Path("rules.md"), 39)
    errors = drawing_errors([PrintedBook("the A4 rulebook", [placed]), PrintedBook("the A5 booklet", [placed])])
    assert sorted(e.message for e in errors) == [
        "preflight: text colliding with other marks, in the position diagram",
        "preflight: text that does not stand out from what lies under it, in the position diagram"]
    assert all((e.path, e.line) == (Path("rules.md"), 39) for e in errors)


def test_a_diagram_label_between_5_pt_and_the_books_7_pt_is_a_warning_and_under_5_pt_an_error():
    """Issue 44.1: a race game's own diagram labels at 6.9 pt in the A5 booklet print poorly, not
    wrongly: a warning (the build writes); at 4.9 pt they are an error."""
    from pathlib import Path

    from generator.draw.preflight import PT_PER_MM
    from generator.draw.shapes import Drawing, Text
    from generator.rulebook.preflight import PlacedFigure, PrintedBook, preflight_figures

    def label_at(points: float):
        drawing = Drawing(60, 20, (Text(5, 10, "start", size=points / PT_PER_MM),))
        placed = PlacedFigure(drawing, 60 * PT_PER_MM, 1.0, "track diagram", Path("rules.md"), 12)
        (found,) = preflight_figures([PrintedBook("the A5 booklet on US Letter", [placed])])
        return found

    poor, wrong = label_at(6.9), label_at(4.9)
    assert poor.severity == "warning" and "“start” at 6.9 pt" in poor.found
    assert wrong.severity == "error" and "“start” at 4.9 pt" in wrong.found
