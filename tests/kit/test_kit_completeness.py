"""Everything the rules list as a component is in the kit, or the kit says what to use
instead (issue 13.6): read from each rules page's "Components" section (its tables, its
data tables and its bold list items) and matched by name against the kit's components."""
from __future__ import annotations

import re

import pytest

from generator.kit import load_components
from generator.play.tables import read_game_tables
from tests.kit.conftest import CONTENT, GAMES

STOPWORDS = {"a", "an", "and", "the", "of", "in", "with", "per", "one", "two", "three", "four", "five", "six",
             "showing", "each"}


def words(text: str) -> list[str]:
    """The name's words, lowercase and singular, up to its first comma or bracket."""
    name = re.split(r"[,(:]", text, maxsplit=1)[0]
    found = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]*", name)]
    return [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in found if w.lower() not in STOPWORDS]


def rules_components(game: str) -> list[str]:
    """The components the rules list: the Components section's table rows (first cell), the rows
    of a data table it shows (first column; not a deck's card list) and its bold list items."""
    text = (CONTENT / game / "rules.md").read_text(encoding="utf-8")
    section = re.search(r"^## Components.*?$(.*?)(?=^## )", text, re.M | re.S).group(1)
    section = re.split(r"^### ", section, flags=re.M)[0]
    names = [row.split("|")[1].strip() for row in section.splitlines()
             if row.startswith("|") and not set(row) <= set("|- ")][1:]
    names += re.findall(r"^- \*\*(.+?)\*\*", section, re.M)
    tables, _errors = read_game_tables(CONTENT / game)
    decks = {deck.data.path.name for deck in load_components(CONTENT / game).decks}
    for block in re.findall(r"```table\n(.*?)```", section, re.S):
        data = re.search(r"data: (\w+)", block).group(1)
        if tables[data].path.name in decks:
            continue  # a deck's card list: the cards are the deck, printed as such
        first = re.search(r"columns: \[(\w+)", block).group(1)
        names += [row.text[first] for row in tables[data].rows]
    return names


def kit_words(game: str) -> set[str]:
    components = load_components(CONTENT / game)
    names = [c.title for group in (components.boards, components.decks, components.sheets, components.tokens)
             for c in group]
    names += [item.caption or item.label for token in components.tokens for item in token.items]
    names += [component for component, _use in components.instead]
    vocabulary = {w for name in names for w in words(name)}
    if components.boards:
        vocabulary.add("board")
    if components.decks:
        vocabulary.add("card")
    return vocabulary


@pytest.mark.parametrize("game", GAMES)
def test_every_component_the_rules_list_is_in_the_kit_or_replaced(game):
    listed = rules_components(game)
    assert listed, f"{game}: no components found in the rules"
    vocabulary = kit_words(game)
    missing = [name for name in listed if not set(words(name)[:2]) <= vocabulary]
    assert not missing, f"{game}: the rules list {missing}, which the kit neither prints nor replaces ([[instead]])"


def test_the_kit_cover_says_what_to_use_instead(kits):
    """Splat's parachute die is not printed: the cover says to use a six-sided die, halved."""
    text = kits[("splat", "", "a4")].pages[0].extract_text()
    assert "Not printed: what to use instead" in text and "Parachute die" in text and "3–4 is 2" in text
