"""Reading a TOML table field by field, collecting errors with their lines.

A `Section` wraps one table of `components.toml`: each typed getter checks one
key (type, choices, a custom check) and `done()` reports the keys nobody asked
for as unknown. Every problem becomes a `ContentError` at the key's line.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from generator.errors import ContentError, describe_value, did_you_mean
from generator.content.positions import KeyPath, TomlIndex, dotted

MISSING = object()


describe = describe_value  # a value for `found:`, in the words of generator.errors


@dataclass
class Source:
    """One TOML file being validated: where it is, its index, and the errors so far."""

    path: Path
    index: TomlIndex
    errors: list

    def error(self, key: KeyPath, message: str, *, expected: str | None = None,
              found: str | None = None, line: int | None = None) -> None:
        self.errors.append(ContentError(self.path, line or self.index.line_of(key) or 1, message,
                                        expected=expected, found=found))


class Section:
    """One table of the file, read key by key."""

    def __init__(self, source: Source, raw: dict, path: KeyPath):
        self.source = source
        self.raw = raw
        self.path = tuple(path)
        self.known: list[str] = []

    def key(self, name: str) -> KeyPath:
        return self.path + (name,)

    def error(self, name: str | None, message: str, **kw) -> None:
        self.source.error(self.key(name) if name else self.path, message, **kw)

    def has(self, name: str) -> bool:
        return name in self.raw

    def get(self, name: str, kinds: tuple, *, default: Any = MISSING, what: str,
            check: Callable[[Any], str | None] | None = None) -> Any:
        """The value of `name` if it is one of `kinds` and passes `check`; else the default."""
        self.known.append(name)
        if name not in self.raw:
            if default is MISSING:
                self.error(None, f"{dotted(self.path)}: missing required key '{name}'",
                           expected=f"{name} = {what}", found="nothing")
                return None
            return default
        value = self.raw[name]
        ok = any(isinstance(value, k) and not (isinstance(value, bool) and k is not bool)
                 for k in kinds)
        if not ok:
            self.error(name, f"'{name}' has the wrong type", expected=what, found=describe(value))
            return None if default is MISSING else default
        if check:
            problem = check(value)
            if problem:
                self.error(name, f"'{name}': {problem}", expected=what, found=describe(value))
                return None if default is MISSING else default
        return value

    def text(self, name: str, default: Any = MISSING, *, what: str = "text", check=None) -> Any:
        return self.get(name, (str,), default=default, what=what, check=check)

    def number(self, name: str, default: Any = MISSING, *, what: str = "a number of millimetres",
               minimum: float = 0.0, exclusive: bool = True) -> Any:
        def in_range(value):
            if value < minimum or (exclusive and value == minimum):
                return f"must be {'more than' if exclusive else 'at least'} {minimum:g}"
            return None
        value = self.get(name, (int, float), default=default, what=what, check=in_range)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value

    def integer(self, name: str, default: Any = MISSING, *, minimum: int = 1,
                what: str = "a positive whole number") -> Any:
        return self.get(name, (int,), default=default, what=what,
                        check=lambda v: None if v >= minimum else f"must be at least {minimum}")

    def flag(self, name: str, default: bool) -> bool:
        return self.get(name, (bool,), default=default, what="true or false")

    def choice(self, name: str, choices: Iterable[str], default: Any = MISSING) -> Any:
        choices = tuple(choices)
        what = " | ".join(repr(c) for c in choices)
        return self.get(name, (str,), default=default, what=what,
                        check=lambda v: None if v in choices else "is not one of the choices")

    def texts(self, name: str, default: Any = MISSING, *, what: str = "a list of texts") -> Any:
        def all_text(value):
            return None if all(isinstance(v, str) for v in value) else "every item must be text"
        value = self.get(name, (list,), default=default, what=what, check=all_text)
        return tuple(value) if isinstance(value, list) else value

    def table(self, name: str, required: bool = False) -> "Section | None":
        if name not in self.raw and not required:
            self.known.append(name)
            return None
        value = self.get(name, (dict,), what="a table", default=MISSING if required else None)
        return Section(self.source, value, self.key(name)) if isinstance(value, dict) else None

    def tables(self, name: str) -> list["Section"]:
        """An array of tables (or inline tables)."""
        value = self.get(name, (list,), default=[], what="a list of tables",
                         check=lambda v: None if all(isinstance(t, dict) for t in v)
                         else "every item must be a table")
        return [Section(self.source, t, self.key(name) + (i,)) for i, t in enumerate(value or [])]

    def done(self) -> None:
        for name in self.raw:
            if name not in self.known:
                self.error(name, f"unknown key '{name}' in {dotted(self.path) or 'the file'}" + did_you_mean(name, self.known),
                           expected="one of: " + ", ".join(self.known), found=name)
