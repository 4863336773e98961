"""A deck in the printed rulebook, shown as its cards (issue 45.2): a row of the kit's own card
drawings, each trimmed at its cut line and printed just large enough for its smallest words to
reach the figures' floor (7 pt), with a line saying how many cards the deck has and where the
rest are. A published rulebook shows a card as the card; its data as an eleven-column table
set at 6.6 pt was three pages of SHOOT's book. An author who wants the table on paper writes a
`table` block marked `{.print-only}`.

The deck arrives from the `cards` directive's paper rendering (kit/paper.py, paper.Cards), which
draws it from the kit stage's product ("kit drawings", read by the rulebook stage and handed to
its directives): the rulebook never imports the kit.
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.units import mm as MM
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from generator.draw.shapes import Drawing
from generator.rulebook.figures import GUTTER, DrawingFlowable
from generator.rulebook.preflight import readable_width
from generator.rulebook.styles import IN_BOOK_FACE

MOST_SHOWN = 4  # cards in the row: a sample of the deck, as a publisher's rulebook shows one


class CardPicture(Flowable):
    """A card drawing cut at its trim line (the kit draws a bleed around it), `width` points wide."""

    def __init__(self, drawing: Drawing, width: float, bleed_mm: float):
        super().__init__()
        trim = drawing.width - 2 * bleed_mm
        self.whole = DrawingFlowable(drawing, width * drawing.width / trim, role="deck-card")
        self.inset = bleed_mm * MM * self.whole.scale
        self.width, self.height = width, self.whole.height - 2 * self.inset

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        edge = canvas.beginPath()
        edge.rect(0, 0, self.width, self.height)
        canvas.clipPath(edge, stroke=0, fill=0)
        self.whole.drawOn(canvas, -self.inset, -self.inset)
        canvas.restoreState()


@dataclass(frozen=True)
class Deck:
    """What the gallery needs of a kit's deck: its title, its distinct fronts and its size."""

    title: str
    fronts: list  # each distinct front drawing once, in deck order
    cards: int  # every card, counting copies
    bleed: float  # mm around the cut line in each drawing


def card_width(deck: Deck, print_scale: float) -> float:
    """A card's printed width (points, trimmed): its smallest words at the figures' floor."""
    drawing = deck.fronts[0]
    needed = max(readable_width(front, print_scale) for front in deck.fronts)
    return needed * (drawing.width - 2 * deck.bleed) / drawing.width


def gallery(deck: Deck, width: float, styles, print_scale: float = 1.0) -> list:
    """A row of the deck's cards, as many as fit `width` at a legible size (up to MOST_SHOWN),
    taken evenly through the deck (its first two were alike), and under it how many there are."""
    size = min(card_width(deck, print_scale), width - GUTTER)
    across = max(1, min(MOST_SHOWN, len(deck.fronts), int(width // (size + GUTTER))))
    shown = [deck.fronts[i * len(deck.fronts) // across] for i in range(across)]
    row = [CardPicture(front, size, deck.bleed) for front in shown]
    table = Table([row], colWidths=[size + GUTTER] * across, hAlign="LEFT")
    table.setStyle(TableStyle([IN_BOOK_FACE, ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), GUTTER), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
    kinds = len(deck.fronts)
    words = (f"<b>{escape(deck.title)}</b>: {across} of the {kinds} different cards"
             if kinds > across else f"<b>{escape(deck.title)}</b>")
    words += f" ({deck.cards} cards in all, every one in the print-and-play kit)."
    return [table, Paragraph(words, styles.caption), Spacer(1, 8)]
