"""Rule (issue 45): every game's A5 booklet is at most 40 pages (ten sheets folded, a comfortable
saddle stitch), counting the inside back cover that says how to print it and the blank back."""
from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

from generator.rulebook.booklet import padded_pages
from tests.rulebook.printed_rules import GAMES, rules_pdf

BOOKLET_PAGES = 40


@pytest.mark.parametrize("slug", GAMES)
def test_the_booklet_is_at_most_ten_sheets(slug):
    pages = len(PdfReader(BytesIO(rules_pdf(slug, "a5"))).pages)
    assert padded_pages(pages) <= BOOKLET_PAGES, f"{pages} A5 pages make a booklet of {padded_pages(pages)}"
