"""Where a key stands in a source file: line numbers for error messages.

Parsers hand back plain values without positions. For TOML, `TomlIndex` scans
the text (already known to be valid TOML) and records the line of every key
path: `("deck", 0, "front", "title")` is the `title` key of the `[deck.front]`
table of the first `[[deck]]`; integers index arrays of tables and array
elements alike. YAML front matter is short and flat, so `TextPositions` finds a
key's line with a pattern (`locate`), good enough to point an author at it.
Both answer `line_of(key_path)`; `positions_of` picks one for a file.
"""
from __future__ import annotations

import bisect
import re
from pathlib import Path
from typing import Protocol

BARE_KEY = re.compile(r"[A-Za-z0-9_\-]+")
KeyPath = tuple  # of str and int


def dotted(path: KeyPath) -> str:
    """A key path as messages write it: ("deck", 0, "front") -> "deck[0].front"."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


class Positions(Protocol):
    def line_of(self, path: KeyPath) -> int | None:
        """The line of `path`, or of its nearest known ancestor (None if none)."""

    def content_line(self, path: KeyPath) -> int | None:
        """The first line of a text value's content (a multi-line string starts below its key)."""


class TomlIndex:
    def __init__(self, text: str):
        self.text = text
        self.lines: dict[KeyPath, int] = {}
        self.string_starts: dict[KeyPath, int] = {}  # first line of a string's content
        self._line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
        self._arrays_of_tables: dict[KeyPath, int] = {}
        self._scan()

    # -- queries ---------------------------------------------------------------------
    def line_of(self, path: KeyPath) -> int | None:
        """Line of `path`, or of its nearest recorded ancestor (None if none)."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None

    def content_line(self, path: KeyPath) -> int | None:
        """First line of a string value's content (multi-line strings start below their key)."""
        return self.string_starts.get(tuple(path), self.line_of(path))

    # -- scanning --------------------------------------------------------------------
    def _line_at(self, pos: int) -> int:
        return bisect.bisect_right(self._line_starts, pos)

    def _record(self, path: KeyPath, pos: int) -> None:
        self.lines.setdefault(path, self._line_at(pos))

    def _skip_space(self, pos: int, newlines: bool) -> int:
        text = self.text
        while pos < len(text):
            ch = text[pos]
            if ch in " \t\r" or (newlines and ch == "\n"):
                pos += 1
            elif ch == "#":
                while pos < len(text) and text[pos] != "\n":
                    pos += 1
            else:
                break
        return pos

    def _key(self, pos: int) -> tuple[list[str], int]:
        """A (dotted, possibly quoted) key starting at pos: its parts and the end."""
        text, parts = self.text, []
        while True:
            pos = self._skip_space(pos, newlines=False)
            if text.startswith('"', pos) or text.startswith("'", pos):
                quote = text[pos]
                end = pos + 1
                while text[end] != quote:
                    end += 2 if (quote == '"' and text[end] == "\\") else 1
                raw = text[pos + 1:end]
                parts.append(raw.encode().decode("unicode_escape") if quote == '"' and "\\" in raw else raw)
                pos = end + 1
            else:
                match = BARE_KEY.match(text, pos)
                if not match:
                    return parts, pos
                parts.append(match.group())
                pos = match.end()
            pos = self._skip_space(pos, newlines=False)
            if pos < len(text) and text[pos] == ".":
                pos += 1
                continue
            return parts, pos

    def _resolve(self, parts: list[str], last_is_array: bool) -> KeyPath:
        """Table header parts to a key path, entering the latest element of arrays of tables."""
        path: KeyPath = ()
        for i, part in enumerate(parts):
            path += (part,)
            is_last = i == len(parts) - 1
            if is_last and last_is_array:
                index = self._arrays_of_tables.get(path, 0)
                self._arrays_of_tables[path] = index + 1
                path += (index,)
            elif path in self._arrays_of_tables:
                path += (self._arrays_of_tables[path] - 1,)
        return path

    def _scan(self) -> None:
        text, pos, table = self.text, 0, ()
        while pos < len(text):
            pos = self._skip_space(pos, newlines=True)
            if pos >= len(text):
                break
            if text.startswith("[[", pos):
                parts, end = self._key(pos + 2)
                array_path = self._resolve(parts[:-1], False) + (parts[-1],)
                self._record(array_path, pos)
                table = self._resolve(parts, True)
                self._record(table, pos)
                pos = text.index("]]", end) + 2
            elif text[pos] == "[":
                parts, end = self._key(pos + 1)
                table = self._resolve(parts, False)
                self._record(table, pos)
                pos = text.index("]", end) + 1
            else:
                start = pos
                parts, pos = self._key(pos)
                path = table + tuple(parts)
                for end in range(len(table) + 1, len(path) + 1):  # a.b = 1 also places table a
                    self._record(path[:end], start)
                pos = self._skip_space(pos, newlines=False)
                pos = self._value(pos + 1, path)  # past "="
            # rest of the line (comments)
            pos = self._skip_space(pos, newlines=False)

    def _value(self, pos: int, path: KeyPath) -> int:
        text = self.text
        pos = self._skip_space(pos, newlines=False)
        for quote in ('"""', "'''"):
            if text.startswith(quote, pos):
                content = pos + 3
                if text.startswith("\n", content):
                    content += 1
                elif text.startswith("\r\n", content):
                    content += 2
                self.string_starts.setdefault(path, self._line_at(content))
                end = text.index(quote, pos + 3)
                while text.startswith(quote[0], end + 3):  # up to two quotes may close it
                    end += 1
                return end + 3
        ch = text[pos] if pos < len(text) else ""
        if ch == '"':
            end = pos + 1
            while text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            return end + 1
        if ch == "'":
            return text.index("'", pos + 1) + 1
        if ch == "[":
            pos, index = pos + 1, 0
            while True:
                pos = self._skip_space(pos, newlines=True)
                if text[pos] == "]":
                    return pos + 1
                self._record(path + (index,), pos)
                pos = self._value(pos, path + (index,))
                pos = self._skip_space(pos, newlines=True)
                if text[pos] == ",":
                    pos += 1
                index += 1
        if ch == "{":
            pos += 1
            while True:
                pos = self._skip_space(pos, newlines=True)
                if text[pos] == "}":
                    return pos + 1
                start = pos
                parts, pos = self._key(pos)
                self._record(path + tuple(parts), start)
                pos = self._skip_space(pos, newlines=False)
                pos = self._value(pos + 1, path + tuple(parts))
                pos = self._skip_space(pos, newlines=True)
                if text[pos] == ",":
                    pos += 1
        # a bare scalar: number, boolean, date
        while pos < len(text) and text[pos] not in ",]}\n#":
            pos += 1
        return pos


def locate(text: str, key: str, after_line: int = 0) -> int | None:
    """The 1-based line where `key` is set (as `key =`, `key:` or `[..key]`), first
    looking below `after_line`."""
    pattern = re.compile(
        rf"^\s*(?:\[+\s*[\w.\-\"]*\b{re.escape(key)}\b[\w.\-\"]*\s*\]+|\"?{re.escape(key)}\"?\s*[=:]|{re.escape(key)}\s*=)"
    )
    for number, line in enumerate(text.splitlines(), start=1):
        if number > after_line and pattern.match(line):
            return number
    if after_line:
        return locate(text, key)
    return None


class TextPositions:
    """Key lines found by pattern, each key looked for below its parent's line."""

    def __init__(self, text: str):
        self.text = text

    def line_of(self, path: KeyPath) -> int | None:
        line = 0
        for part in path:
            if isinstance(part, str):  # list items share their key's line
                line = locate(self.text, part, line) or line
        return line or None

    def content_line(self, path: KeyPath) -> int | None:
        return self.line_of(path)


def positions_of(path: Path, text: str) -> Positions:
    """The key positions of a file's text: exact for TOML, by pattern otherwise."""
    if Path(path).suffix == ".toml":
        try:
            return TomlIndex(text)
        except (IndexError, ValueError):  # a corner of TOML the scanner misreads: lines by pattern still help
            pass
    return TextPositions(text)
