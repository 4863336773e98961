"""A translated copy of a site, for `rulepress i18n pseudo`: its content/ (and templates/)
copied to another folder with every page and game.toml's texts in the language, line for
line, so that `rulepress build` or `check` on the copy makes the whole site, its kits and
rulebooks in that language today, with their preflight findings at the source's lines.

The data files stay as they are: an engine may key its rules on a column a kit translates
(a weapon's name in SHOOT!'s notation), and the copy must play as the source does."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from babel.messages.catalog import Catalog

from generator.content.files import read_text
from generator.content.model import Game, Site
from generator.content.schema import Source
from generator.i18n.blocks import parser
from generator.i18n.catalogues import write_text
from generator.i18n.sources import GAME_TEXTS
from generator.i18n.translate import looked_up, translate_page

MARK = ".rulepress-translated-copy"  # a folder holding it may be replaced by the next copy
FOLDERS = ("content", "templates")


def game_toml(site: Site, game: Game, catalogue: Catalog) -> str:
    """game.toml with its texts in the catalogue's language (a value written over many lines stays)."""
    path = game.folder / "game.toml"
    text = read_text(path, site.root)
    source = Source(path, text, [])
    lines = text.split("\n")
    places = [((key,), getattr(game, key)) for key in GAME_TEXTS]
    places += [(("releases", index, "summary"), release.summary) for index, release in enumerate(game.releases)]
    places += [(("data", name, "caption"), table.caption) for name, table in game.data.items()]
    for at, value in places:
        line = source.line_of(at) if value.strip() else None
        translation, _ = looked_up(catalogue, value.strip()) if line else (None, "")
        key, equals, written = lines[line - 1].partition("=") if line else ("", "", "")
        if translation is None or not equals or not one_line_string(written):
            continue
        lines[line - 1] = f"{key}= {json.dumps(translation, ensure_ascii=False)}"  # a JSON string is a TOML one
    return "\n".join(lines)


def one_line_string(written: str) -> bool:
    value = written.strip()
    return (value.startswith('"') and not value.startswith('"""')) or (value.startswith("'") and not value.startswith("'''"))


def without_balance_notes(settings: str) -> str:
    """site.toml with its balance notes off: their self-play takes minutes, and neither their
    figures nor their words change with the language of the pages."""
    return re.sub(r"(?m)^(\s*balance_notes\s*=\s*)true\b", r"\1false", settings)


def translated_copy(site: Site, out: Path, catalogues: dict[str, Catalog]) -> list[Path]:
    """Copy the site's folders to `out` and write each game of `catalogues` (slug -> catalogue) in
    its language (balance notes off); the files translated, in order."""
    if (out / MARK).is_file():
        shutil.rmtree(out)  # the last copy (the command refuses any other folder that is not empty)
    out.mkdir(parents=True, exist_ok=True)
    for name in FOLDERS:
        if (site.root / name).is_dir():
            shutil.copytree(site.root / name, out / name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", "i18n"))
    write_text(out / MARK, "A translated copy made by `rulepress i18n pseudo`: rewritten whole each time.\n")
    settings = out / "content" / "site.toml"
    if settings.is_file():
        write_text(settings, without_balance_notes(read_text(settings, out)))
    written = []
    md = parser(site)
    for game in site.current_games:
        catalogue = catalogues.get(game.slug)
        if catalogue is None:
            continue
        there = out / game.folder.relative_to(site.root)
        written.append(write_text(there / "game.toml", game_toml(site, game, catalogue)))
        for page in game.pages:
            written.append(write_text(there / page.path.name, translate_page(md, site, game, page, catalogue).markdown))
    return written
