"""Boards of points joined by lines (Alquerque, Nine Men's Morris, Fox and Geese).

Points have a name and a place in board units (multiplied by the board's `cell` mm);
lines join named points (a list of two or more names is a line through all of
them); a point may be a player's start (a ring in that player's colour) and may
carry a label. Every point is a cell, named as in the rules, for diagrams and
clicks alike.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.draw.shapes import Circle, Drawing, Line, Rect, Style
from generator.draw import colour as colours
from generator.kit import text as fit

MARGIN = 14.0


@dataclass(frozen=True)
class BoardPoint:
    name: str
    x: float  # board units
    y: float
    start: str = ""  # colour of the player who starts here ("" none)
    label: str = ""


def points_drawing(title: str, cell: float, points: tuple[BoardPoint, ...], lines: tuple[tuple[str, ...], ...],
                   ink: str = "#333333", names: bool = True) -> Drawing:
    """The points at `cell` mm per unit, lines first, points over them, names beside."""
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    ox, oy = MARGIN - min(xs) * cell, MARGIN - min(ys) * cell
    where = {p.name: (round(ox + p.x * cell, 3), round(oy + p.y * cell, 3)) for p in points}
    width = (max(xs) - min(xs)) * cell + 2 * MARGIN
    height = (max(ys) - min(ys)) * cell + 2 * MARGIN
    radius = min(cell * 0.2, 6.0)
    shapes: list = [Rect(0, 0, round(width, 3), round(height, 3), Style(fill="#fbf8f1"), role="board-background")]
    stroke = Style(stroke=ink, stroke_width=max(0.6, cell * 0.03))
    for line in lines:
        for a, b in zip(line, line[1:]):
            shapes.append(Line(*where[a], *where[b], stroke, role="line"))
    for point in points:
        x, y = where[point.name]
        if point.start:
            shapes.append(Circle(x, y, round(radius * 1.5, 3), Style(fill=colours.lighten(point.start, 0.4),
                                                                      stroke=colours.darken(point.start, 0.3),
                                                                      stroke_width=1.2), role="start"))
        shapes.append(Circle(x, y, round(radius, 3), Style(fill="#ffffff", stroke=ink, stroke_width=0.5),
                             cell=point.name, role="point"))
        text = point.label or (point.name if names else "")
        if text:  # above the point and to its right, every one alike (so a name never sits between
            # two points, as if it were the other's), unless that would run off the board
            size = min(3.2, cell * 0.14)
            right = x + radius * 1.2 + fit.width(text, size, False) <= width - 1.0
            shapes.append(fit.line(x + (1 if right else -1) * radius * 1.2, y - radius * 1.3, text,
                                   size=size, max_width=cell * 1.8, anchor="start" if right else "end",
                                   fill=colours.mix(ink, "#ffffff", 0.25), role="point-name"))
    return Drawing(round(width, 3), round(height, 3), tuple(shapes), title=title)
