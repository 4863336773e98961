"""Splut! board and pieces: the arena's geometry, the piece ids and the seats,
read from this game's tables. What the rules (engine.py) and the diagrams
(drawing.py) both need; it knows nothing of states or moves.

Board: a 9x9 grid (columns a-i, rows 1-9, row 1 at the bottom) masked to the
diamond |col-5| + |row-5| <= 4, read from board.csv. Squares are ints
`row * 9 + col` (0-based) inside the engine and names like "e5" outside.
Directions are N (towards row 9), E (towards column i), S and W.
"""
from __future__ import annotations

from pathlib import Path

from generator.play.tables import game_tables

HERE = Path(__file__).resolve().parent


TABLES = game_tables(HERE)  # the data tables game.toml declares, read by the one table reader


# -- geometry ---------------------------------------------------------------

COLUMNS = "abcdefghi"
EMPTY = -1
OFF = -1  # a neighbour outside the arena

N, E, S, W = 0, 1, 2, 3
DIRECTION_LETTERS = "NESW"
DIRECTION_NAMES = ("north", "east", "south", "west")
_COLUMN_STEP = (0, 1, 0, -1)
_ROW_STEP = (1, 0, -1, 0)


def square(name: str) -> int:
    """ "e5" -> 40. Raises ValueError for text that is not a grid square."""
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in "123456789":
        raise ValueError(f"not a square: {name!r}")
    return (int(name[1]) - 1) * 9 + COLUMNS.index(name[0])


def square_name(sq: int) -> str:
    return f"{COLUMNS[sq % 9]}{sq // 9 + 1}"


BOARD_ROWS = TABLES["board"].rows
ARENA = frozenset(square(row["cell"]) for row in BOARD_ROWS)  # the 41 squares (C1)


def _neighbour(sq: int, direction: int) -> int:
    col = sq % 9 + _COLUMN_STEP[direction]
    row = sq // 9 + _ROW_STEP[direction]
    if not (0 <= col < 9 and 0 <= row < 9):
        return OFF
    target = row * 9 + col
    return target if target in ARENA else OFF


# NEXT[direction][square]: the neighbouring arena square, or OFF.
NEXT = tuple(tuple(_neighbour(sq, d) if sq in ARENA else OFF for sq in range(81)) for d in range(4))


def opposite(direction: int) -> int:
    return (direction + 2) % 4


def grid_step(sq: int, direction: int) -> int:
    """The neighbouring square on the full 9x9 grid (inside the arena or not), or OFF."""
    col = sq % 9 + _COLUMN_STEP[direction]
    row = sq // 9 + _ROW_STEP[direction]
    return row * 9 + col if 0 <= col < 9 and 0 <= row < 9 else OFF


def grid_direction(frm: int, to: int) -> int:
    """The direction of a one-square step on the 9x9 grid, or -1."""
    for d in range(4):
        if 0 <= frm < 81 and grid_step(frm, d) == to != OFF:
            return d
    return -1


def direction_between(frm: int, to: int) -> int:
    """The direction of a one-square orthogonal step, or -1."""
    for d in range(4):
        if 0 <= frm < 81 and NEXT[d][frm] == to and to != OFF:
            return d
    return -1


# -- pieces -------------------------------------------------------------------
# Piece ids: 0-3 are the Rocks; team p owns 4 + 3p + kind.

SORCERER, TROLL, DWARF, ROCK = 0, 1, 2, 3
KIND_LETTERS = "STD"
KIND_NAMES = ("Sorcerer", "Troll", "Dwarf", "Rock")
ROCK_COUNT = 4


def team_piece(player: int, kind: int) -> int:
    return 4 + 3 * player + kind


def kind_of(pid: int) -> int:
    return ROCK if pid < ROCK_COUNT else (pid - 4) % 3


def owner_of(pid: int) -> int:
    return -1 if pid < ROCK_COUNT else (pid - 4) // 3


# -- seats and turns ------------------------------------------------------------

SEAT_ROWS = TABLES["seats"].rows
SEATS = {row["seat"]: row for row in SEAT_ROWS}
# Seats in turn order per player count (C3), from seating.csv.
SEATING = {
    row["players"]: tuple(row[k] for k in ("first", "second", "third", "fourth") if row[k])
    for row in TABLES["seating"].rows
}
# Steps for the first turns of the game; the last entry repeats (C4).
STEPS = tuple(row["steps"] for row in TABLES["steps"].rows)
