"""A game state as inline SVG for the page: the engine's drawing, the SVG backend,
an accessible name and ids that stay unique when many diagrams share a page.

Used at build time (walkthrough strips) and in the browser (live boards), so
it imports only the standard library and generator.draw (svgwrite).
"""
from __future__ import annotations

import math
import re
from typing import Sequence

from generator.draw.shapes import READABLE_PX
from generator.draw.svg import FONT_FAMILY, to_svg

CSS_CLASS = "rp-diagram"
BASE_PX = 512  # a diagram's width when its text allows it (play.css caps it at the column's width)
FONT_SIZE = re.compile(r'font-size="([0-9.]+)')
VIEW_BOX = re.compile(r'viewBox="([-0-9.]+)[ ,]+([-0-9.]+)[ ,]+([0-9.]+)[ ,]+([0-9.]+)"')


def player_name(engine, state, player: int) -> str:
    """A seat's name for readers: the engine's own (`player_name(state, p)`) when it
    has one, else "Player n" counting from 1."""
    named = getattr(engine, "player_name", None)
    if callable(named):
        try:
            return str(named(state, player))
        except Exception:  # a naming hook must never break a page
            pass
    return f"Player {player + 1}"


def diagram_svg(engine, state, highlight: Sequence[str] = (), *, id_prefix: str, label: str, layout: str = "",
                least_px: int = BASE_PX) -> str:
    """Inline SVG of `state` with `highlight` cells marked by the engine, in one of the
    engine's `layouts` if asked for one it draws (else its own arrangement), at least
    `least_px` wide (see sized_for_reading).

    Presentation attributes only (no `style=`), so the page's CSP
    (`style-src 'self'`) never blocks it. Cell shapes keep their
    `data-cell` names: the browser maps clicks back to cells with them.
    """
    return drawing_svg(board_drawing(engine, state, highlight, layout), id_prefix=id_prefix, label=label,
                       least_px=least_px)


def board_drawing(engine, state, highlight: Sequence[str] = (), layout: str = ""):
    """The engine's drawing of `state` (generator.draw.shapes.Drawing), in `layout` if it draws that one."""
    if layout and layout in getattr(engine, "layouts", ()):
        return engine.render(state, tuple(highlight), layout=layout)
    return engine.render(state, tuple(highlight))


def drawing_svg(drawing, *, id_prefix: str, label: str, least_px: int = BASE_PX) -> str:
    """A drawing as the page's inline SVG (see diagram_svg)."""
    svg = to_svg(drawing, id_prefix=_safe_id(id_prefix), css_class=CSS_CLASS, themed=True)
    label = escape(label)
    svg = svg.replace("<svg ", f'<svg aria-label="{label}" focusable="false" ', 1)
    return slim(sized_for_reading(svg, least_px))


def sized_for_reading(svg: str, least_px: int = BASE_PX) -> str:
    """The diagram's width in pixels: wide enough that its smallest text shows at
    READABLE_PX (and at least `least_px`); the page narrows it to fit its column.
    A drawing made for a phone asks for no floor: BASE_PX would make it wider than the phone."""
    box = VIEW_BOX.search(svg)
    sizes = [float(size) for size in FONT_SIZE.findall(svg)]
    if box is None:
        return svg
    width, height = float(box.group(3)), float(box.group(4))
    pixels = max(least_px, math.ceil(width * READABLE_PX / min(sizes))) if sizes else BASE_PX
    head, rest = svg.split(">", 1)
    head = re.sub(r' (width|height)="[^"]*"', "", head)
    return f'{head} width="{pixels}" height="{math.ceil(pixels * height / width)}">{rest}'



def escape(text: str) -> str:
    """Text for a double-quoted attribute. Not html.escape: importing html loads html.entities
    (and xml.sax.saxutils loads urllib), 40-70 ms of a first "Try it" in Pyodide."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def slim(svg: str) -> str:
    """Drop what inline SVG in HTML does not need: a walkthrough page holds dozens of
    diagrams. The font moves to play.css (`.rp-diagram text`); xlink stays if used."""
    svg = svg.replace(f' font-family="{escape(FONT_FAMILY)}"', "")
    svg = svg.replace(' baseProfile="full"', "").replace(' version="1.1"', "")
    svg = svg.replace(' xmlns:ev="http://www.w3.org/2001/xml-events"', "")
    if "xlink:href" not in svg:
        svg = svg.replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', "")
    return svg


def _safe_id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", text) or "d"
