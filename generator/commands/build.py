"""Build the site: pages, kits and play bundles into output/ (changed only once the whole build succeeds)."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from generator.commands import site_argument

NAME = "build"
HELP = "build the site into output/"


def add_arguments(parser) -> None:
    site_argument(parser)
    parser.add_argument("-o", "--output", type=Path, help="output folder (default: SITE/output)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    parser.add_argument("--clean", action="store_true", help="ignore the build cache: render everything")
    parser.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: one per core)")
    strict_argument(parser)


def strict_argument(parser) -> None:
    parser.add_argument("--strict", action="store_true",
                        help="fail on warnings too (poor print: small or faint text, labels touching lines); "
                             "`strict = true` in site.toml does the same")


def run(args) -> int:
    from generator.build import build

    with progress_bar(not args.quiet, sys.stderr.isatty()) as say:  # a log's lines go with the summary, on stdout
        report = build(args.site, args.output, processes=args.jobs, use_cache=not args.clean, progress=say,
                       strict=args.strict)
    if args.strict and report.warnings:  # a no-op build repeats the warnings of the build it stands for
        return said_warnings(report.warnings, failed=True)
    if not args.quiet and report.up_to_date:
        print(f"Up to date: nothing changed since the last build of {report.output} ({report.seconds:.2f} s)")
    elif not args.quiet:
        kinds: dict[str, list[int]] = {}
        for name, size in report.files.items():
            kind = Path(name).suffix.lstrip(".") or "other"
            kinds.setdefault(kind, []).append(size)
        summary = ", ".join(f"{len(sizes)} {kind}" for kind, sizes in sorted(kinds.items()))
        pages = len(report.site.pages)
        reused = f", {pages - report.rendered} unchanged" if report.rendered < pages else ""
        games = len(report.site.current_games)
        print(f"Built {games} game{'s' if games != 1 else ''}, {pages} game pages ({report.rendered} rendered{reused}) "
              f"into {report.output}: {len(report.files)} files, {report.bytes / 1e6:.1f} MB ({summary}) "
              f"in {report.seconds:.2f} s")
        for line in coverage_lines(report.site):
            print(f"Translations: {line}")
    if not args.quiet:
        for note in report.notes:
            print(f"Note: {note}")
    return said_warnings(report.warnings) if report.warnings else 0


def coverage_lines(site) -> list[str]:
    """`check`'s coverage line per game and language (`splut de: 412/430 blocks, 18 stale: rules.md:120,
    …`), after a build that changed something: a source or catalogue edit that leaves a translation
    behind says so where it is built (a no-op build changed nothing, so nothing of it either)."""
    if not any(game.translation_of for game in site.games):
        return []  # a site nobody translates: no Babel import
    from generator.i18n.report import translations

    found = translations(site)
    return found.lines() + found.interface_notes()


def said_warnings(warnings: list[str], failed: bool = False) -> int:
    """The build's warnings on stderr (even with -q: they are problems, only not fatal ones);
    exit 1 when they fail the build (strict), else 0: the output was written."""
    count = sum(1 for entry in warnings if not entry.startswith(" "))
    plural = "s" if count != 1 else ""
    heading = (f"rulepress: {count} warning{plural}, which --strict makes fail the build:" if failed else
               f"rulepress: {count} warning{plural} (poor print, not wrong: --strict or `strict = true` "
               "in site.toml makes warnings fail the build):")
    print("\n".join([heading, *warnings]), file=sys.stderr)
    if failed:
        print("Nothing was written; the previous output is unchanged.", file=sys.stderr)
    return 1 if failed else 0


@contextmanager
def progress_bar(show: bool, terminal: bool):
    """A progress callback for build(): on a terminal a bar (rich, loaded on the first message,
    which a no-op build never sends: it stays instant); elsewhere (a CI log, a pipe) a plain line
    a step on stdout beside the summary (stderr keeps the errors alone), with the seconds since
    the build began, so a long first build is never silent."""
    import time

    bar = task = None
    started = time.monotonic()

    def say(message: str) -> None:
        nonlocal bar, task
        if not show:
            return
        if not terminal:
            print(f"{time.monotonic() - started:6.1f} s  {message}", flush=True)
            return
        if bar is None:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                           console=Console(stderr=True), transient=True)
            bar.start()
            task = bar.add_task("building", total=None)
        bar.update(task, description=message)

    try:
        yield say
    finally:
        if bar is not None:
            bar.stop()
