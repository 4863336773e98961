"""Where each arrow key leads on a drawn board: the Play page's keyboard rules, in one place.

The focus ring moves between the board's places (every shape with a `cell`). From a place,
an arrow key leads to the nearest place that way, preferring places straight ahead over
ones off to the side. The session sends the page this map with each board, and the tests
read it too, so a test can prove every move is reachable by keys without a browser.

A place is measured by its largest shape (the square, not a label on it), in the
drawing's millimetres: the page shows the drawing at one scale, so nearer stays nearer.
Standard library and generator.draw only (runs in Pyodide).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Optional

from generator.draw.bounds import bounds
from generator.draw.flatten import IDENTITY, Affine, group_transform
from generator.draw.shapes import Drawing, Group, Shape

Box = tuple[float, float, float, float]  # x, y, w, h in the drawing's mm
KEYS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
SAME_PLACE_MM = 0.5  # a place less far ahead than this is not "that way"


def place_boxes(drawing: Drawing) -> dict[str, Box]:
    """Each place's box in the drawing: that of its largest shape, in paint order of first sight."""
    found: dict[str, tuple[float, Box]] = {}
    for cell, local, box in _cell_shapes(drawing.shapes, IDENTITY):
        area = local[2] * local[3]
        if cell not in found or area > found[cell][0]:
            found[cell] = (area, box)
    return {cell: box for cell, (_, box) in found.items()}


def _cell_shapes(shapes: Iterable[Shape], to_page: Affine):
    for shape in shapes:
        cell = getattr(shape, "cell", "")
        if cell:
            local = bounds(shape)
            if local is not None:
                yield cell, local, _on_page(local, to_page)
        if isinstance(shape, Group):
            yield from _cell_shapes(shape.shapes, to_page.after(group_transform(shape)))


def _on_page(box: Box, to_page: Affine) -> Box:
    x, y, w, h = box
    corners = [to_page.apply(px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def arrow_moves(drawing: Drawing) -> dict[str, dict[str, Optional[str]]]:
    """{place: {key: the place it leads to, or None}} for the four arrow keys."""
    return _moves_between(tuple(place_boxes(drawing).items()))


@lru_cache(maxsize=16)
def _moves_between(placed: tuple[tuple[str, Box], ...]) -> dict[str, dict[str, Optional[str]]]:
    """The map for places where they lie: worked out once per arrangement (a board's places stay
    put from move to move, and comparing every pair is the costly part: 30 ms for SiTTeRS' 73)."""
    boxes = dict(placed)
    return {cell: {key: next_place(boxes, cell, key) for key in KEYS} for cell in boxes}


def next_place(boxes: dict[str, Box], start: str, key: str) -> Optional[str]:
    way_x, way_y = KEYS[key]
    here = _centre(boxes[start])
    best, best_score = None, float("inf")
    for cell, box in boxes.items():
        if cell == start:
            continue
        there = _nearest(box, here)
        dx, dy = there[0] - here[0], there[1] - here[1]
        ahead = dx * way_x + dy * way_y
        aside = abs(dx * way_y - dy * way_x)
        if ahead < SAME_PLACE_MM or aside > ahead * 2:
            continue
        score = ahead + 2.5 * aside
        if score < best_score:
            best, best_score = cell, score
    return best


def reachable(moves: dict[str, dict[str, Optional[str]]], start: str) -> set[str]:
    """Every place the arrow keys reach from `start`."""
    seen, todo = {start}, [start]
    while todo:
        for there in moves.get(todo.pop(), {}).values():
            if there is not None and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def _centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2] / 2, box[1] + box[3] / 2)


def _nearest(box: Box, point: tuple[float, float]) -> tuple[float, float]:
    """The nearest point of a box to `point`; a box holding the point, by its middle (so a wide
    place, a player's row, is reached from above or below it, and sideways by its middle)."""
    x = min(max(point[0], box[0]), box[0] + box[2])
    y = min(max(point[1], box[1]), box[1] + box[3])
    return _centre(box) if (x, y) == point else (x, y)
