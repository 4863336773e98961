"""The build stage for exports (see generator/build.py and generator/stages.py).

For each game with a kit (`components.toml`), the files of every exporter (formats.Exporter:
print-on-demand cards, Tabletopia images, ...) under `<slug>/exports/`, made from the kit's
own drawings (the kit stage's components and artwork, read and drawn once per build).

The stage reads the kit stage's product ("kit drawings": components and full-colour drawings,
drawn once per build) and publishes its own ("export formats": the "Other formats" row the
kit's downloads offer). Its key includes the kit drawings' key (the Builder adds it): a game
whose kit sources did not change is not exported again. Rasterising is slow, so each
exporter's files of a game are a Job (generator/jobs.py) the Builder runs in a child while
the build goes on. `site.toml`'s `exports = false` switches the stage off.
"""
from __future__ import annotations

import time
from functools import partial

from generator.errors import ContentError, ContentErrors
from generator.fingerprint import digest
from generator.jobs import Job
from generator.stages import GameOutput, Stage, StageContext
from generator.urls import export_file, exports_folder

WAITING_PER_WORKER = 8  # more children than this per worker: the build waits for the oldest

KIT_DRAWINGS = "kit drawings"  # the kit stage's product (kit/drawings.py)
STAGE_VERSION = "exports-2"  # bump when what the exporters make changes without its sources changing


def default_exporters() -> list:
    """The exporters that ship, in the order the kit's downloads list their files."""
    from generator.exports.pod import PrintOnDemand
    from generator.exports.social import SocialPicture
    from generator.exports.tabletopia import Tabletopia
    from generator.exports.tts import TabletopSimulator

    return [TabletopSimulator(), PrintOnDemand(), Tabletopia(), SocialPicture()]


def exports_on(site) -> bool:
    return site.exports


class ExportFormats:
    """The exports' product ("export formats"): the "Other formats" row of the kit's downloads."""

    name = "export formats"

    def __init__(self, exporters: list | None = None):
        self._exporters = exporters

    @property
    def exporters(self) -> list:
        """Made when a game with a kit first asks: a site without kits never imports them."""
        if self._exporters is None:
            self._exporters = default_exporters()
        return self._exporters

    def key(self, site, game) -> str:
        """What the row depends on beyond the kit's own sources."""
        return f"{exports_on(site)};" + ",".join(exporter.name for exporter in self.exporters)

    def formats(self, site, game, components) -> list[dict]:
        """The "Other formats" row of the kit's downloads: each file, what it is, what it is for
        (none for an earlier release, which is not exported: see ExportStage.game_key)."""
        if not exports_on(site) or game.release_of:
            return []
        return [{"file": export_file(d.file), "label": d.label, "use": d.use}
                for exporter in self.exporters for d in exporter.downloads(site, game, components)]


class ExportStage(Stage):
    name = "exports"
    printed = True  # large files: `serve` may make them after the pages
    reads = (KIT_DRAWINGS,)

    def __init__(self, exporters: list | None = None):
        self.product = ExportFormats(exporters)

    @property
    def exporters(self) -> list:
        return self.product.exporters

    def start(self, site, context: StageContext) -> None:
        super().start(site, context)
        if exports_on(site) and any(self.has_kit(game) for game in site.current_games):
            for exporter in self.exporters:  # once for the site, not per game
                note = exporter.note(site)
                if note and note not in context.notes:
                    context.notes.append(note)

    def formats(self, site, game, components) -> list[dict]:
        return self.product.formats(site, game, components)

    def has_kit(self, game) -> bool:
        drawings = self.context.products.get(KIT_DRAWINGS)
        return drawings is not None and drawings.has_kit(game)

    def check(self, site, game) -> list:
        made = self.kit_of(game) if exports_on(site) else None
        if made is None:
            return []
        components, artwork = made
        return [error for exporter in self.exporters for error in exporter.check(components, artwork)]

    def kit_of(self, game):
        """(components, full-colour artwork) of the game's kit, as the kit drawings hold them;
        None for a game without a kit or whose kit has errors (the kit stage reports them)."""
        if not self.has_kit(game):
            return None
        try:
            return self.context.products[KIT_DRAWINGS].full_colour(game)
        except (ContentError, ContentErrors):
            return None  # the kit stage's check reports it

    def game_key(self, site, game) -> str | None:
        if not exports_on(site) or not self.has_kit(game) or game.release_of:
            # an earlier release's kit is not exported: shops and tables want the current one (a
            # translation's is: its cards in its language, for a shop or a table of its readers)
            return None
        # what the files name (the kit's inputs are the kit drawings' key, which the Builder adds)
        return digest(STAGE_VERSION, site.base_url, site.path_prefix, str(site.rulebooks),
                      ",".join(exporter.name for exporter in self.exporters))

    def write_game(self, site, game, output, context: StageContext) -> GameOutput:
        made = self.kit_of(game)
        if made is None:
            return GameOutput()
        components, artwork = made
        planned = [(exporter, exporter.files(site, game, components)) for exporter in self.exporters]
        files = [f"{exports_folder(game.slug)}/{name}" for _exporter, names in planned for name in names]
        jobs = []
        if not output.dry:
            paths = {name: output.path(f"{exports_folder(game.slug)}/{name}") for _e, names in planned for name in names}
            job = export_job(site, game, components, artwork, paths, output.target)
            # each exporter a child of its own: a big game's exports side by side
            jobs = [Job(f"exporting {game.slug}", partial(run_exporter, exporter, job), self.name, WAITING_PER_WORKER)
                    for exporter, names in planned if names]
        from generator.exports.social import social_file

        social = f"{exports_folder(game.slug)}/{social_file(game.slug)}"
        return GameOutput(sections=self.sections(site, game, components), files=tuple(files), jobs=tuple(jobs),
                          social=social if social in files else "")

    def sections(self, site, game, components) -> dict:
        """What the exporters add to the game's pages, by page URL, in the exporters' order."""
        found: dict = {}
        for exporter in self.exporters:
            for url, sections in exporter.sections(site, game, components).items():
                found.setdefault(url, []).extend(sections)
        return found


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

