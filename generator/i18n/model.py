"""What a translation is made of: the blocks extracted from a game's sources."""
from __future__ import annotations

import datetime
from dataclasses import dataclass

# A fixed date in every header: the same sources give the same bytes (a real date would make
# every extraction a change to review)
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
# the pseudo-locale's tag (pseudo.py): here, where asking "is this the pseudo-locale?" loads no Babel
PSEUDO = "qps"


@dataclass(frozen=True)
class Block:
    """One translatable text: what it says, where it stands, what kind of block it is."""

    text: str  # the source, as the catalogue's msgid
    file: str  # relative to the game's folder: "rules.md", "deck.csv", "game.toml"
    line: int  # 1-based, in that file
    kind: str  # "heading", "paragraph", "list item", "table cell", "say", ... (the entry's comment)
