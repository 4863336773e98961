"""Line numbers of keys, for file:line errors (TOML and YAML parsers give none)."""
from __future__ import annotations

import tomllib
from pathlib import Path

from generator.content.positions import TextPositions, TomlIndex, dotted, positions_of

TEXT = '''# a comment
[kit]
papers = ["a4",
  "letter"]
players = [
  { name = "Red", colour = "#f00" },
  { name = "Blue", colour = "#00f" },
]

[[deck]]
name = "a"
[deck.front]
title = "{x}"

[[deck]]
"quoted key" = 3
map = """
abc
def"""
[deck.front]
title = "{y}"
'''


def test_keys_in_arrays_of_tables_and_nested_tables_get_their_own_lines():
    tomllib.loads(TEXT)  # the index works on valid TOML
    index = TomlIndex(TEXT)
    assert index.line_of(("deck", 0, "front", "title")) == 13
    assert index.line_of(("deck", 1, "front", "title")) == 21
    assert index.line_of(("deck", 1, "quoted key")) == 16


def test_array_items_and_inline_tables_point_at_their_own_line():
    index = TomlIndex(TEXT)
    assert index.line_of(("kit", "papers", 1)) == 4
    assert index.line_of(("kit", "players", 1, "colour")) == 7


def test_unknown_paths_fall_back_to_the_nearest_known_ancestor():
    index = TomlIndex(TEXT)
    assert index.line_of(("deck", 1, "front", "missing")) == 20
    assert index.line_of(("nowhere",)) is None


def test_multi_line_string_content_starts_on_the_line_after_the_quotes():
    assert TomlIndex(TEXT).content_line(("deck", 1, "map")) == 18


def test_a_dotted_key_places_the_tables_it_names():
    index = TomlIndex('title = "x"\n\nplayers.min = 2\nplayers.max = 4\n')
    assert index.line_of(("players",)) == 3
    assert index.line_of(("players", "max")) == 4


def test_yaml_keys_are_found_by_pattern_below_their_parent():
    text = "---\ntitle: Aid\nsummary: Short.\nclarifications:\n  - id: C1\n    title: Ties\n---\n"
    positions = TextPositions(text)
    assert positions.line_of(("summary",)) == 3
    assert positions.line_of(("clarifications", 0, "title")) == 6  # below clarifications, not line 2
    assert positions.line_of(("nowhere",)) is None


def test_toml_files_get_the_exact_index_and_other_files_the_pattern():
    assert isinstance(positions_of(Path("game.toml"), TEXT), TomlIndex)
    assert isinstance(positions_of(Path("rules.md"), "---\ntitle: x\n---\n"), TextPositions)


def test_key_paths_read_as_authors_write_them():
    assert dotted(("deck", 0, "front", "title")) == "deck[0].front.title"
    assert dotted(("kit", "papers", 1)) == "kit.papers[1]"
    assert dotted(()) == ""
