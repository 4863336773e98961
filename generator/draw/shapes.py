"""The one drawing model: primitives in millimetres, drawn by svg.py and pdf.py.

Boards, cards, sheets, tokens and rule diagrams are all laid out as a
`Drawing` of these shapes. Coordinates are millimetres with the origin at the
top-left and y growing downwards (as in SVG); the PDF backend flips y.
Standard library only: engines use this module in the browser too.
"""
from __future__ import annotations

from dataclasses import replace, dataclass, field
from typing import Optional, Union


@dataclass(frozen=True)
class Style:
    fill: Optional[str] = None  # CSS colour ("#rrggbb") or None for no fill
    stroke: Optional[str] = None
    stroke_width: float = 0.3  # mm
    opacity: float = 1.0
    dash: tuple[float, ...] = ()  # mm on, mm off, ...


NONE = Style()


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = NONE
    rx: float = 0.0  # corner radius, mm
    cell: str = ""  # board cell name, for highlighting and clicks
    role: str = ""  # what the shape is ("trim", "bleed", "crop-mark", "card-3", ...)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = NONE
    role: str = ""


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = NONE
    cell: str = ""
    role: str = ""


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    style: Style = NONE
    cell: str = ""
    role: str = ""


@dataclass(frozen=True)
class Path:
    """An open or closed polyline with optional arrow head (for move paths)."""

    points: tuple[tuple[float, float], ...]
    style: Style = NONE
    closed: bool = False
    arrow: bool = False
    role: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float = 4.0  # font size in mm
    fill: str = "#000000"
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    rotate: float = 0.0  # degrees, clockwise, about (x, y)
    role: str = ""
    length: float = 0.0  # laid-out advance width in mm when known (0: unknown); lets
    #                      the SVG backend pin it (textLength) where the font differs


@dataclass(frozen=True)
class Image:
    """A raster or SVG file from the game folder, placed in a box."""

    x: float
    y: float
    w: float
    h: float
    href: str
    role: str = ""


Shape = Union[Rect, Line, Circle, Polygon, Path, Text, Image, "Group"]


@dataclass(frozen=True)
class Group:
    shapes: tuple[Shape, ...]
    dx: float = 0.0  # translation, mm
    dy: float = 0.0
    rotate: float = 0.0  # degrees about (dx, dy) after translation
    mirror_x: bool = False  # flip horizontally within the group's frame
    scale: float = 1.0  # enlarge (or shrink) the group's shapes, after the moves above: one
    #                      drawing at two sizes (a diagram on screen, the same board in print)
    cell: str = ""
    role: str = ""
    clip: Optional[tuple[float, float, float, float]] = None  # (x, y, w, h) in the
    #                      group's own coordinates: only what falls inside is drawn


@dataclass(frozen=True)
class Drawing:
    """A whole picture: width and height in mm, and its shapes in paint order."""

    width: float
    height: float
    shapes: tuple[Shape, ...] = field(default_factory=tuple)
    title: str = ""


def group(*shapes: Shape, **kw) -> Group:
    return Group(tuple(shapes), **kw)


READABLE_PX = 12  # the smallest text a reader should meet on screen, at 100% zoom
NARROW_SCREEN_PX = 345  # the room a phone held upright (390 px) leaves a board beside the page's margins


def for_narrow_screen(drawing: Drawing) -> Drawing:
    """`drawing` with its words grown so that it reads at READABLE_PX when shown NARROW_SCREEN_PX wide."""
    size = drawing.width * READABLE_PX / NARROW_SCREEN_PX
    return text_at_least(drawing, -(-size * 100 // 1) / 100)  # up to the hundredth: a rounded size still reads


def text_at_least(drawing: Drawing, size: float) -> Drawing:
    """`drawing` with every word at least `size` mm as drawn (a group's scale counted): the same
    board for a narrow screen, where it shows smaller and its words must still be read. Words
    keep their places, so only a drawing whose words have room to grow should ask for this."""
    def grown(shapes, scale: float) -> tuple:
        out = []
        for shape in shapes:
            if isinstance(shape, Text) and shape.size * scale < size:
                shape = replace(shape, size=size / scale, length=0.0)
            elif isinstance(shape, Group):
                shape = replace(shape, shapes=grown(shape.shapes, scale * shape.scale))
            out.append(shape)
        return tuple(out)
    return replace(drawing, shapes=grown(drawing.shapes, 1.0))

