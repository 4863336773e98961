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
from generator.content.yamlload import load_yaml
from generator.markdown.tables import table_view
from generator.rulebook.blocks import Typesetter, data_table
from generator.rulebook.figures import (StripLayout, position_figure, position_width, sheet_picture, strip_layout,
                                        walkthrough_strip)
from generator.rulebook.preflight import PlacedFigure
from generator.rulebook.selection import real_address


class PaperDirectives:
    """`directive(name, body, book, line)` for one page: flowables, or None for a plain code block.
    `line`: the block's first line, counted from 0 in the page's body (None if unknown)."""

    def __init__(self, site: Site, game: Game, env: dict, figures: dict):
        self.site, self.game, self.env = site, game, env
        self.figures = figures  # (directive, options text) -> what it draws, and ("engine", slug): once per book
        self.line: int | None = None  # the file line of the directive being set

    def __call__(self, name: str, body: str, book: Typesetter, line: int | None = None) -> list | None:
        handler = {"table": self.table, "cards": self.cards, "clarifications": self.clarifications,
                   "walkthrough": self.walkthrough, "position": self.position, "play": self.play}.get(name)
        if handler is None:
            return None
        try:
            self.line = None if line is None else self.env["page"].body_line + line
            return handler(options_of(body), book, (name, body))
        except Exception:  # a bad block: the page reports it at its line, and the build stops there
            return []

    def place_only(self, name: str, body: str, book: Typesetter, line: int | None = None) -> None:
        """Preflight's pass: record the diagrams the block sets, at the size it sets them, without
        making a flowable (a book's tables are most of its flowables' cost)."""
        if name not in ("walkthrough", "position"):
            return
        try:
            self.line = None if line is None else self.env["page"].body_line + line
            options = options_of(body)
            if name == "walkthrough":
                title, drawings, _captions = self.walkthrough_drawings(options, (name, body))
                self.place_strip(book, title, drawings)
            else:
                drawing, title, _caption = self.position_drawing(options, (name, body))
                self.place_position(book, drawing, title)
        except Exception:  # a bad block: the page reports it at its line
            return

    def table(self, options: dict, book: Typesetter, key: tuple) -> list:
        view = table_view(options, self.game)  # the page has checked the options
        rows = [[Paragraph(escape(h), book.styles.head_cell) for h in view.headers]]
        rows += [[Paragraph(escape(cell), book.styles.cell) for cell in row] for row in view.rows]
        return data_table(book, rows, view.caption)

    def cards(self, options: dict, book: Typesetter, key: tuple) -> list:
        """A deck: on paper, its table (the cards themselves are in the print-and-play kit)."""
        if "data" not in options:
            return [Paragraph("<i>The cards are drawn in the print-and-play kit.</i>", book.styles.body)]
        return self.table(options, book, key)

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
        """(title, a drawing per step, a caption per step), replayed once per book."""
        if key not in self.figures:
            from generator.play.walkthrough import replay_walkthrough

            engine = self.engine(options)
            walkthrough = replay_walkthrough(engine, {k: v for k, v in options.items() if k != "game"})
            self.figures[key] = (walkthrough.title, [engine.render(step.state, step.cells) for step in walkthrough],
                                 [step.caption for step in walkthrough])
        return self.figures[key]

    def position_drawing(self, options: dict, key: tuple) -> tuple:
        """(drawing, title, caption), drawn once per book."""
        if key not in self.figures:
            from generator.play.walkthrough import position_from_spec

            engine = self.engine(options)
            diagram = position_from_spec(engine, {k: v for k, v in options.items() if k != "game"})
            self.figures[key] = (engine.render(diagram.state, diagram.highlight), diagram.title, diagram.caption)
        return self.figures[key]

    def place_strip(self, book: Typesetter, title: str, drawings: list) -> StripLayout:
        """The strip's layout on this book's page; each step recorded as printed."""
        layout = strip_layout(drawings, book.width, book.print_scale)
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

    def engine(self, options: dict):
        """The game's engine, loaded once per book (checking it is fresh reads every file of its game)."""
        from generator.interactive.stage import fresh_engine

        slug = str(options.get("game") or self.game.slug)
        if ("engine", slug) not in self.figures:
            self.figures["engine", slug] = fresh_engine(self.site.game(slug))
        return self.figures["engine", slug]


def options_of(body: str) -> dict:
    """A directive's options, read from its YAML body ({} when it holds none)."""
    options = load_yaml(body) if body.strip() else {}
    return options if isinstance(options, dict) else {}


QR_SIZE = 72  # points (25 mm): large enough for any phone to read from the page


def qr_code(url: str) -> Drawing:
    """A QR code of `url` drawn as vectors (reportlab's own), QR_SIZE points square."""
    widget = QrCodeWidget(url, barLevel="M")
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(QR_SIZE, QR_SIZE, transform=[QR_SIZE / (right - left), 0, 0, QR_SIZE / (top - bottom), 0, 0])
    drawing.add(widget)
    drawing.hAlign = "LEFT"
    return drawing
