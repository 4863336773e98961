#!/usr/bin/env python3
"""Benchmark: print-and-play kit generation for every game in content/ (A4 + Letter).

Prints, per game and in total, the time to load the component specs, lay out and
write every kit PDF (all editions and variants the spec asks for), the pages
written and pages per second. Run from the repository root:

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


def paper_use(games: list[Path]) -> None:
    """Per print kit: pages now and before, and how much of each component page's printable
    area the printed things span (measured on the rendered pages, as the tests do)."""
    from kit_area import page_area_use

    print(f"\n{'print kit':<30}{'pages':>6}{'before':>7}{'area use: mean':>16}{'lowest':>8}")
    all_pages = all_files = 0
    for folder in games:
        title, author = game_meta(folder)
        with tempfile.TemporaryDirectory() as out:
            components = load_components(folder)
            kits = write_kits(components, Path(out), title=title, author=author)
            all_pages += sum(k.pages for k in kits)
            all_files += len(kits)
            for paper in ("a4", "letter"):
                printed = [k for k in kits if k.paper == paper and k.variant == "print"]
                shares = [share for k in printed for share in page_area_use(k.path)[1:]]
                pages = sum(k.pages for k in printed)
                before = PAGES_BEFORE.get((folder.name, paper), 0)
                print(f"{folder.name + ' ' + paper + ' (' + str(len(printed)) + ' kits)':<30}{pages:>6}{before:>7}"
                      f"{statistics.mean(shares):>15.0%}{min(shares):>8.0%}")
    print(f"{'every kit, every variant':<30}{all_pages:>6}{ALL_PAGES_BEFORE:>7}   "
          f"{all_files} files (before: {ALL_FILES_BEFORE}); pages now / before = {all_pages / ALL_PAGES_BEFORE:.2f}")


if __name__ == "__main__":
    sys.exit(main())
