"""Paragraph styles of the rulebook: one text face, headings that keep with what follows."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle

from generator.rulebook.fonts import LATIN, SANS, SERIF, book_faces, cjk_language

INK = HexColor("#1f1f1f")
MUTED = HexColor("#5a5a5a")
# Words broken at line ends (reportlab with pyphen's dictionary, by the book's language): ragged
# lines at a book's measure were uneven by a long word's width. English in British spelling, as
# the rules are written.
HYPHENATION = "en_GB"
RULE = HexColor("#b9b9b9")
NOTE_FILL = HexColor("#f3f5f8")
# every table's own font (reportlab's default is Helvetica, which would not be embedded)
IN_BOOK_FACE = ("FONTNAME", (0, 0), (-1, -1), SERIF)


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    small: ParagraphStyle
    table_caption: ParagraphStyle
    caption: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    code: ParagraphStyle
    term: ParagraphStyle
    note_title: ParagraphStyle
    headings: dict  # level -> style
    title: ParagraphStyle
    subtitle: ParagraphStyle
    toc: list


SMALLEST_PT = 7.0  # no text of a book, an aid's smallest type included, is set under this (issue 45)


def legible(points: float) -> float:
    """A small style's size, never under SMALLEST_PT: a player aid set at 85% had 6.6 pt captions."""
    return max(points, SMALLEST_PT)


def hyphenation(language: str) -> str:
    """pyphen's dictionary for a book in `language` ("de" -> "de", "pt-BR" -> "pt_BR"), or "" where
    words are not hyphenated: a language pyphen has no dictionary for, and the CJK languages,
    whose lines break between any two characters."""
    if not language or language == "en":
        return HYPHENATION
    if cjk_language(language):
        return ""
    try:
        import pyphen
    except ImportError:  # reportlab then sets every book without hyphenation
        return ""
    return pyphen.language_fallback(language.replace("-", "_")) or ""


def book_language(site, game) -> str:
    """The language a game's books are set in: a translation's, else the site's."""
    return game.language or site.language


def make_styles(accent: str, scale: float = 1.0, heading: tuple[str, str] = (SANS, SANS + "-Bold"),
                language: str = "") -> Styles:
    """The styles at `scale` of the book's sizes (a player aid sets its text smaller); `heading`:
    the regular and bold faces of the headings and the title (rulebook/fonts.heading_faces);
    `language`: the book's (book_language), which gives its hyphenation, line breaking and faces."""
    colour = HexColor(accent)
    faces = book_faces(language)
    if faces != LATIN:  # a designer's heading font has no CJK glyphs
        heading = (faces.sans, faces.sans + "-Bold")
    heading_face = heading[1]
    body = ParagraphStyle("body", fontName=faces.serif, fontSize=9.6 * scale, leading=13.2 * scale, textColor=INK,
                          spaceAfter=5 * scale, allowWidows=0, allowOrphans=0, **line_breaking(language))
    heading = dict(fontName=heading_face, textColor=INK, keepWithNext=1, allowWidows=0)
    headings = {
        1: ParagraphStyle("h1", fontSize=20 * scale, leading=24 * scale, spaceBefore=4 * scale, spaceAfter=10 * scale, textColor=colour,
                          fontName=heading_face, keepWithNext=1),
        2: ParagraphStyle("h2", fontSize=14 * scale, leading=17 * scale, spaceBefore=12 * scale, spaceAfter=5 * scale, **heading),
        3: ParagraphStyle("h3", fontSize=11.5 * scale, leading=14 * scale, spaceBefore=9 * scale, spaceAfter=4 * scale, **heading),
        4: ParagraphStyle("h4", fontSize=10 * scale, leading=13 * scale, spaceBefore=7 * scale, spaceAfter=3 * scale, **heading),
    }
    headings[5] = headings[6] = headings[4]
    return Styles(
        body=body,
        small=ParagraphStyle("small", parent=body, fontSize=legible(8.2 * scale), leading=10.6 * scale, spaceAfter=3 * scale),
        table_caption=ParagraphStyle("table-caption", parent=body, fontSize=legible(8.2 * scale), leading=10.6 * scale, spaceAfter=2 * scale,
                                     keepWithNext=1),
        caption=ParagraphStyle("caption", parent=body, fontSize=legible(7.8 * scale), leading=9.8 * scale, spaceAfter=0 * scale, textColor=INK),
        cell=ParagraphStyle("cell", parent=body, fontSize=legible(8.4 * scale), leading=10.4 * scale, spaceAfter=0 * scale),
        head_cell=ParagraphStyle("head-cell", parent=body, fontName=faces.sans + "-Bold", fontSize=legible(8.2 * scale), leading=10.2 * scale,
                                 spaceAfter=0 * scale),
        code=ParagraphStyle("code", parent=body, fontName=faces.mono, fontSize=legible(8 * scale), leading=10.4 * scale),
        term=ParagraphStyle("term", parent=body, fontName=faces.serif + "-Bold", spaceAfter=1 * scale, keepWithNext=1),
        note_title=ParagraphStyle("note-title", parent=body, fontName=faces.sans + "-Bold", fontSize=9 * scale, spaceAfter=3 * scale,
                                  textColor=colour, keepWithNext=1),
        headings=headings,
        title=ParagraphStyle("title", fontName=heading_face, fontSize=34 * scale, leading=40 * scale, alignment=TA_CENTER,
                             textColor=colour, spaceAfter=14 * scale),
        subtitle=ParagraphStyle("subtitle", parent=body, fontSize=12 * scale, leading=16 * scale, alignment=TA_CENTER,
                                textColor=MUTED, spaceAfter=6 * scale),
        toc=[ParagraphStyle("toc0", parent=body, fontName=faces.sans + "-Bold", fontSize=9.6 * scale, leading=15 * scale, leftIndent=0,
                            firstLineIndent=0, spaceBefore=5 * scale),
             ParagraphStyle("toc1", parent=body, fontSize=9.6 * scale, leading=12.5 * scale, leftIndent=14, firstLineIndent=0),
             ParagraphStyle("toc2", parent=body, fontSize=8.8 * scale, leading=11.5 * scale, leftIndent=28, firstLineIndent=0,
                            textColor=MUTED)],
    )


def line_breaking(language: str) -> dict:
    """How a paragraph's lines break in `language`: between words, hyphenated by its dictionary;
    in Chinese, Japanese and Korean between any two characters (reportlab's CJK wrapping, which
    keeps a closing mark such as 。 or 」 off the start of a line), never with a hyphen."""
    if cjk_language(language):
        return dict(wordWrap="CJK", hyphenationLang="")
    return dict(hyphenationLang=hyphenation(language), embeddedHyphenation=1)


OPENERS = " \t\n([{\u2014\u2013/-"  # a quote after these (or at the start) opens


def curled(text: str, before: str = " ") -> str:
    """`text` with typographic quotes and apostrophes for straight ones: the site's Markdown
    curls its own, but titles, captions and data (clarification titles, walkthrough captions,
    the cover's credits) arrive straight. `before`: the character before `text` (a quote
    opens after a space or an opening bracket, and closes, or is an apostrophe, elsewhere)."""
    if "'" not in text and '"' not in text:
        return text
    out = []
    for char in text:
        if char == "'":
            char = "\u2018" if before in OPENERS else "\u2019"
        elif char == '"':
            char = "\u201c" if before in OPENERS else "\u201d"
        out.append(char)
        before = char
    return "".join(out)
