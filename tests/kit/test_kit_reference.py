"""components.toml is declared once, in generator/kit/schema.py, and described once, in
docs/kit.md, the page authors read; these tests hold the two together (issues 26.5, 27.5):

- the reference's key tables are the schema's: every key with what it takes and its
  default, and no key the schema lacks (scripts/kit_keys.py writes them);
- every key is also shown in an example or named in the text (a key only a table lists
  is hard to find);
- the reference's examples and text name no key the schema lacks, so an author who
  copies an example gets no "unknown key";
- an unknown key anywhere is an error at its line with the nearest known key.
"""
from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

from generator.content.schema import Field, Schema, Source, validate
from generator.kit.schema import COMPONENTS

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = (ROOT / "docs/kit.md").read_text(encoding="utf-8")


def kit_keys_script():
    spec = importlib.util.spec_from_file_location("kit_keys", ROOT / "scripts" / "kit_keys.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KIT_KEYS = kit_keys_script()


def without_key_tables(text: str) -> str:
    """The reference less its generated key tables: its examples and text."""
    if KIT_KEYS.BEGIN not in text:
        return text
    start, end = text.index(KIT_KEYS.BEGIN), text.index(KIT_KEYS.END) + len(KIT_KEYS.END)
    return text[:start] + "\n" * text[start:end].count("\n") + text[end:]  # lines keep their numbers


PROSE = without_key_tables(REFERENCE)


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
    return bool(re.search(rf"(^|[\s{{,\[(]){key}\s*=|`{key}\b[^`]*`|\[{{1,2}}{header}[\].]", PROSE, re.M))


@pytest.mark.parametrize("path", [".".join(p) for p in key_paths(COMPONENTS)])
def test_every_key_of_components_toml_is_documented_in_the_kit_reference(path):
    assert documented(tuple(path.split("."))), f"docs/kit.md does not document {path}"


def table_rows(text: str) -> set[str]:
    return {line for line in text.splitlines() if line.startswith("| `")}


def test_the_kit_references_key_tables_list_every_key_of_the_schema_with_what_it_takes():
    """Each key of the schema in a row with its type and default, and no row the schema lacks."""
    written = REFERENCE[REFERENCE.index(KIT_KEYS.BEGIN):REFERENCE.index(KIT_KEYS.END) + len(KIT_KEYS.END)]
    expected = KIT_KEYS.reference()
    missing, extra = table_rows(expected) - table_rows(written), table_rows(written) - table_rows(expected)
    assert (sorted(missing), sorted(extra)) == ([], []), \
        "docs/kit.md's key tables differ from generator/kit/schema.py: run .venv/bin/python scripts/kit_keys.py"
    assert written == expected, "docs/kit.md's key tables are out of order: run .venv/bin/python scripts/kit_keys.py"


def key_names(schema: Schema) -> set[str]:
    """Every key name the schema declares, at any depth."""
    names = set()
    for name, field in schema.fields.items():
        names.add(name)
        for inner in (field.schema, field.item.schema if isinstance(field.item, Field) else None):
            if inner is not None:
                names |= key_names(inner)
                if inner.entry is not None and inner.entry.schema is not None:
                    names |= key_names(inner.entry.schema)
    return names


def toml_examples(text: str):
    """(line of the block's first line, block) for every ```toml block."""
    for match in re.finditer(r"^```toml\n(.*?)^```", text, re.S | re.M):
        yield text[:match.start()].count("\n") + 2, match.group(1)


def unknown_keys_in_examples(text: str, where: str = "docs/kit.md") -> list[str]:
    """Each example that is not TOML, or names a key the schema lacks, as file:line: message."""
    problems = []
    for first, block in toml_examples(text):
        try:
            data = tomllib.loads(block)
        except tomllib.TOMLDecodeError as error:
            problems.append(f"{where}:{first}: the example is not TOML: {error}")
            continue
        source = Source(Path(where), block, [])
        validate(data, COMPONENTS, source)
        problems += [f"{where}:{first + error.line - 1}: {error.message}" for error in source.errors
                     if error.message.startswith("unknown key")]
    return problems


def unknown_keys_in_text(text: str, where: str = "docs/kit.md") -> list[str]:
    """Keys the text names as `key = ...` or in a table header (`[board.kinds.X]`) that the
    schema lacks (a header's X and <name> stand for a key of the author's choosing)."""
    known = key_names(COMPONENTS)
    text = re.sub(r"^```.*?^```", lambda block: "\n" * block.group(0).count("\n"), text, flags=re.S | re.M)
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        named = re.findall(r"`(\w+) = ", line)
        named += [part for header in re.findall(r"`\[\[?([\w.<>]+)\]", line) for part in header.split(".")
                  if not re.fullmatch(r"[A-Z]|<\w+>", part)]
        problems += [f"{where}:{number}: `{name}` is no key of components.toml" for name in named if name not in known]
    return problems


def test_the_kit_references_examples_name_only_keys_the_schema_declares():
    assert unknown_keys_in_examples(PROSE) == []


def test_the_kit_references_text_names_only_keys_the_schema_declares():
    assert unknown_keys_in_text(PROSE) == []


def test_a_key_the_schema_lacks_in_an_example_or_the_text_of_a_reference_is_found():
    made = ('A token\'s `sise = 12` sets its size; `[board.kinds.X]` and `[deck.fronts]` are tables.\n\n'
            '```toml\n[[token]]\nname = "pips"\nsise = 12\n```\n\n```toml\nname = "a"  title = "b"\n```\n')
    assert unknown_keys_in_text(made, "made.md") == ["made.md:1: `sise` is no key of components.toml",
                                                     "made.md:1: `fronts` is no key of components.toml"]
    examples = unknown_keys_in_examples(made, "made.md")
    assert examples[0] == "made.md:6: unknown key 'token[0].sise' (did you mean size?)"
    assert examples[1].startswith("made.md:10: the example is not TOML")


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
