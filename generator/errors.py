"""Errors a site author can act on: where (file:line:column), what was expected, what was found."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class ContentError(Exception):
    """One problem in the site's sources."""

    def __init__(self, path: str | Path, line: int | None, message: str, *,
                 column: int | None = None, expected: str | None = None, found: str | None = None):
        self.path = Path(path)
        self.line = line
        self.column = column
        self.message = message
        self.expected = expected
        self.found = found
        super().__init__(self.describe())

    def __reduce__(self):  # keyword-only fields: pickle (for worker processes) needs help
        return (_rebuild, (str(self.path), self.line, self.message, self.column, self.expected, self.found))

    @property
    def where(self) -> str:
        where = str(self.path)
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return where

    def describe(self) -> str:
        text = f"{self.where}: {self.message}"
        if self.expected is not None:
            text += f"\n    expected: {self.expected}"
        if self.found is not None:
            text += f"\n    found:    {self.found}"
        return text


def _rebuild(path, line, message, column, expected, found) -> ContentError:
    return ContentError(path, line, message, column=column, expected=expected, found=found)


class ContentErrors(Exception):
    """Several problems, reported together (like MkDocs' config validation)."""

    def __init__(self, errors: list[ContentError]):
        self.errors = sorted(errors, key=lambda e: (str(e.path), e.line or 0, e.column or 0))
        super().__init__("\n".join(e.describe() for e in self.errors))


@dataclass
class ErrorCollector:
    """Collects content errors so one run reports all of them at once."""

    errors: list

    def __init__(self):
        self.errors = []

    def add(self, error: ContentError) -> None:
        self.errors.append(error)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ContentErrors(self.errors)


def did_you_mean(name: str, known) -> str:
    """' (did you mean play_time?)' when `name` is a near miss of one of `known`, else ''."""
    from difflib import get_close_matches

    close = get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""
