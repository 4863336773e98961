"""A small translated site for the translation tests: the pebbles site with cards whose
names and texts are translated, and helpers to run `rulepress i18n` and fill a catalogue."""
from __future__ import annotations

from pathlib import Path

from generator.cli import main
from generator.content.load import load_site
from generator.i18n.catalogues import catalogue_path, read, write
from tests.sitefactory import GAME_TOML, RULES, make_site

CARDS_TOML = GAME_TOML + '''
[data.cards]
file = "cards.csv"
caption = "The pebble cards"
columns = { id = "str", name = "str", text = "str", cost = "int" }
translate = ["name", "text"]
'''



def translated_site(root: Path, **overrides: str) -> Path:
    files = {"content/pebbles/game.toml": CARDS_TOML,
             "content/pebbles/cards.csv": "id,name,text,cost\nc1,Swift Pebble,Move twice.,1\nc2,Heavy Pebble,,2\n",
             "content/pebbles/rules.md": RULES + "\n- Draw a card.\n- Play a card.\n\n| Card | Effect |\n|---|---|\n"
                                                 "| Swift | Move twice |\n"}
    files.update(overrides)
    return make_site(root, **{key.replace("/", "__"): text for key, text in files.items()})


def i18n(*argv: str) -> int:
    return main(["i18n", *argv])


def game(root: Path, slug: str = "pebbles"):
    return load_site(root).game(slug)


def translate_everything(root: Path, language: str = "de", mark: str = "DE") -> None:
    """Fill every entry of the language's catalogue, as a translator would: `DE: <source>`."""
    path = catalogue_path(game(root), language)
    catalogue = read(path, language)
    for message in catalogue:
        if message.id:
            message.string = f"{mark}: {message.id}"
            message.flags.discard("fuzzy")
    write(path, catalogue)


def line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)
