#!/usr/bin/env python3
"""Measure every game's computer levels by self-play, and write what the Play pages show.

    .venv/bin/python scripts/bench_levels.py [--games 200] [--only splat splut] [--pyodide] [--write]
    .venv/bin/python scripts/bench_levels.py --browser [--site output] [--games-only]

For each level a game declares (`LEVELS` in its bots.py, easiest first), the
level plays `--games` seeded games against random players and as many against
the level below (one seat the level, every other seat the opponent; the
level's seat goes round the table so no seat's advantage counts). It prints
the level's score in each match (a win 1, a draw the even share: see `Record`)
with a 95% Wilson interval, and its
thinking time per move (median and worst, in this CPython). Thinking time is
the process's CPU time, so that other work on a shared machine does not
inflate it; on an idle machine it is the time a reader waits.

With `--pyodide` it also times each game's strongest level inside Pyodide
(the browser's Python, run under Node.js): 60 moves from the level's own games,
median and worst wall-clock time, against the 1 s a reader may wait.

With `--browser` it times each game's strongest level in real Chromium (Debian's, at
/usr/bin/chromium) under Pyodide: the site (built into a temporary folder, or `--site`) is
served on 127.0.0.1, each game's Play page loads its worker, and a game of the strongest
level against itself runs through it, each choice timed inside the browser's Python
(median and worst of 60 moves, or `--moves`, against the 1 s a reader may wait). `--games-only` skips
the self-play matches.

With `--write` it stores the figures in content/<game>/levels.csv, a data
table the game declares in game.toml ([data.levels]) and its Play page shows
with a `table` directive: the build reads the file and never plays these
matches, so it stays fast and every build of the same sources is the same.
Games are seeded, but thinking times vary from run to run, so the file
changes only when someone runs this script with --write.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.play import load_engine  # noqa: E402
from generator.play.levels import game_levels  # noqa: E402
from generator.play.measure import COLUMNS, csv_text, measure as measure_levels, players_for, row_text  # noqa: E402


def measure(slug: str, games: int) -> list[dict]:
    """The game's levels measured (generator.play.measure, as `rulepress levels` does), each printed."""
    return measure_levels(load_engine(ROOT / "content" / slug), games,
                          lambda row: print(row_text(slug, row), flush=True))


# Run in Pyodide: the repository mounted at /repo, each game's strongest level playing
# itself for 60 of its moves (chance and joint turns by the same level, untimed).
PYODIDE_TIMING = """
import json, random, statistics, sys, time
sys.path.insert(0, "/repo")
sys.dont_write_bytecode = True
from generator.play import load_engine
from generator.play.api import CHANCE, JOINT, OVER
from generator.play.bots import choose_turn, make_bot
from generator.play.levels import game_levels
out = {}
for slug, players in json.loads(GAMES):
    engine = load_engine("/repo/content/" + slug)
    level = game_levels(engine)[-1]
    bot = make_bot(engine, level.name)
    seats = {p: bot for p in range(players)}
    times, seed = [], 0
    while len(times) < 60 and seed < 20:
        rng, state = random.Random(seed), engine.initial_state(players, None)
        for _ in range(2000):
            turn = engine.turn(state)
            if turn.kind == OVER or len(times) >= 60:
                break
            start = time.perf_counter()
            action = choose_turn(engine, state, seats, rng)
            if turn.kind != CHANCE:
                times.append(time.perf_counter() - start)
            state, _ = engine.apply(state, action)
        seed += 1
    out[slug] = [level.name, 1000 * statistics.median(times), 1000 * max(times), len(times)]
json.dumps(out)
"""

PYODIDE_RUNNER = """
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [folder, repo, codeFile, games] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/` });
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("GAMES", games);
console.log(pyodide.runPython(readFileSync(codeFile, "utf8")));
"""


def pyodide_times(games: list[tuple[str, int]]) -> dict:
    """{slug: [level, median ms, worst ms, moves]} for each game's strongest level, in Pyodide under Node."""
    from generator.interactive.runtime import find_pyodide

    folder = find_pyodide(ROOT)
    with tempfile.TemporaryDirectory() as work:
        runner, code = Path(work) / "run.mjs", Path(work) / "timing.py"
        runner.write_text(PYODIDE_RUNNER, encoding="utf-8")
        code.write_text(PYODIDE_TIMING, encoding="utf-8")
        done = subprocess.run(["node", str(runner), str(folder), str(ROOT), str(code), json.dumps(games)],
                              capture_output=True, text=True, check=True, timeout=1800)
    return json.loads(done.stdout.strip().splitlines()[-1])


# In the page: a game of the strongest level against itself through the page's own worker
# (Pyodide in real Chromium), each choice timed inside the browser's Python (`think`), then played.
BROWSER_GAME = """async ([bundle, game, players, moves]) => {
    const call = (request) => window.rulepressPlay.call(bundle, Object.assign({widget: "bench"}, request));
    const times = [], trips = [];
    for (let seed = 0; times.length < moves && seed < 20; seed++) {
        let answer = await call({op: "open", game, players, seed, computer: []});
        const level = answer.view.levels.at(-1).name;
        answer = await call({op: "sides", computer: [], bot: level});
        while (times.length < moves && !answer.view.result) {
            const started = performance.now();
            const thought = await call({op: "think"});
            trips.push(performance.now() - started);
            if (!thought.ok) return {error: thought.error};
            times.push(thought.ms);
            answer = await call({op: "act", action: thought.action});
            if (!answer.ok) return {error: JSON.stringify(answer.refused || answer.error)};
        }
        if (times.length >= moves) return {level, times, trips};
    }
    return {level: "?", times, trips};
}"""


def built_site(work: Path) -> Path:
    """This repository's content built into `work` (with the Python runtime), for the browser."""
    import shutil

    from generator.build import build

    shutil.copytree(ROOT / "content", work / "content")
    build(work, work / "output", use_cache=False)
    return work / "output"


def browser_times(games: list[tuple[str, int]], site: Path | None, moves: int = 60) -> dict:
    """{slug: [level, median ms, worst ms, moves, median round trip ms]} for each game's strongest level,
    timed in real Chromium (Debian's, by path) under Pyodide, from the site's own Play pages."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as work:
        folder = site or built_site(Path(work))
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
        handler = functools.partial(Quiet, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        out = {}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                     args=["--no-sandbox", "--disable-gpu"])
                for slug, players in games:
                    page = browser.new_page()
                    page.goto(f"http://127.0.0.1:{server.server_port}/{slug}/play.html")
                    page.wait_for_selector('[data-rp-widget="play"] .rp-live[aria-busy="false"] .rp-live-board svg',
                                           timeout=180_000)
                    bundle = page.get_attribute('[data-rp-widget="play"]', "data-bundle")
                    found = page.evaluate(BROWSER_GAME, [bundle, slug, players, moves])
                    if "error" in found:
                        raise RuntimeError(f"{slug}: {found['error']}")
                    times, trips = found["times"], found["trips"]
                    out[slug] = [found["level"], statistics.median(times), max(times), len(times),
                                 statistics.median(trips)]
                    page.close()
                browser.close()
        finally:
            server.shutdown()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--only", nargs="*", help="game slugs (default: every game with LEVELS)")
    parser.add_argument("--write", action="store_true", help="write content/<game>/levels.csv")
    parser.add_argument("--pyodide", action="store_true", help="time each strongest level in Pyodide (Node.js)")
    parser.add_argument("--browser", action="store_true",
                        help="time each strongest level in Chromium under Pyodide, on the Play pages")
    parser.add_argument("--site", type=Path, help="with --browser: a built output folder (default: build one)")
    parser.add_argument("--games-only", action="store_true", help="skip the self-play matches (with --browser)")
    parser.add_argument("--moves", type=int, default=60, help="with --browser: moves timed per game (default 60)")
    args = parser.parse_args()
    random.seed(0)
    slugs = sorted(path.parent.name for path in (ROOT / "content").glob("*/bots.py"))
    measured = []
    for slug in slugs:
        if args.only and slug not in args.only:
            continue
        target = ROOT / "content" / slug / "levels.csv"
        if args.write and not target.exists():  # game.toml may declare the table before its first measurement
            target.write_text(",".join(COLUMNS) + "\n", encoding="utf-8")
        engine = load_engine(ROOT / "content" / slug)
        if not game_levels(engine):
            print(f"{slug:<8} declares no LEVELS")
            continue
        measured.append((slug, players_for(engine)))
        if args.games_only:
            continue
        rows = measure(slug, args.games)
        if args.write:
            target.write_text(csv_text(rows), encoding="utf-8")
    if args.pyodide and measured:
        print("Strongest level in Pyodide (Node.js), wall-clock ms per move; target <= 1000:")
        for slug, (level, median, worst, moves) in pyodide_times(measured).items():
            print(f"{slug:<8} {level:<9} median {median:7.1f} worst {worst:7.1f} ({moves} moves)"
                  f"{'' if worst <= 1000 else '  OVER 1 s'}", flush=True)
    if args.browser and measured:
        print("Strongest level in Chromium (Pyodide, the Play page's worker), ms per move inside the browser's "
              "Python; target <= 1000:")
        for slug, (level, median, worst, moves, trip) in browser_times(measured, args.site, args.moves).items():
            print(f"{slug:<8} {level:<9} median {median:7.1f} worst {worst:7.1f} ({moves} moves; "
                  f"median round trip from the page {trip:.1f}){'' if worst <= 1000 else '  OVER 1 s'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
