"""Parsing a game's pages for paper once, and typesetting them for each paper size."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from markdown_it.tree import SyntaxTreeNode

from generator.content.model import Game, Site
from generator.markdown.render import make_markdown
from generator.pagework import worker_count
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


_book: GameBook | None = None  # the game a worker process typesets (inherited through fork)


def _typeset_in_worker(job: tuple[str, str]) -> bytes:
    kind, paper = job
    return getattr(_book, kind)(paper)


def typeset_all(site: Site, game: Game, jobs: list[tuple[str, str]]) -> dict[tuple[str, str], bytes]:
    """Each (kind, paper) job's PDF, on every core: platypus is pure Python, and a
    game's books are independent of each other."""
    global _book
    book = GameBook(site, game)
    first, rest = jobs[0], jobs[1:]
    # the first here: fonts registered and diagrams drawn once, before the workers fork
    made = {first: getattr(book, first[0])(first[1])}
    workers = min(len(rest), worker_count())
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return {**made, **{job: getattr(book, job[0])(job[1]) for job in rest}}
    _book = book
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            return {**made, **dict(zip(rest, pool.map(_typeset_in_worker, rest)))}
    finally:
        _book = None
