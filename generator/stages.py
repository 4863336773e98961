"""The build stage protocol (the stages that ship are listed in build.default_stages).

A stage (in the spirit of MkDocs' BasePlugin) overrides the methods it needs;
every method here does nothing. The build calls them in this order:

    start(site, context)                        forget the last build's state; `context` (StageContext)
                                                is what the Builder hands every stage for this build
    directives(site) -> {name: Directive}       fenced-block directives: each its web rendering
                                                and its paper one (for the printed rulebooks)
    check(site) -> [ContentError]               validate the stage's inputs (build and `check`);
                                                a build skips it while the stage's game keys are
                                                those of the last build (they cover its inputs).
                                                A stage marked `starts_first` is checked game by
                                                game instead (check_game), each game's write_game
                                                called once it passes, before the other stages' checks
    game_key(site, game) -> str | None          content key of the stage's inputs for one game
                                                (None: the stage has nothing for this game)
    write_game(site, game, output, context) -> GameOutput
                                                the game's files, and what its pages show of them
    finish(site, output)                        after the pages: wait for what write_game left
                                                running (in child processes) and record its files;
                                                such a stage lists them in the GameOutput's `files`
    abandon()                                   the build failed: stop what is still running
    start_ahead(site, output, context, checking, making)
                                                a stage that `works_ahead`, in a build (not `check`,
                                                nor `serve`'s pages-first pass): called before any
                                                other stage is checked, with the games its check
                                                would check and those write_game would make; it may
                                                start them in a child process that its `check` and
                                                `write_game` then wait for (the build checks and makes
                                                such a stage's games after the others')
    write_site(site, output, context, uses)     site-wide files, knowing what pages use
                                                (`uses`: kind -> set of values from directives)

`rulepress check` is this build with an output that writes nothing (`output.dry`,
write.DryOutput): a stage gives the same GameOutput, and names every file it would write
(`output.write` or `output.record`), but may skip making what is costly (drawing, typesetting).

A stage never renders a page section itself: it names a template and hands it data
(Section), and the Builder renders it with the site's templates, so a site overrides
any section by putting a template of the same name in its own `templates/`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from generator.replays import Replays

if TYPE_CHECKING:
    from generator.content.model import Game, Site
    from generator.errors import ContentError
    from generator.write import OutputFolder


PAPER = "generator.rulebook.directives:PaperDirectives."  # the rulebook's paper renderings live here


@dataclass(frozen=True)
class Directive:
    """A fenced-block directive, on the web and on paper, declared in one place (its stage's
    `directives`, or build.builtin_directives), so the pages and the printed books know the same ones.

    `web(options, context) -> html` renders it in a page (generator/markdown/directives.py).
    `paper` names how a printed book sets it, "module:attribute" (a function, or a method of
    PaperDirectives, called as `paper(directives, options, book, key) -> flowables`); it is
    imported only when a book is set, so a build without rulebooks never imports reportlab.
    "" : nothing of it on paper (the book shows the block as code)."""

    web: Callable
    paper: str = ""

    def __post_init__(self):
        if self.paper and not (":" in self.paper and all(self.paper.partition(":")[::2])):
            raise ValueError(f"a directive's paper rendering is named 'module:attribute', not {self.paper!r}")

    def paper_rendering(self) -> Callable | None:
        """The paper rendering, imported now (None: the directive prints nothing of its own)."""
        if not self.paper:
            return None
        from importlib import import_module

        module, _, name = self.paper.partition(":")
        found = import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        return found


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
    files: tuple[str, ...] = ()  # paths in the output it writes (a stage that writes_later must list them)
    cover: str = ""  # the game's picture on the index (a path in the output)
    bundle: str = ""  # the game's engine bundle (a path in the output)
    runtime: str = ""  # where the pages find the Python runtime

    def to_json(self) -> dict:
        return {"sections": {url: [section.to_json() for section in sections]
                             for url, sections in sorted(self.sections.items())},
                "files": list(self.files), "cover": self.cover, "bundle": self.bundle, "runtime": self.runtime}

    @classmethod
    def from_json(cls, data: dict) -> GameOutput:
        return cls(sections={url: [Section.from_json(s) for s in sections]
                             for url, sections in data.get("sections", {}).items()},
                   files=tuple(data.get("files", ())), cover=data.get("cover", ""),
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


def no_templates(name: str, data: dict) -> str:
    raise RuntimeError(f"no templates in this context (asked for {name})")


class Stage:
    name = "stage"  # for progress messages and the build cache
    # What it makes is for print (PDFs): after a save, `serve` rebuilds the pages with the
    # stage's last files and info, and makes them anew in the full build that follows.
    printed = False
    # write_game leaves work running that `finish` completes: the game's files are the
    # GameOutput's `files`, not what write_game itself wrote
    writes_later = False
    # Its check and write_game read nothing another stage makes: the build checks it and starts
    # its games first, so that what it leaves running works while the other stages are checked
    starts_first = False
    # Its check and write_game read nothing another stage makes, and may be started at once in a
    # child process (start_ahead): the build then checks and makes its games after the others'
    works_ahead = False
    context: StageContext = StageContext(assets={}, hashes={}, render=no_templates)  # set by `start`

    def start(self, site: Site, context: StageContext) -> None:
        """A new build or check begins: sources may have changed since the last one."""
        self.context = context

    def directives(self, site: Site) -> dict:
        return {}

    def check(self, site: Site) -> list[ContentError]:
        return []

    def check_game(self, site: Site, game: Game) -> list[ContentError]:
        """One game's part of `check`: what the build calls for a stage that starts first."""
        return []

    def game_key(self, site: Site, game: Game) -> str | None:
        return None

    def write_game(self, site: Site, game: Game, output: OutputFolder, context: StageContext) -> GameOutput:
        return GameOutput()

    def start_ahead(self, site: Site, output: OutputFolder, context: StageContext, checking: list,
                    making: list) -> None:
        return None

    def finish(self, site: Site, output: OutputFolder) -> None:
        return None

    def abandon(self) -> None:
        return None

    def write_site(self, site: Site, output: OutputFolder, context: StageContext, uses: dict) -> None:
        return None

