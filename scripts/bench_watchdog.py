#!/usr/bin/env python3
"""Benchmark the game-code watchdog: what each call into game code costs, and how long after its
limit a stuck call is stopped.

    .venv/bin/python scripts/bench_watchdog.py [--runs 3] [--calls 100000]

* per call: `gamecode.call` on a function that returns at once, unwatched (the build called as a
  library: the alarm, the working-folder check) and watched (from the command line: the call
  written on the watcher's board too), the median of interleaved runs in microseconds;
* stop latency: `rulepress build` of a one-board site whose drawing loops (game_code_seconds
  = 1), a Python loop (stopped in the process by the alarm) and a loop inside C code (killed by
  the watcher outside it): the seconds from the call's deadline to the command's exit,
  reporting and clean-up included. The drawing writes the moment it starts (time.monotonic is
  one clock for every process).

A benchmark, not a test: it prints figures and asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator import gamecode, watchdog  # noqa: E402
from tests.sitefactory import make_site  # noqa: E402

LIMIT = 1.0
LOOPS = {
    "a Python loop (the alarm, in the process)": "    while True:\n        pass\n",
    "a loop in C code (the watcher kills it)": "    import collections, itertools\n"
                                               "    collections.deque(itertools.count(), maxlen=0)\n",
}
KIT = ('[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n'
       '[[board]]\nname = "road"\ntitle = "Road"\ncell = 10\ndrawing = "road.board"\n')


def per_call(folder: Path, calls: int) -> float:
    def returns(value):
        return value

    started = time.perf_counter()
    for number in range(calls):
        gamecode.call("road.board", folder, returns, number)
    return (time.perf_counter() - started) / calls * 1e6


def call_costs(folder: Path, runs: int, calls: int) -> tuple[float, float]:
    """(unwatched, watched) microseconds per call, medians of interleaved runs."""
    unwatched, watched = [], []
    board = watchdog.Board()
    for _ in range(runs * 3):
        watchdog._board = None
        unwatched.append(per_call(folder, calls))
        watchdog._board = board
        watched.append(per_call(folder, calls))
    watchdog._board = None
    return statistics.median(unwatched), statistics.median(watched)


def stop_latency(work: Path, loop: str, runs: int) -> tuple[float, str]:
    """Seconds from the deadline to the build's exit (median), and the message's first line."""
    seconds, said = [], ""
    for run in range(runs):
        started = work / f"started-{run}"
        road = (f"def board(cell):\n    import time\n    open({str(started)!r}, 'w').write(repr(time.monotonic()))\n"
                + loop)
        site = make_site(work / f"site-{run}-{abs(hash(loop))}", **{
            "content__site.toml": f"game_code_seconds = {LIMIT}\nrulebooks = false\nsearch = false\n"
                                  "pyodide_url = \"/pyodide/\"\ntitle = 'T'\n",
            "content__pebbles__components.toml": KIT, "content__pebbles__road.py": road})
        done = subprocess.run([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        ended = time.monotonic()
        seconds.append(ended - float(started.read_text()) - LIMIT)
        said = next((line for line in done.stderr.splitlines() if "did not finish" in line), done.stderr.strip())
    return statistics.median(seconds), said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--calls", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rp-watchdog-") as work:
        work = Path(work)
        unwatched, watched = call_costs(work, args.runs, args.calls)
        print(f"per call into game code: {unwatched:.1f} us unwatched, {watched:.1f} us watched "
              f"(the board: +{watched - unwatched:.1f} us)")
        print(f"stopped after its limit ({LIMIT:g} s), to the command's exit (median of {args.runs}):")
        for name, loop in LOOPS.items():
            late, said = stop_latency(work, loop, args.runs)
            print(f"  {name}: {late:.2f} s (the watcher's grace is {watchdog.GRACE:g} s)")
            print(f"    {said[:160]}")


if __name__ == "__main__":
    main()
