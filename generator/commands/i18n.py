"""Keep a game's translations in step with its source: `extract` writes the template of its
translatable blocks, `update` merges it into each language's catalogue (a block whose source
changed becomes fuzzy: stale until a translator confirms it), `stats` prints how much each
language covers. Catalogues live in content/<game>/i18n/ (docs/translations.md)."""
from __future__ import annotations

from generator.commands import i18n_extract, i18n_pseudo, i18n_stats, i18n_update, site_argument

NAME = "i18n"
HELP = "extract, update and measure translations (gettext catalogues per game and language)"
ACTIONS = (i18n_extract, i18n_update, i18n_stats, i18n_pseudo)


def add_arguments(parser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for module in ACTIONS:
        action = actions.add_parser(module.NAME, help=module.HELP, description=module.__doc__)
        site_argument(action)
        action.add_argument("game", nargs="?", default=None, help="one game's folder name (default: every game)")
        module.add_arguments(action)
        action.set_defaults(action_run=module.run)


def run(args) -> int:
    return args.action_run(args)
