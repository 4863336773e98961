"""The words a kit prints from components.toml (a deck's and a sheet's titles, a stat's label,
a score sheet's column headings and notes, a layer's text), as blocks to translate and back.

Only the keys that hold words for readers are read: colours, names, files, placements and
`when` selections keep the source's values, which data rows are matched against. A template
("JAM A: {jam_a}") is translated whole; a translation that drops or adds a {field} is not used
(the card would name a column the data lacks), and the source's words stay."""
from __future__ import annotations

import re
import tomllib
from typing import Callable, Iterator

from generator.content.files import read_text
from generator.content.model import Game, Site
from generator.content.schema import Source
from generator.i18n.model import Block

FILE = "components.toml"
TEXT_KEYS = frozenset({"title", "subtitle", "heading", "label", "caption", "body", "footer", "text", "notes", "use",
                       "columns", "fields", "row_title", "column_title"})
FIELD = re.compile(r"\{[^{}]*\}")
PLAYERS = "players"  # [kit] players = [{ name = "Red", ... }]: a seat's name is a word readers see


def worded(text: str) -> bool:
    """Whether a reader's words stand in `text` outside its {fields} (a title, not "{name}")."""
    return any(char.isalpha() for char in FIELD.sub("", text))


def is_text(at: tuple, key) -> bool:
    """Whether `key`, below the key path `at`, holds words (a player's `name` does; a deck's is its id)."""
    return key in TEXT_KEYS or (key == "name" and len(at) >= 2 and at[-2] == PLAYERS)


def texts(value, at: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(key path, words) of every text key's string in a parsed components.toml, in file order."""
    if isinstance(value, dict):
        for key, item in value.items():
            if is_text(at, key) and isinstance(item, str):
                if worded(item):
                    yield (*at, key), item
            elif key in TEXT_KEYS and isinstance(item, list):
                yield from (((*at, key, i), text) for i, text in enumerate(item) if isinstance(text, str) and worded(text))
            else:
                yield from texts(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from texts(item, (*at, index))


def component_blocks(site: Site, game: Game) -> list[Block]:
    """Each worded text of the game's components.toml at its line (none without the file, or
    when it is not TOML: the kit reports that)."""
    path = game.folder / FILE
    if not path.is_file():
        return []
    text = read_text(path, site.root)
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return []
    source = Source(path, text, [])
    return [Block(words.strip(), FILE, source.line_of(at) or 1, f"kit {at[-1] if isinstance(at[-1], str) else at[-2]}")
            for at, words in texts(parsed) if words.strip()]


def translated_components(parsed: dict, said: Callable[[str], str]) -> dict:
    """A parsed components.toml with its worded texts as `said` gives them (the rest as it is)."""
    def walk(value, at: tuple):
        if isinstance(value, dict):
            return {key: walk(item, (*at, key)) for key, item in value.items()}
        if isinstance(value, list):
            return [walk(item, at if isinstance(item, str) else (*at, index)) for index, item in enumerate(value)]
        if at and is_text(at[:-1], at[-1]) and isinstance(value, str) and worded(value):
            return same_fields(value, said(value.strip()))
        return value
    return walk(parsed, ())


def same_fields(source: str, translation: str) -> str:
    """The translation, when it names the {fields} its source does; else the source."""
    return translation if sorted(FIELD.findall(translation)) == sorted(FIELD.findall(source)) else source
