"""Write each game's template, content/<game>/i18n/<game>.pot: every translatable block of
its pages, game.toml and translated data columns, located at its source file:line."""
from __future__ import annotations

NAME = "extract"
HELP = "write each game's template of translatable blocks (i18n/<game>.pot)"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    from generator.commands.i18n_common import chosen
    from generator.i18n.blocks import parser
    from generator.i18n.catalogues import template_path, write
    from generator.i18n.extract import extract

    site, games = chosen(args)
    md = parser(site)
    for game in games:
        template = extract(site, game, md)
        path = template_path(game)
        changed = write(path, template)
        count = len(template)
        print(f"{game.slug}: {count} block{'s' if count != 1 else ''} in {path.relative_to(site.root)}"
              + ("" if changed else " (unchanged)"))
    return 0
