"""A grid or hex board's map: its rows of cell characters, from exactly one of
the board's map keys (schema.MAP_SOURCES), and the kinds its characters name.

Every row keeps where it stands (file and line), so that a ragged row or a
character without a kind is reported on the map's own line, in components.toml
or in the map file.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from generator.content.schema import Values
from generator.errors import ContentError, describe_cell
from generator.kit.checks import KitChecks
from generator.kit.schema import MAP_SOURCES, MAX_BOARD_SIDE
from generator.kit.spec import CellKind
from generator.play.tables import map_rows, read_map


@dataclass(frozen=True)
class MapLines:
    path: Path
    lines: tuple[int, ...]  # the line of each map row


def grid_rows(rows: int, columns: int, mask: str, blank: str) -> tuple[str, ...]:
    """A plain map of '.' spaces; 'diamond' keeps |col - centre| + |row - centre| <= radius."""
    centre_c, centre_r = (columns - 1) / 2, (rows - 1) / 2
    radius = min(centre_c, centre_r)
    out = []
    for r in range(rows):
        out.append("".join("." if mask != "diamond" or abs(c - centre_c) + abs(r - centre_r) <= radius
                           else blank for c in range(columns)))
    return tuple(out)

def board_map(checks: KitChecks, table: Values) -> tuple[tuple[str, ...], MapLines]:
    """The map rows, and where each row stands (file and line) for later messages.

    A board's cells come from exactly one of: `map` (text in the file), `map_file`
    (a text file), `cells` (a data file listing each cell's column and row number)
    or `rows` and `columns` (a full grid, optionally masked)."""
    nothing = (), MapLines(checks.source.path, ())
    sources = [key for key in MAP_SOURCES if key in table.given]
    if len(sources) != 1:
        checks.source.report(table.key(sources[1]) if len(sources) > 1 else table.at,
                             "a board needs exactly one of: map, map_file, cells, rows (with columns)",
                             expected="map = '''...''', map_file = \"board.txt\", cells = {...} or rows/columns",
                             found=", ".join(sources) or "none of them")
    source = sources[0] if sources else None
    blank, columns = table["blank"], table["columns"]
    if source == "rows":
        rows = table["rows"]
        if not rows or not columns:
            return nothing
        line = checks.source.line_of(table.key("rows")) or 1
        return grid_rows(rows, columns, table["mask"], blank), MapLines(checks.source.path, (line,) * rows)
    if source == "map":
        if table["map"] is None:
            return nothing
        first_line = checks.source.positions.content_line(table.key("map")) or 1
        return map_lines(checks, map_rows(table["map"], first_line), checks.source.path, columns, blank, first_line)
    if source == "map_file":
        return map_file(checks, table, columns, blank) if table["map_file"] else nothing
    if source == "cells" and table["cells"] is not None:
        return cells_map(checks, table["cells"], blank)
    return nothing


def map_file(checks: KitChecks, table: Values, columns: Optional[int], blank: str) -> tuple[tuple[str, ...], MapLines]:
    name = table["map_file"]
    file = (checks.game_dir / name).resolve()
    if checks.game_dir.resolve() not in file.parents:
        checks.source.report(table.key("map_file"), f"'{name}' is outside the game folder",
                             expected="a file in the game folder", found=name)
        return (), MapLines(checks.source.path, ())
    if not file.is_file():
        checks.source.report(table.key("map_file"), f"board map '{name}' does not exist",
                             expected=f"a file {file}", found="no such file")
        return (), MapLines(checks.source.path, ())
    return map_lines(checks, read_map(file), file, columns, blank)


def cells_map(checks: KitChecks, table: Values, blank: str) -> tuple[tuple[str, ...], MapLines]:
    """`cells`: a map with a '.' space wherever the data lists a cell (1-based numbers)."""
    nothing = (), MapLines(checks.source.path, ())
    data = checks.data_file(table)
    if not data:
        return nothing
    keys = {key: checks.data_column(table, key, data) for key in ("column", "row")}
    if not all(keys.values()):
        return nothing
    cells = []
    for row in data.rows:
        values = [row.text.get(keys["column"], ""), row.text.get(keys["row"], "")]
        if not all(v.isdigit() and int(v) >= 1 for v in values):
            checks.source.errors.append(ContentError(data.path, row.line, "a cell's column and row are "
                                                     "whole numbers from 1", expected="1, 2, 3, ...",
                                                     found=f"{describe_cell(values[0])}, {describe_cell(values[1])}"))
            return nothing
        if max(int(v) for v in values) > MAX_BOARD_SIDE:
            checks.source.errors.append(ContentError(data.path, row.line, f"a cell's column and row are at most "
                                                     f"{MAX_BOARD_SIDE} (docs/kit.md, Limits)",
                                                     expected=f"1 to {MAX_BOARD_SIDE}", found=", ".join(values)))
            return nothing
        cells.append((int(values[0]), int(values[1])))
    if not cells:
        return nothing
    width, height = max(c for c, _r in cells), max(r for _c, r in cells)
    grid = [[blank] * width for _ in range(height)]
    for col, row in cells:
        grid[height - row if table["rows_from"] == "bottom" else row - 1][col - 1] = "."
    line = checks.source.line_of(table.at) or 1
    return tuple("".join(r) for r in grid), MapLines(checks.source.path, (line,) * height)


def map_lines(checks: KitChecks, numbered: tuple[tuple[int, str], ...], path: Path, columns: Optional[int],
              blank: str, start: int = 1) -> tuple[tuple[str, ...], MapLines]:
    lines, rows = [number for number, _ in numbered], [row for _, row in numbered]
    if not rows:
        checks.source.errors.append(ContentError(path, start, "the board map has no rows",
                                                 expected="one line of cell characters per row",
                                                 found="nothing"))
        return (), MapLines(path, ())
    width = columns or len(rows[0])
    ok = True
    for row, line in zip(rows, lines):
        if len(row) != width:
            ok = False
            checks.source.errors.append(ContentError(
                path, line, "a board map row has the wrong width",
                expected=f"{width} cells" + ("" if columns else " (as the first row)"),
                found=f"{len(row)} cells: {row!r}"))
    return (tuple(rows) if ok else ()), MapLines(path, tuple(lines))


def cell_kinds(checks: KitChecks, table: Values, rows: tuple[str, ...], where: MapLines,
               regions: tuple[CellKind, ...] = ()) -> tuple[CellKind, ...]:
    """The map's kinds of cell ([board.kinds], and the `regions` of kit.regions), every map
    character checked to have one."""
    blank = table["blank"]
    kinds = {".": CellKind("."), **{region.char: region for region in regions}}
    for char, kind in table["kinds"].items():
        if len(char) != 1 or char == blank:
            checks.source.report(kind.at, f"kind '{char}' must be one map character other than '{blank}'",
                                 expected="one character", found=char)
            continue
        kinds[char] = CellKind(char, kind["name"], kind["label"], checks.colour(kind, "fill"),
                               checks.colour(kind, "ink", automatic=True), kind["outside"])
    if table["regions"] is not None and not regions:
        return tuple(kinds.values())  # the regions table is wrong (reported): its characters are unknown
    for r, row in enumerate(rows):
        for ch in row:
            if ch != blank and ch not in kinds:
                checks.source.errors.append(ContentError(
                    where.path, where.lines[r],
                    f"the board map uses '{ch}', which has no [kinds] entry",
                    expected="'.', '" + blank + "' or one of: " + ", ".join(sorted(kinds)), found=ch))
                return tuple(kinds.values())
    return tuple(kinds.values())

