"""Three tiny engines for the kit reference's board examples (docs/kit/examples/), each
reading its board's data through generator.play.tables exactly as the kit does: one
reading of one table, so the tests can hold the printed board and the rules together.
(Test helpers, not a game: only what the tests ask of the boards.)"""
from __future__ import annotations

from pathlib import Path

from generator.play.tables import game_tables, map_cells, map_regions, point_board, read_map, track_last, track_spaces

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "kit" / "examples"


class Race:
    """Race to the Tower: move by the die; land on a linked space and follow its link;
    overshoot the last space and stay put (the finish takes an exact roll)."""

    def __init__(self, folder: Path = EXAMPLES / "race-track"):
        table = game_tables(folder)["track"]
        self.spaces = {space.number: space for space in track_spaces(table)}
        self.finish = track_last(table)  # the track's length is its data's: the last space listed, the Tower

    def move(self, at: int, roll: int) -> int:
        there = at + roll
        if there > self.finish:
            return at
        space = self.spaces.get(there)
        return space.to if space and space.to is not None else there

    def won(self, at: int) -> bool:
        return at == self.finish


class Hex:
    """Hex on board.txt: which hexes neighbour which, and whether a player's stones join
    their two sides (Red: the first and last rows; Blue: the first and last columns)."""

    STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # axial neighbours

    def __init__(self, folder: Path = EXAMPLES / "hex-sides"):
        self.cells = map_cells(read_map(folder / "board.txt"))
        self.names = {at: name for name, at in self.cells.items()}
        self.size = max(k for k, _r in self.cells.values()) + 1

    def neighbours(self, name: str) -> set[str]:
        k, r = self.cells[name]
        return {self.names[(k + dk, r + dr)] for dk, dr in self.STEPS if (k + dk, r + dr) in self.names}

    def joined(self, stones: set[str], player: str) -> bool:
        axis = 1 if player == "Red" else 0
        frontier = [s for s in stones if self.cells[s][axis] == 0]
        seen = set(frontier)
        while frontier:
            here = frontier.pop()
            if self.cells[here][axis] == self.size - 1:
                return True
            for there in self.neighbours(here) & stones - seen:
                seen.add(there)
                frontier.append(there)
        return False


class FoxAndGeese:
    """The fox's moves: one step along a line to an empty point."""

    def __init__(self, folder: Path = EXAMPLES / "fox-and-geese"):
        tables = game_tables(folder)
        self.board = point_board(tables["points"], tables["lines"])
        self.start = next(point.name for point in self.board.points if point.start == "Fox")

    def fox_moves(self, fox: str, geese: set[str]) -> set[str]:
        return set(self.board.neighbours(fox)) - geese


class Shires:
    """Twelve Shires: which regions border which, read off island.txt and regions.csv (an army
    marches from a region into one it borders)."""

    def __init__(self, folder: Path = EXAMPLES / "island", kind: str = "hex"):
        self.map = map_regions(read_map(folder / "island.txt"), game_tables(folder)["regions"],
                               kind=kind, orientation="pointy", layout="offset")

    def marches(self, region: str) -> set[str]:
        return set(self.map.neighbours(region))
