"""Pictures of a game's components, made from the very drawings its print-and-play kit prints.

Every export (print-on-demand cards, Tabletopia, Tabletop Simulator) rasterises the kit's own
`Drawing`s: each is drawn as a one-page PDF by the kit's renderer (generator/draw/pdf.py) and
that page is rendered by PDFium (pypdfium2), so an exported card is the kit's card, pixel for
pixel, and no component is ever drawn a second way.

A card drawing carries the deck's bleed (cards.py); a shop may ask for more bleed than the
deck has (The Game Crafter's 1/8" is 3.175 mm, a deck's default 3 mm). The missing strip is
filled by repeating the art's outermost pixels outward (what shops' own tools do), so the
trim and everything inside it stay exactly the kit's.

Images are RGB, in sRGB (the PDF's colours are sRGB and PDFium renders them as they are);
PNG bytes depend only on the pixels and the dpi (no time, no software name).
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Optional

from generator.draw.shapes import Drawing, Group

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from generator.draw.pdf import PdfPage

# Pillow, PDFium and reportlab are imported where they are used: a site without kits (or with
# exports off) builds without loading any of them.

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
SRGB_PERCEPTUAL = 0  # the sRGB chunk's rendering intent; Pillow keeps it as info["srgb"]
PNG_LEVEL = 2  # zlib-ng level, fixed so the same pixels give the same bytes (see png_bytes)


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH


def px_to_mm(px: float, dpi: float) -> float:
    return px * MM_PER_INCH / dpi


# -- drawings as pages, pages as images ----------------------------------------------------
def placed_page(drawing: Drawing, width_mm: float, height_mm: float, scale: float = 1.0) -> PdfPage:
    """A page of `width_mm` x `height_mm` with `drawing` at its centre, enlarged by `scale`;
    what falls outside the page is cut off (the PDF's own page edge)."""
    from generator.draw.pdf import PdfPage

    dx = (width_mm - drawing.width * scale) / 2
    dy = (height_mm - drawing.height * scale) / 2
    placed = Group(drawing.shapes, dx=round(dx, 6), dy=round(dy, 6), scale=round(scale, 9))
    return PdfPage(Drawing(width_mm, height_mm, (placed,), title=drawing.title))


def drawing_pdf(drawing: Drawing, width_mm: float, height_mm: float, scale: float = 1.0) -> bytes:
    """A one-page PDF of the drawing placed as `placed_page` places it."""
    return pages_pdf([drawing], width_mm, height_mm, scale)


def pages_pdf(drawings: list[Drawing], width_mm: float, height_mm: float, scale: float = 1.0) -> bytes:
    """One PDF, a page per drawing, all of one size: a deck's cards share fonts and forms, so
    one document costs far less than one per card."""
    from generator.draw.pdf import render_pdf

    pages = [placed_page(drawing, width_mm, height_mm, scale) for drawing in drawings]
    # rasterised and dropped: deflating its pages would only be undone by PDFium
    return render_pdf(pages, title=drawings[0].title or "component" if drawings else "", author="", compressed=False)


def rasterise(pdf_bytes: bytes, dpi: float, size: Optional[tuple[int, int]] = None) -> PILImage.Image:
    """The PDF's first page at `dpi`, as an RGB image on white, tagged sRGB. `size`: the exact
    pixel size wanted (PDFium rounds a page's size up, which may add one row or column)."""
    return next(rasterise_pages(pdf_bytes, dpi, size))


def rasterise_pages(pdf_bytes: bytes, dpi: float, size: Optional[tuple[int, int]] = None) -> Iterator[PILImage.Image]:
    """Every page of the PDF, as `rasterise` renders one."""
    import pypdfium2 as pdfium  # imported here: a build without exports never loads PDFium

    from generator.draw.screen import render_page

    document = pdfium.PdfDocument(pdf_bytes)
    try:
        for index in range(len(document)):
            image = render_page(document[index], dpi, size)
            image.info["srgb"] = SRGB_PERCEPTUAL
            yield image
    finally:
        document.close()


def png_bytes(image: PILImage.Image, dpi: float) -> bytes:
    """The image as PNG: RGB (or RGBA, a cut-out token), an sRGB chunk, its dpi (pHYs), no time
    or text chunks; the bytes depend on the pixels and the dpi alone (and zlib-ng's version,
    pinned with the other libraries that make the exports' bytes).

    Written here rather than by Pillow's PNG writer, which tries five filters on every row and
    keeps the best (libpng's heuristic): on a shop's card (825 x 1125 px) that choice took half
    of the encoding's time, and rows left unfiltered compress as small or smaller, because a
    card is large flat areas that deflate finds as repeats. Measured on SHOOT's 40 first Game
    Crafter faces: Pillow at level 3, 0.78 s of CPU and 3.05 MB; unfiltered at level 3, 0.37 s
    and 2.80 MB (level 1: 0.37 s, 2.89 MB; level 6: no smaller, slower; Pillow at level 0,
    unfiltered and uncompressed, 0.55 s for 111 MB). Deflated by zlib-ng, zlib's faster
    successor (the same format, read by every PNG reader): on the catalogue's first 60 export
    pictures, 1.96 ms a picture and 3.14 MB at its level 2, against zlib's 7.2 ms and 3.37 MB
    at level 3, a quarter of the exports' CPU."""
    import struct

    from zlib_ng import zlib_ng

    kept = image if image.mode in ("RGB", "RGBA") else image.convert("RGB")
    pixels, stride = memoryview(kept.tobytes()), kept.width * len(kept.mode)
    rows = bytearray((stride + 1) * kept.height)  # each row led by its filter byte, 0: none
    for y in range(kept.height):  # slices copied into place: a third quicker than joining new rows
        start = y * (stride + 1) + 1
        rows[start:start + stride] = pixels[y * stride:(y + 1) * stride]
    per_metre = round(dpi / 0.0254)
    header = struct.pack(">IIBBBBB", kept.width, kept.height, 8, 2 if kept.mode == "RGB" else 6, 0, 0, 0)
    return b"".join([PNG_SIGNATURE, png_chunk(b"IHDR", header), png_chunk(b"sRGB", bytes([SRGB_PERCEPTUAL])),
                     png_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     png_chunk(b"IDAT", zlib_ng.compress(rows, PNG_LEVEL)), png_chunk(b"IEND", b"")])


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_chunk(kind: bytes, data: bytes) -> bytes:
    import struct
    import zlib

    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def raster_versions() -> str:
    """The libraries that turn a drawing into pixels (a new PDFium may draw an edge a shade
    apart), for the keys of what is kept between builds."""
    import PIL
    import pypdfium2
    from zlib_ng import zlib_ng

    return (f"Pillow {PIL.__version__}; pypdfium2 {pypdfium2.version.PYPDFIUM_INFO}; PDFium {pypdfium2.version.PDFIUM_INFO}; "
            f"zlib-ng {zlib_ng.ZLIBNG_VERSION}")


def cut_to_disc(image: PILImage.Image) -> PILImage.Image:
    """A round token's square picture made RGBA, clear outside its disc (a virtual table shows
    the token's shape by its picture's transparency), the edge smoothed."""
    from PIL import Image as PILImage, ImageDraw

    grain = 4  # the disc drawn 4 times larger and shrunk: a smooth edge
    mask = PILImage.new("L", (image.width * grain, image.height * grain), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, mask.width - 1, mask.height - 1), fill=255)
    cut = image.convert("RGBA")
    cut.putalpha(mask.resize(image.size, PILImage.LANCZOS))
    return cut


# -- a component at a print size ----------------------------------------------------------
@dataclass(frozen=True)
class Target:
    """A picture a shop or a table asks for: its pixel size, its resolution, and how much of it
    (pixels on each side) is bleed around the trim."""

    width_px: int
    height_px: int
    dpi: float
    bleed_px: float = 0.0

    def __post_init__(self):
        if self.width_px <= 0 or self.height_px <= 0 or self.dpi <= 0 or self.bleed_px < 0:
            raise ValueError(f"not a picture size: {self!r}")

    @property
    def trim_px(self) -> tuple[float, float]:
        return self.width_px - 2 * self.bleed_px, self.height_px - 2 * self.bleed_px


def render_at(drawing: Drawing, target: Target, trim_mm: tuple[float, float], art_bleed_mm: float = 0.0) -> PILImage.Image:
    """`drawing` (its trim `trim_mm`, with `art_bleed_mm` of bleed art round it) as the picture
    `target` asks for: the trim scaled to cover the target's trim (the same size when they
    match), centred; bleed the art lacks is its edge pixels repeated outward."""
    return next(render_many([drawing], target, trim_mm, art_bleed_mm))


def render_many(drawings: list[Drawing], target: Target, trim_mm: tuple[float, float],
                art_bleed_mm: float = 0.0) -> Iterator[PILImage.Image]:
    """`render_at` for drawings of one trim (a deck's cards), drawn as one PDF."""
    if not drawings:
        return
    trim_w, trim_h = target.trim_px
    scale = max(trim_w / mm_to_px(trim_mm[0], target.dpi), trim_h / mm_to_px(trim_mm[1], target.dpi))
    page_mm = (px_to_mm(target.width_px, target.dpi), px_to_mm(target.height_px, target.dpi))
    pdf = pages_pdf(drawings, *page_mm, scale=scale)
    size = (target.width_px, target.height_px)
    for drawing, image in zip(drawings, rasterise_pages(pdf, target.dpi, size)):
        yield extend_edges(image, art_box(drawing, scale, target))


def art_box(drawing: Drawing, scale: float, target: Target) -> tuple[int, int, int, int]:
    """The pixels (left, top, right, bottom) the centred drawing covers whole."""
    w = mm_to_px(drawing.width * scale, target.dpi)
    h = mm_to_px(drawing.height * scale, target.dpi)
    left = max(0, math.ceil((target.width_px - w) / 2 - 1e-6))
    top = max(0, math.ceil((target.height_px - h) / 2 - 1e-6))
    right = min(target.width_px, math.floor((target.width_px + w) / 2 + 1e-6))
    bottom = min(target.height_px, math.floor((target.height_px + h) / 2 + 1e-6))
    return left, top, right, bottom


def extend_edges(image: PILImage.Image, covered: tuple[int, int, int, int]) -> PILImage.Image:
    """The pixels outside `covered` filled with the nearest covered row or column, repeated."""
    from PIL import Image as PILImage

    left, top, right, bottom = covered
    width, height = image.size
    if (left, top, right, bottom) == (0, 0, width, height) or right <= left or bottom <= top:
        return image
    image = image.copy()
    for x0, x1, column in ((0, left, left), (right, width, right - 1)):  # sideways first ...
        if x1 > x0:
            strip = image.crop((column, top, column + 1, bottom)).resize((x1 - x0, bottom - top), PILImage.NEAREST)
            image.paste(strip, (x0, top))
    for y0, y1, row in ((0, top, top), (bottom, height, bottom - 1)):  # ... then the full rows, corners too
        if y1 > y0:
            strip = image.crop((0, row, width, row + 1)).resize((width, y1 - y0), PILImage.NEAREST)
            image.paste(strip, (0, y0))
    image.info["srgb"] = SRGB_PERCEPTUAL
    return image


def render_plain(drawing: Drawing, px_per_mm: float, limit: int = 0) -> PILImage.Image:
    """The whole drawing at `px_per_mm` (rounded to whole pixels), shrunk if need be so that no
    side exceeds `limit` px (0: no limit), keeping its proportions."""
    scale = 1.0
    if limit:
        scale = min(1.0, limit / (drawing.width * px_per_mm), limit / (drawing.height * px_per_mm))
    width = max(1, min(limit or 10**9, round(drawing.width * px_per_mm * scale)))
    height = max(1, min(limit or 10**9, round(drawing.height * px_per_mm * scale)))
    dpi = px_per_mm * scale * MM_PER_INCH
    return rasterise(drawing_pdf(drawing, px_to_mm(width, dpi), px_to_mm(height, dpi)), dpi, (width, height))


# -- a game's components, as the kit draws them ------------------------------------------
KINDS = ("card-front", "card-back", "board", "token", "sheet")


@dataclass(frozen=True)
class KitPiece:
    """One distinct picture of a game's kit. `width_mm` x `height_mm` is its trim (a card's
    drawing is larger by `bleed_mm` on each side; other drawings are their trim); `count`:
    how many of it the game has; `group`: its deck, token set, board or sheet (the spec's
    name); `index`: its place in that group (0, 1, ...)."""

    name: str  # unique in the game, safe in a file name: "<group>-<index>"
    kind: str  # one of KINDS
    drawing: Drawing
    width_mm: float
    height_mm: float
    count: int
    group: str
    index: int
    title: str = ""  # the drawing's own name (a card's title), for manifests
    bleed_mm: float = 0.0
    shape: str = ""  # a token's: "round" | "square"

    def __post_init__(self):
        if self.kind not in KINDS or self.count < 1 or self.width_mm <= 0 or self.height_mm <= 0:
            raise ValueError(f"not a kit piece: {self.name} {self.kind} x{self.count}")


def deck_pieces(deck, fronts: list, backs: list) -> Iterator[KitPiece]:
    """A deck's distinct faces and backs in order (`fronts` and `backs`: every card's drawing),
    each named by its deck and side and counted."""
    for kind, drawings in (("card-front", fronts), ("card-back", backs)):
        side = "front" if kind == "card-front" else "back"
        for index, (drawing, count) in enumerate(counted(drawings)):
            yield KitPiece(f"{deck.name}-{side}-{index + 1:03d}", kind, drawing, deck.width, deck.height, count,
                           deck.name, index, drawing.title, deck.bleed)


def kit_pieces(components, artwork) -> Iterator[KitPiece]:
    """Every distinct card face and back (deck by deck), board, token and sheet of the game,
    from the kit's own drawings (`artwork`: the kit's full-colour kit.build.Artwork), each with
    how many of it the game has. The whole game (no edition: every card of every deck)."""
    for deck in components.decks:
        yield from deck_pieces(deck, *artwork.cards(deck, None))
    for spec, drawing in artwork.boards:
        yield KitPiece(f"{spec.name}", "board", drawing, drawing.width, drawing.height, 1, spec.name, 0, spec.title)
    for spec, drawings in artwork.tokens:
        for index, (drawing, count) in enumerate(counted(drawings)):
            yield KitPiece(f"{spec.name}-{index + 1:03d}", "token", drawing, drawing.width, drawing.height, count,
                           spec.name, index, drawing.title or spec.title, shape=spec.shape)
    for spec, drawings in artwork.sheets:
        for index, (drawing, count) in enumerate(counted(drawings)):
            yield KitPiece(f"{spec.name}-{index + 1:03d}", "sheet", drawing, drawing.width, drawing.height, count,
                           spec.name, index, drawing.title or spec.title)


def counted(drawings: list[Drawing]) -> list[tuple[Drawing, int]]:
    """The distinct drawings in first-seen order, each with how often it occurs. The artwork
    draws a repeated face once (the same object); tokens are drawn per copy, so equal
    drawings count as one too."""
    counts: dict = {}
    for drawing in drawings:
        key = drawing_key(drawing)
        found = counts.get(key)
        counts[key] = (drawing, 1) if found is None else (found[0], found[1] + 1)
    return list(counts.values())


def drawing_key(drawing: Drawing):
    try:
        hash(drawing)
        return drawing  # equal drawings (tuples of frozen shapes) are one picture
    except TypeError:  # a shape holding something unhashable: the same object only
        return id(drawing)

