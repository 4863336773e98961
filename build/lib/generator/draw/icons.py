"""Vector icons in the drawing model: one function per icon, drawn in a square box.

`icon(name, x, y, size, ink)` places the named icon with its top-left corner at
(x, y), `size` mm wide and high; `ICONS` lists the names. Kits (card faces,
tokens) and engines' diagrams use the same shapes, so an icon looks the same on
screen and on paper and never depends on a font having the glyph.
Standard library only: engines use this module in the browser too.
"""
from __future__ import annotations

import math
from typing import Callable

from generator.draw.shapes import Circle, Group, Line, Path, Polygon, Rect, Shape, Style

Unit = list  # shapes in a 0..1 box, scaled by `icon`


def _skull(ink: str, paper: str) -> Unit:
    solid = Style(fill=ink)
    hole = Style(fill=paper)
    return [Circle(0.5, 0.42, 0.36, solid),
            Rect(0.3, 0.6, 0.4, 0.28, solid, rx=0.06),
            Circle(0.36, 0.44, 0.09, hole), Circle(0.64, 0.44, 0.09, hole),
            Polygon(((0.5, 0.56), (0.45, 0.66), (0.55, 0.66)), hole),
            Line(0.42, 0.78, 0.42, 0.88, Style(stroke=paper, stroke_width=0.04)),
            Line(0.5, 0.78, 0.5, 0.88, Style(stroke=paper, stroke_width=0.04)),
            Line(0.58, 0.78, 0.58, 0.88, Style(stroke=paper, stroke_width=0.04))]


def _arrow(ink: str, paper: str) -> Unit:
    """Points right (0°); rotate the icon for other directions."""
    return [Polygon(((0.08, 0.4), (0.58, 0.4), (0.58, 0.2), (0.94, 0.5), (0.58, 0.8), (0.58, 0.6), (0.08, 0.6)),
                    Style(fill=ink))]


def _heart(ink: str, paper: str) -> Unit:
    solid = Style(fill=ink)
    return [Circle(0.32, 0.36, 0.2, solid), Circle(0.68, 0.36, 0.2, solid),
            Polygon(((0.13, 0.42), (0.87, 0.42), (0.5, 0.88)), solid)]


def _cross(ink: str, paper: str) -> Unit:
    solid = Style(fill=ink)
    return [Rect(0.38, 0.1, 0.24, 0.8, solid, rx=0.04), Rect(0.1, 0.38, 0.8, 0.24, solid, rx=0.04)]


def _shield(ink: str, paper: str) -> Unit:
    return [Polygon(((0.15, 0.15), (0.5, 0.05), (0.85, 0.15), (0.82, 0.55), (0.5, 0.95), (0.18, 0.55)),
                    Style(fill=ink)),
            Polygon(((0.5, 0.16), (0.74, 0.23), (0.72, 0.52), (0.5, 0.8)), Style(fill=paper, opacity=0.35))]


def _star(ink: str, paper: str) -> Unit:
    points = []
    for i in range(10):
        radius = 0.46 if i % 2 == 0 else 0.19
        angle = math.radians(-90 + 36 * i)
        points.append((round(0.5 + radius * math.cos(angle), 4), round(0.53 + radius * math.sin(angle), 4)))
    return [Polygon(tuple(points), Style(fill=ink))]


def _bolt(ink: str, paper: str) -> Unit:
    return [Polygon(((0.58, 0.04), (0.2, 0.56), (0.46, 0.56), (0.38, 0.96), (0.8, 0.4), (0.54, 0.4)),
                    Style(fill=ink))]


def _flag(ink: str, paper: str) -> Unit:
    return [Rect(0.18, 0.08, 0.07, 0.86, Style(fill=ink)),
            Polygon(((0.25, 0.1), (0.85, 0.28), (0.25, 0.5)), Style(fill=ink))]


def _house(ink: str, paper: str) -> Unit:
    return [Polygon(((0.5, 0.08), (0.92, 0.46), (0.8, 0.46), (0.8, 0.9), (0.2, 0.9), (0.2, 0.46), (0.08, 0.46)),
                    Style(fill=ink)),
            Rect(0.42, 0.62, 0.16, 0.28, Style(fill=paper))]


def _sword(ink: str, paper: str) -> Unit:
    solid = Style(fill=ink)
    return [Polygon(((0.86, 0.08), (0.9, 0.1), (0.4, 0.66), (0.34, 0.6)), solid),
            Line(0.22, 0.52, 0.48, 0.78, Style(stroke=ink, stroke_width=0.08)),
            Line(0.34, 0.66, 0.12, 0.88, Style(stroke=ink, stroke_width=0.1))]


def _gear(ink: str, paper: str) -> Unit:
    points = []
    for i in range(32):
        radius = 0.46 if (i // 2) % 2 == 0 else 0.34
        angle = math.radians(i * 360 / 32 + 5.625)
        points.append((round(0.5 + radius * math.cos(angle), 4), round(0.5 + radius * math.sin(angle), 4)))
    return [Polygon(tuple(points), Style(fill=ink)), Circle(0.5, 0.5, 0.14, Style(fill=paper))]


def _eye(ink: str, paper: str) -> Unit:
    outline = tuple((round(0.5 + 0.44 * math.cos(math.radians(a)), 4),
                     round(0.5 + (0.26 if a <= 180 else -0.26) * abs(math.sin(math.radians(a))), 4))
                    for a in range(0, 360, 15))
    return [Polygon(outline, Style(fill=ink)), Circle(0.5, 0.5, 0.17, Style(fill=paper)),
            Circle(0.5, 0.5, 0.08, Style(fill=ink))]


def _clock(ink: str, paper: str) -> Unit:
    hand = Style(stroke=ink, stroke_width=0.07)
    return [Circle(0.5, 0.5, 0.42, Style(fill=paper, stroke=ink, stroke_width=0.09)),
            Line(0.5, 0.5, 0.5, 0.24, hand), Line(0.5, 0.5, 0.7, 0.58, hand)]


def _die(ink: str, paper: str) -> Unit:
    pip = Style(fill=paper)
    return [Rect(0.1, 0.1, 0.8, 0.8, Style(fill=ink), rx=0.14),
            Circle(0.3, 0.3, 0.08, pip), Circle(0.5, 0.5, 0.08, pip), Circle(0.7, 0.7, 0.08, pip)]


def _target(ink: str, paper: str) -> Unit:
    ring = Style(stroke=ink, stroke_width=0.08)
    return [Circle(0.5, 0.5, 0.4, ring), Circle(0.5, 0.5, 0.2, ring),
            Line(0.5, 0.02, 0.5, 0.98, Style(stroke=ink, stroke_width=0.05)),
            Line(0.02, 0.5, 0.98, 0.5, Style(stroke=ink, stroke_width=0.05))]


def _flame(ink: str, paper: str) -> Unit:
    return [Polygon(((0.5, 0.04), (0.72, 0.34), (0.8, 0.62), (0.68, 0.88), (0.5, 0.96), (0.32, 0.88),
                     (0.2, 0.62), (0.3, 0.4), (0.4, 0.52)), Style(fill=ink)),
            Polygon(((0.5, 0.5), (0.6, 0.68), (0.56, 0.86), (0.44, 0.86), (0.4, 0.7)), Style(fill=paper))]


def _boot(ink: str, paper: str) -> Unit:
    return [Polygon(((0.3, 0.08), (0.56, 0.08), (0.56, 0.6), (0.88, 0.7), (0.9, 0.9), (0.3, 0.9)),
                    Style(fill=ink))]


def _drop(ink: str, paper: str) -> Unit:
    points = [(0.5, 0.06)] + [(round(0.5 + 0.3 * math.cos(math.radians(a)), 4),
                                round(0.64 + 0.3 * math.sin(math.radians(a)), 4)) for a in range(-30, 211, 15)]
    return [Polygon(tuple(points), Style(fill=ink))]


def _question(ink: str, paper: str) -> Unit:
    stroke = Style(stroke=ink, stroke_width=0.13)
    arc = tuple((round(0.5 + 0.22 * math.cos(math.radians(a)), 4), round(0.3 + 0.2 * math.sin(math.radians(a)), 4))
                for a in range(180, 451, 15))
    return [Path(arc + ((0.5, 0.62),), stroke), Circle(0.5, 0.84, 0.08, Style(fill=ink))]


ICONS: dict[str, Callable[[str, str], Unit]] = {
    "arrow": _arrow, "bolt": _bolt, "boot": _boot, "clock": _clock, "cross": _cross, "die": _die,
    "drop": _drop, "eye": _eye, "flag": _flag, "flame": _flame, "gear": _gear, "heart": _heart,
    "house": _house, "question": _question, "shield": _shield, "skull": _skull, "star": _star,
    "sword": _sword, "target": _target,
}


def icon(name: str, x: float, y: float, size: float, ink: str = "#000000", paper: str = "#ffffff",
         rotate: float = 0.0, role: str = "") -> Group:
    """The named icon in the box (x, y, size, size); `rotate` turns it clockwise about the box's centre.
    `paper` is the colour of holes and highlights (the background the icon sits on)."""
    unit = ICONS[name](ink, paper)
    scaled = tuple(_scaled(shape, size) for shape in unit)
    half = size / 2
    inner = Group(scaled, dx=-half, dy=-half)
    return Group((inner,), dx=round(x + half, 4), dy=round(y + half, 4), rotate=rotate, role=role or f"icon-{name}")


def _scaled(shape: Shape, k: float) -> Shape:
    def p(points):
        return tuple((round(px * k, 4), round(py * k, 4)) for px, py in points)

    def s(style: Style) -> Style:
        return Style(style.fill, style.stroke, round(style.stroke_width * k, 4), style.opacity, style.dash)

    if isinstance(shape, Circle):
        return Circle(round(shape.cx * k, 4), round(shape.cy * k, 4), round(shape.r * k, 4), s(shape.style))
    if isinstance(shape, Rect):
        return Rect(round(shape.x * k, 4), round(shape.y * k, 4), round(shape.w * k, 4), round(shape.h * k, 4),
                    s(shape.style), rx=round(shape.rx * k, 4))
    if isinstance(shape, Line):
        return Line(round(shape.x1 * k, 4), round(shape.y1 * k, 4), round(shape.x2 * k, 4), round(shape.y2 * k, 4),
                    s(shape.style))
    if isinstance(shape, Polygon):
        return Polygon(p(shape.points), s(shape.style))
    if isinstance(shape, Path):
        return Path(p(shape.points), s(shape.style), closed=shape.closed, arrow=shape.arrow)
    raise TypeError(f"icons are drawn from circles, rects, lines, polygons and paths, not {type(shape).__name__}")
