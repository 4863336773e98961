"""Issue 48.5: what a data table and a long page cost a build, against their size.

A data table (a CSV declared in game.toml and shown on the rules page by the `table`
directive) passes through the table reader, the page, search and the three typeset
rulebooks; a 10,000-row table once cost about 50 s (platypus split it page by page in
quadratic time). Each cost is a clean build (rulebooks on, as a site ships) of a one-game
site with the table, less the same site whose table has no rows; linear when the cost of
10,000 rows is at most 10 times that of 1,000."""
from __future__ import annotations

import statistics
from pathlib import Path

from scripts.benchlib.targets import done_when

ROWS = (1000, 2000, 5000, 10_000)
TABLE_GAME = """title = "Results"
designers = ["Bench"]
source = "Generated"
licence = "Free to share."
players = { min = 2, max = 4 }
summary = "One long table."

[data.results]
file = "results.csv"
columns = { roll = "int", result = "str", points = "int" }
caption = "Every roll"
"""
TABLE_PAGE = """---
title: Rules
---

## Rolling

Roll and look the result up.

```table
data: results
```
"""
WORDS = ("move", "one", "space", "back", "draw", "a card", "score", "miss", "a turn", "again")


def table_site(root: Path, rows: int) -> Path:
    """A one-game site whose rules page shows a data table of `rows` rows (a few words a row)."""
    game = root / "content/results"
    game.mkdir(parents=True)
    (root / "content/site.toml").write_text('title = "Bench"\nbase_url = "https://bench.example/"\n')
    (game / "game.toml").write_text(TABLE_GAME)
    (game / "rules.md").write_text(TABLE_PAGE)
    lines = [f"{n},{WORDS[n % 10]} {WORDS[n * 7 % 10]},{n * 37 % 101}" for n in range(1, rows + 1)]
    (game / "results.csv").write_text("roll,result,points\n" + "".join(line + "\n" for line in lines))
    return root


def table_section(runs: int, out: Path, report, long_page_site, build) -> None:
    """`report`: main's summary line; `long_page_site(root, kilobytes)`: main's site of one long
    page; `build(site, runs, cpu)`: the median seconds of clean builds of `site`, each build's CPU
    seconds (its children's included) added to `cpu`."""

    def clean(site: Path) -> tuple[float, float]:
        cpu: list[float] = []
        return build(site, runs, cpu), statistics.median(cpu)

    print(f"== Data tables and a long page: clean builds of a one-game site, rulebooks on (median of {runs}) ==")
    print("a table's cost is the build of the site with it less the same site with no rows, in seconds and in CPU "
          "seconds (children included: the rulebooks are typeset in a child while the pages are made, so part of "
          "their time is hidden in the build's); linear when 10,000 rows cost at most 10 times 1,000")
    base, base_cpu = clean(table_site(out / "table-0", 0))
    print(f"{'rows':>7} {'build s':>8} {'cost s':>7} {'CPU s':>6} {'CPU cost':>8} {'CPU ms/row':>10}")
    print(f"{0:>7} {base:>8.2f} {'-':>7} {base_cpu:>6.2f} {'-':>8} {'-':>10}", flush=True)
    costs, cpu_costs = {}, {}
    for rows in ROWS:
        seconds, cpu = clean(table_site(out / f"table-{rows}", rows))
        costs[rows], cpu_costs[rows] = seconds - base, cpu - base_cpu
        print(f"{rows:>7,} {seconds:>8.2f} {costs[rows]:>7.2f} {cpu:>6.2f} {cpu_costs[rows]:>8.2f} "
              f"{1000 * cpu_costs[rows] / rows:>10.3f}", flush=True)
    ratio = cpu_costs[10_000] / cpu_costs[1000] if cpu_costs[1000] > 0 else None
    wall = f"{costs[10_000] / costs[1000]:.2f}" if costs[1000] > 0 else "not measured"
    report(done_when("data table of 10,000 rows against 1,000: ratio of their builds' CPU costs", ratio, 10, "",
                     beside=f"of their build times' costs {wall}"))
    short, short_cpu = clean(long_page_site(out / "table-page-0", 0))
    site = long_page_site(out / "table-page-1000", 1000)
    megabytes = (site / "content/long/rules.md").stat().st_size / 1e6
    long, long_cpu = clean(site)
    print(f"a {megabytes:.2f} MB page (search off): {long:.2f} s, {long_cpu:.2f} s of CPU, against {short:.2f} s "
          f"and {short_cpu:.2f} s for a one-line page: it costs {long - short:.2f} s ({long_cpu - short_cpu:.2f} s of "
          "CPU), nearly all of it typesetting its three rulebooks (A5, A4, Letter: one after another in the game's "
          "child) and imposing the booklets; the page itself, under a second", flush=True)
