"""Card faces and backs as drawings.

A card drawing is the card with its bleed: (width + 2*bleed) x (height + 2*bleed),
the trim starting at (bleed, bleed). Backgrounds fill the whole bleed so a cut a
little off the line shows no white edge; text stays inside the safe zone
(`safe` mm inside the trim).

Front: a coloured frame (the background) holding the title and corner indices,
and a light panel holding the icon, the big value and the body text, which
shrinks to fit. The ink-saver variant drops the full-bleed fills and draws the
frame as an outline in the card's colour.
"""
from __future__ import annotations

import math

from generator.draw.shapes import Circle, Drawing, Group, Line, Path, Rect, Style
from generator.kit import colour as colours
from generator.kit import text as fit
from generator.kit.spec import CardBack, CardFace, DeckSpec


def front_drawing(face: CardFace, deck: DeckSpec, ink_saver: bool = False) -> Drawing:
    """A card's face: its frame (background, corner indices, title, footer), then its panel."""
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    shapes, frame_ink, panel = card_background(face, deck, ink_saver)
    band_top, band_bottom = frame_texts(face, deck, frame_ink, shapes)
    left, right, top, bottom = b + s, b + w - s, b + s, b + h - s
    px, py = left, top + band_top
    pw, ph = right - left, (bottom - band_bottom) - py
    shapes.append(Rect(px, py, pw, ph, Style(fill=panel, stroke=None if not ink_saver else
                                             colours.lighten(face.background, 0.5), stroke_width=0.3),
                       rx=2.0, role="card-panel"))
    shapes += panel_contents(face, deck, panel, (px, py, pw, ph))
    return Drawing(w + 2 * b, h + 2 * b, tuple(shapes), title=face.title or face.value)


def card_background(face: CardFace, deck: DeckSpec, ink_saver: bool) -> tuple[list, str, str]:
    """The background shapes, the frame's ink and the panel's colour (ink saver: white, outlined)."""
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    if not ink_saver:
        return [Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=face.background), role="card-background")], face.ink, face.panel
    shapes = [Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=colours.WHITE)),
              Rect(b + s / 2, b + s / 2, w - s, h - s, Style(stroke=face.background, stroke_width=0.8), rx=2.5)]
    frame_ink = colours.ink_on(colours.WHITE) if colours.luminance(face.background) > 0.4 else face.background
    return shapes, frame_ink, colours.WHITE


def frame_texts(face: CardFace, deck: DeckSpec, frame_ink: str, shapes: list) -> tuple[float, float]:
    """Adds the corner indices, title and footer to `shapes`; the heights they take at the top and bottom."""
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    left, right, top, bottom = b + s, b + w - s, b + s, b + h - s
    inner_w = right - left
    corner_size = min(6.0, w * 0.09)
    corner_w = 0.0
    if face.corner:
        corner = fit.line(left, top + corner_size, face.corner, size=corner_size, max_width=inner_w * 0.25,
                          fill=frame_ink, bold=True)
        corner_w = corner.length
        shapes.append(corner)
        shapes.append(fit.line(right, bottom - corner_size, face.corner, size=corner_size,
                               max_width=inner_w * 0.25, fill=frame_ink, bold=True, rotate=180))
    band_top = max(corner_size + 1.5 if face.corner else 0.0, 0.0)
    if face.title:
        title_size = min(4.4, h * 0.05)
        title_width = inner_w - 2 * (corner_w + 1.5) if face.corner else inner_w
        shapes.append(fit.line(b + w / 2, top + title_size, face.title, size=title_size,
                               max_width=title_width, min_size=2.2, fill=frame_ink, anchor="middle",
                               bold=True))
        band_top = max(band_top, title_size + 2.0)
    band_bottom = corner_size + 1.5 if face.corner else 0.0
    if face.footer:
        footer_size = min(2.6, h * 0.03)
        footer_width = inner_w - 2 * (corner_w + 1.5) if face.corner else inner_w
        shapes.append(fit.line(b + w / 2, bottom - 0.6, face.footer, size=footer_size,
                               max_width=footer_width, min_size=1.6, fill=frame_ink, anchor="middle"))
        band_bottom = max(band_bottom, footer_size + 1.8)
    return band_top, band_bottom


def panel_contents(face: CardFace, deck: DeckSpec, panel: str, box: tuple[float, float, float, float]) -> list:
    """The icon and value (the "hero") above the body text, inside the panel `box` (x, y, w, h)."""
    px, py, pw, ph = box
    w = deck.width
    shapes: list = []
    panel_ink = colours.ink_on(panel)
    hero = bool(face.icon or face.value)
    body_h = ph * (0.55 if hero else 1.0) if face.body else 0.0
    hero_h = ph - body_h
    if hero:
        cx = px + pw / 2
        if face.icon and face.value:
            icon_size = min(hero_h * 0.34, pw * 0.3)
            value_size = min(hero_h * 0.46, pw * 0.5, 26.0)
            gap = (hero_h - icon_size - value_size) / 3
            shapes.append(fit.line(cx, py + gap + icon_size * 0.85, face.icon, size=icon_size,
                                   max_width=pw - 4, fill=panel_ink, anchor="middle"))
            shapes.append(fit.line(cx, py + 2 * gap + icon_size + value_size * 0.8, face.value,
                                   size=value_size, max_width=pw - 4, fill=panel_ink, anchor="middle",
                                   bold=True))
        else:
            size = min(hero_h * 0.6, pw * 0.55, 30.0 if face.value else 34.0)
            shapes.append(fit.line(cx, py + hero_h / 2 + size * 0.36, face.value or face.icon, size=size,
                                   max_width=pw - 4, fill=panel_ink, anchor="middle", bold=bool(face.value)))
    if face.body:
        box_top = py + hero_h + (0.0 if hero else 2.0)
        block = fit.fit_block(face.body, pw - 4, body_h - 3, size=min(3.4, w * 0.055), min_size=1.7)
        top_y = box_top + max(0.0, (body_h - 3 - block.height) / 2) + (0.0 if hero else 0.5)
        if hero:
            shapes.append(Line(px + pw * 0.2, box_top, px + pw * 0.8, box_top,
                               Style(stroke=colours.mix(panel, panel_ink, 0.3), stroke_width=0.25)))
            top_y = box_top + 1.5 + max(0.0, (body_h - 3 - block.height) / 2)
        shapes += fit.block_shapes(block, px + pw / 2, top_y, anchor="middle", fill=panel_ink)
    return shapes


def back_drawing(back: CardBack, deck: DeckSpec, ink_saver: bool = False) -> Drawing:
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    full_w, full_h = w + 2 * b, h + 2 * b
    shapes: list = []
    if ink_saver:
        accent = back.background if colours.luminance(back.background) < 0.5 else colours.darken(back.background, 0.4)
        shapes.append(Rect(0, 0, full_w, full_h, Style(fill=colours.WHITE)))
        shapes.append(Rect(b + s / 2, b + s / 2, w - s, h - s, Style(stroke=accent, stroke_width=0.8), rx=2.5))
        shapes.append(Rect(b + s / 2 + 1.5, b + s / 2 + 1.5, w - s - 3, h - s - 3,
                           Style(stroke=accent, stroke_width=0.3), rx=1.8))
        ink, panel = accent, None
    else:
        shapes.append(Rect(0, 0, full_w, full_h, Style(fill=back.background), role="card-background"))
        shapes.append(Group(tuple(pattern(back.pattern, full_w, full_h, back.background)),
                            clip=(0, 0, full_w, full_h), role="card-pattern"))
        shapes.append(Rect(b + s, b + s, w - 2 * s, h - 2 * s,
                           Style(stroke=colours.mix(back.background, back.ink, 0.5), stroke_width=0.5), rx=2.5))
        ink, panel = back.ink, colours.darken(back.background, 0.25)
    if back.title:
        size = min(9.0, w * 0.14)
        title = fit.line(b + w / 2, b + h / 2 + size * 0.35, back.title, size=size, max_width=w - 2 * s - 10,
                         min_size=3.0, fill=ink, anchor="middle", bold=True)
        pad = 3.0
        if panel:
            shapes.append(Rect(b + w / 2 - title.length / 2 - pad, b + h / 2 - title.size * 0.65 - pad / 2,
                               title.length + 2 * pad, title.size * 1.3 + pad, Style(fill=panel), rx=3.0))
        shapes.append(title)
    if back.subtitle:
        shapes.append(fit.line(b + w / 2, b + h / 2 + min(9.0, w * 0.14) + 5, back.subtitle, size=3.4,
                               max_width=w - 2 * s - 6, min_size=2.0, fill=ink, anchor="middle"))
    return Drawing(full_w, full_h, tuple(shapes), title=back.title or "Card back")


def pattern(kind: str, w: float, h: float, background: str) -> list:
    tone = colours.mix(background, colours.WHITE if colours.luminance(background) < 0.5 else colours.BLACK, 0.14)
    shapes: list = []
    if kind == "stripes":
        step = 5.0
        style = Style(stroke=tone, stroke_width=1.8)
        offset = -h
        while offset < w:
            shapes.append(Line(offset, h, offset + h, 0, style))
            offset += step
    elif kind == "dots":
        step = 5.0
        style = Style(fill=tone)
        rows = int(h / step) + 2
        for r in range(rows):
            cols = int(w / step) + 2
            for c in range(cols):
                shapes.append(Circle(c * step + (step / 2 if r % 2 else 0), r * step, 0.9, style))
    elif kind == "waves":
        step = 6.0
        style = Style(stroke=tone, stroke_width=1.2)
        y = 0.0
        while y < h + step:
            points = tuple((i * 1.5, round(y + 1.6 * math.sin(i * 1.5 / 4.0 * math.pi), 3))
                           for i in range(0, int(w / 1.5) + 2))
            shapes.append(Path(points, style))
            y += step
    return shapes
