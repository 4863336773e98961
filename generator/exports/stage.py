"""The build stage for exports (see generator/build.py and generator/stages.py).

For each game with a kit (`components.toml`), the files of every exporter (formats.Exporter:
print-on-demand cards, Tabletopia images, ...) under `<slug>/exports/`, made from the kit's
own drawings (the kit stage's components and artwork, read and drawn once per build).

They are offered in the kit's downloads, an "Other formats" row (the kit stage asks this
stage for it: `formats`). Keyed like the kit: a game whose kit sources did not change is not
exported again. Rasterising is slow, so each exporter's files of a game are made in a child
process while the build goes on (`finish` waits), the build's worker count of them at once;
the stage starts first (`starts_first`), so they work while the other stages do.
`site.toml`'s `exports = false` switches the stage off.
"""
from __future__ import annotations

import time
from functools import partial

from generator.errors import ContentError, ContentErrors
from generator.fingerprint import digest
from generator.keys import folder_key
from generator.stages import GameOutput, Stage, StageContext
from generator.urls import export_file, exports_folder

WAITING_PER_WORKER = 8  # more children than this per worker: the build waits for the oldest

STAGE_VERSION = "exports-2"  # bump when what the exporters make changes without its sources changing


def default_exporters() -> list:
    """The exporters that ship, in the order the kit's downloads list their files."""
    from generator.exports.pod import PrintOnDemand
    from generator.exports.tabletopia import Tabletopia
    from generator.exports.tts import TabletopSimulator

    return [TabletopSimulator(), PrintOnDemand(), Tabletopia()]


def exports_on(site) -> bool:
    return site.exports


class ExportStage(Stage):
    name = "exports"
    printed = True  # large files: `serve` may make them after the pages
    writes_later = True  # made in child processes while the pages are made
    # its games start before the other stages are checked: the kit's drawings are all it reads,
    # and it reads them itself (KitStage.drawn) if the kit stage has not yet
    starts_first = True

    def __init__(self, kit, exporters: list | None = None):
        # the KitStage of the same build (build.default_stages hands it over; no stage imports
        # another): its has_kit, and full_colour, its components and drawings read once a build
        self.kit = kit
        self._exporters = exporters
        self.running = None  # the exporters' children (generator/jobs.py), made with the first
        self.written: list[str] = []
        self.timings: dict[str, dict[str, float]] = {}  # slug -> exporter -> seconds (of the last build)

    @property
    def exporters(self) -> list:
        """Made when a game with a kit first asks: a site without kits never imports them."""
        if self._exporters is None:
            self._exporters = default_exporters()
        return self._exporters

    def start(self, site, context: StageContext) -> None:
        super().start(site, context)
        self.abandon()
        self.timings = {}
        if exports_on(site) and any(self.kit.has_kit(game) for game in site.current_games):
            for exporter in self.exporters:  # once for the site, not per game
                note = exporter.note(site)
                if note and note not in context.notes:
                    context.notes.append(note)

    # -- what the kit's downloads offer ------------------------------------------------------
    def formats_key(self, site) -> str:
        """What the kit's "Other formats" row depends on beyond the kit's own sources."""
        return f"{exports_on(site)};" + ",".join(exporter.name for exporter in self.exporters)

    def formats(self, site, game, components) -> list[dict]:
        """The "Other formats" row of the kit's downloads: each file, what it is, what it is for
        (none for an earlier release, which is not exported: see game_key)."""
        if not exports_on(site) or game.release_of:
            return []
        return [{"file": export_file(d.file), "label": d.label, "use": d.use}
                for exporter in self.exporters for d in exporter.downloads(site, game, components)]

    # -- the stage ---------------------------------------------------------------------------
    def check(self, site) -> list:
        if not exports_on(site):
            return []
        errors = []
        for game in site.games:
            made = self.kit_of(game)
            if made is None:
                continue
            components, artwork = made
            for exporter in self.exporters:
                errors.extend(exporter.check(components, artwork))
        return errors

    def kit_of(self, game):
        """(components, full-colour artwork) of the game's kit, as the kit stage read and drew
        them; None for a game without a kit or whose kit has errors (the kit stage reports them)."""
        if not self.kit.has_kit(game):
            return None
        try:
            return self.kit.full_colour(game)
        except (ContentError, ContentErrors):
            return None  # the kit stage's check reports it

    def game_key(self, site, game) -> str | None:
        if not exports_on(site) or not self.kit.has_kit(game) or game.release_of:
            return None  # an earlier release's kit is not exported: shops and tables want the current one
        # the kit's inputs (spec, data, the game's code that draws), and what the files name
        return digest(STAGE_VERSION, folder_key(self.context.hashes, game.folder, skip=(".md",)), game.title,
                      ";".join(game.designers), site.base_url, site.path_prefix, str(site.rulebooks),
                      ",".join(exporter.name for exporter in self.exporters))

    def write_game(self, site, game, output, context: StageContext) -> GameOutput:
        made = self.kit_of(game)
        if made is None:
            return GameOutput()
        components, artwork = made
        planned = [(exporter, exporter.files(site, game, components)) for exporter in self.exporters]
        files = [f"{exports_folder(game.slug)}/{name}" for _exporter, names in planned for name in names]
        self.written.extend(files)
        if not output.dry:
            paths = {name: output.path(f"{exports_folder(game.slug)}/{name}") for _e, names in planned for name in names}
            job = export_job(site, game, components, artwork, paths, output.target)
            for exporter, names in planned:  # each exporter a child of its own: a big game's exports side by side
                if names:
                    self.in_child(game.slug, partial(run_exporter, exporter, job), context.workers)
        return GameOutput(sections=self.sections(site, game, components), files=tuple(files))

    def in_child(self, slug: str, work, workers: int) -> None:
        """An exporter's work in a child, taking turns with the others (a big game's exports side
        by side); what it timed is kept for the bench."""
        from generator.jobs import Jobs

        if self.running is None:
            self.running = Jobs(max(1, workers), WAITING_PER_WORKER)
        self.running.start(f"exporting {slug}", work, lambda timed: self.timings.setdefault(slug, {}).update(timed))

    def sections(self, site, game, components) -> dict:
        """What the exporters add to the game's pages, by page URL, in the exporters' order."""
        found: dict = {}
        for exporter in self.exporters:
            for url, sections in exporter.sections(site, game, components).items():
                found.setdefault(url, []).extend(sections)
        return found

    def finish(self, site, output) -> None:
        if self.running is not None:
            self.running.finish()
        for rel in self.written:
            output.record(rel)
        self.written = []

    def abandon(self) -> None:
        if self.running is not None:
            self.running.abandon()
        self.written = []


def export_job(site, game, components, artwork, paths: dict, output_root=None):
    """The job every exporter of one game is given (formats.ExportJob): the kit's pieces, and a
    `write` that puts a named file at its path in `paths` (name -> path)."""
    from generator.exports.formats import ExportJob
    from generator.exports.raster import kit_pieces

    def write(name: str, data: bytes) -> None:
        if name not in paths:
            raise RuntimeError(f"an exporter wrote {name}, which it did not name in its files()")
        paths[name].write_bytes(data)

    return ExportJob(site, game, components, artwork, list(kit_pieces(components, artwork)), write, output_root)


def run_exporter(exporter, job) -> dict[str, float]:
    """One exporter's files of one game; its time, by its name."""
    started = time.perf_counter()
    exporter.write(job)
    return {exporter.name: time.perf_counter() - started}


def export_game(site, game, components, artwork, exporters, paths: dict, output_root=None) -> dict[str, float]:
    """Every exporter's files of one game, one after another in this process (scripts/bench_exports.py);
    seconds per exporter, and for drawing the kit's pieces."""
    started = time.perf_counter()
    job = export_job(site, game, components, artwork, paths, output_root)
    timings = {"drawing": time.perf_counter() - started}
    for exporter in exporters:
        timings.update(run_exporter(exporter, job))
    return timings

