"""SiTTeRS: the board, the markers and the scoring table, what the rules and the drawing share.

The board comes from board.txt and the scoring table from scoring.csv (as
game.toml declares it), both read by generator/play/tables.py, so the pages,
the print kit and this game share one copy and one reading. Besides them:
the two sides and their markers, the die, the letters a pieces string is
made of, the phases of a game, and distances on the board.

A cell is an index into the board map (row * width + col); names such as
"d3" appear only at the edges: actions, notation, JSON and diagrams.
Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from generator.play.tables import Table, game_tables, read_map

HERE = Path(__file__).resolve().parent


# -- sides, markers, dice ------------------------------------------------------
GOODIE, BADDIE = 0, 1
LETTER = ("G", "B")  # marker letter of each side
SIDE_NAME = ("goodie", "baddie")
SIDE_PLURAL = ("goodies", "baddies")
LETTER_WORD = {"G": "goodies", "B": "baddies", "C": "chests"}
MARKERS = (4, 6)  # goodie and baddie markers in the box
CHESTS_EACH = 4  # chests placed by each side at setup
DIE = (1, 2, 3, 4, 5, 6)
REVIVAL_ROLL = 6

# The letters of a pieces string (one per cell) and of board.txt.
EMPTY, CHEST, NO_SPACE = ".", "C", "-"
SAFE = "S"

# Phases of the game. Setup phases belong to one side; ROLL, LOOT and
# BATTLE wait for dice; MOVE and LOOT_SIX wait for a choice.
PLACE_GOODIES = "place-goodies"
PLACE_BADDIES = "place-baddies"
PLACE_CHESTS = "place-chests"
ROLL = "roll"
MOVE = "move"
LOOT = "loot"
LOOT_SIX = "loot-six"
BATTLE = "battle"
OVER = "over"
PHASES = (PLACE_GOODIES, PLACE_BADDIES, PLACE_CHESTS, ROLL, MOVE, LOOT, LOOT_SIX, BATTLE, OVER)


# -- the board and the scoring table ------------------------------------------
@dataclass(frozen=True)
class BoardMap:
    """The board read from board.txt (C1): kinds per cell and who neighbours whom."""

    rows: tuple[str, ...]
    width: int
    height: int
    kinds: str  # one character per cell, rows joined: . G B C S -
    names: tuple[str, ...]  # cell index -> "d3"
    index: Mapping[str, int]  # "d3" -> cell index (spaces only)
    neighbours: tuple[tuple[int, ...], ...]  # orthogonal neighbours that are spaces

    @classmethod
    def load(cls, path: Path) -> "BoardMap":
        rows = tuple(row for _line, row in read_map(path))
        width, height = len(rows[0]), len(rows)
        if any(len(r) != width for r in rows):
            raise ValueError(f"{path}: every board row must be {width} characters wide")
        kinds = "".join(rows)
        names = tuple(f"{chr(ord('a') + i % width)}{i // width + 1}" for i in range(width * height))
        index = {names[i]: i for i, k in enumerate(kinds) if k != NO_SPACE}
        neighbours = []
        for i in range(width * height):
            row, col = divmod(i, width)
            near = []
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                r, c = row + dr, col + dc
                if 0 <= r < height and 0 <= c < width and kinds[r * width + c] != NO_SPACE:
                    near.append(r * width + c)
            neighbours.append(tuple(near) if kinds[i] != NO_SPACE else ())
        return cls(rows, width, height, kinds, names, MappingProxyType(index), tuple(neighbours))

    def cells_of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kinds) if k == kind)

    def empty_pieces(self) -> str:
        """A pieces string with no markers: '.' on spaces, '-' elsewhere."""
        return "".join(NO_SPACE if k == NO_SPACE else EMPTY for k in self.kinds)


@dataclass(frozen=True)
class ScoringTable:
    """scoring.csv: one row per gold threshold, one column per survivor count."""

    thresholds: tuple[int, ...]  # gold needed for each row, ascending
    scores: tuple[tuple[int, ...], ...]  # scores[row][survivors]

    @classmethod
    def load(cls, table: Table) -> "ScoringTable":
        rows = sorted(table.rows, key=lambda row: row["gold"])
        survivors = range(MARKERS[GOODIE] + 1)
        return cls(tuple(row["gold"] for row in rows), tuple(tuple(row[f"s{n}"] for n in survivors) for row in rows))

    def score(self, survivors: int, gold: int) -> int:
        row = max(i for i, need in enumerate(self.thresholds) if gold >= need)
        return self.scores[row][survivors]

    @property
    def even(self) -> int:
        """The drawn score (4): a goodie score above it wins, below it loses."""
        return self.scores[0][-1]


BOARD = BoardMap.load(HERE / "board.txt")
SCORING = ScoringTable.load(game_tables(HERE)["scoring"])
START_SPACES = (BOARD.cells_of_kind("G"), BOARD.cells_of_kind("B"))
CHEST_SPACES = BOARD.cells_of_kind("C")
SAFE_SPACES = BOARD.cells_of_kind(SAFE)
# MANHATTAN[a][b]: orthogonal steps between two cells on an empty board.
MANHATTAN = tuple(
    tuple(abs(a // BOARD.width - b // BOARD.width) + abs(a % BOARD.width - b % BOARD.width)
          for b in range(len(BOARD.kinds)))
    for a in range(len(BOARD.kinds))
)
