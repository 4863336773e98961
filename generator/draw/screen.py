"""Drawings with pictures as PNGs for a web page: the site's previews of cards and components
whose drawings hold an `Image`.

A page shows its previews through `<img src="….svg">`, and a browser loads nothing an SVG
shown as an image names (no external picture: it is an image, not a document), so a card's art
would show blank. Inlining the SVG would load every picture at its print resolution (a
megabyte a card) whether the reader looks or not; base64 inside each SVG would repeat a
picture in every card that shows it. So a drawing with pictures is also rendered as PNGs at
the sizes the page shows it (1x and 2x, for `srcset`): small, lazily loaded, with the SVG a
click away for the vector original.

The PNGs are the kit's own pixels: the drawing is laid out as a PDF page by the kit's
renderer (draw/pdf.py) and rendered by PDFium, as the exports rasterise (exports/raster.py).
The bytes depend on the pixels only (fixed zlib level, no time or text chunks).
"""
from __future__ import annotations

import io
from typing import Iterable, Sequence

from generator.draw.shapes import Drawing, Group, Image, Shape

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
PNG_LEVEL = 6  # fixed, so the same pixels give the same bytes


def has_picture(shapes: Iterable[Shape]) -> bool:
    """Whether any of the shapes (groups searched) is a picture."""
    return any(isinstance(shape, Image) or (isinstance(shape, Group) and has_picture(shape.shapes))
               for shape in shapes)


def pixel_size(drawing: Drawing, px_per_mm: float) -> tuple[int, int]:
    return max(1, round(drawing.width * px_per_mm)), max(1, round(drawing.height * px_per_mm))


def screen_pngs(drawings: Sequence[Drawing], px_per_mm: Sequence[float]) -> list[tuple[bytes, ...]]:
    """Each drawing as PNG bytes at each of `px_per_mm` (in that order), on white. The drawings
    go into one PDF (a picture several of them show is read and embedded once)."""
    import pypdfium2 as pdfium  # a site without pictures never loads PDFium

    from generator.draw.pdf import PdfPage, render_pdf

    if not drawings:
        return []
    document = pdfium.PdfDocument(render_pdf([PdfPage(drawing) for drawing in drawings],
                                             title="previews", author=""))
    try:
        return [tuple(_png(document[index], drawing, scale) for scale in px_per_mm)
                for index, drawing in enumerate(drawings)]
    finally:
        document.close()


def _png(page, drawing: Drawing, px_per_mm: float) -> bytes:
    image = render_page(page, px_per_mm * MM_PER_INCH, pixel_size(drawing, px_per_mm))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_LEVEL, optimize=False)
    return out.getvalue()


def render_page(page, dpi: float, size: tuple[int, int] | None = None):
    """A PDFium page at `dpi` as an RGB image on white; `size`: the exact pixel size wanted
    (PDFium rounds a page's size up: at most a pixel to take off, or to add). The exports
    rasterise their faces through it too (exports/raster.py)."""
    from PIL import Image as PILImage

    bitmap = page.render(scale=dpi / PT_PER_INCH, fill_color=(255, 255, 255, 255))
    image = bitmap.to_pil()  # RGB, decoded from PDFium's BGR: a copy of its own
    if image.mode != "RGB":
        image = image.convert("RGB")
    if size is not None and image.size != size:
        image = image.crop((0, 0, *size)) if image.width >= size[0] and image.height >= size[1] \
            else image.resize(size, PILImage.LANCZOS)
    return image
