#!/usr/bin/env python3
"""Benchmark: walkthroughs and play in Chromium, beside a page that only loads Pyodide.

Builds the site (the repository's content by default) into a temporary folder,
serves it on 127.0.0.1 and drives Debian's Chromium with playwright. Prints:

* bytes transferred for a rules page before any interaction;
* time from "Try it from here" to the first legal-move highlight (a click on a
  piece that can move): (a) cold, nothing loaded ahead (fresh browser profile,
  Save-Data on), (b) after the widget has been in view for 10 s (the page loads
  the runtime ahead), (c) with a warm browser cache (same profile, new page,
  nothing loaded ahead); targets (b) <= 0.3 s and (a) <= 2.0 s;
* for (a), the same page with Python's plain boot (the worker's URL without the
  memory snapshot the build made: how "Try it" started before issue 29.6), measured
  in the same runs: both times, where they went (click to Python running, to the
  bundle unpacked, to the engine's first answer, to the highlight) and the bytes each
  fetched, file by file, as served and gzipped (what a host that compresses sends);
  target: the snapshot's bytes <= 1.2 x the plain boot's;
* the computer's move in the browser for every game's strongest level (else its Play
  page's bot; target <= 1 s);
* time per engine call in the worker (legal actions, render, apply + undo):
  the round trip from the page and the time inside Python;

each beside the same figure for a minimal page that only loads Pyodide and runs
`1+1` (the floor any "Try it" pays). Run from the repository root:

    .venv/bin/python scripts/bench_browser.py [--site .] [--page splut/index.html] [--runs 3] [--calls 30]
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
import tempfile
import tomllib
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import build  # noqa: E402
from generator.interactive.runtime import find_pyodide, pyodide_version  # noqa: E402
from scripts.benchlib.targets import done_when  # noqa: E402
from tests.browser.harness import PYODIDE_TIMEOUT_MS, SAVE_DATA, Server, launch  # noqa: E402

FIXTURE = ROOT / "tests" / "interactive" / "fixtures" / "hopsite"

FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide floor</title>
<script src="floor.js" defer></script></head>
<body><button type="button" id="run">Run 1+1</button><output id="result"></output></body></html>
"""
FLOOR_SCRIPT = """
let worker = null, next = 1;
const waiting = new Map();
window.floorCall = () => new Promise((resolve) => {
  if (!worker) {
    worker = new Worker("floor-worker.js", { type: "module" });
    worker.onmessage = (e) => { waiting.get(e.data.id)(e.data); waiting.delete(e.data.id); };
  }
  const id = next++;
  waiting.set(id, resolve);
  worker.postMessage({ id });
});
document.getElementById("run").addEventListener("click", async () => {
  const answer = await window.floorCall();
  document.getElementById("result").textContent = answer.result;
});
"""
FLOOR_WORKER = """
const ready = import("./%(runtime)spyodide.mjs").then((m) => m.loadPyodide({ indexURL: new URL("./%(runtime)s", self.location.href).href }));
self.onmessage = async (e) => {
  const pyodide = await ready;
  const started = performance.now();
  const result = pyodide.runPython("1+1");
  self.postMessage({ id: e.data.id, result: String(result), workerMs: performance.now() - started });
};
"""


def page_bytes(context, url: str) -> tuple[int, int]:
    """Bytes over the wire (headers included) and requests for `url` in a fresh context."""
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    sizes = page.evaluate("""() => [performance.getEntriesByType('navigation')[0],
                                    ...performance.getEntriesByType('resource')].map(e => e.transferSize)""")
    page.close()
    return sum(sizes), len(sizes)


def first_highlight(page, url: str, in_view_for: float = 0, requested: list | None = None,
                    phases: dict | None = None) -> float:
    """Seconds from clicking "Try it from here" to the first legal-move highlight
    (after the widget has been in view for `in_view_for` seconds); the URLs the click
    fetched (the worker's too) join `requested`; `phases` gets the seconds from the click
    to each loading step the widget shows (play-worker.js: 2 Python running, 3 the bundle
    unpacked) and to the engine's first answer."""
    page.goto(url, wait_until="networkidle")
    widget = page.locator('[data-rp-widget="walkthrough"]').first
    if in_view_for:
        widget.scroll_into_view_if_needed()
        page.wait_for_timeout(in_view_for * 1000)
    wid = widget.get_attribute("id")
    page.evaluate("""(id) => { window.__answers = []; window.__steps = {};
        const host = document.getElementById(id);
        host.addEventListener('rp-answer', e => { window.__answers.push(e.detail);
            window.__steps.answer ??= performance.now(); });
        new MutationObserver(() => host.querySelectorAll('progress').forEach(p => {
            window.__steps[p.value] ??= performance.now(); }))
            .observe(host, {subtree: true, childList: true, attributes: true, attributeFilter: ['value']}); }""", wid)
    if requested is not None:
        page.on("request", lambda request: requested.append(request.url))
    clicked = page.evaluate("() => performance.now()")
    started = time.perf_counter()
    widget.get_by_role("button", name="Try it from here").click()
    page.wait_for_function("() => window.__answers.length > 0", timeout=PYODIDE_TIMEOUT_MS)
    answer = page.evaluate("() => window.__answers[0]")
    if phases is not None:
        steps = page.evaluate("() => window.__steps")
        phases.update({name: (steps[key] - clicked) / 1000 for name, key in PHASES if key in steps})
    if not answer.get("ok"):
        raise RuntimeError(f"Try it failed: {answer}")
    movable = [a["c"][0] for a in answer["view"]["legal"] if len(a["c"]) > 1]
    if not movable:
        raise RuntimeError("no piece can move at the walkthrough's start: pick another --page")
    page.locator(f'#{wid} .rp-live-board [data-cell="{movable[0]}"]').first.click(force=True)
    page.wait_for_selector(f"#{wid} .rp-mark-target", state="attached")
    return time.perf_counter() - started


PHASES = (("Python running", "2"), ("bundle unpacked", "3"), ("engine's first answer", "answer"))


def plain_boot_page(output: Path, page_path: str) -> str | None:
    """A copy of the rules page whose worker boots Python plainly (its URL without the snapshot
    the build made), beside it; None if the build made no snapshot."""
    html = (output / page_path).read_text(encoding="utf-8")
    plain = re.sub(r'(data-worker="[^"?]*)\?[^"]*"', r'\1"', html)
    if plain == html:
        return None
    path = str(Path(page_path).with_name("plain-boot-" + Path(page_path).name))
    (output / path).write_text(plain, encoding="utf-8")
    return path


def floor_first_result(page, url: str) -> float:
    page.goto(url, wait_until="networkidle")
    started = time.perf_counter()
    page.click("#run")
    page.wait_for_function("() => document.getElementById('result').textContent === '2'", timeout=PYODIDE_TIMEOUT_MS)
    return time.perf_counter() - started


def engine_calls(page, calls: int) -> dict[str, tuple[float, float]]:
    """Median round trip (page) and median time in Python per request kind, in ms."""
    return page.evaluate("""async ([calls]) => {
        const host = document.querySelector('[data-rp-widget="walkthrough"] .rp-live').parentElement;
        const bundle = host.getAttribute('data-bundle'), widget = host.id;
        const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        const timed = async (request) => {
            const t = performance.now();
            const answer = await window.rulepressPlay.call(bundle, Object.assign({widget}, request));
            return [performance.now() - t, answer];
        };
        const [, first] = await timed({op: 'legal'});
        const action = first.legal[0].n;
        const out = {};
        for (const [name, make] of [['legal actions', () => ({op: 'legal'})],
                                    ['render', () => ({op: 'render', highlight: []})],
                                    ['apply (act)', () => ({op: 'act', action})],
                                    ['undo', () => ({op: 'undo'})]]) {
            out[name] = [[], []];
        }
        for (let i = 0; i < calls; i++) {
            for (const [name, request] of [['legal actions', {op: 'legal'}], ['render', {op: 'render', highlight: []}],
                                           ['apply (act)', {op: 'act', action}], ['undo', {op: 'undo'}]]) {
                const [ms, answer] = await timed(request);
                out[name][0].push(ms); out[name][1].push(answer.ms);
            }
        }
        return Object.fromEntries(Object.entries(out).map(([k, [a, b]]) => [k, [median(a), median(b)]]));
    }""", [calls])


def floor_calls(page, calls: int) -> tuple[float, float]:
    return tuple(page.evaluate("""async ([calls]) => {
        const trips = [], inside = [];
        for (let i = 0; i < calls; i++) {
            const t = performance.now();
            const answer = await window.floorCall();
            trips.push(performance.now() - t); inside.push(answer.workerMs);
        }
        const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        return [median(trips), median(inside)];
    }""", [calls]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=str(ROOT), help="site folder to build (default: this repository)")
    parser.add_argument("--page", default="splut/index.html", help="a rules page with a walkthrough")
    parser.add_argument("--runs", type=int, default=3, help="runs per timing (median)")
    parser.add_argument("--calls", type=int, default=30, help="engine calls per kind (median)")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rp-bench-browser-") as scratch:
        output = Path(scratch) / "site"
        site, page_path = Path(args.site), args.page
        try:
            build(site, output, use_cache=False)
        except Exception as error:  # content in progress: measure the fixture site instead
            print(f"(could not build {site}: {str(error).splitlines()[0]}; using the Hop fixture site)")
            site, page_path = FIXTURE, "hop/index.html"
            build(site, output, use_cache=False)
        if not (output / page_path).is_file() or "data-rp-widget=\"walkthrough\"" not in (output / page_path).read_text():
            print(f"({page_path} has no walkthrough; using the Hop fixture site)")
            site, page_path = FIXTURE, "hop/index.html"
            build(site, output, use_cache=False)
        runtime = f"_pyodide/{pyodide_version(find_pyodide(ROOT))}/"
        (output / "floor.html").write_text(FLOOR_PAGE)
        (output / "floor.js").write_text(FLOOR_SCRIPT)
        (output / "floor-worker.js").write_text(FLOOR_WORKER % {"runtime": runtime})
        plain_path = plain_boot_page(output, page_path)
        server = Server(output)
        rules_url, floor_url = server.url(page_path), server.url("floor.html")
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                report(browser, rules_url, floor_url, args.runs, args.calls, page_path,
                       bot_games(site, output, server.url("")), served_sizes(output, server.url("")),
                       server.url(plain_path) if plain_path else None)
                browser.close()
            html = (output / page_path).read_bytes()
            print(f"(the page's HTML is {len(html):,} bytes, {len(gzip.compress(html, 6)):,} gzipped: "
                  "its diagrams are inline SVG, which compresses well on a host that gzips)")
        finally:
            server.close()


def served_sizes(output: Path, base_url: str):
    """URLs -> the bytes of the files they fetch from `output` (served as they are, uncompressed);
    `size.files(urls)` gives them file by file: {name: (bytes, gzipped bytes)}."""
    def paths(urls: list[str]) -> set[str]:
        found = {url.split("?")[0].split("#")[0].removeprefix(base_url) for url in urls if url.startswith(base_url)}
        return {path for path in found if (output / path).is_file()}

    def size(urls: list[str]) -> int:
        return sum((output / path).stat().st_size for path in paths(urls))

    def files(urls: list[str]) -> dict[str, tuple[int, int]]:
        return {Path(path).name: ((output / path).stat().st_size, len(gzip.compress((output / path).read_bytes(), 6)))
                for path in sorted(paths(urls))}
    size.files = files
    return size


def bot_games(site: Path, output: Path, base_url: str) -> list[dict]:
    """Every game with a bundle: its bundle URL, a player count, and its Play page's bot (else the default)."""
    games = []
    for bundle in sorted((output / "_play").glob("*.zip")):
        slug = bundle.name.split(".")[0]
        if slug.startswith("_"):
            continue
        play = output / slug / "play.html"
        text = play.read_text() if play.is_file() else ""
        bot = re.search(r'data-bot="([^"]*)"', text)
        players = re.search(r'data-players="(\d+)"', text)
        toml = site / "content" / slug / "game.toml"
        minimum = tomllib.loads(toml.read_text())["players"]["min"] if toml.is_file() else 0
        games.append({"game": slug, "bundle": f"{base_url}_play/{bundle.name}", "bot": bot.group(1) if bot else None,
                      "players": int(players.group(1)) if players else minimum})
    return games


def bot_moves(page, games: list[dict]) -> dict[str, tuple[str, float, float]]:
    """Per game: its bot's name, and the median and slowest time of 8 computer moves inside Python (ms)."""
    out = {}
    for game in games:
        result = page.evaluate("""async (g) => {
            const call = (request) => window.rulepressPlay.call(g.bundle, Object.assign({widget: 'bench-' + g.game}, request));
            const players = g.players || null;
            const opened = await call({op: 'open', game: g.game, players, seed: 7, bot: g.bot});
            if (!opened.ok) return {error: opened.error};
            const levels = opened.view.levels || [];  // time the strongest level, where the game has levels
            const strongest = levels.length ? levels[levels.length - 1].name : opened.view.bot;
            if (levels.length) await call({op: 'sides', computer: [], bot: strongest});
            const times = [];
            for (let i = 0; i < 8; i++) {
                const answer = await call({op: 'bot'});
                if (!answer.ok) break;
                times.push(answer.ms);
            }
            return {bot: strongest, times};
        }""", game)
        if "error" in result or not result["times"]:
            print(f"  ({game['game']}: {result.get('error', 'no move')})")
            continue
        times = sorted(result["times"])
        out[game["game"]] = (result["bot"], statistics.median(times), times[-1])
    return out


def cold_path_table(served, cold_requests: list[str], plain_requests: list[str],
                    cold_phases: list[dict], plain_phases: list[dict]) -> None:
    """The cold click's files, before (plain boot) and after (snapshot), and where its time went."""
    after, before = served.files(cold_requests), served.files(plain_requests)
    print(f"  {'file on the cold path':40} {'plain boot':>12} {'snapshot':>12} {'(gzipped:':>11} {'plain':>10} "
          f"{'snapshot)':>10}")
    for name in sorted(set(after) | set(before), key=lambda n: -max(after.get(n, (0, 0))[0], before.get(n, (0, 0))[0])):
        b, a = before.get(name, (0, 0)), after.get(name, (0, 0))
        print(f"  {name:40} {b[0]:>12,} {a[0]:>12,} {'':>11} {b[1]:>10,} {a[1]:>10,}")
    totals = [sum(v[i] for v in files.values()) for files in (before, after) for i in (0, 1)]
    print(f"  {'total':40} {totals[0]:>12,} {totals[2]:>12,} {'':>11} {totals[1]:>10,} {totals[3]:>10,}")
    print(f"  {'seconds from the click to (median)':40} {'plain boot':>12} {'snapshot':>12}")
    for name, _ in PHASES:
        times = [[p[name] for p in phases if name in p] for phases in (plain_phases, cold_phases)]
        if all(times):
            print(f"  {name:40} {statistics.median(times[0]):>12.2f} {statistics.median(times[1]):>12.2f}")


def report(browser, rules_url: str, floor_url: str, runs: int, calls: int, page_path: str,
           bot_games: list[dict], served, plain_url: str | None = None) -> None:
    def fresh():
        return browser.new_context()

    context = fresh()
    rules_bytes, rules_requests = page_bytes(context, rules_url)
    floor_bytes, floor_requests = page_bytes(context, floor_url)
    context.close()

    def no_prefetch():
        context = fresh()
        context.add_init_script(SAVE_DATA)  # the page loads nothing ahead: the click pays it all
        return context

    cold, near, cached, floor_cold, floor_cached, plain_cold = [], [], [], [], [], []
    cold_requests: list[str] = []  # what the first cold click fetched
    plain_requests: list[str] = []  # and with Python's plain boot
    cold_phases: list[dict] = []
    plain_phases: list[dict] = []
    for run in range(runs):
        if plain_url:  # the plain boot first, then the snapshot, in every run: the same load on both
            context = no_prefetch()
            plain_phases.append({})
            plain_cold.append(first_highlight(context.new_page(), plain_url, phases=plain_phases[-1],
                                              requested=plain_requests if run == 0 else None))
            context.close()
        context = no_prefetch()
        page = context.new_page()
        cold_phases.append({})
        cold.append(first_highlight(page, rules_url, requested=cold_requests if run == 0 else None,
                                    phases=cold_phases[-1]))
        page.close()
        page = context.new_page()
        cached.append(first_highlight(page, rules_url))
        context.close()
        context = fresh()
        near.append(first_highlight(context.new_page(), rules_url, in_view_for=10))
        context.close()
        context = fresh()
        page = context.new_page()
        floor_cold.append(floor_first_result(page, floor_url))
        page.close()
        page = context.new_page()
        floor_cached.append(floor_first_result(page, floor_url))
        context.close()

    context = no_prefetch()
    page = context.new_page()
    first_highlight(page, rules_url)
    per_call = engine_calls(page, calls)
    bots = bot_moves(page, bot_games)
    page.close()
    page = context.new_page()
    floor_first_result(page, floor_url)
    floor_trip, floor_inside = floor_calls(page, calls)
    context.close()

    med = statistics.median
    print(f"Page: {page_path} (median of {runs} runs; Chromium on this machine, served from 127.0.0.1)")
    print(f"{'':44} {'rules page':>14} {'floor (1+1)':>14}")
    print(f"{'bytes before any interaction':44} {rules_bytes:>14,} {floor_bytes:>14,}")
    print(f"{'  requests':44} {rules_requests:>14} {floor_requests:>14}")
    cold_bytes = served(cold_requests)
    print(f"{'Try it -> first highlight (a) cold (s)':44} {med(cold):>14.2f} {med(floor_cold):>14.2f}")
    print(f"{'  bytes the cold click fetched':44} {cold_bytes:>14,} {'-':>14}   ({len(set(cold_requests))} files)")
    if plain_url:
        plain_bytes = served(plain_requests)
        print(f"{'  plain boot, no snapshot (before 29.6) (s)':44} {med(plain_cold):>14.2f} {'-':>14}")
        print(f"{'  bytes the plain boot fetched':44} {plain_bytes:>14,} {'-':>14}   ({len(set(plain_requests))} files)")
        cold_path_table(served, cold_requests, plain_requests, cold_phases, plain_phases)
    print(f"{'  (b) after 10 s in view (s)':44} {med(near):>14.2f} {'-':>14}")
    before = (f"; before (plain boot, same runs): {med(plain_cold):.2f} s, {plain_bytes:,} bytes" if plain_url
              else "; no snapshot in this build (Node missing?)")
    print(done_when("'Try it' cold, click to first highlight", med(cold), 2.0,
                    beside=f"{cold_bytes:,} bytes fetched by the click{before}; "
                           f"the Pyodide floor {med(floor_cold):.2f} s"))
    if plain_url:
        print(done_when("'Try it' cold bytes / plain boot's", cold_bytes / plain_bytes, 1.2, unit="",
                        beside=f"{cold_bytes:,} / {plain_bytes:,} bytes as served"))
    print(done_when("'Try it' after 10 s in view", med(near), 0.3))
    print(f"{'  (c) warm browser cache (s)':44} {med(cached):>14.2f} {med(floor_cached):>14.2f}")
    print("The computer's move in the browser, strongest level, median / slowest of 8 moves (ms, inside Python):")
    for game, (bot, median, slowest) in bots.items():
        print(f"  {game:12} {bot:14} {median:>8.0f} / {slowest:<8.0f} target <= 1000: "
              f"{'met' if slowest <= 1000 else 'MISSED'}")
    print(f"Engine calls in the worker, median of {calls} (ms), round trip from the page / inside Python:")
    print(f"{'':44} {'engine':>14} {'floor (1+1)':>14}")
    for name, (trip, inside) in per_call.items():
        print(f"  {name:42} {trip:>7.1f} / {inside:<6.1f} {floor_trip:>6.1f} / {floor_inside:<6.1f}")
    print(json.dumps({"rules_bytes": rules_bytes, "floor_bytes": floor_bytes, "cold_s": med(cold),
                      "cold_bytes": cold_bytes, "plain_cold_s": med(plain_cold) if plain_cold else None,
                      "plain_cold_bytes": served(plain_requests) if plain_url else None,
                      "near_10s_s": med(near), "bot_ms": bots,
                      "cached_s": med(cached), "floor_cold_s": med(floor_cold), "floor_cached_s": med(floor_cached),
                      "calls_ms": per_call, "floor_call_ms": [floor_trip, floor_inside]}))


if __name__ == "__main__":
    main()
