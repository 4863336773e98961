"""The build stage for printable rulebooks: per game, the rules as PDF (A4 and
US Letter) and the player aid as its own PDF, offered on the rules page.
Preflight (preflight.py) checks every diagram of every book in `check`, before
anything is written, in builds and in `rulepress check`."""
from __future__ import annotations

from functools import partial
from typing import Callable

from generator.content.model import Game, Site
from generator.errors import ContentError, ContentErrors
from generator.fingerprint import digest
from generator.i18n.interface import N_, gettext, reader_language
from generator.rulebook.selection import aid_pages, book_pages
from generator.jobs import Job
from generator.keys import folder_key
from generator.stages import GameOutput, Section, Stage, StageContext
from generator.urls import (RULEBOOK_PAPERS, RULES_PAGE, in_game, player_aid_pdf, relative, rules_booklet_pdf,
                            rules_pdf)

PAPERS = RULEBOOK_PAPERS  # the kit offers the same ones (kit/stage.py)


def files_of(game: Game, _: Callable[[str], str] = str) -> list[tuple[str, str, str]]:
    """(path in the output, what it is, paper) of every PDF the game gets; `_`: the paper in
    the reader's language (what it is is translated where it is shown)."""
    slug = game.slug
    files = [(in_game(slug, rules_pdf(slug, paper)), N_("Rules"), _(label)) for paper, label in PAPERS]
    files += [(in_game(slug, rules_booklet_pdf(slug, paper)), N_("Rules as an A5 booklet"),
               _("printed on %(paper)s") % {"paper": _(label)}) for paper, label in PAPERS]
    if aid_pages(game):
        files += [(in_game(slug, player_aid_pdf(slug, paper)), N_("Player aid on one sheet"), _(label))
                  for paper, label in PAPERS]
    return files


def book_jobs(game: Game) -> list[tuple[str, str]]:
    """(kind, paper) of every book typeset for the game: the rules on A5 (the booklet's pages)
    first, then on A4 and Letter, and the player aid on A4 and Letter if it has one."""
    return ([("rules", "a5")] + [("rules", paper) for paper, _ in PAPERS]
            + ([("player_aid", paper) for paper, _ in PAPERS] if aid_pages(game) else []))


def book_name(kind: str, paper: str) -> str:
    """A book as an author knows it: "the US Letter rulebook", "the A5 booklet on US Letter"
    (the booklet's A5 pages print smallest there)."""
    from generator.rulebook.booklet import smallest_print

    if paper == "a5":
        _scale, sheet = smallest_print()
        return f"the A5 booklet on {dict(PAPERS)[sheet]}"
    return f"the {dict(PAPERS)[paper]} {'rulebook' if kind == 'rules' else 'player aid'}"


def preflight_book(book) -> list[ContentError]:
    """Preflight every figure of every PDF a game's `book` (make.GameBook) makes, at the size it
    will be printed (no PDF is typeset): errors, or [] when all their text is at least 7 pt
    (preflight.FIGURE_MIN_TEXT_PT; the A5 booklet's floor is preflight.BOOKLET_MIN_TEXT_PT, the same)."""
    from generator.rulebook.preflight import BOOKLET_MIN_TEXT_PT, FIGURE_MIN_TEXT_PT, PrintedBook, preflight_figures

    return preflight_figures([PrintedBook(book_name(kind, paper), book.placed_figures(kind, paper),
                                          BOOKLET_MIN_TEXT_PT if paper == "a5" else FIGURE_MIN_TEXT_PT)
                              for kind, paper in book_jobs(book.game)])


class RulebookStage(Stage):
    name = "rulebooks"
    printed = True  # PDFs: `serve` may make them after the pages
    reads = ("kit drawings",)  # a deck prints as the kit's drawings of its cards (kit/paper.py, rulebook/cards.py)

    def __init__(self):
        self._checked: dict = {}  # slug -> its make.GameBook that preflight drew the diagrams of, per build

    def start(self, site: Site, context: StageContext) -> None:
        super().start(site, context)
        self._checked = {}

    def game_key(self, site: Site, game: Game) -> str | None:
        if not site.rulebooks:
            return None
        # pages, data, engine and drawings all live in the game folder
        return digest(folder_key(self.context.hashes, game.folder, skip=(".pyc",)), game.title,
                      ";".join(game.designers), game.accent,
                      site.base_url, site.path_prefix)

    def check(self, site: Site, game: Game) -> list[ContentError]:
        """Preflight every diagram of the game's books at the size it will be printed;
        the diagrams drawn here are the ones the books are typeset with."""
        if not site.rulebooks:
            return []  # and reportlab is never imported
        from generator.rulebook.make import GameBook
        from generator.rulebook.fonts import heading_glyph_errors
        from generator.rulebook.pictures import picture_problems

        try:
            book = GameBook(site, game, self.context.directives, self.context.replays,
                            self.context.products)  # the pages read its replays
            # a refused block and a picture that cannot print too: every problem in one run
            errors = preflight_book(book) + book.rejected + picture_problems(book)
            errors += heading_glyph_errors(game, book_pages(game, site, self.context.directives) + aid_pages(game))
        except ContentErrors as problems:  # a page that cannot be read: reported as the page's error
            return problems.errors
        self._checked[game.slug] = book
        self.context.notes.extend(note for note in book.print_language_notes() if note not in self.context.notes)
        return errors

    def write_game(self, site: Site, game: Game, output, context: StageContext) -> GameOutput:
        """The PDFs' paths, and the Job that typesets them (a dry output, `check`: named only)."""
        if not site.rulebooks:
            return GameOutput()
        files = [path for path, _what, _label in files_of(game)]
        jobs = () if output.dry else (self.typesetting(site, game, {path: output.path(path) for path in files}),)
        rules = game.page(RULES_PAGE)
        books = [{"file": relative(rules.url, path), "what": what, "label": label}
                 for path, what, label in files_of(game, gettext(reader_language(game, site)))]
        section = Section("rulebook", N_("Printable rules"), "rulebook-section.html", {"books": books})
        return GameOutput(sections={rules.url: [section]}, files=tuple(files), jobs=jobs)

    def typesetting(self, site: Site, game: Game, paths: dict) -> Job:
        """Typesetting the game's books in a child process, to be written at `paths`: the book
        preflight drew (its `check`), else one made here for the child to inherit. One game a
        child (its books one after another, sharing their diagrams), a core's worth fewer while
        the build itself works."""
        from generator.rulebook.make import CHILDREN_PER_CORE, GameBook, load_for_children, typeset_all
        from generator.rulebook.styles import book_language, hyphenation

        book = self._checked.get(game.slug) or GameBook(site, game, self.context.directives, self.context.replays,
                                                        self.context.products)
        jobs = book_jobs(game)
        language = book_language(site, game)
        return Job(f"typesetting the rulebooks of {game.title}",
                   lambda: write_books(game, typeset_all(book, jobs), paths, language),
                   self.name, CHILDREN_PER_CORE, spare_core=True,
                   before_fork=partial(load_for_children, hyphenation(language)))


def write_books(game: Game, made: dict, paths: dict, language: str = "") -> None:
    """The typeset books of `game` (`made`: (kind, paper) -> PDF) at their `paths`; `language`:
    the books', of the booklet's note on how to print it."""
    from generator.rulebook.booklet import impose

    slug = game.slug
    for paper, _label in PAPERS:
        paths[in_game(slug, rules_pdf(slug, paper))].write_bytes(made["rules", paper])
        paths[in_game(slug, rules_booklet_pdf(slug, paper))].write_bytes(impose(made["rules", "a5"], paper, language))
        if ("player_aid", paper) in made:
            paths[in_game(slug, player_aid_pdf(slug, paper))].write_bytes(made["player_aid", paper])
