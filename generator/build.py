"""The pipeline: load -> per-game stage files (kits, bundles) -> pages -> site files -> swap.

Stages (kits, play) plug in through the protocol of generator/stages.py.

A link's target is a page or any file of the output; its #anchor, any id of
the finished page. `check` is the build with an output that writes nothing
(write.DryOutput): the same stages, pages and links, so the two always agree.

Every page is rendered (on every core) before anything is swapped in, all
content errors are reported together, and the old output stays until the new
one is whole. A build cache beside the output lets the next build reuse every
file whose inputs did not change (see generator/cache.py): a no-op rebuild
renders nothing, an edited page re-renders that page alone.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Container

from generator import cache as build_cache
from generator.errors import ContentError, ContentErrors
from generator.fingerprint import code_digest, digest, file_hashes
from generator.keys import folder_key, game_digests, input_digest, source_files
from generator.site.assets import site_assets
from generator.site.theme import template_cache, theme_dirs
from generator.stages import PAPER, Directive, GameOutput, Section, Stage, StageContext
from generator.usercache import REPAIRED, REPAIRED_USE, repaired

if TYPE_CHECKING:  # the no-op check must not pay for importing the model
    from generator.content.model import Site
    from generator.write import Output

Progress = Callable[[str], None]
SITE_PAGES = ("index.html", "404.html", "sitemap.xml", "robots.txt")  # written beside the games' pages


@dataclass
class BuildReport:
    site: Site | None
    output: Path
    files: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    rendered: int = 0  # pages rendered this time (the rest came from the cache)
    up_to_date: bool = False
    notes: list[str] = field(default_factory=list)  # what the stages tell the user (kept for a no-op)
    deferred: bool = False  # pages first: printed files or search shards kept from before, out of date

    @property
    def pages(self) -> int:
        return sum(1 for name in self.files if name.endswith(".html"))

    @property
    def bytes(self) -> int:
        return sum(self.files.values())


def default_stages() -> list[Stage]:
    """The stages that ship with Rulepress, in order."""
    from generator.interactive.stage import InteractiveStage  # walkthroughs, diagrams, play
    from generator.kit.stage import KitStage  # print-and-play kits
    from generator.rulebook.stage import RulebookStage  # the rules as typeset PDFs
    from generator.exports.stage import ExportStage  # print-on-demand and virtual-tabletop files, from the kit's drawings

    from generator.releases.stage import ReleasesStage  # the "What changed" pages of games with releases
    from generator.feeds.stage import FeedStage  # the releases' Atom feeds

    return [KitStage(), RulebookStage(), InteractiveStage(), ExportStage(), ReleasesStage(), FeedStage()]


def check_links(pages: dict[str, build_cache.PageEntry], files: Container[str]) -> list[ContentError]:
    """Every internal link hits a page (and one of its ids) or a file of the output."""
    errors = []
    for page in pages.values():
        for link in page.links:
            url, anchor = link["url"], link["anchor"]
            target = pages.get(url)
            if target is None:
                if url.endswith(".html") or url not in files:
                    errors.append(ContentError(page.path, link["line"], "broken link",
                                               expected="a page or file of this site", found=link["href"]))
                continue
            if anchor and anchor not in target.anchors:
                errors.append(ContentError(page.path, link["line"], f"missing anchor #{anchor}",
                                           expected=f"a heading or id '{anchor}' in {Path(target.path).name}",
                                           found=link["href"]))
    return errors


class Builder:
    """One build of one site. Holds the run's state so each step stays small."""

    def __init__(self, root: Path, output_dir: Path, stages: list, say: Progress,
                 processes: int | None, use_cache: bool, pages_first: bool = False, dry: bool = False):
        self.root, self.output_dir, self.stages, self.say = root, output_dir, stages, say
        self.processes, self.use_cache = processes, use_cache
        self.dry = dry  # `check`: the build, writing nothing (no output, no cache)
        # `serve`'s first pass after a save: what is printed (stages marked `printed`) and the
        # search index are kept as the last build made them, for the full build that follows
        self.pages_first = pages_first and use_cache
        self.deferred = False
        self.code = code_digest()
        self.previous, self.repairs = build_cache.load_noting(output_dir, self.code) if use_cache else (None, [])
        self.read: dict[str, bytes] = {}  # sources read for hashing, kept for loading
        sources = file_hashes(source_files(root), self.previous.sources if self.previous else {}, self.read)
        self.hashes = {path: entry[0] for path, entry in sources.items()}
        self.inputs = input_digest(root, self.code, self.hashes)
        self.manifest = build_cache.Manifest(code=self.code, inputs=self.inputs, sources=sources)
        self.rendered = 0  # pages rendered (the rest came from the cache)
        self.game_keys: dict[str, str] = {}  # "stage/slug" -> key of the stage's inputs for the game
        self.game_digests: dict[str, str] = {}  # slug -> key of the game's inputs pages depend on
        self.site_key = ""  # key of what every page depends on (code, theme, site.toml, assets)
        self.jobs = None  # the stages' jobs (jobs.Scheduler), made by `run`
        self.made_by_jobs: list[str] = []  # files the stages' jobs write, recorded once they are done

    def up_to_date(self) -> bool:
        return self.previous is not None and self.previous.inputs == self.inputs

    def previous_files(self) -> dict[str, int]:
        return {rel: size for rel, (size, _mtime) in sorted(self.previous.files.items())}

    def run(self) -> BuildReport:
        from generator.jobs import Scheduler
        from generator.site import pages as site_pages

        self.say("loading content")
        site = self.load()
        context = site_pages.SiteContext(site=site, assets={}, notes=[repaired(which) for which in self.repairs],
                                         bytecode_dir=template_cache() if self.use_cache else None)
        assets = site_assets(site)
        context.assets.update({name: target for name, (target, _data) in assets.items()})
        stages_context = stage_context(site, context, self.hashes, self.processes)
        directives = start_stages(self.stages, site, stages_context)
        self.game_keys = self.stage_game_keys(site, stages_context)
        self.jobs = Scheduler(stages_context.workers)  # every job the stages return
        output = start_output(self.output_dir, self.dry)
        try:
            for target, data in assets.values():
                output.write(target, data)
            made = self.check_and_make(site, output, stages_context)
            game_keys = add_games(self.stages, site, context, stages_context, made, self.manifest.games)
            self.say("rendering pages")
            pages, uses = self.write_pages(site, output, context, directives, game_keys)
            self.jobs.finish()
            for rel in self.made_by_jobs:
                output.record(rel)
            for stage in self.stages:
                self.say(f"writing {stage.name}")
                stage.write_site(site, output, stages_context, uses)
            self.write_search(site, output, pages)
            self.write_site_pages(site, output, context)
            raise_any(check_links(pages, output.files))
        except BaseException:
            self.jobs.abandon()
            output.abort()
            raise
        output.commit()
        if not self.dry:
            self.save_manifest(output, context)
        return BuildReport(site=site, output=self.output_dir, files=dict(sorted(output.files.items())),
                           rendered=self.rendered, notes=list(context.notes), deferred=self.deferred)

    def save_manifest(self, output: Output, context) -> None:
        """The build cache of what this build made, for the next one."""
        self.manifest.notes = notes_to_keep(context.notes)
        if self.deferred:  # the next build must not find this output up to date
            self.manifest.inputs = ""
        try:  # after --clean too (it ignores the last cache, not this one): the next build reuses this
            self.manifest.files = output.stats()
            build_cache.save(self.output_dir, self.manifest)
        except OSError:  # checked writable before: if it still fails, the next build is a clean one
            build_cache.forget(self.output_dir)

    def load(self) -> Site:
        """The site, parsing only the files that changed since the last build;
        what was parsed is kept for the next one."""
        from generator.content.load import Known, load_site

        known = Known(self.hashes, read=self.read)
        if self.previous:
            known.front, known.games = dict(self.previous.front), dict(self.previous.game_toml)
        site = with_earlier_releases(load_site(self.root, known), known)
        self.manifest.front = {page.source_hash: known.front[page.source_hash] for page in site.pages}
        tomls = (self.hashes.get(str(game.folder / "game.toml")) for game in site.games)
        self.manifest.game_toml = {sha: known.games[sha] for sha in tomls if sha in known.games}
        return site

    def stage_game_keys(self, site: Site, context: StageContext) -> dict[str, str]:
        """The content key of each stage's inputs per game ("stage/slug" -> key), for games
        the stage has inputs in: its own key, its product's and those of the products it reads."""
        products = {stage.product.name: stage.product for stage in self.stages if stage.product is not None}
        keys = {}
        for stage in self.stages:
            names = ((stage.product.name,) if stage.product is not None else ()) + stage.reads
            for game in site.games:
                key = stage.game_key(site, game)
                if key is not None:
                    read = [f"{name}={products[name].key(site, game)}" for name in names if name in products]
                    keys[f"{stage.name}/{game.slug}"] = digest(self.code, key, *read)
        return keys

    def checked_before(self, stage) -> bool:
        """The last (successful) build checked the very inputs `stage` has now:
        its game keys, which cover everything its check reads, are unchanged.
        Saves a one-page edit from loading every game's kit spec (and reportlab)."""
        if self.previous is None:
            return False
        prefix = f"{stage.name}/"
        now = {entry: key for entry, key in self.game_keys.items() if entry.startswith(prefix)}
        before = {entry: old.key for entry, old in self.previous.games.items() if entry.startswith(prefix)}
        return bool(now) and now == before  # no keys: nothing vouches for its inputs

    def can_defer(self, stage, site: Site) -> bool:
        """Pages first, and every game the stage has work for has files from the last build
        to stand in (a game new to the stage is made now: its pages link to its files)."""
        if not (self.pages_first and stage.printed and self.previous):
            return False
        prefix = f"{stage.name}/"
        return all(entry in self.previous.games for entry in self.game_keys if entry.startswith(prefix))

    def kept(self, output: Output, old, key: str) -> bool:
        """Whether the previous build's entry `old` (its key and files) stands for this build's
        `key`: the files are reused when the key is unchanged, or kept for now, pages first."""
        if old and old.key == key and all(self.reuse(output, rel) for rel in old.files):
            return True
        return self.kept_for_now(output, old)

    def kept_for_now(self, output: Output, old) -> bool:
        """Pages first: keep an out-of-date entry's files (and its old key, so that the full
        build that follows makes them again)."""
        if self.pages_first and old is not None and all(self.reuse(output, rel) for rel in old.files):
            self.deferred = True
            return True
        return False

    def reuse(self, output: Output, rel: str) -> bool:
        """Keep the previous output's `rel`, whose stat the build cache has just checked."""
        return output.reuse(rel, self.previous.files.get(rel))

    def check_and_make(self, site: Site, output: Output, stages_context: StageContext) -> dict:
        """Every stage's check, game by game, each stage in order; a game's files made as soon as
        its checks (and every check before them) passed, so the jobs a stage returns work while
        the rest is checked. Raises every error found, together."""
        checking = [stage for stage in self.stages
                    if not self.checked_before(stage) and not self.can_defer(stage, site)]
        errors: list[ContentError] = []
        made = {}
        for game in site.games:
            for stage in self.stages:
                if stage in checking:
                    errors.extend(stage.check(site, game))
                if not errors:
                    made.update(self.make_games(site, output, stages_context, [stage], [game]))
        raise_any(errors)
        return made

    def make_games(self, site: Site, output: Output, stages_context: StageContext, stages: list,
                   games: list) -> dict[tuple[str, str], tuple[str, GameOutput, list[str]]]:
        """Each of `stages`' files per game of `games`, reused when the game's key is unchanged:
        (stage name, slug) -> (key, what the stage made, its files). The jobs a stage returns
        go to the scheduler; the files they write are recorded once they are done."""
        made = {}
        for stage in stages:
            name = stage.name
            for game in games:
                key = self.game_keys.get(f"{name}/{game.slug}")
                if key is None:
                    continue
                old = made_before(self.previous, stage, game)
                if old and old.key == key and all(self.reuse(output, rel) for rel in old.files):
                    game_output, files = GameOutput.from_json(old.info), old.files
                elif stage.printed and self.kept_for_now(output, old):
                    game_output, files, key = GameOutput.from_json(old.info), old.files, old.key
                else:
                    self.say(f"writing {name}: {game.title}")
                    before = set(output.files)
                    game_output = stage.write_game(site, game, output, stages_context) or GameOutput()
                    for job in game_output.jobs:
                        self.jobs.run(job)
                    self.made_by_jobs.extend(game_output.files)
                    files = sorted(set(game_output.files) | (set(output.files) - before))
                made[name, game.slug] = (key, game_output, files)
        return made

    def write_pages(self, site: Site, output: Output, context, directives: dict, game_keys: dict[str, str]):
        from generator.pagework import render_urls

        theme = digest(*(folder_key(self.hashes, folder) for folder in theme_dirs(site.root)))
        site_toml = (site.content / "site.toml").read_bytes()
        assets = "\n".join(f"{name}={target}" for name, target in sorted(context.assets.items()))
        site_key = digest(self.code, theme, site_toml, assets)  # pages link to hashed asset names
        self.game_digests = game_digests(site, self.hashes)
        self.site_key = site_key
        pages: dict[str, build_cache.PageEntry] = {}
        todo: list[str] = []
        uses: dict[str, set] = {}
        for game in site.games:
            for page in game.pages:
                key = digest(site_key, self.game_digests[game.slug], game_keys[game.slug], page.source_hash)
                old = self.previous.pages.get(page.url) if self.previous else None
                if old and old.key == key and self.reuse(output, page.url):
                    pages[page.url] = old
                else:
                    pages[page.url] = build_cache.PageEntry(key)
                    todo.append(page.url)
        errors: list[ContentError] = []
        folder = None if output.staging is None else str(output.staging)  # None: a dry output
        for result in render_urls(site, todo, directives, context, self.processes, folder=folder):
            errors.extend(result.errors)
            if not result.errors:
                output.record(result.url, result.size)
            pages[result.url] = build_cache.PageEntry(pages[result.url].key, result.path, result.anchors, result.links,
                                                      page_uses(result.uses, context.notes), result.digest)
        if errors:
            raise ContentErrors(errors)
        self.rendered = len(todo)
        for url, entry in pages.items():
            for kind, values in entry.uses.items():
                uses.setdefault(kind, set()).update(values)
        self.manifest.pages = pages
        return pages, uses

    def write_search(self, site: Site, output: Output, pages: dict[str, build_cache.PageEntry]) -> None:
        from generator.site.search import write_index

        old = self.previous.search if self.previous else {}
        self.manifest.search = write_index(site, output, pages, old, self.code, self.processes, self.say, self.kept)

    def write_site_pages(self, site: Site, output: Output, context) -> None:
        """The index, the 404 page and the sitemap: made again only when the
        site, the theme or a game's settings or page list changed."""
        from generator.site import pages as site_pages
        from generator.site.lastmod import page_dates
        from generator.site.sitemap import robots, sitemap
        from generator.site.theme import make_environment

        dates = page_dates(site)
        key = digest(self.site_key, *(f"{slug}={key}" for slug, key in sorted(self.game_digests.items())),
                     *(f"{url}={date}" for url, date in sorted(dates.items())))
        self.manifest.site_pages = key
        old = self.previous.site_pages if self.previous else ""
        if old == key and all(self.reuse(output, rel) for rel in SITE_PAGES):
            return
        env = make_environment(site.root, context.bytecode_dir)
        output.write("index.html", site_pages.render_index(env, context))
        output.write("404.html", site_pages.render_not_found(env, context))
        output.write("sitemap.xml", sitemap(site.base_url, site.path_prefix,
                                            ["index.html", *(p.url for p in site.pages)], dates))
        output.write("robots.txt", robots(site.base_url, site.path_prefix))


def notes_to_keep(notes: list[str]) -> list[str]:
    """The notes a no-op build repeats: not a cache repair, said by the build that made it alone."""
    return [note for note in notes if not note.startswith(REPAIRED)]


def page_uses(uses: dict[str, set], notes: list[str]) -> dict[str, list[str]]:
    """A page's `uses` for its cache entry. Its notes of the cache entries its directives made
    again (in whichever process rendered it) go into the build's `notes` instead, each once:
    kept in the entry, they would be said again by every build that reuses the page."""
    for note in sorted(uses.pop(REPAIRED_USE, ())):
        if note not in notes:
            notes.append(note)
    return {kind: sorted(values) for kind, values in uses.items()}


def made_before(previous: build_cache.Manifest | None, stage, game) -> build_cache.GameEntry | None:
    """The last build's entry for what `stage` made of `game` (None: no last build, or nothing made)."""
    return previous.games.get(f"{stage.name}/{game.slug}") if previous else None


def add_games(stages: list[Stage], site: Site, context, stages_context: StageContext,
              made: dict[tuple[str, str], tuple[str, GameOutput, list[str]]],
              entries: dict[str, build_cache.GameEntry]) -> dict[str, str]:
    """What the stages made (Builder.make_games), given to the pages in the stages' order, and
    each game's entry of the build cache (`entries`). Returns, per game, a key of what the
    stages give its pages (their info: sections, file names), not of their inputs: an edited
    page changes the rulebook's inputs, but not the section that offers it."""
    keys: dict[str, list[str]] = {game.slug: [] for game in site.games}
    for stage in stages:
        for game in site.games:
            if (stage.name, game.slug) not in made:
                continue
            key, game_output, files = made[stage.name, game.slug]
            add_sections(context, game_output, game, stages_context.render)
            info = game_output.to_json()
            keys[game.slug].append(digest(stage.name, json.dumps(info, sort_keys=True)))
            entries[f"{stage.name}/{game.slug}"] = build_cache.GameEntry(key, files, info)
    return {slug: digest(*parts) for slug, parts in keys.items()}


def start_output(output_dir: Path, dry: bool):
    """The staging output, once every folder the build writes is known to be writable:
    a permission problem stops the build here, before the output changes (`dry`: `check`'s
    output, which writes nothing)."""
    from generator.write import DryOutput, Output

    if dry:
        return DryOutput(output_dir)
    if output_dir.is_dir() and not os.access(output_dir, os.W_OK):
        raise ContentErrors([cannot_write(output_dir, "the output folder is read-only")])
    try:
        build_cache.prepare(output_dir)
    except PermissionError as error:
        raise ContentErrors([cannot_write(Path(error.filename or build_cache.cache_dir(output_dir)),
                                          "the build cache folder is not writable")]) from None
    try:
        return Output(output_dir, previous=build_cache.cache_dir(output_dir) / "previous")
    except PermissionError as error:
        raise ContentErrors([cannot_write(Path(error.filename or output_dir.parent),
                                          "the folder that holds the output is not writable")]) from None


def stage_context(site: Site, context, hashes: dict[str, str], processes: int | None) -> StageContext:
    """What the stages get from this build: its assets, source hashes, templates and cores."""
    from generator.children import worker_count

    return StageContext(assets=context.assets, hashes=hashes, render=template_renderer(site.root, context.bytecode_dir),
                        workers=processes or worker_count(), notes=context.notes)


def template_renderer(root: Path, bytecode_dir: Path | None) -> Callable[[str, dict], str]:
    """(template name, data) -> text, with the site's templates first; the environment is
    made at the first use (a build whose stages render nothing never makes it)."""
    environment = []

    def render(name: str, data: dict) -> str:
        if not environment:
            from generator.site.theme import make_environment

            environment.append(make_environment(root, bytecode_dir))
        return environment[0].get_template(name).render(**data)

    return render


def start_stages(stages: list[Stage], site: Site, context: StageContext) -> dict:
    """Start a build (or check) in every stage, each handed the products it reads (and only
    those); the web renderings of the directives pages have. Every directive, with its paper
    rendering too, goes into `context.directives` (the rulebook's)."""
    from dataclasses import replace

    products = {stage.product.name: stage.product for stage in stages if stage.product is not None}
    for stage in stages:
        stage.start(site, replace(context, products={name: products[name] for name in stage.reads if name in products}))
    context.directives.update(directive_registry(site, stages))
    return {name: directive.web for name, directive in context.directives.items()}


def builtin_directives() -> dict[str, Directive]:
    """The directives every site has, whatever its stages (generator/markdown): data tables and
    the list of a page's clarifications."""
    from generator.markdown.tables import clarifications_directive, table_directive

    return {"table": Directive(table_directive, paper=PAPER + "table"),
            "clarifications": Directive(clarifications_directive, paper=PAPER + "clarifications")}


def directive_registry(site: Site, stages: list[Stage] | None = None) -> dict[str, Directive]:
    """Every directive of a site built with `stages` (default: the shipped ones), by name: the
    built-in ones and each stage's. Also what a rulebook typeset outside a build is handed."""
    registry = builtin_directives()
    for stage in default_stages() if stages is None else stages:
        for name, directive in stage.directives(site).items():
            # a bare function is a directive of the web alone
            registry[name] = directive if isinstance(directive, Directive) else Directive(directive)
    return registry


def add_sections(context, made: GameOutput, game, render: Callable[[str, dict], str]) -> None:
    """What a stage's GameOutput gives pages: its sections, each
    rendered from its template, and the game's picture on the index."""
    for url, sections in sorted(made.sections.items()):
        context.sections.setdefault(url, []).extend(
            {"id": section.id, "title": section.title, "html": section_html(section, game, context.site, render)}
            for section in sections)
    if made.cover:
        context.covers[game.slug] = made.cover


def section_html(section: Section, game, site: Site, render: Callable[[str, dict], str]) -> str:
    """A stage's section as its page shows it: its template, with its data, the game and the site."""
    return render(section.template, {**section.data, "game": game, "site": site})


def build(root: Path, output_dir: Path | None = None, *, stages: list | None = None,
          progress: Progress | None = None, processes: int | None = None,
          use_cache: bool = True, pages_first: bool = False) -> BuildReport:
    """Build the site in `root` into `output_dir` (default root/output): one build of an
    output at a time (a second one waits), a killed build's leftovers completed or cleared first.
    `pages_first` (for `serve`): keep the last printed files and search index where they are
    out of date, and say so in `report.deferred`; a plain build then brings them up to date."""
    from generator.write import BuildLock, recover

    started = time.perf_counter()
    root = Path(root)
    output_dir = Path(output_dir) if output_dir else root / "output"
    try:  # (no folder to hold the output: nothing to lock, and loading the site says what is missing)
        lock = BuildLock(output_dir, say=print_waiting).__enter__() if output_dir.parent.is_dir() else None
    except PermissionError as error:
        raise ContentErrors([cannot_write(Path(error.filename or output_dir.parent),
                                          "the folder that holds the output is not writable")]) from None
    try:
        recover(output_dir)
        builder = Builder(root, output_dir, stages, progress or (lambda message: None), processes,
                          use_cache, pages_first)
        if builder.up_to_date():  # decided before importing any stage: a no-op must be instant
            report = BuildReport(site=None, output=output_dir, files=builder.previous_files(), up_to_date=True,
                                 notes=list(builder.previous.notes))
        else:
            builder.stages = default_stages() if stages is None else stages
            report = builder.run()
    finally:
        remove_release_sources()
        if lock is not None:
            lock.__exit__(None, None, None)
    report.seconds = time.perf_counter() - started
    return report


def print_waiting(message: str) -> None:
    import sys
    print(message, file=sys.stderr, flush=True)


def cannot_write(path: Path, what: str) -> ContentError:
    return ContentError(path, None, f"{what}: permission denied",
                        expected="a folder you can write to: make it writable (chmod -R u+w) or build elsewhere "
                                 "with --output", found=str(path))


def check(root: Path, stages: list | None = None) -> Site:
    """Validate all content and internal links without writing anything: the build, with an
    output that writes nothing (write.DryOutput) and no build cache, so it stops where the
    build stops, with the same errors."""
    root = Path(root)
    builder = Builder(root, root / "output", default_stages() if stages is None else stages, lambda message: None,
                      processes=None, use_cache=False, dry=True)
    try:
        return builder.run().site
    finally:
        remove_release_sources()


def with_earlier_releases(site: Site, known) -> Site:
    """The site with its games' earlier releases and "What changed" pages (generator/releases);
    a site whose games have one release each is returned as it is (no import, no git call)."""
    if not any(len(game.releases) > 1 for game in site.games):
        return site
    from generator.releases.earlier import with_earlier_releases as add

    return add(site, known)


def remove_release_sources() -> None:
    """The earlier releases' sources unpacked for this build (generator/releases), removed:
    the command line ends with os._exit, which runs no clean-up."""
    import sys

    sources = sys.modules.get("generator.releases.sources")  # imported only when a game has them
    if sources is not None:
        sources.remove_scratch()


def raise_any(errors: list[ContentError]) -> None:
    if errors:
        raise ContentErrors(errors)
