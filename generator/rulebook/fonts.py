"""The book's type: DejaVu Serif for text (it has ×, –, ’ and arrows, and its
licence allows embedding), DejaVu Sans for headings, DejaVu Sans Mono for code.
Debian's fonts-dejavu-core and fonts-dejavu-extra ship them (scripts/setup)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from generator.draw.pdf import FONT_DIRS, TaggedTTFont, register_fonts  # tags unique to each subset

SERIF, SANS, MONO = "RulebookSerif", "RulebookSans", "RulebookMono"
FILES = {
    SERIF: ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf"),
    SANS: ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"),
    MONO: ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf",
           "DejaVuSansMono-BoldOblique.ttf"),
}


class FontMissing(RuntimeError):
    pass


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
