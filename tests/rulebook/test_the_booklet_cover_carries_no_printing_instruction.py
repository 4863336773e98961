"""Rule: the booklet's first page is its cover, with no instruction text on it; how to
print the booklet goes inside the back cover (issue 25, item 5)."""
from __future__ import annotations

import subprocess
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import directive_registry
from generator.content.load import load_site
from generator.rulebook.booklet import HOW_TO_PRINT, impose, padded_pages, saddle_order
from generator.rulebook.make import GameBook

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def a5_book(slug: str) -> bytes:
    site = load_site(ROOT)
    return GameBook(site, site.game(slug), directive_registry(site)).rules("a5")


def half_text(pdf: Path, side: int, half: int, width: int, height: int) -> str:
    """The words on one half (0 left, 1 right) of one side of the imposed booklet."""
    return subprocess.run(["pdftotext", "-f", str(side), "-l", str(side), "-x", str(half * width // 2), "-y", "0",
                           "-W", str(width // 2), "-H", str(height), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("slug", ["splut", "shoot"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_booklets_first_page_is_the_cover_with_no_instruction_on_it(slug, paper, tmp_path):
    book = a5_book(slug)
    cover_words = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-", "-"], input=book,
                                 capture_output=True, check=True).stdout.decode()
    pdf = tmp_path / "booklet.pdf"
    pdf.write_bytes(impose(book, paper))
    reader = PdfReader(pdf)
    width, height = (int(float(v)) for v in (reader.pages[0].mediabox.width, reader.pages[0].mediabox.height))
    first_words = HOW_TO_PRINT.split(",")[0]
    front = half_text(pdf, 1, 1, width, height)  # the first sheet's front, right half: page 1
    assert " ".join(front.split()) == " ".join(cover_words.split())  # the cover as set, and nothing else
    assert first_words not in half_text(pdf, 1, 0, width, height)  # nor on the back cover beside it
    pages = len(PdfReader(BytesIO(book)).pages)
    total = padded_pages(pages)
    _inside_front, inside_back = saddle_order(total)[1]
    assert inside_back == total - 1
    assert first_words in half_text(pdf, 2, 1, width, height)
