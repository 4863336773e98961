"""components.toml -> `Components`, with every problem reported as file:line.

The format is declared in generator.kit.schema and described for authors in
docs/kit.md (a test holds the two together). Loading reads the file, validates
it on the schema (every key's type, default and allowed values, every problem
at once), then hands the validated tables to the module of each kind of
component, which checks what a declaration cannot say (one key against
another, the values against the data and the game's code) through the same
`Source` and makes its spec: options.py ([kit], [[edition]]), board.py and
hexes.py, points.py, tracks.py ([[board]]), cards.py ([[deck]]), sheets.py
([[sheet]]), tokens.py ([[token]]). A kit that loads will lay out: missing
files, bad quantities, ragged map rows and cards too large for the paper are
caught here.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Optional

from generator.content.files import decode
from generator.draw.cjk import FontMissing
from generator.draw.fonts import GameFont, measured_in
from generator.content.schema import Source, Values, validate
from generator.draw.inline_icons import use_game_icons
from generator.errors import ContentError, ContentErrors
from generator.i18n.components import translated_components
from generator.kit.board import artwork_board, drawn_board, grid_board, unused_board_keys
from generator.kit.cards import drawn_fronts, load_deck, with_edges
from generator.kit.checks import KitChecks, title_of
from generator.kit.fonts import language_font, with_deck_fonts
from generator.kit.hexes import hex_board
from generator.kit.options import check_edition_columns, editions, kit_options, setup_picture
from generator.kit.points import points_board
from generator.kit.schema import COMPONENTS
from generator.kit.sheets import load_sheet
from generator.kit.spec import BoardSpec, Components
from generator.kit.tokens import load_token
from generator.kit.tracks import track_board
from generator.play.tables import Table, read_game_tables

FILE_NAME = "components.toml"


def load_components(game_dir: Path, tables: Optional[dict[str, Table]] = None,
                    words: Optional[dict[str, str]] = None, language: str = "",
                    engine_words=None) -> Optional[Components]:
    """The game's components, or None when it has no components.toml.

    `tables` are the game's data tables (`Game.data`, by name): components name
    the data they lay out by its file ("deck.csv"). Without them, the tables
    game.toml declares are read here, by the same reader.

    Raises ContentError (one problem) or ContentErrors (several), each naming the
    file and line: of components.toml, or of the data file a row came from.

    `words`: a translation's words for the file's titles, labels and notes (Game.words), by
    their source's. `language`: the kit's, whose script may need a face of its own (Japanese,
    Chinese, Korean: kit/fonts.language_font), which every component naming no font is set in.
    `engine_words`: what the game's engine says in that language (generator/i18n/engine.py), for
    the pictures it draws (the cover's set-up).
    """
    game_dir = Path(game_dir)
    use_game_icons(game_dir)  # the `:coin:` of its text: its own icons/coin.svg (draw/inline_icons.py)
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
    if words:
        raw = translated_components(raw, lambda source: words.get(source, source))
    source = Source(path, text, table_errors)
    checks = KitChecks(game_dir, source, tables)
    checks.source_words = {said: words for words, said in (words or {}).items()}
    checks.face = kit_face(path, language)
    checks.language, checks.engine_words = language, engine_words
    with measured_in(checks.face.ref if checks.face else None):  # what the loader lays out, in that face
        components = components_of(checks, validate(raw, COMPONENTS, source))
    if len(source.errors) == 1:
        raise source.errors[0]
    if source.errors:
        raise ContentErrors(source.errors)
    return components


def kit_face(path: Path, language: str) -> Optional[GameFont]:
    """The face of the kit's language (None: the built-in); a font it needs that is not installed
    is an error of the kit (its package named), not a traceback."""
    try:
        return language_font(language)
    except FontMissing as missing:
        raise ContentError(path, None, f"a kit in '{language}' needs a font that is missing: {missing}",
                           expected="the font installed (scripts/setup installs the Japanese one)",
                           found="not installed") from None


def components_of(checks: KitChecks, values: Values) -> Components:
    """Every table of the validated file, made into its spec in the file format's order
    ([kit] first: the other tables use its colours, players and papers)."""
    checks.options = kit_options(checks, values.table("kit"))
    setup, setup_caption = setup_picture(checks, values.table("kit"))
    kit_editions = editions(checks, values["edition"])
    boards = tuple(in_face(checks, b) for b in (load_board(checks, table) for table in values["board"]) if b)
    decks = with_edges(tuple(d for d in (load_deck(checks, table) for table in values["deck"]) if d))
    decks = with_deck_fonts(checks, values["deck"], decks)
    sheets = tuple(s for s in (load_sheet(checks, table) for table in values["sheet"]) if s)
    tokens = tuple(t for t in (load_token(checks, table) for table in values["token"]) if t)
    check_edition_columns(checks, kit_editions, values["edition"], decks)
    instead = tuple((t["component"], t["use"]) for t in values["instead"] if t["component"] and t["use"])
    dice = tuple((t["die"], t["component"]) for t in values["instead"] if t["die"] and t["component"])
    return Components(checks.game_dir, checks.source.path, checks.options, kit_editions, boards, decks,
                      sheets, tokens, instead, setup, setup_caption, dice, drawn_fronts(checks, decks),
                      warnings=tuple(checks.warnings), face=checks.face.ref if checks.face else None,
                      setup_line=checks.source.line_of(values.table("kit").key(
                          "cover" if "cover" in values.table("kit").given else "setup")) if setup else None)


def in_face(checks: KitChecks, board: BoardSpec) -> BoardSpec:
    """The board with its words in the face of the kit's language, if it has one."""
    return replace(board, font=checks.face.ref) if checks.face else board


def load_board(checks: KitChecks, table: Values) -> Optional[BoardSpec]:
    """A [[board]], made by the module of its kind; None when it cannot be (reported)."""
    name = checks.unique_name(table)
    title = title_of(table, name)
    unused_board_keys(checks, table)
    if table["drawing"]:
        return drawn_board(checks, table, name, title)
    kind = table["kind"]
    if kind in ("points", "track", "artwork"):
        drawing = {"points": points_board, "track": track_board, "artwork": artwork_board}[kind](checks, table, title)
        return BoardSpec(name, title, table["cell"], (), table["blank"], (), None, (), drawn=drawing) \
            if drawing else None
    spec = grid_board(checks, table, name, title)
    if spec is None:
        return None
    return hex_board(checks, table, spec) if kind == "hex" else spec
