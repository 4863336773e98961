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

from generator.errors import ContentError, ContentErrors

# column type -> how messages name it
TYPES = {"str": "text", "int": "a whole number", "float": "a number", "bool": "true or false"}
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


class Row(dict):
    """One row: typed values by column; `text` holds the cells as written and
    `line` the row's line in its file."""

    __slots__ = ("line", "text")

    def __init__(self, values: dict[str, Any], text: dict[str, str], line: int):
        super().__init__(values)
        self.text, self.line = text, line


@dataclass(frozen=True)
class Table:
    name: str
    path: Path
    columns: dict[str, str]
    rows: tuple[Row, ...]
    caption: str = ""
    spec: TableSpec | None = field(default=None, compare=False)

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
    records = csv_records(path, text, errors)
    if records is None:
        return None
    if not records:
        errors.append(ContentError(path, 1, "the data file is empty", expected="a header row naming the columns",
                                 found="nothing"))
        return None
    header_line, header = records[0]
    header = [name.strip() for name in header]
    missing = [c for c in spec.columns if c not in header]
    extra = [c for c in header if c not in spec.columns]
    if missing or extra:
        errors.append(ContentError(path, header_line, columns_message(spec, missing, extra),
                                   expected=", ".join(spec.columns), found=", ".join(header)))
        return None
    rows = []
    for line, record in records[1:]:
        if len(record) != len(header):
            errors.append(ContentError(path, line, f"this row has {len(record)} cells, the header has {len(header)} columns",
                                     expected=f"{len(header)} cells: {', '.join(header)}",
                                     found=f"{len(record)} cells: {', '.join(record)}"))
            continue
        row = typed_row(spec, path, line, dict(zip(header, record)), errors)
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


def csv_records(path: Path, text: str, errors: list[ContentError]) -> list[tuple[int, list[str]]] | None:
    """(line, cells) of every record but blank and `#` comment lines."""
    reader = csv.reader(io.StringIO(text), strict=True)
    records, line = [], 1
    try:
        for record in reader:
            if record and record[0].lstrip().startswith("#") or not any(cell.strip() for cell in record):
                line = reader.line_num + 1
                continue
            records.append((line, record))
            line = reader.line_num + 1
    except csv.Error:
        if text.count('"') % 2:
            errors.append(ContentError(path, line, "a quoted cell is never closed",
                                     expected='a closing " before the end of the file',
                                     found="the quote opened on this line"))
        else:
            errors.append(ContentError(path, line, "this line is not valid CSV",
                                     expected='cells separated by commas, each quoted cell closed by "',
                                     found=text.splitlines()[line - 1] if line <= len(text.splitlines()) else "nothing"))
        return None
    return records


def typed_row(spec: TableSpec, path: Path, line: int, cells: dict[str, str], errors: list[ContentError]) -> Row | None:
    values = {}
    for name, kind in spec.columns.items():
        try:
            values[name] = convert(cells[name], kind)  # str cells as written, as the pages show them
        except ValueError:
            errors.append(ContentError(path, line, f"column '{name}' holds {TYPES[kind]}",
                                     expected=f"{TYPES[kind]} (declared at {declared_at(spec)})",
                                     found=repr(cells[name]) if cells[name] else "an empty cell"))
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
            errors.append(ContentError(path, line, "this row does not match the columns declared at " + declared_at(spec),
                                     expected=", ".join(f"{c} = {TYPES[t]}" for c, t in spec.columns.items()),
                                     found=", ".join(f"{c} = {item[c]!r}" if c in item else f"no {c}"
                                                     for c in (wrong or extra))))
            continue
        rows.append(Row(dict(item), {c: cell_text(v) for c, v in item.items()}, line))
    return rows


def is_type(value, kind: str) -> bool:
    expected = {"str": str, "int": int, "float": (int, float), "bool": bool}[kind]
    return isinstance(value, expected) and not (kind != "bool" and isinstance(value, bool))


def table_specs(game_toml: Path, text: str) -> list[TableSpec]:
    """The `[data.*]` declarations of a game.toml (already checked by the content
    loader's schema when building; read plainly here for engines)."""
    data = tomllib.loads(text).get("data", {})
    lines = text.splitlines()
    specs = []
    for name, entry in data.items():
        start = next((i for i, line in enumerate(lines, 1) if line.strip() in (f"[data.{name}]", f'[data."{name}"]')), None)
        columns_line = next((i for i, line in enumerate(lines[start or 0:], (start or 0) + 1)
                             if line.lstrip().startswith("columns")), None) if start else None
        specs.append(TableSpec(name, entry["file"], dict(entry["columns"]), entry.get("caption", ""),
                               game_toml, start, columns_line))
    return specs


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
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        return None, [ContentError(path, path.read_bytes()[:error.start].count(b"\n") + 1, "the file is not UTF-8 text",
                                 expected="UTF-8 text", found=f"the byte {error.object[error.start]:#04x} at offset {error.start}")]
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
