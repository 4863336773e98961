#!/usr/bin/env python3
"""Write the kit reference's table of every key (docs/kit.md, "Every key at a glance")
from the one declaration of components.toml, generator/kit/schema.py: each key with what
it takes and its default. The tests fail while the table differs from the schema, so the
reference can never name a key the schema lacks, nor miss one it has.

    .venv/bin/python scripts/kit_keys.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.content.schema import Field, Schema  # noqa: E402
from generator.errors import type_name  # noqa: E402
from generator.kit.schema import COMPONENTS  # noqa: E402

REFERENCE = ROOT / "docs" / "kit.md"
BEGIN = "<!-- every key: written by scripts/kit_keys.py from generator/kit/schema.py -->"
END = "<!-- end of every key -->"


def takes(field: Field) -> str:
    """What a valid value looks like, in the words the error messages use."""
    return field.describe or type_name(field.kind)


def default(field: Field) -> str:
    if field.required:
        return "*required*"
    value = field.default_value()
    if value is None or value == {}:
        return ""
    return f"`{toml_value(value)}`"


def toml_value(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


def key_rows(schema: Schema, prefix: str = "") -> list[tuple[str, Field]]:
    """Every key of a table as (its path below the table, its field): a nested table's keys
    as `front.title`, a list of tables' as `stats[].label`, named entries' as `kinds.<char>`."""
    rows = []
    for name, field in schema.fields.items():
        path = prefix + name
        rows.append((path, field))
        if field.schema is not None:
            rows += entry_rows(field.schema, path)
            rows += key_rows(field.schema, path + ".")
        item = field.item
        if isinstance(item, Field) and item.schema is not None:
            rows += key_rows(item.schema, path + "[].")
    return rows


def entry_rows(schema: Schema, path: str) -> list[tuple[str, Field]]:
    """A table of named entries ([kit].colours, [board.kinds]): the entry, then its keys."""
    if schema.entry is None:
        return []
    entry = f"{path}.<{'char' if path.endswith('kinds') else 'name'}>"
    rows = [(entry, schema.entry)]
    if schema.entry.schema is not None:
        rows += key_rows(schema.entry.schema, entry + ".")
    return rows


def cell(text: str) -> str:
    return text.replace("|", "\\|")


def header(name: str, field: Field) -> str:
    return f"[[{name}]]" if field.kind is list else f"[{name}]"


def reference() -> str:
    """The section's generated part: one table per table of the file."""
    out = [BEGIN]
    for name, field in COMPONENTS.fields.items():
        schema = field.schema or field.item.schema
        out += ["", f"`{header(name, field)}`", "", "| key | takes | default |", "| --- | --- | --- |"]
        out += [f"| `{path}` | {cell(takes(key))} | {cell(default(key))} |" for path, key in key_rows(schema)]
    out += ["", END]
    return "\n".join(out)


def written(text: str) -> str:
    """docs/kit.md's text with the generated part replaced by `reference()`."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + reference() + text[end:]


if __name__ == "__main__":
    REFERENCE.write_text(written(REFERENCE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the key tables of {REFERENCE.relative_to(ROOT)}")
