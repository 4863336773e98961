"""The pipeline: load -> check and make each game's stage files -> pages -> site files -> swap.

Stages (kits, rulebooks, play, exports, feeds) plug in through the protocol of
generator/stages.py; the Builder owns what they leave running (generator/jobs.py), every key
(generator/keys.py) and the one decision of what the last build made that still stands
(generator/reuse.py).

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

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from generator import cache as build_cache
from generator.errors import WARNED, ContentError, ContentErrors, report_lines, stops_build, warnings_of
from generator.fingerprint import code_digest, file_hashes
from generator.keys import game_digests, input_digest, page_key, site_key, source_files, stage_keys
from generator.reuse import Reuse
from generator.usercache import REPAIRED, repaired

if TYPE_CHECKING:  # the no-op check must not pay for importing the model, the stages or the site's steps
    from generator.content.model import Site
    from generator.stages import Stage, StageContext
    from generator.write import Output

Progress = Callable[[str], None]


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
    later: int = 0  # pages first: pages no browser showed, their out-of-date HTML kept for now
    warnings: list[str] = field(default_factory=list)  # each found once (errors.report_lines), kept for a no-op

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


def directive_registry(site: Site, stages: list[Stage] | None = None) -> dict:
    """Every directive of a site built with `stages` (default: the shipped ones), by name: what a
    rulebook typeset outside a build is handed."""
    from generator.stagework import directive_registry as registry

    return registry(site, default_stages() if stages is None else stages)


class Builder:
    """One build of one site. Holds the run's state so each step stays small."""

    def __init__(self, root: Path, output_dir: Path, stages: list, say: Progress,
                 processes: int | None, use_cache: bool, pages_first: bool = False, dry: bool = False,
                 strict: bool = False, open_pages: frozenset[str] | None = None):
        self.root, self.output_dir, self.stages, self.say = root, output_dir, stages, say
        self.strict, self.warnings = strict, []  # strict: warnings fail the build (also site.toml's `strict`)
        self.processes, self.use_cache = processes, use_cache
        self.dry = dry  # `check`: the build, writing nothing (no output, no cache)
        self.code = code_digest()
        # the manifest's head: enough for the no-op check; `run` reads its entries
        self.previous, self.repairs = build_cache.load_noting(output_dir, self.code, entries=False) \
            if use_cache else (None, [])
        # `serve`'s first pass after a save: what is printed (stages marked `printed`) and the
        # search index are kept as the last build made them, for the full build that follows
        self.pages_first = pages_first and use_cache
        self.open_pages = open_pages  # pages first: the pages a browser shows, made before the rest (None: all)
        self.reuse = Reuse(None)  # (made in `run`, once the entries are read)
        self.read: dict[str, bytes] = {}  # sources read for hashing, kept for loading
        sources = file_hashes(source_files(root), self.previous.sources if self.previous else {}, self.read)
        self.hashes = {path: entry[0] for path, entry in sources.items()}
        self.inputs = input_digest(root, self.code, self.hashes)
        self.manifest = build_cache.Manifest(code=self.code, inputs=self.inputs, sources=sources)
        self.rendered = 0  # pages rendered (the rest came from the cache)
        self.game_keys: dict[str, str] = {}  # "stage/slug" -> key of the stage's inputs for the game
        self.site_key = ""  # key of what every page depends on (code, theme, site.toml, assets)
        self.jobs = None  # the stages' jobs (jobs.Scheduler), made by `run`
        self.made_by_jobs: list[str] = []  # files the stages' jobs write, recorded once they are done
        self.said: set[str] = set()  # what the jobs do, said as they start
        self.ahead = None  # the search service started before the site is loaded (begin_search)

    def up_to_date(self) -> bool:
        return self.previous is not None and self.previous.inputs == self.inputs

    def previous_files(self) -> dict[str, int]:
        return {rel: size for rel, (size, _mtime) in sorted(self.previous.files.items())}

    def run(self) -> BuildReport:
        from generator.pagework import check_links
        from generator.site.pictures import write_pictures
        from generator.sitewide import prepare_search, start_search, write_site_pages
        from generator.staging import start_output
        from generator.stagework import add_games

        site, context, assets, stages_context = self.start()
        output = start_output(self.output_dir, self.dry)
        search = None
        try:
            # its Pagefind starts while the pages are made (`serve`'s first pass keeps the index)
            search = prepare_search(site, output, warm=not self.pages_first, ahead=self.ahead)
            for target, data in assets.values():
                output.write(target, data)
            made = self.check_and_make(site, output)
            if self.jobs.before_pages:  # jobs whose results the pages show (balance figures, kits' sizes)
                self.say("waiting for the jobs the pages show")
            self.jobs.finish_before_pages()  # before the sections are rendered and kept: jobs complete them
            game_keys = add_games(self.stages, site, context, stages_context, made, self.manifest.games)
            self.say("rendering pages")
            pages, uses = self.write_pages(site, output, context, stages_context, game_keys)
            write_pictures(output, uses)  # the pictures the pages show, each once (site/pictures.py)
            self.jobs.finish()  # the printed files: the build only waits now
            for rel in self.made_by_jobs:
                output.record(rel)
            for stage in self.stages:
                self.say(f"writing {stage.name}")
                stage.write_site(site, output, stage.context, uses)  # the context `start` was handed
            # Pagefind indexes in its own process while this one makes the site's pages
            start_search(search, pages, self.reuse, self.code, self.processes, self.say)
            self.manifest.site_pages = write_site_pages(site, output, context, self.site_key,
                                                        game_digests(site, self.hashes), self.reuse)
            if not self.dry:  # while Pagefind works: the pages' entries are final, the kept files known
                self.manifest.encode_early()
                output.look_ahead()
            self.manifest.search = search.finish()
            raise_any(check_links(pages, output.files))
        except BaseException:
            self.jobs.abandon()
            if search is not None:
                search.stop()  # Pagefind reads the staging folder: stopped before it is cleared
            output.abort()
            raise
        output.commit()
        if not self.dry:
            self.save_manifest(output, context)
        return BuildReport(site=site, output=self.output_dir, files=dict(sorted(output.files.items())),
                           rendered=self.rendered, notes=list(context.notes), deferred=self.reuse.deferred, later=self.reuse.pages_later,
                           warnings=report_lines(self.warnings))

    def begin_search(self) -> None:
        """An edit's shards of the search index begun from the last build's pages (sitewide.py), on
        the core the build leaves idle while it imports its stages and loads the site."""
        from generator.sitewide import begin_search

        if self.previous is None or self.pages_first or self.dry:
            return
        self.previous = build_cache.with_entries(self.output_dir, self.previous, self.repairs)
        if self.previous is not None:
            self.ahead = begin_search(self.previous, self.hashes, self.output_dir)

    def start(self):
        """The cache's entries read, the site loaded, its assets made and the stages started:
        (site, the site's context, the assets, the stages' context)."""
        from generator.jobs import Scheduler
        from generator.site import pages as site_pages
        from generator.site.assets import site_assets
        from generator.site.theme import template_cache
        from generator.stagework import stage_context, start_stages

        self.previous = build_cache.with_entries(self.output_dir, self.previous, self.repairs)
        self.reuse = Reuse(self.previous, self.pages_first, self.open_pages)
        self.say("loading content")
        site = self.load()
        context = site_pages.SiteContext(site=site, assets={}, notes=[repaired(which) for which in self.repairs],
                                         bytecode_dir=template_cache() if self.use_cache else None)
        assets = site_assets(site)
        context.assets.update({name: target for name, (target, _data) in assets.items()})
        stages_context = stage_context(site, context, self.hashes, self.processes)
        self.jobs = Scheduler(stages_context.workers, self.say)  # every job the stages return or start
        stages_context.start_job = self.start_job
        try:
            start_stages(self.stages, site, stages_context)
        except BaseException:
            self.jobs.abandon()  # what a stage started before another failed
            raise
        self.game_keys = stage_keys(self.stages, site, self.code)
        return site, context, assets, stages_context

    def save_manifest(self, output: Output, context) -> None:
        """The build cache of what this build made, for the next one."""
        self.manifest.notes = notes_to_keep(context.notes) + [WARNED + text for text in report_lines(self.warnings)]
        if self.reuse.deferred:  # the next build must not find this output up to date
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
        site = with_translations(with_earlier_releases(load_site(self.root, known), known))
        self.manifest.front = {page.source_hash: known.front[page.source_hash] for page in site.pages}
        tomls = (self.hashes.get(str(game.folder / "game.toml")) for game in site.games)
        self.manifest.game_toml = {sha: known.games[sha] for sha in tomls if sha in known.games}
        return site

    def check_and_make(self, site: Site, output: Output) -> dict:
        """Every stage's check, game by game, each stage in order; a game's files made as soon as
        its checks (and every check before them) passed, so the jobs a stage returns work while
        the rest is checked. Raises every error found, together."""
        strict = self.strict or site.strict  # a strict build checks everything: reused checks' warnings are unsaid
        checking = [stage for stage in self.stages if strict or not self.reuse.checked_before(stage, self.game_keys)
                    and not self.reuse.can_defer(stage, self.game_keys)]
        errors: list[ContentError] = []
        made = {}
        for game in site.games:
            for stage in self.stages:
                if stage in checking:
                    errors.extend(stage.check(site, game))
                entry = None if stops_build(errors, strict) else self.make_game(site, output, stage, game)
                if entry is not None:
                    made[stage.name, game.slug] = entry
        if stops_build(errors, strict):
            raise ContentErrors(errors)  # the warnings with the errors: everything found, in one run
        self.warnings = warnings_of(errors)
        return made

    def make_game(self, site: Site, output: Output, stage: Stage, game):
        """The stage's files of the game, reused when its key is unchanged: (key, what the stage
        made, its files), or None (nothing for this game). The jobs a stage returns go to the
        scheduler; the files they write are recorded once they are done."""
        from generator.stages import GameOutput

        key = self.game_keys.get(f"{stage.name}/{game.slug}")
        if key is None:
            return None
        old = self.reuse.made_before(stage, game)
        if self.reuse.unchanged(output, old, key):
            return key, GameOutput.from_json(old.info), old.files
        if stage.printed and self.reuse.kept_for_now(output, old):
            return old.key, GameOutput.from_json(old.info), old.files
        self.say(f"writing {stage.name}: {game.title}")
        before = set(output.files)
        game_output = stage.write_game(site, game, output, stage.context) or GameOutput()  # as `start` had it
        for job in game_output.jobs:
            self.start_job(job)
        self.made_by_jobs.extend(game_output.files)
        return key, game_output, sorted(set(game_output.files) | (set(output.files) - before))

    def start_job(self, job) -> None:
        if job.doing not in self.said:  # a job in parts says what it does once
            self.say(job.doing)
            self.said.add(job.doing)
        self.jobs.run(job)

    def write_pages(self, site: Site, output: Output, context, stages_context: StageContext,
                    game_keys: dict[str, str]):
        """Every page, rendered unless the last build's stands (pagework.write_pages)."""
        from generator.pagework import write_pages

        self.site_key = site_key(site, self.code, self.hashes, context.assets)  # pages link to hashed asset names
        digests = game_digests(site, self.hashes)
        keys = {page.url: page_key(self.site_key, digests[game.slug], game_keys[game.slug], page)
                for game in site.games for page in game.pages}
        made = write_pages(site, output, context, stages_context, keys, self.reuse, self.processes)
        self.rendered, self.manifest.pages = made.rendered, made.entries
        return made.entries, made.uses


def notes_to_keep(notes: list[str]) -> list[str]:
    """The notes a no-op build repeats: not a cache repair, said by the build that made it alone."""
    return [note for note in notes if not note.startswith(REPAIRED)]


def build(root: Path, output_dir: Path | None = None, *, stages: list | None = None,
          progress: Progress | None = None, processes: int | None = None,
          use_cache: bool = True, pages_first: bool = False, strict: bool = False,
          open_pages: frozenset[str] | None = None) -> BuildReport:
    """Build the site in `root` into `output_dir` (default root/output): one build of an
    output at a time (a second one waits), a killed build's leftovers completed or cleared first.
    `pages_first` (for `serve`): keep the last printed files and search index where they are
    out of date, and say so in `report.deferred`; a plain build then brings them up to date.
    `open_pages` (pages first): the URLs a browser shows; the other pages' HTML is kept for now too."""
    from generator.write import BuildLock, recover

    started = time.perf_counter()
    root = Path(root)
    output_dir = Path(output_dir) if output_dir else root / "output"
    try:  # (no folder to hold the output: nothing to lock, and loading the site says what is missing)
        lock = BuildLock(output_dir, say=print_waiting).__enter__() if output_dir.parent.is_dir() else None
    except PermissionError as error:
        from generator.staging import cannot_write

        raise ContentErrors([cannot_write(Path(error.filename or output_dir.parent),
                                          "the folder that holds the output is not writable")]) from None
    try:
        recover(output_dir)
        builder = Builder(root, output_dir, stages, progress or (lambda message: None), processes,
                          use_cache, pages_first, strict=strict, open_pages=open_pages)
        if builder.up_to_date():  # decided before importing any stage: a no-op must be instant
            said = builder.previous.notes
            report = BuildReport(site=None, output=output_dir, files=builder.previous_files(), up_to_date=True,
                                 notes=[n for n in said if not n.startswith(WARNED)],
                                 warnings=[n[len(WARNED):] for n in said if n.startswith(WARNED)])
        else:
            builder.begin_search()  # before the stages are imported: Pagefind reads meanwhile
            try:
                builder.stages = default_stages() if stages is None else stages
                report = builder.run()
            except BaseException:
                if builder.ahead is not None:  # (stopping it again, if the build's search had it, is harmless)
                    builder.ahead.stop()
                raise
    finally:
        remove_release_sources()
        if lock is not None:
            lock.__exit__(None, None, None)
    report.seconds = time.perf_counter() - started
    return report


def print_waiting(message: str) -> None:
    import sys
    print(message, file=sys.stderr, flush=True)


def check(root: Path, stages: list | None = None, strict: bool = False) -> BuildReport:
    """Validate all content and internal links without writing anything: the build, with an
    output that writes nothing (write.DryOutput) and no build cache, so it stops where the
    build stops, with the same errors."""
    root = Path(root)
    builder = Builder(root, root / "output", default_stages() if stages is None else stages, lambda message: None,
                      processes=None, use_cache=False, dry=True, strict=strict)
    try:
        return builder.run()
    finally:
        remove_release_sources()


def with_earlier_releases(site: Site, known) -> Site:
    """The site with its games' earlier releases and "What changed" pages (generator/releases);
    a site whose games have one release each is returned as it is (no import, no git call)."""
    if not any(len(game.releases) > 1 for game in site.games):
        return site
    from generator.releases.earlier import with_earlier_releases as add

    return add(site, known)


def with_translations(site: Site) -> Site:
    """The site with its games in every language they have a catalogue for (generator/i18n/site.py);
    a site with none is returned as it is (no Babel import)."""
    from generator.i18n import FOLDER

    if not any((game.folder / FOLDER).is_dir() for game in site.current_games):
        return site
    from generator.i18n.site import with_translations as add

    return add(site)


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
