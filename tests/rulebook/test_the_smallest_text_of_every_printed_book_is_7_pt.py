"""No text in any printed book is under 7 pt on paper (issue 45): the A4 and US Letter rules, the
A5 booklet as US Letter prints it (shrunk to fit), and the player aids. Read back from each PDF:
every run of text, at its font size times the text and drawing matrices it is shown through
(diagram labels, card faces, tables, captions, the running header)."""
from __future__ import annotations

import math
from io import BytesIO

import pytest
from pypdf import PdfReader

from generator.rulebook.booklet import smallest_print
from tests.rulebook.printed_rules import GAMES, game_book, rules_pdf

FLOOR = 7.0
BOOKS = ("rules a4", "rules letter", "rules a5", "aid a4", "aid letter")


def smallest_texts(data: bytes, scale: float = 1.0, few: int = 3) -> list[tuple[float, int, str]]:
    """The `few` smallest runs of text: (points on paper, page, words)."""
    found = []
    for number, page in enumerate(PdfReader(BytesIO(data)).pages, start=1):
        def visit(text, cm, tm, _font, size, number=number):
            if text.strip():
                points = size * math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1]) * scale
                found.append((round(points, 2), number, text.strip()[:40]))
        page.extract_text(visitor_text=visit)
    return sorted(found)[:few]


@pytest.mark.parametrize("which", BOOKS)
@pytest.mark.parametrize("slug", GAMES)
def test_no_text_of_a_printed_book_is_under_7_pt(slug, which):
    kind, paper = which.split()
    if kind == "rules":
        data = rules_pdf(slug, paper)
    else:
        data = game_book(slug).player_aid(paper)
    scale = smallest_print()[0] if paper == "a5" else 1.0
    smallest = smallest_texts(data, scale)
    assert smallest and smallest[0][0] >= FLOOR - 0.01, smallest
