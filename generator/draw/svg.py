"""SVG backend: a `Drawing` (millimetres, y down) to SVG text, with svgwrite.

The SVG's user unit is the millimetre (viewBox in mm), so every coordinate of the
model is written as is. Shapes that carry a `role` or `cell` get `data-role` /
`data-cell` attributes, which walkthroughs and tests use to find them.

Standard library and svgwrite only: this module also runs in the browser (Pyodide).

Transform conventions shared with the PDF backend:
* `Group`: translate (dx, dy), then rotate (degrees, clockwise), then mirror_x, then scale
  (a horizontal flip about the group's own x = 0); `clip` is a rectangle in the
  group's own coordinates.
* `Text`: `y` is the baseline; `rotate` turns the text clockwise about (x, y).
"""
from __future__ import annotations

import base64
import hashlib
from pathlib import Path as FilePath
from typing import Callable, Optional

import svgwrite

from generator.draw.shapes import (Circle, Drawing, Group, Image, Line, Path, Polygon, Rect, picture_rect,
                                   Shape, Style, Text)
from generator.draw.theme import ThemeWalk, neutral_tone
from generator.xmltext import xml_text

FONT_FAMILY = "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif"


def font_family(shape: Text) -> str:
    """The text's font-family: a designer's font by the name the site's @font-face gives it
    (site/assets.py), the built-in stack after it; a face of the reader's system (a CJK kit's)
    with its own fallbacks."""
    if shape.font is None:
        return FONT_FAMILY
    return f"'{shape.font.family}', {shape.font.fallback or FONT_FAMILY}"


def num(value: float) -> str:
    """A coordinate as short, stable text (3 decimals: a micrometre)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(points, closed: bool) -> str:
    """SVG path data through the points (a polygon or polyline as one `path`)."""
    if not points:
        return "M0,0"
    steps = [f"M{num(points[0][0])},{num(points[0][1])}"]
    steps += [f"L{num(x)},{num(y)}" for x, y in points[1:]]
    if closed:
        steps.append("Z")
    return " ".join(steps)


def data_uri(path: FilePath) -> str:
    import mimetypes  # here, not at the top: a first diagram in Pyodide should not pay for it

    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class _Writer:
    """Turns shapes into svgwrite elements; holds the clip-path counter of one SVG."""

    def __init__(self, doc: svgwrite.Drawing, id_prefix: str,
                 resolve_image: Optional[Callable[[str], str]], themed: bool = False):
        self.doc = doc
        self.id_prefix = id_prefix
        self.resolve_image = resolve_image
        self.themed = themed
        self.clips = 0
        self.markers: dict[str, str] = {}
        self.walk = ThemeWalk()  # where board colours lie so far: which words keep their colour

    def style(self, style: Style) -> dict:
        attrs = {"fill": style.fill or "none"}
        if style.stroke:
            attrs["stroke"] = style.stroke
            attrs["stroke-width"] = num(style.stroke_width)
            if style.dash:
                attrs["stroke-dasharray"] = " ".join(num(d) for d in style.dash)
        if style.opacity != 1.0:
            attrs["opacity"] = num(style.opacity)
        return self.theme_classes(attrs, style.fill, style.stroke)

    def theme_classes(self, attrs: dict, fill: Optional[str], stroke: Optional[str]) -> dict:
        """For the site's diagrams: the neutral paper and ink colours get a class the page's
        stylesheet maps to the theme (the attribute stays as the colour without the stylesheet)."""
        if self.themed:
            classes = [f"rp-{tone}-{part}" for part, colour in (("fill", fill), ("stroke", stroke))
                       if (tone := neutral_tone(colour))]
            if classes:
                attrs["class"] = " ".join(classes)
        return attrs

    @staticmethod
    def tags(element, shape) -> None:
        role = getattr(shape, "role", "")
        cell = getattr(shape, "cell", "")
        if role:
            element.attribs["data-role"] = xml_text(role)
        if cell:
            element.attribs["data-cell"] = xml_text(cell)

    def arrow_marker(self, colour: str) -> str:
        if colour not in self.markers:
            marker_id = f"{self.id_prefix}a{len(self.markers)}"
            marker = self.doc.marker(id=marker_id, insert=(5, 5), size=(10, 10),
                                     orient="auto", markerUnits="strokeWidth")
            marker.viewbox(0, 0, 10, 10)
            marker.add(self.doc.path(d="M0,0 L10,5 L0,10 z", fill=colour))
            self.doc.defs.add(marker)
            self.markers[colour] = marker_id
        return self.markers[colour]

    def element(self, shape: Shape):
        doc = self.doc
        if isinstance(shape, Rect):
            el = doc.rect(insert=(num(shape.x), num(shape.y)), size=(num(shape.w), num(shape.h)),
                          **self.style(shape.style))
            if shape.rx:
                el.attribs["rx"] = num(shape.rx)
        elif isinstance(shape, Line):
            el = doc.line(start=(num(shape.x1), num(shape.y1)), end=(num(shape.x2), num(shape.y2)),
                          **self.style(shape.style))
        elif isinstance(shape, Circle):
            el = doc.circle(center=(num(shape.cx), num(shape.cy)), r=num(shape.r),
                            **self.style(shape.style))
        elif isinstance(shape, Polygon):
            el = doc.path(d=path_data(shape.points, closed=True), **self.style(shape.style))
        elif isinstance(shape, Path):
            attrs = self.style(shape.style)
            if not shape.closed:
                attrs["fill"] = "none"
            el = doc.path(d=path_data(shape.points, closed=shape.closed), **attrs)
            if shape.arrow and not shape.closed:
                colour = shape.style.stroke or "#000000"
                el.attribs["marker-end"] = f"url(#{self.arrow_marker(colour)})"
        elif isinstance(shape, Text):
            # a card's words come from data files and engines' drawings, which nothing else cleans
            el = doc.text(xml_text(shape.text), insert=(num(shape.x), num(shape.y)))
            # text on a piece or a coloured space keeps its ink; text on the paper follows the theme
            on_colour = self.themed and self.walk.keeps_colour(shape)
            el.attribs.update({"font-size": num(shape.size), "fill": shape.fill, "font-family": font_family(shape)})
            if not on_colour:
                self.theme_classes(el.attribs, shape.fill, None)
            if shape.anchor != "start":
                el.attribs["text-anchor"] = shape.anchor
            if shape.bold:
                el.attribs["font-weight"] = "bold"
            if shape.rotate:
                el.attribs["transform"] = f"rotate({num(shape.rotate)} {num(shape.x)} {num(shape.y)})"
            if shape.length > 0:
                el.attribs["textLength"] = num(shape.length)
                el.attribs["lengthAdjust"] = "spacingAndGlyphs"
        elif isinstance(shape, Image):
            el = self.image(shape)
        elif isinstance(shape, Group):
            el = self.group(shape)
        else:  # pragma: no cover - the model is closed
            raise TypeError(f"not a shape: {shape!r}")
        self.tags(el, shape)
        if self.themed and not isinstance(shape, (Text, Group)):
            self.walk.note(shape)
        return el

    def image(self, shape: Image):
        """The picture where its fit puts it, inside a nested <svg> of the box's size: a nested
        viewport clips what overflows ("cover") with no clip-path id to keep unique."""
        doc = self.doc
        href = self.resolve_image(shape.href) if self.resolve_image else shape.href
        x, y, w, h = picture_rect(shape)
        picture = doc.image(href=href, insert=(num(x - shape.x), num(y - shape.y)), size=(num(w), num(h)))
        picture.attribs["preserveAspectRatio"] = "none"  # the fit is computed: the rectangle is exact
        box = doc.svg(insert=(num(shape.x), num(shape.y)), size=(num(shape.w), num(shape.h)))
        box.add(picture)
        if not shape.rotate:
            return box
        turned = doc.g(transform=f"rotate({num(shape.rotate)} {num(shape.x + shape.w / 2)} "
                                 f"{num(shape.y + shape.h / 2)})")
        turned.add(box)
        return turned

    def group(self, group: Group):
        el = self.doc.g()
        transform = []
        if group.dx or group.dy:
            transform.append(f"translate({num(group.dx)} {num(group.dy)})")
        if group.rotate:
            transform.append(f"rotate({num(group.rotate)})")
        if group.mirror_x:
            transform.append("scale(-1 1)")
        if group.scale != 1.0:
            transform.append(f"scale({num(group.scale)})")
        if transform:
            el.attribs["transform"] = " ".join(transform)
        if group.clip is not None:
            clip_id = f"{self.id_prefix}c{self.clips}"
            self.clips += 1
            clip = self.doc.clipPath(id=clip_id)
            x, y, w, h = group.clip
            clip.add(self.doc.rect(insert=(num(x), num(y)), size=(num(w), num(h))))
            self.doc.defs.add(clip)
            # clip-path on the group uses the group's own user space (its transform applies)
            el.attribs["clip-path"] = f"url(#{clip_id})"
        outer = self.walk.enter(group)
        for shape in group.shapes:
            el.add(self.element(shape))
        self.walk.leave(outer)
        return el


def to_svg(drawing: Drawing, *, width: str | None = None, height: str | None = None,
           id_prefix: str | None = None, css_class: str = "",
           resolve_image: Optional[Callable[[str], str]] = None, themed: bool = False) -> str:
    """The drawing as a standalone SVG document (text, no XML declaration).

    `width`/`height` default to the drawing's size in mm; "" leaves the attribute out
    (the viewBox keeps the aspect ratio and CSS sets the size). `id_prefix` keeps clip-path ids unique when several SVGs share an HTML
    page; by default it is derived from the drawing itself, so output is stable.
    `resolve_image` maps an `Image.href` to what the SVG should reference (e.g. a
    data URI from `data_uri`). `themed`: neutral paper and ink colours carry classes
    (rp-paper-fill, rp-ink-fill, rp-ink-stroke ...) so the page's theme can restyle them.
    """
    if id_prefix is None:
        id_prefix = "d" + hashlib.sha1(repr(drawing).encode("utf-8")).hexdigest()[:8]
    width = f"{num(drawing.width)}mm" if width is None else width
    height = f"{num(drawing.height)}mm" if height is None else height
    doc = svgwrite.Drawing(size=(width or "100%", height or "100%"), profile="full", debug=False)
    for name, value in (("width", width), ("height", height)):
        if not value:
            del doc.attribs[name]
    doc.viewbox(0, 0, num(drawing.width), num(drawing.height))
    doc.attribs["role"] = "img"
    if css_class:
        doc.attribs["class"] = css_class
    if drawing.title:
        doc.set_desc(title=xml_text(drawing.title))
    writer = _Writer(doc, id_prefix, resolve_image, themed)
    for shape in drawing.shapes:
        doc.add(writer.element(shape))
    return doc.tostring()
