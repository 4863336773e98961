"""Extraction: every translatable block of a game, each entry at its source file:line."""
from __future__ import annotations

from generator.i18n.catalogues import read, template_path
from tests.i18n.translating import game, i18n, line_of, translated_site


def entries(root):
    template = read(template_path(game(root)))
    return {message.id: (message.locations, message.auto_comments) for message in template if message.id}


def test_every_kind_of_block_is_an_entry_at_its_source_file_and_line(tmp_path):
    root = translated_site(tmp_path)
    assert i18n("extract", str(root)) == 0
    found = entries(root)
    rules = root / "content/pebbles/rules.md"
    expected = {
        "Setting up": "heading",
        "Each player takes a Pebble and puts it on the Board.": "paragraph",
        "Ties": "admonition title",
        "A tie is shared.": "admonition",
        "Points per pebble": "caption",
        "Draw a card.": "list item",
        "Move twice": "table cell",
    }
    for text, kind in expected.items():
        locations, kinds = found[text]
        assert ("rules.md", line_of(rules, text)) in locations, text
        assert kind in kinds
    assert found["Rules"][0] == [("rules.md", 2)]  # the page title, from the front matter


def test_glossary_terms_and_definitions_are_entries_of_the_glossary_page(tmp_path):
    root = translated_site(tmp_path)
    i18n("extract", str(root))
    found = entries(root)
    glossary = root / "content/pebbles/glossary.md"
    assert found["Pebble"][0] == [("glossary.md", line_of(glossary, "Pebble"))]
    assert "glossary term" in found["Pebble"][1]
    assert found["A small stone that each player moves."] == (
        [("glossary.md", line_of(glossary, "A small stone"))], ["glossary definition"])


def test_a_walkthroughs_say_lines_and_title_are_entries_at_their_own_lines(tmp_path):
    from tests.sitefactory import RULES

    root = translated_site(tmp_path, **{"content/pebbles/rules.md": RULES + WALKTHROUGH_FENCE})
    i18n("extract", str(root))
    found = entries(root)
    rules = root / "content/pebbles/rules.md"
    assert found["The first pebble rolls one square."] == ([("rules.md", line_of(rules, "say: The first"))], ["say"])
    assert found["A first move"][0] == [("rules.md", line_of(rules, "title: A first move"))]
    assert not any("a1-a2" in text for text in found)  # moves are the same in every language


WALKTHROUGH_FENCE = '''
```walkthrough
title: A first move
steps:
  - do: "a1-a2"
    say: The first pebble rolls one square.
```
'''


def test_game_toml_texts_and_the_translated_data_columns_are_entries(tmp_path):
    root = translated_site(tmp_path)
    i18n("extract", str(root))
    found = entries(root)
    assert found["Move pebbles; take the most."][0] == [("game.toml", 9)]
    assert found["The pebble cards"][0] == [("game.toml", line_of(root / "content/pebbles/game.toml", "caption = \"The pebble"))]
    assert found["Swift Pebble"] == ([("cards.csv", 2)], ["cards.name"])
    assert found["Move twice."] == ([("cards.csv", 2)], ["cards.text"])
    assert "c1" not in found and "1" not in found  # ids and numbers are not translated


def test_the_same_text_in_two_places_is_one_entry_with_both_locations(tmp_path):
    rules = "---\ntitle: Rules\n---\n\n## Pebble\n\nText.\n\n## Board\n\nText.\n"
    root = translated_site(tmp_path, **{"content/pebbles/rules.md": rules})
    i18n("extract", str(root))
    assert entries(root)["Text."][0] == [("rules.md", 7), ("rules.md", 11)]


def test_extracting_twice_from_the_same_sources_writes_the_same_bytes(tmp_path, capsys):
    root = translated_site(tmp_path)
    i18n("extract", str(root))
    first = template_path(game(root)).read_bytes()
    i18n("extract", str(root))
    assert template_path(game(root)).read_bytes() == first
    assert "(unchanged)" in capsys.readouterr().out


def test_a_translated_column_that_is_not_text_is_an_error_at_its_line(tmp_path, capsys):
    toml = translated_site(tmp_path) / "content/pebbles/game.toml"
    toml.write_text(toml.read_text().replace('translate = ["name", "text"]', 'translate = ["name", "cost"]'))
    assert i18n("extract", str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert f"game.toml:{line_of(toml, 'translate =')}: [data.cards] translate: no text column 'cost'" in err
