"""The translatable texts outside the pages: game.toml's words for readers (its title,
summary, credit, licence note, releases' summaries, tables' captions) and every cell of the
data columns a table's `translate` names (card names and texts), at their lines."""
from __future__ import annotations

from generator.content.files import read_text
from generator.content.model import Game, Site
from generator.content.schema import Source
from generator.i18n.model import Block

GAME_TEXTS = ("title", "summary", "source", "credit", "licence")


def game_toml_blocks(site: Site, game: Game) -> list[Block]:
    path = game.folder / "game.toml"
    source = Source(path, lambda: read_text(path, site.root), [])
    found = []
    for key in GAME_TEXTS:
        value = getattr(game, key)
        if value.strip():
            found.append(Block(value.strip(), "game.toml", source.line_of((key,)) or 1, f"game {key}"))
    for index, release in enumerate(game.releases):
        if release.summary.strip():
            found.append(Block(release.summary.strip(), "game.toml", source.line_of(("releases", index, "summary")) or 1,
                               "release summary"))
    for name, table in game.data.items():
        if table.caption.strip():
            found.append(Block(table.caption.strip(), "game.toml", source.line_of(("data", name, "caption")) or 1,
                               "table caption"))
    return found


def data_blocks(game: Game) -> list[Block]:
    """Each non-empty cell of each translated column, as written, at its row's line."""
    found = []
    for table in game.data.values():
        columns = table.spec.translate if table.spec else ()
        if not columns:
            continue
        name = table.path.relative_to(game.folder).as_posix()
        for row in table.rows:
            for column in columns:
                text = row.text.get(column, "").strip()
                if text:
                    found.append(Block(text, name, row.line, f"{table.name}.{column}"))
    return found
