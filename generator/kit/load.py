"""components.toml -> `Components`, with every problem reported as file:line.

The format is documented in `generator.kit.spec` and declared in
`generator.kit.schema`, which `validate` checks first (keys, types, defaults,
allowed values). What is left is checked here, through the same `Source`: one
key against another, and the file against the data. Loading reads the data
files too (decks, sheets, board maps), so a kit that loads will lay out:
missing files, bad quantities, ragged map rows and cards too large for the
paper are caught here.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Optional

from generator.content.files import decode
from generator.content.schema import Problem, Source, Values, validate
from generator.errors import ContentError, ContentErrors, describe_cell, describe_value
from generator.draw.icons import ICONS
from generator.draw.pdf import has_glyph
from generator.draw.svgimport import ArtworkError, import_svg
from generator.draw.shapes import Drawing
from generator.draw import colour as colours
from generator.kit.cards import CardTextDoesNotFit, card_layout, front_drawing
from generator.kit.board import cell_name
from generator.kit.hexes import HexSide, hex_drawing
from generator.kit import text as fit
from generator.kit.points import BoardPoint, points_drawing
from generator.kit.tracks import Special, Track, TrackTextDoesNotFit, link_problem, room, track_drawing
from generator.kit.data import fill, template_fields
from generator.kit.impose import card_grid, fold_layout
from generator.kit.schema import COMPONENTS, MAX_BOARD_SIDE, MAX_COUNT, MAX_LENGTH, template_keys
from generator.kit.spec import (CARD_SIZES, PAPERS, BackTemplate, BoardSpec, Card, CardBack, CardFace, CellKind,
                                Components, Coordinates, DeckSpec, Edition, FrontTemplate, KitOptions, Pivot,
                                Player, SheetSpec, Stat, StatTemplate, TokenItem, TokenSpec)
from generator.gamecode import fresh_engine, import_game_module, watched_function
from generator.play.tables import (Table, column_letters, map_rows, point_board, read_game_tables, read_map,
                                   track_spaces)

FILE_NAME = "components.toml"
DEFAULT_PLAYERS = (Player("Red", "#c8102e"), Player("Blue", "#1f5fbf"),
                   Player("Green", "#2e8b3a"), Player("Yellow", "#e8b100"))


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
    text = decode(path.read_bytes(), path)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+), column (\d+)", str(error))
        raise ContentError(path, int(match.group(1)) if match else None, f"invalid TOML: {error}",
                           column=int(match.group(2)) if match else None) from None
    source = Source(path, text, table_errors)
    components = _Loader(game_dir, source, tables).load(validate(raw, COMPONENTS, source))
    if len(source.errors) == 1:
        raise source.errors[0]
    if source.errors:
        raise ContentErrors(source.errors)
    return components


def given(value, fallback):
    """A key's value, or `fallback` where the file leaves it out (defaults that
    depend on other keys, like a title made from the name)."""
    return fallback if value is None else value


def columns_named(table: Table) -> str:
    return "one of: " + ", ".join(table.columns)


class _Loader:
    """The checks a schema cannot make, over components.toml's validated values."""

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

    def colour(self, table: Values, key: str, automatic: bool = False) -> str:
        """A colour key as #rrggbb ("" stays "" where it means automatic). A name
        [kit].colours does not define is reported; the key's default stands in."""
        value = table[key]
        if automatic and not value:
            return ""
        resolved = self.colour_value(value)
        if resolved is None:
            self.source.report_problem(table.key(key), Problem("{key} is not a colour", expected=table.field(key).describe,
                                                               found=describe_value(value)))
            default = table.default(key)
            return self.colour_value(default) if default else ""
        return resolved

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

    def filtered_rows(self, table: Values, data: Optional[Table]) -> list:
        """The data rows kept by `where = { column = ["value", ...] }`."""
        where = table["where"]
        if not data:
            return []
        for column in where:
            if column not in data.columns:
                self.source.report(where.key(column), f"the data has no column '{column}'",
                                   expected=columns_named(data), found=column)
                return []
        return [row for row in data.rows if all(row.text.get(column) in values for column, values in where.items())]

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

    # -- the file --------------------------------------------------------------------
    def load(self, values: Values) -> Components:
        self.options = self.kit_options(values.table("kit"))
        setup, setup_caption = self.setup_picture(values.table("kit"))
        editions = self.add_ons(tuple(self.edition(table) for table in values["edition"]), values["edition"])
        boards = tuple(b for b in map(self.board, values["board"]) if b)
        decks = with_edges(tuple(d for d in map(self.deck, values["deck"]) if d))
        sheets = tuple(s for s in map(self.sheet, values["sheet"]) if s)
        tokens = tuple(t for t in map(self.token, values["token"]) if t)
        for edition, table in zip(editions, values["edition"]):
            if decks and not any(edition.column in deck.data.columns for deck in decks):
                self.source.report(table.key("column"), f"no deck's data has the column '{edition.column}'",
                                   expected="a column of a deck's data", found=edition.column)
        instead = tuple((t["component"], t["use"]) for t in values["instead"] if t["component"] and t["use"])
        return Components(self.game_dir, self.source.path, self.options, editions, boards, decks,
                          sheets, tokens, instead, setup, setup_caption)

    def kit_options(self, kit: Values) -> KitOptions:
        for name, value in kit["colours"].items():
            self.palette[name] = colours.normal(value)
        if isinstance(kit["players"], dict):
            players = self.players_from_data(kit["players"])
        else:
            players = [Player(player.get("name") or "?", self.colour(player, "colour")) for player in kit["players"]]
        return KitOptions(tuple(kit["papers"]) or ("a4",), tuple(kit["variants"]) or ("print",),
                          tuple(players) or DEFAULT_PLAYERS)

    def players_from_data(self, table: Values) -> list[Player]:
        """players = { data = "seats.csv", name = "{colour}", colour = "{hex}" }"""
        data = self.data_file(table)
        templates = self.templates(table, data, data_failed=data is None)
        players = []
        for row in (data.rows if data else ()):
            colour = self.row_colour(templates["colour"], row, data, table, "colour")
            if colour:
                players.append(Player(fill(templates["name"], row.text), colour))
        return players

    def setup_picture(self, kit: Values) -> tuple[Optional[Drawing], str]:
        """[kit].setup = { players = 4 }: the start position for that many players, drawn by the
        game's engine (engine.py's ENGINE: initial_state, then render), and its caption."""
        if "setup" not in kit.given:
            return None, ""
        setup = kit.table("setup")
        players = setup.get("players")
        if not isinstance(players, int):
            return None, ""  # reported by the schema
        try:
            engine = fresh_engine(self.game_dir)
            drawing = engine.render(engine.initial_state(players))
        except Exception as error:  # the game's own code: any failure is the author's to see
            self.source.report(setup.key("players"), f"the engine could not draw the start position: "
                                                     f"{type(error).__name__}: {error}",
                               expected="engine.py with ENGINE, whose initial_state(players) and render(state) work",
                               found=f"{players} players")
            return None, ""
        if not isinstance(drawing, Drawing):
            self.source.report(setup.key("players"), "the engine's render did not return a Drawing",
                               expected="a Drawing", found=type(drawing).__name__)
            return None, ""
        caption = setup.get("caption") or f"Set-up for {players} player{'s' if players != 1 else ''}: the start " \
                                          "position, as the rules draw it"
        return drawing, caption

    def add_ons(self, editions: tuple[Edition, ...], tables: list) -> tuple[Edition, ...]:
        """Each edition with `adds_to` linked to the edition it adds to (named in the same file)."""
        by_name = {edition.name: edition for edition in editions}
        linked = []
        for edition, table in zip(editions, tables):
            base_name = table.get("adds_to") or ""
            base = by_name.get(base_name)
            if base_name and (base is None or base_name == edition.name):
                self.source.report(table.key("adds_to"), f"adds_to names no other edition: '{base_name}'",
                                   expected="the name of another [[edition]]: " + ", ".join(
                                       name for name in by_name if name != edition.name), found=base_name)
                base = None
            linked.append(replace(edition, adds_to=base) if base else edition)
        return tuple(linked)

    def edition(self, table: Values) -> Edition:
        name = table.get("name") or "edition"
        return Edition(name, given(table["title"], name.capitalize()), table.get("column") or "",
                       tuple(table.get("values") or ()))

    # -- boards ----------------------------------------------------------------------
    # the keys each kind of board reads (besides name, title, cell and kind): any other key
    # an author writes would silently do nothing, so it is an error
    BOARD_KEYS = {
        "grid": {"map", "map_file", "cells", "rows", "columns", "mask", "blank", "kinds", "coordinates", "edges",
                 "line", "legend"},
        "hex": {"map", "map_file", "cells", "rows", "columns", "mask", "blank", "kinds", "coordinates", "line",
                "orientation", "layout", "sides"},
        "points": {"points", "lines", "line", "names"},
        "track": {"spaces", "columns", "rows", "first", "along", "every", "fill", "line", "data", "start", "finish",
                  "arrows"},
        "artwork": {"art", "width", "height"},
        "drawing": {"drawing"},
    }

    def board(self, table: Values) -> Optional[BoardSpec]:
        name = self.unique_name(table)
        title = given(table["title"], name.replace("-", " ").capitalize())
        self.unused_board_keys(table)
        if table["drawing"]:
            return self.drawn_board(table, name, title)
        kind = table["kind"]
        if kind in ("points", "track", "artwork"):
            drawing = {"points": self.points_board, "track": self.track_board, "artwork": self.artwork_board}[kind](
                table, title)
            return BoardSpec(name, title, table["cell"], (), table["blank"], (), None, (), drawn=drawing) \
                if drawing else None
        rows, where = self.board_map(table)
        if rows and not self.board_fits(table, rows):
            return None
        kinds = self.cell_kinds(table, rows, where)
        coordinates = None if table["coordinates"] == "none" else Coordinates(**table.table("coordinates"))
        if kind == "hex" and "coordinates" not in table.given:
            coordinates = Coordinates(rows_from="top")  # hexes are named from the top left unless told
        edges = self.edges(table["edges"]) if kind == "grid" else ()  # elsewhere `edges` is an unused key
        line = self.colour(table, "line")
        if not rows:
            return None
        spec = BoardSpec(name, title, table["cell"], rows, table["blank"], kinds, coordinates, edges, line,
                         table["legend"])
        return self.hex_board(table, spec) if kind == "hex" else spec

    def board_fits(self, table: Values, rows: tuple[str, ...]) -> bool:
        """A map within the limits: at most MAX_BOARD_SIDE cells each way, at most MAX_LENGTH mm
        each way (a slip of a number, else a kit of thousands of pages)."""
        across, down = max(len(row) for row in rows), len(rows)
        at = table.key(next((key for key in self.MAP_SOURCES if key in table.given), "cell"))
        if max(across, down) > MAX_BOARD_SIDE:
            self.source.report(at, f"the board map is {across} x {down} cells; a board has at most "
                                   f"{MAX_BOARD_SIDE} cells each way (docs/kit.md, Limits)",
                               expected=f"up to {MAX_BOARD_SIDE} x {MAX_BOARD_SIDE} cells", found=f"{across} x {down}")
            return False
        if table["cell"] * max(across, down) > MAX_LENGTH:
            self.source.report(table.key("cell"), f"the board would be {table['cell'] * across:g} x "
                                                  f"{table['cell'] * down:g} mm; a board is at most {MAX_LENGTH:g} mm "
                                                  "each way (docs/kit.md, Limits)",
                               expected="a smaller cell or fewer cells", found=f"cell = {table['cell']:g}")
            return False
        return True

    def hex_board(self, table: Values, spec: BoardSpec) -> Optional[BoardSpec]:
        """kind = "hex": the map as hexes, named by `coordinates` (board.cell_name, as a grid's
        cells are), laid out `offset` or `axial`, its `sides` coloured and labelled."""
        names = {(k, r): cell_name(spec, k, r) if spec.coordinates else f"{column_letters(k)}{r + 1}"
                 for r, row in enumerate(spec.rows) for k, ch in enumerate(row) if ch != spec.blank}
        sides = []
        given = table["sides"] or {}
        for side in ("top", "bottom", "left", "right"):
            entry = given.get(side)
            if entry is None:
                continue
            colour = self.player_colour(entry, "colour") if entry["colour"] else ""
            sides.append(HexSide(side, colour or "", entry["label"]))
        try:
            drawing = hex_drawing(spec, table["orientation"] == "pointy", axial=table["layout"] == "axial",
                                  sides=tuple(sides), names=names)
        except fit.TextDoesNotFit as error:
            self.source.report(table.key("sides"), "a side's label does not fit along its side at 6 pt",
                               expected="a shorter label", found=error.text)
            return None
        return replace(spec, drawn=drawing)

    def player_colour(self, table: Values, key: str) -> Optional[str]:
        """A key naming a player of [kit].players or a colour: the colour, or None (reported)."""
        value = table[key]
        players = {p.name.lower(): p.colour for p in self.options.players}
        colour = players.get(value.lower()) or self.colour_value(value)
        if not colour:
            self.source.report(table.key(key), f"{key} '{value}' is neither a player nor a colour",
                               expected="a name from [kit].players (" + ", ".join(p.name for p in self.options.players)
                               + ") or #rrggbb", found=value)
        return colour

    def unused_board_keys(self, table: Values) -> None:
        kind = "drawing" if table["drawing"] else table["kind"]
        reads = self.BOARD_KEYS[kind]
        known = table.given & set(table)  # an unknown key is the schema's error already
        for key in sorted(known - reads - {"name", "title", "cell", "kind"}):
            if kind == "drawing" and key in self.MAP_SOURCES:
                continue  # drawn_board says why a map and a drawing do not go together
            what = "a board the game draws" if kind == "drawing" else f"a {kind} board"
            value = table[key]
            at = table.key(key) + ((next(iter(value)),) if isinstance(value, dict) and value else ())  # its header
            self.source.report(at, f"`{key}` has no use on {what}",
                               expected=f"the keys {what} reads: " + ", ".join(sorted(reads | {"name", "title", "cell"})),
                               found=key)

    def points_board(self, table: Values, title: str) -> Optional[Drawing]:
        """kind = "points": named points, lines through them, start markers; listed in the file,
        or read from data files by play.tables.point_board, as the game's engine reads them."""
        if isinstance(table["points"], dict) or isinstance(table["lines"], dict):
            read = self.points_from_data(table)
            if read is None:
                return None
            points, lines = read
        else:
            points, lines = self.points_listed(table)
        if not points:
            self.source.report(table.key("kind"), "a board of points needs points", expected="points = [{ name, x, y }, ...]",
                               found="none")
            return None
        if lines is None:
            return None
        return points_drawing(title, table["cell"], tuple(points), lines, self.colour(table, "line"), table["names"])

    def start_colour(self, start: str) -> Optional[str]:
        """A point's `start`: a player's colour, a colour, "" for none; None when it is neither."""
        if not start:
            return ""
        players = {p.name.lower(): p.colour for p in self.options.players}
        return players.get(start.lower()) or self.colour_value(start)

    def start_expected(self) -> str:
        return "a name from [kit].players (" + ", ".join(p.name for p in self.options.players) + ") or #rrggbb"

    def points_listed(self, table: Values) -> tuple[list[BoardPoint], Optional[tuple]]:
        """points = [{ name, x, y, start, label }, ...] and lines = [["a7", "d7", "g7"], ...]."""
        points, names = [], set()
        for i, point in enumerate(table["points"]):
            if point["name"] in names:
                self.source.report(table.key("points") + (i, "name"), f"two points are named '{point['name']}'",
                                   expected="a name of its own", found=point["name"])
            names.add(point["name"])
            colour = self.start_colour(point["start"] or "")
            if colour is None:
                self.source.report(table.key("points") + (i, "start"),
                                   f"start '{point['start']}' is neither a player nor a colour",
                                   expected=self.start_expected(), found=point["start"])
            points.append(BoardPoint(point["name"], point["x"], point["y"], colour or "", point["label"]))
        for i, line in enumerate(table["lines"] if points else ()):
            unknown = [n for n in line if n not in names]
            if unknown or len(line) < 2:
                self.source.report(table.key("lines") + (i,), "a line joins two or more of the board's points",
                                   expected="names from points: " + ", ".join(sorted(names)[:8]) + ("…" if len(names) > 8 else ""),
                                   found=", ".join(unknown) if unknown else f"{len(line)} point")
                return points, None
        return points, tuple(tuple(line) for line in table["lines"])

    def points_from_data(self, table: Values) -> Optional[tuple[list[BoardPoint], tuple]]:
        """points = { data = "points.csv" } and lines = { data = "lines.csv" }: both from data."""
        if not (isinstance(table["points"], dict) and isinstance(table["lines"], dict)):
            listed = "lines" if isinstance(table["points"], dict) else "points"
            self.source.report(table.key(listed), "a board's points and lines come from data together",
                               expected=f"{listed} = {{ data = \"{listed}.csv\" }}", found="a list in the file")
            return None
        sources = [self.data_file(table.table(key)) for key in ("points", "lines")]
        if None in sources:
            return None
        try:
            board = point_board(*sources)
        except ContentErrors as errors:
            self.source.errors.extend(errors.errors)
            return None
        points = []
        for point in board.points:
            colour = self.start_colour(point.start)
            if colour is None:
                self.source.errors.append(ContentError(sources[0].path, point.line,
                                                       f"start '{point.start}' is neither a player nor a colour",
                                                       expected=self.start_expected(), found=point.start))
                return None
            points.append(BoardPoint(point.name, point.x, point.y, colour, point.label))
        return points, board.lines

    def track_board(self, table: Values, title: str) -> Optional[Drawing]:
        """kind = "track": `spaces` numbered spaces round the edge of a rectangle, in rows or in a
        spiral; the spaces `data` describes (read by play.tables.track_spaces, as the engine
        reads them) get their colour, symbol, name and link."""
        count, columns, rows = table["spaces"], table["columns"], table["rows"]
        needs_rows = table["along"] in ("edge", "spiral")
        if not count or not columns or (needs_rows and not rows):
            missing = "spaces" if not count else "columns" if not columns else "rows"
            self.source.report(table.key("kind"), f"a track needs `{missing}`",
                               expected="spaces, columns (and rows, round the edge or in a spiral)", found="nothing")
            return None
        holds = room(table["along"], columns, rows)
        if holds is not None and count > holds:
            shape = "edge" if table["along"] == "edge" else "spiral"
            self.source.report(table.key("spaces"), f"{count} spaces do not fit a {columns} x {rows} {shape}",
                               expected=f"at most {holds} spaces, or a larger rectangle", found=str(count))
            return None
        track = Track(title, table["cell"], table["first"], count, table["along"], columns, rows or 1,
                      table["every"], self.colour(table, "fill"), self.colour(table, "line"), arrows=table["arrows"])
        specials = self.track_specials(table, track)
        if specials is None:
            return None
        track = replace(track, specials=with_start_and_finish(specials, track, table["start"], table["finish"]))
        try:
            return track_drawing(track)
        except TrackTextDoesNotFit as error:
            data = self.data_file(table)
            row = next((s.line for s in track_spaces(data) if s.number == error.number), None) if data else None
            problem = ContentError(data.path if row else self.source.path,
                                   row or self.source.line_of(table.key("cell")),
                                   f"the text of space {error.number} does not fit its space at 6 pt",
                                   expected="a shorter name, symbol or text, or a larger `cell`", found=error.text)
            self.source.errors.append(problem)
            return None

    def track_specials(self, table: Values, track: Track) -> Optional[tuple[Special, ...]]:
        """The spaces the track's data describes, each checked against the track: its number on
        it, its colour known, its link to a space it touches. None when the data is wrong."""
        if not table["data"]:
            return ()
        data = self.data_file(table)
        if data is None:
            return None
        try:
            spaces = track_spaces(data)
        except ContentErrors as errors:
            self.source.errors.extend(errors.errors)
            return None
        specials = []
        for space in spaces:
            fill = self.colour_value(space.colour) if space.colour else ""
            special = Special(space.number, space.name, fill or "", space.symbol, space.text, space.to, space.link)
            missing = [char for char in space.symbol if not char.isspace() and not has_glyph(char, bold=True)]
            problem = (f"space {space.number} is not on the track ({track.first} to {track.last})"
                       if not track.first <= space.number <= track.last
                       else f"'{space.colour}' is not a colour" if fill is None
                       else f"the font has no '{missing[0]}' for the symbol (it would print as an empty box)"
                       if missing else link_problem(track, special))
            if problem:
                self.source.errors.append(ContentError(
                    data.path, space.line, problem,
                    found=f"number {space.number}, colour {space.colour or '(none)'}, to {space.to or '(none)'}",
                    expected="a space of the track, a colour (#rrggbb or a name from [kit].colours), and a link "
                             "to a space this one touches on the board without following it"))
                continue
            specials.append(special)
        return tuple(specials) if len(specials) == len(spaces) else None

    def artwork_board(self, table: Values, title: str) -> Optional[Drawing]:
        """kind = "artwork": the designer's SVG at exactly `width` (and `height`) mm."""
        art = table["art"]
        path = self.game_dir / (art or "")
        if not art or not path.is_file() or not path.resolve().is_relative_to(self.game_dir.resolve()):
            self.source.report(table.key("art") if art else table.key("kind"), "board artwork not found",
                               expected="an SVG file in the game folder, e.g. art = \"board.svg\"",
                               found=art or "no art key")
            return None
        try:
            return replace(import_svg(path, table["width"], table["height"]), title=title)
        except ArtworkError as error:  # named at the art key, with the SVG's own line in the message
            self.source.report(table.key("art"), f"board artwork {art}, {error}" if error.line else
                               f"board artwork {art}: {error}", found=art,
                               expected="flat SVG shapes as drawing programs export them (docs/kit.md, artwork)")
            return None

    def drawn_board(self, table: Values, name: str, title: str) -> Optional[BoardSpec]:
        """A board the game draws itself: `drawing(cell)` must give a Drawing in mm."""
        extra = [key for key in self.MAP_SOURCES if table.get(key) is not None]
        if extra:
            self.source.report(table.key(extra[0]), f"a board with a drawing has no {extra[0]}",
                               expected="drawing, or a map (map, map_file, cells or rows)", found=extra[0])
            return None
        draw = self.game_function(table, "drawing", "drawing.kit_board")
        drawing = self.drawn(table, "board", draw, table["cell"]) if draw else None
        if drawing is None:
            return None
        return BoardSpec(name, title, table["cell"], (), table["blank"], (), None, (), drawn=drawing)

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

    MAP_SOURCES = ("map", "map_file", "cells", "rows")

    def board_map(self, table: Values) -> tuple[tuple[str, ...], "MapLines"]:
        """The map rows, and where each row stands (file and line) for later messages.

        A board's cells come from exactly one of: `map` (text in the file), `map_file`
        (a text file), `cells` (a data file listing each cell's column and row number)
        or `rows` and `columns` (a full grid, optionally masked)."""
        nothing = (), MapLines(self.source.path, ())
        sources = [key for key in self.MAP_SOURCES if key in table.given]
        if len(sources) != 1:
            self.source.report(table.key(sources[1]) if len(sources) > 1 else table.at,
                               "a board needs exactly one of: map, map_file, cells, rows (with columns)",
                               expected="map = '''...''', map_file = \"board.txt\", cells = {...} or rows/columns",
                               found=", ".join(sources) or "none of them")
        source = sources[0] if sources else None
        blank, columns = table["blank"], table["columns"]
        if source == "rows":
            rows = table["rows"]
            if not rows or not columns:
                return nothing
            line = self.source.line_of(table.key("rows")) or 1
            return grid_rows(rows, columns, table["mask"], blank), MapLines(self.source.path, (line,) * rows)
        if source == "map":
            if table["map"] is None:
                return nothing
            first_line = self.source.positions.content_line(table.key("map")) or 1
            return self.map_lines(map_rows(table["map"], first_line), self.source.path, columns, blank, first_line)
        if source == "map_file":
            return self.map_file(table, columns, blank) if table["map_file"] else nothing
        if source == "cells" and table["cells"] is not None:
            return self.cells_map(table["cells"], blank)
        return nothing

    def map_file(self, table: Values, columns: Optional[int], blank: str) -> tuple[tuple[str, ...], "MapLines"]:
        name = table["map_file"]
        file = (self.game_dir / name).resolve()
        if self.game_dir.resolve() not in file.parents:
            self.source.report(table.key("map_file"), f"'{name}' is outside the game folder",
                               expected="a file in the game folder", found=name)
            return (), MapLines(self.source.path, ())
        if not file.is_file():
            self.source.report(table.key("map_file"), f"board map '{name}' does not exist",
                               expected=f"a file {file}", found="no such file")
            return (), MapLines(self.source.path, ())
        return self.map_lines(read_map(file), file, columns, blank)

    def cells_map(self, table: Values, blank: str) -> tuple[tuple[str, ...], "MapLines"]:
        """cells = { data = "board.csv", column = "col", row = "row", rows_from = "bottom" }:
        a map with a '.' space wherever the data lists a cell (1-based numbers)."""
        nothing = (), MapLines(self.source.path, ())
        data = self.data_file(table)
        if not data:
            return nothing
        keys = {key: self.data_column(table, key, data) for key in ("column", "row")}
        if not all(keys.values()):
            return nothing
        cells = []
        for row in data.rows:
            values = [row.text.get(keys["column"], ""), row.text.get(keys["row"], "")]
            if not all(v.isdigit() and int(v) >= 1 for v in values):
                self.source.errors.append(ContentError(data.path, row.line, "a cell's column and row are "
                                                       "whole numbers from 1", expected="1, 2, 3, ...",
                                                       found=f"{describe_cell(values[0])}, {describe_cell(values[1])}"))
                return nothing
            if max(int(v) for v in values) > MAX_BOARD_SIDE:
                self.source.errors.append(ContentError(data.path, row.line, f"a cell's column and row are at most "
                                                       f"{MAX_BOARD_SIDE} (docs/kit.md, Limits)",
                                                       expected=f"1 to {MAX_BOARD_SIDE}", found=", ".join(values)))
                return nothing
            cells.append((int(values[0]), int(values[1])))
        if not cells:
            return nothing
        width, height = max(c for c, _r in cells), max(r for _c, r in cells)
        grid = [[blank] * width for _ in range(height)]
        for col, row in cells:
            grid[height - row if table["rows_from"] == "bottom" else row - 1][col - 1] = "."
        line = self.source.line_of(table.at) or 1
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

    def cell_kinds(self, table: Values, rows: tuple[str, ...], where: "MapLines") -> tuple[CellKind, ...]:
        blank = table["blank"]
        kinds = {".": CellKind(".")}
        for char, kind in table["kinds"].items():
            if len(char) != 1 or char == blank:
                self.source.report(kind.at, f"kind '{char}' must be one map character other than '{blank}'",
                                   expected="one character", found=char)
                continue
            kinds[char] = CellKind(char, kind["name"], kind["label"], self.colour(kind, "fill"),
                                   self.colour(kind, "ink", automatic=True), kind["outside"])
        for r, row in enumerate(rows):
            for ch in row:
                if ch != blank and ch not in kinds:
                    self.source.errors.append(ContentError(
                        where.path, where.lines[r],
                        f"the board map uses '{ch}', which has no [kinds] entry",
                        expected="'.', '" + blank + "' or one of: " + ", ".join(sorted(kinds)), found=ch))
                    return tuple(kinds.values())
        return tuple(kinds.values())

    def edges(self, table: Optional[Values]) -> tuple[tuple[str, str], ...]:
        if table is None:
            return ()
        for a, b in (("left", "right"), ("top", "bottom")):
            if (table[a] == "wrap") != (table[b] == "wrap"):
                lone = a if table[a] == "wrap" else b
                self.source.report(table.key(lone), "a board wraps on both opposite sides or neither",
                                   expected=f"{a} = \"wrap\" and {b} = \"wrap\"", found=f"only {lone}")
        return tuple((side, table[side]) for side in table.schema.fields if table[side])

    # -- decks -----------------------------------------------------------------------
    def deck(self, table: Values) -> Optional[DeckSpec]:
        name = self.unique_name(table)
        title = given(table["title"], name.replace("-", " ").capitalize())
        size = table["size"]
        width, height = CARD_SIZES[size] if isinstance(size, str) else (float(size[0]), float(size[1]))
        data = self.data_file(table)
        quantity = self.data_column(table, "quantity", data)
        kept = self.filtered_rows(table, data)
        front = self.front_template(table.table("front"), data)
        back = BackTemplate(**self.templates(table.table("back"), data, data_failed=data is None))
        self.check_card_fits(table, width, height, table["bleed"])
        if not data:
            return None
        deck = DeckSpec(name, title, width, height, table["bleed"], table["safe"], data, quantity or None, (), front)
        art = self.art_function(table.table("front"))
        cards = []
        for row in kept:
            count = self.row_count(data, row, quantity)
            if count is None:
                continue
            face = self.card_face(front, row, data, table.table("front"), deck, art)
            card_back = self.card_back(back, row, data, table.table("back"))
            if face and card_back:
                cards.append((Card(row, face, card_back), count))
        deck = replace(deck, cards=tuple(cards))
        if not self.within_total(table, "cards", sum(count for _card, count in cards)):
            return None
        self.check_text_fits(deck)
        return deck

    def within_total(self, table: Values, what: str, total: int) -> bool:
        """A deck or token set of at most MAX_COUNT pieces in all (each is laid out and preflighted)."""
        if total <= MAX_COUNT:
            return True
        self.source.report(table.key("name"), f"the {what} of '{table.get('name')}' come to {total:,}; a kit "
                                              f"component has at most {MAX_COUNT:,} (docs/kit.md, Limits)",
                           expected=f"at most {MAX_COUNT:,} {what} in all", found=f"{total:,}")
        return False

    def front_template(self, table: Values, data: Optional[Table]) -> FrontTemplate:
        """The front's templates and stat boxes; regions that would claim the same place are reported."""
        values = self.templates(table, data, data_failed=data is None)
        stats, corners = [], {}
        for i, stat in enumerate(table["stats"] or ()):
            at = stat["at"] or ""
            if at and at in corners:
                self.source.report(table.key("stats") + (i, "at"), f"two stat boxes in the {at} corner",
                                   expected="one stat box per corner", found=f"also stats[{corners[at]}]")
            elif at in ("top-left", "bottom-right") and values["corner"]:
                self.source.report(table.key("stats") + (i, "at"), f"the {at} corner holds the corner index",
                                   expected="top-right or bottom-left, or no `corner`", found=at)
            corners.setdefault(at, i) if at else None
            stats.append(StatTemplate(at, **self.templates(stat, data, data_failed=data is None)))
        if table["art"] and (values["icon"] or values["value"]):
            self.source.report(table.key("art"), "a front with art has no room for an icon or a value",
                               expected="art, or icon and value", found="art and " +
                               " and ".join(k for k in ("icon", "value") if values[k]))
        return FrontTemplate(**values, art=table["art"] or "", stats=tuple(stats))

    def art_function(self, table: Values) -> Optional[Callable]:
        return self.game_function(table, "art", "cardart.face") if table["art"] else None

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

    def check_text_fits(self, deck: DeckSpec) -> None:
        """Draw each distinct front once: text too long for its region is the data row's error."""
        for card, _count in deck.cards:
            try:
                front_drawing(card.front, deck)
            except CardTextDoesNotFit as problem:
                self.source.errors.append(ContentError(
                    deck.data.path, card.row.line, f"the card's {problem.region} does not fit",
                    expected=f"text that fits {problem.room}", found=problem.text))

    def check_card_fits(self, table: Values, width: float, height: float, bleed: float) -> None:
        for paper in self.options.papers:
            label, paper_w, paper_h = PAPERS[paper]
            if card_grid(paper_w, paper_h, width, height, bleed).count == 0:
                self.source.report(table.key("size"), f"the card is larger than the printable area of {label}",
                                   expected=f"a card that fits {paper_w:g} x {paper_h:g} mm with its bleed and crop marks",
                                   found=f"{width:g} x {height:g} mm with {bleed:g} mm bleed")
                return
            if "fold-over" in self.options.variants and fold_layout(paper_w, paper_h, width, height)[0].count == 0:
                self.source.report(table.key("size"), f"a fold-over pair of these cards does not fit on {label}",
                                   expected=f"two cards side by side within {paper_w:g} mm",
                                   found=f"{2 * width:g} mm")
                return

    def card_face(self, front: FrontTemplate, row, data: Table, table: Values, deck: DeckSpec,
                  art: Optional[Callable]) -> Optional[CardFace]:
        background = self.row_colour(front.background, row, data, table, "background")
        ink = self.row_colour(front.ink, row, data, table, "ink", automatic=True)
        panel = self.row_colour(front.panel, row, data, table, "panel")
        title_ink = self.row_colour(front.title_ink, row, data, table, "title_ink", automatic=True)
        title_band = self.row_colour(front.title_band, row, data, table, "title_band", automatic=True)
        if background is None or ink is None or panel is None or title_ink is None or title_band is None:
            return None
        text = {k: fill(getattr(front, k), row.text) for k in
                ("title", "value", "corner", "icon", "body", "footer")}
        stats = tuple(Stat(s.at, fill(s.label, row.text), fill(s.value, row.text), fill(s.icon, row.text))
                      for s in front.stats)
        for where, name in [("icon", text["icon"])] + [("stat icon", s.icon) for s in stats]:
            if len(name) > 1 and name not in ICONS:
                self.source.errors.append(ContentError(
                    data.path, row.line, f"unknown {where} '{name}'", found=name,
                    expected="one character, or a vector icon: " + ", ".join(sorted(ICONS))))
                return None
        drawing = self.art_drawing(art, row, data, card_layout(deck).art) if art else None
        if art and drawing is None:
            return None
        words = [text["title"], drawing.title if drawing else text["value"]]
        words += [f"{s.label} {s.value}".strip() for s in stats] + [text["body"]]
        return CardFace(background, ink or colours.ink_on(background), panel, **text, stats=stats, art=drawing,
                        description=". ".join(w.strip().rstrip(".") for w in words if w.strip()) + ".",
                        title_ink=title_ink, title_band=title_band)

    def art_drawing(self, art: Callable, row, data: Table, box) -> Optional[Drawing]:
        """The game's art for one row, `art(row, width, height)`: a Drawing, or the row's error."""
        try:
            drawing = art(row, box[2], box[3])
        except Exception as error:  # the game's own code: report it against the row it failed on
            self.source.errors.append(ContentError(data.path, row.line, "the card's art function failed on this row",
                                                   expected="a Drawing", found=f"{type(error).__name__}: {error}"))
            return None
        if not isinstance(drawing, Drawing):
            self.source.errors.append(ContentError(data.path, row.line, "the card's art function returned no drawing",
                                                   expected="a generator.draw.shapes.Drawing",
                                                   found=type(drawing).__name__))
            return None
        return drawing

    BACK_PATTERNS = ("stripes", "dots", "waves", "none")

    def card_back(self, back: BackTemplate, row, data: Table, table: Values) -> Optional[CardBack]:
        background = self.row_colour(back.background, row, data, table, "background")
        ink = self.row_colour(back.ink, row, data, table, "ink", automatic=True)
        if background is None or ink is None:
            return None
        pattern = fill(back.pattern, row.text).strip() or "none"
        if pattern not in self.BACK_PATTERNS:
            templated = "{" in back.pattern
            self.source.errors.append(ContentError(
                data.path if templated else self.source.path,
                row.line if templated else self.source.line_of(table.key("pattern")),
                f"unknown back pattern '{pattern}'", expected=" | ".join(self.BACK_PATTERNS), found=pattern))
            return None
        return CardBack(background, ink or colours.ink_on(background), fill(back.title, row.text),
                        fill(back.subtitle, row.text), pattern)

    # -- sheets ----------------------------------------------------------------------
    def sheet(self, table: Values) -> Optional[SheetSpec]:
        name = self.unique_name(table)
        title = given(table["title"], name.replace("-", " ").capitalize())
        if table["drawing"]:
            return self.drawn_sheet(table, name, title)
        data = self.data_file(table)
        pivot = self.pivot(table["pivot"], data) if table["pivot"] is not None else None
        fields = self.template_list(table, data)
        width = self.check_sheet(table, data, pivot, fields)
        return SheetSpec(name, title, table["heading"] or title, tuple(table["columns"]),
                         tuple(table["column_widths"]), table["rows"], tuple(table["row_labels"]),
                         table["row_height"], width, tuple(table["notes"]), table["copies"], table["per_player"],
                         data, pivot, fields, table["columns_title"])

    def drawn_sheet(self, table: Values, name: str, title: str) -> Optional[SheetSpec]:
        """A sheet the game draws itself: `drawing(player)` per player (or once, with None)."""
        extra = [key for key in ("data", "columns", "fields", "pivot", "rows") if table.get(key)]
        if extra:
            self.source.report(table.key(extra[0]), f"a sheet with a drawing has no {extra[0]}",
                               expected="drawing, or a table (data, columns, fields, pivot, rows)", found=extra[0])
            return None
        draw = self.game_function(table, "drawing", "record.sheet")
        if draw is None:
            return None
        drawings = []
        for player in (self.options.players if table["per_player"] else (None,)):
            drawing = self.drawn(table, "sheet", draw, player)
            if drawing is None:
                return None
            drawings.append(drawing)
        return SheetSpec(name, title, table["heading"] or title, copies=table["copies"],
                         per_player=table["per_player"], drawn=tuple(drawings))

    def check_sheet(self, table: Values, data: Optional[Table], pivot: Optional[Pivot],
                    fields: tuple[str, ...]) -> float:
        """A sheet's keys against each other and the page; its width (the sum of its columns' if given)."""
        columns, widths, width = table["columns"], table["column_widths"], table["width"]
        if data is not None and pivot is None and not fields:
            self.source.report(table.key("data"), "a sheet with data needs `pivot` or `fields` to say how to show it",
                               expected="pivot = {...} or fields = [\"{column}\", ...]", found="neither")
        if data is None and (pivot is not None or fields):
            self.source.report(table.key("pivot" if pivot is not None else "fields"), "`pivot` and `fields` need `data`",
                               expected="data = \"file.csv\"", found="no data")
        if fields and columns and len(columns) != len(fields):
            self.source.report(table.key("columns"), "a sheet needs one column title per field",
                               expected=f"{len(fields)} titles", found=f"{len(columns)}")
        if widths:
            count = len(columns) if not fields else len(fields)
            if pivot is None and count and len(widths) != count:
                self.source.report(table.key("column_widths"), "one width per column",
                                   expected=f"{count} widths", found=f"{len(widths)}")
            width = float(sum(widths))
        narrowest = min(PAPERS[p][1] for p in self.options.papers) - 16
        if width > narrowest:
            self.source.report(table.key("width" if not widths else "column_widths"), "the sheet is wider than the page",
                               expected=f"at most {narrowest:g} mm", found=f"{width:g} mm")
        return width

    def template_list(self, table: Values, data: Optional[Table]) -> tuple[str, ...]:
        """`fields`: templates over the data's columns, one per line of the sheet."""
        for index, value in enumerate(table["fields"]):
            unknown = [field for field in template_fields(value) if not data or field not in data.columns]
            if unknown:
                self.source.report(table.key("fields") + (index,),
                                   "the template uses a column the data does not have",
                                   expected="one of: " + ", ".join(data.columns if data else ()),
                                   found="{" + unknown[0] + "}")
        return tuple(table["fields"])

    def pivot(self, table: Values, data: Optional[Table]) -> Pivot:
        keys = {key: self.data_column(table, key, data) for key in ("rows", "columns", "value")}
        return Pivot(keys["rows"], keys["columns"], keys["value"], **self.templates(table, data))

    # -- tokens ----------------------------------------------------------------------
    def token(self, table: Values) -> Optional[TokenSpec]:
        name = self.unique_name(table)
        title = given(table["title"], name.replace("-", " ").capitalize())
        if table["size"] > 120:
            self.source.report(table.key("size"), "a token is larger than the page allows",
                               expected="at most 120 mm", found=f"{table['size']:g} mm")
        from_data = "data" in table.given
        items = self.token_items_from_data(table) if from_data else []
        for entry in table["items"]:
            items.append(TokenItem(entry["label"], entry["caption"], entry["icon"], entry["count"],
                                   self.colour(entry, "fill"), self.colour(entry, "ink", automatic=True)))
        if not items and not from_data:
            self.source.report(table.key("items"), "a token set needs at least one item",
                               expected="items = [{ label = \"...\", count = 1 }]", found="no items")
        if not self.within_total(table, "tokens", sum(item.count for item in items)
                                 * (len(self.options.players or DEFAULT_PLAYERS) if table["per_player"] else 1)):
            return None
        pieces = self.token_pieces(table, items) if table["drawing"] else ()
        return TokenSpec(name, title, table["shape"], table["size"], table["per_player"], tuple(items), pieces)

    def token_pieces(self, table: Values, items: list[TokenItem]) -> tuple:
        """The game's drawing of each piece, `drawing(label, colour)`: the piece its diagrams
        draw, in the player's colour (or the item's fill), for the kit to print as the token."""
        draw = self.game_function(table, "drawing", "drawing.kit_piece")
        if draw is None:
            return ()
        owners = self.options.players if table["per_player"] else (None,)
        pieces = []
        for owner in owners:
            for index, item in enumerate(items):
                drawing = self.drawn(table, "token", draw, item.label, owner.colour if owner else item.fill)
                if drawing is None:
                    return ()
                pieces.append(((owner.name if owner else "", index), drawing))
        return tuple(pieces)

    def token_items_from_data(self, table: Values) -> list[TokenItem]:
        """data = "pieces.csv", quantity = "qty", where = {...}, item = { label = "{letter}", ... }"""
        data = self.data_file(table)
        quantity = self.data_column(table, "quantity", data)
        if quantity != table["quantity"]:  # the data has no such column (reported)
            return []
        rows = self.filtered_rows(table, data)
        if table["item"] is None:
            if "item" not in table.given:  # with `data`, `item` says what each row makes
                self.source.report_missing(table.key("item"), table.field("item"))
            return []
        item = table["item"]
        templates = self.templates(item, data, data_failed=data is None)
        items = []
        for row in rows:
            count = self.row_count(data, row, quantity)
            fill_colour = self.row_colour(templates["fill"], row, data, item, "fill")
            ink = self.row_colour(templates["ink"], row, data, item, "ink", automatic=True)
            if count is None or fill_colour is None or ink is None:
                continue
            items.append(TokenItem(fill(templates["label"], row.text), fill(templates["caption"], row.text),
                                   fill(templates["icon"], row.text), count, fill_colour, ink))
        if data and not items and not self.source.errors:
            self.source.report(table.key("where"), "no data row is left to make tokens from",
                               expected="at least one row", found="none")
        return items


def with_start_and_finish(specials: tuple[Special, ...], track: Track, start: str, finish: str) -> tuple[Special, ...]:
    """The first and last spaces named `start` and `finish` unless the data names them."""
    by_number = {s.number: s for s in specials}
    for number, name in ((track.first, start), (track.last, finish)):
        if name and not by_number.get(number, Special(number)).name:
            by_number[number] = replace(by_number.get(number, Special(number)), name=name)
    return tuple(by_number[n] for n in sorted(by_number))


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


def with_edges(decks: tuple[DeckSpec, ...]) -> tuple[DeckSpec, ...]:
    """Decks whose cards share sheets (one size and bleed: build.runs_of_one_size) share cut
    lines: where their fronts (or backs) are not all one colour, a cut a little off the line
    would leave a strip of the neighbour's colour, so those faces get a white edge."""
    def key(deck: DeckSpec) -> tuple:
        return (deck.width, deck.height, deck.bleed)

    def varied(side: str, deck: DeckSpec) -> bool:
        return len({getattr(card, side).background for other in decks if key(other) == key(deck)
                    for card, _count in other.cards}) > 1

    return tuple(replace(deck, white_edges=(varied("front", deck), varied("back", deck))) for deck in decks)
