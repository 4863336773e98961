"""Errors a site author can act on: where (file:line:column), what was expected, what was found."""
from __future__ import annotations

import datetime
import os
import sys
from pathlib import Path

# What a value's type is called in a message: authors write TOML and YAML, not Python.
TYPE_NAMES = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
              list: "a list", tuple: "a list", dict: "a table", type(None): "nothing",
              datetime.date: "a date", datetime.datetime: "a date and time", datetime.time: "a time"}


class ContentErrors(Exception):
    """Problems in the site's sources, reported together (like MkDocs' config
    validation). One `except ContentErrors` catches a single ContentError too."""

    def __init__(self, errors: list[ContentError]):
        unique = {error.describe(): error for error in reversed(errors)}  # one problem found by many blocks: said once
        self.errors = sorted(unique.values(), key=lambda e: (str(e.path), e.line or 0, e.column or 0))
        super().__init__("\n".join(e.describe() for e in self.errors))

    def __reduce__(self):  # sent from a worker process as the errors it holds
        return (ContentErrors, (self.errors,))


ERROR, WARNING = "error", "warning"  # wrong output stops the build; poor output is listed (--strict: stops it)
WARNED = "warning\x1f"  # a build's note that is one of its warnings (the build cache keeps both for a no-op)


class ContentError(ContentErrors):
    """One problem in the site's sources: where, what was expected, what was found, and how
    bad: an ERROR (the output would be wrong) or a WARNING (it would be poor)."""

    def __init__(self, path: str | Path, line: int | None, message: str, *,
                 column: int | None = None, expected: str | None = None, found: str | None = None,
                 severity: str = ERROR, rows: tuple[int, ...] = (), noun: str = ""):
        self.errors = [self]
        self.path = Path(path)
        self.line = line
        self.column = column
        self.message = message
        self.expected = expected
        self.found = found
        self.severity = severity
        self.rows = tuple(rows)  # the same problem on many rows of one file: said once, naming them
        self.noun = noun  # what a row is ("cards"), for "events.csv:2–17 (16 cards)"
        Exception.__init__(self, self.describe())

    def __reduce__(self):  # keyword-only fields: pickle (for worker processes) needs help
        return (_rebuild, (str(self.path), self.line, self.message, self.column, self.expected, self.found,
                           self.severity, self.rows, self.noun))

    @property
    def is_warning(self) -> bool:
        return self.severity == WARNING

    @property
    def where(self) -> str:
        where = str(self.path)
        if len(self.rows) > 1:
            return f"{where}:{row_ranges(self.rows)} ({len(self.rows)} {self.noun or 'rows'})"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return where

    def describe(self) -> str:
        text = f"{self.where}: {'warning: ' if self.is_warning else ''}{self.message}"
        if self.expected is not None:
            text += f"\n    expected: {self.expected}"
        if self.found is not None:
            text += f"\n    found:    {self.found}"
        return text


def _rebuild(path, line, message, column, expected, found, severity, rows, noun) -> ContentError:
    return ContentError(path, line, message, column=column, expected=expected, found=found, severity=severity,
                        rows=rows, noun=noun)


def row_ranges(rows) -> str:
    """Line numbers as runs: (2, 3, 4, 9) is "2–4, 9"."""
    ordered, runs = sorted(set(rows)), []
    for row in ordered:
        if runs and row == runs[-1][1] + 1:
            runs[-1][1] = row
        else:
            runs.append([row, row])
    return ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in runs)


def stops_build(found: list[ContentError], strict: bool = False) -> bool:
    """Whether `found` fails a build: any error, or (strict: `--strict`, `strict = true`) any warning."""
    return any(strict or not problem.is_warning for problem in found)


def warnings_of(found: list[ContentError]) -> list[ContentError]:
    return [problem for problem in found if problem.is_warning]


SHOWN_ERRORS = 50  # past this many, an author fixes the first ones and builds again
SHOWN_PLACES = 10  # of one problem found in many places


def report_lines(errors: list[ContentError]) -> list[str]:
    """The errors for a terminal: each distinct problem once, with the other
    places it occurs (one missing runtime must not read as forty problems), and
    the same problem found many times at one place once, naming what it found
    (forty labels crossed by lines in one diagram are one finding)."""
    groups: dict[tuple, list[ContentError]] = {}
    errors = same_place_merged(errors)
    for error in errors:
        groups.setdefault((error.message, error.expected, error.found), []).append(error)
    lines, shown = [], 0
    for same in list(groups.values())[:SHOWN_ERRORS]:
        lines.append(same[0].describe())
        if len(same) > 1:
            lines.append("    " + more_places(same[1:]))
        shown += len(same)
    if shown < len(errors):
        rest = len(errors) - shown
        lines.append(f"... and {rest} more error{'s' if rest != 1 else ''}")
    return lines


def same_place_merged(errors: list[ContentError]) -> list[ContentError]:
    """`errors` with those that differ only in what they found, at one place, made one, in order."""
    places: dict[tuple, list[ContentError]] = {}
    for error in errors:
        places.setdefault((str(error.path), error.line, error.column, error.rows, error.severity, error.message,
                           error.expected), []).append(error)
    merged = []
    for same in places.values():
        first = same[0]
        founds = [error.found for error in same]
        if len(same) == 1 or None in founds:
            merged.extend(same)
            continue
        merged.append(ContentError(first.path, first.line, first.message, column=first.column, expected=first.expected,
                                   found=found_together(founds), severity=first.severity, rows=first.rows,
                                   noun=first.noun))
    return merged


def found_together(founds: list[str]) -> str:
    """Many findings as one: what they share said once ("“1”, “2” and 38 more crossed by a
    line"), cut at spaces so a quoted label stays whole; else each, separated."""
    unique = list(dict.fromkeys(founds))
    if len(unique) == 1:
        return f"{unique[0]} ({len(founds)} times)"
    words = [found.split(" ") for found in unique]
    head = len(os.path.commonprefix(words))
    tail = len(os.path.commonprefix([list(reversed(w[head:])) for w in words]))
    parts = [" ".join(w[head:len(w) - tail]) for w in words]
    listed = ", ".join(parts[:SHOWN_PLACES]) + (f" and {len(parts) - SHOWN_PLACES} more" if len(parts) > SHOWN_PLACES
                                                else "")
    prefix, suffix = " ".join(words[0][:head]), " ".join(words[0][len(words[0]) - tail:]) if tail else ""
    return " ".join(part for part in (prefix, listed, suffix) if part) + f" ({len(unique)} found)"


def more_places(others: list[ContentError]) -> str:
    """ "(and 2 more places: a.md:3, b.md:9)", listing at most SHOWN_PLACES."""
    places = ", ".join(error.where for error in others[:SHOWN_PLACES])
    unlisted = len(others) - SHOWN_PLACES
    if unlisted > 0:
        places += f" and {unlisted} other{'s' if unlisted != 1 else ''}"
    return f"(and {len(others)} more place{'s' if len(others) != 1 else ''}: {places})"


def format_errors(errors: list[ContentError]) -> str:
    """The problems as the terminal shows them (a heading, then each with file:line): the
    errors first, then the warnings found in the same run. The count is of what it lists: one
    place's many findings of one problem ("3 found") are one."""
    count = len(same_place_merged(errors))
    ordered = [e for e in errors if not e.is_warning] + warnings_of(errors)
    return "\n".join([f"rulepress: {count} problem{'s' if count != 1 else ''} in the content:",
                      *report_lines(ordered)])


def print_errors(errors: list[ContentError], kept_output: bool = True) -> None:
    """The problems, then (for a command that writes output) that nothing was written."""
    print(format_errors(errors), file=sys.stderr)
    if kept_output:
        print("Nothing was written; the previous output is unchanged.", file=sys.stderr)


def type_name(kind: type | tuple[type, ...]) -> str:
    """A type (or several) in an author's words: "a whole number", never "int"."""
    if isinstance(kind, tuple):
        return " or ".join(type_name(k) for k in kind)
    return TYPE_NAMES.get(kind, "a value")


def describe_value(value) -> str:
    """A parsed value (from TOML, YAML or JSON) for `found:`: the value and what it is."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true or false)"
    if isinstance(value, (int, float)):
        return f"{value!r} ({type_name(type(value))})"
    if isinstance(value, str):
        return f"{value!r} (text)" if value else "empty text"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}" if value else "an empty list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (datetime.date, datetime.time)):  # TOML and YAML read dates
        return f"{value.isoformat()} ({type_name(type(value))})"
    return str(value)


def describe_cell(text: str) -> str:
    """A data file's cell for `found:`."""
    return repr(text) if text.strip() else "an empty cell"


def did_you_mean(name: str, known) -> str:
    """' (did you mean play_time?)' when `name` is a near miss of one of `known`, else ''.
    (The same contract as the Markdown layer's: one helper for every unknown name.)"""
    from difflib import get_close_matches

    close = get_close_matches(str(name), sorted(str(k) for k in known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""
