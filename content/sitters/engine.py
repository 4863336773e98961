"""SiTTeRS: the rule engine.

Goodies (player 0) cross the board from their start spaces to the safe zone,
opening chests for gold on the way; baddies (player 1) try to stop them. The
rules and their clarifications (C1..C14) live in content/sitters/rules.md;
the comments below cite them.

The board comes from board.txt and the scoring table from scoring.csv (as
game.toml declares it), both read by generator/play/tables.py, so the pages,
the print kit and this engine share one copy and one reading.

Inside the engine a cell is an index into the board map (row * width + col);
names such as "d3" appear only at the edges: actions, notation, JSON and
diagrams. Standard library only: this file also runs in the browser.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, NamedTuple, Sequence

from generator.draw.shapes import Circle, Drawing, Polygon, Rect, Style, Text
from generator.play.api import Engine, Event, IllegalAction, Result, Turn
from generator.play.tables import Table, game_tables, read_map

HERE = Path(__file__).resolve().parent

GOODIE, BADDIE = 0, 1
LETTER = ("G", "B")  # marker letter of each side
SIDE_NAME = ("goodie", "baddie")
SIDE_PLURAL = ("goodies", "baddies")
LETTER_WORD = {"G": "goodies", "B": "baddies", "C": "chests"}
MARKERS = (4, 6)  # goodie and baddie markers in the box
CHESTS_EACH = 4  # chests placed by each side at setup
DIE = (1, 2, 3, 4, 5, 6)
REVIVAL_ROLL = 6

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

# Rule names quoted by IllegalAction (sections of rules.md).
R_SETUP = "Rules §Setup, C2"
R_TURN = "Rules §A turn step by step"
R_MOVE = "Rules §Moving, C4"
R_OWN = "Rules §Moving, C5"
R_NO_CHEST = "Rules §Moving: baddies never enter a chest space"
R_PASS = "Rules §Moving, C6"
R_LOOT = "Rules §Chests and gold, C8"
R_SAFE = "Rules §The safe zone, C10"
R_REVIVE = "Rules §Rolling a six, C11"
R_OVER = "Rules §End of the game, C12"


# -- data files ---------------------------------------------------------------
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
# NEIGHBOUR_BITS[cell]: (neighbour, 1 << neighbour) pairs, for the move search.
NEIGHBOUR_BITS = tuple(tuple((n, 1 << n) for n in near) for near in BOARD.neighbours)
NEIGHBOUR_MASK = tuple(sum(bit for _, bit in near) for near in NEIGHBOUR_BITS)
SAFE_MASK = sum(1 << cell for cell in SAFE_SPACES)
# MANHATTAN[a][b]: orthogonal steps between two cells on an empty board.
MANHATTAN = tuple(
    tuple(abs(a // BOARD.width - b // BOARD.width) + abs(a % BOARD.width - b % BOARD.width)
          for b in range(len(BOARD.kinds)))
    for a in range(len(BOARD.kinds))
)


# -- state --------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    """Everything about a game in progress.

    `pieces` has one character per board cell ('.' empty space, 'G', 'B',
    'C' for a chest, '-' not a space), so two markers can never share a
    space. During a battle the attacking marker is held off the board
    (`attacker`) until the dice decide; during a loot roll the chest has
    already been lifted and the goodie stands on its space (`at`).
    """

    pieces: str
    phase: str = PLACE_GOODIES
    side: int = GOODIE  # the side acting (or rolling) now
    step: int = 0  # turn within the round: 0 and 1 goodies, 2 baddies
    round: int = 1
    roll: int = 0  # the move roll waiting to be used (MOVE phase)
    at: int = -1  # cell of the pending loot or battle
    attacker: int = -1  # side whose marker moved into the battle
    gold: int = 0
    survivors: int = 0
    lost: tuple[int, int] = (0, 0)  # defeated goodies, baddies
    turns: int = 0  # turns begun so far (C14)
    turn_limit: int = 300
    end: str = ""  # why the game ended

    def count(self, letter: str) -> int:
        return self.pieces.count(letter)

    def cells_with(self, letter: str) -> list[int]:
        found, at = [], self.pieces.find(letter)
        while at >= 0:
            found.append(at)
            at = self.pieces.find(letter, at + 1)
        return found


def _bits(mask: int) -> list[int]:
    """The cell indexes set in a bit mask, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def _put(pieces: str, cell: int, letter: str) -> str:
    return pieces[:cell] + letter + pieces[cell + 1:]


# -- actions ------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """A setup placement: kind is 'G', 'B' or 'C' (a chest)."""

    kind: str
    cell: str


@dataclass(frozen=True)
class Roll:
    """The die, as a chance outcome: a move roll or a loot roll."""

    value: int


@dataclass(frozen=True)
class BattleRoll:
    """Both battle dice at once (C9): the goodie's die, then the baddie's."""

    goodie: int
    baddie: int


@dataclass(frozen=True)
class Move:
    """A marker of `side` steps from square `frm` to square `to` (C4)."""

    side: int
    frm: str
    to: str


@dataclass(frozen=True)
class Revive:
    """Use a six to bring a defeated marker back onto a free start space."""

    side: int
    cell: str


@dataclass(frozen=True)
class TakeGold:
    """After a loot roll of six: keep the six gold rather than revive."""


@dataclass(frozen=True)
class Pass:
    """Nothing can move (C6): the roll is lost."""


# -- movement -----------------------------------------------------------------
def move_masks(pieces: str, side: int) -> tuple[int, int]:
    """Bit masks for a side's move search: cells it may walk through
    (empty, not the safe zone) and cells that end its move on entry (C4, C10)."""
    empty = int(pieces.translate(_EMPTY_BITS)[::-1], 2)
    through = empty & ~SAFE_MASK
    if side == GOODIE:
        return through, int(pieces.translate(_GOODIE_STOP_BITS)[::-1], 2) | (empty & SAFE_MASK)
    return through, int(pieces.translate(_BADDIE_STOP_BITS)[::-1], 2)


_EMPTY_BITS = str.maketrans({EMPTY: "1", "G": "0", "B": "0", CHEST: "0", NO_SPACE: "0"})
_GOODIE_STOP_BITS = str.maketrans({EMPTY: "0", "G": "0", "B": "1", CHEST: "1", NO_SPACE: "0"})
_BADDIE_STOP_BITS = str.maketrans({EMPTY: "0", "G": "1", "B": "0", CHEST: "0", NO_SPACE: "0"})


def destinations(start: int, steps: int, through: int, stops: int) -> int:
    """Bit mask of the cells a marker on `start` can reach with a roll of `steps`.

    C4: exactly `steps` orthogonal steps, turning freely, never entering a
    cell twice; entering a `stops` cell ends the move early. Cells in
    neither mask (own markers; chests and the safe zone for a baddie) are
    never entered (C5). `through` and `stops` come from `move_masks`.

    A plain depth-first walk over every path, with the last two steps done
    as bit arithmetic instead of calls: this runs on every turn of every
    game, in the browser too, so it is worth the extra lines.
    """
    found = 0
    enter = through | stops

    def walk(cell: int, left: int, visited: int) -> None:
        nonlocal found
        for nxt, bit in NEIGHBOUR_BITS[cell]:
            if visited & bit:
                continue
            if stops & bit:
                found |= bit
            elif through & bit:
                if left == 1:
                    found |= bit
                elif left == 2:  # one more step: any enterable unvisited neighbour
                    found |= NEIGHBOUR_MASK[nxt] & enter & ~(visited | bit)
                elif left == 3:  # two more steps, unrolled the same way
                    seen = visited | bit
                    for far, far_bit in NEIGHBOUR_BITS[nxt]:
                        if seen & far_bit:
                            continue
                        if stops & far_bit:
                            found |= far_bit
                        elif through & far_bit:
                            found |= NEIGHBOUR_MASK[far] & enter & ~(seen | far_bit)
                else:
                    walk(nxt, left - 1, visited | bit)

    walk(start, steps, 1 << start)
    return found


def move_pairs(state: State) -> list[tuple[int, int]]:
    """(start, end) cells of every move the side to act can make with its roll."""
    through, stops = move_masks(state.pieces, state.side)
    return [
        (start, end)
        for start in state.cells_with(LETTER[state.side])
        for end in _bits(destinations(start, state.roll, through, stops))
    ]


def move_path(pieces: str, start: int, end: int, steps: int, side: int) -> tuple[int, ...] | None:
    """One legal path for a move, or None if the rules allow no such move.

    When the move ends early (on an opponent, a chest or the safe zone) the
    path is a shortest one; otherwise it has exactly `steps` steps. The search
    gives up on a branch as soon as the target is out of reach of the steps
    left, so checking one move is cheap.
    """
    kinds, neighbours, distance = BOARD.kinds, BOARD.neighbours, MANHATTAN[end]
    stop_on = "BC" if side == GOODIE else "G"
    if kinds[end] == SAFE:
        if side != GOODIE:
            return None
    elif pieces[end] not in stop_on and pieces[end] != EMPTY:
        return None
    ends_early = kinds[end] == SAFE or pieces[end] != EMPTY
    if distance[start] > steps or (not ends_early and (distance[start] - steps) % 2):
        return None  # too far, or the wrong colour of square for an exact count
    if ends_early:  # shortest route through empty spaces (breadth first)
        previous = {start: start}
        frontier = [start]
        for _ in range(steps):
            nxt_frontier = []
            for cell in frontier:
                for nxt in neighbours[cell]:
                    if nxt in previous:
                        continue
                    previous[nxt] = cell
                    if nxt == end:
                        path = [end]
                        while path[-1] != start:
                            path.append(previous[path[-1]])
                        return tuple(reversed(path))
                    if kinds[nxt] != SAFE and pieces[nxt] == EMPTY:
                        nxt_frontier.append(nxt)
            frontier = nxt_frontier
        return None

    def walk(path: list[int], left: int) -> bool:
        for nxt in neighbours[path[-1]]:
            if distance[nxt] > left - 1 or nxt in path or (nxt == end and left > 1):
                continue
            if kinds[nxt] == SAFE or pieces[nxt] != EMPTY:
                continue
            path.append(nxt)
            if (left == 1 and nxt == end) or (left > 1 and walk(path, left - 1)):
                return True
            path.pop()
        return False

    path = [start]
    return tuple(path) if walk(path, steps) else None


# -- the engine ---------------------------------------------------------------
class SittersEngine(Engine):
    name = "SiTTeRS"
    min_players = 2
    max_players = 2
    option_defaults = {"turn_limit": 300}

    # -- setting up ------------------------------------------------------
    def initial_state(self, players: int = 2, options: Mapping | None = None) -> State:
        self.check_players(players)
        opts = self.options(options)
        limit = opts["turn_limit"]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise IllegalAction("options", f"turn_limit must be a positive whole number, not {limit!r}")
        return State(pieces=BOARD.empty_pieces(), turn_limit=limit)

    def position(
        self,
        goodies: Sequence[str] = (),
        baddies: Sequence[str] = (),
        chests: Sequence[str] = (),
        side: int = GOODIE,
        gold: int = 0,
        survivors: int = 0,
        lost: tuple[int, int] | None = None,
        round: int = 1,
        turn_limit: int = 300,
    ) -> State:
        """A position in play, with `side` about to roll: for setups and tests.

        `lost` (defeated goodies, baddies) defaults to every marker that is
        neither on the board nor escaped; the tallies must add up to 4 and 6.
        """
        pieces = BOARD.empty_pieces()
        for letter, names in (("G", goodies), ("B", baddies), ("C", chests)):
            for name in names:
                cell = self._cell(name, "position")
                if pieces[cell] != EMPTY or BOARD.kinds[cell] == SAFE:
                    raise ValueError(f"cannot put {letter} on {name}")
                pieces = _put(pieces, cell, letter)
        if lost is None:
            lost = (MARKERS[GOODIE] - len(goodies) - survivors, MARKERS[BADDIE] - len(baddies))
        state = State(
            pieces=pieces, phase=ROLL, side=side, step=0 if side == GOODIE else 2, round=round,
            gold=gold, survivors=survivors, lost=tuple(lost), turn_limit=turn_limit,
        )
        if len(goodies) + survivors + lost[GOODIE] != MARKERS[GOODIE]:
            raise ValueError("goodies on the board, escaped and lost must make 4")
        if len(baddies) + lost[BADDIE] != MARKERS[BADDIE]:
            raise ValueError("baddies on the board and lost must make 6")
        return state

    def setups(self) -> Mapping[str, State]:
        bs = [BOARD.names[i] for i in START_SPACES[BADDIE]]
        opening_chests = ["d3", "d5", "e3", "e5", "f1", "g2", "g6", "f7"]
        return {
            "start": self.initial_state(2),
            "opening": self.position(
                goodies=["a2", "a3", "a5", "a6"], baddies=bs, chests=opening_chests),
            "looting": self.position(
                goodies=["b3", "a5"], baddies=bs, chests=["d3", "f5", "g1"], gold=4,
                lost=(2, 0), round=4),
            "battle": self.position(
                goodies=["f4", "c5"], baddies=["h4", "i1", "j2", "j6", "i7"], chests=["g3", "e5"],
                gold=7, survivors=0, lost=(2, 1), round=6),
            "baddie-attack": self.position(
                goodies=["h5", "c3"], baddies=["i1", "j1", "j2", "j6", "i7", "j7"], chests=["e3"],
                side=BADDIE, gold=11, lost=(2, 0), round=7),
            "last-dash": self.position(
                goodies=["h4"], baddies=["j2", "i1", "i7", "j7"], chests=["d3", "g6"],
                gold=9, survivors=3, round=9),
            "revival": self.position(
                goodies=["e4", "c5"], baddies=bs[:5], chests=["d3", "f5", "h6"], gold=5,
                lost=(2, 1), round=5),
        }

    # -- whose turn ------------------------------------------------------
    def player_name(self, state: State, player: int) -> str:
        """Seat names for captions and controls (a hook the site's widgets use)."""
        return SIDE_PLURAL[player].capitalize()

    def turn(self, state: State) -> Turn:
        if state.phase == OVER:
            return Turn.over()
        if state.phase in (ROLL, LOOT, BATTLE):
            return Turn.chance()
        return Turn.of(state.side)

    def chance_outcomes(self, state: State) -> list:
        if state.phase in (ROLL, LOOT):
            return [(Roll(v), 1 / 6) for v in DIE]
        if state.phase == BATTLE:
            return [(BattleRoll(g, b), 1 / 36) for g in DIE for b in DIE]
        return []

    # -- legal actions ---------------------------------------------------
    def legal_actions(self, state: State, player: int) -> list:
        turn = self.turn(state)
        if turn.kind != "player" or turn.player != player:
            return []
        side = state.side
        if state.phase == PLACE_GOODIES:
            return [Place("G", BOARD.names[c]) for c in self._free(state, START_SPACES[GOODIE])]
        if state.phase == PLACE_BADDIES:
            return [Place("B", BOARD.names[c]) for c in self._free(state, START_SPACES[BADDIE])]
        if state.phase == PLACE_CHESTS:
            return [Place("C", BOARD.names[c]) for c in self._free(state, CHEST_SPACES)]
        if state.phase == LOOT_SIX:
            return [TakeGold()] + self._revivals(state, GOODIE)
        if state.phase == MOVE:
            moves = self.moves(state)
            return moves + self.other_choices(state, can_move=bool(moves))
        return []

    def moves(self, state: State) -> list[Move]:
        """Every move the side to act can make with its roll."""
        side, names = state.side, BOARD.names
        return [Move(side, names[start], names[end]) for start, end in move_pairs(state)]

    def other_choices(self, state: State, can_move: bool) -> list:
        """What a MOVE turn offers besides moves: revivals on a six (C11),
        and a pass when nothing can move (C6)."""
        revivals = self._revivals(state, state.side) if state.roll == REVIVAL_ROLL else []
        return revivals if can_move else [Pass()] + revivals

    def _free(self, state: State, cells: Sequence[int]) -> list[int]:
        return [c for c in cells if state.pieces[c] == EMPTY]

    def _revivals(self, state: State, side: int) -> list[Revive]:
        """C11: a six brings back a defeated marker onto a free start space."""
        if state.lost[side] == 0:
            return []
        return [Revive(side, BOARD.names[c]) for c in self._free(state, START_SPACES[side])]

    # -- applying --------------------------------------------------------
    def apply(self, state: State, action) -> tuple[State, list[Event]]:
        phase = state.phase
        if phase == OVER:
            raise IllegalAction(R_OVER, "the game is over")
        if phase in (ROLL, LOOT, BATTLE):
            return self._apply_chance(state, action)
        if isinstance(action, Place):
            return self._apply_place(state, action)
        if phase == LOOT_SIX:
            return self._apply_loot_six(state, action)
        if phase != MOVE:
            raise IllegalAction(R_TURN, f"{self.notation(action)} is not possible now")
        if isinstance(action, Move):
            return self._apply_move(state, action)
        if isinstance(action, Revive):
            return self._apply_revive(state, action, "move")
        if isinstance(action, Pass):
            if self.moves(state):
                raise IllegalAction(R_PASS, "a marker can move, so the turn cannot be passed")
            name = SIDE_PLURAL[state.side].capitalize()
            return self._end_turn(state, [Event("passed", f"{name} cannot move with a {state.roll}: the turn passes.")])
        raise IllegalAction(R_TURN, f"{self.notation(action)} is not possible now")

    def _apply_place(self, state: State, action: Place) -> tuple[State, list[Event]]:
        wanted = {PLACE_GOODIES: "G", PLACE_BADDIES: "B", PLACE_CHESTS: "C"}.get(state.phase)
        if wanted is None:
            raise IllegalAction(R_SETUP, "setup is over: markers are no longer placed")
        if action.kind != wanted:
            raise IllegalAction(R_SETUP, f"setup now places {LETTER_WORD[wanted]}, not {action.kind}")
        cell = self._cell(action.cell, R_SETUP)
        allowed = {"G": START_SPACES[GOODIE], "B": START_SPACES[BADDIE], "C": CHEST_SPACES}[wanted]
        if cell not in allowed:
            raise IllegalAction(R_SETUP, f"{action.cell} is not a {wanted} space")
        if state.pieces[cell] != EMPTY:
            raise IllegalAction(R_SETUP, f"{action.cell} already holds a marker")
        pieces = _put(state.pieces, cell, wanted)
        who = SIDE_PLURAL[state.side].capitalize()
        what = "a chest" if wanted == "C" else f"a {SIDE_NAME[LETTER.index(wanted)]}"
        events = [Event("placed", f"{who} place {what} on {action.cell}.", {"piece": wanted, "to": action.cell})]
        nxt = replace(state, pieces=pieces)
        chests = pieces.count(CHEST)
        if wanted == "G" and pieces.count("G") == MARKERS[GOODIE]:
            nxt = replace(nxt, phase=PLACE_BADDIES, side=BADDIE)
        elif wanted == "B" and pieces.count("B") == MARKERS[BADDIE]:
            nxt = replace(nxt, phase=PLACE_CHESTS, side=GOODIE)
        elif wanted == "C" and chests == CHESTS_EACH:
            nxt = replace(nxt, side=BADDIE)
        elif wanted == "C" and chests == 2 * CHESTS_EACH:
            # C3: setup done, the goodies open the first round.
            nxt = replace(nxt, phase=ROLL, side=GOODIE, step=0, round=1)
            events.append(Event("setup", "Setup is complete: the goodies roll first."))
        return nxt, events

    def _apply_chance(self, state: State, action) -> tuple[State, list[Event]]:
        name = SIDE_PLURAL[state.side].capitalize()
        if state.phase == BATTLE:
            if not isinstance(action, BattleRoll) or not (action.goodie in DIE and action.baddie in DIE):
                raise IllegalAction(R_TURN, "a battle waits for both dice, e.g. 'battle G5 B3'")
            return self._apply_battle(state, action)
        if not isinstance(action, Roll) or action.value not in DIE:
            raise IllegalAction(R_TURN, "the die must be rolled first, e.g. 'roll 4'")
        value = action.value
        if state.phase == LOOT:
            return self._apply_loot(state, value)
        if state.turns >= state.turn_limit:  # cannot happen via _end_turn; guards hand-made states
            raise IllegalAction("Rules §Turn limit, C14", "the turn limit has been reached")
        rolled = Event("rolled", f"{name} roll a {value}.", {"player": state.side, "value": value})
        return replace(state, phase=MOVE, roll=value, turns=state.turns + 1), [rolled]

    def _apply_loot(self, state: State, value: int) -> tuple[State, list[Event]]:
        where = BOARD.names[state.at]
        rolled = Event("rolled", f"The goodies roll a {value} for the chest.", {"player": GOODIE, "value": value})
        if value == REVIVAL_ROLL and self._revivals(state, GOODIE):
            # C8: a six from a chest may be swapped for a revival.
            return replace(state, phase=LOOT_SIX), [rolled]
        gold = state.gold + value
        looted = Event("looted", f"The chest on {where} holds {value} gold (tally {gold}).",
                       {"cell": where, "gold": value})
        return self._end_turn(state, [rolled, looted], gold=gold)

    def _apply_loot_six(self, state: State, action) -> tuple[State, list[Event]]:
        if isinstance(action, TakeGold):
            gold = state.gold + REVIVAL_ROLL
            where = BOARD.names[state.at]
            return self._end_turn(state, [Event(
                "looted", f"The goodies keep the 6 gold from {where} (tally {gold}).",
                {"cell": where, "gold": REVIVAL_ROLL})], gold=gold)
        if isinstance(action, Revive):
            return self._apply_revive(state, action, "gold")
        raise IllegalAction(R_LOOT, "after a six from a chest: 'take gold' or 'revive G <space>'")

    def _apply_revive(self, state: State, action: Revive, given_up: str) -> tuple[State, list[Event]]:
        side = state.side
        if action.side != side:
            raise IllegalAction(R_REVIVE, f"only the {SIDE_PLURAL[side]} may act now")
        if state.phase == MOVE and state.roll != REVIVAL_ROLL:
            raise IllegalAction(R_REVIVE, "a revival needs a roll of six")
        if state.lost[side] == 0:
            raise IllegalAction(R_REVIVE, f"no {SIDE_NAME[side]} has been defeated")
        cell = self._cell(action.cell, R_REVIVE)
        if cell not in START_SPACES[side]:
            raise IllegalAction(R_REVIVE, f"a revived {SIDE_NAME[side]} goes on a {LETTER[side]} space, not {action.cell}")
        if state.pieces[cell] != EMPTY:
            raise IllegalAction(R_REVIVE, f"{action.cell} is not free")
        lost = list(state.lost)
        lost[side] -= 1
        text = f"The {SIDE_PLURAL[side]} give up their {given_up} and bring a {SIDE_NAME[side]} back on {action.cell}."
        return self._end_turn(state, [Event("revived", text, {"piece": LETTER[side], "to": action.cell})],
                              pieces=_put(state.pieces, cell, LETTER[side]), lost=tuple(lost))

    def _apply_move(self, state: State, move: Move) -> tuple[State, list[Event]]:
        side = state.side
        if move.side != side:
            raise IllegalAction(R_TURN, f"it is the {SIDE_PLURAL[side]}' turn")
        start = self._cell(move.frm, R_MOVE)
        end = self._cell(move.to, R_MOVE)
        if state.pieces[start] != LETTER[side]:
            raise IllegalAction(R_MOVE, f"there is no {SIDE_NAME[side]} on {move.frm}")
        if move_path(state.pieces, start, end, state.roll, side) is None:
            raise self._why_not(state, move, end)
        pieces = _put(state.pieces, start, EMPTY)
        target = state.pieces[end]
        letter = LETTER[side]
        moved = Event("moved", f"The {SIDE_NAME[side]} on {move.frm} moves to {move.to}.",
                      {"piece": letter, "from": move.frm, "to": move.to})
        if BOARD.kinds[end] == SAFE:
            survivors = state.survivors + 1
            safe = Event("escaped", f"The goodie reaches the safe zone ({survivors} safe).", {"from": move.frm})
            return self._end_turn(state, [moved, safe], pieces=pieces, survivors=survivors)
        if target == CHEST:
            # The chest is lifted at once; the loot roll decides its gold.
            opened = Event("opened", f"The goodie opens the chest on {move.to}: roll for gold.", {"cell": move.to})
            return replace(state, pieces=_put(pieces, end, letter), phase=LOOT, at=end, roll=0), [moved, opened]
        if target == LETTER[1 - side]:
            clash = Event("battle", f"Battle on {move.to}: both sides roll.", {"cell": move.to})
            return replace(state, pieces=pieces, phase=BATTLE, at=end, attacker=side, roll=0), [moved, clash]
        return self._end_turn(state, [moved], pieces=_put(pieces, end, letter))

    def _apply_battle(self, state: State, dice: BattleRoll) -> tuple[State, list[Event]]:
        where = BOARD.names[state.at]
        rolled = Event("rolled", f"Battle dice: goodie {dice.goodie}, baddie {dice.baddie}.",
                       {"goodie": dice.goodie, "baddie": dice.baddie})
        if dice.goodie == dice.baddie:
            return state, [rolled, Event("tie", "A tie: both sides roll again.", {"cell": where})]
        winner = GOODIE if dice.goodie > dice.baddie else BADDIE
        loser = 1 - winner
        lost = list(state.lost)
        lost[loser] += 1
        # Whoever attacked, the winner ends up alone on the battle space.
        pieces = _put(state.pieces, state.at, LETTER[winner])
        killed = Event("killed", f"The {SIDE_NAME[winner]} wins: the {SIDE_NAME[loser]} on {where} is defeated.",
                       {"piece": LETTER[loser], "cell": where})
        return self._end_turn(state, [rolled, killed], pieces=pieces, lost=tuple(lost))

    def _end_turn(self, state: State, events: list[Event], **changes) -> tuple[State, list[Event]]:
        """Close the turn with `changes` made: end the game if no goodie is
        left (C12) or the turn limit is reached (C14), else hand the die to
        the next turn. (One `replace`: this runs after every turn.)"""
        changes.update(roll=0, at=-1, attacker=-1)
        pieces = changes.get("pieces", state.pieces)
        if "G" not in pieces:
            over = replace(state, phase=OVER, end="no goodies left on the board", **changes)
            return over, events + [self._final_event(over)]
        step = (state.step + 1) % 3
        if state.turns >= state.turn_limit:
            over = replace(state, phase=OVER, end="turn limit", **changes)
            return over, events + [self._final_event(over)]
        nxt = replace(state, phase=ROLL, step=step, round=state.round + (step == 0),
                      side=GOODIE if step < 2 else BADDIE, **changes)
        return nxt, events

    def _final_event(self, state: State) -> Event:
        return Event("ended", self.result(state).text, {"score": self.goodie_score(state)})

    def _why_not(self, state: State, move: Move, end: int) -> IllegalAction:
        """The rule that refuses a move whose target is not reachable."""
        side = state.side
        target = state.pieces[end]
        if target == LETTER[side]:
            return IllegalAction(R_OWN, f"{move.to} holds one of your own markers")
        if side == BADDIE and target == CHEST:
            return IllegalAction(R_NO_CHEST, f"baddies may not enter the chest on {move.to}")
        if side == BADDIE and BOARD.kinds[end] == SAFE:
            return IllegalAction(R_SAFE, "only goodies may enter the safe zone")
        return IllegalAction(R_MOVE, f"{move.frm} cannot reach {move.to} with a roll of {state.roll}")

    def _cell(self, name: str, rule: str) -> int:
        cell = BOARD.index.get(name)
        if cell is None:
            raise IllegalAction(rule, f"{name!r} is not a space on the board")
        return cell

    # -- the end ---------------------------------------------------------
    def goodie_score(self, state: State) -> int:
        """The scoring table's value for the tallies now."""
        return SCORING.score(state.survivors, state.gold)

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        even = SCORING.even
        if state.end == "turn limit":
            # C14: a game stopped by the turn limit is a draw.
            return Result((), (float(even), float(even)), f"The turn limit ({state.turn_limit}) is reached: a draw.")
        score = self.goodie_score(state)
        # C13: the baddies' score mirrors the goodies' about the even score.
        scores = (float(score), float(2 * even - score))
        tally = f"{state.survivors} survivor{'s' * (state.survivors != 1)} and {state.gold} gold score {score}"
        if score > even:
            return Result((GOODIE,), scores, f"{tally}: the goodies win.")
        if score < even:
            return Result((BADDIE,), scores, f"{tally}: the baddies win.")
        return Result((), scores, f"{tally}: a draw.")

    # -- notation --------------------------------------------------------
    def notation(self, action) -> str:
        if isinstance(action, Place):
            return f"place {action.kind} {action.cell}"
        if isinstance(action, Roll):
            return f"roll {action.value}"
        if isinstance(action, BattleRoll):
            return f"battle G{action.goodie} B{action.baddie}"
        if isinstance(action, Move):
            return f"{LETTER[action.side]} {action.frm}-{action.to}"
        if isinstance(action, Revive):
            return f"revive {LETTER[action.side]} {action.cell}"
        if isinstance(action, TakeGold):
            return "take gold"
        if isinstance(action, Pass):
            return "pass"
        raise ValueError(f"not a SiTTeRS action: {action!r}")

    _CELL = r"([a-k][1-7])"
    _FORMS = (
        (re.compile(rf"place ([gbc]) {_CELL}"), lambda m, s: Place(m[1].upper(), m[2])),
        (re.compile(r"roll ([1-6])"), lambda m, s: Roll(int(m[1]))),
        (re.compile(r"battle g([1-6]) b([1-6])"), lambda m, s: BattleRoll(int(m[1]), int(m[2]))),
        (re.compile(rf"(?:([gb]) )?{_CELL}-{_CELL}"),
         lambda m, s: Move(LETTER.index(m[1].upper()) if m[1] else s.side, m[2], m[3])),
        (re.compile(rf"revive(?: ([gb]))? {_CELL}"),
         lambda m, s: Revive(LETTER.index(m[1].upper()) if m[1] else s.side, m[2])),
        (re.compile(r"take gold"), lambda m, s: TakeGold()),
        (re.compile(r"pass"), lambda m, s: Pass()),
    )

    def parse(self, state: State, text: str):
        clean = " ".join(str(text).lower().split())
        for pattern, build in self._FORMS:
            match = pattern.fullmatch(clean)
            if match:
                return build(match, state)
        raise IllegalAction("notation", f"cannot read {text!r} (try 'roll 4', 'G b3-e3', 'place C d3')")

    # -- JSON ------------------------------------------------------------
    def state_to_json(self, state: State) -> dict:
        w = BOARD.width
        return {
            "pieces": [state.pieces[r * w:(r + 1) * w] for r in range(BOARD.height)],
            "phase": state.phase,
            "side": LETTER[state.side],
            "step": state.step,
            "round": state.round,
            "roll": state.roll,
            "at": BOARD.names[state.at] if state.at >= 0 else "",
            "attacker": LETTER[state.attacker] if state.attacker >= 0 else "",
            "gold": state.gold,
            "survivors": state.survivors,
            "lost": {"G": state.lost[GOODIE], "B": state.lost[BADDIE]},
            "turns": state.turns,
            "turn_limit": state.turn_limit,
            "end": state.end,
        }

    def state_from_json(self, data: Mapping) -> State:
        pieces = "".join(data["pieces"])
        if len(pieces) != len(BOARD.kinds) or data["phase"] not in PHASES:
            raise ValueError("not a SiTTeRS state")
        return State(
            pieces=pieces,
            phase=data["phase"],
            side=LETTER.index(data["side"]),
            step=int(data["step"]),
            round=int(data["round"]),
            roll=int(data["roll"]),
            at=BOARD.index[data["at"]] if data["at"] else -1,
            attacker=LETTER.index(data["attacker"]) if data["attacker"] else -1,
            gold=int(data["gold"]),
            survivors=int(data["survivors"]),
            lost=(int(data["lost"]["G"]), int(data["lost"]["B"])),
            turns=int(data["turns"]),
            turn_limit=int(data["turn_limit"]),
            end=data["end"],
        )

    # -- cells and diagrams ----------------------------------------------
    def cells(self, state: State, action) -> tuple[str, ...]:
        names = BOARD.names
        if isinstance(action, (Place, Revive)):
            return (action.cell,)
        if isinstance(action, Move) and action.frm in BOARD.index and action.to in BOARD.index:
            start, end = BOARD.index[action.frm], BOARD.index[action.to]
            path = None
            if state.phase == MOVE and state.roll:
                path = move_path(state.pieces, start, end, state.roll, action.side)
            return tuple(names[c] for c in path) if path else (action.frm, action.to)
        return ()

    def render(self, state: State, highlight: Sequence[str] = ()) -> Drawing:
        return draw_state(state, highlight)



# -- diagrams -----------------------------------------------------------------
CELL_MM = 14.0
MARGIN_MM = 7.0
SPACE_FILL = {".": "#f7f4ec", "G": "#dcebd6", "B": "#f2d7d3", "C": "#f3e6c4", "S": "#cfe3f4"}
GOODIE_FILL, BADDIE_FILL, CHEST_FILL = "#2458b8", "#b3261e", "#8a5a14"
LINE = Style(stroke="#5b5346", stroke_width=0.35)


def draw_state(state: State, highlight: Sequence[str] = ()) -> Drawing:
    """The board with its markers, tallies underneath; highlighted cells get a thick outline."""
    w, h = BOARD.width, BOARD.height
    width = MARGIN_MM * 2 + w * CELL_MM
    height = MARGIN_MM + h * CELL_MM + 16
    shapes: list = []
    for col in range(w):
        shapes.append(Text(MARGIN_MM + (col + 0.5) * CELL_MM, MARGIN_MM - 2, chr(ord("a") + col),
                           size=3.5, fill="#5b5346", anchor="middle", role="label"))
    for row in range(h):
        shapes.append(Text(MARGIN_MM - 2, MARGIN_MM + (row + 0.6) * CELL_MM, str(row + 1),
                           size=3.5, fill="#5b5346", anchor="end", role="label"))
    for cell, kind in enumerate(BOARD.kinds):
        if kind == NO_SPACE:
            continue
        x, y = _corner(cell)
        name = BOARD.names[cell]
        shapes.append(Rect(x, y, CELL_MM, CELL_MM, Style(fill=SPACE_FILL[kind], stroke=LINE.stroke,
                                                        stroke_width=LINE.stroke_width), cell=name, role="space"))
        if kind != EMPTY:
            shapes.append(Text(x + 1.2, y + 3.4, kind, size=2.8, fill="#8b8172", role="space-label"))
    shapes.extend(_markers(state))
    for name in highlight:
        cell = BOARD.index.get(name)
        if cell is not None:
            x, y = _corner(cell)
            shapes.append(Rect(x + 0.6, y + 0.6, CELL_MM - 1.2, CELL_MM - 1.2,
                               Style(stroke="#f08c00", stroke_width=1.2), rx=1.0, cell=name, role="highlight"))
    shapes.append(Text(MARGIN_MM, MARGIN_MM + h * CELL_MM + 7, _status_line(state), size=3.6,
                       fill="#2b2620", role="status"))
    shapes.append(Text(MARGIN_MM, MARGIN_MM + h * CELL_MM + 13, _tally_line(state), size=3.6,
                       fill="#2b2620", role="tally"))
    return Drawing(width, height, tuple(shapes), title=f"SiTTeRS: {_status_line(state)}")


def _corner(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, BOARD.width)
    return MARGIN_MM + col * CELL_MM, MARGIN_MM + row * CELL_MM


def _markers(state: State) -> list:
    shapes = []
    for cell, piece in enumerate(state.pieces):
        if piece in "GBC":
            shapes.extend(_marker(piece, cell, scale=1.0))
    if state.phase == LOOT and state.at >= 0:  # the chest being opened, beside the goodie
        shapes.extend(_marker("C", state.at, scale=0.45, dx=4.2, dy=-4.2))
    if state.phase == BATTLE and state.at >= 0:  # the attacker, squeezed in beside the defender
        shapes.extend(_marker(LETTER[state.attacker], state.at, scale=0.55, dx=3.8, dy=-3.8))
    return shapes


def _marker(piece: str, cell: int, scale: float, dx: float = 0.0, dy: float = 0.0) -> list:
    """Goodie: blue disc 'G'. Baddie: red diamond 'B'. Chest: brown box 'C'."""
    x, y = _corner(cell)
    cx, cy = x + CELL_MM / 2 + dx, y + CELL_MM / 2 + dy
    r = 5.0 * scale
    name = BOARD.names[cell]
    edge = Style(fill=None, stroke="#ffffff", stroke_width=0.5)
    if piece == "G":
        body = Circle(cx, cy, r, Style(fill=GOODIE_FILL, stroke=edge.stroke, stroke_width=0.5), cell=name, role="goodie")
    elif piece == "B":
        k = r * 1.15
        body = Polygon(((cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)),
                       Style(fill=BADDIE_FILL, stroke=edge.stroke, stroke_width=0.5), cell=name, role="baddie")
    else:
        body = Rect(cx - r, cy - r * 0.8, 2 * r, 1.6 * r, Style(fill=CHEST_FILL, stroke=edge.stroke, stroke_width=0.5),
                    rx=0.8 * scale, cell=name, role="chest")
    label = Text(cx, cy + 1.5 * scale, piece, size=4.4 * scale, fill="#ffffff", anchor="middle", bold=True,
                 role="marker-label")
    return [body, label]


def _status_line(state: State) -> str:
    if state.phase == OVER:
        return f"Game over: {ENGINE.result(state).text}"
    if state.phase in (PLACE_GOODIES, PLACE_BADDIES, PLACE_CHESTS):
        what = {PLACE_GOODIES: "goodies", PLACE_BADDIES: "baddies", PLACE_CHESTS: "chests"}[state.phase]
        return f"Setup: the {SIDE_PLURAL[state.side]} place {what}"
    turn = f"goodie turn {state.step + 1} of 2" if state.side == GOODIE else "baddie turn"
    doing = {
        ROLL: "to roll",
        MOVE: f"rolled {state.roll}: to move",
        LOOT: "rolling for the chest",
        LOOT_SIX: "a six from the chest: gold or revival",
        BATTLE: "battle: both sides roll",
    }[state.phase]
    return f"Round {state.round}, {turn}, {doing}"


def _tally_line(state: State) -> str:
    return (f"Gold {state.gold}   Survivors {state.survivors}   "
            f"Defeated: goodies {state.lost[GOODIE]}, baddies {state.lost[BADDIE]}")


ENGINE = SittersEngine()


# -- computer players ---------------------------------------------------------
# Each bot looks one move ahead and scores where each choice leads with
# `worth`, a rough expected goodie score: the goodie AI takes the highest, the
# baddie AI the lowest. It is quick (Manhattan distances, no search) so it
# runs happily in the browser, and beatable, which is the point when the
# opponent is a young child.

FAR = 99  # a distance beyond any roll


def _safe_distances() -> tuple[int, ...]:
    """Steps from each cell into the safe zone, ignoring markers."""
    far = FAR
    dist = [far] * len(BOARD.kinds)
    frontier = list(SAFE_SPACES)
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for n in BOARD.neighbours[c]:
                if dist[n] == far and BOARD.kinds[n] != SAFE:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return tuple(dist)


SAFE_DISTANCE = _safe_distances()
EXIT_DISTANCE = tuple(max(0, d - 1) for d in SAFE_DISTANCE)  # steps to reach j3, j4 or j5
EXIT_ZONE = frozenset(c for c, d in enumerate(EXIT_DISTANCE) if d <= 2)  # where baddies guard the exit
CHEST_GOLD = sum(DIE) / len(DIE)  # a chest's expected gold
GOLD_PER_POINT = SCORING.thresholds[1] - SCORING.thresholds[0]  # 8 gold per point


class Outlook(NamedTuple):
    """What a bot weighs after one of its choices: markers and tallies once
    the turn is over (expected gold for a chest still to be rolled). A
    named tuple rather than a dataclass: bots build thousands per move."""

    goodies: tuple[int, ...]
    baddies: tuple[int, ...]
    chests: tuple[int, ...]
    gold: float
    survivors: int
    lost_goodies: int
    goodie_turns: int  # goodie turns still to come before the baddies move


def worth(view: Outlook, memo: dict | None = None) -> float:
    """Roughly the goodie score a position is heading for.

    Escaped goodies and gold count in full; each goodie still on the board
    counts for less the farther it is from the safe zone, the closer a
    baddie stands (a baddie within d <= 6 steps hits with a roll of d or
    more, and a battle is lost half the time) and the more baddies guard
    the exit; chests count for part of their gold while a goodie is near.

    `memo` (one dict per decision) remembers what repeats from one
    candidate to the next: the goodies' terms while the baddies stay put
    (a goodie's move), the chests' part while the goodies do (a baddie's).
    """
    value = _banked(view)
    if not view.goodies:
        return value
    memo = {} if memo is None else memo
    for g in view.goodies:
        key = (g, view.baddies, view.goodie_turns)
        term = memo.get(key)
        if term is None:
            closest = min(map(MANHATTAN[g].__getitem__, view.baddies), default=FAR)
            term = memo[key] = _goodie_term(g, closest, _guards(view.baddies), view.goodie_turns)
        value += term
    return value + _unchanged_by_baddies(view, memo)


def _banked(view: Outlook) -> float:
    """Survivors, plus the gold as points. Gold counts smoothly (a point per
    8, as far as the table goes) so that every coin pulls a little."""
    return view.survivors + min(view.gold / GOLD_PER_POINT, len(SCORING.thresholds) - 1.0)


def _guards(baddies: tuple[int, ...]) -> int:
    """Baddies standing within two steps of the exit squares j3-j5."""
    return len(EXIT_ZONE.intersection(baddies))


def _goodie_term(goodie: int, closest: int, guards: int, goodie_turns: int) -> float:
    """What one goodie on the board is worth: the way still to go, the
    nearest baddie (`closest` steps away) and the guards at the exit."""
    alarm = (1.0, 0.6, 0.4)[goodie_turns]  # each goodie turn first is a chance to step away
    threat = (7 - closest) / 6 if closest <= 6 else 0.0
    term = max(0.15, 0.98 - 0.045 * SAFE_DISTANCE[goodie]) * (1 - 0.5 * alarm * threat)
    if SAFE_DISTANCE[goodie] > 2:
        term *= 1 - 0.2 * min(guards, 3)
    return term


def _chest_part(closest: int) -> float:
    """A chest's pull: part of its average gold, more the nearer the nearest goodie."""
    return (CHEST_GOLD / GOLD_PER_POINT) * (0.6 - 0.06 * closest) if closest < 10 else 0.0


def _unchanged_by_baddies(view: Outlook, memo: dict | None) -> float:
    """The part of `worth` a baddie's move cannot change: defeated goodies
    (who may come back), the number of baddies, and the chests, each worth
    part of its average gold, more the nearer a goodie stands."""
    key = (view.chests, view.goodies, view.lost_goodies, len(view.baddies))
    if memo is not None and key in memo:
        return memo[key]
    total = 0.15 * view.lost_goodies - 0.02 * len(view.baddies)
    for c in view.chests:
        total += _chest_part(min(map(MANHATTAN[c].__getitem__, view.goodies)))
    if memo is not None:
        memo[key] = total
    return total


def _two_nearest(cell: int, others: tuple[int, ...]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells of `others` nearest to `cell`, as (distance, cell) pairs."""
    ranked = sorted((MANHATTAN[cell][o], o) for o in others)[:2] + [(FAR, -1), (FAR, -1)]
    return ranked[0], ranked[1]


def _nearest_after_step(near: tuple[tuple[int, int], tuple[int, int]], distances, start: int, end: int) -> int:
    """Distance to the nearest of a group after one member steps from start to end."""
    first, second = near
    rest = second[0] if first[1] == start else first[0]
    return min(rest, distances[end])


def baddie_step_worths(now: Outlook, pairs: list[tuple[int, int]], memo: dict) -> list[float]:
    """`worth` after each baddie move in `pairs` that ends on an empty space.

    The same numbers as `worth(move_futures(...))` (a test checks), found by
    changing only what such a move changes: each goodie's nearest baddie and
    the guard count. The baddie AI weighs every move of six baddies each
    turn, so this is where its time goes.
    """
    base = _banked(now) + _unchanged_by_baddies(now, memo)
    guards_now = _guards(now.baddies)
    nearest = [(g, _two_nearest(g, now.baddies)) for g in now.goodies]
    values = []
    for start, end in pairs:
        guards = guards_now - (start in EXIT_ZONE) + (end in EXIT_ZONE)
        value = base
        for g, near in nearest:
            closest = _nearest_after_step(near, MANHATTAN[g], start, end)
            value += _goodie_term(g, closest, guards, now.goodie_turns)
        values.append(value)
    return values


def goodie_step_worths(now: Outlook, pairs: list[tuple[int, int]]) -> list[float]:
    """`worth` after each goodie move in `pairs` that ends on an empty square
    of the grid: only the mover's own term and the chests' part change (a
    test checks these equal `worth(move_futures(...))`)."""
    guards = _guards(now.baddies)

    def term(g: int) -> float:
        closest = min(map(MANHATTAN[g].__getitem__, now.baddies), default=FAR)
        return _goodie_term(g, closest, guards, now.goodie_turns)

    terms = {g: term(g) for g in now.goodies}
    base = _banked(now) + sum(terms.values()) + 0.15 * now.lost_goodies - 0.02 * len(now.baddies)
    chests = [(MANHATTAN[c], _two_nearest(c, now.goodies)) for c in now.chests]
    values = []
    for start, end in pairs:
        if end not in terms:
            terms[end] = term(end)
        value = base - terms[start] + terms[end]
        for distances, near in chests:
            value += _chest_part(_nearest_after_step(near, distances, start, end))
        values.append(value)
    return values


def outlook(state: State) -> Outlook:
    """The position as a bot sees it once the current turn is over."""
    return Outlook(
        tuple(state.cells_with("G")), tuple(state.cells_with("B")), tuple(state.cells_with(CHEST)),
        float(state.gold), state.survivors, state.lost[GOODIE],
        2 if state.side == BADDIE else 1 - state.step,
    )


def _without(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return tuple(c for c in cells if c != cell)


def futures(now: Outlook, action) -> list[tuple[float, Outlook]]:
    """The outlooks an action (in a MOVE or LOOT_SIX phase) leads to, with
    their chances. Worked out directly rather than through `apply`, which
    is slower and would leave the dice still to settle."""
    if isinstance(action, TakeGold):
        return [(1.0, now._replace(gold=now.gold + REVIVAL_ROLL))]
    if isinstance(action, Revive):
        cell = BOARD.index[action.cell]
        if action.side == GOODIE:
            return [(1.0, now._replace(goodies=now.goodies + (cell,), lost_goodies=now.lost_goodies - 1))]
        return [(1.0, now._replace(baddies=now.baddies + (cell,)))]
    if isinstance(action, Move):
        return move_futures(now, action.side, BOARD.index[action.frm], BOARD.index[action.to])
    return [(1.0, now)]


def move_futures(now: Outlook, side: int, start: int, end: int) -> list[tuple[float, Outlook]]:
    """The outlooks of a move: a battle is an even bet once ties are
    re-rolled, a chest is worth its average gold."""
    if side == GOODIE:
        rest = _without(now.goodies, start)
        if BOARD.kinds[end] == SAFE:
            return [(1.0, now._replace(goodies=rest, survivors=now.survivors + 1))]
        if end in now.chests:
            return [(1.0, now._replace(goodies=rest + (end,), chests=_without(now.chests, end),
                                       gold=now.gold + CHEST_GOLD))]
        if end in now.baddies:
            return [(0.5, now._replace(goodies=rest + (end,), baddies=_without(now.baddies, end))),
                    (0.5, now._replace(goodies=rest, lost_goodies=now.lost_goodies + 1))]
        return [(1.0, now._replace(goodies=rest + (end,)))]
    rest = _without(now.baddies, start)
    if end in now.goodies:
        return [(0.5, now._replace(goodies=_without(now.goodies, end), lost_goodies=now.lost_goodies + 1)),
                (0.5, now._replace(baddies=rest))]
    return [(1.0, now._replace(baddies=rest + (end,)))]


def _expected(outcomes: list[tuple[float, Outlook]], memo: dict) -> float:
    return sum(p * worth(view, memo) for p, view in outcomes)


def _choose(engine: SittersEngine, state: State, player: int, rng, sign: float):
    """The action whose expected `worth` is best for `sign` (+1 goodies, -1 baddies).

    Moves are weighed as (start, end) cells and only the chosen one is made
    into a `Move`: a bot weighs dozens of moves per turn, in the browser too."""
    now, memo = outlook(state), {}
    if state.phase == MOVE:
        pairs = move_pairs(state)
        # Plain steps onto empty squares the quick way; the rest in full.
        if state.side == BADDIE:
            steps = [pair for pair in pairs if pair[1] not in now.goodies]
            values = baddie_step_worths(now, steps, memo)
        else:
            steps = [pair for pair in pairs if state.pieces[pair[1]] == EMPTY and BOARD.kinds[pair[1]] != SAFE]
            values = goodie_step_worths(now, steps)
        options = [(pair, sign * value) for pair, value in zip(steps, values)]
        plain = set(steps)
        options += [(pair, sign * _expected(move_futures(now, state.side, *pair), memo))
                    for pair in pairs if pair not in plain]
        choices = engine.other_choices(state, can_move=bool(options))
    else:
        options, choices = [], engine.legal_actions(state, player)
    options += [(action, sign * _expected(futures(now, action), memo)) for action in choices]
    best = max(value for _, value in options)
    picked = rng.choice([option for option, value in options if value >= best - 1e-9])
    if isinstance(picked, tuple):
        start, end = picked
        return Move(state.side, BOARD.names[start], BOARD.names[end])
    return picked


def _setup_choice(state: State, actions: list, rng):
    """Setup placements: goodies near the middle row, chests where each side wants them."""
    def rank(action: Place) -> float:
        cell = BOARD.index[action.cell]
        row, col = divmod(cell, BOARD.width)
        middle = (BOARD.height - 1) / 2
        if action.kind == "G":  # start next to the open middle row
            return abs(row - middle)
        if action.kind == "B":
            return 0.0
        if state.side == GOODIE:  # chests on the way: close to the start, near the middle row
            return col + 1.5 * abs(row - middle)
        # Baddie chests: far from the middle row, but not boxing in a baddie start space.
        beside_baddie = any(n in START_SPACES[BADDIE] for n in BOARD.neighbours[cell])
        return -abs(row - middle) * 2 + abs(col - 5) + (10 if beside_baddie else 0) + (10 if col == 9 else 0)
    ranks = [rank(a) for a in actions]
    best = min(ranks)
    return rng.choice([a for a, r in zip(actions, ranks) if r <= best + 1e-9])


SETUP_PHASES = (PLACE_GOODIES, PLACE_BADDIES, PLACE_CHESTS)


def goodie_bot(engine: Engine, state: State, player: int, rng):
    """The goodie AI: run for the safe zone, grab nearby gold, keep out of reach."""
    if player != GOODIE:
        return baddie_bot(engine, state, player, rng)
    if state.phase in SETUP_PHASES:
        return _setup_choice(state, engine.legal_actions(state, player), rng)
    return _choose(engine, state, player, rng, +1.0)


def baddie_bot(engine: Engine, state: State, player: int, rng):
    """The baddie AI: chase the nearest goodies, fight when it pays, guard the exit."""
    if player != BADDIE:
        return goodie_bot(engine, state, player, rng)
    if state.phase in SETUP_PHASES:
        return _setup_choice(state, engine.legal_actions(state, player), rng)
    return _choose(engine, state, player, rng, -1.0)


def heuristic_bot(engine: Engine, state: State, player: int, rng):
    """Either side: the goodie AI for player 0, the baddie AI for player 1."""
    return (goodie_bot if player == GOODIE else baddie_bot)(engine, state, player, rng)


# "baddie" and "goodie" name the side each AI was built for; asked to play the
# other side, each hands over to its partner, so any of them can take any seat.
BOTS = {"heuristic": heuristic_bot, "baddie": baddie_bot, "goodie": goodie_bot}
