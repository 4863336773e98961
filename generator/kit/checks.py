"""What the components' loaders share: the checks generator.kit.schema cannot
declare because they need more than one key, [kit]'s colours and players, the
game's data tables or the game's own code.

`KitChecks` holds one components.toml's `Source` (where every problem goes, as
file:line), its named colours, its players and the game's tables. The loaders
of each kind of component (board.py, cards.py, sheets.py, tokens.py, ...) ask
it for resolved colours, data files, template keys and game functions; a value
it cannot give is reported once, here, and a stand-in returned.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from generator.content.schema import Problem, Source, Values
from generator.draw import colour as colours
from generator.draw.shapes import Drawing
from generator.errors import ContentError, describe_cell, describe_value
from generator.gamecode import import_game_module, watched_function
from generator.kit.data import fill, template_fields
from generator.kit.schema import MAX_COUNT, template_keys
from generator.kit.spec import KitOptions
from generator.play.tables import Table


def given(value, fallback):
    """A key's value, or `fallback` where the file leaves it out (defaults that
    depend on other keys, like a title made from the name)."""
    return fallback if value is None else value


def title_of(table: Values, name: str) -> str:
    """A component's title: its `title`, else its name as words ("score-pad": "Score pad")."""
    return given(table["title"], name.replace("-", " ").capitalize())


def columns_named(table: Table) -> str:
    return "one of: " + ", ".join(table.columns)


class KitChecks:
    """One components.toml's validated values against each other, the data and the game's code."""

    def __init__(self, game_dir: Path, source: Source, tables: dict[str, Table]):
        self.game_dir = game_dir
        self.tables = {table.path.name: table for table in tables.values()}  # by file name
        self.source = source
        self.palette: dict[str, str] = {}
        self.names: dict[str, tuple] = {}
        self.options = KitOptions()
        self.warnings: list[ContentError] = []  # what prints, but poorly (a picture under 300 ppi)
        # a translation's words back to the source's, which the game's code keys on (a token's label)
        self.source_words: dict[str, str] = {}
        self.language = ""  # the kit's: of the words it adds itself (a set-up picture's caption)
        self.engine_words = None  # what the game's engine says in it (gettext translations; None: English)
        # the face a component naming no font of its own is set in: a CJK kit's (kit/fonts.py
        # language_font); None: the built-in DejaVu Sans
        self.face = None

    # -- colours and players ---------------------------------------------------------
    def colour_value(self, value: str) -> Optional[str]:
        value = value.strip()
        if colours.is_hex(value):
            return colours.normal(value)
        return self.palette.get(value)

    def colour(self, table: Values, key: str, automatic: bool = False) -> str:
        """A colour key as #rrggbb ("" stays "" where it means automatic). A name
        [kit].colours does not define is reported; the key's default stands in."""
        value = table[key]
        if automatic and not value:
            return ""
        resolved = self.colour_value(value)
        if resolved is None:
            self.source.report_problem(table.key(key), Problem("{key} is not a colour",
                                                               expected=table.field(key).describe,
                                                               found=describe_value(value)))
            default = table.default(key)
            return self.colour_value(default) if default else ""
        return resolved

    def row_colour(self, template: str, row, data: Table, table: Values, key: str,
                   automatic: bool = False) -> Optional[str]:
        """A colour template filled from a row: a problem stands on the row when the
        template took its value from the data, else on the key."""
        value = fill(template, row.text).strip()
        if automatic and not value:
            return ""
        resolved = self.colour_value(value) if value else table.default(key)
        if resolved is None:
            message, expected = f"{key} '{value}' is not a colour", "#rrggbb or a name from [kit].colours"
            if "{" in template:
                self.source.errors.append(ContentError(data.path, row.line, message, expected=expected, found=value))
            else:
                self.source.report(table.key(key), message, expected=expected, found=value)
        return resolved

    def player_or_colour(self, value: str) -> Optional[str]:
        """A player's colour (by name, any case) or a colour; None when `value` is neither."""
        players = {p.name.lower(): p.colour for p in self.options.players}
        return players.get(value.lower()) or self.colour_value(value)

    def players_expected(self) -> str:
        return "a name from [kit].players (" + ", ".join(p.name for p in self.options.players) + ") or #rrggbb"

    # -- names and limits ------------------------------------------------------------
    def unique_name(self, table: Values) -> str:
        name = table.get("name")
        if name is None:  # missing or wrong: reported by the schema
            return "?"
        if name in self.names:
            self.source.report(table.key("name"), f"the name '{name}' is used by two components",
                               expected="a name of its own",
                               found=f"'{name}', also on line {self.source.line_of(self.names[name])}")
        else:
            self.names[name] = table.key("name")
        return name

    def within_total(self, table: Values, what: str, total: int) -> bool:
        """A deck or token set of at most MAX_COUNT pieces in all (each is laid out and preflighted)."""
        if total <= MAX_COUNT:
            return True
        self.source.report(table.key("name"), f"the {what} of '{table.get('name')}' come to {total:,}; a kit "
                                              f"component has at most {MAX_COUNT:,} (docs/kit.md, Limits)",
                           expected=f"at most {MAX_COUNT:,} {what} in all", found=f"{total:,}")
        return False

    # -- data ------------------------------------------------------------------------
    def data_file(self, table: Values) -> Optional[Table]:
        name = table["data"]
        if not name:
            return None
        data = self.tables.get(name)
        if data is None:
            self.source.report(table.key("data"), f"data file '{name}' is not declared in game.toml",
                               expected="a file declared as [data.<name>] in game.toml: "
                                        + (", ".join(sorted(self.tables)) or "none is declared"),
                               found=name)
        return data

    def data_column(self, table: Values, key: str, data: Optional[Table]) -> str:
        """A key naming a column of the data: its value, or "" (reported) when the data lacks it."""
        column = table.get(key) or ""
        if data and column and column not in data.columns:
            self.source.report(table.key(key), f"the data has no column '{column}'",
                               expected=columns_named(data), found=column)
            return ""
        return column

    def templates(self, table: Values, data: Optional[Table], data_failed: bool = False) -> dict[str, str]:
        """The table's template keys, each field checked against the data's columns (unless
        the data itself failed to load: that error is already reported)."""
        values = {}
        columns = data.columns if data else ()
        for key in template_keys(table.schema):
            value = table[key]
            unknown = [field for field in template_fields(value) if field not in columns]
            if unknown and not data_failed:
                self.source.report_problem(table.key(key), Problem(
                    "{key} uses a column the data does not have", found="{" + unknown[0] + "}",
                    expected="one of the columns: " + ", ".join(columns) if columns else "plain text (no data file)"))
                value = ""
            values[key] = value
        return values

    def picture_columns(self, table: Values, key: str, data: Table) -> bool:
        """Whether the picture template at `key` names only the data's columns (else reported at
        its line: an unknown column would name the same missing file on every row)."""
        try:
            unknown = [field for field in template_fields(table[key]) if field not in data.columns]
        except ValueError as problem:
            self.source.report_problem(table.key(key), Problem(f"{{key}} is not a valid template: {problem}",
                                                               expected="text with {column} fields",
                                                               found=repr(table[key])))
            return False
        if unknown:
            self.source.report_problem(table.key(key), Problem(
                "{key} uses a column the data does not have", found="{" + unknown[0] + "}",
                expected="one of the columns: " + ", ".join(data.columns)))
        return not unknown

    def filtered_rows(self, table: Values, data: Optional[Table]) -> list:
        """The data rows `where` keeps."""
        where = table["where"]
        if not data:
            return []
        for column in where:
            if column not in data.columns:
                self.source.report(where.key(column), f"the data has no column '{column}'",
                                   expected=columns_named(data), found=column)
                return []
        # the source's words: a translation's rows are kept by the same selection as the source's
        return [row for row in data.rows if all(row.source.get(column) in values for column, values in where.items())]

    def row_count(self, data: Table, row, quantity: str) -> Optional[int]:
        """The row's copies from its quantity column (a positive whole number), else an error."""
        if not quantity:
            return 1
        raw = row.text.get(quantity, "")
        if not raw.isdigit() or not 1 <= int(raw) <= MAX_COUNT:
            self.source.errors.append(ContentError(
                data.path, row.line, f"quantity '{quantity}' is not a whole number from 1 to {MAX_COUNT:,}",
                expected=f"1, 2, 3, ... up to {MAX_COUNT:,} (docs/kit.md, Limits)", found=describe_cell(raw)))
            return None
        return int(raw)

    # -- the game's own code ---------------------------------------------------------
    def game_function(self, table: Values, key: str, example: str) -> Optional[Callable]:
        """The game's function named by `key = "module.function"`, imported from the game folder
        (only plain module names: nothing outside the game folder is reachable)."""
        ref = table[key]
        module, _, function = ref.rpartition(".")
        expected = f"\"module.function\": a function in a .py file of the game folder, e.g. \"{example}\""
        if not (module.isidentifier() and function.isidentifier()):
            self.source.report(table.key(key), f"{key} does not name a function", expected=expected, found=ref)
            return None
        if not (self.game_dir / f"{module}.py").is_file():
            self.source.report(table.key(key), f"{key} names {module}.py, which the game folder does not have",
                               expected=expected, found=ref)
            return None
        try:
            loaded = import_game_module(self.game_dir, module)
        except Exception as error:  # the game's own code: any failure is the author's to see
            self.source.report(table.key(key), f"{module}.py failed to import: {type(error).__name__}: {error}",
                               expected="a module that imports", found=ref)
            return None
        found = getattr(loaded, function, None)
        if not callable(found):
            names = [n for n, v in vars(loaded).items() if callable(v) and not n.startswith("_")]
            self.source.report(table.key(key), f"{module}.py has no function {function}",
                               expected="one of: " + (", ".join(sorted(names)) or "none"), found=ref)
            return None
        return watched_function(found, self.game_dir, f"{module}.{function}")

    def drawn(self, table: Values, what: str, draw: Callable, *args) -> Optional[Drawing]:
        """`draw(*args)`, the game's own drawing of a component: a Drawing, or the `drawing` key's error."""
        try:
            drawing = draw(*args)
        except Exception as error:  # the game's own code: its author needs to see the failure
            self.source.report(table.key("drawing"), f"the {what}'s drawing function failed: "
                                                     f"{type(error).__name__}: {error}",
                               expected=f"a Drawing of the {what}", found=table["drawing"])
            return None
        if not isinstance(drawing, Drawing):
            self.source.report(table.key("drawing"), f"the {what}'s drawing function returned no drawing",
                               expected="a generator.draw.shapes.Drawing", found=type(drawing).__name__)
            return None
        return drawing
