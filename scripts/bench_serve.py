#!/usr/bin/env python3
"""Benchmark: the development server under load (issue 16.9's target: 2,000 requests at 20
concurrent, 0 errors, p99 under 50 ms), beside Python's stock http.server on the same
files in the same run.

    .venv/bin/python scripts/bench_serve.py [--requests 2000] [--concurrency 20]
"""
from __future__ import annotations

import argparse
import http.client
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start(command: list[str], ready: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        match = re.search(ready, line)
        if match:  # keep reading what it logs, so a full pipe never blocks it
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process, int(match.group(1))
    raise SystemExit(f"server did not start: {command}")


def load(port: int, paths: list[str], requests: int, concurrency: int) -> tuple[list[float], int]:
    def fetch(path: str) -> float | None:
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            return time.perf_counter() - started if response.status == 200 else None
        except OSError:
            return None

    chosen = [random.Random(i).choice(paths) for i in range(requests)]
    with ThreadPoolExecutor(concurrency) as pool:
        results = list(pool.map(fetch, chosen))
    times = [t for t in results if t is not None]
    return times, len(results) - len(times)


def report(name: str, times: list[float], errors: int) -> float:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1] if ordered else float("nan")
    print(f"{name:<28}{len(times) + errors:>9}{errors:>8}{statistics.median(ordered) * 1000:>10.1f}{p99 * 1000:>9.1f}")
    return p99


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=20)
    args = parser.parse_args()
    py = sys.executable
    subprocess.run([py, "-m", "generator", "build", str(ROOT), "-q"], cwd=ROOT, check=True)
    output = ROOT / "output"
    paths = ["/" + str(p.relative_to(output)) for p in output.rglob("*")
             if p.is_file() and p.suffix in (".html", ".css", ".js", ".svg", ".json")]
    print(f"{len(paths)} files of the catalogue; {args.requests} requests, {args.concurrency} at a time")
    print(f"{'server':<28}{'requests':>9}{'errors':>8}{'median ms':>10}{'p99 ms':>9}")
    ours, port = start([py, "-m", "generator", "serve", str(ROOT), "-p", "0"], r"127\.0\.0\.1:(\d+)/")
    try:
        p99 = report("rulepress serve", *load(port, paths, args.requests, args.concurrency))
    finally:
        ours.terminate()
        ours.wait()
    stock, port = start([py, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(output)],
                        r"port (\d+)")
    try:
        p99_stock = report("python -m http.server", *load(port, paths, args.requests, args.concurrency))
    finally:
        stock.terminate()
        stock.wait()
    print(f"p99 ratio rulepress / stock: {p99 / p99_stock:.2f} (target: p99 under 50 ms, 0 errors)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
