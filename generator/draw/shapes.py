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
class FontRef:
    """A designer's font (game.toml [fonts], draw/fonts.py): `family` is its name on the site's
    pages (their @font-face), `regular` and `bold` its files, which the PDF backend embeds
    (`bold` "": bold text is set in `regular`). A face of the reader's system instead (a kit's
    Japanese face, draw/cjk.py) has a `fallback`: the CSS families after it, where a designer's
    font is followed by the built-in stack."""

    family: str
    regular: str
    bold: str = ""
    fallback: str = field(default="", repr=False)  # repr: a designer's font's drawings hash as before


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
    # a designer's font (None: the built-in DejaVu Sans). Left out of repr, which names a drawing's
    # SVG ids: drawings in the built-in font keep the ids they had
    font: Optional[FontRef] = field(default=None, repr=False)
    # the whole words, when fitting cut them short with an ellipsis (the preflight names them)
    cut: str = field(default="", repr=False)


FITS = ("cover", "contain", "stretch")


@dataclass(frozen=True)
class Image:
    """A picture file (PNG, JPEG) placed in a box: the backends read `href` (a file path; a
    site's SVG asks its `resolve_image` for the URL to write instead). `fit` says how the
    picture meets the box: "cover" fills it and crops what overflows (keeping the `focus`, a
    share of the picture's width and height, in view), "contain" shows it whole inside the box,
    "stretch" fills the box out of proportion. `pixels` is the picture's upright size (EXIF
    orientation applied): without it (0, 0) every fit is a stretch, since the backends cannot
    know the proportions. `rotate` turns the box and its picture about the box's centre."""

    x: float
    y: float
    w: float
    h: float
    href: str
    role: str = ""
    fit: str = "contain"
    focus: tuple[float, float] = (0.5, 0.5)
    pixels: tuple[int, int] = (0, 0)
    rotate: float = 0.0  # degrees, clockwise


def picture_rect(image: Image) -> tuple[float, float, float, float]:
    """Where the whole picture lands (x, y, w, h, in mm) for its fit: past the box for "cover"
    (the backends clip to the box), inside it for "contain"."""
    pw, ph = image.pixels
    if image.fit == "stretch" or pw <= 0 or ph <= 0:
        return image.x, image.y, image.w, image.h
    grow = max if image.fit == "cover" else min
    scale = grow(image.w / pw, image.h / ph)
    w, h = pw * scale, ph * scale
    fx, fy = (min(max(share, 0.0), 1.0) for share in image.focus)
    # the focus point sits where the box's own share of the way across would put it, as far as
    # the overflow allows: a focus at the picture's left edge keeps its left edge in the box
    x = image.x + (image.w - w) * fx
    y = image.y + (image.h - h) * fy
    return round(x, 6), round(y, 6), round(w, 6), round(h, 6)


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

