"""Rule: a two-column chapter (a glossary) is set full on each page and balanced on its last
(issue 45) as reportlab's BalancedColumns sets it, but its entries' lines are broken a few times
each, not at every height the balancing tries (it tried some 80 on a last page, breaking every
entry left at each: three quarters of a book's typesetting time)."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.lib.units import mm as MM
from reportlab.platypus import BalancedColumns, BaseDocTemplate, PageBreak, PageTemplate, Paragraph

from generator.rulebook.columns import MeasuredColumns
from generator.rulebook.document import AID_GAP, FRAME_PADDING, SHEET_MARGINS, columns_frame
from generator.rulebook.fonts import register_book_fonts
from generator.rulebook.styles import make_styles

WORDS = ("a piece moves one square in a straight line and may push the pieces before it off the board "
         "where a player who pushed it scores").split()


def entries(count: int) -> list[Paragraph]:
    """`count` glossary entries of one to four lines, each different."""
    styles = make_styles("#336699", scale=0.9)
    return [Paragraph(f"<b>Term {n}</b> " + " ".join(WORDS[(3 * n + k) % len(WORDS)] for k in range(6 + 7 * n % 31)),
                      styles.body) for n in range(count)]


def glossary(columns: type, count: int) -> bytes:
    """A glossary of `count` entries on A5 in `columns` (a BalancedColumns class), as a book sets it."""
    register_book_fonts()
    left, top, right, bottom = (side * MM for side in SHEET_MARGINS["a5"])
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=A5, invariant=1, leftMargin=left, rightMargin=right, topMargin=top,
                          bottomMargin=bottom)
    doc.addPageTemplates([PageTemplate("columns", [columns_frame("a5", doc.bottomMargin, doc.height)])])
    title = Paragraph("Glossary", make_styles("#336699").headings[1])
    doc.build([title, columns(entries(count), nCols=2, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                              innerPadding=AID_GAP + 2 * FRAME_PADDING, name="columns"), PageBreak()])
    return out.getvalue()


def drawn(pdf: bytes) -> list[bytes]:
    """What each page draws, its numbers to a thousandth of a point (reportlab's word spacing
    drifts by a millionth each time a hyphenated line is broken again)."""
    return [re.sub(rb"-?\d*\.\d+", lambda number: b"%.3f" % float(number.group()), page.get_contents().get_data())
            for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("count", [7, 30, 60])  # balanced on its only page; on the second of two; on the fourth
def test_a_glossarys_columns_are_set_as_reportlabs_balanced_columns_set_them(count):
    ours, reportlabs = drawn(glossary(MeasuredColumns, count)), drawn(glossary(BalancedColumns, count))
    assert len(ours) == len(reportlabs) >= (1 if count < 30 else 2)
    assert ours == reportlabs


def test_a_glossarys_entries_are_broken_into_lines_a_few_times_each(monkeypatch):
    broken = []
    break_lines = Paragraph.breakLines

    def counted(paragraph, *args, **kwargs):
        broken.append(paragraph)
        return break_lines(paragraph, *args, **kwargs)

    monkeypatch.setattr(Paragraph, "breakLines", counted)
    pages = len(PdfReader(io.BytesIO(glossary(MeasuredColumns, 60))).pages)
    assert pages >= 3
    assert len(broken) <= 5 * 60  # measured, set on the page, drawn; BalancedColumns broke them 4,000 times
