"""Parsing a game's pages for paper once, and typesetting them for each paper size."""
from __future__ import annotations

from markdown_it.tree import SyntaxTreeNode

from generator.content.model import Game, Site
from generator.markdown.render import make_markdown
from generator.rulebook.document import Chapter, typeset, typeset_sheet
from generator.rulebook.selection import aid_pages, book_pages


class GameBook:
    """One game's pages, parsed once; its diagrams, drawn once (see PaperDirectives.figures)
    and set on every paper size."""

    def __init__(self, site: Site, game: Game):
        self.site, self.game = site, game
        md = make_markdown(site.raw_html, {})
        self.chapters = {}
        for page in game.pages:
            env = {"page": page, "game": game, "site": site}
            self.chapters[page.name] = Chapter(page, SyntaxTreeNode(md.parse(page.body, env)), env)
        self.figures: dict = {}  # (directive, options text) -> drawings, shared by every paper

    def rules(self, paper: str) -> bytes:
        return typeset(self.site, self.game, [self.chapters[p.name] for p in book_pages(self.game)], paper,
                       "Rules", self.figures)

    def player_aid(self, paper: str) -> bytes:
        return typeset_sheet(self.site, self.game, [self.chapters[p.name] for p in aid_pages(self.game)], paper,
                             "Player aid", self.figures)
