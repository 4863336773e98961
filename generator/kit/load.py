"""components.toml -> `Components`, with every problem reported as file:line.

The format is documented in `generator.kit.spec`. Loading reads the data files too
(decks, sheets, board maps), so a kit that loads will lay out: missing files, bad
quantities, ragged map rows and cards too large for the paper are caught here.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from generator.errors import ContentError, ContentErrors, describe_cell
from generator.kit import colour as colours
from generator.kit.data import fill, template_fields
from generator.play.tables import Table, map_rows, read_game_tables, read_map
from generator.kit.impose import card_grid, fold_grid
from generator.kit.schema import Section, Source, describe
from generator.kit.spec import (CARD_SIZES, PAPERS, VARIANTS, BackTemplate, BoardSpec, Card, CardBack,
                                CardFace, CellKind, Components,
                                Coordinates, DeckSpec, Edition, FrontTemplate, KitOptions, Pivot,
                                Player, SheetSpec, TokenItem, TokenSpec)
from generator.content.positions import TomlIndex

FILE_NAME = "components.toml"
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
DEFAULT_PLAYERS = (Player("Red", "#c8102e"), Player("Blue", "#1f5fbf"),
                   Player("Green", "#2e8b3a"), Player("Yellow", "#e8b100"))


def slug_check(value: str) -> Optional[str]:
    return None if SLUG.match(value) else "must be a slug (lowercase letters, digits, hyphens)"


def load_components(game_dir: Path, tables: Optional[dict[str, Table]] = None) -> Optional[Components]:
    """The game's components, or None when it has no components.toml.

    `tables` are the game's data tables (`Game.data`, by name): components name
    the data they lay out by its file ("deck.csv"). Without them, the tables
    game.toml declares are read here, by the same reader.

    Raises ContentError (one problem) or ContentErrors (several), each naming the
    file and line: of components.toml, or of the data file a row came from.
    """
    game_dir = Path(game_dir)
    path = game_dir / FILE_NAME
    if not path.is_file():
        return None
    table_errors = []
    if tables is None:
        tables, table_errors = read_game_tables(game_dir) if (game_dir / "game.toml").is_file() else ({}, [])
    text = path.read_text(encoding="utf-8")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+), column (\d+)", str(error))
        raise ContentError(path, int(match.group(1)) if match else None, f"invalid TOML: {error}",
                           column=int(match.group(2)) if match else None) from None
    source = Source(path, TomlIndex(text), table_errors)
    components = _Loader(game_dir, source, tables).load(raw)
    if len(source.errors) == 1:
        raise source.errors[0]
    if source.errors:
        raise ContentErrors(source.errors)
    return components


class _Loader:
    def __init__(self, game_dir: Path, source: Source, tables: dict[str, Table]):
        self.game_dir = game_dir
        self.tables = {table.path.name: table for table in tables.values()}  # by file name
        self.source = source
        self.palette: dict[str, str] = {}
        self.names: dict[str, tuple] = {}
        self.options = KitOptions()

    # -- helpers ---------------------------------------------------------------------
    def colour_value(self, value: str) -> Optional[str]:
        value = value.strip()
        if colours.is_hex(value):
            return colours.normal(value)
        return self.palette.get(value)

    def colour(self, section: Section, name: str, default: str) -> str:
        what = "a colour: #rrggbb or a name from [kit].colours"
        value = section.text(name, default, what=what,
                             check=lambda v: None if self.colour_value(v) else "is not a colour")
        return self.colour_value(value) if isinstance(value, str) else default

    def colour_or_empty(self, section: Section, name: str) -> str:
        value = section.text(name, "", what="a colour, or \"\" for automatic",
                             check=lambda v: None if not v or self.colour_value(v) else "is not a colour")
        return self.colour_value(value) if value else ""

    def unique_name(self, section: Section) -> str:
        name = section.text("name", what="a slug, e.g. \"board\"", check=slug_check) or "?"
        if name in self.names:
            section.error("name", f"the name '{name}' is used by two components",
                          expected="a name of its own",
                          found=f"'{name}', also on line {self.source.index.line_of(self.names[name])}")
        else:
            self.names[name] = section.key("name")
        return name

    def data_file(self, section: Section, key: str = "data", required: bool = True) -> Optional[Table]:
        what = "a file in the game folder, e.g. \"deck.csv\""
        name = section.text(key, what=what) if required else section.text(key, "", what=what)
        if not name:
            return None
        table = self.tables.get(name)
        if table is None:
            section.error(key, f"data file '{name}' is not declared in game.toml",
                          expected="a file declared as [data.<name>] in game.toml: "
                                   + (", ".join(sorted(self.tables)) or "none is declared"),
                          found=name)
        return table

    def templates(self, section: Section, names: tuple[str, ...], table: Optional[Table],
                  defaults: dict[str, str], data_failed: bool = False) -> dict[str, str]:
        """Read template keys and check every field names a column of the data (unless
        the data itself failed to load: that error is already reported)."""
        values = {}
        columns = table.columns if table else ()
        for name in names:
            value = section.text(name, defaults.get(name, ""), what="text or a template like \"{name}\"")
            if not isinstance(value, str):
                value = defaults.get(name, "")
            try:
                unknown = [f for f in template_fields(value) if f not in columns]
            except ValueError as problem:
                section.error(name, f"'{name}' is not a valid template: {problem}",
                              expected="text with {column} fields", found=repr(value))
                value = ""
                unknown = []
            if unknown and not data_failed:
                section.error(name, f"'{name}' uses a column the data does not have",
                              expected="one of the columns: " + ", ".join(columns) if columns
                              else "plain text (no data file)", found="{" + unknown[0] + "}")
                value = ""
            values[name] = value
        return values

    # -- the file --------------------------------------------------------------------
    def load(self, raw: dict) -> Components:
        root = Section(self.source, raw, ())
        kit = root.table("kit")
        self.options = self.kit_options(kit) if kit else KitOptions(players=DEFAULT_PLAYERS)
        editions = tuple(self.edition(s) for s in root.tables("edition"))
        boards = tuple(b for b in (self.board(s) for s in root.tables("board")) if b)
        decks = tuple(d for d in (self.deck(s) for s in root.tables("deck")) if d)
        sheets = tuple(s for s in (self.sheet(s) for s in root.tables("sheet")) if s)
        tokens = tuple(t for t in (self.token(s) for s in root.tables("token")) if t)
        root.done()
        for edition, section in zip(editions, root.tables("edition")):
            if decks and not any(edition.column in deck.data.columns for deck in decks):
                section.error("column", f"no deck's data has the column '{edition.column}'",
                              expected="a column of a deck's data", found=edition.column)
        return Components(self.game_dir, self.source.path, self.options, editions, boards, decks,
                          sheets, tokens)

    def kit_options(self, kit: Section) -> KitOptions:
        palette = kit.get("colours", (dict,), default={}, what="a table of name = \"#rrggbb\"")
        for name, value in (palette or {}).items():
            if not isinstance(value, str) or not colours.is_hex(value):
                self.source.error(kit.key("colours") + (name,), f"colour '{name}' is not #rgb or #rrggbb",
                                  expected="\"#rrggbb\"", found=describe(value))
            else:
                self.palette[name] = colours.normal(value)
        papers = kit.texts("papers", ("a4", "letter"), what="a list of \"a4\" and/or \"letter\"")
        for i, paper in enumerate(papers or ()):
            if paper not in PAPERS:
                self.source.error(kit.key("papers") + (i,), f"unknown paper '{paper}'",
                                  expected="\"a4\" or \"letter\"", found=paper)
        variants = kit.texts("variants", ("print", "ink-saver"),
                             what="a list of \"print\", \"ink-saver\", \"fold-over\"")
        for i, variant in enumerate(variants or ()):
            if variant not in VARIANTS:
                self.source.error(kit.key("variants") + (i,), f"unknown variant '{variant}'",
                                  expected=" | ".join(VARIANTS), found=variant)
        if isinstance(kit.raw.get("players"), dict):
            players = self.players_from_data(kit.table("players"))
        else:
            players = []
            for section in kit.tables("players"):
                name = section.text("name", what="the player's colour name, e.g. \"Red\"")
                colour = self.colour(section, "colour", "#888888")
                section.done()
                players.append(Player(name or "?", colour))
        kit.done()
        return KitOptions(tuple(p for p in papers if p in PAPERS) or ("a4",),
                          tuple(v for v in variants if v in VARIANTS) or ("print",),
                          tuple(players) or DEFAULT_PLAYERS)

    def players_from_data(self, section: Section) -> list[Player]:
        """players = { data = "seats.csv", name = "{colour}", colour = "{hex}" }"""
        table = self.data_file(section)
        templates = self.templates(section, ("name", "colour"), table, {}, data_failed=table is None)
        section.done()
        players = []
        for row in (table.rows if table else ()):
            colour = self.row_colour(templates["colour"], row, table, section, "colour", "#888888")
            if colour:
                players.append(Player(fill(templates["name"], row.text), colour))
        return players

    def filtered_rows(self, section: Section, table: Optional[Table]) -> list:
        """The data rows kept by `where = { column = ["value", ...] }`."""
        where = section.get("where", (dict,), default={}, what="a table of column = [values to keep]")
        if not table:
            return []
        for column, values in (where or {}).items():
            if column not in table.columns:
                self.source.error(section.key("where") + (column,), f"the data has no column '{column}'",
                                  expected="one of: " + ", ".join(table.columns), found=column)
                return []
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                self.source.error(section.key("where") + (column,), "`where` lists the values to keep",
                                  expected="a list of texts", found=describe(values))
                return []
        return [row for row in table.rows
                if all(row.text.get(column) in values for column, values in (where or {}).items())]

    def row_count(self, table: Table, row, quantity: str) -> Optional[int]:
        """The row's copies from its quantity column (a positive whole number), else an error."""
        if not quantity:
            return 1
        raw = row.text.get(quantity, "")
        if not raw.isdigit() or int(raw) < 1:
            self.source.errors.append(ContentError(
                table.path, row.line, f"quantity '{quantity}' is not a positive whole number",
                expected="1, 2, 3, ...", found=describe_cell(raw)))
            return None
        return int(raw)

    def edition(self, section: Section) -> Edition:
        name = section.text("name", what="a slug, e.g. \"beginner\"", check=slug_check) or "edition"
        edition = Edition(name, section.text("title", name.capitalize()),
                          section.text("column", what="a column of the decks' data, e.g. \"set\"") or "",
                          section.texts("values", what="a list of the column's values to keep") or ())
        section.done()
        return edition

    # -- boards ----------------------------------------------------------------------
    def board(self, section: Section) -> Optional[BoardSpec]:
        name = self.unique_name(section)
        title = section.text("title", name.replace("-", " ").capitalize())
        cell = section.number("cell", 25.0)
        blank = section.text("blank", "-", what="one character",
                             check=lambda v: None if len(v) == 1 else "must be one character")
        rows, where = self.board_map(section, blank or "-")
        kinds = self.cell_kinds(section, rows, where, blank or "-")
        coordinates = self.coordinates(section)
        edges = self.edges(section)
        line = self.colour(section, "line", "#333333")
        legend = section.flag("legend", True)
        section.done()
        if not rows:
            return None
        return BoardSpec(name, title, cell or 25.0, rows, blank or "-", kinds, coordinates, edges, line, legend)

    MAP_SOURCES = ("map", "map_file", "cells", "rows")

    def board_map(self, section: Section, blank: str) -> tuple[tuple[str, ...], "MapLines"]:
        """The map rows, and where each row stands (file and line) for later messages.

        A board's cells come from exactly one of: `map` (text in the file), `map_file`
        (a text file), `cells` (a data file listing each cell's column and row number)
        or `rows` and `columns` (a full grid, optionally masked)."""
        nothing = (), MapLines(self.source.path, ())
        sources = [key for key in self.MAP_SOURCES if section.has(key)]
        if len(sources) != 1:
            section.error(sources[1] if len(sources) > 1 else None,
                          "a board needs exactly one of: map, map_file, cells, rows (with columns)",
                          expected="map = '''...''', map_file = \"board.txt\", cells = {...} or rows/columns",
                          found=", ".join(sources) or "none of them")
        section.known += [key for key in self.MAP_SOURCES + ("mask",) if key not in sources[:1]]
        declared_columns = section.integer("columns", None, what="the number of columns")
        source = sources[0] if sources else None
        if source == "rows":
            rows = section.integer("rows", what="the number of rows")
            mask = section.choice("mask", ("none", "diamond"), "none")
            if not rows or not declared_columns:
                return nothing
            line = self.source.index.line_of(section.key("rows")) or 1
            return grid_rows(rows, declared_columns, mask, blank), MapLines(self.source.path, (line,) * rows)
        if source == "map":
            text = section.text("map", what="the map text, one line per row")
            if not isinstance(text, str):
                return nothing
            first_line = self.source.index.content_line(section.key("map")) or 1
            return self.map_lines(map_rows(text, first_line), self.source.path, declared_columns, blank, first_line)
        if source == "map_file":
            name = section.text("map_file", what="a text file in the game folder, e.g. \"board.txt\"")
            if not name:
                return nothing
            file = (self.game_dir / name).resolve()
            if self.game_dir.resolve() not in file.parents:
                section.error("map_file", f"'{name}' is outside the game folder", expected="a file in the game folder",
                              found=name)
                return nothing
            if not file.is_file():
                section.error("map_file", f"board map '{name}' does not exist", expected=f"a file {file}",
                              found="no such file")
                return nothing
            return self.map_lines(read_map(file), file, declared_columns, blank)
        if source == "cells":
            return self.cells_map(section.table("cells"), blank)
        return nothing

    def cells_map(self, section: Optional[Section], blank: str) -> tuple[tuple[str, ...], "MapLines"]:
        """cells = { data = "board.csv", column = "col", row = "row", rows_from = "bottom" }:
        a map with a '.' space wherever the data lists a cell (1-based numbers)."""
        nothing = (), MapLines(self.source.path, ())
        if section is None:
            return nothing
        table = self.data_file(section)
        keys = {key: section.text(key, what="a column of the data holding whole numbers from 1")
                for key in ("column", "row")}
        rows_from = section.choice("rows_from", ("top", "bottom"), "bottom")
        section.done()
        if not table:
            return nothing
        for key, column in keys.items():
            if column and column not in table.columns:
                section.error(key, f"the data has no column '{column}'",
                              expected="one of: " + ", ".join(table.columns), found=column)
                return nothing
        cells = []
        for row in table.rows:
            values = [row.text.get(keys["column"], ""), row.text.get(keys["row"], "")]
            if not all(v.isdigit() and int(v) >= 1 for v in values):
                self.source.errors.append(ContentError(table.path, row.line, "a cell's column and row are "
                                                       "whole numbers from 1", expected="1, 2, 3, ...",
                                                       found=f"{describe_cell(values[0])}, {describe_cell(values[1])}"))
                return nothing
            cells.append((int(values[0]), int(values[1])))
        if not cells:
            return nothing
        width, height = max(c for c, _r in cells), max(r for _c, r in cells)
        grid = [[blank] * width for _ in range(height)]
        for col, row in cells:
            grid[height - row if rows_from == "bottom" else row - 1][col - 1] = "."
        line = self.source.index.line_of(section.path) or 1
        return tuple("".join(r) for r in grid), MapLines(self.source.path, (line,) * height)

    def map_lines(self, numbered: tuple[tuple[int, str], ...], path: Path, columns: Optional[int],
                  blank: str, start: int = 1) -> tuple[tuple[str, ...], "MapLines"]:
        lines, rows = [number for number, _ in numbered], [row for _, row in numbered]
        if not rows:
            self.source.errors.append(ContentError(path, start, "the board map has no rows",
                                                   expected="one line of cell characters per row",
                                                   found="nothing"))
            return (), MapLines(path, ())
        width = columns or len(rows[0])
        ok = True
        for row, line in zip(rows, lines):
            if len(row) != width:
                ok = False
                self.source.errors.append(ContentError(
                    path, line, "a board map row has the wrong width",
                    expected=f"{width} cells" + ("" if columns else " (as the first row)"),
                    found=f"{len(row)} cells: {row!r}"))
        return (tuple(rows) if ok else ()), MapLines(path, tuple(lines))

    def cell_kinds(self, section: Section, rows: tuple[str, ...], where: "MapLines",
                   blank: str) -> tuple[CellKind, ...]:
        table = section.table("kinds")
        kinds = {".": CellKind(".")}
        if table:
            for char in list(table.raw):
                if len(char) != 1 or char == blank:
                    table.error(char, f"kind '{char}' must be one map character other than '{blank}'",
                                expected="one character", found=char)
                    table.known.append(char)
                    continue
                entry = table.table(char)
                if entry is None:
                    continue
                kinds[char] = CellKind(
                    char, entry.text("name", ""), entry.text("label", ""),
                    self.colour(entry, "fill", "#ffffff"), self.colour_or_empty(entry, "ink"),
                    entry.flag("outside", False))
                entry.done()
            table.done()
        for r, row in enumerate(rows):
            for ch in row:
                if ch != blank and ch not in kinds:
                    self.source.errors.append(ContentError(
                        where.path, where.lines[r],
                        f"the board map uses '{ch}', which has no [kinds] entry",
                        expected="'.', '" + blank + "' or one of: " + ", ".join(sorted(kinds)), found=ch))
                    return tuple(kinds.values())
        return tuple(kinds.values())

    def coordinates(self, section: Section) -> Optional[Coordinates]:
        if section.has("coordinates") and section.raw["coordinates"] == "none":
            section.known.append("coordinates")
            return None
        table = section.table("coordinates")
        if table is None:
            return Coordinates()
        coords = Coordinates(table.choice("columns", ("letters", "numbers"), "letters"),
                             table.choice("rows", ("letters", "numbers"), "numbers"),
                             table.choice("rows_from", ("top", "bottom"), "bottom"))
        table.done()
        return coords

    def edges(self, section: Section) -> tuple[tuple[str, str], ...]:
        table = section.table("edges")
        if table is None:
            return ()
        edges = {side: table.text(side, "", what="\"wrap\" or a label") for side in
                 ("left", "right", "top", "bottom")}
        table.done()
        for a, b in (("left", "right"), ("top", "bottom")):
            if (edges[a] == "wrap") != (edges[b] == "wrap"):
                lone = a if edges[a] == "wrap" else b
                table.error(lone, f"a board wraps on both opposite sides or neither",
                            expected=f"{a} = \"wrap\" and {b} = \"wrap\"", found=f"only {lone}")
        return tuple((side, value) for side, value in edges.items() if value)

    # -- decks -----------------------------------------------------------------------
    def deck(self, section: Section) -> Optional[DeckSpec]:
        name = self.unique_name(section)
        title = section.text("title", name.replace("-", " ").capitalize())
        width, height = self.card_size(section)
        bleed = section.number("bleed", 3.0, minimum=0.0, exclusive=False)
        safe = section.number("safe", 3.0, minimum=0.0, exclusive=False)
        table = self.data_file(section)
        quantity = section.text("quantity", "", what="the column with each row's number of copies")
        if table and quantity and quantity not in table.columns:
            section.error("quantity", f"the data has no column '{quantity}'",
                          expected="one of: " + ", ".join(table.columns), found=quantity)
            quantity = ""
        kept = self.filtered_rows(section, table)
        front_section = section.table("front")
        back_section = section.table("back")
        front = self.front_template(front_section, table, data_failed=table is None)
        back = self.back_template(back_section, table, data_failed=table is None)
        section.done()
        if width and height and bleed is not None:
            self.check_card_fits(section, width, height, bleed)
        if not table or width is None:
            return None
        cards = []
        for row in kept:
            count = self.row_count(table, row, quantity)
            if count is None:
                continue
            face = self.card_face(front, row, table, front_section)
            card_back = self.card_back(back, row, table, back_section)
            if face and card_back:
                cards.append((Card(row, face, card_back), count))
        return DeckSpec(name, title, width, height, bleed or 0.0, safe or 0.0, table, quantity or None,
                        tuple(cards))

    def card_size(self, section: Section) -> tuple[Optional[float], Optional[float]]:
        value = section.get("size", (str, list), default="poker",
                            what="a preset (" + ", ".join(CARD_SIZES) + ") or [width, height] in mm")
        if isinstance(value, str):
            if value not in CARD_SIZES:
                section.error("size", f"unknown card size preset '{value}'",
                              expected=" | ".join(CARD_SIZES) + " | [width, height]", found=value)
                return None, None
            return CARD_SIZES[value]
        if isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in value):
            return float(value[0]), float(value[1])
        if value is not None:
            section.error("size", "a custom card size is two positive numbers",
                          expected="[width, height] in mm", found=describe(value))
        return None, None

    def check_card_fits(self, section: Section, width: float, height: float, bleed: float) -> None:
        for paper in self.options.papers:
            label, paper_w, paper_h = PAPERS[paper]
            if card_grid(paper_w, paper_h, width, height, bleed).count == 0:
                section.error("size", f"the card is larger than the printable area of {label}",
                              expected=f"a card that fits {paper_w:g} x {paper_h:g} mm with its bleed and crop marks",
                              found=f"{width:g} x {height:g} mm with {bleed:g} mm bleed")
                return
            if "fold-over" in self.options.variants and fold_grid(paper_w, paper_h, width, height).count == 0:
                section.error("size", f"a fold-over pair of these cards does not fit on {label}",
                              expected=f"two cards side by side within {paper_w:g} mm",
                              found=f"{2 * width:g} mm")
                return

    FRONT_KEYS = ("background", "ink", "panel", "title", "value", "corner", "icon", "body", "footer")
    BACK_KEYS = ("background", "ink", "title", "subtitle", "pattern")

    def front_template(self, section: Optional[Section], table, data_failed: bool) -> FrontTemplate:
        if section is None:
            return FrontTemplate()
        values = self.templates(section, self.FRONT_KEYS, table,
                                {"background": "#ffffff", "panel": "#ffffff"}, data_failed)
        section.done()
        return FrontTemplate(**values)

    def back_template(self, section: Optional[Section], table, data_failed: bool) -> BackTemplate:
        if section is None:
            return BackTemplate()
        values = self.templates(section, self.BACK_KEYS, table,
                                {"background": "#444444", "pattern": "stripes"}, data_failed)
        section.done()
        return BackTemplate(**values)

    def row_colour(self, template: str, row, table, section: Optional[Section], key: str,
                   default: str, allow_empty: bool = False) -> Optional[str]:
        value = fill(template, row.text).strip()
        if allow_empty and not value:
            return ""
        resolved = self.colour_value(value) if value else default
        if resolved is None:
            templated = "{" in template
            self.source.errors.append(ContentError(
                table.path if templated else self.source.path,
                row.line if templated else (self.source.index.line_of(section.key(key)) if section else 1),
                f"{key} '{value}' is not a colour", expected="#rrggbb or a name from [kit].colours",
                found=value))
        return resolved

    def card_face(self, front: FrontTemplate, row, table, section) -> Optional[CardFace]:
        background = self.row_colour(front.background, row, table, section, "background", "#ffffff")
        ink = self.row_colour(front.ink, row, table, section, "ink", "", allow_empty=True)
        panel = self.row_colour(front.panel, row, table, section, "panel", "#ffffff")
        if background is None or ink is None or panel is None:
            return None
        text = {k: fill(getattr(front, k), row.text) for k in
                ("title", "value", "corner", "icon", "body", "footer")}
        return CardFace(background, ink or colours.ink_on(background), panel, **text)

    def card_back(self, back: BackTemplate, row, table, section) -> Optional[CardBack]:
        background = self.row_colour(back.background, row, table, section, "background", "#444444")
        ink = self.row_colour(back.ink, row, table, section, "ink", "", allow_empty=True)
        if background is None or ink is None:
            return None
        pattern = fill(back.pattern, row.text).strip() or "none"
        if pattern not in ("stripes", "dots", "waves", "none"):
            self.source.errors.append(ContentError(
                table.path if "{" in back.pattern else self.source.path,
                row.line if "{" in back.pattern else self.source.index.line_of(section.key("pattern")),
                f"unknown back pattern '{pattern}'", expected="stripes | dots | waves | none", found=pattern))
            return None
        return CardBack(background, ink or colours.ink_on(background), fill(back.title, row.text),
                        fill(back.subtitle, row.text), pattern)

    # -- sheets ----------------------------------------------------------------------
    def sheet(self, section: Section) -> Optional[SheetSpec]:
        name = self.unique_name(section)
        title = section.text("title", name.replace("-", " ").capitalize())
        heading = section.text("heading", title)
        table = self.data_file(section, required=False)
        columns = section.texts("columns", ())
        widths = section.get("column_widths", (list,), default=[], what="a list of widths in mm",
                             check=lambda v: None if all(isinstance(w, (int, float)) and not isinstance(w, bool)
                                                         and w > 0 for w in v) else "every width must be a positive number")
        rows = section.integer("rows", 0, minimum=0, what="the number of blank rows")
        row_labels = section.texts("row_labels", ())
        row_height = section.number("row_height", 9.0)
        width = section.number("width", 180.0)
        notes = section.texts("notes", ())
        columns_title = section.text("columns_title", "")
        copies = section.integer("copies", 1)
        per_player = section.flag("per_player", False)
        pivot = None
        pivot_section = section.table("pivot")
        fields = ()
        if pivot_section is not None:
            pivot = self.pivot(pivot_section, table)
        if section.has("fields"):
            fields_values = self.template_list(section, "fields", table)
            fields = fields_values
        else:
            section.known.append("fields")
        if table is not None and pivot is None and not fields:
            section.error("data", "a sheet with data needs `pivot` or `fields` to say how to show it",
                          expected="pivot = {...} or fields = [\"{column}\", ...]", found="neither")
        if table is None and (pivot is not None or fields):
            section.error("pivot" if pivot is not None else "fields", "`pivot` and `fields` need `data`",
                          expected="data = \"file.csv\"", found="no data")
        if fields and columns and len(columns) != len(fields):
            section.error("columns", "a sheet needs one column title per field",
                          expected=f"{len(fields)} titles", found=f"{len(columns)}")
        if widths:
            count = len(columns) if not fields else len(fields)
            if pivot is None and count and len(widths) != count:
                section.error("column_widths", "one width per column",
                              expected=f"{count} widths", found=f"{len(widths)}")
            width = float(sum(widths))
        if width:
            narrowest = min(PAPERS[p][1] for p in self.options.papers) - 16
            if width > narrowest:
                section.error("width" if not widths else "column_widths", "the sheet is wider than the page",
                              expected=f"at most {narrowest:g} mm", found=f"{width:g} mm")
        section.done()
        return SheetSpec(name, title, heading or title, columns or (), tuple(float(w) for w in widths or ()),
                         rows or 0, row_labels or (), row_height or 9.0, width or 180.0, notes or (),
                         copies or 1, bool(per_player), table, pivot, fields, columns_title or "")

    def template_list(self, section: Section, key: str, table) -> tuple[str, ...]:
        values = section.texts(key, ())
        out = []
        for i, value in enumerate(values or ()):
            try:
                unknown = [f for f in template_fields(value) if not table or f not in table.columns]
            except ValueError as problem:
                self.source.error(section.key(key) + (i,), f"not a valid template: {problem}",
                                  expected="text with {column} fields", found=repr(value))
                continue
            if unknown:
                self.source.error(section.key(key) + (i,), "the template uses a column the data does not have",
                                  expected="one of: " + ", ".join(table.columns if table else ()),
                                  found="{" + unknown[0] + "}")
            out.append(value)
        return tuple(out)

    def pivot(self, section: Section, table) -> Optional[Pivot]:
        keys = {}
        for key in ("rows", "columns", "value"):
            value = section.text(key, what="a column of the data")
            if table and isinstance(value, str) and value not in table.columns:
                section.error(key, f"the data has no column '{value}'",
                              expected="one of: " + ", ".join(table.columns), found=value)
            keys[key] = value or ""
        extra = self.templates(section, ("row_format", "column_format", "row_title", "column_title"),
                               table, {})
        section.done()
        return Pivot(keys["rows"], keys["columns"], keys["value"], **extra)

    # -- tokens ----------------------------------------------------------------------
    def token(self, section: Section) -> Optional[TokenSpec]:
        name = self.unique_name(section)
        title = section.text("title", name.replace("-", " ").capitalize())
        shape = section.choice("shape", ("round", "square"), "round")
        size = section.number("size", 20.0)
        if size and size > 120:
            section.error("size", "a token is larger than the page allows",
                          expected="at most 120 mm", found=f"{size:g} mm")
        per_player = section.flag("per_player", False)
        items = []
        if section.has("data"):
            items = self.token_items_from_data(section)
        else:
            section.known += ["data", "quantity", "where", "item"]
        for entry in section.tables("items"):
            items.append(TokenItem(
                entry.text("label", ""), entry.text("caption", ""), entry.text("icon", ""),
                entry.integer("count", 1, what="a positive whole number of copies") or 1,
                self.colour(entry, "fill", "#dddddd"), self.colour_or_empty(entry, "ink")))
            entry.done()
        if not items and not section.has("data"):
            section.error("items", "a token set needs at least one item",
                          expected="items = [{ label = \"...\", count = 1 }]", found="no items")
        section.done()
        return TokenSpec(name, title, shape or "round", size or 20.0, bool(per_player), tuple(items))


    ITEM_KEYS = ("label", "caption", "icon", "fill", "ink")

    def token_items_from_data(self, section: Section) -> list[TokenItem]:
        """data = "pieces.csv", quantity = "qty", where = {...}, item = { label = "{letter}", ... }"""
        table = self.data_file(section)
        quantity = section.text("quantity", "", what="the column with each row's number of copies")
        if table and quantity and quantity not in table.columns:
            section.error("quantity", f"the data has no column '{quantity}'",
                          expected="one of: " + ", ".join(table.columns), found=quantity)
            return []
        rows = self.filtered_rows(section, table)
        item_section = section.table("item", required=True)
        if item_section is None:
            return []
        templates = self.templates(item_section, self.ITEM_KEYS, table, {"fill": "#dddddd"},
                                   data_failed=table is None)
        item_section.done()
        items = []
        for row in rows:
            count = self.row_count(table, row, quantity)
            fill_colour = self.row_colour(templates["fill"], row, table, item_section, "fill", "#dddddd")
            ink = self.row_colour(templates["ink"], row, table, item_section, "ink", "", allow_empty=True)
            if count is None or fill_colour is None or ink is None:
                continue
            items.append(TokenItem(fill(templates["label"], row.text), fill(templates["caption"], row.text),
                                   fill(templates["icon"], row.text), count, fill_colour, ink))
        if table and not items and not self.source.errors:
            section.error("where", "no data row is left to make tokens from",
                          expected="at least one row", found="none")
        return items


@dataclass(frozen=True)
class MapLines:
    path: Path
    lines: tuple[int, ...]  # the line of each map row


def grid_rows(rows: int, columns: int, mask: str, blank: str) -> tuple[str, ...]:
    """A plain map of '.' spaces; 'diamond' keeps |col - centre| + |row - centre| <= radius."""
    centre_c, centre_r = (columns - 1) / 2, (rows - 1) / 2
    radius = min(centre_c, centre_r)
    out = []
    for r in range(rows):
        out.append("".join("." if mask != "diamond" or abs(c - centre_c) + abs(r - centre_r) <= radius
                           else blank for c in range(columns)))
    return tuple(out)
