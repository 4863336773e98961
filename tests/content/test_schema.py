"""The one declarative schema (generator.content.schema): what it accepts, what
it reports, and the exact line of every problem in a TOML file."""
from __future__ import annotations

import tomllib
from pathlib import Path

from generator.content.schema import Field, Problem, Schema, Source, validate

TEXT = '''title = "Shelf"
size = 40

[[deck]]
name = "a"

[[deck]]
name = "b"
shape = "rond"
papers = [
  "a4",
  "a5",
]
[deck.front]
titel = "x"
'''

DECK = Schema({
    "name": Field(str, required=True),
    "shape": Field(str, default="round", choices=("round", "square")),
    "papers": Field(list, default=list, items=Field(str, choices=("a4", "letter"))),
    "front": Field(dict, schema=Schema({"title": Field(str, default="")})),
    "back": Field(dict, schema=Schema({"title": Field(str, default="")})),
})
FILE = Schema({
    "title": Field(str, required=True),
    "size": Field(float, default=25.0),
    "deck": Field(list, default=list, items=Field(dict, schema=DECK)),
    "notes": Field(list, default=list, items=str),
}, title="the file", ordered=True)


def checked(text: str, schema: Schema = FILE):
    errors = []
    values = validate(tomllib.loads(text), schema, Source(Path("game.toml"), text, errors))
    return values, [(e.line, e.message, e.expected) for e in errors]


def test_problems_in_arrays_of_tables_stand_on_their_own_lines():
    values, errors = checked(TEXT)
    assert errors == [
        (9, "'deck[1].shape' is not one of the choices (did you mean round?)", "'round' | 'square'"),
        (12, "'deck[1].papers[1]' is not one of the choices", "'a4' | 'letter'"),
        (15, "unknown key 'deck[1].front.titel' (did you mean title?)", "one of: title"),
    ]
    # a wrong value gives way to the default, and so does a list with a wrong item
    assert values["deck"][1]["shape"] == "round" and values["deck"][1]["papers"] == []


def test_validated_tables_know_their_key_path():
    values, _ = checked(TEXT)
    assert values.at == () and values["deck"][1].at == ("deck", 1)
    assert values["deck"][1]["front"].key("title") == ("deck", 1, "front", "title")
    assert values["deck"][0]["back"] is None  # a table left out has its default


def test_a_whole_number_where_a_number_is_declared_is_a_number():
    values, _ = checked(TEXT)
    assert values["size"] == 40.0 and isinstance(values["size"], float)


def test_unknown_keys_name_the_table_and_list_the_keys_as_declared():
    _, errors = checked('title = "x"\ndekc = 1\n')
    assert errors == [(2, "unknown key 'dekc' in the file (did you mean deck?)",
                       "one of: title, size, deck, notes")]


def test_missing_keys_stand_on_their_table_line():
    _, errors = checked('title = "x"\n\n[[deck]]\nshape = "round"\n')
    assert errors == [(3, "missing required key 'deck[0].name'", "text")]


def test_wrong_items_are_reported_each_at_its_line():
    _, errors = checked('title = "x"\nnotes = [\n  "a",\n  1,\n  true,\n]\n')
    assert [line for line, *_ in errors] == [4, 5]
    assert errors[0][1:] == ("wrong item type in 'notes'", "a list of text")


def test_a_check_may_return_a_problem_of_its_own():
    def even(value):
        return None if value % 2 == 0 else Problem("{key} is odd", expected="an even number", found=str(value))

    schema = Schema({"count": Field(int, default=0, check=even), "name": Field(str, check=lambda v: "a name")})
    _, errors = checked('count = 3\nname = "x"\n', schema)
    assert errors == [(1, "'count' is odd", "an even number"), (2, "bad value for 'name'", "a name")]


def test_named_entries_are_checked_by_the_entry_field():
    schema = Schema({"colours": Field(dict, default=dict, schema=Schema({}, entry=Field(str)))})
    values, errors = checked('[colours]\nsea = "#00f"\nsand = 3\n', schema)
    assert values["colours"] == {"sea": "#00f"}
    assert errors == [(3, "wrong type for 'colours.sand'", "text")]


def test_validated_values_cross_processes_as_plain_values():
    import pickle

    values, _ = checked(TEXT)
    assert pickle.loads(pickle.dumps(values)) == values
