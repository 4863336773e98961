"""Splatter SHOOT: the art of a Splattercard's face, for the print-and-play kit
and the site's card gallery (components.toml: `art = "cardart.splattercard"`).

The kit lays out the card (title, the movement box bottom left, the healing box
bottom right); this draws what sits between: the HERO's body with the hit
location splattered, its damage (a striped number drawn with motion stripes, a
plain number without), the symbols by the hit, a JAM burst or the Death skull,
the arrow and the YES/NO answer. Each part carries the role the rules' card
table names, so a test can hold the card to the rules.
Standard library only (generator.draw aside), like every game module.
"""
from __future__ import annotations

import math

from generator.draw.icons import icon
from generator.draw.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text

from .board import LOCATION_INDEX

SKIN = Style(fill="#e9e2d6", stroke="#8c8273", stroke_width=0.35)
BLOOD = "#b3141b"
INK = "#1d1d1d"
FIGURE_W, FIGURE_H = 40.0, 66.0  # the Medical Record's body units (medical.csv x, y)


def splattercard(row, width: float, height: float) -> Drawing:
    """The art box of one Splattercard (a row of splattercards.csv), `width` x `height` mm."""
    column = min(18.0, width * 0.34)  # the arrow and the answer, on the right
    scale = min((width - column - 2) / FIGURE_W, (height - 2) / FIGURE_H)
    fx = (width - column - FIGURE_W * scale) / 2
    fy = (height - FIGURE_H * scale) / 2
    place = lambda x, y: (round(fx + x * scale, 3), round(fy + y * scale, 3))  # noqa: E731 (a tiny mapping)
    shapes: list = [Group(tuple(_figure(place, scale)), role="body")]
    room = (0.5, width - column - 0.5, height)  # where the hit's callout may go: left of the column
    words = []
    if row["death"]:
        x, y = place(*_at(row["hit"]))
        shapes.append(icon("skull", x - 9 * scale, y - 9 * scale, 18 * scale, INK, "#ffffff", role="skull"))
        words.append("a skull on the head: Death")
    elif row["jam"] and row["jam"] != "-":
        shapes += _jam_burst(row["jam"], *place(20, 30), 15 * scale)
        words.append(f"JAM {row['jam']}")
    elif row["hit"] != "none":
        shapes += _hit(row, place, scale, room)
        words.append(_damage_words(row))
    else:
        x, y = place(36, 4)
        shapes.append(Line(x, y, *place(2, 20), Style(stroke="#9b9b9b", stroke_width=0.5, dash=(1.2, 0.8)),
                           role="miss"))
        words.append("a miss")
    shapes += _side_column(row, width - column, 0, column, height)
    words.append(f"arrow {row['arrow']}°, answer {row['answer']}")
    return Drawing(width, height, tuple(shapes), title="; ".join(words))


def _at(location: str) -> tuple[float, float]:
    spot = LOCATION_INDEX[location]
    return spot.x, spot.y


def _figure(place, scale: float) -> list:
    """A plain standing HERO, built from the Medical Record's locations."""
    limb = lambda *points: [Line(*place(*a), *place(*b), Style(stroke=SKIN.stroke, stroke_width=round(6.2 * scale, 3)))  # noqa: E731
                            for a, b in zip(points, points[1:])] + \
        [Line(*place(*a), *place(*b), Style(stroke=SKIN.fill, stroke_width=round(5.2 * scale, 3)))
         for a, b in zip(points, points[1:])]
    shapes = []
    shapes += limb((16, 33), (15, 46), (14, 59))
    shapes += limb((24, 33), (25, 46), (26, 59))
    shapes += limb((14, 16), (8, 22), (5, 33))
    shapes += limb((26, 16), (32, 22), (35, 33))
    tx, ty = place(13, 14)
    shapes.append(Rect(tx, ty, round(14 * scale, 3), round(22 * scale, 3), SKIN, rx=round(3 * scale, 3)))
    for x in (14, 26):
        cx, cy = place(x, 61.5)
        shapes.append(Circle(cx, cy, round(2.6 * scale, 3), SKIN))
    for x in (5, 35):
        cx, cy = place(x, 35)
        shapes.append(Circle(cx, cy, round(2.4 * scale, 3), SKIN))
    hx, hy = place(20, 8)
    shapes.append(Circle(hx, hy, round(6 * scale, 3), SKIN))
    return shapes


def _splat(cx: float, cy: float, r: float, role: str) -> Polygon:
    """A ragged blot: the same shape on every card, so only its place tells."""
    points = []
    for i in range(16):
        reach = r * (1.0 if i % 2 == 0 else 0.55) * (1.12 if i % 5 == 0 else 1.0)
        angle = math.radians(i * 22.5 + 7)
        points.append((round(cx + reach * math.cos(angle), 3), round(cy + reach * math.sin(angle), 3)))
    return Polygon(tuple(points), Style(fill=BLOOD), role=role)


def _hit(row, place, scale: float, room: tuple[float, float, float]) -> list:
    """The splat on the hit location, its damage beside it, and the symbols under the damage."""
    x, y = place(*_at(row["hit"]))
    shapes: list = [_splat(x, y, 4.2 * scale, "hit")]
    parts = []
    if row["action"]:
        parts.append((str(row["action"]), True))
    if row["still"]:
        parts.append((str(row["still"]), False))
    size = 5.4 * scale
    plus = size * 0.7 if len(parts) == 2 else 0.0
    box_w = 2.2 + plus + sum(size * 0.62 + (size * 0.75 if striped else 0) + 1.0 for _, striped in parts)
    box_h = size * 1.35
    right_side = LOCATION_INDEX[row["hit"]].x <= 20
    bx = x + 4.5 * scale if right_side else x - 4.5 * scale - box_w
    by = y - box_h / 2
    if not room[0] <= bx <= room[1] - box_w:  # no room beside the splat: hang the callout under it
        bx = min(max(x - box_w / 2, room[0]), room[1] - box_w)
        by = y + 4.6 * scale
    damage: list = [Rect(round(bx, 3), round(by, 3), round(box_w, 3), round(box_h, 3),
                         Style(fill="#ffffff", stroke=BLOOD, stroke_width=0.4), rx=1.0)]
    cursor = bx + 1.6
    for i, (text, striped) in enumerate(parts):
        if i:
            damage.append(Text(round(cursor + plus * 0.3, 3), round(by + box_h * 0.5 + size * 0.3, 3), "+",
                               round(size * 0.75, 3), fill=BLOOD, anchor="middle"))
            cursor += plus
        if striped:  # motion stripes: three short strokes trailing the number
            for k in range(3):
                ly = by + box_h * (0.32 + 0.18 * k)
                damage.append(Line(round(cursor, 3), round(ly, 3), round(cursor + size * 0.6, 3), round(ly, 3),
                                   Style(stroke=BLOOD, stroke_width=0.35), role="motion-stripes"))
            cursor += size * 0.75
        damage.append(Text(round(cursor + size * 0.31, 3), round(by + box_h * 0.5 + size * 0.36, 3), text, size,
                           fill=BLOOD, anchor="middle", bold=True, role="striped" if striped else "plain"))
        cursor += size * 0.62 + 1.0
    shapes.append(Group(tuple(damage), role="damage"))
    symbol_size = 5.0 * scale
    below = by + box_h + 1.0
    symbols = _hit_symbols(row, bx, below if below + symbol_size < room[2] else by - symbol_size - 1.0,
                           symbol_size)
    if symbols:
        shapes.append(Group(tuple(symbols), role="hit-symbols"))
    return shapes


def _hit_symbols(row, x: float, y: float, size: float) -> list:
    """Push back, minus movement, minus attack and a lost body part, in a row under the damage."""
    shapes: list = []
    marks = []
    if row["push"]:
        marks.append(("arrow", 90.0, "1"))  # points down the card: backwards
    if row["minus_move"]:
        marks.append(("boot", 0.0, f"−{row['minus_move']}"))
    if row["minus_attack"]:
        marks.append(("target", 0.0, "−"))
    if row["severs"]:
        marks.append(("bolt", 0.0, "lost"))
    start = x
    for name, turn, label in marks:
        shapes.append(icon(name, round(x, 3), round(y, 3), round(size, 3), INK, "#ffffff", rotate=turn))
        shapes.append(Text(round(x + size + 0.3, 3), round(y + size * 0.8, 3), label, round(size * 0.8, 3), fill=INK,
                           bold=True))
        x += size + 0.6 + size * 0.5 * len(label) + 0.8
    if marks:  # on a white chip: the row crosses the figure's legs, which must not run through the words
        chip = Rect(round(start - 0.6, 3), round(y - 0.4, 3), round(x - start + 0.2, 3), round(size + 0.8, 3),
                    Style(fill="#ffffff"), rx=1.0)
        shapes.insert(0, chip)
    return shapes


def _jam_burst(letter: str, cx: float, cy: float, r: float) -> list:
    points = []
    for i in range(24):
        reach = r if i % 2 == 0 else r * 0.72
        angle = math.radians(i * 15)
        points.append((round(cx + reach * math.cos(angle), 3), round(cy + reach * math.sin(angle), 3)))
    return [Group((Polygon(tuple(points), Style(fill="#f2c14e", stroke=INK, stroke_width=0.5)),
                   Text(round(cx, 3), round(cy - r * 0.08, 3), "JAM", round(r * 0.42, 3), fill=INK, anchor="middle",
                        bold=True),
                   Text(round(cx, 3), round(cy + r * 0.5, 3), letter, round(r * 0.55, 3), fill=INK,
                        anchor="middle", bold=True)), role="jam")]


def _side_column(row, x: float, y: float, w: float, h: float) -> list:
    """The arrow in its dial at the top, the YES/NO answer at the foot."""
    dial = w * 0.9
    cx, cy = x + w / 2, y + 1 + dial / 2
    arrow = Group((Circle(round(cx, 3), round(cy, 3), round(dial / 2, 3), Style(stroke="#9b9b9b", stroke_width=0.3)),
                   icon("arrow", round(cx - dial * 0.4, 3), round(cy - dial * 0.4, 3), round(dial * 0.8, 3), INK,
                        "#ffffff", rotate=row["arrow"] - 90)), role="arrow")
    answer = Text(round(cx, 3), round(y + h - 2, 3), row["answer"], round(min(5.0, w * 0.3), 3), fill=INK,
                  anchor="middle", bold=True, role="answer")
    return [arrow, answer]


def _damage_words(row) -> str:
    parts = []
    if row["action"]:
        parts.append(f"{row['action']} striped")
    if row["still"]:
        parts.append(f"{row['still']} plain")
    place = LOCATION_INDEX[row["hit"]].label.lower()
    extra = [w for w, on in (("push back", row["push"]), (f"minus movement {row['minus_move']}", row["minus_move"]),
                             ("minus attack", row["minus_attack"]), ("part lost", row["severs"])) if on]
    return f"hit on the {place}: " + " + ".join(parts or ["no damage"]) + ("; " + ", ".join(extra) if extra else "")
