"""A hex map's named regions: read from the map and the game's regions table, drawn with a
heavier border where a region meets anything else, and named once inside each.

The regions come from play.tables.map_regions, the reading the game's engine makes of the
same map and table, so the borders the kit draws are the adjacency the engine plays with:
a border is drawn on exactly the hex edges whose two sides play.tables.cell_steps calls
neighbours and which belong to different regions (or to a region and the sea).

A region's name goes once, inside the region: in its most central hex where the whole line,
or the name on two lines, fits inside the hex (no edge through it) and clear of every other
word, at the largest size from 12 pt down to 6.2 pt. A name that fits nowhere is an error at its row of the table.
"""
from __future__ import annotations

import math
from typing import Optional

from generator.content.schema import Values
from generator.draw.bounds import bounds, overlaps
from generator.draw.shapes import Line, Style, Text
from generator.draw import colour as colours
from generator.draw import linebreak
from generator.errors import ContentError, ContentErrors
from generator.kit import text as fit
from generator.kit.checks import KitChecks
from generator.kit.spec import CellKind
from generator.play.tables import cell_steps, map_regions

BORDER = 1.1  # mm: a region's border, against the 0.4 mm of a hex's own edge
LARGEST, SMALLEST = 4.2, 2.2  # mm: a region's name, 12 pt at most, 6.2 pt at least
CLEAR = 0.8  # mm kept between a name and its region's border or another word


class RegionNameDoesNotFit(ValueError):
    def __init__(self, key: str, name: str):
        super().__init__(f"{name!r} fits nowhere inside its region")
        self.key, self.name = key, name


# -- from components.toml -------------------------------------------------------------------
def region_kinds(checks: KitChecks, table: Values, rows: tuple[str, ...]) -> tuple[CellKind, ...]:
    """The regions `regions = { data = ... }` names, as kinds of cell (region = True), each colour
    resolved; () when the board has none or its table is wrong (reported at the table's rows)."""
    if table["regions"] is None or not rows:
        return ()
    data = checks.data_file(table.table("regions"))
    if data is None:
        return ()
    try:
        found = map_regions(rows, data, table["kind"], table["orientation"], table["layout"])
    except ContentErrors as errors:
        checks.source.errors.extend(errors.errors)
        return ()
    kinds = []
    for region in found.regions:
        fill = checks.colour_value(region.colour) if region.colour else colours.WHITE
        if region.key in table["kinds"] or fill is None:
            checks.source.errors.append(ContentError(
                data.path, region.line, f"'{region.colour}' is not a colour" if fill is None
                else f"'{region.key}' is a region here and a kind in [board.kinds]",
                expected="a colour (#rrggbb or a name from [kit].colours), and a map character of the region's own",
                found=f"key {region.key}, colour {region.colour or '(none)'}"))
        kinds.append(CellKind(region.key, region.name, "", fill or colours.WHITE, "", region=True))
    return tuple(kinds)


def name_error(checks: KitChecks, table: Values, error: RegionNameDoesNotFit) -> None:
    """A region name that fits nowhere: an error at the region's row of its table."""
    data = checks.data_file(table.table("regions"))
    row = next((row.line for row in data.rows if row.text.get("key") == error.key), None) if data else None
    checks.source.errors.append(ContentError(
        data.path if data and row else checks.source.path, row or checks.source.line_of(table.key("regions")),
        f"the name of region '{error.name}' fits nowhere inside it at 6 pt",
        expected="a shorter name, a larger `cell`, or a region of more hexes", found=error.name))


# -- the drawing --------------------------------------------------------------------------------
def border_shapes(chars: dict, corners: dict, centre_of, regions: set[str], steps, ink: str) -> list:
    """A heavy line on every edge of a region's hex whose neighbour (`steps`: play.tables.cell_steps
    for the board's layout) is another region's hex, a hex of no region, or no hex: each edge
    once. `centre_of(k, r)` is where a hex's centre is (or would be, off the map)."""
    style = Style(stroke=ink, stroke_width=BORDER)
    shapes = []
    for (k, r), char in sorted(chars.items(), key=lambda item: (item[0][1], item[0][0])):
        if char not in regions:
            continue
        for at in steps(k, r):
            other = chars.get(at)
            if other == char or (other in regions and (at[1], at[0]) < (r, k)):
                continue  # inside the region; or drawn already, from the other region's side
            there = centre_of(*at)
            (x1, y1), (x2, y2) = sorted(corners[(k, r)], key=lambda p: math.dist(p, there))[:2]
            shapes.append(Line(x1, y1, x2, y2, style, role="region-border"))
    return shapes


def name_shapes(kinds: dict, chars: dict, centres: dict, corners: dict, cell: float, taken: list) -> list:
    """Each region's name once, inside it (see the module's note); `taken` holds the words drawn
    already. Raises RegionNameDoesNotFit for a name that fits nowhere."""
    shapes = []
    boxes = [box for box in (bounds(shape) for shape in taken) if box]
    for char, kind in kinds.items():
        at = [where for where, c in chars.items() if c == char]
        if not at:
            continue
        placed = place_name(kind, at, centres, corners, cell, boxes)
        if placed is None:
            raise RegionNameDoesNotFit(char, kind.name)
        shapes += placed
        boxes += [bounds(shape) for shape in placed]
    return shapes


def place_name(kind: CellKind, at: list, centres: dict, corners: dict, cell: float, boxes: list) -> Optional[list]:
    """The name's lines at the largest size and most central place where they fit (None: nowhere)."""
    middle = (sum(centres[a][0] for a in at) / len(at), sum(centres[a][1] for a in at) / len(at))
    spots = sorted(at, key=lambda a: (round(math.dist(centres[a], middle), 3), a[1], a[0]))
    ink = colours.ink_on(kind.fill)
    words = linebreak.units(kind.name)  # a Japanese name breaks between its characters
    layouts = [[kind.name]] + [[linebreak.joined(words[:i]), linebreak.joined(words[i:])] for i in range(1, len(words))]
    size = min(LARGEST, cell * 0.19)
    while size >= SMALLEST - 1e-9:
        for lines in layouts:
            for spot in spots:
                x, y = centres[spot]
                shapes = name_lines(lines, x, y + cell * 0.08, size, ink)
                if all(fits(bounds(shape), corners[spot], boxes) for shape in shapes):
                    return shapes
        size = round(size - 0.2, 3)
    return None


def name_lines(lines: list[str], x: float, y: float, size: float, ink: str) -> list[Text]:
    """The lines centred on (x, y), one under the other."""
    step = size * fit.LINE_HEIGHT
    first = y - step * (len(lines) - 1) / 2 + size * 0.3
    return [Text(round(x, 3), round(first + i * step, 3), text, size=round(size, 3), fill=ink, anchor="middle",
                 bold=True, role="region-name", length=round(fit.width(text, size, True), 3))
            for i, text in enumerate(lines)]


def fits(box, polygon, boxes: list) -> bool:
    """A word's box clear of the other words, and (grown by CLEAR) inside one hex, crossed by none
    of its edges (a name across two hexes would have the edge between them through it)."""
    if any(overlaps(box, other, CLEAR) for other in boxes):
        return False
    x, y, w, h = box[0] - CLEAR, box[1] - CLEAR, box[2] + 2 * CLEAR, box[3] + 2 * CLEAR
    samples = [(x + w * i / 6, y + h * j) for i in range(7) for j in (0, 1)] + \
              [(x + w * i, y + h * j / 3) for i in (0, 1) for j in range(1, 3)]
    return all(in_convex(point, polygon) for point in samples)


def in_convex(point, polygon) -> bool:
    """Whether a point lies inside (or on) a convex polygon, whichever way round its corners run."""
    px, py = point
    signs = set()
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1
