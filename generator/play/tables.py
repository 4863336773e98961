"""The one reader of a game's data tables.

A table is declared once, in `game.toml`:

    [data.board]
    file = "board.csv"
    columns = { cell = "str", col = "int", row = "int", tip = "bool" }
    caption = "The arena"

and read here, into typed rows that remember their file line. The content
loader fills `Game.data` from it, the kit lays its cards out from those
tables, and engines get theirs from `game_tables(folder)`: the same
declaration, the same reading, the same errors everywhere. Standard library
only, since engines run it in the reader's browser too.

CSV files have a header row; blank lines and lines starting with `#` are
skipped. TOML files hold `[[rows]]` tables.
"""
from __future__ import annotations

import csv
import io
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import ContentError, ContentErrors, describe_cell, describe_value

# column type -> how messages name it
TYPES = {"str": "text", "int": "a whole number", "float": "a number", "bool": "true or false"}
CELL_TYPES = {**TYPES, "bool": "true or false (or yes/no, 1/0)"}  # what a CSV cell may say
TRUE, FALSE = ("true", "yes", "1"), ("false", "no", "0", "")


@dataclass(frozen=True)
class TableSpec:
    """One `[data.<name>]` declaration of game.toml."""

    name: str
    file: str
    columns: dict[str, str]  # column -> type ("str", "int", "float", "bool")
    caption: str = ""
    game_toml: Path = Path("game.toml")
    line: int | None = None  # of `[data.<name>]`, for messages
    columns_line: int | None = None  # of its `columns =`
    readers: tuple[str, ...] = ()  # what pages show of it when a table block names no columns
    translate: tuple[str, ...] = ()  # the text columns a translation translates (generator/i18n)


class Row(dict):
    """One row: typed values by column; `text` holds the cells as written and
    `line` the row's line in its file. A translated row (generator/i18n) keeps the
    cells as the source wrote them in `source`: what a selection (`where`) matches."""

    __slots__ = ("line", "text", "_source")

    def __init__(self, values: dict[str, Any], text: dict[str, str], line: int, source: dict[str, str] | None = None):
        super().__init__(values)
        self.text, self.line, self._source = text, line, source

    @property
    def source(self) -> dict[str, str]:
        return self.text if self._source is None else self._source


@dataclass(frozen=True)
class Table:
    name: str
    path: Path
    columns: dict[str, str]
    rows: tuple[Row, ...]
    caption: str = ""
    spec: TableSpec | None = field(default=None, compare=False)

    @property
    def reader_columns(self) -> list[str]:
        """The columns a page shows when its table block names none: those declared for readers, else all."""
        return list(self.spec.readers) if self.spec and self.spec.readers else list(self.columns)

    @property
    def lines(self) -> tuple[int, ...]:
        return tuple(row.line for row in self.rows)


def convert(value: str, kind: str):
    """A cell's text as its column's type; ValueError when it is not one."""
    if kind == "str":
        return value
    if kind == "int":
        return int(value)
    if kind == "float":
        return float(value)
    lowered = value.strip().lower()
    if lowered in TRUE:
        return True
    if lowered in FALSE:
        return False
    raise ValueError(value)


def cell_text(value) -> str:
    """A TOML value written as a CSV cell would be."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_table(spec: TableSpec, path: Path, text: str) -> tuple[Table | None, list[ContentError]]:
    """The table `spec` declares, read from `text` (the file at `path`), and its errors."""
    errors: list[ContentError] = []
    if path.suffix == ".csv":
        rows = read_csv(spec, path, text, errors)
    elif path.suffix == ".toml":
        rows = read_toml_rows(spec, path, text, errors)
    else:
        errors.append(ContentError(spec.game_toml, spec.line, f"unsupported data file type '{path.suffix}'",
                                 expected="a .csv or .toml file", found=path.name))
        return None, errors
    if rows is None:
        return None, errors
    return Table(spec.name, path, dict(spec.columns), tuple(rows), spec.caption, spec), errors


def declared_at(spec: TableSpec) -> str:
    return f"{spec.game_toml.name}:{spec.columns_line or spec.line or 1}"


def read_csv(spec: TableSpec, path: Path, text: str, errors: list[ContentError]) -> list[Row] | None:
    try:
        records = [r for r in csv_records(path, text) if any(c.strip() for c in r.cells)
                   and not r.cells[0].lstrip().startswith("#")]  # blank and comment lines
    except ContentError as error:
        errors.append(error)
        return None
    if not records:
        errors.append(ContentError(path, 1, "the data file is empty", expected="a header row naming the columns",
                                   found="nothing"))
        return None
    header = [name.strip() for name in records[0].cells]
    missing = [c for c in spec.columns if c not in header]
    extra = [c for c in header if c not in spec.columns]
    if missing or extra:
        errors.append(ContentError(path, records[0].line, columns_message(spec, missing, extra),
                                   expected=", ".join(spec.columns), found=", ".join(header)))
        return None
    rows = []
    for record in records[1:]:
        problem = width_error(path, record, header)
        if problem:
            errors.append(problem)
            continue
        row = typed_row(spec, path, record.line, dict(zip(header, record.cells)), errors)
        if row is not None:
            rows.append(row)
    return rows


def columns_message(spec: TableSpec, missing: list[str], extra: list[str]) -> str:
    where = f"declared at {declared_at(spec)}"
    if len(missing) == 1 and len(extra) == 1:
        return f"column '{missing[0]}' ({where}) is called '{extra[0]}' here"
    parts = [f"no column {', '.join(repr(c) for c in missing)}" if missing else "",
             f"an undeclared column {', '.join(repr(c) for c in extra)}" if extra else ""]
    return f"the columns differ from those {where}: " + " and ".join(p for p in parts if p)


@dataclass(frozen=True)
class Record:
    line: int  # the line the record starts on (a quoted cell may span lines)
    cells: list[str]


def csv_records(path: Path, text: str) -> list[Record]:
    """Every record of the file, blank lines included (as no cells)."""
    # strict: a quote that never closes, or text after a closing quote, is an error,
    # where the lenient reader silently glues the rest of the file into one cell
    reader = csv.reader(io.StringIO(text), strict=True)
    records, start = [], 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return records
        except csv.Error as error:
            raise quote_error(path, text, start, reader.line_num, str(error)) from None
        records.append(Record(start, cells))
        start = reader.line_num + 1


def quote_error(path: Path, text: str, start: int, line: int, problem: str) -> ContentError:
    """The csv module's complaint about the record starting at `start`, in an author's words."""
    opened = unclosed_quote_line(text, start)
    if opened is not None:
        return ContentError(path, opened, "a quoted cell is never closed",
                            expected='a closing " for the " that opens a cell on this line '
                                     '(a quote inside a quoted cell is written "")',
                            found="the end of the file")
    if "expected after" in problem:
        return ContentError(path, line, "text after the closing quote of a cell",
                            expected='a comma or the end of the line after a closing "', found=text_line(text, line))
    return ContentError(path, line, "unreadable CSV", expected="comma-separated cells, one row per line",
                        found=problem)


def unclosed_quote_line(text: str, start: int) -> int | None:
    """The line of the quote that opens a cell and is never closed, reading as
    csv does from line `start`: a quote opens a cell only at its start, and ""
    inside a quoted cell is a quote."""
    quoted, at_start, opened = False, True, None
    for number, line in enumerate(text.splitlines(keepends=True)[start - 1:], start=start):
        index = 0
        while index < len(line):
            char = line[index]
            if quoted and char == '"':
                if line.startswith('""', index):
                    index += 1
                else:
                    quoted = False
            elif not quoted and char == '"' and at_start:
                quoted, opened = True, number
            at_start = not quoted and char in ",\r\n"
            index += 1
    return opened if quoted else None


def text_line(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else "the end of the file"


def width_error(path: Path, record: Record, header: list[str]) -> ContentError | None:
    """A row with more or fewer cells than the header has columns (checked before
    any cell's type: with a stray comma every later cell is in the wrong column)."""
    cells, columns = len(record.cells), len(header)
    if cells == columns:
        return None
    hint = "; a cell holding a comma goes in double quotes" if cells > columns else ""
    return ContentError(path, record.line, f"row has {cells} cells, the header has {columns} columns",
                        expected=f"{columns} cells ({', '.join(header)}){hint}",
                        found=", ".join(repr(cell) for cell in record.cells) or "an empty row")


def typed_row(spec: TableSpec, path: Path, line: int, cells: dict[str, str], errors: list[ContentError]) -> Row | None:
    values = {}
    for name, kind in spec.columns.items():
        try:
            values[name] = convert(cells[name], kind)  # str cells as written, as the pages show them
        except ValueError:
            errors.append(ContentError(path, line, f"wrong type in column '{name}'", expected=CELL_TYPES[kind],
                                       found=describe_cell(cells[name])))
            return None
    return Row(values, {name: value.strip() for name, value in cells.items()}, line)


def read_toml_rows(spec: TableSpec, path: Path, text: str, errors: list[ContentError]) -> list[Row] | None:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        errors.append(ContentError(path, getattr(error, "lineno", None), "invalid TOML",
                                   expected="TOML [[rows]] tables", found=str(error).split(" (at ")[0]))
        return None
    items = data.get("rows", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        errors.append(ContentError(path, 1, "a TOML data file holds its rows as [[rows]] tables",
                                   expected="[[rows]] tables", found=", ".join(data) or "nothing"))
        return None
    lines = [number for number, text_line in enumerate(text.splitlines(), start=1) if text_line.strip() == "[[rows]]"]
    rows = []
    for index, item in enumerate(items):
        line = lines[index] if index < len(lines) else None
        wrong = [c for c in spec.columns if c not in item or not is_type(item[c], spec.columns[c])]
        extra = [c for c in item if c not in spec.columns]
        if wrong or extra:
            errors.append(ContentError(path, line, "row does not match the declared columns",
                                       expected=", ".join(f"{c}: {CELL_TYPES[t]}" for c, t in spec.columns.items()),
                                       found=", ".join([f"{c}: {describe_value(item.get(c))}" for c in wrong]
                                                       + [f"{c}: not a declared column" for c in extra])))
            continue
        rows.append(Row(dict(item), {c: cell_text(v) for c, v in item.items()}, line))
    return rows


def is_type(value, kind: str) -> bool:
    expected = {"str": str, "int": int, "float": (int, float), "bool": bool}[kind]
    return isinstance(value, expected) and not (kind != "bool" and isinstance(value, bool))


def table_specs(game_toml: Path, text: str) -> list[TableSpec]:
    """The `[data.*]` declarations of a game.toml, read plainly for engines: a build
    has checked them with the content schema, which finds their lines for its messages."""
    return [TableSpec(name, entry["file"], dict(entry["columns"]), entry.get("caption", ""), game_toml)
            for name, entry in tomllib.loads(text).get("data", {}).items()]


def open_table(spec: TableSpec, folder: Path, root: Path | None = None) -> tuple[Table | None, list[ContentError]]:
    """Read the table `spec` declares from the game's `folder`, refusing a file
    outside `root` (the site folder) however it is reached."""
    path = folder / spec.file
    resolved = path.resolve()
    if root is not None and not resolved.is_relative_to(Path(root).resolve()):
        return None, [ContentError(spec.game_toml, spec.line, f"the file of data '{spec.name}' leads outside the site folder",
                                 expected="a file inside the site folder", found=spec.file)]
    if not path.is_file():
        return None, [ContentError(spec.game_toml, spec.line, f"data file for '{spec.name}' not found",
                                 expected=f"a file {spec.file} in {folder.name}/", found="no such file")]
    try:
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")  # a byte-order mark is not a column name
    except UnicodeDecodeError as error:
        return None, [ContentError(path, path.read_bytes()[:error.start].count(b"\n") + 1, "the file is not UTF-8 text",
                                 expected="UTF-8 text (save the file as UTF-8 in your editor)",
                                 found=f"the byte {error.object[error.start]:#04x} at byte offset {error.start}")]
    return read_table(spec, path, text)


def read_game_tables(folder) -> tuple[dict[str, Table], list[ContentError]]:
    """Every table the game in `folder` declares in its game.toml, and the errors found."""
    folder = Path(folder)
    game_toml = folder / "game.toml"
    tables, errors = {}, []
    for spec in table_specs(game_toml, game_toml.read_text(encoding="utf-8")):
        table, problems = open_table(spec, folder)
        errors += problems
        if table is not None:
            tables[spec.name] = table
    return tables, errors


def game_tables(folder) -> dict[str, Table]:
    """Every table a game declares, for its engine: `game_tables(Path(__file__).parent)`.
    A build has reported any error in them before an engine is imported."""
    tables, errors = read_game_tables(folder)
    if errors:
        raise ContentErrors(errors)
    return tables


def map_rows(text: str, first_line: int = 1) -> tuple[tuple[int, str], ...]:
    """A board drawn as text, one character a cell: (line, row) for every row,
    blank lines and lines starting with `#` left out."""
    return tuple((number, line.strip()) for number, line in enumerate(text.split("\n"), start=first_line)
                 if line.strip() and not line.lstrip().startswith("#"))


def read_map(path) -> tuple[tuple[int, str], ...]:
    """The rows of a board map file (see map_rows)."""
    return map_rows(Path(path).read_text(encoding="utf-8"))


# -- boards as data: one reading for the kit and the engine ---------------------------------
# A board's data file is declared in game.toml like any table; these readers turn its rows
# into the board's parts. The kit (generator.kit.load) and the game's engine both call them,
# so the printed board and the rules engine cannot disagree about a space, a point or a line.

LINK_KINDS = ("arrow", "bridge", "ladder")


@dataclass(frozen=True)
class TrackSpace:
    """A track space the data describes (the others are plain numbered spaces)."""

    number: int
    name: str = ""
    colour: str = ""  # "#rrggbb", a colour name of [kit].colours, or "" (plain)
    symbol: str = ""  # one character or a short mark, printed large in the space
    text: str = ""  # a short rule, printed in the board's legend
    to: int | None = None  # the space a link leads to from this one
    link: str = "arrow"  # how the link is drawn: arrow, bridge or ladder
    line: int | None = None  # the row's line in its file, for messages


def track_spaces(table: Table) -> tuple[TrackSpace, ...]:
    """The special spaces of a track, one per row: columns `number` (required), and any of
    `name`, `colour`, `symbol`, `text`, `to` (the space a link leads to, blank for none) and
    `link` (arrow, bridge or ladder). Raises ContentErrors naming each bad row's file:line."""
    errors: list[ContentError] = []
    if "number" not in table.columns:
        raise ContentErrors([ContentError(table.path, 1, "a track's data has no column 'number'",
                                          expected="a column 'number': the space each row describes",
                                          found=", ".join(table.columns))])
    spaces = []
    for row in table.rows:
        text = row.text
        number, to = whole_cell(text.get("number", "")), whole_cell(text.get("to", ""))
        link = text.get("link", "") or "arrow"
        if number is None or (text.get("to") and to is None):
            column = "number" if number is None else "to"
            errors.append(ContentError(table.path, row.line, f"column '{column}' is not a space number",
                                       expected="a whole number" + (" (or blank: no link)" if column == "to" else ""),
                                       found=describe_cell(text.get(column, ""))))
            continue
        if link not in LINK_KINDS:
            errors.append(ContentError(table.path, row.line, f"unknown link '{link}'",
                                       expected=" | ".join(LINK_KINDS), found=link))
            continue
        spaces.append(TrackSpace(number, text.get("name", ""), text.get("colour", ""), text.get("symbol", ""),
                                 text.get("text", ""), to, link, row.line))
    if errors:
        raise ContentErrors(errors)
    return tuple(spaces)


def whole_cell(text: str) -> int | None:
    """A cell holding a whole number (perhaps negative), else None."""
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else None


@dataclass(frozen=True)
class BoardPointRow:
    """A point of a point-and-line board: its name and place in board units."""

    name: str
    x: float
    y: float
    start: str = ""  # a player's name (or a colour) who starts here
    label: str = ""
    line: int | None = None


@dataclass(frozen=True)
class PointBoard:
    points: tuple[BoardPointRow, ...]
    lines: tuple[tuple[str, ...], ...]  # each a line through two or more points, by name
    line_rows: tuple[int | None, ...] = ()  # the file line of each line, for messages

    def neighbours(self, name: str) -> tuple[str, ...]:
        """The points one step along a line from `name`, in the order the lines give them."""
        found: list[str] = []
        for line in self.lines:
            for a, b in zip(line, line[1:]):
                for here, there in ((a, b), (b, a)):
                    if here == name and there not in found:
                        found.append(there)
        return tuple(found)


def point_board(points: Table, lines: Table) -> PointBoard:
    """A point-and-line board from two tables: `points` (columns name, x, y, and optionally
    start and label) and `lines` (a column `points`: the names along the line, separated by
    spaces). Raises ContentErrors naming each bad row's file:line."""
    errors: list[ContentError] = []
    for table, needed in ((points, ("name", "x", "y")), (lines, ("points",))):
        missing = [column for column in needed if column not in table.columns]
        if missing:
            errors.append(ContentError(table.path, 1, f"the board's data has no column '{missing[0]}'",
                                       expected="columns " + ", ".join(needed), found=", ".join(table.columns)))
    if errors:
        raise ContentErrors(errors)
    rows, names = [], set()
    for row in points.rows:
        x, y = number_cell(row.text["x"]), number_cell(row.text["y"])
        name = row.text["name"]
        if x is None or y is None or not name or name in names:
            found = f"a second point '{name}'" if name in names else f"name {describe_cell(name)}, " \
                    f"x {describe_cell(row.text['x'])}, y {describe_cell(row.text['y'])}"
            errors.append(ContentError(points.path, row.line, "a point needs a name of its own and numbers x and y",
                                       expected="a new name, and x and y in board units", found=found))
            continue
        names.add(name)
        rows.append(BoardPointRow(name, x, y, row.text.get("start", ""), row.text.get("label", ""), row.line))
    through = []
    for row in lines.rows:
        line = tuple(row.text["points"].split())
        unknown = [name for name in line if name not in names]
        if unknown or len(line) < 2:
            errors.append(ContentError(lines.path, row.line, "a line joins two or more of the board's points",
                                       expected=f"names from {points.path.name}, separated by spaces",
                                       found=", ".join(unknown) if unknown else f"{len(line)} point"))
            continue
        through.append((line, row.line))
    if errors:
        raise ContentErrors(errors)
    return PointBoard(tuple(rows), tuple(line for line, _ in through), tuple(n for _, n in through))


def number_cell(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def map_cells(rows, blank: str = "-") -> dict[str, tuple[int, int]]:
    """The cells of a map (read_map's (line, row) pairs, or plain strings), by name: column
    letter then row number, counted on the map from the top left ("a1", ..., "k11"), as
    the kit names the hexes of a board whose `coordinates` are left as they are."""
    cells = {}
    for r, row in enumerate(rows):
        text = row[1] if isinstance(row, tuple) else row
        for k, char in enumerate(text):
            if char != blank:
                cells[f"{column_letters(k)}{r + 1}"] = (k, r)
    return cells


def column_letters(index: int) -> str:
    """a, b, ..., z, aa, ab, ...: the kit's column names (generator.kit.board.column_name)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


# -- maps of named regions: one reading for the kit and the engine -------------------------
# A map's regions come from two things the author writes once: the map text (one character a
# cell) and a regions table of game.toml naming each character (columns `key` and `name`, and
# optionally `colour`). Which regions touch is read off the map, never typed: the kit draws a
# heavier border on exactly the edges this reading finds, and the engine asks `neighbours`.

def cell_steps(kind: str, k: int, r: int, orientation: str = "pointy", layout: str = "offset"
               ) -> tuple[tuple[int, int], ...]:
    """The (column, row) of every cell that shares an edge with (k, r), on a map laid out as the
    kit lays it out: a square grid (4 neighbours), or hexes (6) in `offset` or `axial` layout with
    `pointy` or `flat` tops (generator.kit.hexes.hex_centre places them)."""
    if kind != "hex":
        return ((k, r - 1), (k + 1, r), (k, r + 1), (k - 1, r))
    if layout == "axial":  # each row (pointy) or column (flat) half a hex further on than the last
        return ((k + 1, r), (k - 1, r), (k, r - 1), (k + 1, r - 1), (k - 1, r + 1), (k, r + 1))
    if orientation == "pointy":  # odd rows half a hex to the right
        left = k if r % 2 else k - 1
        return ((k - 1, r), (k + 1, r), (left, r - 1), (left + 1, r - 1), (left, r + 1), (left + 1, r + 1))
    up = r if k % 2 else r - 1  # flat: odd columns half a hex down
    return ((k, r - 1), (k, r + 1), (k - 1, up), (k - 1, up + 1), (k + 1, up), (k + 1, up + 1))


@dataclass(frozen=True)
class Region:
    """A named region of a map: the map character its cells carry, its name and colour."""

    key: str
    name: str
    colour: str = ""  # "#rrggbb", a colour name of [kit].colours, or "" (white)
    line: int | None = None  # its row's line in the regions table, for messages


@dataclass(frozen=True)
class RegionMap:
    """A map's regions: which cell (column, row) belongs to which region, and which regions touch."""

    regions: tuple[Region, ...]
    cells: dict[tuple[int, int], str]  # (column, row) -> the region's key, for every region cell
    touching: dict[str, tuple[str, ...]]  # region name -> the names of the regions it borders, map order

    def named(self, name: str) -> Region:
        return next(region for region in self.regions if region.name == name)

    def neighbours(self, name: str) -> tuple[str, ...]:
        """The regions that share at least one edge with region `name`."""
        return self.touching[name]

    def region_at(self, k: int, r: int) -> Region | None:
        key = self.cells.get((k, r))
        return next((region for region in self.regions if region.key == key), None) if key else None

    def cells_of(self, name: str) -> tuple[tuple[int, int], ...]:
        key = self.named(name).key
        return tuple(sorted((at for at, owner in self.cells.items() if owner == key), key=lambda a: (a[1], a[0])))


def map_regions(rows, table: Table, kind: str = "hex", orientation: str = "pointy",
                layout: str = "offset") -> RegionMap:
    """The regions of a map (read_map's (line, row) pairs, or plain strings), named by `table`:
    one row per region, columns `key` (its map character) and `name`, and optionally `colour`.
    Raises ContentErrors naming each bad row's file:line (a key of more than one character, a
    second row for a key or a name, a region the map never shows)."""
    texts = [row[1] if isinstance(row, tuple) else row for row in rows]
    regions = region_rows(table, {char for text in texts for char in text})
    keys = {region.key: region for region in regions}
    cells = {(k, r): char for r, text in enumerate(texts) for k, char in enumerate(text) if char in keys}
    touching: dict[str, list[str]] = {region.name: [] for region in regions}
    for (k, r), char in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
        for at in cell_steps(kind, k, r, orientation, layout):
            other = cells.get(at)
            if other and other != char and keys[other].name not in touching[keys[char].name]:
                touching[keys[char].name].append(keys[other].name)
    return RegionMap(tuple(regions), cells, {name: tuple(found) for name, found in touching.items()})


def region_rows(table: Table, used: set[str]) -> list[Region]:
    """The regions table's rows, each checked: one character, a name, each key and name once,
    and every region on the map (a region the map never shows is a slip of a key)."""
    missing = [column for column in ("key", "name") if column not in table.columns]
    if missing:
        raise ContentErrors([ContentError(table.path, 1, f"a regions table has no column '{missing[0]}'",
                                          expected="columns key (the map character) and name, and optionally "
                                                   "colour", found=", ".join(table.columns))])
    errors, regions, seen = [], [], set()
    for row in table.rows:
        key, name = row.text.get("key", ""), row.text.get("name", "")
        problem = ("a region's key is one map character" if len(key) != 1 else
                   "a region needs a name" if not name else
                   f"a second region '{key if key in seen else name}'" if key in seen or name in seen else
                   f"the map has no '{key}' cell" if key not in used else "")
        if problem:
            errors.append(ContentError(table.path, row.line, problem,
                                       expected="a map character of its own and a name of its own, "
                                                "the character used on the map",
                                       found=f"key {describe_cell(key)}, name {describe_cell(name)}"))
            continue
        seen |= {key, name}
        regions.append(Region(key, name, row.text.get("colour", ""), row.line))
    if errors:
        raise ContentErrors(errors)
    return regions


def track_last(table: Table) -> int:
    """The last space of a track whose length its data alone gives: the highest `number` the
    data lists (its finish space has a row: `40,Finish,...`)."""
    spaces = track_spaces(table)
    if not spaces:
        raise ContentErrors([ContentError(table.path, 1, "a track's data lists no space, so it gives no length",
                                          expected="a row for the last space at least", found="no rows")])
    return max(space.number for space in spaces)
