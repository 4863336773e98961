"""A designer's SVG artwork as shapes of the drawing model, so one import serves the SVG
preview and the vector PDF alike, at the exact size the kit asks for.

The common subset of SVG that drawing programs export for flat artwork: groups with
transforms (matrix, translate, scale, rotate), rect, circle, ellipse, line, polyline,
polygon, path (straight and curved segments, curves flattened to fine polylines) and
text, with fill, stroke, stroke-width and opacity from attributes or `style`.
Gradients, patterns, filters, clip paths and embedded images are not read: an
element using them is reported, never silently dropped. Standard library only.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path as FilePath

from generator.draw.shapes import Drawing, Line, Path, Polygon, Style, Text

SVG = "{http://www.w3.org/2000/svg}"
NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "yellow": "#ffff00", "grey": "#808080", "gray": "#808080", "orange": "#ffa500", "purple": "#800080",
         "brown": "#a52a2a", "navy": "#000080", "silver": "#c0c0c0", "maroon": "#800000", "olive": "#808000",
         "teal": "#008080"}
UNSUPPORTED = {"linearGradient", "radialGradient", "pattern", "filter", "clipPath", "mask", "image", "use"}
Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


class ArtworkError(ValueError):
    pass


def import_svg(path: FilePath, width: float, height: float = 0.0) -> Drawing:
    """The SVG file as a Drawing `width` mm wide (and `height` mm high, else in proportion)."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        raise ArtworkError(f"not readable as SVG: {error}") from None
    box = [float(v) for v in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if v] or \
        [0.0, 0.0, _length(root.get("width", "100")), _length(root.get("height", "100"))]
    vx, vy, vw, vh = box
    height = height or width * vh / vw
    start = (width / vw, 0, 0, height / vh, -vx * width / vw, -vy * height / vh)
    shapes: list = []
    _walk(root, start, {"fill": "#000000", "stroke": None, "stroke-width": "1", "opacity": "1"}, shapes)
    return Drawing(round(width, 3), round(height, 3), tuple(shapes), title=path.stem)


def _length(value: str) -> float:
    return float(re.match(r"[\d.]+", value).group(0)) if re.match(r"[\d.]+", value) else 100.0


def _walk(element, matrix: Matrix, inherited: dict, shapes: list) -> None:
    tag = element.tag.replace(SVG, "")
    if tag in UNSUPPORTED:
        raise ArtworkError(f"<{tag}> is not supported in board artwork (flat shapes only)")
    style = dict(inherited)
    style.update({k: v for k, v in element.attrib.items() if k in ("fill", "stroke", "stroke-width", "opacity")})
    for part in element.get("style", "").split(";"):
        if ":" in part:
            key, value = (s.strip() for s in part.split(":", 1))
            style[key] = value
    matrix = _multiply(matrix, _transform(element.get("transform", "")))
    if tag in ("svg", "g"):
        for child in element:
            _walk(child, matrix, style, shapes)
        return
    drawn = _shape(tag, element, matrix, style)
    if drawn is not None:
        shapes.append(drawn)


def _shape(tag: str, e, m: Matrix, style: dict):
    f = lambda name, default=0.0: float(e.get(name, default))  # noqa: E731 (attribute as number)
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    paint = Style(fill=_colour(style.get("fill")), stroke=_colour(style.get("stroke")),
                  stroke_width=round(float(re.sub(r"[a-z]+$", "", style.get("stroke-width") or "1")) * scale, 4),
                  opacity=float(style.get("opacity") or 1))
    if tag == "rect":
        x, y, w, h = f("x"), f("y"), f("width"), f("height")
        return Polygon(_apply(m, ((x, y), (x + w, y), (x + w, y + h), (x, y + h))), paint)
    if tag in ("circle", "ellipse"):
        rx = f("r") if tag == "circle" else f("rx")
        ry = f("r") if tag == "circle" else f("ry")
        cx, cy = f("cx"), f("cy")
        return Polygon(_apply(m, tuple((cx + rx * math.cos(a / 36 * math.tau), cy + ry * math.sin(a / 36 * math.tau))
                                       for a in range(36))), paint)
    if tag == "line":
        (x1, y1), (x2, y2) = _apply(m, ((f("x1"), f("y1")), (f("x2"), f("y2"))))
        return Line(x1, y1, x2, y2, paint)
    if tag in ("polyline", "polygon"):
        numbers = [float(v) for v in re.split(r"[\s,]+", e.get("points", "").strip()) if v]
        points = _apply(m, tuple(zip(numbers[::2], numbers[1::2])))
        return Polygon(points, paint) if tag == "polygon" else Path(points, paint)
    if tag == "path":
        points, closed = _path_points(e.get("d", ""))
        return Polygon(_apply(m, points), paint) if closed and paint.fill else Path(_apply(m, points), paint, closed)
    if tag == "text":
        (x, y), = _apply(m, ((f("x"), f("y")),))
        size = float(re.sub(r"[a-z]+$", "", style.get("font-size") or e.get("font-size", "16"))) * scale
        anchor = e.get("text-anchor", "start")
        return Text(x, y, "".join(e.itertext()).strip(), round(size, 3), fill=_colour(style.get("fill")) or "#000000",
                    anchor=anchor if anchor in ("start", "middle", "end") else "start")
    return None  # title, desc, metadata, defs: nothing to draw


def _colour(value):
    if value is None or value in ("none", "transparent"):
        return None
    value = value.strip().lower()
    if value.startswith("#"):
        return value if len(value) == 7 else "#" + "".join(ch * 2 for ch in value[1:4])
    if value.startswith("rgb("):
        r, g, b = (int(float(v)) for v in re.findall(r"[\d.]+", value)[:3])
        return f"#{r:02x}{g:02x}{b:02x}"
    if value in NAMED:
        return NAMED[value]
    raise ArtworkError(f"colour {value!r} is not supported (use #rrggbb, rgb() or a basic name)")


def _transform(text: str) -> Matrix:
    matrix = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(a) for a in re.split(r"[\s,]+", args.strip()) if a]
        if name == "matrix":
            step = tuple(v)
        elif name == "translate":
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            a = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0, 0)
            step = _multiply(_multiply((1, 0, 0, 1, cx, cy), (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)),
                             (1, 0, 0, 1, -cx, -cy))
        else:
            raise ArtworkError(f"transform {name}() is not supported")
        matrix = _multiply(matrix, step)
    return matrix


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _apply(m: Matrix, points) -> tuple[tuple[float, float], ...]:
    a, b, c, d, e, f = m
    return tuple((round(a * x + c * y + e, 4), round(b * x + d * y + f, 4)) for x, y in points)


def _path_points(d: str) -> tuple[tuple[tuple[float, float], ...], bool]:
    """The outline of path data as one polyline (curves flattened), and whether it closes."""
    tokens = re.findall(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?", d)
    points: list[tuple[float, float]] = []
    x = y = 0.0
    command, closed, i = "M", False, 0
    last_control: tuple[float, float] | None = None  # for S and T: the previous curve's last control point
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                closed = True
                last_control = None
                continue
        nums = lambda k: [float(t) for t in tokens[i:i + k]]  # noqa: E731
        rel = command.islower()
        kind = command.upper()
        if kind in "ML":
            dx, dy = nums(2)
            x, y = (x + dx, y + dy) if rel else (dx, dy)
            points.append((x, y))
            i += 2
            command = ("l" if rel else "L") if kind == "M" else command
        elif kind in "HV":
            (v,) = nums(1)
            x, y = ((x + v if rel else v), y) if kind == "H" else (x, (y + v if rel else v))
            points.append((x, y))
            i += 1
        elif kind in "CQST":
            k = {"C": 6, "Q": 4, "S": 4, "T": 2}[kind]
            v = nums(k)
            if len(v) < k:
                raise ArtworkError(f"path command {command!r} needs {k} numbers")
            ctrl = [(v[j] + (x if rel else 0), v[j + 1] + (y if rel else 0)) for j in range(0, k, 2)]
            if kind in "ST":  # the first control point mirrors the previous curve's last one
                mirrored = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                ctrl = [mirrored] + ctrl
                kind = "C" if kind == "S" else "Q"
            p0 = (x, y)
            for step in range(1, 13):
                t = step / 12
                if kind == "C":
                    (x1, y1), (x2, y2), (x3, y3) = ctrl
                    px = (1 - t) ** 3 * p0[0] + 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t * t * x2 + t ** 3 * x3
                    py = (1 - t) ** 3 * p0[1] + 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t * t * y2 + t ** 3 * y3
                else:
                    (x1, y1), (x2, y2) = ctrl
                    px = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * x1 + t * t * x2
                    py = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * y1 + t * t * y2
                points.append((px, py))
            x, y = ctrl[-1]
            last_control = ctrl[-2]
            i += k
            continue
        else:
            raise ArtworkError(f"path command {command!r} is not supported (arcs: convert them to curves)")
        last_control = None
    return tuple(points), closed
