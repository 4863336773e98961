"""Issue 26.5: every key of components.toml is documented in docs/kit.md, the page authors
read (a key the schema accepts but the reference never names cannot be found), and an
unknown key anywhere is an error at its line with the nearest known key."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.schema import Field, Schema
from generator.kit.schema import COMPONENTS

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = (ROOT / "docs/kit.md").read_text(encoding="utf-8")


def key_paths(schema: Schema, path: tuple[str, ...] = ()):
    """Every key the schema accepts, as its path ("board", "board.kinds", ...)."""
    for name, field in schema.fields.items():
        yield path + (name,)
        inner = field.schema or (field.item.schema if isinstance(field.item, Field) else None)
        if inner is not None:
            yield from key_paths(inner, path + (name,))
    if schema.entry is not None and schema.entry.schema is not None:
        yield from key_paths(schema.entry.schema, path + ("<name>",))


def documented(path: tuple[str, ...]) -> bool:
    """Named the way the reference names keys: `key = ...` in an example, `key` in the text,
    or a table header ([kit], [[board]], [board.kinds.H], [deck.front])."""
    key = re.escape(path[-1])
    header = re.escape(".".join(path))
    return bool(re.search(rf"(^|[\s{{,\[(]){key}\s*=|`{key}\b[^`]*`|\[{{1,2}}{header}[\].]", REFERENCE, re.M))


@pytest.mark.parametrize("path", [".".join(p) for p in key_paths(COMPONENTS)])
def test_every_key_of_components_toml_is_documented_in_the_kit_reference(path):
    assert documented(tuple(path.split("."))), f"docs/kit.md does not document {path}"


def test_an_unknown_key_is_an_error_with_the_nearest_known_key(tmp_path):
    from generator.errors import ContentErrors
    from generator.kit import load_components

    (tmp_path / "components.toml").write_text('[[token]]\nname = "pips"\nsise = 12\nitems = [{ label = "Pip" }]\n')
    with pytest.raises(ContentErrors) as raised:
        load_components(tmp_path)
    (error,) = raised.value.errors
    assert error.line == 3 and error.message == "unknown key 'token[0].sise' (did you mean size?)"


@pytest.mark.parametrize("board,key", [
    ('kind = "hex"\nmap = """\n..\n.."""\nedges = { left = "wrap" }\n', "edges"),  # hex boards draw no edges
    ('kind = "track"\nspaces = 12\ncolumns = 4\nrows = 4\n[board.kinds.S]\nname = "Start"\n', "kinds"),
])
def test_a_key_a_board_of_that_kind_does_not_read_is_an_error_at_its_line(tmp_path, board, key):
    from generator.errors import ContentErrors
    from generator.kit import load_components

    text = f'[[board]]\nname = "b"\n{board}'
    (tmp_path / "components.toml").write_text(text)
    with pytest.raises(ContentErrors) as raised:
        load_components(tmp_path)
    (error,) = raised.value.errors
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith((f"{key} =", f"[board.{key}")))
    assert error.line == line and error.message.startswith(f"`{key}` has no use on a ")
    assert "the keys a" in error.expected
