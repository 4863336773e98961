"""A drawing's shapes where they land: each primitive with the moves of the groups around it.

Preflight asks questions about what is printed where (is this label inside its card, over
which colour, across which cut), so it needs every shape in the page's millimetres, not in
its group's. `flatten` walks the groups once and hands back each primitive with its affine
transform to the page, the clips that hide parts of it and the roles of the groups around it
(innermost last). A caller may stop the walk at a group (`opaque`) to look at it whole.
Standard library only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterator, Optional

from generator.draw.shapes import Circle, Group, Image, Line, Path, Polygon, Rect, Shape, Text

Box = tuple[float, float, float, float]  # x, y, w, h
Point = tuple[float, float]


@dataclass(frozen=True)
class Affine:
    """x' = a x + c y + e, y' = b x + d y + f (SVG's matrix order)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def apply(self, x: float, y: float) -> Point:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    def after(self, inner: "Affine") -> "Affine":
        """This transform applied to the result of `inner`."""
        return Affine(self.a * inner.a + self.c * inner.b, self.b * inner.a + self.d * inner.b,
                      self.a * inner.c + self.c * inner.d, self.b * inner.c + self.d * inner.d,
                      self.a * inner.e + self.c * inner.f + self.e, self.b * inner.e + self.d * inner.f + self.f)

    def inverse(self) -> "Affine":
        det = self.a * self.d - self.b * self.c
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Affine(a, b, c, d, -(a * self.e + c * self.f), -(b * self.e + d * self.f))

    @property
    def scale(self) -> float:
        """How much lengths grow (the mean of the two axes, exact for the model's moves)."""
        return math.sqrt(abs(self.a * self.d - self.b * self.c))


IDENTITY = Affine()


def turning(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Affine:
    """A clockwise turn (y down) about (cx, cy)."""
    r = math.radians(degrees)
    cos, sin = math.cos(r), math.sin(r)
    return Affine(cos, sin, -sin, cos, cx - cx * cos + cy * sin, cy - cx * sin - cy * cos)


def group_transform(group: Group) -> Affine:
    """Scale, mirror, turn, then move: the order draw/svg.py and draw/pdf.py apply."""
    inner = Affine(-group.scale if group.mirror_x else group.scale, 0.0, 0.0, group.scale)
    return Affine(e=group.dx, f=group.dy).after(turning(group.rotate).after(inner))


@dataclass(frozen=True)
class Clip:
    box: Box  # in the clipping group's own coordinates
    to_local: Affine  # from the page to those coordinates

    def holds(self, x: float, y: float) -> bool:
        lx, ly = self.to_local.apply(x, y)
        bx, by, bw, bh = self.box
        return bx - 1e-6 <= lx <= bx + bw + 1e-6 and by - 1e-6 <= ly <= by + bh + 1e-6


@dataclass(frozen=True)
class Placed:
    shape: Shape  # a primitive, or an opaque group
    to_page: Affine
    clips: tuple[Clip, ...]
    roles: tuple[str, ...]  # the roles of the groups around it, outermost first

    def visible(self, x: float, y: float) -> bool:
        return all(clip.holds(x, y) for clip in self.clips)

    def corners(self) -> list[Point]:
        """The shape's outline corners on the page (text: its ink box)."""
        return [self.to_page.apply(x, y) for x, y in local_corners(self.shape)]

    @cached_property
    def from_page(self) -> Affine:
        return self.to_page.inverse()

    def box(self) -> Optional[Box]:
        return self._box

    @cached_property
    def _box(self) -> Optional[Box]:
        points = self.corners()
        if not points:
            return None
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def flatten(shapes, to_page: Affine = IDENTITY, clips: tuple[Clip, ...] = (), roles: tuple[str, ...] = (),
            opaque: Callable[[Group], bool] = lambda group: False) -> Iterator[Placed]:
    for shape in shapes:
        if isinstance(shape, Group) and not opaque(shape):
            inner = to_page.after(group_transform(shape))
            inner_clips = clips + ((Clip(shape.clip, inner.inverse()),) if shape.clip is not None else ())
            yield from flatten(shape.shapes, inner, inner_clips, roles + (shape.role,) if shape.role else roles,
                               opaque)
        else:
            yield Placed(shape, to_page, clips, roles)


def text_ink_box(text: Text) -> tuple[float, float, float, float]:
    """Where a text's letters lie before its own turn: from the cap line to just below the
    baseline, its laid-out width (or an estimate). Tighter than draw.bounds' box, which keeps
    room for accents and descenders, so that labels set close together do not count as touching."""
    width = text.length or len(text.text) * text.size * 0.55
    x = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    return (x, text.y - text.size * 0.7, width, text.size * 0.82)


def local_corners(shape: Shape) -> list[Point]:
    if isinstance(shape, Text):
        x, y, w, h = text_ink_box(shape)
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        if shape.rotate:
            turn = turning(shape.rotate, shape.x, shape.y)
            corners = [turn.apply(px, py) for px, py in corners]
        return corners
    if isinstance(shape, (Rect, Image)):
        return [(shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h),
                (shape.x, shape.y + shape.h)]
    if isinstance(shape, Circle):
        return [(shape.cx - shape.r, shape.cy - shape.r), (shape.cx + shape.r, shape.cy - shape.r),
                (shape.cx + shape.r, shape.cy + shape.r), (shape.cx - shape.r, shape.cy + shape.r)]
    if isinstance(shape, Line):
        return [(shape.x1, shape.y1), (shape.x2, shape.y2)]
    if isinstance(shape, (Polygon, Path)):
        return list(shape.points)
    if isinstance(shape, Group):
        from generator.draw.bounds import bounds
        box = bounds(shape)  # the group's own moves included
        if box is None:
            return []
        x, y, w, h = box
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return []
