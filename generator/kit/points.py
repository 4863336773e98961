"""Boards of points joined by lines (Alquerque, Nine Men's Morris, Fox and Geese).

Points have a name and a place in board units (multiplied by the board's `cell` mm);
lines join named points (a list of two or more names is a line through all of
them); a point may be a player's start (a ring in that player's colour) and may
carry a label. Every point is a cell, named as in the rules, for diagrams and
clicks alike.

`points_board` draws a board of components.toml with kind = "points", its points and
lines listed in the file or read from data files (play.tables.point_board, the reader
the game's engine uses).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.shapes import Circle, Drawing, Line, Rect, Style, Text
from generator.draw import colour as colours
from generator.errors import ContentError, ContentErrors
from generator.kit import text as fit
from generator.kit.checks import KitChecks
from generator.play.tables import point_board

MARGIN = 14.0


@dataclass(frozen=True)
class BoardPoint:
    name: str
    x: float  # board units
    y: float
    start: str = ""  # colour of the player who starts here ("" none)
    label: str = ""
    starter: str = ""  # who starts here, as the file names them (a player, or a colour)


def points_drawing(title: str, cell: float, points: tuple[BoardPoint, ...], lines: tuple[tuple[str, ...], ...],
                   ink: str = "#333333", names: bool = True, legend: bool = True) -> Drawing:
    """The points at `cell` mm per unit, lines first, points over them, names beside; below, a
    legend of the start rings (whose ring is whose), unless `legend` is false."""
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    ox, oy = MARGIN - min(xs) * cell, MARGIN - min(ys) * cell
    where = {p.name: (round(ox + p.x * cell, 3), round(oy + p.y * cell, 3)) for p in points}
    width = (max(xs) - min(xs)) * cell + 2 * MARGIN
    height = (max(ys) - min(ys)) * cell + 2 * MARGIN
    radius = min(cell * 0.2, 6.0)
    shapes: list = [Rect(0, 0, round(width, 3), round(height, 3), Style(fill="#fbf8f1"), role="board-background")]
    stroke = Style(stroke=ink, stroke_width=max(0.6, cell * 0.03))
    for line in lines:
        for a, b in zip(line, line[1:]):
            shapes.append(Line(*where[a], *where[b], stroke, role="line"))
    for point in points:
        x, y = where[point.name]
        if point.start:
            shapes.append(Circle(x, y, round(radius * 1.5, 3), Style(fill=colours.lighten(point.start, 0.4),
                                                                      stroke=colours.darken(point.start, 0.3),
                                                                      stroke_width=1.2), role="start"))
        shapes.append(Circle(x, y, round(radius, 3), Style(fill="#ffffff", stroke=ink, stroke_width=0.5),
                             cell=point.name, role="point"))
        text = point.label or (point.name if names else "")
        if text:  # above the point and to its right, every one alike (so a name never sits between
            # two points, as if it were the other's), unless that would run off the board
            size = min(3.2, cell * 0.14)
            right = x + radius * 1.2 + fit.width(text, size, False) <= width - 1.0
            shapes.append(fit.line(x + (1 if right else -1) * radius * 1.2, y - radius * 1.3, text,
                                   size=size, max_width=cell * 1.8, anchor="start" if right else "end",
                                   fill=colours.mix(ink, "#ffffff", 0.25), role="point-name"))
    key, key_height = start_legend(points, width, height, ink) if legend else ([], 0.0)
    if key:
        shapes[0] = replace(shapes[0], h=round(height + key_height, 3))
    return Drawing(round(width, 3), round(height + key_height, 3), tuple(shapes + key), title=title)


def start_legend(points: tuple[BoardPoint, ...], width: float, top: float, ink: str) -> tuple[list, float]:
    """A ring in each starting player's colour and "White starts here", in a row under the board."""
    starts = list(dict.fromkeys((p.starter, p.start) for p in points if p.start))
    if not starts:
        return [], 0.0
    shapes: list = []
    x, y, size = MARGIN / 2, top + 1.0, 3.2
    for starter, colour in starts:
        words = f"{starter} starts here"
        if x > MARGIN / 2 and x + 8.0 + fit.width(words, size) > width - MARGIN / 2:
            x, y = MARGIN / 2, y + 7.0
        shapes.append(Circle(round(x + 2.5, 3), round(y + 2.5, 3), 2.2, Style(
            fill=colours.lighten(colour, 0.4), stroke=colours.darken(colour, 0.3), stroke_width=0.8), role="legend"))
        shapes.append(Text(round(x + 6.5, 3), round(y + 3.7, 3), words, size=size, fill=colours.mix(ink, "#ffffff", 0.1),
                           role="legend", length=round(fit.width(words, size), 3)))
        x += 6.5 + fit.width(words, size) + 6.0
    return shapes, y + 7.0 - top


# -- from components.toml ---------------------------------------------------------------
def points_board(checks: KitChecks, table: Values, title: str) -> Optional[Drawing]:
    """kind = "points": named points, lines through them, start markers; listed in the file,
    or read from data files by play.tables.point_board, as the game's engine reads them."""
    if isinstance(table["points"], dict) or isinstance(table["lines"], dict):
        read = points_from_data(checks, table)
        if read is None:
            return None
        points, lines = read
    else:
        points, lines = points_listed(checks, table)
    if not points:
        checks.source.report(table.key("kind"), "a board of points needs points",
                             expected="points = [{ name, x, y }, ...]", found="none")
        return None
    if lines is None:
        return None
    return points_drawing(title, table["cell"], tuple(points), lines, checks.colour(table, "line"), table["names"],
                          table["legend"])


def points_listed(checks: KitChecks, table: Values) -> tuple[list[BoardPoint], Optional[tuple]]:
    """`points` and `lines` listed in the file: each line's points named, each start resolved."""
    points, names = [], set()
    for i, point in enumerate(table["points"]):
        if point["name"] in names:
            checks.source.report(table.key("points") + (i, "name"), f"two points are named '{point['name']}'",
                                 expected="a name of its own", found=point["name"])
        names.add(point["name"])
        colour = start_colour(checks, point["start"] or "")
        if colour is None:
            checks.source.report(table.key("points") + (i, "start"),
                                 f"start '{point['start']}' is neither a player nor a colour",
                                 expected=checks.players_expected(), found=point["start"])
        points.append(BoardPoint(point["name"], point["x"], point["y"], colour or "", point["label"],
                                 point["start"] or ""))
    for i, line in enumerate(table["lines"] if points else ()):
        unknown = [n for n in line if n not in names]
        if unknown or len(line) < 2:
            checks.source.report(table.key("lines") + (i,), "a line joins two or more of the board's points",
                                 expected="names from points: " + ", ".join(sorted(names)[:8])
                                 + ("…" if len(names) > 8 else ""),
                                 found=", ".join(unknown) if unknown else f"{len(line)} point")
            return points, None
    return points, tuple(tuple(line) for line in table["lines"])


def points_from_data(checks: KitChecks, table: Values) -> Optional[tuple[list[BoardPoint], tuple]]:
    """`points` and `lines` from data files (both, or neither), each start resolved."""
    if not (isinstance(table["points"], dict) and isinstance(table["lines"], dict)):
        listed = "lines" if isinstance(table["points"], dict) else "points"
        checks.source.report(table.key(listed), "a board's points and lines come from data together",
                             expected=f"{listed} = {{ data = \"{listed}.csv\" }}", found="a list in the file")
        return None
    sources = [checks.data_file(table.table(key)) for key in ("points", "lines")]
    if None in sources:
        return None
    try:
        board = point_board(*sources)
    except ContentErrors as errors:
        checks.source.errors.extend(errors.errors)
        return None
    points = []
    for point in board.points:
        colour = start_colour(checks, point.start)
        if colour is None:
            checks.source.errors.append(ContentError(sources[0].path, point.line,
                                                     f"start '{point.start}' is neither a player nor a colour",
                                                     expected=checks.players_expected(), found=point.start))
            return None
        points.append(BoardPoint(point.name, point.x, point.y, colour, point.label, point.start))
    return points, board.lines



def start_colour(checks: KitChecks, start: str) -> Optional[str]:
    """A point's `start`: a player's colour, a colour, "" for none; None when it is neither."""
    return checks.player_or_colour(start) if start else ""
