"""A small declarative schema for TOML/YAML mappings (in the spirit of MkDocs'
config options): each field says its type and whether it is required, and
validation collects every problem with the line it stands on.

TOML and YAML parsers hand back plain dicts without positions, so `locate`
finds a key's line in the source text; good enough to point an author at it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from generator.content.positions import locate
from generator.errors import ContentError, describe_value, did_you_mean, type_name


@dataclass(frozen=True)
class Problem:
    """What a check found, when "expected ..." alone would not say it: the
    message ("{key}" in it becomes the key's name), and what was found."""

    message: str
    expected: str
    found: str
    hint: str = ""  # " (did you mean int?)"


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = False
    default: Any = None
    check: Callable[[Any], str | Problem | None] | None = None  # what a valid value looks like, or a Problem
    describe: str = ""  # what a valid value looks like, for messages
    items: type | None = None  # element type for lists
    schema: "Schema | None" = None  # for nested tables


@dataclass
class Schema:
    fields: dict[str, Field]
    open: bool = False  # allow unknown keys (e.g. tables of named entries)
    entry: "Schema | None" = None  # schema of each value when open


def is_kind(value, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        return False  # True is an int in Python, never in a schema
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        return True
    return isinstance(value, kinds)


def validate(data: dict, schema: Schema, path: Path, text: str, errors: list,
             where: str = "", base_line: int = 0) -> dict:
    """Check `data` against `schema`; append ContentErrors; return data with defaults."""
    out: dict = {}

    def line_of(key: str) -> int | None:
        found = locate(text, key, base_line)
        return found or (base_line or None)

    for key, value in data.items():
        spec = schema.fields.get(key)
        if spec is None and schema.open and schema.entry is not None:
            spec = Field(dict, schema=schema.entry)
        if spec is None:
            known = ", ".join(sorted(schema.fields)) or "none"
            errors.append(ContentError(path, line_of(key), f"unknown key '{where}{key}'" + did_you_mean(key, schema.fields),
                                       expected=f"one of: {known}", found=key))
            continue
        if not is_kind(value, spec.kind):
            errors.append(ContentError(path, line_of(key), f"wrong type for '{where}{key}'",
                                       expected=spec.describe or type_name(spec.kind),
                                       found=describe_value(value)))
            continue
        if spec.items is not None:
            bad = [v for v in value if not is_kind(v, spec.items)]
            if bad:
                errors.append(ContentError(path, line_of(key), f"wrong item type in '{where}{key}'",
                                           expected=f"a list of {type_name(spec.items)}",
                                           found=describe_value(bad[0])))
                continue
        if spec.schema is not None:
            value = validate(value, spec.schema, path, text, errors, f"{where}{key}.",
                             line_of(key) or base_line)
        if spec.check is not None:
            problem = spec.check(value)
            if isinstance(problem, str):
                problem = Problem("bad value for {key}", expected=problem, found=describe_value(value))
            if problem:
                message = problem.message.replace("{key}", f"'{where}{key}'") + problem.hint
                errors.append(ContentError(path, line_of(key), message, expected=problem.expected, found=problem.found))
                continue
        out[key] = value
    for key, spec in schema.fields.items():
        if key in out:
            continue
        if not spec.required:  # also for a wrong value (reported above): later steps need one
            out[key] = spec.default() if callable(spec.default) else spec.default
        elif key not in data:
            errors.append(ContentError(path, base_line or 1, f"missing required key '{where}{key}'",
                                       expected=spec.describe or type_name(spec.kind), found="nothing"))
    return out
