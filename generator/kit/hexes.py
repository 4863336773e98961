"""Hex maps: the board's text map read as hexes instead of squares.

Each map character is a hex (its kind gives fill and label, the blank character
leaves a hole, so any outline can be masked); `cell` is the distance between the
centres of two neighbours. Pointy hexes shift every other row half a hex right;
flat hexes shift every other column half a hex down. Hexes are named column
letter then row number ("c3"), counted from the top left.
"""
from __future__ import annotations

import math

from generator.draw.shapes import Drawing, Polygon, Rect, Style, Text
from generator.draw import colour as colours
from generator.kit import text as fit
from generator.kit.spec import BoardSpec

MARGIN = 6.0


def hex_centre(col: int, row: int, cell: float, pointy: bool) -> tuple[float, float]:
    if pointy:
        return cell * (col + (0.5 if row % 2 else 0.0)), cell * row * math.sqrt(3) / 2
    return cell * col * math.sqrt(3) / 2, cell * (row + (0.5 if col % 2 else 0.0))


def hex_corners(cx: float, cy: float, cell: float, pointy: bool) -> tuple[tuple[float, float], ...]:
    radius = cell / math.sqrt(3)  # centre to corner, for neighbours `cell` apart
    start = 30 if pointy else 0
    return tuple((round(cx + radius * math.cos(math.radians(start + 60 * i)), 3),
                  round(cy + radius * math.sin(math.radians(start + 60 * i)), 3)) for i in range(6))


def hex_drawing(spec: BoardSpec, pointy: bool, ink_saver: bool = False) -> Drawing:
    c = spec.cell
    placed = [(k, r, ch) for r, row in enumerate(spec.rows) for k, ch in enumerate(row) if ch != spec.blank]
    corners = {(k, r): hex_corners(*hex_centre(k, r, c, pointy), c, pointy) for k, r, _ch in placed}
    xs = [x for pts in corners.values() for x, _y in pts]
    ys = [y for pts in corners.values() for _x, y in pts]
    dx, dy = MARGIN - min(xs), MARGIN - min(ys)
    width, height = max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN
    shapes: list = [Rect(0, 0, round(width, 3), round(height, 3), Style(fill=colours.WHITE), role="board-background")]
    label_size = min(c * 0.3, 10.0)
    for k, r, ch in placed:
        kind = spec.kind(ch)
        fill = colours.lighten(kind.fill, 0.55) if ink_saver else kind.fill
        name = f"{chr(97 + k)}{r + 1}"
        points = tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in corners[(k, r)])
        shapes.append(Polygon(points, Style(fill=fill, stroke=spec.line, stroke_width=0.4), cell=name, role="hex"))
        cx, cy = hex_centre(k, r, c, pointy)
        cx, cy = cx + dx, cy + dy
        if kind.label:
            shapes.append(fit.line(cx, cy + label_size * 0.36, kind.label, size=label_size, max_width=c * 0.7,
                                   fill=kind.ink or colours.ink_on(fill), anchor="middle", bold=True))
        if spec.coordinates:
            shapes.append(Text(round(cx, 3), round(cy - c * 0.28, 3), name, size=round(min(2.8, c * 0.12), 3),
                               fill=colours.readable(colours.mix(spec.line, "#ffffff", 0.3), fill),  # quiet, but legible
                               anchor="middle", role="coordinate"))
    return Drawing(round(width, 3), round(height, 3), tuple(shapes), title=spec.title)
