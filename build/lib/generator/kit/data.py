"""The format-string templates that turn a data row into card text ("{name}",
"{rank}"). The rows themselves come from generator/play/tables.py."""
from __future__ import annotations

import string
from typing import Mapping


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
