"""Read geometry back out of a PDF page: every rectangle and line, in millimetres
from the page's top-left corner, with the role of the marked-content sequence
(`/RP <</Role (...)>> BDC`) it was drawn in. Follows the current transformation
matrix through q/Q/cm and into Form XObjects, so what it reports is where things
really land on the paper, whatever the writer's internal structure."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT_PER_MM = 72 / 25.4


@dataclass
class Item:
    kind: str  # "rect" | "line"
    role: str
    points: list  # page mm, y down
    paint: str = ""  # the painting operator that ended its path ("n" for none, "W n" for clips)
    cell: str = ""  # the board cell it belongs to, if any

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    @property
    def length(self) -> float:
        (x1, y1), (x2, y2) = self.points
        return ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5


def multiply(m, ctm):
    a1, b1, c1, d1, e1, f1 = m
    a2, b2, c2, d2, e2, f2 = ctm
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


@dataclass
class PageGeometry:
    width: float  # mm
    height: float
    items: list = field(default_factory=list)
    roles: list = field(default_factory=list)  # every marked-content role, in drawing order
    texts: list = field(default_factory=list)  # (size on paper in pt, text) of every text shown

    def with_role(self, prefix: str) -> list[Item]:
        return [i for i in self.items if i.role.startswith(prefix)]


def page_geometry(reader: PdfReader, page) -> PageGeometry:
    box = page.mediabox
    geometry = PageGeometry(float(box.width) / PT_PER_MM, float(box.height) / PT_PER_MM)
    _walk(reader, ContentStream(page.get_contents(), reader), page["/Resources"],
          (1, 0, 0, 1, 0, 0), [], geometry)
    return geometry


def _walk(reader, stream, resources, ctm, roles, geometry):
    stack = []
    pending: list[Item] = []
    current = None
    font_size, text_matrix = 0.0, (1, 0, 0, 1, 0, 0)

    def to_mm(x, y):
        a, b, c, d, e, f = ctm
        px, py = a * x + c * y + e, b * x + d * y + f
        return px / PT_PER_MM, geometry.height - py / PT_PER_MM

    def role():
        for r in reversed(roles):
            if r[0]:
                return r[0]
        return ""

    def cell():
        for r in reversed(roles):
            if r[1]:
                return r[1]
        return ""

    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == "BDC":
            props = operands[1] if len(operands) > 1 and hasattr(operands[1], "get") else {}
            roles.append((str(props.get("/Role", "")), str(props.get("/Cell", ""))))
            if roles[-1][0]:
                geometry.roles.append(roles[-1][0])
        elif op == "BMC":
            roles.append(("", ""))
        elif op == "EMC":
            roles.pop()
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            item = Item("rect", role(), [to_mm(x, y), to_mm(x + w, y), to_mm(x + w, y + h), to_mm(x, y + h)],
                        cell=cell())
            pending.append(item)
        elif op == "m":
            current = to_mm(float(operands[0]), float(operands[1]))
        elif op == "l":
            end = to_mm(float(operands[0]), float(operands[1]))
            pending.append(Item("line", role(), [current, end]))
            current = end
        elif op in ("W", "W*"):
            for item in pending:
                item.paint = "W"
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            for item in pending:
                item.paint = (item.paint + " " + op).strip()
                geometry.items.append(item)
            pending = []
        elif op == "BT":
            text_matrix = (1, 0, 0, 1, 0, 0)
        elif op == "Tf":
            font_size = float(operands[1])
        elif op == "Tm":
            text_matrix = tuple(float(v) for v in operands)
        elif op in ("Tj", "TJ", "'", '"'):
            shown = operands[-1]
            text = "".join(str(part) for part in shown if not isinstance(part, (int, float))) \
                if isinstance(shown, list) else str(shown)
            if text.strip():
                a, b, c, d, _e, _f = multiply(text_matrix, ctm)
                geometry.texts.append((font_size * (abs(a * d - b * c)) ** 0.5, text))
        elif op == "Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                inner = xobject.get("/Resources", resources)
                _walk(reader, ContentStream(xobject, reader), inner, multiply(matrix, ctm), roles, geometry)


def contains(outer, inner, tolerance=1e-6) -> bool:
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    return (ix >= ox - tolerance and iy >= oy - tolerance and ix + iw <= ox + ow + tolerance
            and iy + ih <= oy + oh + tolerance)


def overlaps(a, b) -> bool:
    """Whether two boxes share area (touching edges do not count)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw - 1e-6 and bx < ax + aw - 1e-6 and ay < by + bh - 1e-6 and by < ay + ah - 1e-6


def segment_enters_box(segment, box, tolerance: float = 1e-6) -> bool:
    """Whether a segment reaches into the box's interior (touching its edge does not count)."""
    (x1, y1), (x2, y2) = segment
    bx, by, bw, bh = box
    lo_x, hi_x = sorted((x1, x2))
    lo_y, hi_y = sorted((y1, y2))
    return (lo_x < bx + bw - tolerance and hi_x > bx + tolerance
            and lo_y < by + bh - tolerance and hi_y > by + tolerance)


ROLE = re.compile(rb"/Role \(((?:[^()\\]|\\.)*)\)")


def page_roles(page) -> list[str]:
    """The marked-content roles written in a page's own content stream, in order: a fast
    way to count things (cards, tokens) without following the geometry."""
    return [m.group(1).decode("latin-1") for m in ROLE.finditer(page.get_contents().get_data())]
