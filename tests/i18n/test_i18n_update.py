"""Which old text a changed block was: the translation follows its block, however long the
block, and never comes from a block still in the source."""
from __future__ import annotations

from babel.messages.catalog import Catalog

from generator.i18n.update import updated

LONG = ("Your HERO leaves its Base at the start of the game and after every respawn. Movement is measured in "
        "**card lengths**: hold a card on its edge in front of your HERO and move the miniature to the card's far "
        "end. That is one card length; do it again for a second.")


def catalogue(entries: dict[str, str]) -> Catalog:
    made = Catalog(locale="de")
    for source, translation in entries.items():
        made.add(source, translation, locations=[("rules.md", 1)])
    return made


def template(*sources: str) -> Catalog:
    made = Catalog()
    for line, source in enumerate(sources, 1):
        made.add(source, locations=[("rules.md", line)])
    return made


def test_a_word_added_to_a_long_paragraph_keeps_its_translation_fuzzy():
    """By characters, difflib's autojunk (texts of 200 or more) scored this change 0.17."""
    changed = LONG.replace("at the start", "at the very start")
    merged = updated(None, template(changed), catalogue({LONG: "DE long"}), "de")
    message = merged[changed]
    assert (message.string, message.fuzzy, message.previous_id) == ("DE long", True, [LONG])
    assert LONG not in merged.obsolete  # taken by its changed block, not left over


def test_a_changed_block_never_takes_the_translation_of_a_block_still_in_the_source():
    kept = "Roll the die and then move your Pebble to the Board."
    old, new = "Roll the die.", "Roll the die and then move a Pebble to the Board."
    merged = updated(None, template(kept, new), catalogue({kept: "DE kept", old: "DE old"}), "de")
    assert merged[kept].string == "DE kept" and not merged[kept].fuzzy
    assert merged[new].string != "DE kept"


def test_two_changed_blocks_take_the_translations_they_are_most_like():
    first, second = "The Troll throws the Rock north.", "The Dwarf pushes a row of pieces one square."
    merged = updated(None, template("The Dwarf pushes a row of pieces two squares.", "The Troll throws the Rock south."),
                     catalogue({first: "DE troll", second: "DE dwarf"}), "de")
    assert merged["The Troll throws the Rock south."].string == "DE troll"
    assert merged["The Dwarf pushes a row of pieces two squares."].string == "DE dwarf"
