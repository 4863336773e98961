"""A deck on paper is shown as its cards (issue 45.2): SHOOT's printed book shows a row of the
kit's own drawings of each deck's cards, trimmed and large enough to read, and says how many
there are; the eleven-column Splattercard table and the weapon and gadget tables are not printed."""
from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

from generator.rulebook.cards import MOST_SHOWN
from tests.rulebook.printed_rules import rules_pdf


def card_pictures(data: bytes) -> int:
    reader = PdfReader(BytesIO(data))
    return sum(page.get_contents().get_data().count(b"/Role (deck-card)") for page in reader.pages)


def text_of(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(data)).pages)


@pytest.mark.parametrize("paper", ["a4", "a5"])
def test_shoots_book_shows_its_three_decks_as_the_kits_card_drawings(paper):
    data = rules_pdf("shoot", paper)
    assert 3 <= card_pictures(data) <= 3 * MOST_SHOWN  # a row of each deck's cards
    text = text_of(data)
    for deck, kinds, cards in (("Splattercards", 53, 64), ("Weapons", 18, 26), ("Gadgets", 40, 40)):
        assert f"of the {kinds} different cards ({cards} cards in all" in text, deck


def test_shoots_book_no_longer_prints_its_card_tables():
    text = text_of(rules_pdf("shoot", "a4"))
    for heading in ("Face text", "JAM name", "Striped Plain"):  # the eleven-column table's headers
        assert heading not in text
