"""Line numbers of TOML keys, for file:line errors (TOML parsers give none)."""
from __future__ import annotations

import tomllib

from generator.kit.tomlpos import TomlIndex

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
