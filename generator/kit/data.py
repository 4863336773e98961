"""Data files behind components (CSV with a header row, or TOML `[[rows]]`) and the
format-string templates that turn a row into card text ("{name}", "{rank}")."""
from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from generator.content.csvfile import csv_records, width_error
from generator.errors import ContentError
from generator.kit.tomlpos import TomlIndex


@dataclass(frozen=True)
class DataRow:
    values: Mapping[str, str]
    line: int  # line of the row in its file, for error messages


@dataclass(frozen=True)
class DataTable:
    path: Path
    columns: tuple[str, ...]
    rows: tuple[DataRow, ...]


def cell_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_table(path: Path) -> DataTable:
    """Read a CSV or TOML data table; raises ContentError on a malformed file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".toml":
        return _read_toml(path, text)
    return _read_csv(path, text)


def _read_csv(path: Path, text: str) -> DataTable:
    header: list[str] | None = None
    rows: list[DataRow] = []
    for record in csv_records(path, text):
        cells = record.cells
        if all(not cell.strip() for cell in cells) or cells[0].lstrip().startswith("#"):
            continue  # blank lines and comment lines
        if header is None:
            header = [cell.strip() for cell in cells]
            continue
        problem = width_error(path, record, header)
        if problem:
            raise problem
        rows.append(DataRow(dict(zip(header, (cell.strip() for cell in cells))), record.line))
    if header is None:
        raise ContentError(path, 1, "the data file is empty", expected="a header row", found="nothing")
    return DataTable(path, tuple(header), tuple(rows))


def _read_toml(path: Path, text: str) -> DataTable:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(path, getattr(error, "lineno", None), f"invalid TOML: {error}") from None
    items = data.get("rows")
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise ContentError(path, 1, "a TOML data file holds its rows as [[rows]] tables",
                           expected="[[rows]] tables", found=", ".join(data) or "nothing")
    index = TomlIndex(text)
    columns: list[str] = []
    for item in items:
        for key in item:
            if key not in columns:
                columns.append(key)
    rows = tuple(DataRow({k: cell_text(v) for k, v in item.items()}, index.line_of(("rows", i)) or 1)
                 for i, item in enumerate(items))
    return DataTable(path, tuple(columns), rows)


def template_fields(template: str) -> list[str]:
    """The column names a template uses; ValueError if it is not a plain format string."""
    fields = []
    for _literal, field, _spec, conversion in string.Formatter().parse(template):
        if field is None:
            continue
        if not field or not field.replace("_", "a").replace("-", "a").replace(" ", "a").isalnum():
            raise ValueError(f"'{{{field}}}' is not a column name")
        if conversion:
            raise ValueError(f"'!{conversion}' conversions are not supported")
        fields.append(field)
    return fields


def fill(template: str, row: Mapping[str, str]) -> str:
    """The template with the row's values (plain text when there are no fields)."""
    return template.format_map(_Row(row))


class _Row(dict):
    def __missing__(self, key):  # validated earlier; stay robust anyway
        return ""
