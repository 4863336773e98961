"""Splat board and pieces: the 5 x 10 wrapping sky, cell names, the skydivers
and the parachute, read from this game's tables, and the words a state is
made of (fates, phases). What the rules (engine.py) and the diagrams
(drawing.py) both need; it knows nothing of how actions resolve.

Geometry (from board.csv): columns a-e, rows 1-10 counted from the top; row 1
is just under the plane, row 10 just above the ground. Row 0 is the plane: the
skydivers and the parachute wait there at the start (C1) and nobody ever goes
back to it. Inside the engine a cell is a (column, row) tuple, outside a name
such as "c4"; the plane spots are "a0" to "e0".
"""
from __future__ import annotations

import re
from pathlib import Path

from generator.play.tables import game_tables

HERE = Path(__file__).resolve().parent


TABLES = game_tables(HERE)  # the data tables game.toml declares, read by the one table reader


# -- the board ----------------------------------------------------------------

_BOARD = TABLES["board"].rows[0]
WIDTH = _BOARD["width"]  # 5 columns
HEIGHT = _BOARD["height"]  # 10 rows
COLUMNS = "abcdefghijklmnopqrstuvwxyz"[:WIDTH]
EXIT_COLUMN = COLUMNS.index(_BOARD["exit_column"])  # the parachute leaves the plane above it
PLANE = 0  # the row of the plane, above row 1

Cell = tuple  # (column 0..WIDTH-1, row 0..HEIGHT)

STEP_LETTERS = {"D": (0, 1), "L": (-1, 0), "R": (1, 0), "U": (0, -1)}


def cell_name(cell: Cell) -> str:
    return f"{COLUMNS[cell[0]]}{cell[1]}"


def parse_cell(name: str) -> Cell:
    """ "c4" -> (2, 4); the plane spots are "a0".."e0". ValueError otherwise."""
    match = re.fullmatch(r"([a-z])(\d{1,2})", name.strip().lower())
    if not match or match.group(1) not in COLUMNS or not 0 <= int(match.group(2)) <= HEIGHT:
        raise ValueError(f"not a Splat cell: {name!r}")
    return (COLUMNS.index(match.group(1)), int(match.group(2)))


def neighbour(cell: Cell, letter: str) -> Cell:
    """The cell one step away; sideways steps wrap round the board's sides.
    A step down from row 10 gives row 11: the ground."""
    dx, dy = STEP_LETTERS[letter]
    return ((cell[0] + dx) % WIDTH, cell[1] + dy)


def column_distance(a: int, b: int) -> int:
    """Sideways steps between two columns on the wrapping board."""
    d = abs(a - b) % WIDTH
    return min(d, WIDTH - d)


# -- the pieces -----------------------------------------------------------------

_PIECES = TABLES["pieces"].rows
SKYDIVERS = sorted((row for row in _PIECES if row["seat"] > 0), key=lambda row: row["seat"])
PARACHUTE = next(row for row in _PIECES if row["seat"] == 0)
COLOUR_NAMES = tuple(row["piece"].split()[0] for row in SKYDIVERS)  # "Red", "Blue", ...
LETTERS = tuple(row["letter"] for row in SKYDIVERS)
START_CELLS = tuple(parse_cell(row["start"]) for row in SKYDIVERS)  # seat order b0, d0, a0, e0 (C1)
CHUTE_START = parse_cell(PARACHUTE["start"])


# -- the words of a state ---------------------------------------------------------
# Here rather than in engine.py because the diagrams show them too.

# Skydiver fates.
AIR, SMASHED, LANDED = "air", "smashed", "landed"

# Phases of a round (C2).
FALL, SHIFT, ROLL, MOVE, OVER = "fall", "shift", "roll", "move", "over"
PHASES = (FALL, SHIFT, ROLL, MOVE, OVER)
