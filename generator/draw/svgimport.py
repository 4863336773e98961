"""A designer's SVG artwork as shapes of the drawing model, so one import serves the SVG
preview and the vector PDF alike, at the exact size the kit asks for.

What drawing programs (Inkscape, Illustrator, Affinity, Figma) export for flat artwork:
groups and links with transforms (matrix, translate, scale, rotate, skewX, skewY), rect,
circle, ellipse, line, polyline, polygon, path (straight, curved and arc segments, curves
flattened to fine polylines) and text; fill, stroke, stroke-width, opacity from attributes,
`style` and a `<style>` sheet of element, .class and #id rules; lengths in px, mm, cm, in,
pt or pc; colours as #rgb, #rrggbb, rgb() (clamped to 0-255) or a basic name; hidden
layers (display:none) are left out. Gradients, patterns, filters, clip paths, masks, embedded
images, clones (<use>) and HTML (<foreignObject>) are not read: an element using them is an
error naming it and its line, never silently dropped. Standard library only.
"""
from __future__ import annotations

import math
import re
from pathlib import Path as FilePath
from xml.parsers import expat

from generator.draw.shapes import Drawing, Line, Path, Polygon, Style, Text

SVG_NS = "http://www.w3.org/2000/svg"
NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "yellow": "#ffff00", "grey": "#808080", "gray": "#808080", "orange": "#ffa500", "purple": "#800080",
         "brown": "#a52a2a", "navy": "#000080", "silver": "#c0c0c0", "maroon": "#800000", "olive": "#808000",
         "teal": "#008080", "lime": "#00ff00", "aqua": "#00ffff", "cyan": "#00ffff", "fuchsia": "#ff00ff",
         "magenta": "#ff00ff"}
UNSUPPORTED = {"linearGradient": "gradients", "radialGradient": "gradients", "pattern": "patterns",
               "filter": "filters", "clipPath": "clip paths", "mask": "masks", "image": "embedded images",
               "use": "clones (<use>): unlink them in the drawing program",
               "foreignObject": "HTML inside SVG: turn its text into <text> or paths"}
NOT_DRAWN = {"title", "desc", "metadata", "defs", "style", "symbol", "marker", "script"}
CONTAINERS = {"svg", "g", "a", "switch"}
SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text"}
INHERITED = ("fill", "stroke", "stroke-width", "font-size", "text-anchor", "fill-opacity", "stroke-opacity",
             "visibility")
PRESENTATION = INHERITED + ("opacity", "display")
UNITS = {"": 1.0, "px": 1.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0, "pt": 96 / 72, "pc": 16.0}
NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
LENGTH = re.compile(rf"^\s*({NUMBER})\s*([a-z%]*)\s*$")

# Limits no real artwork meets (a detailed Inkscape map is ~1 MB, a few thousand elements,
# 10-20 levels deep): past them the file is a mistake or an attack, and the build would crawl.
MAX_BYTES = 10 * 1024 * 1024
MAX_DEPTH = 100
MAX_ELEMENTS = 100_000
MAX_POINTS = 1_000_000  # after curves are flattened
MAX_EXTENT = 1e7  # user units of a viewBox or a coordinate: beyond, a number is a slip (1e30)

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


class ArtworkError(ValueError):
    """What is wrong with the artwork, and the line of the SVG file where (if known)."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


class Element:
    """One parsed element: its tag (without the SVG namespace), attributes, children, text, line."""

    __slots__ = ("tag", "foreign", "attrib", "children", "text", "line")

    def __init__(self, tag: str, foreign: bool, attrib: dict, line: int):
        self.tag, self.foreign, self.attrib, self.line = tag, foreign, attrib, line
        self.children: list[Element] = []
        self.text: list[str] = []

    def get(self, name: str, default=None):
        return self.attrib.get(name, default)

    def all_text(self) -> str:
        return "".join(self.text) + "".join(child.all_text() for child in self.children)


def import_svg(path: FilePath, width: float, height: float = 0.0) -> Drawing:
    """The SVG file as a Drawing `width` mm wide (and `height` mm high, else in proportion)."""
    data = FilePath(path).read_bytes()
    if len(data) > MAX_BYTES:
        raise ArtworkError(f"the file is {len(data) / 1024 / 1024:.1f} MB; board artwork may be at most "
                           f"{MAX_BYTES // 1024 // 1024} MB (simplify it or save it as plain SVG)")
    root = parse(data)
    vx, vy, vw, vh = view_box(root)
    height = height or width * vh / vw
    start = (width / vw, 0, 0, height / vh, -vx * width / vw, -vy * height / vh)
    importer = _Importer(stylesheet(root))
    importer.walk(root, start, {"fill": "#000000", "stroke": None, "stroke-width": "1", "opacity": "1"}, 0)
    return Drawing(round(width, 3), round(height, 3), tuple(importer.shapes), title=FilePath(path).stem)


def parse(data: bytes) -> Element:
    """The file's element tree with each element's line; an unreadable or non-SVG file is an error."""
    parser = expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Element] = []
    roots: list[Element] = []
    count = [0]

    def start(name: str, attrs: dict) -> None:
        namespace, _, tag = name.rpartition("}")
        line = parser.CurrentLineNumber
        count[0] += 1
        if len(stack) >= MAX_DEPTH:
            raise ArtworkError(f"elements nest more than {MAX_DEPTH} deep (ungroup the artwork)", line)
        if count[0] > MAX_ELEMENTS:
            raise ArtworkError(f"more than {MAX_ELEMENTS:,} elements (simplify the artwork)", line)
        attrib = {key: value for key, value in attrs.items() if "}" not in key}  # editor data has a namespace
        element = Element(tag, namespace not in ("", SVG_NS), attrib, line)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: stack.pop()
    parser.CharacterDataHandler = lambda text: stack[-1].text.append(text) if stack else None
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise ArtworkError(f"not readable as SVG: {expat.ErrorString(error.code)} (column {error.offset + 1})",
                           error.lineno) from None
    root = roots[0]
    if root.tag != "svg" or root.foreign:
        raise ArtworkError(f"not an SVG file: it starts with <{root.tag}>, not <svg>", root.line)
    return root


def view_box(root: Element) -> tuple[float, float, float, float]:
    """The drawing's box in user units: its viewBox, or its width and height."""
    if root.get("viewBox") is not None:
        text = root.get("viewBox")
        numbers = numbers_in(text, "viewBox", root.line)
        if len(numbers) != 4:
            raise ArtworkError(f"viewBox='{text}' is not four numbers (x y width height)", root.line)
        box = numbers
    else:
        if root.get("width") is None or root.get("height") is None or "%" in root.get("width") + root.get("height"):
            raise ArtworkError("the <svg> has no size: give it a viewBox (drawing programs write one) "
                               "or a width and height", root.line)
        box = [0.0, 0.0, length(root.get("width"), "width", root.line), length(root.get("height"), "height", root.line)]
    if box[2] <= 0 or box[3] <= 0:
        raise ArtworkError(f"the drawing's box is {box[2]:g} x {box[3]:g}: its width and height must be more "
                           "than 0 (a blank board otherwise)", root.line)
    if max(abs(v) for v in box) > MAX_EXTENT:
        raise ArtworkError(f"the drawing's box {' '.join(f'{v:g}' for v in box)} is larger than "
                           f"{MAX_EXTENT:g} units (a slip in its viewBox?)", root.line)
    return box[0], box[1], box[2], box[3]


def numbers_in(text: str, what: str, line: int) -> list[float]:
    """The numbers of a list attribute (points, viewBox, transform arguments)."""
    parts = [part for part in re.split(r"[\s,]+", text.strip()) if part]
    values = []
    for part in parts:
        if not re.fullmatch(NUMBER, part):
            raise ArtworkError(f"{what} has '{part}' where a number belongs", line)
        values.append(finite(float(part), what, line))
    return values


def finite(value: float, what: str, line: int) -> float:
    if not math.isfinite(value) or abs(value) > MAX_EXTENT * 1e3:
        raise ArtworkError(f"{what} has the number {value:g}, beyond what a drawing can hold", line)
    return value


def length(text: str, what: str, line: int) -> float:
    """A length in user units (px): a number with an optional unit px, mm, cm, in, pt or pc."""
    match = LENGTH.match(text or "")
    if not match:
        raise ArtworkError(f"{what}='{text}' is not a length (a number, optionally with px, mm, cm, in, pt or pc)",
                           line)
    number, unit = match.groups()
    if unit not in UNITS:
        raise ArtworkError(f"{what}='{text}': the unit '{unit}' is not supported (px, mm, cm, in, pt or pc)", line)
    return finite(float(number) * UNITS[unit], what, line)


def stylesheet(root: Element) -> list[tuple[tuple, str, str, dict]]:
    """The rules of every <style> element, as (specificity and order, kind, name, declarations),
    weakest first. Only simple selectors: an element name, .class, #id, or *."""
    rules = []
    styles = [element for element in walk_tree(root) if element.tag == "style" and not element.foreign]
    for element in styles:
        css = re.sub(r"/\*.*?\*/", "", element.all_text(), flags=re.S)
        css = re.sub(r"@font-face\s*\{[^}]*\}", "", css)  # fonts: text is set in the kit's font
        if "@" in css:
            raise ArtworkError(f"the <style> rule '{css[css.index('@'):].split('{')[0].strip()}' is not supported "
                               "(element, .class and #id rules only)", element.line)
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
            declarations = declarations_of(body)
            for selector in selectors.split(","):
                rules.append(rule_of(selector.strip(), declarations, len(rules), element.line))
    rules.sort(key=lambda rule: rule[0])
    return rules


def rule_of(selector: str, declarations: dict, order: int, line: int) -> tuple[tuple, str, str, dict]:
    if selector == "*":
        return (0, order), "*", "", declarations
    match = re.fullmatch(r"([A-Za-z][\w-]*)?([.#])?([\w-]+)?", selector)
    if not match or not selector or (match.group(2) and not match.group(3)) or (match.group(1) and match.group(2)):
        raise ArtworkError(f"the <style> selector '{selector}' is not supported (use .class, #id or an element "
                           "name, as drawing programs export)", line)
    tag, mark, name = match.groups()
    if mark is None:
        return (1, order), "tag", tag, declarations
    return ((2 if mark == "." else 3), order), "class" if mark == "." else "id", name, declarations


def declarations_of(text: str) -> dict:
    """'fill:#fff; stroke : red !important' -> {'fill': '#fff', 'stroke': 'red'}."""
    out = {}
    for part in text.split(";"):
        if ":" in part:
            key, value = (s.strip() for s in part.split(":", 1))
            out[key] = value.replace("!important", "").strip()
    return out


def walk_tree(element: Element):
    stack = [element]
    while stack:
        element = stack.pop()
        yield element
        stack.extend(reversed(element.children))


class _Importer:
    """One file's walk: the style sheet it applies and the shapes made so far."""

    def __init__(self, rules: list):
        self.rules = rules
        self.shapes: list = []
        self.points = 0

    def walk(self, element: Element, matrix: Matrix, inherited: dict, depth: int) -> None:
        if element.foreign or element.tag in NOT_DRAWN:
            return  # editor data (Inkscape's sodipodi:namedview), titles, definitions: nothing to draw
        if element.tag in UNSUPPORTED:
            raise ArtworkError(f"<{element.tag}> is not supported in board artwork: {UNSUPPORTED[element.tag]} "
                               "(flat shapes only)", element.line)
        if element.tag not in CONTAINERS | SHAPES:
            raise ArtworkError(f"<{element.tag}> is not an element board artwork reads (flat shapes, groups and "
                               "text)", element.line)
        style = self.style_of(element, inherited)
        if style.get("display") == "none":
            return  # a hidden layer
        if element.tag == "svg" and depth and element.get("viewBox") is not None:
            raise ArtworkError("an <svg> inside the drawing with its own viewBox is not supported (paste its "
                               "contents as a group)", element.line)
        matrix = multiply(matrix, transform(element.get("transform", ""), element.line))
        if element.tag in CONTAINERS:
            children = element.children
            if element.tag == "switch":  # the first alternative a viewer can show
                children = [child for child in children if child.tag != "foreignObject" and not child.foreign][:1]
            for child in children:
                self.walk(child, matrix, style, depth + 1)
            return
        if style.get("visibility") in ("hidden", "collapse"):
            return
        drawn = shape_of(element, matrix, style)
        self.points += sum(len(getattr(shape, "points", ())) for shape in drawn)
        if self.points > MAX_POINTS:
            raise ArtworkError(f"the artwork has more than {MAX_POINTS:,} points once its curves are flattened "
                               "(simplify its paths)", element.line)
        self.shapes.extend(drawn)

    def style_of(self, element: Element, inherited: dict) -> dict:
        """The element's properties: inherited ones, then its presentation attributes, then the
        style sheet's rules (weakest first), then its `style` attribute, as CSS cascades them."""
        style = {key: value for key, value in inherited.items() if key in INHERITED}
        style.update({key: value for key, value in element.attrib.items() if key in PRESENTATION})
        classes = set(element.get("class", "").split())
        for _, kind, name, declarations in self.rules:
            if (kind == "*" or (kind == "tag" and name == element.tag) or (kind == "class" and name in classes)
                    or (kind == "id" and name == element.get("id"))):
                style.update(declarations)
        style.update(declarations_of(element.get("style", "")))
        # a group's opacity fades everything in it: the product down the tree
        style["opacity"] = str(fraction(style.get("opacity"), "opacity", element.line)
                               * fraction(inherited.get("opacity"), "opacity", element.line))
        return style


def fraction(value: str | None, what: str, line: int) -> float:
    """An opacity: a number from 0 to 1 or a percentage (clamped, as CSS clamps it)."""
    if value is None or value == "":
        return 1.0
    match = re.fullmatch(rf"\s*({NUMBER})\s*(%?)\s*", value)
    if not match:
        raise ArtworkError(f"{what}='{value}' is not a number from 0 to 1 (or a percentage)", line)
    number = float(match.group(1)) / (100 if match.group(2) else 1)
    return max(0.0, min(1.0, number)) if math.isfinite(number) else 1.0


def paint_of(style: dict, scale: float, line: int) -> Style:
    fill, stroke = colour(style.get("fill"), line), colour(style.get("stroke"), line)
    opacity = fraction(style.get("opacity"), "opacity", line)
    opacity *= fraction(style.get("fill-opacity" if fill else "stroke-opacity"), "fill-opacity", line)
    return Style(fill=fill, stroke=stroke,
                 stroke_width=round(length(style.get("stroke-width") or "1", "stroke-width", line) * scale, 4),
                 opacity=opacity)


def shape_of(e: Element, m: Matrix, style: dict) -> list:
    """The drawing model's shapes for one SVG shape element."""
    f = lambda name: length(e.get(name, "0"), name, e.line)  # noqa: E731 (attribute as a length)
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    paint = paint_of(style, scale, e.line)
    if e.tag == "rect":
        x, y, w, h = f("x"), f("y"), f("width"), f("height")
        return [Polygon(apply(m, ((x, y), (x + w, y), (x + w, y + h), (x, y + h))), paint)]
    if e.tag in ("circle", "ellipse"):
        rx = f("r") if e.tag == "circle" else f("rx")
        ry = f("r") if e.tag == "circle" else f("ry")
        cx, cy = f("cx"), f("cy")
        return [Polygon(apply(m, tuple((cx + rx * math.cos(a / 36 * math.tau), cy + ry * math.sin(a / 36 * math.tau))
                                       for a in range(36))), paint)]
    if e.tag == "line":
        (x1, y1), (x2, y2) = apply(m, ((f("x1"), f("y1")), (f("x2"), f("y2"))))
        return [Line(x1, y1, x2, y2, paint)]
    if e.tag in ("polyline", "polygon"):
        numbers = numbers_in(e.get("points", ""), "points", e.line)
        if len(numbers) % 2:
            raise ArtworkError(f"<{e.tag}> points has an odd count of numbers ({len(numbers)}): each point is x y",
                               e.line)
        points = apply(m, tuple(zip(numbers[::2], numbers[1::2])))
        return [Polygon(points, paint) if e.tag == "polygon" else Path(points, paint)]
    if e.tag == "path":
        return path_shapes(path_points(e.get("d", ""), e.line), m, paint)
    size = length(style.get("font-size") or "16", "font-size", e.line) * scale
    (x, y), = apply(m, ((f("x"), f("y")),))
    anchor = style.get("text-anchor", "start")
    return [Text(x, y, e.all_text().strip(), round(size, 3), fill=colour(style.get("fill"), e.line) or "#000000",
                 anchor=anchor if anchor in ("start", "middle", "end") else "start")]


def path_shapes(subpaths: list[tuple[list, bool]], m: Matrix, paint: Style) -> list:
    """A filled path is one outline (its holes drawn through it, as before); a path that is only
    stroked is one line per subpath, with no stroke joining one to the next."""
    subpaths = [(points, closed) for points, closed in subpaths if points]
    if not subpaths:
        return []
    if paint.fill or len(subpaths) == 1:
        points = tuple(point for part, _ in subpaths for point in part)
        closed = subpaths[-1][1]
        return [Polygon(apply(m, points), paint) if closed and paint.fill else Path(apply(m, points), paint, closed)]
    return [Path(apply(m, tuple(points)), paint, closed) for points, closed in subpaths]


def colour(value: str | None, line: int) -> str | None:
    if value is None:
        return None
    value = value.strip().lower()
    if value in ("none", "transparent", ""):
        return None
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return value
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return "#" + "".join(ch * 2 for ch in value[1:4])
    if value.startswith(("rgb(", "rgba(")):
        return rgb_colour(value, line)
    if value in NAMED:
        return NAMED[value]
    if value.startswith("url("):
        raise ArtworkError(f"the paint {value} (a gradient or pattern) is not supported: use a plain colour", line)
    raise ArtworkError(f"the colour '{value}' is not supported (use #rrggbb, rgb() or a basic name)", line)


def rgb_colour(value: str, line: int) -> str:
    """rgb(255, 0, 0), rgb(100% 0% 0%) or rgba(..., 1) as #rrggbb, each channel clamped to 0-255."""
    match = re.fullmatch(r"rgba?\(([^)]*)\)", value)
    parts = [p for p in re.split(r"[\s,/]+", match.group(1).strip()) if p] if match else []
    if len(parts) not in (3, 4) or not all(re.fullmatch(rf"{NUMBER}%?", p) for p in parts):
        raise ArtworkError(f"the colour '{value}' is not rgb(red, green, blue)", line)
    channels = [float(p[:-1]) * 255 / 100 if p.endswith("%") else float(p) for p in parts[:3]]
    if len(parts) == 4 and fraction(parts[3], "alpha", line) < 1:
        raise ArtworkError(f"the colour '{value}' is see-through: give the shape an opacity instead", line)
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in channels)


TRANSFORM_ARGUMENTS = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,),
                       "skewY": (1,)}


def transform(text: str, line: int) -> Matrix:
    """A transform list ('translate(10 20) rotate(45)') as one matrix."""
    calls = re.findall(r"([A-Za-z]+)\s*\(([^)]*)\)", text)
    if re.sub(r"[A-Za-z]+\s*\([^)]*\)", "", text).strip(" ,\t\r\n"):
        raise ArtworkError(f"transform='{text}' is not a list of name(numbers)", line)
    matrix = IDENTITY
    for name, args in calls:
        if name not in TRANSFORM_ARGUMENTS:
            raise ArtworkError(f"transform {name}() is not supported (matrix, translate, scale, rotate, skewX, "
                               "skewY)", line)
        v = numbers_in(args, f"transform {name}()", line)
        if len(v) not in TRANSFORM_ARGUMENTS[name]:
            counts = " or ".join(str(n) for n in TRANSFORM_ARGUMENTS[name])
            raise ArtworkError(f"transform {name}() needs {counts} numbers, found {len(v)}: '{name}({args})'", line)
        matrix = multiply(matrix, transform_step(name, v))
    if max(abs(v) for v in matrix) > MAX_EXTENT:
        raise ArtworkError(f"transform='{text}' scales or moves the artwork beyond any page", line)
    return matrix


def transform_step(name: str, v: list[float]) -> Matrix:
    if name == "matrix":
        return tuple(v)
    if name == "translate":
        return (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
    if name == "scale":
        return (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
    if name in ("skewX", "skewY"):
        t = math.tan(math.radians(v[0]))
        return (1, 0, t, 1, 0, 0) if name == "skewX" else (1, t, 0, 1, 0, 0)
    a = math.radians(v[0])
    cx, cy = (v[1], v[2]) if len(v) == 3 else (0, 0)
    return multiply(multiply((1, 0, 0, 1, cx, cy), (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)),
                    (1, 0, 0, 1, -cx, -cy))


def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m: Matrix, points) -> tuple[tuple[float, float], ...]:
    a, b, c, d, e, f = m
    return tuple((round(a * x + c * y + e, 4), round(b * x + d * y + f, 4)) for x, y in points)


PATH_TOKEN = re.compile(rf"[MmLlHhVvCcSsQqTtAaZz]|{NUMBER}")
PATH_ARGUMENTS = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}


def path_tokens(d: str, line: int) -> list[str]:
    tokens = PATH_TOKEN.findall(d)
    rest = PATH_TOKEN.sub(" ", d).replace(",", " ").strip()
    if rest:
        raise ArtworkError(f"path data has '{rest.split()[0]}' where a command or a number belongs", line)
    if tokens and tokens[0] not in "Mm":
        raise ArtworkError(f"path data starts with '{tokens[0]}': it must start with a move (M or m)", line)
    return tokens


def path_points(d: str, line: int) -> list[tuple[list, bool]]:
    """Path data as subpaths: each a polyline (curves and arcs flattened) and whether it closes."""
    tokens = path_tokens(d, line)
    pen = _Pen()
    i, command = 0, "M"
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        kind = command.upper()
        count = PATH_ARGUMENTS[kind]
        args = tokens[i:i + count]
        if len(args) < count or any(token.isalpha() for token in args):
            found = len([t for t in args if not t.isalpha()])
            raise ArtworkError(f"path command '{command}' needs {count} numbers, found {found}", line)
        pen.draw(kind, command.islower(), [finite(float(t), "path data", line) for t in args])
        i += count
        if kind == "M":
            command = "l" if command == "m" else "L"  # numbers after a move are lines
        if kind == "Z" and i < len(tokens) and not tokens[i].isalpha():
            raise ArtworkError("path data has numbers after a close (Z) with no command", line)
    return pen.subpaths


class _Pen:
    """Where path data's pen is, and the subpaths it has drawn."""

    def __init__(self):
        self.x = self.y = 0.0
        self.start = (0.0, 0.0)
        self.subpaths: list[tuple[list, bool]] = []
        self.last_control: tuple[float, float] | None = None  # for S and T: the previous curve's last control

    def to(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self.subpaths[-1][0].append((x, y))

    def draw(self, kind: str, rel: bool, v: list[float]) -> None:
        ox, oy = (self.x, self.y) if rel else (0.0, 0.0)
        control, self.last_control = self.last_control, None
        if kind == "M":
            self.subpaths.append(([], False))
            self.start = (v[0] + ox, v[1] + oy)
            self.to(*self.start)
            return
        if kind == "Z":
            if self.subpaths:
                self.subpaths[-1] = (self.subpaths[-1][0], True)
            self.x, self.y = self.start
            return
        if self.subpaths[-1][1]:  # drawing on after a close starts a new subpath where the last began
            self.subpaths.append(([self.start], False))
        if kind == "L":
            self.to(v[0] + ox, v[1] + oy)
        elif kind in "HV":
            self.to(v[0] + ox, self.y) if kind == "H" else self.to(self.x, v[0] + (self.y if rel else 0.0))
        elif kind == "A":
            for point in arc(self.x, self.y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, v[5] + ox, v[6] + oy):
                self.to(*point)
        else:
            self.curve(kind, [(v[j] + ox, v[j + 1] + oy) for j in range(0, len(v), 2)], control)

    def curve(self, kind: str, ctrl: list, control) -> None:
        if kind in "ST":  # the first control point mirrors the previous curve's last one
            mirrored = (2 * self.x - control[0], 2 * self.y - control[1]) if control else (self.x, self.y)
            ctrl = [mirrored] + ctrl
            kind = "C" if kind == "S" else "Q"
        x0, y0 = self.x, self.y
        for step in range(1, 13):
            t = step / 12
            if kind == "C":
                (x1, y1), (x2, y2), (x3, y3) = ctrl
                px = (1 - t) ** 3 * x0 + 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t * t * x2 + t ** 3 * x3
                py = (1 - t) ** 3 * y0 + 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t * t * y2 + t ** 3 * y3
            else:
                (x1, y1), (x2, y2) = ctrl
                px = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * x1 + t * t * x2
                py = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * y1 + t * t * y2
            self.subpaths[-1][0].append((px, py))
        self.x, self.y = ctrl[-1]
        self.last_control = ctrl[-2]


def arc(x1: float, y1: float, rx: float, ry: float, rotation: float, large: bool, sweep: bool,
        x2: float, y2: float) -> list[tuple[float, float]]:
    """An elliptical arc as points, after the SVG specification's centre parametrisation (F.6.5)."""
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or (x1, y1) == (x2, y2):
        return [(x2, y2)]
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if grow > 1:  # radii too small to reach: scaled up, as the specification says
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = max(0.0, rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp)
    root = math.sqrt(num / (rx * rx * yp * yp + ry * ry * xp * xp)) * (-1 if large == sweep else 1)
    cxp, cyp = root * rx * yp / ry, -root * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    delta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - start
    if sweep and delta < 0:
        delta += math.tau
    elif not sweep and delta > 0:
        delta -= math.tau
    steps = max(2, math.ceil(abs(delta) / (math.pi / 24)))
    points = []
    for step in range(1, steps + 1):
        angle = start + delta * step / steps
        ex, ey = rx * math.cos(angle), ry * math.sin(angle)
        points.append((cx + cos * ex - sin * ey, cy + sin * ex + cos * ey))
    points[-1] = (x2, y2)
    return points
