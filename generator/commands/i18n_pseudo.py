"""Write a copy of the site with every game in the pseudo-locale qps too (accented, 40% longer,
in brackets: its pages, game.toml's texts and translated data columns), to build or check as
any site: `rulepress check OUT` shows where a longer language would break a page, a card, a kit
or a rulebook before any translator starts (generator/i18n/copies.py)."""
from __future__ import annotations

from pathlib import Path

NAME = "pseudo"
HELP = "write a pseudo-translated copy of the site (qps) to build or check for layout"


def add_arguments(parser) -> None:
    parser.add_argument("-o", "--output", type=Path, required=True,
                        help="the folder to write the copy to (empty, or an earlier copy)")


def run(args) -> int:
    from generator.commands.i18n_common import chosen
    from generator.i18n.blocks import parser
    from generator.i18n.copies import MARK, translated_copy
    from generator.i18n.extract import extract
    from generator.i18n.pseudo import PSEUDO, pseudo_catalogue

    site, games = chosen(args)
    out = args.output.resolve()
    refuse_output(site.root.resolve(), out, MARK)
    md = parser(site)
    catalogues = {game.slug: pseudo_catalogue(extract(site, game, md)) for game in games}
    written = translated_copy(site, out, catalogues, PSEUDO)
    print(f"Wrote a pseudo-translated copy of {len(games)} game{'s' if len(games) != 1 else ''} to {out} "
          f"(a {PSEUDO} catalogue each, balance notes off): build or check it, e.g. `rulepress check {out}`; "
          f"its pages are at /{PSEUDO}/<game>/")
    return 0


def refuse_output(root: Path, out: Path, mark: str) -> None:
    """The copy goes to a folder of its own: never the site, a folder inside its content, or one
    holding anything but an earlier copy (it is replaced whole)."""
    from generator.errors import ContentError

    inside = out == root or root in out.parents and out.relative_to(root).parts[0] in ("content", "templates")
    taken = out.is_dir() and any(out.iterdir()) and not (out / mark).is_file()
    if inside or out in root.parents or taken:
        raise ContentError(out, None, "not a folder to write a translated copy to",
                           expected="an empty or new folder, or an earlier copy, outside the site's content",
                           found="the site itself or a folder in it" if inside or out in root.parents
                           else "a folder holding other files")
