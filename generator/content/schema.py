"""A small declarative schema for TOML/YAML mappings (in the spirit of MkDocs'
config options): each field says its type, whether it is required, its default
and the values it allows; validation collects every problem with the line it
stands on. site.toml, game.toml and front matter are declared in
generator.content.load, components.toml in generator.kit.schema.

Parsers hand back plain dicts without positions: lines come from
generator.content.positions (exact key paths in TOML, a pattern in YAML).
What a schema cannot say (one key against another, a value against a data
file) is checked by code afterwards, reported through the same `Source`.
"""
from __future__ import annotations

import datetime
import math
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

from generator.content.positions import KeyPath, Positions, dotted, positions_of
from generator.errors import ContentError, describe_value, did_you_mean, type_name


# Control characters (other than tab, newline and return), DEL and lone surrogates: no text needs them,
# they are invisible in an editor, and XML (feeds, SVG) and UTF-8 cannot hold some of them
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


@dataclass(frozen=True)
class Problem:
    """What a check found, when "expected ..." alone would not say it: the
    message ("{key}" in it becomes the key's name), and what was found."""

    message: str
    expected: str
    found: str
    hint: str = ""  # " (did you mean int?)"


Check = Callable[[Any], "str | Problem | None"]  # what a valid value looks like, or a Problem


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = False
    default: Any = None  # a callable (list, dict) makes a fresh one each time
    check: Check | None = None
    describe: str = ""  # what a valid value looks like, for messages
    choices: tuple = ()  # the only values allowed (a near miss is suggested)
    items: "Field | type | None" = None  # each item of a list (a type: any value of it); one wrong refuses the list
    schema: "Schema | None" = None  # the keys of a table

    @property
    def item(self) -> "Field | None":
        return Field(self.items) if isinstance(self.items, (type, tuple)) else self.items

    def default_value(self) -> Any:
        return self.default() if callable(self.default) else self.default


@dataclass(frozen=True)
class Schema:
    fields: dict[str, Field]
    entry: Field | None = None  # a table of named entries ([data.<name>]): any other key is one
    title: str = ""  # how unknown-key messages name the table ("the file"); else by key path alone
    ordered: bool = False  # messages list the keys as declared (their order means something)

    def known_keys(self) -> str:
        return ", ".join(self.fields if self.ordered else sorted(self.fields)) or "none"


class Values(dict):
    """A validated table, with its key path in the file, its schema and the keys
    the file gave (valid or not): what the checks code makes afterwards need."""

    def __init__(self, values: dict, at: KeyPath = (), schema: Schema | None = None, given=()):
        super().__init__(values)
        self.at = tuple(at)
        self.schema = schema
        self.given = frozenset(given)

    def __reduce__(self):  # to a worker process or a copy: the values alone (a schema holds functions)
        return dict, (dict(self),)

    def __missing__(self, key: str) -> None:
        if self.schema is not None and key in self.schema.fields:
            return None  # a required key left out or wrong (reported): nothing to go on
        raise KeyError(key)

    def key(self, name: str | int) -> KeyPath:
        return self.at + (name,)

    def field(self, name: str) -> Field:
        return self.schema.fields[name]

    def default(self, name: str) -> Any:
        return self.field(name).default_value()

    def table(self, name: str) -> "Values":
        """A nested table's values; for one the file leaves out, its keys' defaults."""
        value = self.get(name)
        if isinstance(value, Values):
            return value
        schema = self.field(name).schema
        return Values({key: field.default_value() for key, field in schema.fields.items()}, self.key(name), schema)


@dataclass
class Source:
    """One file being validated: where it is, its text, and the problems so far."""

    path: Path
    text: str | Callable[[], str]  # or how to read it, when a line is first needed
    errors: list

    @cached_property
    def positions(self) -> Positions:  # only when a line is needed: most files have no problem
        return positions_of(self.path, self.text() if callable(self.text) else self.text)

    def line_of(self, at: KeyPath) -> int | None:
        return self.positions.line_of(at)

    def report(self, at: KeyPath, message: str, *, expected: str | None = None,
               found: str | None = None, line: int | None = None) -> None:
        """A problem at key path `at` (or at `line`), in the file's errors."""
        self.errors.append(ContentError(self.path, line or self.line_of(at) or 1, message,
                                        expected=expected, found=found))

    def report_missing(self, at: KeyPath, field: Field) -> None:
        """A required key the file leaves out, at the line of its table."""
        self.report(at[:-1], f"missing required key '{dotted(at)}'",
                    expected=field.describe or type_name(field.kind), found="nothing")

    def report_problem(self, at: KeyPath, problem: Problem) -> None:
        message = problem.message.replace("{key}", f"'{dotted(at)}'") + problem.hint
        self.report(at, message, expected=problem.expected, found=problem.found)


def is_kind(value, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if str in kinds and isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return True  # a TOML date where text is declared: read as its ISO text (as_declared)
    if isinstance(value, bool) and bool not in kinds:
        return False  # True is an int in Python, never in a schema
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        return True
    return isinstance(value, kinds)


def as_declared(value, kind):
    """A whole number where a number is declared is that number (TOML's 40 means 40.0
    in millimetres): later steps then never see two kinds of the same value."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if str in kinds and isinstance(value, datetime.date):
        return value.isoformat()
    if float in kinds and int not in kinds and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def validate(data: dict, schema: Schema, source: Source, at: KeyPath = ()) -> Values:
    """Check `data` (the table at key path `at` of `source`) against `schema`; report
    every problem to `source`; return its valid values, with defaults for the keys
    missing or wrong."""
    out = Values({}, at, schema, given=data)
    for key, value in data.items():
        field = schema.fields.get(key, schema.entry)
        if field is None:
            source.report(at + (key,), f"unknown key '{dotted(at + (key,))}'"
                          + (f" in {schema.title}" if schema.title else "") + did_you_mean(key, schema.fields),
                          expected=f"one of: {schema.known_keys()}", found=str(key))
            continue
        valid, value = checked(value, field, source, at + (key,))
        if valid:
            out[key] = value
    for key, field in schema.fields.items():
        if key in out:
            continue
        if not field.required:  # also for a wrong value (reported above): later steps need one
            out[key] = field.default_value()
        elif key not in data:
            source.report_missing(at + (key,), field)
    return out


def checked(value, field: Field, source: Source, at: KeyPath) -> tuple[bool, Any]:
    """(True, the value as later steps use it) when `value` suits `field`; else
    (False, None), the problem reported."""
    if not is_kind(value, field.kind):
        source.report(at, f"wrong type for '{dotted(at)}'", expected=field.describe or type_name(field.kind),
                      found=describe_value(value))
        return False, None
    if isinstance(value, float) and not math.isfinite(value):  # TOML reads inf and nan: no length or count is
        source.report(at, f"'{dotted(at)}' is not a finite number", expected=field.describe or type_name(field.kind),
                      found=describe_value(value))
        return False, None
    if isinstance(value, str) and CONTROL.search(value):
        source.report(at, f"'{dotted(at)}' holds a control character", expected="text without control characters "
                      "(tab and newline are allowed)", found=control_found(value))
        return False, None
    if isinstance(value, list) and field.items is not None:
        valid, value = checked_items(value, field, source, at)
        if not valid:
            return False, None
    elif isinstance(value, dict) and field.schema is not None:
        value = validate(value, field.schema, source, at)
    problem = value_problem(value, field)
    if problem:
        source.report_problem(at, problem)
        return False, None
    return True, as_declared(value, field.kind)


def control_found(text: str) -> str:
    """Which control character, and where: "U+0001 at character 2 of 'a\\x01b'"."""
    at = CONTROL.search(text).start()
    shown = text if len(text) <= 60 else text[max(0, at - 30):at + 30]
    return f"U+{ord(text[at]):04X} at character {at + 1} of {shown!r}"  # repr shows the character escaped, as \x01


def checked_items(values: list, field: Field, source: Source, at: KeyPath) -> tuple[bool, list]:
    """(True, the items as later steps use them) when every item suits the list's item
    field; else (False, []), each wrong item reported at its own line. A list with a
    wrong item is refused whole: a shortened list would only mislead later checks
    (one width per column)."""
    item, kept = field.item, []
    for index, value in enumerate(values):
        if not is_kind(value, item.kind):
            source.report(at + (index,), f"wrong item type in '{dotted(at)}'",
                          expected=field.describe or f"a list of {type_name(item.kind)}",
                          found=describe_value(value))
            continue
        valid, value = checked(value, item, source, at + (index,))
        if valid:
            kept.append(value)
    return len(kept) == len(values), kept


def value_problem(value, field: Field) -> Problem | None:
    """What is wrong with a value of the right type: not one of the choices, or its check."""
    if field.choices and value not in field.choices:
        return Problem("{key} is not one of the choices", expected=" | ".join(repr(c) for c in field.choices),
                       found=describe_value(value), hint=did_you_mean(value, field.choices))
    problem = field.check(value) if field.check else None
    if isinstance(problem, str):
        return Problem("bad value for {key}", expected=problem, found=describe_value(value))
    return problem
