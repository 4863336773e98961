"""Where a game's catalogues live, and reading and writing them: the one module of the
package that opens files. `content/<game>/i18n/<game>.pot` is the template extracted from
the source; `content/<game>/i18n/<lang>.po` is one language's translation."""
from __future__ import annotations

import io
import os
import re
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, denormalize, read_po, write_po

from generator.content.model import Game
from generator.errors import ContentError
from generator.i18n import FOLDER
from generator.i18n.pseudo import PSEUDO

TAG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")  # a BCP 47 language tag: de, pt-BR, zh-Hant


def folder(game: Game) -> Path:
    return game.folder / FOLDER


def template_path(game: Game) -> Path:
    return folder(game) / f"{game.slug}.pot"


def catalogue_path(game: Game, language: str) -> Path:
    return folder(game) / f"{language}.po"


def languages(game: Game) -> list[str]:
    """The languages `game` has a catalogue for, by their files' names."""
    found = folder(game)
    return sorted(path.stem for path in found.glob("*.po")) if found.is_dir() else []


def locale_problem(language: str) -> str | None:
    """Why `language` names no language Babel knows (its plural rules and locale data), or None."""
    if language == PSEUDO:
        return None  # the source's locale data, accented (pseudo.py)
    if not TAG.match(language):
        return "a language tag such as de, fr or pt-BR"
    try:
        locale = Locale.parse(language, sep="-")
    except (UnknownLocaleError, ValueError):
        return "a language Babel knows (its CLDR data): de, fr, ja, pt-BR, ..."
    if locale.character_order == "right-to-left":
        return RIGHT_TO_LEFT
    return None


# Refused, not half made: Arabic or Hebrew set as Latin is would come out unjoined and backwards.
RIGHT_TO_LEFT = ("a language written left to right: right-to-left scripts (Arabic, Hebrew, Persian, Urdu) are not "
                 "supported yet. They need glyph shaping (HarfBuzz, through uharfbuzz) and the Unicode bidi "
                 "algorithm in the PDF and SVG writers, and mirrored layouts (dir=\"rtl\") on the site")


def babel_locale(language: str | None) -> str | None:
    """The locale whose plural rules a catalogue in `language` follows (none for the pseudo-locale:
    the source's, English by default)."""
    return language.replace("-", "_") if language and language != PSEUDO else None


def read(path: Path, language: str | None = None) -> Catalog:
    """The catalogue at `path`; a PO file that cannot be read is an error at its line."""
    problem = locale_problem(language) if language else None
    if problem == RIGHT_TO_LEFT:
        raise ContentError(path, None, f"the catalogue's language '{path.stem}' is written right to left",
                           expected=problem, found=path.name)
    if problem:
        raise ContentError(path, None, f"the catalogue's name '{path.stem}' names no language",
                           expected=f"a file named for its language, {problem}", found=path.name)
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        catalogue = read_po(io.BytesIO(data), locale=babel_locale(language), abort_invalid=True)
    except PoFileError as error:
        line = getattr(error, "lineno", None)  # Babel counts from 0
        raise ContentError(path, None if line is None else line + 1, "the catalogue is not a valid PO file",
                           expected="gettext PO entries (msgid, msgstr, comments)", found=str(error)) from None
    previous = previous_ids(data.decode("utf-8", "replace"))
    for message in catalogue:
        if message.id in previous:
            message.previous_id = [previous[message.id]]
    return catalogue


def previous_ids(text: str) -> dict[str, str]:
    """msgid -> the source its fuzzy translation was made from (its `#| msgid` lines), which
    Babel's reader skips: kept, so that a second update does not drop them."""
    found, previous, msgid = {}, [], None
    for line in text.splitlines():
        if line.startswith("#| msgid "):
            previous = [line[len("#| msgid "):]]
        elif line.startswith('#| "') and previous:
            previous.append(line[len("#| "):])
        elif line.startswith("msgid "):
            msgid = [line[len("msgid "):]]
        elif line.startswith('"') and msgid is not None:
            msgid.append(line)
        elif msgid is not None:  # its msgstr: the entry is read
            if previous:
                found[denormalize("\n".join(msgid))] = denormalize("\n".join(previous))
            msgid, previous = None, []
    return found


def to_bytes(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, width=76, include_previous=True)
    return out.getvalue()


def write(path: Path, catalogue: Catalog) -> bool:
    """Write `catalogue` at `path` whole (a new file swapped in); False when it holds those bytes already."""
    data = to_bytes(catalogue)
    if path.is_file():
        with open(path, "rb") as handle:
            if handle.read() == data:
                return False
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    with open(partial, "wb") as handle:
        handle.write(data)
    os.replace(partial, path)
    return True


def write_text(path: Path, text: str) -> Path:
    """A translated copy's file (generator/i18n/copies.py), written as UTF-8."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    return path
