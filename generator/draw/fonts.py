"""A designer's fonts: TrueType files (.ttf, or .otf with TrueType outlines) in the game folder,
declared once in game.toml's [fonts] with their licence and used by name: a deck's cards
(components.toml `[[deck]] font`), the rulebook's headings (`[rulebook] heading_font`) and the
site's pages of the game (its headings, as web fonts: site/assets.py).

Each font is read here when the game loads, so a missing, unreadable or unlicensed file is an
error at its line of game.toml; `missing_glyph` finds a character a text needs that the font
cannot draw, which the kit and the rulebook report at the text's own line: never a blank box.
The PDF backend embeds the files as subsets (draw/pdf.designer_face); `measured_in` makes the
layout code measure text in the font while a deck is laid out, and `set_in` names the font on
every text of a drawing, for both backends."""
from __future__ import annotations

import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Optional

from generator.draw.inline_icons import pieces
from generator.draw.shapes import Drawing, FontRef, Group, Text

SUFFIXES = (".ttf", ".otf")
MAX_FONT_BYTES = 32 * 1024 * 1024  # the largest CJK fonts are ~20 MB; past this a file is a slip
NAME = re.compile(r"^[a-z][a-z0-9-]{0,31}$")  # a font's name is part of its CSS family name
FILE = "a .ttf or .otf file (TrueType outlines) in the game folder, e.g. \"fonts/Display.ttf\""


@dataclass(frozen=True)
class GameFont:
    """A font game.toml declares: its name there, its files as written, its licence, and the
    reference drawings carry (`ref`)."""

    name: str
    file: str
    bold_file: str
    licence: str
    ref: FontRef


def game_fonts(declared: dict, source, folder: Path) -> dict[str, GameFont]:
    """game.toml's [fonts] (validated by its schema) as GameFonts, each file read; a problem
    is reported through `source` (content.schema.Source) at its key's line, and the font left out."""
    fonts = {}
    for name, table in sorted(declared.items()):
        if not NAME.match(name):
            source.report(("fonts", name), f"bad font name '{name}'", expected="a name of lowercase letters, digits "
                          "and hyphens, starting with a letter, at most 32", found=name)
            continue
        if not (table.get("licence") or "").strip():
            if table.get("licence") is not None:  # missing: the schema has said so
                source.report(("fonts", name, "licence"), f"the font '{name}' names no licence",
                              expected="the font's licence, e.g. \"SIL Open Font License 1.1\"", found="empty text")
            continue
        files = [readable_font(source, ("fonts", name, key), table.get(key) or "", folder)
                 for key in ("file", "bold")]
        if files[0] is None or (table.get("bold") and files[1] is None):
            continue
        ref = FontRef(f"{folder.name}-{name}", files[0], files[1] or "")
        fonts[name] = GameFont(name, table["file"], table.get("bold") or "", table["licence"].strip(), ref)
    return fonts


def readable_font(source, at: tuple, file: str, folder: Path) -> Optional[str]:
    """The font file's real path, or None when it is not one (reported at `at`; "" is no file).
    It lies in the game's folder: the stages' keys hash that folder's files (a font elsewhere
    could change and the kit and rulebook not be made again), and an earlier release's sources
    hold it."""
    if not file:
        return None
    resolved = os.path.realpath(folder / file)
    if not resolved.startswith(os.path.realpath(folder) + os.sep):
        source.report(at, "the font file lies outside the game's folder", expected=FILE, found=file)
    elif Path(file).suffix.lower() not in SUFFIXES:
        source.report(at, "not a font file", expected=FILE, found=file)
    elif not os.path.isfile(resolved):
        source.report(at, f"no font file {file} in {folder.name}/", expected=FILE, found="no such file")
    elif os.path.getsize(resolved) > MAX_FONT_BYTES:
        source.report(at, "the font file is too large", expected=f"at most {MAX_FONT_BYTES // 2 ** 20} MB",
                      found=f"{os.path.getsize(resolved) / 2 ** 20:.1f} MB")
    else:
        problem = font_problem(resolved)
        if not problem:
            return resolved
        source.report(at, "the font file cannot be read", expected=FILE, found=problem)
    return None


def font_problem(path: str) -> str:
    """Why reportlab cannot embed the file ("" when it can)."""
    try:
        characters(path, stamp(path))
    except Exception as error:  # reportlab's TTFError, or a struct error of a broken file
        return f"{type(error).__name__}: {error}"
    return ""


def stamp(path: str) -> tuple[int, int]:
    stat = os.stat(path)
    return stat.st_size, stat.st_mtime_ns


@lru_cache(maxsize=64)
def characters(path: str, file_stamp: tuple) -> frozenset[int]:
    """The code points the font file maps to glyphs (its cmap), read once per version of the file."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    return frozenset(TTFontFile(path).charToGlyph)


def missing_glyph(text: str, font: FontRef, bold: bool = False) -> str:
    """The first character of `text` the font has no glyph for ("" when it draws them all).
    Inline icons (`:coin:`) are drawn, not set, and white space is not drawn."""
    path = font.bold if bold and font.bold else font.regular
    cmap = characters(path, stamp(path))
    for kind, value in pieces(text):
        if kind == "text":
            for char in value:
                if ord(char) not in cmap and not char.isspace() and char != "\u00ad":
                    return char
    return ""


def glyph_message(font: GameFont | FontRef, char: str, where: str) -> tuple[str, str]:
    """(message, expected) of a character the font lacks, in the text of `where`."""
    name = font.name if isinstance(font, GameFont) else font.family
    return (f"the font '{name}' has no glyph for “{char}” (U+{ord(char):04X}) in {where}",
            f"only characters the font draws, or another font (a blank box would be printed)")


@contextmanager
def measured_in(font: Optional[FontRef]) -> Iterator[None]:
    """While inside: draw/pdf's text_width and has_glyph answer for `font` (None: the built-in)."""
    from generator.draw.pdf import MEASURED

    token = MEASURED.set(font)
    try:
        yield
    finally:
        MEASURED.reset(token)


def set_in(drawing: Drawing, font: FontRef) -> Drawing:
    """The drawing with every text that names no font set in `font`."""
    return replace(drawing, shapes=in_font(drawing.shapes, font))


def in_font(shapes: tuple, font: FontRef) -> tuple:
    """The shapes with their texts that name no font in `font`: the same tuple when none changes
    (a group drawn several times, a card's back, stays one shared tuple: draw/pdf.reused_shapes)."""
    out = []
    for shape in shapes:
        if isinstance(shape, Text) and shape.font is None:
            shape = replace(shape, font=font)
        elif isinstance(shape, Group):
            inner = in_font(shape.shapes, font)
            shape = shape if inner is shape.shapes else replace(shape, shapes=inner)
        out.append(shape)
    return shapes if all(new is old for new, old in zip(out, shapes)) else tuple(out)


def web_font(font: Optional[FontRef]) -> bool:
    """Whether text in `font` needs the site's web font (a designer's): an SVG shown through
    <img> loads none, so such a drawing is shown as PNGs too. A face of the reader's system (a
    CJK kit's, which has a CSS fallback) is named by the SVG alone."""
    return font is not None and not font.fallback


def texts_of(shapes: tuple) -> Iterator[Text]:
    """Every text of the shapes, in groups too."""
    for shape in shapes:
        if isinstance(shape, Text):
            yield shape
        elif isinstance(shape, Group):
            yield from texts_of(shape.shapes)
