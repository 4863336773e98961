"""CSV records with the line each starts on, and the problems an author makes in
CSV (a stray comma, a quote never closed) said in those words, not as a wrong
type three columns later. Both the site's data tables and the kits read CSV here."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from generator.errors import ContentError


@dataclass(frozen=True)
class Record:
    line: int  # the line the record starts on (a quoted cell may span lines)
    cells: list[str]


def csv_records(path: Path, text: str) -> list[Record]:
    """Every record of the file, blank lines included (as no cells)."""
    # strict: a quote that never closes, or text after a closing quote, is an error,
    # where the lenient reader silently glues the rest of the file into one cell
    reader = csv.reader(io.StringIO(text), strict=True)
    records = []
    start = 1
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
