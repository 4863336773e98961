"""The fenced directives of a page, on paper: the same data tables, the same
replayed walkthroughs and the same engine drawings as the site shows. Every
diagram placed is recorded in the book (Typesetter.placed) for preflight, with
the page and line of the directive that makes it."""
from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Paragraph, Spacer

from generator.content.model import Game, Site
from generator.errors import ContentError
from generator.markdown.directives import DirectiveContext, parse_options
from generator.markdown.tables import table_directive, table_view
from generator.replays import Replays
from generator.rulebook.blocks import Cell, Typesetter, data_table
from generator.rulebook.cards import gallery, kit_deck
from generator.rulebook.figures import (StripLayout, position_figure, position_width, sheet_picture, strip_drawings,
                                        strip_layout, walkthrough_strip)
from generator.rulebook.preflight import PlacedFigure
from generator.rulebook.selection import real_address


class PaperDirectives:
    """`directive(name, body, book, line)` for one page: flowables, or None for a plain code block.
    `line`: the block's first line, counted from 0 in the page's body (None if unknown). Which
    method sets which directive is the directive's own declaration (stages.Directive's `paper`,
    in the build's registry: env["directives"]), not a list kept here.

    A block the page rejects (a ContentError: bad options, an illegal step, an engine that
    fails) is left out of the book: the page reports it at the same line, from the same
    replay (the build's Replays, in env["replays"]), and the build stops there. Preflight's pass
    (place_only) keeps them in `rejected`: the stages' check reports them with every other
    problem, so one run says them all (a kit's error never hides a mistyped step)."""

    def __init__(self, site: Site, game: Game, env: dict, figures: dict, rejected: list | None = None):
        self.site, self.game, self.env = site, game, env
        self.rejected = [] if rejected is None else rejected  # the blocks' errors preflight's pass met
        self.figures = figures  # (directive, options text) -> what it draws: once per book
        self.replays: Replays = env.get("replays") or Replays()  # once per build, shared with the pages
        self.line: int | None = None  # the file line of the directive being set

    def __call__(self, name: str, body: str, book: Typesetter, line: int | None = None) -> list | None:
        directive = self.env.get("directives", {}).get(name)  # the build's registry (stages.Directive)
        rendering = directive.paper_rendering() if directive is not None else None
        if rendering is None:  # a code block, or a directive with nothing of its own on paper
            return None
        self.line = None if line is None else self.env["page"].body_line + line
        try:
            return rendering(self, parse_options(body, self.block(name)), book, (name, body))
        except ContentError:  # the page reports it (see the class's docstring)
            return []

    def place_only(self, name: str, body: str, book: Typesetter, line: int | None = None) -> None:
        """Preflight's pass: record the diagrams the block sets, at the size it sets them, without
        making a flowable (a book's tables are most of its flowables' cost)."""
        if name not in ("walkthrough", "position"):
            return
        self.line = None if line is None else self.env["page"].body_line + line
        try:
            options = parse_options(body, self.block(name))
            if name == "walkthrough":
                title, drawings, _captions = self.walkthrough_drawings(options, (name, body))
                self.place_strip(book, title, drawings)
            else:
                drawing, title, _caption = self.position_drawing(options, (name, body))
                self.place_position(book, drawing, title)
        except ContentError as error:  # the page reports it too (see the class's docstring)
            self.rejected.append(error)

    def block(self, name: str) -> DirectiveContext:
        """The block being set as its page's directive sees it: its errors read the same."""
        return DirectiveContext(env=self.env, line=self.line, name=name)

    def table(self, options: dict, book: Typesetter, key: tuple) -> list:
        table_directive(options, self.block(key[0]))  # the page's checks: a ContentError as the page has it
        view = table_view(options, self.game)
        rows = [[Cell.of(escape(h), book.styles.head_cell) for h in view.headers]]
        rows += [[Cell.of(escape(cell), book.styles.cell) for cell in row] for row in view.rows]
        return data_table(book, rows, view.caption)

    def cards(self, options: dict, book: Typesetter, key: tuple) -> list:
        """A deck: on paper, a row of its cards as the kit draws them (rulebook/cards.py)."""
        deck = kit_deck(self.env.get("kit"), self.game, str(options.get("deck", "")))
        if deck is None or not deck.fronts:
            return [Paragraph("<i>The cards are drawn in the print-and-play kit.</i>", book.styles.body)]
        return gallery(deck, book.strip_width or book.width, book.styles, book.print_scale)

    def clarifications(self, options: dict, book: Typesetter, key: tuple) -> list:
        items = self.env.get("clarifications", [])
        if not items:
            return [Paragraph("This page decides no ambiguities.", book.styles.body)]
        return [Paragraph(f"<b>{escape(item['id'])}</b> {escape(item['title'])}", book.styles.body) for item in items]

    def walkthrough(self, options: dict, book: Typesetter, key: tuple) -> list:
        title, drawings, captions = self.walkthrough_drawings(options, key)
        layout = self.place_strip(book, title, drawings)
        return walkthrough_strip(title, drawings, captions, book.width, book.styles, layout)

    def position(self, options: dict, book: Typesetter, key: tuple) -> list:
        drawing, title, caption = self.position_drawing(options, key)
        size = self.place_position(book, drawing, title)
        if book.figure_width:
            return [sheet_picture(drawing, title, caption, size, book.styles)]
        return position_figure(drawing, title, caption, size, book.styles)

    def walkthrough_drawings(self, options: dict, key: tuple) -> tuple:
        """(title, a drawing per step, a caption per step), drawn once per book from the
        build's one replay of the block."""
        if key not in self.figures:
            replayed = self.replays.walkthrough(options, self.block(key[0]))
            engine, walkthrough = replayed.engine, replayed.result
            drawings = self.drawn(key[0], lambda: strip_drawings(engine, walkthrough.steps))  # compact, if it can
            self.figures[key] = (walkthrough.title, drawings, [step.caption for step in walkthrough])
        return self.figures[key]

    def position_drawing(self, options: dict, key: tuple) -> tuple:
        """(drawing, title, caption), drawn once per book from the build's one set-up of the block."""
        if key not in self.figures:
            replayed = self.replays.position(options, self.block(key[0]))
            engine, diagram = replayed.engine, replayed.result
            drawing = self.drawn(key[0], lambda: engine.render(diagram.state, diagram.highlight))
            self.figures[key] = (drawing, diagram.title, diagram.caption)
        return self.figures[key]

    def drawn(self, name: str, draw):
        """What `draw` (the engine's render) returns; its failure as the page words it."""
        try:
            return draw()
        except ContentError:
            raise
        except Exception as error:  # a bug in the engine, not in the page: still say where
            raise self.block(name).error(f"the engine could not draw this diagram: {type(error).__name__}: {error}")

    def place_strip(self, book: Typesetter, title: str, drawings: list) -> StripLayout:
        """The strip's layout on this book's page; each step recorded as printed."""
        layout = strip_layout(drawings, book.width, book.print_scale, book.strip_width)
        for number, drawing in enumerate(drawings, start=1):
            self.place(book, drawing, layout.drawing_width, f"walkthrough “{title}”, step {number}")
        return layout

    def place_position(self, book: Typesetter, drawing, title: str) -> float:
        """The diagram's printed width on this book's page; recorded as printed."""
        size = position_width(drawing, book.figure_width or book.width, book.print_scale)
        self.place(book, drawing, size, f"position diagram “{title}”" if title else "position diagram")
        return size

    def place(self, book: Typesetter, drawing, width: float, figure: str) -> None:
        """Record a diagram as the book prints it, for preflight."""
        book.placed.append(PlacedFigure(drawing, width, book.print_scale, figure, self.env["page"].path, self.line))

    def play(self, options: dict, book: Typesetter, key: tuple) -> list:
        """On paper, a play block is one line and a QR code to the game's Play page; nothing
        when the site has no real address yet (a placeholder such as rulepress.example)."""
        if not real_address(self.site.base_url):
            return []
        where = self.site.base_url.rstrip("/") + self.site.path_prefix.rstrip("/") + f"/{self.game.slug}/play.html"
        line = Paragraph(f"Play against the computer at {escape(where)}", book.styles.body)
        return [line, qr_code(where), Spacer(1, 6)]


QR_SIZE = 72  # points (25 mm): large enough for any phone to read from the page


def qr_code(url: str) -> Drawing:
    """A QR code of `url` drawn as vectors (reportlab's own), QR_SIZE points square."""
    widget = QrCodeWidget(url, barLevel="M")
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(QR_SIZE, QR_SIZE, transform=[QR_SIZE / (right - left), 0, 0, QR_SIZE / (top - bottom), 0, 0])
    drawing.add(widget)
    drawing.hAlign = "LEFT"
    return drawing
