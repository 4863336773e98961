"""The build stage protocol (the stages that ship are listed in build.default_stages).

A stage (in the spirit of MkDocs' BasePlugin) overrides the hooks it needs; each does
nothing here. The build calls them in this order:

    start(site, context)                        a build (or `rulepress check`) begins: forget the last
                                                one's state; `context` (StageContext) is what the
                                                Builder hands the stage for this build (the later
                                                hooks' `context` is the same one)
    directives(site) -> {name: Directive}       fenced-block directives: each its web rendering and
                                                its paper one (for the printed rulebooks)
    game_key(site, game) -> str | None          content key of the stage's inputs for one game (None:
                                                nothing for this game); the Builder adds the keys of
                                                the products the stage reads
    check(site, game) -> [ContentError]         validate the stage's inputs for one game; skipped while
                                                the stage's game keys are the last build's
    write_game(site, game, output, context) -> GameOutput
                                                the game's files, what its pages show of them, and
                                                the Jobs (generator/jobs.py) that make the rest in
                                                child processes: the Builder runs them while the pages
                                                are made, and kills them if the build fails
    write_site(site, output, context, uses)     site-wide files, knowing what pages use (`uses`:
                                                kind -> set of values from directives)

Games are checked and made one at a time, each game's stages in the stages' order; a game's
write_game is called once its checks and every check before them passed.

The one flag: `printed` (what it makes is for print): after a save, `serve` renders the pages
with such a stage's last files, and makes them anew in the full build that follows.

Products: a stage publishes one under a name (`product`, with its `key(site, game)`) and reads
others by name (`reads`); the Builder hands a stage the products it reads, and only those, in
`context.products`, and adds their keys to the stage's game keys. No stage holds another.

`rulepress check` is this build with an output that writes nothing (`output.dry`,
write.DryOutput): a stage gives the same GameOutput, and names every file it would write
(`output.write`, `output.record`, or the GameOutput's `files`), but makes no Jobs and may skip
making what is costly (drawing, typesetting).

A stage never renders a page section itself: it names a template and hands it data
(Section), and the Builder renders it with the site's templates, so a site overrides
any section by putting a template of the same name in its own `templates/`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol

from generator.replays import Replays

if TYPE_CHECKING:
    from generator.content.model import Game, Site
    from generator.errors import ContentError
    from generator.write import OutputFolder


@dataclass(frozen=True)
class Directive:
    """A fenced-block directive, on the web and on paper, declared in one place (its stage's
    `directives`, or stagework.builtin_directives), so the pages and the printed books know the same ones.

    `web(options, context) -> html` renders it in a page (generator/markdown/directives.py).
    `paper(options, context) -> list` says what a printed book sets for it, in the terms of
    generator/paper.py (None: nothing of its own, the book shows the block as code); it lives
    beside `web`, with the stage that owns the directive, and imports no reportlab.
    `draws`: its paper rendering draws diagrams: the book calls it once for each distinct
    block (every paper size sets the same drawings), and preflight's pass places its diagrams
    at their printed size before any book is typeset.
    `from_web_pages`: a page marked `only: web` still prints its blocks of this directive, and
    nothing else, when the site has a real address (a `play` block: a line and a QR code)."""

    web: Callable
    paper: Callable | None = None
    draws: bool = False
    from_web_pages: bool = False

    def __post_init__(self):
        if self.paper is not None and not callable(self.paper):
            raise ValueError(f"a directive's paper rendering is a function (options, context) -> list, "
                             f"not {self.paper!r}")
        if (self.draws or self.from_web_pages) and self.paper is None:
            raise ValueError("a directive that prints needs its paper rendering")


@dataclass(frozen=True)
class Section:
    """A section a stage adds to one of a game's pages: `template` (a file of the theme, which
    the site's own `templates/` may override) rendered with `data`, the page's `game` and `site`.
    `data` is plain JSON (the build cache keeps it between builds)."""

    id: str  # the section's id in the page (a link's #anchor may name it)
    title: str
    template: str
    data: dict

    def __post_init__(self):
        if not (self.id and self.title and self.template.endswith(".html")):
            raise ValueError(f"a section needs an id, a title and an .html template: {self!r}")

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "template": self.template, "data": self.data}

    @classmethod
    def from_json(cls, data: dict) -> Section:
        return cls(data["id"], data["title"], data["template"], data["data"])


@dataclass(frozen=True)
class GameOutput:
    """What a stage made for one game, beside its files: kept in the build cache, and part of
    the key of the game's pages (a change renders them again)."""

    sections: dict[str, list[Section]] = field(default_factory=dict)  # page url -> its sections, in order
    files: tuple[str, ...] = ()  # paths in the output its jobs write (what write_game writes the Builder sees)
    cover: str = ""  # the game's picture on the index (a path in the output)
    social: str = ""  # the game's picture for shared links (og:image), a PNG (a path in the output)
    bundle: str = ""  # the game's engine bundle (a path in the output)
    runtime: str = ""  # where the pages find the Python runtime
    # work for child processes (jobs.Job), run by the Builder: not kept in the build cache
    jobs: tuple = field(default=(), compare=False)

    def to_json(self) -> dict:
        return {"sections": {url: [section.to_json() for section in sections]
                             for url, sections in sorted(self.sections.items())},
                "files": list(self.files), "cover": self.cover, "social": self.social, "bundle": self.bundle,
                "runtime": self.runtime}

    @classmethod
    def from_json(cls, data: dict) -> GameOutput:
        return cls(sections={url: [Section.from_json(s) for s in sections]
                             for url, sections in data.get("sections", {}).items()},
                   files=tuple(data.get("files", ())), cover=data.get("cover", ""), social=data.get("social", ""),
                   bundle=data.get("bundle", ""), runtime=data.get("runtime", ""))


@dataclass
class StageContext:
    """What the Builder hands every stage for one build, so that no stage reaches into another
    or into the site's modules for it."""

    assets: dict[str, str]  # the theme's assets: logical name -> hashed path in the output
    hashes: dict[str, str]  # every source file the build read (content, theme): path -> sha256
    render: Callable[[str, dict], str]  # (template name, data) -> text, with the site's templates first
    workers: int = 1  # processes a stage may run at once
    notes: list[str] = field(default_factory=list)  # what the build tells its user beside "Built ..."
    # walkthroughs and positions replayed once per build, for the page and the rulebook alike
    replays: Replays = field(default_factory=Replays)
    directives: dict[str, Directive] = field(default_factory=dict)  # every directive of the build, by name
    products: Mapping[str, Any] = field(default_factory=dict)  # the products the stage reads (Products), by name
    # hands the build a Job from `start`, to work while the stages start (None: the stage starts none)
    start_job: Callable[[Any], None] | None = None


class ProductNotRead(KeyError):
    """A stage asked for a product it does not declare in `reads` (a mistake in the stage's code)."""


class Products(Mapping):
    """The products handed to one stage (StageContext.products): those it declares in `reads` and
    the build publishes. Asking for one it does not declare is refused: its key would not cover
    that product, and its output would go stale when the product changes. A declared product
    the build does not publish (a build without that stage) reads as missing (`get` -> None)."""

    def __init__(self, reader: str, reads: tuple[str, ...], published: dict[str, Any]):
        self.reader, self.reads = reader, tuple(reads)
        self._found = {name: published[name] for name in self.reads if name in published}

    def _declared(self, name: str) -> None:
        if name not in self.reads:
            raise ProductNotRead(f"the {self.reader} stage reads {name!r} but declares only {list(self.reads)} "
                                 f"(Stage.reads): its key would not cover it")

    def __getitem__(self, name: str) -> Any:
        self._declared(name)
        return self._found[name]

    def get(self, name: str, default: Any = None) -> Any:
        self._declared(name)
        return self._found.get(name, default)

    def __iter__(self):
        return iter(self._found)

    def __len__(self) -> int:
        return len(self._found)


class Product(Protocol):
    """What a stage publishes for others to read (Stage.product): named, and keyed per game
    (the key of every stage that reads it includes this one)."""

    name: str

    def key(self, site: Site, game: Game) -> str: ...


def no_templates(name: str, data: dict) -> str:
    raise RuntimeError(f"no templates in this context (asked for {name})")


class Stage:
    name = "stage"  # for progress messages and the build cache
    # What it makes is for print (PDFs): after a save, `serve` rebuilds the pages with the
    # stage's last files and info, and makes them anew in the full build that follows.
    printed = False
    product: Product | None = None  # what it publishes for other stages (an instance's own)
    reads: tuple[str, ...] = ()  # the names of the products it reads
    context: StageContext = StageContext(assets={}, hashes={}, render=no_templates)  # set by `start`

    def start(self, site: Site, context: StageContext) -> None:
        """A new build or check begins: sources may have changed since the last one."""
        self.context = context

    def directives(self, site: Site) -> dict:
        return {}

    def game_key(self, site: Site, game: Game) -> str | None:
        return None

    def check(self, site: Site, game: Game) -> list[ContentError]:
        return []

    def write_game(self, site: Site, game: Game, output: OutputFolder, context: StageContext) -> GameOutput:
        return GameOutput()

    def write_site(self, site: Site, output: OutputFolder, context: StageContext, uses: dict) -> None:
        return None
