"""What the `rulepress i18n` actions share: the games a command names, and its `--lang` values."""
from __future__ import annotations


def chosen(args):
    """The site, and the games the command names (every current game when it names none)."""
    from generator.content.load import load_site
    from generator.errors import ContentError, did_you_mean

    site = load_site(args.site)
    if args.game is None:
        return site, list(site.current_games)
    game = site.game(args.game)
    if game is None or game.release_of:
        slugs = [g.slug for g in site.current_games]
        raise ContentError(site.content, None, f"no game '{args.game}'" + did_you_mean(args.game, slugs),
                           expected="one of: " + ", ".join(slugs), found=args.game)
    return site, [game]


def language_argument(parser, help: str) -> None:
    parser.add_argument("--lang", action="append", default=None, metavar="LANG", help=help)


def checked_languages(site, languages: list[str], pseudo: bool) -> list[str]:
    """The `--lang` values, each a language Babel knows (or the pseudo-locale where it may be named)."""
    from generator.errors import ContentError, ContentErrors
    from generator.i18n.catalogues import locale_problem
    from generator.i18n.pseudo import PSEUDO

    problems = []
    for language in languages:
        problem = None if pseudo and language == PSEUDO else locale_problem(language)
        if language == PSEUDO and not pseudo:
            problem = "a real language: the pseudo-locale qps is made from the source, never kept in a catalogue"
        if problem:
            problems.append(ContentError(site.content, None, f"--lang {language}: not a language to translate into",
                                         expected=problem, found=language))
    if problems:
        raise ContentErrors(problems)
    return languages
