"""Rule: a player aid uses its sheet (issue 25, item 6): one page, both of its columns filled
to near the foot of the sheet (its type is the largest that fits), and, where its page has a
`position` block, the set-up picture on the sheet at a readable size. Measured from the
printed page: the lowest ink in each half of the text area, from a greyscale picture."""
from __future__ import annotations

import subprocess
from functools import lru_cache
from io import BytesIO

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.rulebook.document import SHEET_MARGINS
from tests.rulebook.printed_rules import GAMES, PAPERS, game_book
from tests.rulebook.test_printable_rulebooks import content_streams

FILLED = 0.75  # of the text area's height, down to the lowest ink of each column (they filled 40-60%)
DPI = 20
INK = 200  # grey levels under this are ink
# the games whose aid shows its set-up picture on A4 (and the papers each has room on)
WITH_PICTURE = {"splat": PAPERS, "sitters": PAPERS, "splash": PAPERS, "splut": ("a4",)}


@lru_cache(maxsize=None)
def aid_pdf(slug: str, paper: str) -> bytes:
    return game_book(slug).player_aid(paper)


def lowest_ink_per_column(png, height_mm: float, width_mm: float, margins) -> tuple[float, float]:
    """The lowest ink (mm from the page's top) in the left and right halves of the text area."""
    left, top, right, bottom = margins
    picture = Image.open(png).convert("L")
    pixels, (width, height) = picture.load(), picture.size
    middle = (left + (width_mm - right)) / 2
    lowest = [top, top]
    for y in range(height):
        mm = y * height_mm / height
        if not top - 3 < mm < height_mm - bottom + 3:  # the running header and the foot aside
            continue
        for x in range(int(left * width / width_mm), int((width_mm - right) * width / width_mm)):
            if pixels[x, y] < INK:
                lowest[x * width_mm / width >= middle] = mm
    return lowest[0], lowest[1]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", GAMES)
def test_a_player_aid_fills_both_columns_of_one_sheet(slug, paper, tmp_path):
    pdf = tmp_path / "aid.pdf"
    pdf.write_bytes(aid_pdf(slug, paper))
    reader = PdfReader(BytesIO(aid_pdf(slug, paper)))
    assert len(reader.pages) == 1
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(tmp_path / "page")], check=True)
    box = reader.pages[0].mediabox
    height_mm, width_mm = float(box.height) * 25.4 / 72, float(box.width) * 25.4 / 72
    margins = SHEET_MARGINS[paper]
    frame = height_mm - margins[1] - margins[3]
    for column, lowest in zip(("left", "right"), lowest_ink_per_column(next(tmp_path.glob("page-*.png")),
                                                                        height_mm, width_mm, margins)):
        filled = (lowest - margins[1]) / frame
        assert filled >= FILLED, f"{slug} {paper}: the {column} column is {filled:.0%} full"


@pytest.mark.parametrize("slug,paper", [(slug, paper) for slug, papers in WITH_PICTURE.items() for paper in papers])
def test_a_player_aid_shows_its_set_up_picture(slug, paper):
    pdf = aid_pdf(slug, paper)
    assert b"/RP <</Role (position-diagram)>> BDC" in b"".join(content_streams(pdf))
