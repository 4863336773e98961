"""Extract each game's template afresh and merge it into its catalogues: every language it
has (content/<game>/i18n/<lang>.po), and each `--lang` named (a new catalogue when it has none).
A block whose source changed keeps its translation, marked fuzzy, with the old source beside it."""
from __future__ import annotations

NAME = "update"
HELP = "bring each language's catalogue in step with the source (changed blocks become fuzzy)"


def add_arguments(parser) -> None:
    from generator.commands.i18n_common import language_argument

    language_argument(parser, "a language to start or update (de, fr, ja, pt-BR; repeat for more)")


def run(args) -> int:
    from generator.commands.i18n_common import checked_languages, chosen
    from generator.i18n.blocks import parser
    from generator.i18n.catalogues import catalogue_path, languages, read, template_path, write
    from generator.i18n.coverage import measure
    from generator.i18n.extract import extract
    from generator.i18n.update import updated

    site, games = chosen(args)
    named = checked_languages(site, args.lang or [], pseudo=False)
    md = parser(site)
    for game in games:
        template = extract(site, game, md)
        write(template_path(game), template)
        for language in sorted(set(languages(game)) | set(named)):
            path = catalogue_path(game, language)
            existing = read(path, language) if path.is_file() else None
            catalogue = updated(game, template, existing, language)
            changed = write(path, catalogue)
            state = "started" if existing is None else ("updated" if changed else "unchanged")
            print(f"{game.slug} {measure(game, template, catalogue, language).summary()} "
                  f"({path.relative_to(site.root)} {state})")
    return 0
