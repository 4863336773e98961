"""A drawing with its translucent shapes made solid: for print formats that forbid transparency.

PDF/X-1a allows no transparency (no soft masks, no constant alpha below 1), so a shape drawn at
`opacity` 0.35 (a shield icon's highlight) is drawn instead in the colour it shows: its own
colour mixed with what lies under it, read at a point inside the shape from the fills painted
before it (draw/preflight.Ground, the same reading the contrast check makes). The drawings'
translucent shapes lie on one flat colour (a highlight on its icon), which this reproduces
exactly; over a picture or a gradient of shapes it takes the colour at that one point.

A group drawn several times (a card back, an icon) whose shapes come out the same at each place
stays one tuple, so the PDF writer still writes it once as a form.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from generator.draw import colour as colours
from generator.draw.flatten import Placed, flatten
from generator.draw.preflight import Ground, contains
from generator.draw.shapes import Drawing, Group, Style


def is_solid(drawing: Drawing) -> bool:
    return all(getattr(getattr(item.shape, "style", None), "opacity", 1.0) >= 1.0
               for item in flatten(drawing.shapes))


def solid(drawing: Drawing) -> Drawing:
    """`drawing` with every translucent shape replaced by one of the colour it shows, opacity 1."""
    items = list(flatten(drawing.shapes))
    made: dict[int, Style] = {}
    ground: Optional[Ground] = None
    for index, item in enumerate(items):
        style = getattr(item.shape, "style", None)
        if style is None or style.opacity >= 1.0:
            continue
        ground = ground or Ground(items)
        x, y = inside_point(item)
        under = ground.colour_at(index, x, y) or colours.WHITE  # a picture under it: its paper
        made[index] = solid_style(style, under)
    if not made:
        return drawing
    shapes, _ = Rebuild(made).shapes(drawing.shapes)
    return replace(drawing, shapes=shapes)


def solid_style(style: Style, under: str) -> Style:
    """The style as it shows over `under`: each colour mixed with it by the opacity."""
    def shown(value: Optional[str]) -> Optional[str]:
        if not value or not colours.is_hex(value):
            return value
        return colours.mix(under, value, style.opacity)

    return replace(style, fill=shown(style.fill), stroke=shown(style.stroke), opacity=1.0)


def inside_point(item: Placed) -> tuple[float, float]:
    """A point of the page inside the shape: the mean of its corners, else its box's centre."""
    corners = item.corners()
    if not corners:
        return 0.0, 0.0
    x = sum(px for px, _ in corners) / len(corners)
    y = sum(py for _, py in corners) / len(corners)
    if contains(item, x, y):
        return x, y
    box = item.box()
    return (box[0] + box[2] / 2, box[1] + box[3] / 2) if box else (x, y)


class Rebuild:
    """The shape tree again, in flatten's order, with the new styles put in at their indices."""

    def __init__(self, made: dict[int, Style]):
        self.made = made
        self.index = 0
        self.tuples: dict[tuple, tuple] = {}  # (id of the old tuple, its new styles) -> the new tuple

    def shapes(self, shapes: tuple) -> tuple[tuple, tuple]:
        """(the new tuple, the styles put into it): the old tuple itself where nothing changed."""
        out, changed = [], []
        for shape in shapes:
            if isinstance(shape, Group):
                inner, styles = self.shapes(shape.shapes)
                if styles:
                    shape = replace(shape, shapes=inner)
                    changed.append(styles)
            else:
                style = self.made.get(self.index)
                self.index += 1
                if style is not None:
                    shape = replace(shape, style=style)
                    changed.append(style)
            out.append(shape)
        if not changed:
            return shapes, ()
        key = (id(shapes), tuple(changed))
        return self.tuples.setdefault(key, tuple(out)), tuple(changed)
