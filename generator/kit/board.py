"""Boards as drawings: a grid of cells from a text map, at the physical cell size.

The map says each cell's kind (fill, label, legend name), which cells do not exist
(masked shapes such as a diamond) and which lie outside the grid (a safe zone).
Around the grid: coordinates on the margin, edge markings (wrapping sides get
outward arrows on every row; other edges get a label), and a legend below.

A board of components.toml becomes a `BoardSpec` here too (`grid_board`, and the
boards the game draws or the designer drew: `drawn_board`, `artwork_board`); the
other kinds are made by hexes.py, points.py and tracks.py, each from the board's
validated values (generator.kit.schema), with problems reported as file:line.
"""
from __future__ import annotations

import string
from dataclasses import replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.inksaver import ink_saver as lightened
from generator.draw.shapes import Drawing, Line, Path, Rect, Style, Text
from generator.draw.svgimport import ArtworkError, import_svg
from generator.kit.pictures_parts import is_picture, picture_board
from generator.draw import colour as colours
from generator.kit import text as fit
from generator.kit.checks import KitChecks
from generator.kit.fonts import in_spec_font
from generator.kit.maps import board_map, cell_kinds
from generator.kit import regions
from generator.kit.regions import region_kinds
from generator.kit.schema import BOARD_COMMON_KEYS, BOARD_KIND_KEYS, MAP_SOURCES, MAX_BOARD_SIDE, MAX_LENGTH
from generator.kit.spec import BoardSpec, Coordinates
from generator.play.tables import cell_steps

WRAP_COLOUR = "#6a3fb5"
COORD_BAND = 7.0
EDGE_BAND = 8.0
BASE_MARGIN = 4.0
LEGEND_ROW = 7.0


def column_name(index: int, style: str) -> str:
    if style == "numbers":
        return str(index + 1)
    letters = string.ascii_lowercase
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def cell_name(spec: BoardSpec, col: int, row: int) -> str:
    """The cell's coordinate name, as on the margin: column then row ("a1")."""
    coords = spec.coordinates
    cols, rows = spec.size
    if coords is None:
        return f"{column_name(col, 'letters')}{row + 1}"
    row_index = rows - 1 - row if coords.rows_from == "bottom" else row
    row_text = column_name(row_index, coords.rows)
    col_text = column_name(col, coords.columns)
    return f"{col_text}{row_text}" if coords.columns != coords.rows else f"{col_text}-{row_text}"


def margins(spec: BoardSpec) -> dict[str, float]:
    edges = dict(spec.edges)
    out = {}
    for side in ("left", "right", "top", "bottom"):
        band = BASE_MARGIN + (COORD_BAND if spec.coordinates else 0.0)
        if edges.get(side):
            band += EDGE_BAND
        out[side] = band
    return out


def legend_entries(spec: BoardSpec) -> list[tuple[str, str, str]]:
    """(label, name, fill) for every kind used on the map that has a name."""
    used = {ch for row in spec.rows for ch in row}
    entries = [(k.label, k.name, k.fill) for k in spec.kinds if k.name and k.char in used and not k.region]
    if any(value == "wrap" for _side, value in spec.edges):
        entries.append(("wrap", "arrows: the opposite edges touch; pieces wrap around", WRAP_COLOUR))
    return entries


@in_spec_font  # the face of the kit's language, if it has one (kit/fonts.py)
def board_drawing(spec: BoardSpec, ink_saver: bool = False) -> Drawing:
    if spec.drawn is not None:  # the game's own drawing: print it as the site shows it
        return lightened(spec.drawn) if ink_saver else spec.drawn
    cols, rows = spec.size
    c = spec.cell
    m = margins(spec)
    grid_w, grid_h = cols * c, rows * c
    width = m["left"] + grid_w + m["right"]
    legend = legend_entries(spec) if spec.legend else []
    legend_shapes, legend_h = legend_layout(legend, width, m["top"] + grid_h + m["bottom"])
    height = m["top"] + grid_h + m["bottom"] + legend_h
    x0, y0 = m["left"], m["top"]
    shapes: list = [Rect(0, 0, width, height, Style(fill=colours.WHITE), role="board-background")]

    inside = {(k, r) for r, row in enumerate(spec.rows) for k, ch in enumerate(row)
              if ch != spec.blank and not spec.kind(ch).outside}
    label_size = min(c * 0.32, 11.0)
    for r, row in enumerate(spec.rows):
        for k, ch in enumerate(row):
            if ch == spec.blank:
                continue
            kind = spec.kind(ch)
            fill = kind.fill if not ink_saver else colours.lighten(kind.fill, 0.55)
            x, y = x0 + k * c, y0 + r * c
            if kind.outside:
                style = Style(fill=fill, stroke=spec.line, stroke_width=0.35, dash=(2.0, 1.2))
            else:
                style = Style(fill=fill, stroke=colours.mix(spec.line, colours.WHITE, 0.35), stroke_width=0.3)
            shapes.append(Rect(x, y, c, c, style, cell=cell_name(spec, k, r), role="cell"))
            ink = kind.ink or colours.ink_on(fill)
            if kind.label:
                shapes.append(fit.line(x + c / 2, y + c / 2 + label_size * 0.36, kind.label, size=label_size,
                                       max_width=c * 0.85, fill=ink, anchor="middle", bold=True))
                if kind.name and c >= 30:
                    shapes.append(fit.line(x + c / 2, y + c * 0.84, kind.name, size=c * 0.075,
                                           max_width=c * 0.9, fill=ink, anchor="middle"))
    # the grid's outline: every side of an inside cell that borders no inside cell
    outline = Style(stroke=spec.line, stroke_width=0.8)
    for k, r in sorted(inside):
        x, y = x0 + k * c, y0 + r * c
        if (k, r - 1) not in inside:
            shapes.append(Line(x, y, x + c, y, outline))
        if (k, r + 1) not in inside:
            shapes.append(Line(x, y + c, x + c, y + c, outline))
        if (k - 1, r) not in inside:
            shapes.append(Line(x, y, x, y + c, outline))
        if (k + 1, r) not in inside:
            shapes.append(Line(x + c, y, x + c, y + c, outline))

    shapes += grid_region_shapes(spec, x0, y0, shapes)
    if spec.coordinates:
        shapes += coordinate_labels(spec, inside, x0, y0, m)
    shapes += edge_markings(spec, x0, y0, m)
    shapes += legend_shapes
    return Drawing(round(width, 3), round(height, 3), tuple(shapes), title=spec.title)


def grid_region_shapes(spec: BoardSpec, x0: float, y0: float, drawn: list) -> list:
    """A grid's named regions (kit.regions): a heavier border where a region meets anything
    else, and its name once inside one of its squares."""
    kinds = {kind.char: kind for kind in spec.kinds if kind.region}
    if not kinds:
        return []
    c = spec.cell
    chars = {(k, r): ch for r, row in enumerate(spec.rows) for k, ch in enumerate(row) if ch != spec.blank}

    def centre(k: int, r: int) -> tuple[float, float]:
        return x0 + (k + 0.5) * c, y0 + (r + 0.5) * c

    corners = {(k, r): ((x0 + k * c, y0 + r * c), (x0 + (k + 1) * c, y0 + r * c),
                        (x0 + (k + 1) * c, y0 + (r + 1) * c), (x0 + k * c, y0 + (r + 1) * c)) for k, r in chars}
    borders = regions.border_shapes(chars, corners, centre, set(kinds), lambda k, r: cell_steps("grid", k, r),
                                    colours.darken(spec.line, 0.2))
    names = regions.name_shapes(kinds, chars, {at: centre(*at) for at in chars}, corners, c,
                                [shape for shape in drawn if isinstance(shape, Text)])
    return borders + names


def coordinate_labels(spec: BoardSpec, inside: set, x0: float, y0: float, m: dict) -> list:
    cols, rows = spec.size
    c = spec.cell
    size = min(4.0, c * 0.22)
    ink = "#444444"
    shapes = []
    top_y = y0 - 2.0
    bottom_y = y0 + rows * c + 2.0 + size
    left_x = x0 - 2.5
    right_x = x0 + cols * c + 2.5
    used_cols = sorted({k for k, _r in inside})
    used_rows = sorted({r for _k, r in inside})
    for k in used_cols:
        label = col_label(spec, k)
        x = x0 + k * c + c / 2
        shapes.append(Text(x, top_y, label, size=size, fill=ink, anchor="middle", role="coordinate"))
        shapes.append(Text(x, bottom_y, label, size=size, fill=ink, anchor="middle", role="coordinate"))
    for r in used_rows:
        label = row_label(spec, r)
        y = y0 + r * c + c / 2 + size * 0.36
        shapes.append(Text(left_x, y, label, size=size, fill=ink, anchor="end", role="coordinate"))
        shapes.append(Text(right_x, y, label, size=size, fill=ink, anchor="start", role="coordinate"))
    return shapes


def col_label(spec: BoardSpec, col: int) -> str:
    return column_name(col, spec.coordinates.columns if spec.coordinates else "letters")


def row_label(spec: BoardSpec, row: int) -> str:
    coords = spec.coordinates
    rows = spec.size[1]
    if coords is None:
        return str(row + 1)
    index = rows - 1 - row if coords.rows_from == "bottom" else row
    return column_name(index, coords.rows)


def edge_markings(spec: BoardSpec, x0: float, y0: float, m: dict) -> list:
    cols, rows = spec.size
    c = spec.cell
    shapes: list = []
    arrow = Style(stroke=WRAP_COLOUR, stroke_width=0.45)
    for side, value in spec.edges:
        # the edge band is the outermost band of the margin
        if value == "wrap":
            if side in ("left", "right"):
                direction = -1 if side == "left" else 1
                if side == "left":
                    x_tail = BASE_MARGIN + EDGE_BAND * 0.8
                else:
                    x_tail = x0 + cols * c + m[side] - BASE_MARGIN - EDGE_BAND * 0.8
                x_head = x_tail + direction * EDGE_BAND * 0.45
                for r in range(rows):
                    y = y0 + r * c + c / 2
                    shapes.append(Path(((x_tail, y), (x_head, y)), arrow, arrow=True, role="wrap-marker"))
            else:
                direction = -1 if side == "top" else 1
                if side == "top":
                    y_tail = BASE_MARGIN + EDGE_BAND * 0.8
                else:
                    y_tail = y0 + rows * c + m[side] - BASE_MARGIN - EDGE_BAND * 0.8
                y_head = y_tail + direction * EDGE_BAND * 0.45
                for k in range(cols):
                    x = x0 + k * c + c / 2
                    shapes.append(Path(((x, y_tail), (x, y_head)), arrow, arrow=True, role="wrap-marker"))
        else:
            size = 4.0
            if side == "top":
                shapes.append(fit.line(x0 + cols * c / 2, BASE_MARGIN + size, value, size=size,
                                       max_width=cols * c, fill="#333333", anchor="middle", bold=True,
                                       role="edge-label"))
            elif side == "bottom":
                y = y0 + rows * c + m["bottom"] - BASE_MARGIN
                shapes.append(fit.line(x0 + cols * c / 2, y, value, size=size, max_width=cols * c,
                                       fill="#333333", anchor="middle", bold=True, role="edge-label"))
            elif side == "left":
                shapes.append(fit.line(BASE_MARGIN + size, y0 + rows * c / 2, value, size=size,
                                       max_width=rows * c, fill="#333333", anchor="middle", bold=True,
                                       rotate=-90, role="edge-label"))
            else:
                x = x0 + cols * c + m["right"] - BASE_MARGIN - size
                shapes.append(fit.line(x, y0 + rows * c / 2, value, size=size, max_width=rows * c,
                                       fill="#333333", anchor="middle", bold=True, rotate=90,
                                       role="edge-label"))
    return shapes


def legend_layout(entries: list, width: float, top: float) -> tuple[list, float]:
    """Swatches and names flowing in rows under the board; returns shapes and height."""
    if not entries:
        return [], 0.0
    shapes: list = []
    x, y = BASE_MARGIN, top + 1.0
    size = 3.2
    for label, name, fill in entries:
        text_w = fit.width(name, size)
        entry_w = 7.0 + text_w + 6.0
        if x + entry_w > width - BASE_MARGIN and x > BASE_MARGIN:
            x, y = BASE_MARGIN, y + LEGEND_ROW
        if label == "wrap":
            shapes.append(Path(((x + 0.5, y + 2.5), (x + 4.0, y + 2.5)),
                               Style(stroke=fill, stroke_width=0.6), arrow=True))
        else:
            shapes.append(Rect(x, y, 5.0, 5.0, Style(fill=fill, stroke="#555555", stroke_width=0.25)))
            if label:
                shapes.append(fit.line(x + 2.5, y + 3.6, label, size=3.0, max_width=4.6,
                                       fill=colours.ink_on(fill), anchor="middle", bold=True))
        text_x = x + (8.5 if label == "wrap" else 7.0)
        shapes.append(Text(text_x, y + 3.7, name, size=size, fill="#333333", length=round(text_w, 3)))
        x = text_x + text_w + 6.0
    return shapes, (y + LEGEND_ROW) - top + 1.0


# -- from components.toml ---------------------------------------------------------------
def grid_board(checks: KitChecks, table: Values, name: str, title: str) -> Optional[BoardSpec]:
    """A board of cells (kind "grid", and the map of a "hex" board): its map, kinds, coordinates,
    edges and line colour; None when the map is missing or wrong (reported)."""
    kind = table["kind"]
    rows, where = board_map(checks, table)
    if rows and not board_fits(checks, table, rows):
        return None
    kinds = cell_kinds(checks, table, rows, where, region_kinds(checks, table, rows))
    coordinates = None if table["coordinates"] == "none" else Coordinates(**table.table("coordinates"))
    edges = board_edges(checks, table["edges"]) if kind == "grid" else ()  # elsewhere `edges` is an unused key
    line = checks.colour(table, "line")
    if not rows:
        return None
    spec = BoardSpec(name, title, table["cell"], rows, table["blank"], kinds, coordinates, edges, line,
                     table["legend"])
    if kind == "grid" and any(k.region for k in kinds):
        try:
            board_drawing(spec)  # a region's name that fits nowhere is the author's to fix, at its row
        except regions.RegionNameDoesNotFit as error:
            regions.name_error(checks, table, error)
            return None
    return spec


def board_fits(checks: KitChecks, table: Values, rows: tuple[str, ...]) -> bool:
    """A map within the limits: at most MAX_BOARD_SIDE cells each way, at most MAX_LENGTH mm
    each way (a slip of a number, else a kit of thousands of pages)."""
    across, down = max(len(row) for row in rows), len(rows)
    at = table.key(next((key for key in MAP_SOURCES if key in table.given), "cell"))
    if max(across, down) > MAX_BOARD_SIDE:
        checks.source.report(at, f"the board map is {across} x {down} cells; a board has at most "
                                 f"{MAX_BOARD_SIDE} cells each way (docs/kit.md, Limits)",
                             expected=f"up to {MAX_BOARD_SIDE} x {MAX_BOARD_SIDE} cells", found=f"{across} x {down}")
        return False
    if table["cell"] * max(across, down) > MAX_LENGTH:
        checks.source.report(table.key("cell"), f"the board would be {table['cell'] * across:g} x "
                                                f"{table['cell'] * down:g} mm; a board is at most {MAX_LENGTH:g} mm "
                                                "each way (docs/kit.md, Limits)",
                             expected="a smaller cell or fewer cells", found=f"cell = {table['cell']:g}")
        return False
    return True


def board_edges(checks: KitChecks, table: Optional[Values]) -> tuple[tuple[str, str], ...]:
    if table is None:
        return ()
    for a, b in (("left", "right"), ("top", "bottom")):
        if (table[a] == "wrap") != (table[b] == "wrap"):
            lone = a if table[a] == "wrap" else b
            checks.source.report(table.key(lone), "a board wraps on both opposite sides or neither",
                                 expected=f"{a} = \"wrap\" and {b} = \"wrap\"", found=f"only {lone}")
    return tuple((side, table[side]) for side in table.schema.fields if table[side])


def unused_board_keys(checks: KitChecks, table: Values) -> None:
    """A key the board's kind does not read (schema.BOARD_KIND_KEYS) is reported at its line."""
    kind = "drawing" if table["drawing"] else table["kind"]
    reads = BOARD_KIND_KEYS[kind]
    known = table.given & set(table)  # an unknown key is the schema's error already
    for key in sorted(known - reads - BOARD_COMMON_KEYS):
        if kind == "drawing" and key in MAP_SOURCES:
            continue  # drawn_board says why a map and a drawing do not go together
        what = "a board the game draws" if kind == "drawing" else f"a {kind} board"
        value = table[key]
        at = table.key(key) + ((next(iter(value)),) if isinstance(value, dict) and value else ())  # its header
        checks.source.report(at, f"`{key}` has no use on {what}",
                             expected=f"the keys {what} reads: " + ", ".join(sorted(reads | {"name", "title", "cell"})),
                             found=key)


def drawn_board(checks: KitChecks, table: Values, name: str, title: str) -> Optional[BoardSpec]:
    """A board the game draws itself: `drawing(cell)` must give a Drawing in mm."""
    extra = [key for key in MAP_SOURCES if table.get(key) is not None]
    if extra:
        checks.source.report(table.key(extra[0]), f"a board with a drawing has no {extra[0]}",
                             expected="drawing, or a map (map, map_file, cells or rows)", found=extra[0])
        return None
    draw = checks.game_function(table, "drawing", "drawing.kit_board")
    drawing = checks.drawn(table, "board", draw, table["cell"]) if draw else None
    if drawing is None:
        return None
    return BoardSpec(name, title, table["cell"], (), table["blank"], (), None, (), drawn=drawing)


def artwork_board(checks: KitChecks, table: Values, title: str) -> Optional[Drawing]:
    """kind = "artwork": the designer's SVG at exactly `width` (and `height`) mm, or a picture."""
    art = table["art"]
    if is_picture(art):  # PNG or JPEG: kit/pictures_parts.py
        return picture_board(checks, table, title)
    path = checks.game_dir / (art or "")
    if not art or not path.is_file() or not path.resolve().is_relative_to(checks.game_dir.resolve()):
        checks.source.report(table.key("art") if art else table.key("kind"), "board artwork not found",
                             expected="an SVG file in the game folder, e.g. art = \"board.svg\"",
                             found=art or "no art key")
        return None
    try:
        return replace(import_svg(path, table["width"], table["height"]), title=title)
    except ArtworkError as error:  # named at the art key, with the SVG's own line in the message
        checks.source.report(table.key("art"), f"board artwork {art}, {error}" if error.line else
                             f"board artwork {art}: {error}", found=art,
                             expected="flat SVG shapes as drawing programs export them (docs/kit.md, artwork)")
        return None
