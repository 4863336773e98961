"""What a translation is made of: the blocks extracted from a game's sources."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Block:
    """One translatable text: what it says, where it stands, what kind of block it is."""

    text: str  # the source, as the catalogue's msgid
    file: str  # relative to the game's folder: "rules.md", "deck.csv", "game.toml"
    line: int  # 1-based, in that file
    kind: str  # "heading", "paragraph", "list item", "table cell", "say", ... (the entry's comment)
