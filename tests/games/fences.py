"""Find the fenced directive blocks (```walkthrough, ```position, ```play) in a
game's pages, for tests that replay them through the engine."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

FENCE = re.compile(r"^```(walkthrough|position|play)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def fenced_blocks(game: Path, kind: str) -> list[tuple[str, int, dict]]:
    """(page file name, line of the opening fence, YAML options) for every block of `kind`."""
    found = []
    for page in sorted(game.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == kind:
                line = text.count("\n", 0, match.start()) + 1
                found.append((page.name, line, yaml.safe_load(match.group(2))))
    return found
