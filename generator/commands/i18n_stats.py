"""How much of each game each language covers: `splut de: 412/430 blocks, 18 stale:
rules.md:120, …`, measured against the source as it is now (no need to update first)."""
from __future__ import annotations

NAME = "stats"
HELP = "print each language's coverage per game, with the places of its stale blocks"


def add_arguments(parser) -> None:
    from generator.commands.i18n_common import language_argument

    language_argument(parser, "only this language (repeat for more; qps: the pseudo-locale)")


def run(args) -> int:
    from generator.commands.i18n_common import checked_languages, chosen
    from generator.i18n.report import translations

    site, games = chosen(args)
    only = checked_languages(site, args.lang, pseudo=True) if args.lang else None
    found = translations(site, games, only)
    for line in found.lines():
        print(line)
    if not found.coverages:
        print("No translations yet: start one with `rulepress i18n update SITE --lang de`.")
    return 0
