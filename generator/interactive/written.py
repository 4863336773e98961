"""A page diagram's SVG, kept by the drawing it writes: writing a drawing (svgwrite's tree and its
serialisation) costs ten times drawing it, and the same drawing is met again and again: a
walkthrough on its page in every language, a step shown twice, and, in `serve`, every diagram
of a page saved again with one sentence changed. The engine still draws every diagram (its
drawing is the key); only the writing is skipped.

The key is the drawing itself (frozen shapes compared whole, not by a hash alone) with the
writing's own arguments; the SVG names an Image by its path and size, never its pixels, so a
kept SVG is the one the drawing would write. Build-time only: the browser's live boards
(generator/browser) write each drawing once."""
from __future__ import annotations

from generator.browser.diagram import BASE_PX, board_drawing, drawing_svg


class Written:
    LIMIT = 5_000  # SVGs (a few KB each); then forgotten all at once: the catalogue's pages hold ~1,300

    def __init__(self):
        self.kept: dict[tuple, str] = {}

    def svg(self, drawing, *, id_prefix: str, label: str, least_px: int = BASE_PX) -> str:
        try:
            key = (drawing, id_prefix, label, least_px)
            svg = self.kept.get(key)
        except TypeError:  # a shape holding a list: unhashable, written as it is
            return drawing_svg(drawing, id_prefix=id_prefix, label=label, least_px=least_px)
        if svg is None:
            svg = drawing_svg(drawing, id_prefix=id_prefix, label=label, least_px=least_px)
            if len(self.kept) >= self.LIMIT:
                self.kept.clear()
            self.kept[key] = svg
        return svg


WRITTEN = Written()  # one a process: `serve` keeps it from one build to the next; forked children inherit it


def diagram_svg(engine, state, highlight=(), *, id_prefix: str, label: str, layout: str = "",
                least_px: int = BASE_PX) -> str:
    """browser.diagram.diagram_svg, written once per drawing."""
    return WRITTEN.svg(board_drawing(engine, state, highlight, layout), id_prefix=id_prefix, label=label,
                       least_px=least_px)
