"""Validate all content and internal links without writing anything."""
from __future__ import annotations

from generator.commands import site_argument

NAME = "check"
HELP = "validate content and links without writing"


def add_arguments(parser) -> None:
    site_argument(parser)


def run(args) -> int:
    from generator.build import check

    site = check(args.site)
    games, pages = len(site.current_games), len(site.pages)
    print(f"OK: {games} game{'s' if games != 1 else ''}, {pages} page{'s' if pages != 1 else ''}, "
          "all links and anchors resolve.")
    return 0
