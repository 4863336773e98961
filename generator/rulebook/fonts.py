"""The book's type: DejaVu Serif for text (it has ×, –, ’ and arrows, and its
licence allows embedding), DejaVu Sans for headings, DejaVu Sans Mono for code.
Debian's fonts-dejavu-core and fonts-dejavu-extra ship them (scripts/setup).

A book in Japanese, Chinese or Korean is set in a CJK face instead (DejaVu has no kana nor
ideographs): draw/cjk.py's table, which the kit sets its words by too."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from generator.draw.cjk import CJK_FACES, FontMissing, cjk_font, cjk_language
from generator.draw.pdf import FONT_DIRS, TaggedTTFont, register_fonts  # tags unique to each subset

SERIF, SANS, MONO = "RulebookSerif", "RulebookSans", "RulebookMono"
FILES = {
    SERIF: ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf"),
    SANS: ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"),
    MONO: ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf",
           "DejaVuSansMono-BoldOblique.ttf"),
}


@dataclass(frozen=True)
class Faces:
    """The reportlab names a book's text is set in: its serif text, sans headings and code."""
    serif: str
    sans: str
    mono: str


LATIN = Faces(SERIF, SANS, MONO)


def book_faces(language: str) -> Faces:
    """The faces of a book in `language`: DejaVu, or a CJK face for Japanese, Chinese and Korean
    (registered here, once a process, so a site with no such book needs no CJK font)."""
    cjk = cjk_language(language)
    if cjk is None:
        return LATIN
    register_cjk_faces(cjk)
    # the code face's name starts as MONO's: a book's quotes are not curled in code (document.curl_quotes)
    return Faces(SERIF + "-" + cjk, SANS + "-" + cjk, MONO + "-" + cjk)


@lru_cache(maxsize=None)
def register_cjk_faces(cjk: str) -> None:
    """The CJK families of `cjk` as SERIF-ja, SANS-ja and MONO-ja. The fonts have no bold nor
    italic: bold is the heading (gothic) face, as Japanese books set emphasis, italic upright."""
    text, heading = (cjk_font(*face) for face in CJK_FACES[cjk])
    for family, font in ((SERIF, text), (SANS, heading), (MONO, heading)):
        name = f"{family}-{cjk}"
        pdfmetrics.registerFont(font(name))
        pdfmetrics.registerFont(heading(name + "-Bold"))
        for bold, italic in ((0, 0), (0, 1), (1, 0), (1, 1)):
            addMapping(name, bold, italic, name + "-Bold" if bold else name)


def font_path(name: str) -> Path:
    for folder in FONT_DIRS:
        if (folder / name).is_file():
            return folder / name
    raise FontMissing(f"the font {name} is not installed (Debian: apt-get install fonts-dejavu-core fonts-dejavu-extra)")


@lru_cache(maxsize=None)
def register_book_fonts() -> None:
    """Register the three families (regular, bold, italic, bold italic) once per process."""
    register_fonts()  # the diagrams' own faces
    for family, files in FILES.items():
        names = [family, family + "-Bold", family + "-Italic", family + "-BoldItalic"]
        for name, file in zip(names, files):
            pdfmetrics.registerFont(TaggedTTFont(name, str(font_path(file))))
        for bold, italic, name in ((0, 0, names[0]), (1, 0, names[1]), (0, 1, names[2]), (1, 1, names[3])):
            addMapping(family, bold, italic, name)


def heading_faces(game) -> tuple[str, str]:
    """(regular, bold) reportlab names of the faces the game's headings and title are set in: its
    own font (game.toml `[rulebook] heading_font`, registered here, in the process typesetting),
    else DejaVu Sans."""
    from generator.draw.pdf import face_name

    font = game.fonts.get(game.heading_font) if game.heading_font else None
    if font is None:
        return SANS, SANS + "-Bold"
    regular, bold = face_name(False, font.ref), face_name(True, font.ref)
    # <b> and <i> inside a heading: its bold face, no italic (the reverse map keeps (regular, 0, 0))
    for is_bold, italic, name in ((1, 1, bold), (0, 1, regular), (1, 0, bold), (0, 0, regular)):
        addMapping(regular, is_bold, italic, name)
    return regular, bold


def heading_glyph_errors(game, pages) -> list:
    """A character of a heading of `pages` (or of the game's title, on the cover) that the
    game's heading font lacks, as an error at its line: it would print as a blank box. (A book in
    a CJK language sets its headings in its CJK face, not the game's: make_styles.)"""
    from generator.content.files import read_source
    from generator.content.positions import positions_of
    from generator.draw.fonts import glyph_message, missing_glyph
    from generator.errors import ContentError

    font = game.fonts.get(game.heading_font) if game.heading_font else None
    if font is None or cjk_language(game.language):
        return []
    errors = []
    char = missing_glyph(game.title, font.ref, bold=True)
    if char:
        game_toml = game.folder / "game.toml"
        line = positions_of(game_toml, read_source(game_toml)[0]).line_of(("title",))
        message, expected = glyph_message(font, char, "the game's title (the rulebook's cover)")
        errors.append(ContentError(game_toml, line, message, expected=expected, found=game.title))
    for page in pages:
        for line, text in headings(page):
            char = missing_glyph(text, font.ref, bold=True)
            if char:
                message, expected = glyph_message(font, char, "a heading")
                errors.append(ContentError(page.path, line, message, expected=expected, found=text))
    return errors


def headings(page) -> list[tuple[int, str]]:
    """(line in the file, text) of each heading of a page's Markdown."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(page.body)
    found = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.map:
            words = "".join(child.content for child in tokens[index + 1].children or () if child.type == "text")
            found.append((page.body_line + token.map[0], words))
    return found


def running_face(text: str) -> str:
    """The face of a page's running header, whose text (the game's title) may be in a CJK script:
    the CJK sans face the book registered, else DejaVu Sans."""
    if all(ord(char) < 0x2E80 for char in text):
        return SANS
    registered = pdfmetrics.getRegisteredFontNames()
    return next((f"{SANS}-{cjk}" for cjk in CJK_FACES if f"{SANS}-{cjk}" in registered), SANS)
