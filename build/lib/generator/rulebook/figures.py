"""The engine's diagrams in the rulebook: each `generator.draw` Drawing placed
as a flowable and painted by the PDF backend, so paper shows the site's very
drawing, as vectors. Walkthroughs become strips of numbered steps."""
from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm as MM
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from generator.draw.pdf import Painter
from generator.draw.shapes import Drawing
from generator.rulebook.styles import IN_BOOK_FACE, RULE, Styles


class DrawingFlowable(Flowable):
    """A Drawing scaled to `width` points; marked `/RP <</Role (role)>>` so tools can count figures."""

    def __init__(self, drawing: Drawing, width: float, role: str = "figure"):
        super().__init__()
        self.drawing, self.role = drawing, role
        self.scale = width / (drawing.width * MM)
        self.width, self.height = width, drawing.height * MM * self.scale

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        painter = Painter(self.canv)
        k = MM * self.scale
        painter.ops.append(f"/RP <</Role ({self.role})>> BDC q {k:.9f} 0 0 {-k:.9f} 0 {self.height:.6f} cm")
        painter.draw(self.drawing.shapes)
        painter.ops.append("Q EMC")
        painter.flush()


def step_cells(title: str, drawings: list[Drawing], captions: list[str], width: float, styles: Styles) -> Table:
    """Numbered step diagrams with their captions, three (or two, for wide boards) to a
    row, under the walkthrough's title. The strip breaks between rows, and the title
    row repeats on the next page: kept whole, a long strip went to the next page and
    left most of this one blank."""
    wide = drawings and drawings[0].width > drawings[0].height * 1.25
    across = 2 if wide else 3
    cell_width = width / across
    cells = []
    for number, (drawing, caption) in enumerate(zip(drawings, captions), start=1):
        cells.append([Paragraph(f"<b>{number}</b>", styles.caption),
                      DrawingFlowable(drawing, cell_width - 10, role="step-diagram"),
                      Spacer(1, 2), Paragraph(escape(caption), styles.caption)])
    rows = [cells[i:i + across] for i in range(0, len(cells), across)]
    rows[-1] += [""] * (across - len(rows[-1]))
    heading = [Paragraph(f"<b>Example: {escape(title)}</b>", styles.small)] + [""] * (across - 1)
    table = Table([heading, *rows], colWidths=[cell_width] * across, hAlign="LEFT", repeatRows=1)
    table.setStyle(TableStyle([IN_BOOK_FACE, ("SPAN", (0, 0), (-1, 0)), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
                               ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                               ("LEFTPADDING", (0, 0), (-1, 0), 0), ("BOTTOMPADDING", (0, 0), (-1, 0), 1),
                               ("LINEABOVE", (0, 1), (-1, 1), 0.5, RULE)]))
    return table


def walkthrough_strip(title: str, drawings: list[Drawing], captions: list[str], width: float,
                      styles: Styles) -> list:
    return [step_cells(title, drawings, captions, width, styles), Spacer(1, 6)]


def position_figure(drawing: Drawing, title: str, caption: str, width: float, styles: Styles) -> list:
    size = min(width * 0.6, 90 * MM) if drawing.width <= drawing.height * 1.25 else width * 0.8
    parts = [DrawingFlowable(drawing, size, role="position-diagram")]
    words = " ".join(p for p in (f"<b>{escape(title)}</b>" if title else "", escape(caption)) if p)
    if words:
        parts.append(Paragraph(words, styles.caption))
    return [KeepTogether(parts), Spacer(1, 6)]
