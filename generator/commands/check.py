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
    print(f"OK: {len(site.games)} games, {len(site.pages)} pages, all links and anchors resolve.")
    return 0
