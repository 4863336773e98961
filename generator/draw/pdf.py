"""PDF backend: `Drawing`s (millimetres, y down) to PDF pages, with reportlab.

Millimetres are the model's unit; points exist only here. Each page is drawn with
one transform (mm -> pt, y flipped), so shapes are written with their own numbers.
Fonts are TrueType files embedded as subsets (DejaVu Sans, which covers the symbols
the games use; reportlab's bundled Vera, DejaVu's ancestor, as a fallback).

Shapes with a `role` (or `cell`) are wrapped in a marked-content sequence
`/RP <</Role (..) /Cell (..)>> BDC ... EMC`, so tests and tools can read the
geometry of trims, crop marks or tiles back out of the file. Marked content does
not change how the page looks.

`render_pdf` gives reproducible bytes: reportlab's invariant mode fixes the
creation date and the document id, and nothing else depends on time or order.
"""
from __future__ import annotations

import io
import math
from contextvars import ContextVar
from hashlib import sha256
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Callable, Optional, Sequence

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.rl_accel import escapePDF
from reportlab.lib.units import mm as MM
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap
from reportlab.pdfgen.canvas import Canvas

import reportlab

from generator.draw.shapes import (Circle, Drawing, FontRef, Group, Image, Line, Path, Polygon, Rect,
                                   Shape, Style, Text, picture_rect)

FONT_DIRS = (
    FilePath("/usr/share/fonts/truetype/dejavu"),  # Debian/Ubuntu: fonts-dejavu-core
    FilePath("/usr/share/fonts/dejavu"),  # Fedora, Arch
    FilePath("/usr/local/share/fonts/dejavu"),
)
REGULAR = "RulepressSans"
BOLD = "RulepressSans-Bold"


@dataclass(frozen=True)
class FontFiles:
    regular: FilePath
    bold: FilePath
    family: str  # what the files are, for messages and docs


@lru_cache(maxsize=1)
def font_files() -> FontFiles:
    """DejaVu Sans if installed, otherwise reportlab's bundled Bitstream Vera."""
    for folder in FONT_DIRS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            return FontFiles(regular, bold, "DejaVu Sans")
    bundled = FilePath(reportlab.__file__).parent / "fonts"
    return FontFiles(bundled / "Vera.ttf", bundled / "VeraBd.ttf", "Bitstream Vera Sans")


def subset_tag(face: bytes, glyphs: Sequence[int], taken: set[str]) -> str:
    """Six capitals for a font subset's name ("QXBRNM+DejaVuSans"), made from the face and the
    characters the subset holds, so that two subsets of a file, or of two files merged later,
    share a tag only when they are the same subset; another draw if the file has it already."""
    seed = face + b"\0" + ",".join(map(str, glyphs)).encode("ascii")
    attempt = 0
    while True:
        digest = sha256(seed + b"\0" + str(attempt).encode("ascii")).digest()
        tag = "".join(chr(ord("A") + byte % 26) for byte in digest[:6])
        if tag not in taken:
            taken.add(tag)
            return tag
        attempt += 1


class TaggedTTFont(TTFont):
    """A TrueType font embedded as reportlab embeds it, but for its subsets' tags: reportlab
    numbers them AAAAAA+, AAAAAB+, ... in every file, so the regular and bold faces (and any
    two files' subsets) all start AAAAAA+, which tools that merge or read PDFs take for one font."""

    def addObjects(self, doc):
        # reportlab's TTFont.addObjects (5.x), but for the tag
        try:
            state = self.state[doc]
        except KeyError:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        taken = doc.__dict__.setdefault("rulepress_subset_tags", set())
        for index, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(index, doc)[1:]
            face_name = self.face.name + self.face.subfontNameX
            base_name = subset_tag(face_name, subset, taken) + "+" + face_name.decode("pdfdoc")
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = f"Font {self.fontName} subset {index}"
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
            cmap = pdfdoc.PDFStream()
            cmap.content = makeToUnicodeCMap(base_name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self.face.addSubsetObjects(doc, base_name, subset)
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]


@lru_cache(maxsize=1)
def register_fonts() -> tuple[str, str]:
    """Register the regular and bold fonts with reportlab (once per process)."""
    files = font_files()
    pdfmetrics.registerFont(TaggedTTFont(REGULAR, str(files.regular)))
    pdfmetrics.registerFont(TaggedTTFont(BOLD, str(files.bold)))
    return REGULAR, BOLD


# The designer's font text is measured in while a deck in it is laid out (draw/fonts.measured_in):
# the layout code asks text_width and has_glyph, as for the built-in font, and gets its answers.
MEASURED = ContextVar("rulepress_measured_font", default=None)


@lru_cache(maxsize=None)
def designer_face(path: str, stamp: tuple = ()) -> str:
    """reportlab's name for a designer's font file, registered on first use (in each process:
    kits are made in children). `stamp`: the file's size and time, so an edited file is read again."""
    name = "Designer-" + sha256(f"{path}\0{stamp}".encode("utf-8")).hexdigest()[:12]
    pdfmetrics.registerFont(TaggedTTFont(name, path))
    return name


def face_file(font: FontRef, bold: bool) -> str:
    """The file a font sets regular or bold text in (its regular one when it has no bold)."""
    return font.bold if bold and font.bold else font.regular


def face_name(bold: bool, font: Optional[FontRef] = None) -> str:
    """reportlab's name of the face text is set in: `font`'s, else the one being measured in,
    else the built-in DejaVu Sans."""
    font = font or MEASURED.get()
    if font is None:
        register_fonts()
        return BOLD if bold else REGULAR
    path = face_file(font, bold)
    stat = FilePath(path).stat()
    return designer_face(path, (stat.st_size, stat.st_mtime_ns))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Advance width in mm of `text` at font size `size` mm."""
    return pdfmetrics.stringWidth(text, face_name(bold), size)


def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the embedded font draws `char` (so callers can avoid empty boxes)."""
    return ord(char) in pdfmetrics.getFont(face_name(bold)).face.charToGlyph


@lru_cache(maxsize=512)
def colour(value: str):
    return colors.toColor(value)


def escape_pdf_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


KAPPA = 0.5522847498  # control-point distance of a quarter circle drawn as a Bezier curve


@lru_cache(maxsize=1 << 16)  # a kit writes ~600,000 numbers but ~3,000 distinct ones (grids, sizes)
def n(value: float) -> str:
    """A number for the content stream: at most 4 decimals, no trailing zeros. (Cached: 1, 1.0 and
    True share an entry, and -0.0 and 0.0; each pair has the same text.)"""
    if value == int(value):
        return str(int(value))
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@lru_cache(maxsize=1024)
def colour_op(value: str, op: str) -> str:
    c = colour(value)
    return f"{n(round(c.red, 4))} {n(round(c.green, 4))} {n(round(c.blue, 4))} {op}"


CMYK_OPS = {"rg": "k", "RG": "K"}  # fill, stroke


def cmyk_op(ink, value: str, op: str) -> str:
    """The colour as CMYK fill or stroke operators, through `ink` (draw/cmyk.CmykInk)."""
    return " ".join(n(round(v / 100, 4)) for v in ink.cmyk(value)) + " " + CMYK_OPS[op]


class Painter:
    """Writes shapes as PDF content-stream operators for one page whose user space
    is mm with y down (set up by `render_pdf`).

    Operators are written directly rather than through reportlab's drawing calls,
    which format every number in pure Python and dominate the build time; reportlab
    still handles fonts (subsetting, embedding), images and the file structure.
    """

    def __init__(self, canvas: Canvas, resolve_image: Optional[Callable[[str], str]] = None,
                 reused: frozenset = frozenset(), ink=None):
        self.c = canvas
        self.ink = ink  # draw/cmyk.CmykInk: every colour written as CMYK (None: as sRGB's rg/RG)
        self.resolve_image = resolve_image
        self.ops: list[str] = []
        self.fonts = {False: pdfmetrics.getFont(REGULAR), True: pdfmetrics.getFont(BOLD)}
        self.reused = reused  # ids of shape tuples drawn more than once: written once as forms
        self.forms: dict[int, str] = {}
        self.pictures: dict[str, tuple] = {}  # href -> (ImageReader, mask): each file decoded once

    def flush(self) -> None:
        """Hand the operators written so far to the canvas (before reportlab writes its own)."""
        if self.ops:
            self.c.addLiteral("\n".join(self.ops))
            self.ops.clear()  # the same list: callers may hold it

    # -- state -----------------------------------------------------------------------
    def colour(self, value: str, op: str) -> str:
        return colour_op(value, op) if self.ink is None else cmyk_op(self.ink, value, op)

    def paint_op(self, style: Style) -> Optional[str]:
        """Set colours and line style for `style`; return the painting operator (None: invisible)."""
        ops = self.ops
        fill, stroke = style.fill, style.stroke
        if style.opacity != 1.0:
            if self.ink is not None:  # print without transparency: the caller makes drawings solid
                raise ValueError("a translucent shape on a CMYK page: draw/opaque.solid makes it solid first")
            ops.append(self.alpha(style.opacity))
        if fill:
            ops.append(self.colour(fill, "rg"))
        if stroke:
            ops.append(self.colour(stroke, "RG"))
            ops.append(f"{n(style.stroke_width)} w")
            if style.dash:
                ops.append(f"[{' '.join(n(d) for d in style.dash)}] 0 d")
        if fill and stroke:
            return "B"
        if fill:
            return "f"
        if stroke:
            return "S"
        return None

    def alpha(self, opacity: float) -> str:
        """The operators that set fill and stroke opacity, inside the shape's q ... Q.

        Not reportlab's setFillAlpha: it writes `gs` only when the value differs from the one
        it last set, not knowing our Q undid it (a second translucent shape came out opaque),
        and it keeps a form's states out of the form's resources (Ghostscript: "Couldn't find
        named resource"). The states are still named in the canvas's own table of the page or
        form being written, which reportlab puts in that page's resources, and `form` in a form's."""
        names = self.c._extgstate._c  # (key, value) -> name, for the stream being written
        ops = []
        for key in ("ca", "CA"):
            state = (key, opacity)
            if state not in names:
                names[state] = f"gRLs{len(names)}"
            ops.append(f"/{names[state]} gs")
        return " ".join(ops)

    def begin_tag(self, shape) -> bool:
        role = getattr(shape, "role", "")
        cell = getattr(shape, "cell", "")
        if not (role or cell):
            return False
        props = []
        if role:
            props.append(f"/Role ({escape_pdf_text(role)})")
        if cell:
            props.append(f"/Cell ({escape_pdf_text(cell)})")
        self.ops.append(f"/RP <<{' '.join(props)}>> BDC")
        return True

    # -- shapes ----------------------------------------------------------------------
    def draw(self, shapes: Sequence[Shape]) -> None:
        for shape in shapes:
            self.shape(shape)

    def shape(self, shape: Shape) -> None:
        tagged = self.begin_tag(shape)
        ops = self.ops
        if isinstance(shape, Group):
            self.group(shape)
        elif isinstance(shape, Text):
            self.text(shape)
        elif isinstance(shape, Image):
            self.image(shape)
        else:
            ops.append("q")
            paint = self.paint_op(shape.style)
            if isinstance(shape, Rect):
                if shape.rx:
                    self.rounded_rect(shape.x, shape.y, shape.w, shape.h, min(shape.rx, shape.w / 2, shape.h / 2))
                else:
                    ops.append(f"{n(shape.x)} {n(shape.y)} {n(shape.w)} {n(shape.h)} re")
            elif isinstance(shape, Line):
                ops.append(f"{n(shape.x1)} {n(shape.y1)} m {n(shape.x2)} {n(shape.y2)} l")
                paint = "S" if shape.style.stroke else None
            elif isinstance(shape, Circle):
                self.circle(shape.cx, shape.cy, shape.r)
            elif isinstance(shape, (Polygon, Path)):
                closed = isinstance(shape, Polygon) or shape.closed
                self.polyline(shape.points, closed)
                if not closed:
                    paint = "S" if shape.style.stroke else None
            else:  # pragma: no cover - the model is closed
                raise TypeError(f"not a shape: {shape!r}")
            ops.append(paint or "n")
            ops.append("Q")
            if isinstance(shape, Path) and shape.arrow and not shape.closed and len(shape.points) >= 2:
                self.arrow_head(shape.points[-2], shape.points[-1], shape.style)
        if tagged:
            self.ops.append("EMC")

    def polyline(self, points, closed: bool) -> None:
        if not points:
            return
        (x0, y0), rest = points[0], points[1:]
        self.ops.append(f"{n(x0)} {n(y0)} m " + " ".join(f"{n(x)} {n(y)} l" for x, y in rest)
                        + (" h" if closed else ""))

    def circle(self, cx: float, cy: float, r: float) -> None:
        k = r * KAPPA
        self.ops.append(
            f"{n(cx + r)} {n(cy)} m "
            f"{n(cx + r)} {n(cy + k)} {n(cx + k)} {n(cy + r)} {n(cx)} {n(cy + r)} c "
            f"{n(cx - k)} {n(cy + r)} {n(cx - r)} {n(cy + k)} {n(cx - r)} {n(cy)} c "
            f"{n(cx - r)} {n(cy - k)} {n(cx - k)} {n(cy - r)} {n(cx)} {n(cy - r)} c "
            f"{n(cx + k)} {n(cy - r)} {n(cx + r)} {n(cy - k)} {n(cx + r)} {n(cy)} c h")

    def rounded_rect(self, x: float, y: float, w: float, h: float, r: float) -> None:
        k = r * (1 - KAPPA)
        x1, y1 = x + w, y + h
        self.ops.append(
            f"{n(x + r)} {n(y)} m {n(x1 - r)} {n(y)} l {n(x1 - k)} {n(y)} {n(x1)} {n(y + k)} {n(x1)} {n(y + r)} c "
            f"{n(x1)} {n(y1 - r)} l {n(x1)} {n(y1 - k)} {n(x1 - k)} {n(y1)} {n(x1 - r)} {n(y1)} c "
            f"{n(x + r)} {n(y1)} l {n(x + k)} {n(y1)} {n(x)} {n(y1 - k)} {n(x)} {n(y1 - r)} c "
            f"{n(x)} {n(y + r)} l {n(x)} {n(y + k)} {n(x + k)} {n(y)} {n(x + r)} {n(y)} c h")

    def arrow_head(self, start, end, style: Style) -> None:
        """A filled triangle like the SVG marker: 10 stroke widths long, centred on the end."""
        (x1, y1), (x2, y2) = start, end
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        size = 5 * style.stroke_width
        tip = (x2 + ux * size, y2 + uy * size)
        base = (x2 - ux * size, y2 - uy * size)
        left = (base[0] - uy * size, base[1] + ux * size)
        right = (base[0] + uy * size, base[1] - ux * size)
        self.shape(Polygon((tip, left, right), Style(fill=style.stroke or "#000000")))

    def text(self, shape: Text) -> None:
        if not shape.text:
            return
        font = self.fonts[shape.bold] if shape.font is None else pdfmetrics.getFont(face_name(shape.bold, shape.font))
        size = shape.size
        offset = 0.0
        if shape.anchor != "start":
            advance = font.stringWidth(shape.text, size)
            offset = -advance / 2 if shape.anchor == "middle" else -advance
        ops = self.ops
        ops.append("q")
        if shape.rotate:
            angle = math.radians(shape.rotate)  # y is down, so a positive angle turns clockwise
            cos, sin = math.cos(angle), math.sin(angle)
            ops.append(f"{n(round(cos, 6))} {n(round(sin, 6))} {n(round(-sin, 6))} {n(round(cos, 6))} "
                       f"{n(shape.x)} {n(shape.y)} cm")
        else:
            ops.append(f"1 0 0 1 {n(shape.x)} {n(shape.y)} cm")
        ops.append(self.colour(shape.fill, "rg"))
        # flip y back so glyphs stand upright; the text matrix starts at the anchor offset
        parts = [f"BT 1 0 0 -1 {n(offset)} 0 Tm"]
        doc = self.c._doc
        for subset, chunk in font.splitString(shape.text, doc):
            name = font.getSubsetInternalName(subset, doc)
            parts.append(f"{name} {n(size)} Tf ({escapePDF(chunk)}) Tj")
        parts.append("ET")
        ops.append(" ".join(parts))
        ops.append("Q")

    def image(self, shape: Image) -> None:
        """The picture clipped to its box, turned about the box's centre. Its pixels are read
        once per document (self.pictures) and reportlab names an image XObject by its pixels'
        digest, so a picture on every card of a deck is embedded once."""
        x, y, w, h = picture_rect(shape)
        ops = self.ops
        ops.append("q")
        if shape.rotate:
            cx, cy = shape.x + shape.w / 2, shape.y + shape.h / 2
            angle = math.radians(shape.rotate)
            cos, sin = round(math.cos(angle), 6), round(math.sin(angle), 6)
            ops.append(f"1 0 0 1 {n(cx)} {n(cy)} cm {n(cos)} {n(sin)} {n(-sin)} {n(cos)} 0 0 cm "
                       f"1 0 0 1 {n(-cx)} {n(-cy)} cm")
        if (x, y, w, h) != (shape.x, shape.y, shape.w, shape.h):
            ops.append(f"{n(shape.x)} {n(shape.y)} {n(shape.w)} {n(shape.h)} re W n")
        ops.append(f"1 0 0 -1 {n(x)} {n(y + h)} cm")  # the image's rows run down, as on paper
        self.flush()
        reader, mask = self.picture(shape.href)
        self.c.drawImage(reader, 0, 0, w, h, mask=mask)
        ops.append("Q")

    def picture(self, href: str):
        """(ImageReader, mask) for a picture file, made once per document."""
        if href not in self.pictures:
            from reportlab.lib.utils import ImageReader

            from generator.draw.pictures import upright

            source = self.resolve_image(href) if self.resolve_image else href
            pixels = upright(FilePath(source))
            if self.ink is not None:  # CMYK pixels, transparency laid on paper: no mask
                self.pictures[href] = (ImageReader(self.ink.picture(pixels)), None)
            else:
                self.pictures[href] = (ImageReader(pixels), "auto")
        return self.pictures[href]

    def group(self, group: Group) -> None:
        ops = self.ops
        ops.append("q")
        if group.dx or group.dy:
            ops.append(f"1 0 0 1 {n(group.dx)} {n(group.dy)} cm")
        if group.rotate:
            angle = math.radians(group.rotate)
            cos, sin = round(math.cos(angle), 6), round(math.sin(angle), 6)
            ops.append(f"{n(cos)} {n(sin)} {n(-sin)} {n(cos)} 0 0 cm")
        if group.mirror_x:
            ops.append("-1 0 0 1 0 0 cm")
        if group.scale != 1.0:
            ops.append(f"{n(group.scale)} 0 0 {n(group.scale)} 0 0 cm")
        if group.clip is not None:
            x, y, w, h = group.clip
            ops.append(f"{n(x)} {n(y)} {n(w)} {n(h)} re W n")
        if id(group.shapes) in self.reused:
            self.flush()
            self.c.doForm(self.form(group.shapes))
        else:
            self.draw(group.shapes)
        ops.append("Q")

    def form(self, shapes: tuple) -> str:
        """The name of a Form XObject holding these shapes, defined on first use."""
        key = id(shapes)
        if key not in self.forms:
            name = f"rp{len(self.forms)}"
            self.forms[key] = name
            self.flush()
            saved = self.ops
            self.ops = []
            self.c.beginForm(name, -FORM_EXTENT, -FORM_EXTENT, FORM_EXTENT, FORM_EXTENT)
            self.draw(shapes)
            self.flush()
            self.c.endForm()
            give_form_states(self.c, name)
            self.ops = saved
        return self.forms[key]


FORM_EXTENT = 5000  # a form's bounding box (mm, in its own space): never the thing that clips


def give_form_states(canvas: Canvas, name: str) -> None:
    """The form's resources as reportlab would write them (its fonts, procsets, the forms and
    images it draws), with its transparency states, which reportlab records (form.ExtGState)
    but leaves out."""
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not form.ExtGState:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()  # reportlab's forms have images (hasImages)
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    form.Resources = resources


def reused_shapes(pages: Sequence["PdfPage"]) -> frozenset:
    """Ids of the shape tuples that several groups draw (card backs, repeated tokens)."""
    seen: dict[int, int] = {}

    def walk(shapes):
        for shape in shapes:
            if isinstance(shape, Group):
                if len(shape.shapes) >= 3:
                    seen[id(shape.shapes)] = seen.get(id(shape.shapes), 0) + 1
                    if seen[id(shape.shapes)] > 1:
                        continue  # its insides were counted the first time
                walk(shape.shapes)

    for page in pages:
        walk(page.drawing.shapes)
    return frozenset(key for key, count in seen.items() if count > 1)


Box = tuple[float, float, float, float]  # x, y, w, h in mm from the page's top-left


@dataclass(frozen=True)
class PdfPage:
    """One page: its drawing (whose size is the paper size) and optional print boxes."""

    drawing: Drawing
    trim_box: Optional[Box] = None
    bleed_box: Optional[Box] = None


def pdf_box(box: Box, page_height: float) -> tuple[float, float, float, float]:
    """A top-left mm box as a PDF rectangle [llx lly urx ury] in points."""
    x, y, w, h = box
    return (round(x * MM, 4), round((page_height - y - h) * MM, 4),
            round((x + w) * MM, 4), round((page_height - y) * MM, 4))


def render_pdf(pages: Sequence[PdfPage], *, title: str, author: str, subject: str = "",
               keywords: str = "", resolve_image: Optional[Callable[[str], str]] = None, ink=None,
               compressed: bool = True) -> bytes:
    """The pages as one PDF document, reproducible byte for byte; with `ink` (draw/cmyk.CmykInk)
    every colour and picture in CMYK (draw/pdfx.py makes a PDF/X-1a file of it). `compressed=False`:
    a PDF read once in memory and dropped (a face to rasterise), spared deflating its pages."""
    register_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=int(compressed), initialFontName=REGULAR)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setKeywords(keywords)
    canvas.setCreator("Rulepress")
    painter = Painter(canvas, resolve_image, reused_shapes(pages), ink)
    for page in pages:
        width, height = page.drawing.width, page.drawing.height
        canvas.setPageSize((width * MM, height * MM))
        for name in ("trim", "bleed"):
            box = getattr(page, f"{name}_box")
            canvas.setCropBox(pdf_box(box, height) if box else None, name=name)
        # one transform per page: mm -> pt (72/25.4, written exactly enough for 0.001 mm), y down
        painter.ops.append(f"q {MM:.9f} 0 0 {-MM:.9f} 0 {height * MM:.6f} cm")
        painter.draw(page.drawing.shapes)
        painter.ops.append("Q")
        painter.flush()
        canvas.showPage()
    with binary_streams():
        canvas.save()
    return out.getvalue()


@contextmanager
def binary_streams():
    """While a PDF is saved: its compressed streams written as bytes, not in reportlab's default
    ASCII85 text, which is a quarter larger and which pypdf decodes in pure Python (the A5
    booklet reads its book back: half a second of a catalogue's typesetting)."""
    previous = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = previous
