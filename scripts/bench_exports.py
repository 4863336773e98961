"""Exports' time per game: every exporter of the export stage (generator/exports/) run on each
launch game's kit in this one process, as a build's child process runs it, with the sizes of
the files it writes. The kit's drawings are made first (the kit stage shares them) and timed
apart."""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from generator.content.load import load_site
    from generator.exports.stage import default_exporters, export_game
    from generator.kit import load_components
    from generator.kit.build import Artwork
    from generator.kit.stage import has_kit

    site = load_site(ROOT)
    exporters = default_exporters()
    total = total_cpu = 0.0  # seconds, and CPU seconds (which a busy machine leaves comparable)
    with tempfile.TemporaryDirectory(prefix="rp-exports-") as folder:
        for game in site.games:
            if not has_kit(game):
                continue
            started = time.perf_counter()
            components = load_components(game.folder, game.data)
            artwork = Artwork(components, False)  # the full-colour drawings, as the kit stage makes them
            loaded = time.perf_counter() - started
            names = [name for exporter in exporters for name in exporter.files(site, game, components)]
            paths = {name: Path(folder) / game.slug / name for name in names}
            for path in paths.values():  # an exporter's files may lie in folders of their own
                path.parent.mkdir(parents=True, exist_ok=True)
            started, cpu_started = time.perf_counter(), time.process_time()
            timings = export_game(site, game, components, artwork, exporters, paths)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
            total += seconds
            total_cpu += cpu
            size = sum(path.stat().st_size for path in paths.values() if path.is_file())
            parts = ", ".join(f"{name} {value:.2f} s" for name, value in timings.items())
            print(f"{game.slug:10} {seconds:6.2f} s, {cpu:6.2f} s of CPU ({parts}); {len(names)} files, {size / 1e6:.1f} MB; "
                  f"components read in {loaded:.2f} s")
    print(f"all games: {total:.2f} s ({total_cpu:.2f} s of CPU) on one core (a build runs them in child processes, beside the pages)")


if __name__ == "__main__":
    main()
