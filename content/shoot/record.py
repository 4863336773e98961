"""Splatter SHOOT: a player's Medical Record for the print-and-play kit
(components.toml: `drawing = "record.medical_record"`, one per player colour).

The HERO's body with its hit locations, the damage track from 0 to 10 with the
state at each step (track.csv), and three small figures showing which locations
stay visible behind low cover, behind high cover and under cover from above
(medical.csv's low/high/over columns): the Hit-locations table drawn on the body.
Standard library only (generator.draw aside), like every game module.
"""
from __future__ import annotations

from generator.draw.colour import ink_on
from generator.draw.shapes import Circle, Drawing, Group, Line, Rect, Style, Text

from .board import LOCATIONS, TABLES
from .cardart import FIGURE_H, FIGURE_W, _figure

WIDTH, HEIGHT = 94.0, 100.0
INK = "#1d1d1d"
HIDDEN = "#d9d4cb"
COVERS = (("low", "Behind low cover"), ("high", "Behind high cover"), ("over", "Under cover from above"))


def medical_record(player) -> Drawing:
    """One HERO's record: `player` has `name` and `colour` (the kit's player list)."""
    name, colour = (player.name, player.colour) if player else ("", "#555555")
    shapes: list = [Rect(0, 0, WIDTH, HEIGHT, Style(fill="#ffffff", stroke=colour, stroke_width=0.6), rx=2.0),
                    Rect(0, 0, WIDTH, 8.0, Style(fill=colour), rx=2.0),
                    Text(3.0, 5.6, f"Medical Record — {name}" if name else "Medical Record", 3.8, fill=ink_on(colour),
                         bold=True)]
    shapes += _body(13.0, 11.0, 28.0, 58.0)
    shapes += _damage_track(54.0, 10.0, 38.0)
    for i, (column, caption) in enumerate(COVERS):
        shapes += _cover_figure(column, caption, 2.0 + i * 30.0, 77.5, 28.0)  # clear of the damage track
    return Drawing(WIDTH, HEIGHT, tuple(shapes), title=f"Medical Record {name}".strip())


def _body(x: float, y: float, w: float, h: float) -> list:
    """The HERO with each hit location ringed and named."""
    scale = min(w / FIGURE_W, h / FIGURE_H)
    ox = x + (w - FIGURE_W * scale) / 2
    place = lambda fx, fy: (round(ox + fx * scale, 3), round(y + fy * scale, 3))  # noqa: E731
    shapes: list = [Group(tuple(_figure(place, scale)), role="body")]
    for spot in LOCATIONS:
        cx, cy = place(spot.x, spot.y)
        shapes.append(Circle(cx, cy, 1.1, Style(fill=INK), role="hit-location"))
        if spot.side == "centre" and spot.y > 12:  # the torso, named under its ring: beside it ran into the arm
            shapes.append(Text(cx, cy + 3.6, spot.label, 2.2, fill=INK, anchor="middle"))
        elif spot.side == "centre":  # the head, named beside it, clear of its outline
            shapes.append(Text(cx + 4.6, cy + 0.8, spot.label, 2.2, fill=INK))
        else:
            shapes.append(Text(cx + (1.8 if spot.x >= 20 else -1.8), cy - 1.4, spot.label, 2.2, fill=INK,
                               anchor="start" if spot.x >= 20 else "end"))
    return shapes


def _damage_track(x: float, y: float, w: float) -> list:
    """Damage 0 to 10, each with its state: a paper clip marks the HERO's damage."""
    rows = TABLES["track"].rows
    step = 5.2
    shapes: list = [Text(x, y + 3.0, "Damage", 3.0, fill=INK, bold=True)]
    top = y + 4.6
    for i, row in enumerate(rows):
        ry = top + i * step
        shapes.append(Rect(x, ry, w, step, Style(fill="#f6f4ef" if i % 2 else "#ffffff", stroke="#9a9a9a",
                                                 stroke_width=0.2), role="damage-step"))
        shapes.append(Text(x + 4.0, ry + step * 0.72, str(row["damage"]), 3.0, fill=INK, anchor="middle", bold=True))
        shapes.append(Text(x + 9.0, ry + step * 0.72, row["label"], 2.8, fill=INK))
    shapes.append(Line(x + 8.0, top, x + 8.0, top + len(rows) * step, Style(stroke="#9a9a9a", stroke_width=0.2)))
    return shapes


def _cover_figure(column: str, caption: str, x: float, y: float, w: float) -> list:
    """A small HERO: the locations that still show behind this cover dark, the hidden ones pale."""
    h = HEIGHT - y - 4.0
    scale = min(w / FIGURE_W, (h - 1.0) / FIGURE_H) * 0.9
    ox = x + (w - FIGURE_W * scale) / 2
    shapes: list = [Text(x + w / 2, y - 0.8, caption, 2.2, fill=INK, anchor="middle")]
    for spot in LOCATIONS:
        shows = TABLES["medical"].rows[[r["location"] for r in TABLES["medical"].rows].index(spot.key)][column]
        radius = (4.2 if spot.key in ("head", "torso") else 3.0) * scale * 1.3
        shapes.append(Circle(round(ox + spot.x * scale, 3), round(y + 1.0 + spot.y * scale, 3), round(radius, 3),
                             Style(fill=INK if shows else HIDDEN), role=f"cover-{column}"))
    return shapes
