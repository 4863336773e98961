"""Rulepress's own words extracted into their template, generator/i18n/locale/rulepress.pot,
and merged into each language's catalogue beside it: what a translator of the interface
starts from (docs/translations.md, "The interface's own words").

    .venv/bin/python -m generator.i18n.interface_pot            write rulepress.pot
    .venv/bin/python -m generator.i18n.interface_pot --update   and merge it into every <lang>.po
    .venv/bin/python -m generator.i18n.interface_pot --lang it  and start it.po

Extracted: `{% trans %}` blocks and `_()` calls of the theme's templates (Jinja2's own
extractor), `_()`, `n_()` and `N_()` calls of the generator's modules (Babel's), and the
admonitions' labels ("Clarification"), which the Markdown layer names below the i18n one."""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file

from generator.i18n.catalogues import read, write
from generator.i18n.extract import STAMP
from generator.i18n.interface import LOCALE, SCRIPTS, TEMPLATE

PACKAGE = Path(__file__).resolve().parent.parent
THEME = PACKAGE / "theme"
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "gettext": None, "ngettext": (1, 2)}
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true",
                 "newstyle_gettext": "true"}


def extracted() -> Catalog:
    """Every marked string of the templates and modules, each with the places it is used."""
    from jinja2.ext import babel_extract

    from generator.markdown.admonitions import KINDS
    from generator.markdown.tables import BOTH, NAMED_COLOURS, NO, NO_AMBIGUITIES, YES
    from generator.urls import RULEBOOK_PAPERS

    catalogue = new_catalogue()
    for path in sorted(THEME.glob("*.html")):
        for line, message, comments, context in extract_from_file(babel_extract, path, keywords=KEYWORDS,
                                                                   options=JINJA_OPTIONS):
            catalogue.add(message, locations=[(f"templates/{path.name}", line)], auto_comments=comments, context=context)
    for place in SCRIPTS:  # site.js and play.js: their t() calls
        script = THEME / "assets" / place.rsplit("/", 1)[1]
        for line, message, comments, context in extract_from_file("javascript", script,
                                                                   keywords={"t": None, "tNodes": None}):
            catalogue.add(message, locations=[(place, line)], auto_comments=comments, context=context)
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        place = path.relative_to(PACKAGE.parent).as_posix()
        for line, message, comments, context in extract_from_file("python", path, keywords=KEYWORDS):
            catalogue.add(message, locations=[(place, line)], auto_comments=comments, context=context)
    for label in KINDS.values():  # markdown/admonitions.py: shown through i18n/labels.py and rulebook/blocks.py
        catalogue.add(label, locations=[("generator/markdown/admonitions.py", 0)])
    for words in (YES, NO, BOTH, NO_AMBIGUITIES, *(named[0] for named in NAMED_COLOURS)):  # markdown/tables.py: a page's gettext reaches it as env["words"] (i18n/labels.py)
        catalogue.add(words, locations=[("generator/markdown/tables.py", 0)])
    for _paper, label in RULEBOOK_PAPERS:  # urls.py, below i18n: the rulebook section's paper (rulebook/stage.py)
        catalogue.add(label, locations=[("generator/urls.py", 0)])
    return catalogue


def new_catalogue(locale: str | None = None) -> Catalog:
    """An empty catalogue of Rulepress's words, its header the same at every extraction."""
    return Catalog(locale=locale, domain="rulepress", project="Rulepress", copyright_holder="", msgid_bugs_address="",
                   creation_date=STAMP, revision_date=STAMP, charset="utf-8", fuzzy=False,
                   header_comment="# Rulepress's own words: the theme's, the rulebooks' and the kits'.\n"
                                  "# Extracted by `python -m generator.i18n.interface_pot`; each entry's location is "
                                  "where it is used.")


def languages() -> list[str]:
    return sorted(path.stem for path in LOCALE.glob("*.po"))


def updated(template: Catalog, language: str) -> Catalog:
    """The language's catalogue merged with `template` (a changed string becomes fuzzy)."""
    path = LOCALE / f"{language}.po"
    catalogue = read(path, language) if path.is_file() else new_catalogue(language.replace("-", "_"))
    catalogue.update(template, update_header_comment=False)
    return catalogue


def main(argv: list[str]) -> int:
    template = extracted()
    write(TEMPLATE, template)
    print(f"{len(template)} strings in {TEMPLATE.relative_to(PACKAGE.parent)}")
    wanted = [argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg == "--lang"]
    if "--update" in argv or wanted:
        for language in sorted(set(languages()) | set(wanted)):
            catalogue = updated(template, language)
            write(LOCALE / f"{language}.po", catalogue)
            missing = sum(1 for message in catalogue if message.id and (not message.string or message.fuzzy))
            print(f"{language}: {len(catalogue) - missing}/{len(catalogue)} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
