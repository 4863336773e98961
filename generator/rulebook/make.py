"""Parsing a game's pages for paper once, and typesetting them for each paper size."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from markdown_it.tree import SyntaxTreeNode

from generator.content.model import Game, Site
from generator.markdown.render import make_markdown
from generator.replays import Replays
from generator.children import answer_of, answer_parent, die_with_parent
from generator.rulebook.blocks import Typesetter, fence_line, fence_name
from generator.rulebook.directives import PaperDirectives
from generator.rulebook.document import Chapter, PlannedBook, chapter_width, column_width, plan_book, print_scale
from generator.rulebook.fonts import register_book_fonts
from generator.rulebook.sheet import plan_sheet, sheet_width
from generator.rulebook.styles import HYPHENATION, make_styles
from generator.rulebook.selection import aid_pages, book_pages


class GameBook:
    """One game's pages, parsed once; its diagrams, drawn once (see PaperDirectives.figures)
    and set on every paper size. `directives`: the build's (StageContext.directives, or
    build.directive_registry), whose paper renderings set its fenced blocks."""

    def __init__(self, site: Site, game: Game, directives: dict, replays: Replays | None = None):
        self.site, self.game = site, game
        md = make_markdown(site.raw_html, {})
        self.chapters = {}
        # the build's walkthroughs and positions (StageContext.replays), shared with the pages
        replays = Replays() if replays is None else replays
        for page in game.pages:
            env = {"page": page, "game": game, "site": site, "replays": replays, "directives": directives}
            self.chapters[page.name] = Chapter(page, SyntaxTreeNode(md.parse(page.body, env)), env)
        self.figures: dict = {}  # (directive, options text) -> drawings, shared by every paper

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
        pages = book_pages(self.game, self.site) if kind == "rules" else aid_pages(self.game)
        return [self.chapters[p.name] for p in pages]

    def placed_figures(self, kind: str, paper: str) -> list:
        """The diagrams of the book `kind` on `paper` as it will print them (for preflight), quickly:
        only the figure directives are set, at the width the book gives them (its text, or a
        player aid's column). The same as plan(kind, paper).placed (a test holds them to it)."""
        styles = make_styles(self.game.accent)  # not used to place a figure: a Typesetter has them
        placed: list = []
        for chapter in self.chapters_of(kind):
            width = chapter_width(chapter.page, paper) if kind == "rules" else column_width(paper)
            directives = PaperDirectives(self.site, self.game, chapter.env, self.figures)
            book = Typesetter(styles, width, directives, print_scale=print_scale(paper), placed=placed,
                              figure_width=0.0 if kind == "rules" else sheet_width(paper))
            for node in chapter.tree.walk():
                if node.type == "fence" and fence_name(node):
                    directives.place_only(fence_name(node), node.content, book, fence_line(node))
        return placed


_book: GameBook | None = None  # the game a worker process typesets (inherited through fork)


def _typeset_in_worker(job: tuple[str, str]) -> bytes:
    kind, paper = job
    return getattr(_book, kind)(paper)


def typeset_all(book: GameBook, jobs: list[tuple[str, str]], workers: int = 1) -> dict[tuple[str, str], bytes]:
    """Each (kind, paper) job's PDF of `book` (a game's pages, and its diagrams if preflight
    has drawn them), on up to `workers` cores: platypus is pure Python, and a game's books
    are independent of each other."""
    global _book
    first, rest = jobs[0], jobs[1:]
    # the first here: fonts registered and diagrams drawn once, before the workers fork
    made = {first: getattr(book, first[0])(first[1])}
    workers = min(len(rest), workers)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return {**made, **{job: getattr(book, job[0])(job[1]) for job in rest}}
    _book = book
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                                 initializer=die_with_parent) as pool:
            return {**made, **dict(zip(rest, pool.map(_typeset_in_worker, rest)))}
    finally:
        _book = None


CHILDREN_PER_CORE = 4  # games' children forked ahead of their turn, per core (each holds a copy-on-write build)


class Typesetting:
    """Games' rulebooks typeset in child processes while the build goes on (kits, bundles,
    pages), at most one per core at a time: a game's child typesets its books one after
    another (sharing their diagrams) and writes the PDFs where it is told. A child dies
    with the build (PR_SET_PDEATHSIG), so a killed build leaves none behind.

    Each game's child is forked at once (up to CHILDREN_PER_CORE a core ahead) and waits for
    a slot (a semaphore they share: `workers` - 1 of them while the build works, `workers`
    once it waits in `finish`): the build does not wait for a slot itself, and goes on
    checking and making kits, bundles and pages meanwhile."""

    def __init__(self, workers: int = 1):
        self.workers = max(1, workers)  # games typeset at once (the Builder's count of cores)
        self.running: list[tuple[str, object, object]] = []  # (game, process, pipe end to read)
        self.slots = None  # the children's semaphore, made with the first child

    def start(self, book: GameBook, jobs: list[tuple[str, str]], write) -> None:
        """Typeset `jobs` of `book` (a game's pages and diagrams, the child inherits them) in
        a child, which calls `write(made)` with the PDFs."""
        if "fork" not in multiprocessing.get_all_start_methods():
            write(typeset_all(book, jobs, self.workers))
            return
        while len(self.running) >= CHILDREN_PER_CORE * self.workers:  # a site of many games: a bounded queue
            self.wait_one()
        context = multiprocessing.get_context("fork")
        if self.slots is None:
            # one core fewer than the build has while the build itself works (kits, pages): three
            # busy processes on two cores would slow the build's own path by a third; `finish`,
            # where the build only waits, gives the children that core too
            self.slots = context.Semaphore(max(1, self.workers - 1))
            load_for_children()
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(target=answer_parent, args=(lambda: write(typeset_all(book, jobs)), writer, self.slots),
                                  daemon=True)
        process.start()
        writer.close()
        self.running.append((book.game.title, process, reader))

    def wait_one(self) -> None:
        title, process, reader = self.running.pop(0)
        outcome = answer_of(process, reader, f"typesetting the rulebooks of {title}")
        if outcome[0] != "ok":
            self.abandon()
            raise outcome[1]

    def finish(self) -> None:
        """Wait for every child; the first failure is raised as it would be in this process."""
        if self.slots is not None and self.workers > 1:
            self.slots.release()  # this process only waits from here on: its core is the children's
        while self.running:
            self.wait_one()

    def abandon(self) -> None:
        for _title, process, reader in self.running:
            process.kill()
            process.join()
            reader.close()
        self.running = []


def load_for_children() -> None:
    """What each child would otherwise load for itself, loaded once here for all of them to
    inherit: the book's TrueType fonts (parsed on registration) and the hyphenation dictionary
    (reportlab asks pyphen for it, which keeps it per process). About 0.2 s a child."""
    register_book_fonts()
    try:
        import pyphen
    except ImportError:  # reportlab then sets the books without hyphenation, here as in the children
        return
    pyphen.Pyphen(lang=HYPHENATION)
