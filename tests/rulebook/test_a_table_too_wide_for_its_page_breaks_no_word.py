"""Rule: a table never breaks a word mid-way to fit its page (issue 25: SHOOT's Splattercards,
eleven columns, printed "Car d", "Qt y" in the A5 booklet). A table whose columns cannot each be
as wide as their longest word is set as one paragraph a row: the first cell, then each other
column's heading and value."""
from __future__ import annotations

import subprocess

from reportlab.platypus import Paragraph

from generator.rulebook.blocks import Typesetter, data_table
from generator.rulebook.fonts import register_book_fonts
from generator.rulebook.styles import make_styles
from tests.rulebook.printed_rules import game_book


def table(width: float) -> list:
    register_book_fonts()
    styles = make_styles("#336699")
    book = Typesetter(styles, width, lambda *args: None)
    head = [Paragraph(words, styles.head_cell) for words in ("Card", "Quantity", "Striped", "Plain", "Face text")]
    row = [Paragraph(words, styles.cell) for words in ("S01", "2", "1", "0", "Look up box A")]
    return data_table(book, [head, row])


def test_a_table_that_fits_is_a_grid_and_one_that_does_not_is_a_paragraph_a_row():
    assert any(type(flowable).__name__ == "Table" for flowable in table(400))
    narrow = [flowable for flowable in table(120) if isinstance(flowable, Paragraph)]
    assert [p.text for p in narrow] == ["<b>S01</b> — <i>Quantity</i> 2 · <i>Striped</i> 1 · <i>Plain</i> 0 · "
                                        "<i>Face text</i> Look up box A"]


def test_shoots_booklet_breaks_no_word(tmp_path):
    """(Its Splattercards now print as the kit's cards, not as records: test_a_deck_prints_as_its_cards.)"""
    pdf = tmp_path / "shoot-a5.pdf"
    pdf.write_bytes(game_book("shoot").rules("a5"))
    text = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Splattercards" in text
    assert not any(broken in text.split() for broken in ("Car", "Qt", "Hea"))
