"""Card art from SVG files (`art = "art/{id}.svg"`): each row's drawing read into the kit's own
drawing model (draw/svgimport.py, as board artwork is), so it prints as vectors, and placed in
the art box as a picture is: `art_fit` (cover, contain, stretch), `art_focus` and `art_rotate`.
"""
from __future__ import annotations

from pathlib import Path

from generator.draw.shapes import Drawing, Group
from generator.draw.svgimport import import_svg


def svg_art(path: Path, box_w: float, box_h: float, fit: str, focus: tuple[float, float],
            rotate: int) -> Drawing:
    """The SVG in a box_w x box_h art box (ArtworkError when it cannot be read). A quarter turn
    turns the drawing: it is fitted to the box turned, then turned into place about the centre."""
    bw, bh = (box_h, box_w) if rotate in (90, 270) else (box_w, box_h)
    if fit == "stretch":
        drawing = import_svg(path, bw, bh)
    else:
        natural = import_svg(path, bw)  # its own proportions, to know them
        grow = max if fit == "cover" else min
        drawing = import_svg(path, bw * grow(1.0, bh / natural.height)) if natural.height else natural
    w, h = drawing.width, drawing.height
    dx = -bw / 2 + (bw - w) * focus[0]  # from the box's centre, in the turned frame
    dy = -bh / 2 + (bh - h) * focus[1]
    placed = Group((Group(drawing.shapes, dx=round(dx, 6), dy=round(dy, 6)),),
                   dx=round(box_w / 2, 6), dy=round(box_h / 2, 6), rotate=float(rotate))
    clip = (0.0, 0.0, box_w, box_h) if fit == "cover" else None
    return Drawing(box_w, box_h, (Group((placed,), clip=clip),), title=drawing.title)
