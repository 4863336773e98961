"""A Markdown picture in the rulebook: `![A crab](art/crab.png)` alone in its paragraph is
printed as the picture, at its print size, by the PDF backend (each file embedded once).

Its print size is its pixels at the resolution its file states (a PNG's pHYs, a JPEG's
density), else at 300 ppi, what print asks for; never wider than the text (then smaller, so
sharper). A picture inside a sentence, one from another site, or a file the game folder does
not hold (or cannot be read as a PNG or JPEG) keeps today's paper form: its alt text.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional
from urllib.parse import urlsplit

from reportlab.lib.units import mm as MM
from reportlab.platypus import Spacer

from generator.draw.pictures import PictureError, inside, inspect
from generator.draw.shapes import Drawing, Image

PRINT_PPI = 300.0  # a picture that states no resolution prints at this
LEAST_STATED_PPI = 72.0  # a stated resolution below this is a default, not the author's intent
MM_PER_INCH = 25.4


def picture_blocks(folder: Optional[Path], node, width_pt: float) -> Optional[list]:
    """The flowables of a paragraph that is one local picture, or None for any other paragraph."""
    from generator.rulebook.figures import DrawingFlowable

    inline = node.children[0] if node.children else None
    images = [child for child in (inline.children if inline else ()) if child.type == "image"]
    if folder is None or len(images) != 1 or len(inline.children) != 1:
        return None
    src = str(images[0].attrs.get("src", ""))
    if urlsplit(src).scheme or src.startswith("/"):
        return None
    try:
        path = inside(folder, src)
        info = inspect(path) if path.is_file() else None
    except PictureError:
        return None
    if info is None:
        return None
    ppi = info.dpi if info.dpi >= LEAST_STATED_PPI else PRINT_PPI
    w, h = info.width / ppi * MM_PER_INCH, info.height / ppi * MM_PER_INCH
    alt = "".join(child.content for child in images[0].children) or src
    drawing = Drawing(w, h, (Image(0.0, 0.0, w, h, str(path), role="rulebook-picture", fit="stretch",
                                   pixels=(info.width, info.height)),), title=alt)
    return [Spacer(1, 4), DrawingFlowable(drawing, min(width_pt, w * MM), role="picture"), Spacer(1, 6)]
