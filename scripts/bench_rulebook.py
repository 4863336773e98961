#!/usr/bin/env python3
"""Benchmark: typeset rulebooks for every game in content/ (A4, Letter, the A5
booklet on both, and the player aid on both), beside the kits' figure for scale.

Prints, per game and in total, the seconds and pages of each PDF (the median of
--repeat runs), and each book's pages beside its limit (issue 45: the A4 rules as short as a
publisher would print them, every A5 booklet at most 40 pages). Run from the repository root:

    .venv/bin/python scripts/bench_rulebook.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pypdf import PdfReader  # noqa: E402

from generator.build import directive_registry  # noqa: E402
from generator.content.load import load_site  # noqa: E402
from generator.rulebook.booklet import impose  # noqa: E402
from generator.rulebook.make import GameBook, typeset_all  # noqa: E402
from generator.children import worker_count  # noqa: E402
from generator.kit.drawings import KitDrawings  # noqa: E402
from scripts.benchlib.targets import done_when  # noqa: E402


# the most pages of each game's A4 rules (issue 45), and of any A5 booklet (10 sheets)
A4_PAGE_LIMITS = {"splat": 20, "splut": 16, "sitters": 20, "splash": 13, "shoot": 26}
BOOKLET_PAGE_LIMIT = 40


def kit_drawings() -> KitDrawings:
    """The kit stage's product, as a build hands it to the rulebooks (decks print as their cards)."""
    kit = KitDrawings()
    kit.start({})
    return kit


def one_game(site, game) -> tuple[float, float, dict[str, int]]:
    """(seconds for everything, seconds for the A4 and Letter rulebooks, pages of each PDF)."""
    started = time.perf_counter()
    book = GameBook(site, game, directive_registry(site), products={"kit drawings": kit_drawings()})
    made = {paper: book.rules(paper) for paper in ("a4", "letter")}
    rulebooks = time.perf_counter() - started
    made["a5"] = book.rules("a5")
    made.update({f"booklet-{paper}": impose(made["a5"], paper) for paper in ("a4", "letter")})
    made.update({f"aid-{paper}": book.player_aid(paper) for paper in ("a4", "letter")})
    seconds = time.perf_counter() - started
    return seconds, rulebooks, {name: len(PdfReader(BytesIO(data)).pages) for name, data in made.items()}


def print_page_limits(counted: dict[str, dict[str, int]]) -> None:
    """Each game's A4 rules and A5 booklet pages beside their limits, and whether they hold."""
    print(f"{'book pages':<16} {'A4':>4} {'limit':>6}  {'booklet (A5 pages)':>18} {'limit':>6}")
    for slug, pages in counted.items():
        limit = A4_PAGE_LIMITS.get(slug)
        booklet = 2 * pages["booklet-a4"]  # each landscape side holds two A5 pages
        a4 = f"{pages['a4']:>4} {'≤ ' + str(limit) if limit else '-':>6}" + ("" if not limit or pages["a4"] <= limit
                                                                           else " OVER")
        print(f"{slug:<16} {a4}  {booklet:>18} {'≤ ' + str(BOOKLET_PAGE_LIMIT):>6}"
              + ("" if booklet <= BOOKLET_PAGE_LIMIT else " OVER"))
    held = all(pages["a4"] <= A4_PAGE_LIMITS.get(slug, pages["a4"]) and 2 * pages["booklet-a4"] <= BOOKLET_PAGE_LIMIT
               for slug, pages in counted.items())
    print(f"page limits: {'every book within its limit' if held else 'some books over their limit'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    site = load_site(ROOT)
    one_game(site, site.games[0])  # fonts registered and modules imported, as in a build
    total = books = 0.0
    counted: dict[str, dict[str, int]] = {}
    print(f"{'game':<16} {'all 7 s':>8} {'A4+Letter s':>12}  pages (A4 rules, Letter rules, A5, booklet sheets, aid)")
    for game in site.games:
        runs = [one_game(site, game) for _ in range(args.repeat)]
        seconds = statistics.median(run[0] for run in runs)
        rulebooks = statistics.median(run[1] for run in runs)
        pages = runs[-1][2]
        counted[game.slug] = pages
        total, books = total + seconds, books + rulebooks
        print(f"{game.slug:<16} {seconds:8.2f} {rulebooks:12.2f}  {pages['a4']}, {pages['letter']}, {pages['a5']}, "
              f"{pages['booklet-a4']}, {pages['aid-a4']}")
    print(f"all five games, one core: {total:.2f} s for 7 PDFs each; the A4 and Letter rulebooks {books:.2f} s")
    print_page_limits(counted)
    print(done_when("five A4 and Letter rulebooks on one core", books, 2, below=True))
    walls = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        for game in site.games:  # as the build does it: a game's PDFs on every core
            book = GameBook(site, game, directive_registry(site), products={"kit drawings": kit_drawings()})
            typeset_all(book, [("rules", "a4"), ("rules", "letter")], worker_count())
        walls.append(time.perf_counter() - started)
    print(f"the five A4 and Letter rulebooks as a build makes them (every core): {statistics.median(walls):.2f} s "
          f"(budget 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
