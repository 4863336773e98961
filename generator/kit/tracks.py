"""Tracks: numbered spaces along a path, such as a 0-50 score track round a board's edge.

`along = "edge"`: the spaces run clockwise round a rectangle `columns` spaces wide
and `rows` spaces high, from its top-left corner. `along = "rows"`: they run in
rows of `columns` spaces, turning back at each end like a snake. Every `every`-th
space is tinted and its number bold, so counting is quick.
"""
from __future__ import annotations

from generator.draw.shapes import Drawing, Rect, Style, Text
from generator.draw import colour as colours

MARGIN = 4.0


def edge_positions(columns: int, rows: int) -> list[tuple[int, int]]:
    """The cells of a rectangle's rim, clockwise from the top-left corner."""
    top = [(c, 0) for c in range(columns)]
    right = [(columns - 1, r) for r in range(1, rows)]
    bottom = [(c, rows - 1) for c in range(columns - 2, -1, -1)] if rows > 1 else []
    left = [(0, r) for r in range(rows - 2, 0, -1)] if columns > 1 else []
    return top + right + bottom + left


def snake_positions(columns: int, count: int) -> list[tuple[int, int]]:
    return [((i % columns) if (i // columns) % 2 == 0 else columns - 1 - i % columns, i // columns)
            for i in range(count)]


def track_drawing(title: str, cell: float, first: int, count: int, along: str, columns: int, rows: int,
                  every: int, fill: str, line: str, ink_saver: bool = False) -> Drawing:
    positions = edge_positions(columns, rows)[:count] if along == "edge" else snake_positions(columns, count)
    width = (max(c for c, _r in positions) + 1) * cell + 2 * MARGIN
    height = (max(r for _c, r in positions) + 1) * cell + 2 * MARGIN
    tint = colours.lighten(fill, 0.55) if ink_saver else fill
    shapes: list = [Rect(0, 0, round(width, 3), round(height, 3), Style(fill=colours.WHITE), role="board-background")]
    size = min(cell * 0.42, 8.0)
    for i, (c, r) in enumerate(positions):
        number = first + i
        marked = every and number % every == 0
        x, y = MARGIN + c * cell, MARGIN + r * cell
        shapes.append(Rect(round(x, 3), round(y, 3), cell, cell,
                           Style(fill=tint if marked else colours.WHITE, stroke=line, stroke_width=0.35),
                           cell=str(number), role="space"))
        shapes.append(Text(round(x + cell / 2, 3), round(y + cell / 2 + size * 0.36, 3), str(number), size=round(size, 3),
                           fill=colours.ink_on(tint) if marked else line, anchor="middle", bold=bool(marked)))
    return Drawing(round(width, 3), round(height, 3), tuple(shapes), title=title)
