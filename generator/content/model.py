"""What a site is made of, once loaded and validated: plain dataclasses."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.content.releases import Release
from generator.play.tables import Table
from generator.urls import page_url


@dataclass(frozen=True)
class Clarification:
    id: str
    tests: tuple[str, ...]


@dataclass(frozen=True)
class Page:
    game: str  # slug
    name: str  # file stem: "rules", "reference", ...
    path: Path
    title: str
    summary: str
    glossary: bool
    clarifications: tuple[Clarification, ...]
    body_line: int  # 1-based line of the body's first line in the file
    print_layout: str = ""  # "one-page": the print stylesheet packs it onto one side (player aids)
    only: str = ""  # "web": the page is left out of the printed rulebook (front matter `only: web`)
    source_hash: str = ""  # sha256 of the file's bytes, for the build cache
    body_start: int = 0  # where the body starts in the file's text

    @cached_property
    def body(self) -> str:
        """The Markdown after the front matter, read when first needed: an
        incremental build reads only the pages it renders (and glossaries)."""
        from generator.content.files import read_source
        from generator.errors import ContentError

        text, source_hash = read_source(self.path)
        if source_hash != self.source_hash:  # the build's keys and front matter stand for the old text
            raise ContentError(self.path, None, "the page changed while the site was building",
                               expected="no edits during a build", found="a new version: build again")
        return text[self.body_start:]

    @property
    def url(self) -> str:
        """Path of the page within the site (generator/urls.py: the one rule)."""
        return page_url(self.game, self.name)


@dataclass(frozen=True)
class Game:
    slug: str
    folder: Path
    title: str
    designers: tuple[str, ...]
    year: int | None
    source: str
    source_url: str
    licence: str
    credit: str
    players: tuple[int, int]
    ages: int | None
    play_time: tuple[int, int] | None
    summary: str
    accent: str
    pages: tuple[Page, ...]
    data: dict[str, Table] = field(default_factory=dict)
    releases: tuple[Release, ...] = ()  # oldest first (generator/content/releases.py)
    # An earlier release, built from its own sources (generator/releases): the slug of the game
    # whose current rules it precedes ("" for a current game). Its own slug is "<game>/<version>",
    # so its pages are at /<game>/<version>/.
    release_of: str = ""
    # A translation (generator/i18n/site.py): its language, and the slug of the game it
    # translates ("" for a game in the site's own language). Its own slug is "<lang>/<game>",
    # so its pages are at /<lang>/<game>/.
    language: str = ""
    translation_of: str = ""
    # A translation's words for what its kit prints from components.toml (titles, labels, notes),
    # source -> translated (generator/i18n/components.py); empty in the site's own language
    words: dict = field(default_factory=dict)
    fonts: dict = field(default_factory=dict)  # name -> draw.fonts.GameFont: game.toml's [fonts]
    heading_font: str = ""  # the font (a name in `fonts`) of the rulebook's and the game's pages' headings
    # the names of the files in `folder` as loading listed it (None: not listed): every stage asks
    # whether a game has an engine or a kit, a look at the disk each time for each of its pages
    files: frozenset[str] | None = None

    @property
    def release(self) -> Release | None:
        """The current release: the newest game.toml lists (None: it lists none)."""
        return self.releases[-1] if self.releases else None

    @property
    def has_engine(self) -> bool:
        return self.has_file("engine.py")

    def has_file(self, name: str) -> bool:
        """Whether the game's folder holds a file `name` (as loading found the folder)."""
        return name in self.files if self.files is not None else (self.folder / name).is_file()

    def page(self, name: str) -> Page | None:
        return next((p for p in self.pages if p.name == name), None)

    @property
    def players_range(self) -> str:
        low, high = self.players
        return f"{low}" if low == high else f"{low}–{high}"

    @property
    def players_text(self) -> str:
        return f"{self.players_range} players"

    @property
    def play_time_text(self) -> str:
        if not self.play_time:
            return ""
        low, high = self.play_time
        return f"{low} min" if low == high else f"{low}–{high} min"


@dataclass(frozen=True)
class Site:
    root: Path  # the site folder (holding content/ and maybe templates/)
    title: str
    base_url: str
    path_prefix: str
    language: str
    description: str
    raw_html: bool
    rulebooks: bool  # typeset each game's rules as PDF
    search: bool  # index the games' pages for the site's search
    pyodide_url: str
    accent: str
    games: tuple[Game, ...]
    balance_notes: bool = False  # play each game's `balance` pages' self-play matches (slow: off by default)
    exports: bool = True  # export each game's kit for print-on-demand shops and virtual tabletops
    print_words: tuple[str, ...] | None = None  # what a rulebook warns of on paper (None: rulebook's default)
    strict: bool = False  # warnings (poor print, not wrong) fail the build, as `--strict` makes them

    @property
    def content(self) -> Path:
        return self.root / "content"

    def game(self, slug: str) -> Game | None:
        return next((g for g in self.games if g.slug == slug), None)

    @property
    def current_games(self) -> tuple[Game, ...]:
        """The catalogue: every game at its current release, in the site's language (earlier
        releases and translations left out)."""
        return tuple(g for g in self.games if not g.release_of and not g.translation_of)

    def translations_of(self, game: Game) -> tuple[Game, ...]:
        """`game` in every other language the site has it in (generator/i18n/site.py)."""
        source = game.translation_of or game.slug
        return tuple(g for g in self.games if g.translation_of == source)

    def page_at(self, url: str) -> tuple[Game, Page]:
        """The page at `url` and the game it belongs to (a game's "What changed" page may sit
        in a release's folder: generator/releases)."""
        return self._pages_by_url[url]

    @cached_property
    def _pages_by_url(self) -> dict[str, tuple[Game, Page]]:
        return {page.url: (game, page) for game in self.games for page in game.pages}

    @property
    def pages(self) -> tuple[Page, ...]:
        return tuple(p for g in self.games for p in g.pages)
