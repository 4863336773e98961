"""Validate all content and internal links without writing anything."""
from __future__ import annotations

from generator.commands import site_argument

NAME = "check"
HELP = "validate content and links without writing"


def add_arguments(parser) -> None:
    from generator.commands.build import strict_argument

    site_argument(parser)
    strict_argument(parser)


def run(args) -> int:
    from generator.build import check
    from generator.commands.build import said_warnings

    report = check(args.site, strict=args.strict)
    site = report.site
    games, pages = len(site.current_games), len(site.pages)
    warned = " (with the warnings below)" if report.warnings else ""
    print(f"OK: {games} game{'s' if games != 1 else ''}, {pages} page{'s' if pages != 1 else ''}, "
          f"all links and anchors resolve{warned}.")
    return said_warnings(report.warnings) if report.warnings else 0
