"""A copy of a site with every game in a language made from the source, for `rulepress i18n
pseudo`: its content/ (and templates/) copied to another folder, each game given the catalogue
`i18n/<lang>.po`, so that `rulepress build` or `check` on the copy makes every game's pages,
kit, rulebook and player aid in that language too (/<lang>/<game>/, as any translation), with
their preflight findings at the source's lines.

Through a catalogue, not rewritten files: a translated game keeps its data rows' source values
for what an engine, a kit's `where` or a drawing keys on (a weapon's name in SHOOT!'s notation),
and shows the translated ones, so the copy plays as the source does with every card's text
translated. The copy's own catalogues (de, fr, ...) are left out: it is for one language."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from babel.messages.catalog import Catalog

from generator.content.files import read_text
from generator.content.model import Site
from generator.i18n import FOLDER
from generator.i18n.catalogues import write, write_text

MARK = ".rulepress-translated-copy"  # a folder holding it may be replaced by the next copy
FOLDERS = ("content", "templates")


def without_balance_notes(settings: str) -> str:
    """site.toml with its balance notes off: their self-play takes minutes, and neither their
    figures nor their words change with the language of the pages."""
    return re.sub(r"(?m)^(\s*balance_notes\s*=\s*)true\b", r"\1false", settings)


def translated_copy(site: Site, out: Path, catalogues: dict[str, Catalog], language: str) -> list[Path]:
    """Copy the site's folders to `out` (balance notes off) and give each game of `catalogues`
    (slug -> catalogue) its catalogue in `language`; the catalogues written, in order."""
    if (out / MARK).is_file():
        shutil.rmtree(out)  # the last copy (the command refuses any other folder that is not empty)
    out.mkdir(parents=True, exist_ok=True)
    for name in FOLDERS:
        if (site.root / name).is_dir():
            shutil.copytree(site.root / name, out / name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", FOLDER))
    write_text(out / MARK, "A translated copy made by `rulepress i18n pseudo`: rewritten whole each time.\n")
    settings = out / "content" / "site.toml"
    if settings.is_file():
        write_text(settings, without_balance_notes(read_text(settings, out)))
    written = []
    for game in site.current_games:
        if game.slug in catalogues:
            path = out / game.folder.relative_to(site.root) / FOLDER / f"{language}.po"
            write(path, catalogues[game.slug])
            written.append(path)
    return written
