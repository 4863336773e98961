"""The fenced directives of a page, on paper: the same data tables, the same
replayed walkthroughs and the same engine drawings as the site shows."""
from __future__ import annotations

from xml.sax.saxutils import escape

import yaml
from reportlab.platypus import Paragraph, Spacer

from generator.content.model import Game, Site
from generator.content.yamlload import load_yaml
from generator.markdown.tables import table_view
from generator.rulebook.blocks import Typesetter, data_table
from generator.rulebook.figures import position_figure, walkthrough_strip


class PaperDirectives:
    """`directive(name, body, book)` for one page: flowables, or None for a plain code block."""

    def __init__(self, site: Site, game: Game, env: dict, figures: dict):
        self.site, self.game, self.env = site, game, env
        self.figures = figures  # (directive, options text) -> what it draws, and ("engine", slug): once per book

    def __call__(self, name: str, body: str, book: Typesetter) -> list | None:
        handler = {"table": self.table, "cards": self.cards, "clarifications": self.clarifications,
                   "walkthrough": self.walkthrough, "position": self.position, "play": self.play}.get(name)
        if handler is None:
            return None
        try:
            options = load_yaml(body) if body.strip() else {}
            return handler(options if isinstance(options, dict) else {}, book, (name, body))
        except Exception:  # a bad block: the page reports it at its line, and the build stops there
            return []

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
        if key not in self.figures:
            from generator.play.walkthrough import replay_walkthrough

            engine = self.engine(options)
            walkthrough = replay_walkthrough(engine, {k: v for k, v in options.items() if k != "game"})
            self.figures[key] = (walkthrough.title, [engine.render(step.state, step.cells) for step in walkthrough],
                                 [step.caption for step in walkthrough])
        title, drawings, captions = self.figures[key]
        return walkthrough_strip(title, drawings, captions, book.width, book.styles)

    def position(self, options: dict, book: Typesetter, key: tuple) -> list:
        if key not in self.figures:
            from generator.play.walkthrough import position_from_spec

            engine = self.engine(options)
            diagram = position_from_spec(engine, {k: v for k, v in options.items() if k != "game"})
            self.figures[key] = (engine.render(diagram.state, diagram.highlight), diagram.title, diagram.caption)
        drawing, title, caption = self.figures[key]
        return position_figure(drawing, title, caption, book.width, book.styles)

    def play(self, options: dict, book: Typesetter, key: tuple) -> list:
        where = self.site.base_url.rstrip("/") + self.site.path_prefix.rstrip("/") + f"/{self.game.slug}/play.html"
        return [Paragraph(f"<i>Play {escape(self.game.title)} against the computer on the rules site: "
                          f"{escape(where)}</i>", book.styles.body), Spacer(1, 4)]

    def engine(self, options: dict):
        """The game's engine, loaded once per book (checking it is fresh reads every file of its game)."""
        from generator.interactive.stage import fresh_engine

        slug = str(options.get("game") or self.game.slug)
        if ("engine", slug) not in self.figures:
            self.figures["engine", slug] = fresh_engine(self.site.game(slug))
        return self.figures["engine", slug]

