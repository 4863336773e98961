#!/usr/bin/env python3
"""Benchmark: print-and-play kit generation for every game in content/ (A4 + Letter).

Prints, per game and in total, the time to load the component specs, lay out and
write every kit PDF (all editions and variants the spec asks for), the pages
written and pages per second, and preflight's time (preflight_kits, every kit of
the game) with its ratio to the kit time of the same run. Then, per kit file, its
pages and its least-used page's share of the printable area (the cover included),
beside the same figures before issue 24.5. Run from the repository root:

    .venv/bin/python scripts/bench_kit.py [--content content] [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.kit import load_components, write_kits  # noqa: E402
from generator.kit.preflight import preflight_kits  # noqa: E402


def game_meta(folder: Path) -> tuple[str, str]:
    try:
        meta = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return folder.name, ""
    return meta.get("title", folder.name), ", ".join(meta.get("designers", []))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the median is reported")
    args = parser.parse_args()
    games = sorted(p.parent for p in args.content.glob("*/components.toml"))
    if not games:
        print(f"no components.toml under {args.content}")
        return 1
    print(f"{'game':<16}{'files':>6}{'pages':>7}{'MB':>7}{'seconds':>9}{'pages/s':>9}{'preflight s':>12}{'of kit':>7}")
    total_pages = total_time = total_bytes = total_files = 0
    for folder in games:
        title, author = game_meta(folder)
        times, checks = [], []
        with tempfile.TemporaryDirectory() as out:
            for _ in range(args.repeat):
                start = time.perf_counter()
                components = load_components(folder)
                kits = write_kits(components, Path(out), title=title, author=author, papers=("a4", "letter"))
                times.append(time.perf_counter() - start)
                checked = time.perf_counter()
                problems = preflight_kits(components)
                checks.append(time.perf_counter() - checked)
        seconds = statistics.median(times)
        preflight = statistics.median(checks)
        pages = sum(k.pages for k in kits)
        size = sum(k.bytes for k in kits)
        print(f"{folder.name:<16}{len(kits):>6}{pages:>7}{size / 1e6:>7.2f}{seconds:>9.2f}{pages / seconds:>9.0f}"
              f"{preflight:>12.3f}{100 * preflight / seconds:>6.0f}%" + (f"  ({len(problems)} preflight errors)" if problems else ""))
        total_pages += pages
        total_time += seconds
        total_bytes += size
        total_files += len(kits)
    print(f"{'all games':<16}{total_files:>6}{total_pages:>7}{total_bytes / 1e6:>7.2f}{total_time:>9.2f}"
          f"{total_pages / total_time:>9.0f}")
    paper_use(games)
    return 0


# Pages of each print kit before issue 13 (one drawing for screen and paper, paper economy):
# 414 pages in 26 files over all variants. Measured on main at a3fc51d.
PAGES_BEFORE = {("splat", "a4"): 3, ("splat", "letter"): 3, ("splut", "a4"): 3, ("splut", "letter"): 3,
                ("sitters", "a4"): 10, ("sitters", "letter"): 10, ("splash", "a4"): 13, ("splash", "letter"): 13,
                ("shoot", "a4"): 29 + 37, ("shoot", "letter"): 29 + 37}
ALL_PAGES_BEFORE, ALL_FILES_BEFORE = 414, 26

# Each kit file before issue 24.5 (sets whole, the cover earns its page, the packer rebalances):
# pages and the least-used page's share of the printable area, the cover included, measured
# with kit_area.page_area_use on main at 967670a.
KITS_BEFORE = {
    "shoot-kit-beginner-a4": (27, 0.52), "shoot-kit-beginner-a4-ink-saver": (27, 0.54),
    "shoot-kit-beginner-letter": (27, 0.34), "shoot-kit-beginner-letter-ink-saver": (27, 0.31),
    "shoot-kit-normal-a4": (35, 0.52), "shoot-kit-normal-a4-ink-saver": (35, 0.54),
    "shoot-kit-normal-letter": (35, 0.12), "shoot-kit-normal-letter-ink-saver": (35, 0.11),
    "sitters-kit-a4": (6, 0.91), "sitters-kit-a4-ink-saver": (6, 0.91),
    "sitters-kit-letter": (8, 0.60), "sitters-kit-letter-ink-saver": (8, 0.61),
    "splash-kit-a4": (12, 0.35), "splash-kit-a4-ink-saver": (12, 0.36), "splash-kit-a4-fold-over": (16, 0.28),
    "splash-kit-letter": (12, 0.37), "splash-kit-letter-ink-saver": (12, 0.38),
    "splash-kit-letter-fold-over": (16, 0.29),
    "splat-kit-a4": (2, 0.74), "splat-kit-a4-ink-saver": (2, 0.74),
    "splat-kit-letter": (2, 0.78), "splat-kit-letter-ink-saver": (2, 0.78),
    "splut-kit-a4": (2, 0.23), "splut-kit-a4-ink-saver": (2, 0.25),
    "splut-kit-letter": (2, 0.84), "splut-kit-letter-ink-saver": (2, 0.84),
}


def paper_use(games: list[Path]) -> None:
    """Per kit file (every edition, paper and variant): its pages, and the least-used page's share
    of the printable area, the cover included (measured on the rendered pages, as the tests do),
    beside the same before issue 24.5; then every kit's pages against those before issue 13."""
    from kit_area import page_area_use

    print(f"\n{'kit':<44}{'pages':>6}{'before':>7}{'cover':>7}{'least-used page':>17}{'before':>8}")
    all_pages = all_files = 0
    pages_by_paper: dict[tuple[str, str], int] = {}
    for folder in games:
        title, author = game_meta(folder)
        with tempfile.TemporaryDirectory() as out:
            kits = write_kits(load_components(folder), Path(out), title=title, author=author)
            for kit in kits:
                shares = page_area_use(kit.path)
                least = min(range(len(shares)), key=lambda i: shares[i])
                name = kit.path.stem
                pages_before, least_before = KITS_BEFORE.get(name, (None, None))
                print(f"{name:<44}{kit.pages:>6}{pages_before or '-':>7}{shares[0]:>7.0%}"
                      f"{shares[least]:>9.0%} (p{least + 1:<2}){'' if least_before is None else f'{least_before:.0%}':>8}"
                      + ("   < 50%" if shares[least] < 0.5 else ""))
                if kit.variant == "print":
                    key = (folder.name, kit.paper)
                    pages_by_paper[key] = pages_by_paper.get(key, 0) + kit.pages
            all_pages += sum(k.pages for k in kits)
            all_files += len(kits)
    print(f"\n{'print kits, all editions':<30}{'pages':>6}{'issue 13 before':>16}")
    for (game, paper), pages in pages_by_paper.items():
        print(f"{game + ' ' + paper:<30}{pages:>6}{PAGES_BEFORE.get((game, paper), 0):>16}")
    print(f"{'every kit, every variant':<30}{all_pages:>6}{ALL_PAGES_BEFORE:>16}   "
          f"{all_files} files (before: {ALL_FILES_BEFORE}); pages now / before = {all_pages / ALL_PAGES_BEFORE:.2f}")


if __name__ == "__main__":
    sys.exit(main())
