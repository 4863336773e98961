"""Parsing a game's pages for paper once, and typesetting them for each paper size."""
from __future__ import annotations

from markdown_it.tree import SyntaxTreeNode

from generator import jobs
from generator.content.model import Game, Site
from generator.i18n.interface import gettext
from generator.markdown.render import make_markdown
from generator.replays import Replays
from generator.stages import StageContext, no_templates
from generator.rulebook.blocks import Typesetter, fence_line, fence_name
from generator.rulebook.directives import PaperDirectives
from generator.rulebook.document import (Chapter, PlannedBook, chapter_width, column_width, plan_book, print_scale,
                                        strip_width, two_columns)
from generator.rulebook.fonts import heading_faces, register_book_fonts
from generator.rulebook.sheet import plan_sheet, sheet_width
from generator.rulebook.styles import HYPHENATION, book_language, make_styles
from generator.rulebook.selection import aid_pages, book_pages


class GameBook:
    """One game's pages, parsed once; its diagrams, drawn once (see PaperDirectives.figures)
    and set on every paper size. `directives`: the build's (StageContext.directives, or
    build.directive_registry), whose paper renderings set its fenced blocks."""

    def __init__(self, site: Site, game: Game, directives: dict, replays: Replays | None = None,
                 products: dict | None = None):
        self.site, self.game = site, game
        md = make_markdown(site.raw_html, {})
        self.chapters = {}
        # what the book's directives see of the build (markdown.directives.DirectiveContext): its
        # walkthroughs and positions, replayed once for the pages and the books, and the products
        # the rulebook stage reads (a deck prints as the kit's cards)
        build = StageContext(assets={}, hashes={}, render=no_templates, replays=Replays() if replays is None else replays,
                             directives=directives, products=products or {})
        self.directives = directives
        words = gettext(book_language(site, game))  # the directives' own words ("yes"), as the pages' (i18n/labels.py)
        for page in game.pages:
            env = {"page": page, "game": game, "site": site, "build": build, "words": words}
            self.chapters[page.name] = Chapter(page, SyntaxTreeNode(md.parse(page.body, env)), env)
        self.figures: dict = {}  # (directive, options text) -> drawings, shared by every paper
        self.rejected: list = []  # blocks the pages will refuse, met while placing figures: said in the check

    def plan(self, kind: str, paper: str) -> PlannedBook:
        """The book `kind` ("rules" or "player_aid") on `paper`, ready to lay out."""
        if kind == "rules":
            return plan_book(self.site, self.game, self.chapters_of(kind), paper, "Rules", self.figures)
        return plan_sheet(self.site, self.game, self.chapters_of(kind), paper, "Player aid", self.figures)

    def rules(self, paper: str) -> bytes:
        return self.plan("rules", paper).typeset()

    def player_aid(self, paper: str) -> bytes:
        return self.plan("player_aid", paper).typeset()

    def chapters_of(self, kind: str) -> list[Chapter]:
        pages = book_pages(self.game, self.site, self.directives) if kind == "rules" else aid_pages(self.game)
        return [self.chapters[p.name] for p in pages]

    def print_language_notes(self) -> list[str]:
        """A warning for each word of the site's `print_words` in what the rules and the player aid print."""
        from generator.rulebook.paper_words import paper_words

        chapters = self.chapters_of("rules") + self.chapters_of("player_aid")
        found = paper_words(chapters, self.site.print_words, self.site.content)
        return [word.note(self.site.root) for word in found]

    def placed_figures(self, kind: str, paper: str) -> list:
        """The diagrams of the book `kind` on `paper` as it will print them (for preflight), quickly:
        only the figure directives are set, at the width the book gives them (its text, or a
        player aid's column). The same as plan(kind, paper).placed (a test holds them to it)."""
        # not used to place a figure: a Typesetter has them
        styles = make_styles(self.game.accent, heading=heading_faces(self.game), language=book_language(self.site, self.game))
        placed: list = []
        for chapter in self.chapters_of(kind):
            width = chapter_width(chapter.page, paper) if kind == "rules" else column_width(paper)
            strip = strip_width(paper) if kind == "rules" and not two_columns(chapter.page, paper) else 0.0
            directives = PaperDirectives(chapter.env, self.figures, self.rejected)
            book = Typesetter(styles, width, directives, print_scale=print_scale(paper), placed=placed,
                              figure_width=0.0 if kind == "rules" else sheet_width(paper),
                              strip_width=strip)
            for node in chapter.tree.walk():
                if node.type == "fence" and fence_name(node):
                    directives.place_only(fence_name(node), node.content, book, fence_line(node))
        return placed


_book: GameBook | None = None  # the game a worker process typesets (inherited through fork)


def _typeset_in_worker(job: tuple[str, str]) -> bytes:
    kind, paper = job
    return getattr(_book, kind)(paper)


def typeset_all(book: GameBook, books: list[tuple[str, str]], workers: int = 1) -> dict[tuple[str, str], bytes]:
    """Each (kind, paper) book's PDF of `book` (a game's pages, and its diagrams if preflight
    has drawn them), on up to `workers` cores: platypus is pure Python, and a game's books
    are independent of each other."""
    global _book
    first, rest = books[0], books[1:]
    # the first here: fonts registered and diagrams drawn once, before the workers fork
    made = {first: getattr(book, first[0])(first[1])}
    workers = min(len(rest), workers)
    if workers < 2 or not jobs.can_fork():
        return {**made, **{each: getattr(book, each[0])(each[1]) for each in rest}}
    _book = book
    try:
        with jobs.pool(workers) as pool:
            return {**made, **dict(zip(rest, pool.map(_typeset_in_worker, rest)))}
    finally:
        _book = None


CHILDREN_PER_CORE = 4  # games' children forked ahead of their turn, per core (each holds a copy-on-write build)


def load_for_children(hyphenation: str = HYPHENATION) -> None:
    """What each child would otherwise load for itself, loaded here for the children to inherit:
    the book's TrueType fonts (parsed on registration) and the hyphenation dictionary of its
    language (reportlab asks pyphen for it, which keeps it per process: German's takes 0.6 s
    to read, English's 0.06 s). Each loaded once a process: a second call costs nothing."""
    register_book_fonts()
    if not hyphenation:  # a CJK book: lines break between characters
        return
    try:
        import pyphen
    except ImportError:  # reportlab then sets the books without hyphenation, here as in the children
        return
    pyphen.Pyphen(lang=hyphenation)
