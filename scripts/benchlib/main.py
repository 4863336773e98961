"""Run every benchmark section and print one report."""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable


def median_time(command: list[str], runs: int, cwd: Path, before=None) -> float:
    times = []
    for _ in range(runs):
        if before:
            before()
        started = time.perf_counter()
        subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def site_section(sizes: list[int], runs: int) -> None:
    from scripts.benchlib.corpus import write_corpus

    print("== Site builds (clean, median of %d) ==" % runs)
    out = Path(tempfile.mkdtemp(prefix="rp-bench-"))
    try:
        clean = lambda: shutil.rmtree(out / "catalogue", ignore_errors=True)
        seconds = median_time([PY, "-m", "generator", "build", str(ROOT), "-q", "-o", str(out / "catalogue")], runs, ROOT, clean)
        pages = sum(1 for _ in (out / "catalogue").rglob("*.html"))
        print(f"five-game catalogue: {seconds:.2f} s for {pages} pages (all stages)")
        have_mkdocs = shutil.which("mkdocs", path=str(Path(PY).parent)) is not None
        print(f"{'pages':>6} {'rulepress s':>12} {'pages/s':>9} {'ms/page':>8} {'mkdocs s':>9} {'ms/page':>8} {'rulepress/mkdocs':>17}")
        for size in sizes:
            corpus = out / f"corpus-{size}"
            site, mk = write_corpus(corpus, size)
            rp = median_time([PY, "-m", "generator", "build", str(site), "-q"], runs, ROOT,
                             lambda: shutil.rmtree(site / "output", ignore_errors=True))
            line = f"{size:>6} {rp:>12.2f} {size / rp:>9.0f} {1000 * rp / size:>8.2f}"
            if have_mkdocs:
                mkd = median_time([str(Path(PY).parent / "mkdocs"), "build", "-q"], runs, mk,
                                  lambda: shutil.rmtree(mk / "site", ignore_errors=True))
                line += f" {mkd:>9.2f} {1000 * mkd / size:>8.2f} {rp / mkd:>17.2f}"
            else:
                line += "   (mkdocs not installed: pip install -e '.[bench]')"
            print(line, flush=True)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def script_section(name: str, script: str) -> None:
    path = ROOT / "scripts" / script
    print(f"== {name} ==", flush=True)
    if not path.is_file():
        print(f"({script} not present)")
        return
    subprocess.run([PY, str(path)], cwd=ROOT, check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10,100,1000", help="corpus sizes in pages (comma-separated)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--only", default="site,kit,play,browser", help="sections to run")
    args = parser.parse_args()
    only = set(args.only.split(","))
    if "site" in only:
        site_section([int(s) for s in args.sizes.split(",")], args.runs)
    if "kit" in only:
        script_section("Print-and-play kits", "bench_kit.py")
    if "play" in only:
        script_section("Rule engines", "bench_play.py")
    if "browser" in only:
        script_section("Browser", "bench_browser.py")


if __name__ == "__main__":
    main()
