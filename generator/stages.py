"""The optional build stages that ship with Rulepress, in the order they run.

Each stage is an object with any of `directives(site)`, `prepare(site, context)`
and `write(site, output, context)` (see generator/build.py)."""
from __future__ import annotations


def available_stages() -> list:
    return []
