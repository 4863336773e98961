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
    from generator.errors import ContentErrors, report_lines
    from generator.i18n.report import translations

    report = check(args.site, strict=args.strict)
    site = report.site
    translated = translations(site)  # coverage per game and language; a stale block warns at its line
    if translated.warnings() and (args.strict or site.strict):
        raise ContentErrors(translated.warnings())  # as the build's own warnings do when strict
    found = report.warnings + report_lines(translated.warnings())
    games, pages = len(site.current_games), len(site.pages)
    warned = " (with the warnings below)" if found else ""
    print(f"OK: {games} game{'s' if games != 1 else ''}, {pages} page{'s' if pages != 1 else ''}, "
          f"all links and anchors resolve{warned}.")
    for line in translated.lines() + translated.interface_notes():
        print(f"Translations: {line}")
    return said_warnings(found) if found else 0
