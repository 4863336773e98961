"""Where shapes lie: the bounding box of any shape of the drawing model, in its parent's mm.

Used to lay things out around what is already on a page (the kit's calibration square
goes where nothing is printed) and by tests that check nothing overlaps. Text boxes
use the measured advance width when the shape carries it, else an estimate.
Standard library only.
"""
from __future__ import annotations

import math
from typing import Iterable, Optional

from generator.draw.shapes import Circle, Group, Image, Line, Path, Polygon, Rect, Shape, Text

Box = tuple[float, float, float, float]  # x, y, w, h


def union(boxes: Iterable[Optional[Box]]) -> Optional[Box]:
    boxes = [b for b in boxes if b is not None]
    if not boxes:
        return None
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return (x0, y0, x1 - x0, y1 - y0)


def overlaps(a: Box, b: Box, gap: float = 0.0) -> bool:
    """Whether two boxes share more than a touching edge (with `gap` mm kept clear around `a`)."""
    return (a[0] - gap < b[0] + b[2] and b[0] < a[0] + a[2] + gap
            and a[1] - gap < b[1] + b[3] and b[1] < a[1] + a[3] + gap)


def bounds(shape: Shape) -> Optional[Box]:
    """The box the shape covers (strokes included), or None for an empty group."""
    if isinstance(shape, Group):
        return _group_bounds(shape)
    pad = (shape.style.stroke_width / 2) if getattr(shape, "style", None) and shape.style.stroke else 0.0
    if isinstance(shape, (Rect, Image)):
        return (shape.x - pad, shape.y - pad, shape.w + 2 * pad, shape.h + 2 * pad)
    if isinstance(shape, Circle):
        r = shape.r + pad
        return (shape.cx - r, shape.cy - r, 2 * r, 2 * r)
    if isinstance(shape, Line):
        return _points_box(((shape.x1, shape.y1), (shape.x2, shape.y2)), pad)
    if isinstance(shape, (Polygon, Path)):
        return _points_box(shape.points, pad)
    if isinstance(shape, Text):
        return _text_bounds(shape)
    raise TypeError(f"not a shape: {shape!r}")


def _points_box(points, pad: float) -> Optional[Box]:
    if not points:
        return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


def _text_bounds(text: Text) -> Box:
    width = text.length or len(text.text) * text.size * 0.55
    x = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    corners = [(x, text.y - text.size * 0.8), (x + width, text.y - text.size * 0.8),
               (x, text.y + text.size * 0.25), (x + width, text.y + text.size * 0.25)]
    if text.rotate:
        corners = [_turn(px, py, text.x, text.y, text.rotate) for px, py in corners]
    return _points_box(corners, 0.0)


def _turn(x: float, y: float, cx: float, cy: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    dx, dy = x - cx, y - cy
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def _group_bounds(group: Group) -> Optional[Box]:
    inner = union(bounds(shape) for shape in group.shapes)
    if inner is None:
        return None
    if group.clip is not None:  # only what falls inside the clip is drawn
        cx, cy, cw, ch = group.clip
        x0, y0 = max(inner[0], cx), max(inner[1], cy)
        x1, y1 = min(inner[0] + inner[2], cx + cw), min(inner[1] + inner[3], cy + ch)
        if x1 <= x0 or y1 <= y0:
            return None
        inner = (x0, y0, x1 - x0, y1 - y0)
    x, y, w, h = inner
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    placed = []
    for px, py in corners:  # the group's own transform: scale, mirror, rotate, then move
        px, py = px * group.scale, py * group.scale
        if group.mirror_x:
            px = -px
        if group.rotate:
            px, py = _turn(px, py, 0.0, 0.0, group.rotate)
        placed.append((px + group.dx, py + group.dy))
    return _points_box(placed, 0.0)
