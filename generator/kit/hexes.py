"""Hex maps: the board's text map read as hexes instead of squares.

Each map character is a hex (its kind gives fill and label, the blank character
leaves a hole, so any outline can be masked); `cell` is the distance between the
centres of two neighbours. With `layout = "offset"`, pointy hexes shift every other
row half a hex right and flat hexes every other column half a hex down. With
`layout = "axial"` each row (pointy) or column (flat) shifts half a hex further than
the one before, so the map's own columns and rows are the board's two axes: a full
11 x 11 map is the 11 x 11 rhombus of Hex, and its hexes are named a1 to k11 exactly
as the map reads. Hexes are named by the board's `coordinates` (by default column
letter then row number from the top left, "c3").

`sides` colours the board's outer edges by side (a player's two sides in a
connection game) and labels them: each outer edge of a hex on the map's first row
(top), last row (bottom), or a row's first (left) or last hex (right) goes to the
side it faces most.

`hex_board` makes a board of components.toml with kind = "hex" from its map (read as
a grid's, board.grid_board) and its validated `sides`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.shapes import Drawing, Line, Polygon, Rect, Style, Text
from generator.draw import colour as colours
from generator.kit import text as fit
from generator.kit import regions
from generator.kit.board import cell_name, legend_entries, legend_layout
from generator.kit.checks import KitChecks
from generator.kit.spec import BoardSpec
from generator.play.tables import cell_steps, column_letters

MARGIN = 6.0
BAND = 2.0  # mm: the width of a coloured side
LABEL_SIZE = 3.6  # mm: a side's label (10 pt)
FACING = {"top": (0.0, -1.0), "bottom": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}


@dataclass(frozen=True)
class HexSide:
    """One side of the board: its colour ("" none) and label ("" none)."""

    side: str  # top | bottom | left | right
    colour: str = ""
    label: str = ""


def hex_centre(col: int, row: int, cell: float, pointy: bool, axial: bool = False) -> tuple[float, float]:
    if pointy:
        shift = row / 2 if axial else (0.5 if row % 2 else 0.0)
        return cell * (col + shift), cell * row * math.sqrt(3) / 2
    shift = col / 2 if axial else (0.5 if col % 2 else 0.0)
    return cell * col * math.sqrt(3) / 2, cell * (row + shift)


def hex_corners(cx: float, cy: float, cell: float, pointy: bool) -> tuple[tuple[float, float], ...]:
    radius = cell / math.sqrt(3)  # centre to corner, for neighbours `cell` apart
    start = 30 if pointy else 0
    return tuple((round(cx + radius * math.cos(math.radians(start + 60 * i)), 3),
                  round(cy + radius * math.sin(math.radians(start + 60 * i)), 3)) for i in range(6))


def hex_drawing(spec: BoardSpec, pointy: bool, ink_saver: bool = False, axial: bool = False,
                sides: tuple[HexSide, ...] = (), names: dict[tuple[int, int], str] | None = None) -> Drawing:
    """The hexes, then the coloured sides and their labels. `names` gives each hex
    (column, row) of the map its name; by default column letter and row number."""
    c = spec.cell
    placed = [(k, r, ch) for r, row in enumerate(spec.rows) for k, ch in enumerate(row) if ch != spec.blank]
    centres = {(k, r): hex_centre(k, r, c, pointy, axial) for k, r, _ch in placed}
    corners = {at: hex_corners(*centre, c, pointy) for at, centre in centres.items()}
    margin = MARGIN + (BAND if any(s.colour for s in sides) else 0.0) + \
        (LABEL_SIZE * 2.5 if any(s.label for s in sides) else 0.0)
    xs = [x for pts in corners.values() for x, _y in pts]
    ys = [y for pts in corners.values() for _x, y in pts]
    dx, dy = margin - min(xs), margin - min(ys)
    width, height = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    shapes: list = [Rect(0, 0, round(width, 3), round(height, 3), Style(fill=colours.WHITE), role="board-background")]
    label_size = min(c * 0.3, 10.0)
    for k, r, ch in placed:
        kind = spec.kind(ch)
        fill = colours.lighten(kind.fill, 0.55) if ink_saver else kind.fill
        name = names[(k, r)] if names else f"{chr(97 + k)}{r + 1}"
        points = tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in corners[(k, r)])
        shapes.append(Polygon(points, Style(fill=fill, stroke=spec.line, stroke_width=0.4), cell=name, role="hex"))
        cx, cy = centres[(k, r)]
        cx, cy = cx + dx, cy + dy
        if kind.label:
            shapes.append(fit.line(cx, cy + label_size * 0.36, kind.label, size=label_size, max_width=c * 0.7,
                                   fill=kind.ink or colours.ink_on(fill), anchor="middle", bold=True))
        if spec.coordinates:
            shapes.append(Text(round(cx, 3), round(cy - c * 0.28, 3), name, size=round(min(2.8, max(2.2, c * 0.12)), 3),
                               fill=colours.readable(colours.mix(spec.line, "#ffffff", 0.3), fill),  # quiet, but legible
                               anchor="middle", role="coordinate"))
    moved = {at: ((x + dx, y + dy), tuple((round(px + dx, 3), round(py + dy, 3)) for px, py in corners[at]))
             for at, (x, y) in centres.items()}
    shapes += region_shapes(spec, {(k, r): ch for k, r, ch in placed}, moved, pointy, axial, (dx, dy), shapes,
                            ink_saver)
    for side in sides:
        edges = side_edges(side.side, spec, centres, corners)
        moved = [((x1 + dx, y1 + dy), (x2 + dx, y2 + dy)) for (x1, y1), (x2, y2) in edges]
        if side.colour and moved:
            shapes += band_shapes(side, moved, ink_saver)
        if side.label and moved:
            shapes.append(side_label(side, moved))
    legend, legend_height = legend_layout(legend_entries(spec), width, height) if spec.legend else ([], 0.0)
    return Drawing(round(width, 3), round(height + legend_height, 3), tuple(shapes + legend), title=spec.title)


def region_shapes(spec: BoardSpec, chars: dict, moved: dict, pointy: bool, axial: bool, shift: tuple, drawn: list,
                  ink_saver: bool = False) -> list:
    """The regions' heavy borders and names (kit.regions), on the hexes already `drawn`; `moved`
    gives each hex's centre and corners as drawn, `shift` how far the map was moved."""
    kinds = {kind.char: replace(kind, fill=colours.lighten(kind.fill, 0.55)) if ink_saver else kind
             for kind in spec.kinds if kind.region}  # as the hexes are filled, for the names' ink
    if not kinds:
        return []
    orientation, layout = "pointy" if pointy else "flat", "axial" if axial else "offset"

    def centre_of(k: int, r: int) -> tuple[float, float]:
        x, y = hex_centre(k, r, spec.cell, pointy, axial)
        return x + shift[0], y + shift[1]

    corners = {at: points for at, (_centre, points) in moved.items()}
    borders = regions.border_shapes(chars, corners, centre_of, set(kinds),
                                    lambda k, r: cell_steps("hex", k, r, orientation, layout),
                                    colours.darken(spec.line, 0.2))
    names = regions.name_shapes(kinds, chars, {at: centre for at, (centre, _p) in moved.items()}, corners,
                                spec.cell, [shape for shape in drawn if isinstance(shape, Text)])
    return borders + names


def side_edges(side: str, spec: BoardSpec, centres: dict, corners: dict) -> list:
    """The outer edges of the board that belong to `side`: edges of a hex on that side of the
    map with no hex beyond them, each given to the side it faces most."""
    if not centres:
        return []
    rows = sorted({r for _k, r in centres})
    first_in_row = {r: min(k for k, rr in centres if rr == r) for r in rows}
    last_in_row = {r: max(k for k, rr in centres if rr == r) for r in rows}
    on_side = {"top": lambda k, r: r == rows[0], "bottom": lambda k, r: r == rows[-1],
               "left": lambda k, r: k == first_in_row[r], "right": lambda k, r: k == last_in_row[r]}
    outer = outer_edges(centres, corners)
    edges = []
    for (k, r), edge, (ux, uy) in outer:
        candidates = {name: ux * fx + uy * fy for name, (fx, fy) in FACING.items()
                      if on_side[name](k, r) and ux * fx + uy * fy > 0.01}
        if candidates and max(candidates, key=lambda name: (candidates[name], name)) == side:
            edges.append(edge)
    return edges


def outer_edges(centres: dict, corners: dict) -> list:
    """Every hex edge with no hex across it: (hex, edge, its outward unit direction)."""
    points = [centre for centre in centres.values()]
    found = []
    for at, pts in corners.items():
        cx, cy = centres[at]
        for i in range(6):
            a, b = pts[i], pts[(i + 1) % 6]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            across = (2 * mx - cx, 2 * my - cy)  # where a neighbour's centre would be
            if any(math.dist(across, p) < 0.01 * (1 + abs(cx)) for p in points):
                continue
            length = math.hypot(mx - cx, my - cy)
            found.append((at, (a, b), ((mx - cx) / length, (my - cy) / length)))
    return found


def band_shapes(side: HexSide, edges: list, ink_saver: bool) -> list:
    """A thick line of the side's colour just outside each of its edges (outside, so it
    covers nothing printed in the hexes)."""
    colour = colours.lighten(side.colour, 0.4) if ink_saver else side.colour
    fx, fy = FACING[side.side]
    shapes = []
    for (x1, y1), (x2, y2) in edges:
        # push the line out, across the edge, by half the band
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        nx, ny = -ey / length, ex / length
        if nx * fx + ny * fy < 0:
            nx, ny = -nx, -ny
        off = BAND / 2
        shapes.append(Line(round(x1 + nx * off, 3), round(y1 + ny * off, 3), round(x2 + nx * off, 3),
                           round(y2 + ny * off, 3), Style(stroke=colour, stroke_width=BAND), role=f"side-{side.side}"))
    return shapes


def side_label(side: HexSide, edges: list) -> Text:
    """The side's label, along the side (reading left to right) and beyond its band: the
    line through the side's first and last edges, moved out past every corner of the side."""
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in edges]
    fx, fy = FACING[side.side]
    mids.sort(key=lambda p: (p[1], p[0]) if fx else (p[0], p[1]))
    (x1, y1), (x2, y2) = mids[0], mids[-1]
    length = math.dist(mids[0], mids[-1])
    ux, uy = ((x2 - x1) / length, (y2 - y1) / length) if length else (1.0, 0.0)
    if ux < 0 or (ux == 0 and uy < 0):  # read left to right (or downwards on an upright side)
        ux, uy = -ux, -uy
    ox, oy = -uy, ux  # across the side, outwards
    if ox * fx + oy * fy < 0:
        ox, oy = -ox, -oy
    beyond = max((x - x1) * ox + (y - y1) * oy for edge in edges for x, y in edge)  # the outermost corner
    angle = math.degrees(math.atan2(uy, ux))
    up = (math.sin(math.radians(angle)), -math.cos(math.radians(angle)))  # the way the letters stand
    towards_board = up[0] * ox + up[1] * oy < 0
    gap = beyond + BAND + 1.5 + (LABEL_SIZE * 0.75 if towards_board else LABEL_SIZE * 0.25)
    cx, cy = (x1 + x2) / 2 + ox * gap, (y1 + y2) / 2 + oy * gap
    return fit.line(round(cx, 3), round(cy, 3), side.label, size=LABEL_SIZE, max_width=max(length, 30.0),
                    min_size=2.2, strict=True, fill=colours.readable(side.colour or "#333333", colours.WHITE),
                    anchor="middle", bold=True, rotate=round(angle, 3), role="side-label")


# -- from components.toml ---------------------------------------------------------------
def hex_board(checks: KitChecks, table: Values, spec: BoardSpec) -> Optional[BoardSpec]:
    """kind = "hex": the map as hexes, named by `coordinates` (board.cell_name, as a grid's
    cells are), laid out `offset` or `axial`, its `sides` coloured and labelled."""
    names = {(k, r): cell_name(spec, k, r) if spec.coordinates else f"{column_letters(k)}{r + 1}"
             for r, row in enumerate(spec.rows) for k, ch in enumerate(row) if ch != spec.blank}
    sides = []
    given = table["sides"] or {}
    for side in ("top", "bottom", "left", "right"):
        entry = given.get(side)
        if entry is None:
            continue
        colour = side_colour(checks, entry) if entry["colour"] else ""
        sides.append(HexSide(side, colour or "", entry["label"]))
    try:
        drawing = hex_drawing(spec, table["orientation"] == "pointy", axial=table["layout"] == "axial",
                              sides=tuple(sides), names=names)
    except fit.TextDoesNotFit as error:
        checks.source.report(table.key("sides"), "a side's label does not fit along its side at 6 pt",
                             expected="a shorter label", found=error.text)
        return None
    except regions.RegionNameDoesNotFit as error:
        regions.name_error(checks, table, error)
        return None
    return replace(spec, drawn=drawing)


def side_colour(checks: KitChecks, entry: Values) -> Optional[str]:
    """A side's `colour`, a player of [kit].players or a colour: the colour, or None (reported)."""
    value = entry["colour"]
    colour = checks.player_or_colour(value)
    if not colour:
        checks.source.report(entry.key("colour"), f"colour '{value}' is neither a player nor a colour",
                             expected=checks.players_expected(), found=value)
    return colour
