"""A game in another language, as the kit and the rulebook would read it: game.toml's texts,
its releases' summaries, its tables' captions and every cell of the columns a table
translates, from the catalogue (a fuzzy or missing entry keeps the source's words). A pure
function: the pages are translated one by one (pages.py)."""
from __future__ import annotations

from dataclasses import replace

from babel.messages.catalog import Catalog

from generator.content.model import Game
from generator.i18n.components import FILE as COMPONENTS
from generator.i18n.sources import GAME_TEXTS
from generator.i18n.translate import looked_up
from generator.play.tables import Row, Table


def said(catalogue: Catalog, text: str) -> str:
    """`text` in the catalogue's language, or as it is (untranslated or stale)."""
    if not text.strip():
        return text
    translation, _ = looked_up(catalogue, text.strip())
    return translation if translation is not None else text


def translated_game(game: Game, catalogue: Catalog) -> Game:
    texts = {key: said(catalogue, getattr(game, key)) for key in GAME_TEXTS}
    releases = tuple(replace(release, summary=said(catalogue, release.summary)) for release in game.releases)
    data = {name: translated_table(table, catalogue) for name, table in game.data.items()}
    return replace(game, **texts, releases=releases, data=data, words=kit_words(catalogue))


def kit_words(catalogue: Catalog) -> dict[str, str]:
    """The translated words the kit prints from components.toml: the entries extraction located
    there (generator/i18n/components.py), read from the catalogue alone (no second reading of the file)."""
    words = {}
    for message in catalogue:
        if isinstance(message.id, str) and any(place == COMPONENTS for place, _line in message.locations):
            translation = said(catalogue, message.id)
            if translation != message.id:
                words[message.id] = translation
    return words


def translated_table(table: Table, catalogue: Catalog) -> Table:
    columns = table.spec.translate if table.spec else ()
    rows = table.rows
    if columns:
        rows = tuple(translated_row(row, columns, catalogue) for row in table.rows)
    return replace(table, rows=rows, caption=said(catalogue, table.caption) if table.caption.strip()
                   else named_caption(table, catalogue))


def named_caption(table: Table, catalogue: Catalog) -> str:
    """The caption made from the name of a table that declares none, where the catalogue translates
    it ("Schritte" for `steps`); else none, and the table is captioned as in the source."""
    from generator.markdown.tables import name_caption

    words = name_caption(table.name)
    translation = said(catalogue, words)
    return translation if translation != words else ""


def translated_row(row: Row, columns: tuple[str, ...], catalogue: Catalog) -> Row:
    values, text = dict(row), dict(row.text)
    for column in columns:
        if column in text:
            text[column] = values[column] = said(catalogue, text[column])
    return Row(values, text, row.line, source=row.source)  # selections match the source's words
