"""The fenced directives of a page, on paper: each directive's paper rendering (declared beside
its web one, stages.Directive) says what it prints in the terms of generator/paper.py; this
module sets that on the book's page. Every diagram placed is recorded in the book
(Typesetter.placed) for preflight, with the page and line of the directive that makes it.
No directive is known here by name."""
from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Paragraph, Spacer

from generator.errors import ContentError
from generator.i18n.interface import gettext
from generator.markdown.directives import DirectiveContext, parse_options
from generator.paper import Cards, DataTable, Diagram, Index, Link, Strip, Words, escape
from generator.rulebook.blocks import Cell, Typesetter, data_table
from generator.rulebook.cards import Deck, gallery
from generator.rulebook.figures import (StripLayout, clear, position_drawing, position_figure, position_width, sheet_picture,
                                        strip_drawings, strip_layout, walkthrough_strip)
from generator.rulebook.preflight import PlacedFigure
from generator.rulebook.selection import real_address


@dataclass(frozen=True)
class DrawnStrip:
    """A walkthrough's strip once its steps are drawn for print (paper.Strip, drawn)."""

    title: str
    drawings: list
    captions: tuple[str, ...]


class PaperDirectives:
    """`directive(name, body, book, line)` for one page: flowables, or None for a plain code block.
    `line`: the block's first line, counted from 0 in the page's body (None if unknown). Which
    rendering sets which directive is the directive's own declaration (stages.Directive, in the
    build's registry: env["build"].directives), not a list kept here.

    A block the page rejects (a ContentError: bad options, an illegal step, an engine that
    fails) is left out of the book: the page reports it at the same line, from the same
    replay (the build's Replays, env["build"].replays), and the build stops there. Preflight's pass
    (place_only) keeps them in `rejected`: the stages' check reports them with every other
    problem, so one run says them all (a kit's error never hides a mistyped step).

    `columns(paragraphs)`: how the book sets an index (paper.Index) at this page's width."""

    def __init__(self, env: dict, figures: dict, rejected: list | None = None, columns=None):
        self.env = env  # the page's: its `build` (stages.StageContext) holds the directives and replays
        self.rejected = [] if rejected is None else rejected  # the blocks' errors preflight's pass met
        self.figures = figures  # (directive, options text) -> what a drawing directive prints: once per book
        self.columns = columns or (lambda paragraphs: paragraphs)
        self.line: int | None = None  # the file line of the directive being set

    def __call__(self, name: str, body: str, book: Typesetter, line: int | None = None) -> list | None:
        directive = self.env["build"].directives.get(name)  # the build's registry (stages.Directive)
        if directive is None or directive.paper is None:  # a code block, or nothing of its own on paper
            return None
        self.line = None if line is None else self.env["page"].body_line + line
        try:
            return [flowable for item in self.printed(name, body, directive) for flowable in self.set(item, book)]
        except ContentError:  # the page reports it (see the class's docstring)
            return []

    def place_only(self, name: str, body: str, book: Typesetter, line: int | None = None) -> None:
        """Preflight's pass: record the diagrams a drawing directive's block sets, at the size it
        sets them, without making a flowable (a book's tables are most of its flowables' cost)."""
        directive = self.env["build"].directives.get(name)
        if directive is None or not directive.draws:
            return
        self.line = None if line is None else self.env["page"].body_line + line
        try:
            for item in self.printed(name, body, directive):
                if isinstance(item, DrawnStrip):
                    self.place_strip(book, item.title, item.drawings)
                elif isinstance(item, Diagram):
                    self.place_position(book, item)
        except ContentError as error:  # the page reports it too (see the class's docstring)
            self.rejected.append(error)

    def block(self, name: str) -> DirectiveContext:
        """The block being set as its page's directive sees it: its errors read the same."""
        return DirectiveContext(env=self.env, line=self.line, name=name)

    def printed(self, name: str, body: str, directive) -> list:
        """What the block prints (paper.Printed, a strip's steps drawn), from the directive's paper
        rendering: once per book for a directive that draws (every paper sets the same drawings)."""
        key = (name, body)
        if directive.draws and key in self.figures:
            return self.figures[key]
        context = self.block(name)
        made = [self.drawn(item, context) for item in directive.paper(parse_options(body, context), context)]
        if directive.draws:
            self.figures[key] = made
        return made

    @staticmethod
    def drawn(item, context: DirectiveContext):
        """A strip with its steps drawn in the engine's layout that prints them most readably
        (figures.strip_drawings), a diagram with its other layouts that keep their words clear
        (preflight refuses any other); anything else as it is."""
        if isinstance(item, Diagram) and item.others:  # each page sets the one it sets shortest (place_position)
            return replace(item, others=tuple(drawing for drawing in item.others if clear(drawing)))
        if not isinstance(item, Strip):
            return item
        try:
            drawings = strip_drawings(item.engine, item.steps)
        except ContentError:
            raise
        except Exception as error:  # a bug in the engine, not in the page: still say where
            raise context.error(f"the engine could not draw this diagram: {type(error).__name__}: {error}")
        return DrawnStrip(item.title, drawings, item.captions)

    def set(self, item, book: Typesetter) -> list:
        """The flowables of one thing a directive prints."""
        styles = book.styles
        if isinstance(item, Words):
            return [Paragraph(item.text, styles.body)]
        if isinstance(item, DataTable):
            rows = [[Cell.of(escape(h), styles.head_cell) for h in item.headers]]
            rows += [[Cell.of(escape(cell), styles.cell) for cell in row] for row in item.rows]
            return data_table(book, rows, item.caption)
        if isinstance(item, Index):
            return self.columns([Paragraph(entry, styles.body) for entry in item.entries])
        if isinstance(item, DrawnStrip):
            layout = self.place_strip(book, item.title, item.drawings)
            _ = gettext(book.language)
            title = _("Example: %(title)s") % {"title": item.title}
            return walkthrough_strip(title, item.drawings, list(item.captions), book.width, styles, layout,
                                     book.strip_width)
        if isinstance(item, Diagram):
            drawing, size = self.place_position(book, item)
            if book.figure_width:
                return [sheet_picture(drawing, item.title, item.caption, size, styles)]
            return position_figure(drawing, item.title, item.caption, size, styles)
        if isinstance(item, Cards):
            deck = Deck(item.title, list(item.fronts), item.cards, item.bleed)
            return gallery(deck, book.strip_width or book.width, styles, book.print_scale)
        if isinstance(item, Link):
            if not real_address(item.url):  # no reader could visit it: printed, it would mislead
                return []
            return [Paragraph(item.words, styles.body), qr_code(item.url), Spacer(1, 6)]
        raise TypeError(f"a paper rendering returns what generator/paper.py names, not {item!r}")

    def place_strip(self, book: Typesetter, title: str, drawings: list) -> StripLayout:
        """The strip's layout on this book's page; each step recorded as printed."""
        layout = strip_layout(drawings, book.width, book.print_scale, book.strip_width)
        for number, drawing in enumerate(layout.drawings or drawings, start=1):  # the page's layout
            self.place(book, drawing, layout.drawing_width, f"walkthrough “{title}”, step {number}")
        return layout

    def place_position(self, book: Typesetter, diagram: Diagram) -> tuple:
        """The diagram as this book's page sets it (the layout it sets shortest) and its printed
        width; recorded as printed."""
        width = book.figure_width or book.width
        drawing = position_drawing((diagram.drawing, *diagram.others), width, book.print_scale)
        size = position_width(drawing, width, book.print_scale)
        title = diagram.title
        self.place(book, drawing, size, f"position diagram “{title}”" if title else "position diagram")
        return drawing, size

    def place(self, book: Typesetter, drawing, width: float, figure: str) -> None:
        """Record a diagram as the book prints it, for preflight."""
        book.placed.append(PlacedFigure(drawing, width, book.print_scale, figure, self.env["page"].path, self.line))


QR_SIZE = 72  # points (25 mm): large enough for any phone to read from the page


def qr_code(url: str) -> Drawing:
    """A QR code of `url` drawn as vectors (reportlab's own), QR_SIZE points square."""
    widget = QrCodeWidget(url, barLevel="M")
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(QR_SIZE, QR_SIZE, transform=[QR_SIZE / (right - left), 0, 0, QR_SIZE / (top - bottom), 0, 0])
    drawing.add(widget)
    drawing.hAlign = "LEFT"
    return drawing
