"""Rule: no page of a rulebook is less than two-thirds full, except the last page of a chapter
and a page followed by one that starts with a figure (a diagram too tall for the room left;
issue 25, item 4). Measured from the printed page: the lowest ink of the text frame, from a
greyscale picture of the page; a chapter starts where the PDF's outline has a top entry."""
from __future__ import annotations

import subprocess
from io import BytesIO

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.rulebook.document import BOOK_MARGINS
from tests.kit.pdfgeom import page_geometry
from tests.rulebook.printed_rules import GAMES, PAPERS, rules_pdf, written

FULL = 2 / 3
DPI = 20
FIGURE_AT_TOP = 30.0  # mm under the frame's top: room for the strip's title row repeated
INK = 200  # grey levels under this are ink


def lowest_ink(pictures: list, number: int, height_mm: float, top: float, bottom: float) -> float:
    """The lowest ink of page `number` inside the text frame (the running header and the page
    number outside it), in mm from the page's top."""
    picture = Image.open(pictures[number - 1]).convert("L")
    width, height = picture.size
    pixels = picture.load()
    lowest = top
    for y in range(height):
        mm = y * height_mm / height
        if top - 3 < mm < height_mm - bottom + 3 and any(pixels[x, y] < INK for x in range(width)):
            lowest = mm
    return lowest


def chapter_starts(reader: PdfReader) -> set[int]:
    return {reader.get_destination_page_number(entry) + 1 for entry in reader.outline if not isinstance(entry, list)}


def starts_with_a_figure(reader: PdfReader, number: int, top: float) -> bool:
    """Whether page `number`'s first thing is a diagram (drawn in marked content with a role)."""
    drawn = [item.bbox[1] for item in page_geometry(reader, reader.pages[number - 1]).items if item.role]
    return bool(drawn) and min(drawn) < top + FIGURE_AT_TOP


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", GAMES)
def test_no_page_but_a_chapters_last_is_less_than_two_thirds_full(slug, paper, tmp_path):
    pdf = written(slug, paper, tmp_path)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pictures = sorted(tmp_path.glob("page-*.png"))  # page-01.png ... (as many digits as the count needs)
    reader = PdfReader(BytesIO(rules_pdf(slug, paper)))
    assert len(pictures) == len(reader.pages)
    pages = len(reader.pages)
    starts = chapter_starts(reader)
    assert len(starts) >= 2  # the rules and the glossary at least
    _left, top, _right, bottom = BOOK_MARGINS[paper]
    height_mm = float(reader.pages[0].mediabox.height) * 25.4 / 72
    frame = height_mm - top - bottom
    sparse = []
    for number in range(min(starts), pages):  # from the first chapter; the last page ends a chapter
        if number + 1 in starts or starts_with_a_figure(reader, number + 1, top):
            continue
        fill = (lowest_ink(pictures, number, height_mm, top, bottom) - top) / frame
        if fill < FULL:
            sparse.append((number, round(fill, 2)))
    assert sparse == []


EXAMPLE_FULL = 0.7  # issue 45: an example page (one with a walkthrough's steps) is at least 70% full


def has_steps(reader: PdfReader, number: int) -> bool:
    return b"(step-diagram)" in reader.pages[number - 1].get_contents().get_data()


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", GAMES)
def test_example_pages_are_seventy_percent_full_unless_a_chapter_ends_there(slug, paper, tmp_path):
    """An example page (one with a walkthrough's steps) is at least 70% full: the words after an
    example float up into the room its next row leaves, and when none do, the rows that end the
    page are set larger to take it (generator/rulebook/floats.py; two rows of Splut!'s boards
    filled 66-69% of a Letter page)."""
    pdf = written(slug, paper, tmp_path)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pictures = sorted(tmp_path.glob("page-*.png"))
    reader = PdfReader(BytesIO(rules_pdf(slug, paper)))
    starts = chapter_starts(reader)
    _left, top, _right, bottom = BOOK_MARGINS[paper]
    height_mm = float(reader.pages[0].mediabox.height) * 25.4 / 72
    frame = height_mm - top - bottom
    examples = [number for number in range(1, len(reader.pages)) if has_steps(reader, number)
                and number + 1 not in starts]
    assert examples
    sparse = [(number, round((lowest_ink(pictures, number, height_mm, top, bottom) - top) / frame, 2))
              for number in examples]
    assert [(number, fill) for number, fill in sparse if fill < EXAMPLE_FULL] == []


def six_steps(words_after: list) -> tuple:
    """A strip of six square boards, two across (three rows), and the words after it, floating."""
    from reportlab.platypus import Paragraph

    from generator.draw.shapes import Drawing, Text
    from generator.rulebook.document import strip_width, text_width
    from generator.rulebook.figures import strip_layout, walkthrough_strip
    from generator.rulebook.floats import floating
    from generator.rulebook.fonts import register_book_fonts
    from generator.rulebook.styles import make_styles

    register_book_fonts()
    styles = make_styles("#336699")
    boards = [Drawing(100.0, 100.0, (Text(10, 10, "a", size=3.6),))] * 6  # readable 69 mm wide
    width, widest = text_width("letter"), strip_width("letter")
    layout = strip_layout(boards, width, widest=widest)
    strip = walkthrough_strip("Six steps", boards, ["A step."] * 6, width, styles, layout, widest)
    story = floating([*strip, *(Paragraph(words, styles.body) for words in words_after)])
    return story[0], layout, width, widest


def step_widths(table) -> list[float]:
    return [cell[0].width for row in table._cellvalues[1:] for cell in row if cell]


def test_the_rows_that_end_a_page_are_set_larger_to_take_the_room_a_next_row_leaves():
    from generator.rulebook.figures import GUTTER, MOST_GROWTH

    floating_strip, layout, width, widest = six_steps([])
    whole = floating_strip.strip
    whole.wrap(width, 10_000)
    two_rows = sum(whole._rowHeights[:3])
    room = two_rows + 0.6 * whole._rowHeights[3]  # two rows and most of a third's height
    here, rest = floating_strip.split(width, room)
    assert len(here._cellvalues) == 3 and len(rest.strip._cellvalues) == 2  # title, two rows; title, one row
    grown = step_widths(here)
    assert all(layout.drawing_width < size <= min(widest / 2 - GUTTER, MOST_GROWTH * layout.drawing_width) + 0.01
               for size in grown)
    assert two_rows < here.wrap(width, room)[1] <= room  # fuller, and still on the page
    assert step_widths(rest.strip) == [layout.drawing_width] * 2  # the next page's row as the example sets it


def test_words_after_an_example_take_the_room_before_its_rows_grow():
    floating_strip, layout, width, _widest = six_steps(["A short line after the example."])
    whole = floating_strip.strip
    whole.wrap(width, 10_000)
    room = sum(whole._rowHeights[:3]) + 0.6 * whole._rowHeights[3]
    here, rest = floating_strip.split(width, room)
    assert step_widths(here) == [layout.drawing_width] * 4  # the words move up into the room instead
    assert rest.movable(width, room - here.wrap(width, room)[1])


BALANCED_MM = 16.0  # the columns of a glossary's last page end within an entry (3 lines) of each other


def column_ends(picture: Image.Image, height_mm: float, top: float, bottom: float) -> tuple[float, float]:
    """The lowest ink of the left and the right half of a page's text frame (`top` and `bottom`:
    its margins, mm), in mm from the page's top; 0 for a half without ink."""
    picture = picture.convert("L")
    width, height = picture.size
    pixels = picture.load()
    ends = []
    for left, right in ((0, width // 2), (width // 2, width)):
        inked = [y for y in range(height) if top - 1 < y * height_mm / height < height_mm - bottom + 1
                 and any(pixels[x, y] < INK for x in range(left, right))]
        ends.append(max(inked, default=0) * height_mm / height)
    return ends[0], ends[1]


@pytest.mark.parametrize("paper", [*PAPERS, "a5"])
@pytest.mark.parametrize("slug", GAMES)
def test_a_glossarys_last_page_has_its_two_columns_balanced(slug, paper, tmp_path):
    """The last page of a two-column chapter (each book ends with its glossary) is set in two
    columns of about the same length, as a publisher ends a glossary: a full column beside an
    empty one, or a few lines atop one, read as a page left unfinished (issue 45, item 4)."""
    pdf = written(slug, paper, tmp_path)
    pages = len(PdfReader(BytesIO(rules_pdf(slug, paper))).pages)
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-png", "-f", str(pages), "-l", str(pages), "-singlefile",
                    str(pdf), str(tmp_path / "last")], check=True)
    height_mm = float(PdfReader(BytesIO(rules_pdf(slug, paper))).pages[0].mediabox.height) * 25.4 / 72
    _left, top, _right, bottom = BOOK_MARGINS[paper]
    left, right = column_ends(Image.open(tmp_path / "last.png"), height_mm, top, bottom)
    assert right > 0 and abs(left - right) <= BALANCED_MM, (left, right)


def test_a_two_column_chapter_without_entries_or_with_headings_of_its_own_keeps_its_two_frames():
    """Balanced columns refuse an empty story, and set copies of their flowables (a heading's
    copy would miss its outline entry and contents page number): such a chapter flows through
    the two frames as before."""
    from reportlab.platypus import BalancedColumns, PageBreak, Paragraph

    from generator.rulebook.blocks import Heading
    from generator.rulebook.document import balanced
    from generator.rulebook.styles import make_styles

    styles = make_styles("#336699")
    title, end = Paragraph("Glossary", styles.headings[1]), PageBreak()
    assert balanced([title, end]) == [title, end]
    heading = Paragraph("Terms of play", styles.headings[2])
    heading.rulebook_heading = Heading(2, "Terms of play", "h9")
    story = [title, heading, Paragraph("Board: the grid.", styles.body), end]
    assert balanced(story) == story
    assert isinstance(balanced([title, Paragraph("Board: the grid.", styles.body), end])[1], BalancedColumns)
