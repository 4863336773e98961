#!/usr/bin/env python3
"""Benchmark: what a reader's search costs on a 1,000-page site, whose index is 64 shards (made
so that an edit re-indexes 20 pages, not the site: issue 29), beside the same pages indexed as
one Pagefind index (`pagefind --site`, as a Hugo site's reader meets it).

Times, in Debian's Chromium, from opening search ("/") and typing a word to the results'
message ("12 results for troll"), a fresh browser context each time (nothing cached), and counts
the index's requests; then the same with 40 ms added to every request (Chromium's network
emulation; the test server speaks HTTP/1.1, six connections at a time, so this overstates
what an HTTP/2 host costs). No target: the figures say what the shards cost the reader.

    .venv/bin/python scripts/bench_search.py [--pages 1000] [--runs 5]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.benchlib.corpus import write_corpus  # noqa: E402
from tests.browser.harness import Server, launch  # noqa: E402

ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
WORDS = ("troll", "dolphin", "chest", "phase", "loot", "cover", "token")  # of the corpus's vocabulary
LATENCY_MS = 40


def one_index(output: Path, folder: Path) -> Path:
    """The site with its shards replaced by one index of every page, made by Pagefind's CLI with
    the build's settings (shards.json then lists that one)."""
    from generator.site.search import FOLDER, NOT_TEXT, pagefind_executable

    shutil.copytree(output, folder)
    shutil.rmtree(folder / FOLDER)
    excluded = [argument for selector in NOT_TEXT for argument in ("--exclude-selectors", selector)]
    subprocess.run([pagefind_executable(), "--site", str(folder), "--output-subdir", f"{FOLDER}/0",
                    "--force-language", "en", "--keep-index-url", "--silent", *excluded], check=True)
    (folder / FOLDER / "shards.json").write_text('{"shards": ["0/"]}', encoding="utf-8")
    return folder


def searches(browser, url: str, runs: int, latency: int) -> tuple[float, int]:
    """Median seconds from opening search and typing a word to its results' message, and the index's
    requests for it."""
    seconds, requests = [], []
    for run in range(runs):
        context = browser.new_context()
        page = context.new_page()
        if latency:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                             "downloadThroughput": -1, "uploadThroughput": -1})
        page.goto(url)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        started = time.perf_counter()  # the index loads when search opens: timed from there
        page.keyboard.press("/")
        page.locator(".search-dialog input").wait_for()
        page.keyboard.type(WORDS[run % len(WORDS)])
        page.wait_for_function("() => / results? for /.test(document.querySelector('.pagefind-ui__message')"
                               "?.textContent || '')", timeout=120_000)
        seconds.append(time.perf_counter() - started)
        requests.append(sum(1 for url in asked if "/pagefind/" in url))
        context.close()
    return statistics.median(seconds), round(statistics.median(requests))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rp-search-") as folder:
        site, _mkdocs, _hugo = write_corpus(Path(folder) / "corpus", args.pages)
        subprocess.run([sys.executable, "-m", "generator", "build", str(site), "-q"], cwd=ROOT, check=True, env=ENV)
        shards = len(list((site / "output/pagefind").glob("*/pagefind-entry.json")))
        sites = {f"{shards} shards": site / "output", "one index": one_index(site / "output", Path(folder) / "one")}
        servers = {name: Server(path) for name, path in sites.items()}
        found = {}
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for latency in (0, LATENCY_MS):
                for name, server in servers.items():  # (the two alternate within each latency)
                    found[name, latency] = searches(browser, server.url("g0000/p1.html"), args.runs, latency)
            browser.close()
        for server in servers.values():
            server.close()
    sharded = f"{shards} shards"
    for latency in (0, LATENCY_MS):
        (many, asked_many), (one, asked_one) = found[sharded, latency], found["one index", latency]
        where = f"+{latency} ms a request" if latency else "local"
        print(f"{args.pages:,} pages, {where}: opening search and typing to results {many:.2f} s with {sharded} ({asked_many} requests) "
              f"against {one:.2f} s with one index ({asked_one} requests): {many / one:.2f}x")


if __name__ == "__main__":
    main()
