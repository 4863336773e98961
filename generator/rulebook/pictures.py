"""A Markdown picture in the rulebook: `![A crab](art/crab.png)` alone in its paragraph is
printed as the picture, at its print size, by the PDF backend (each file embedded once).

Its print size is its pixels at the resolution its file states (a PNG's pHYs, a JPEG's
density), else at 300 ppi, what print asks for; never wider than the text (then smaller, so
sharper). A picture inside a sentence, or one from another site, keeps today's paper form: its
alt text. A file the game folder does not hold, or that is not a PNG or JPEG, is an error at its
line in the rulebook's check (`picture_problems`), as it is on the site (markdown/pictures.py).
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Optional

from reportlab.lib.units import mm as MM
from reportlab.platypus import Spacer

from generator.draw.shapes import Drawing, Image
from generator.errors import ContentError
from generator.markdown.pictures import MarkdownPictureError, find_picture, is_local, picture_problems as problems

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
    if not is_local(src):
        return None
    try:
        path, info = find_picture(folder, src)
    except MarkdownPictureError:  # said by the check (picture_problems)
        return None
    ppi = info.dpi if info.dpi >= LEAST_STATED_PPI else PRINT_PPI
    w, h = info.width / ppi * MM_PER_INCH, info.height / ppi * MM_PER_INCH
    alt = "".join(child.content for child in images[0].children) or src
    drawing = Drawing(w, h, (Image(0.0, 0.0, w, h, str(path), role="rulebook-picture", fit="stretch",
                                   pixels=(info.width, info.height)),), title=alt)
    return [Spacer(1, 4), DrawingFlowable(drawing, min(width_pt, w * MM), role="picture"), Spacer(1, 6)]


def picture_problems(book) -> list[ContentError]:
    """An error at its line for each picture of the game's pages (make.GameBook: as they print)
    that is missing, outside the game folder or not a PNG or JPEG: every one, in the check."""
    return [error for chapter in book.chapters.values()
            for error in problems(chapter.tree.to_tokens(), chapter.env, book.game.folder)]


ICON_PT = 7.7  # an inline icon (`:star:`): 0.8 of the body's 9.6 pt, as on cards and the site
ICON_PX_PER_MM = 24.0  # 600 ppi: sharp at any size a rulebook sets it


def icon_markup(name: str, own: Optional[Path] = None) -> str:
    """reportlab's <img> of the icon `name` on the baseline: the game's own SVG file `own`, else
    the built-in. Drawn once per process into a PNG (reportlab's paragraphs read pictures from
    files only) while the file is unchanged."""
    stat = own.stat() if own is not None else None
    return _icon_markup(name, str(own or ""), (stat.st_mtime_ns, stat.st_size) if stat else (0, 0))


@lru_cache(maxsize=None)
def _icon_markup(name: str, own: str, _stamp: tuple[int, int]) -> str:
    from generator.draw.inline_icons import inline_icon
    from generator.draw.screen import screen_pngs

    icon = inline_icon(name, 0.0, 0.0, 10.0, "#1a1a1a", "#ffffff", own={name: Path(own)} if own else {})
    [[png]] = screen_pngs([Drawing(10.0, 10.0, (icon,))], [ICON_PX_PER_MM])
    folder = Path(tempfile.gettempdir()) / f"rulepress-icons-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}-{hashlib.sha256(png).hexdigest()[:12]}.png"  # the PDF holds its pixels, not its name
    if not path.exists():
        path.write_bytes(png)
    return f'<img src="{path}" width="{ICON_PT}" height="{ICON_PT}" valign="-1"/>'
