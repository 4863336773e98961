"""Splut! rule engine: 2-4 players on the 41-square diamond arena.

Rules and clarifications (C1, C2, ...) are in rules.md next to this file; the
rule names in IllegalAction messages point at its sections.

Board: a 9x9 grid (columns a-i, rows 1-9, row 1 at the bottom) masked to the
diamond |col-5| + |row-5| <= 4, read from board.csv. Squares are ints
`row * 9 + col` (0-based) inside the engine and names like "e5" outside.
Directions are N (towards row 9), E (towards column i), S and W.

Notation (one action = one step of one piece):

    S d2-d3              Sorcerer steps from d2 to d3
    S d2-d3 lev e5-e6    ... and levitates the Rock on e5 to e6 (same direction)
    T f2-f3              Troll steps
    T f3-f4 pull         ... and pulls the Rock behind him (on f2) onto f3
    T e2-e1 throw N      Troll steps onto the Rock on e1 and throws it north
    D e2-e3              Dwarf steps, pushing any line of pieces in front of him
    pass                 no step is possible: the turn ends (C5)

A state is a frozen `SplutState`; actions are `Step` named tuples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from generator.draw.shapes import Circle, Drawing, Polygon, Rect, Style, Text
from generator.play.api import Engine, Event, IllegalAction, Result, Turn
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


SEAT_ROWS = TABLES["seats"].rows
SEATS = {row["seat"]: row for row in SEAT_ROWS}
# Seats in turn order per player count (C3), from seating.csv.
SEATING = {
    row["players"]: tuple(row[k] for k in ("first", "second", "third", "fourth") if row[k])
    for row in TABLES["seating"].rows
}
# Steps for the first turns of the game; the last entry repeats (C4).
STEPS = tuple(row["steps"] for row in TABLES["steps"].rows)

LEV_READY = -1  # no Rock levitated yet this turn
LEV_SPENT = 4  # levitation started and stopped: no more this turn
# 0-3: the id of the Rock being levitated on the previous step of this turn


def steps_for_turn(turn_number: int) -> int:
    return STEPS[min(turn_number, len(STEPS) - 1)]


# -- state and actions -------------------------------------------------------


@dataclass(frozen=True)
class SplutState:
    players: int
    board: tuple[int, ...]  # 81 entries: a piece id or EMPTY
    where: tuple[int, ...]  # piece id -> square, or -1 once removed
    current: int  # the player whose turn it is
    turn_number: int  # turns started so far, minus one (0 for the first turn)
    steps_left: int
    levitation: int  # LEV_READY, a Rock id, or LEV_SPENT
    moved_before: tuple[int, ...]  # Rock ids moved during the previous turn (C13)
    moved_now: tuple[int, ...]  # Rock ids moved so far this turn
    turn_limit: int  # C15: the game is drawn once this many turns are played

    def alive(self, player: int) -> bool:
        return self.where[4 + 3 * player] >= 0  # the team's Sorcerer

    def survivors(self) -> tuple[int, ...]:
        where = self.where
        return tuple(p for p in range(self.players) if where[4 + 3 * p] >= 0)

    def seat(self, player: int) -> str:
        return SEATING[self.players][player]

    def colour(self, player: int) -> str:
        return SEATS[self.seat(player)]["colour"]


class Step(NamedTuple):
    """One step of one piece, or a pass. Squares are ints; -1 means none."""

    piece: str  # "S", "T", "D" or "pass"
    frm: int = -1
    to: int = -1
    pull: bool = False
    throw: int = -1  # direction of the throw when the Troll steps onto a Rock
    lev: int = -1  # square of the Rock the Sorcerer levitates


PASS = Step("pass")


def build_state(
    players: int,
    teams: list[dict | None],
    rocks: list[str],
    current: int = 0,
    turn_number: int = 2,
    steps_left: int | None = None,
    levitation: int = LEV_READY,
    moved_before: tuple[int, ...] = (),
    moved_now: tuple[int, ...] = (),
    turn_limit: int = 300,
) -> SplutState:
    """A position from readable parts (tests and walkthrough setups use it).

    `teams[p]` maps "S"/"T"/"D" to square names (a missing key: that piece is
    gone; None: the whole team is out). `rocks` lists the four Rock squares
    in id order.
    """
    if len(rocks) != ROCK_COUNT:
        raise ValueError("Splut! always has four Rocks")
    where = [-1] * (4 + 3 * players)
    for rid, name in enumerate(rocks):
        where[rid] = square(name)
    for player, team in enumerate(teams):
        for letter, name in (team or {}).items():
            where[team_piece(player, KIND_LETTERS.index(letter))] = square(name)
    board = [EMPTY] * 81
    for pid, sq in enumerate(where):
        if sq < 0:
            continue
        if sq not in ARENA or board[sq] != EMPTY:
            raise ValueError(f"bad or shared square {square_name(sq)}")
        board[sq] = pid
    return SplutState(
        players=players,
        board=tuple(board),
        where=tuple(where),
        current=current,
        turn_number=turn_number,
        steps_left=steps_for_turn(turn_number) if steps_left is None else steps_left,
        levitation=levitation,
        moved_before=tuple(sorted(moved_before)),
        moved_now=tuple(sorted(moved_now)),
        turn_limit=turn_limit,
    )


def starting_teams(players: int) -> tuple[list[dict], list[str]]:
    teams = []
    for seat in SEATING[players]:
        row = SEATS[seat]
        teams.append({"S": row["sorcerer"], "T": row["troll"], "D": row["dwarf"]})
    rocks = [row["rock"] for row in SEAT_ROWS]
    return teams, rocks


# -- legal steps --------------------------------------------------------------


def _sorcerer_steps(state: SplutState, at: int) -> list[Step]:
    board, where = state.board, state.where
    if state.levitation == LEV_READY:
        rocks = [r for r in range(ROCK_COUNT) if r not in state.moved_before]  # C13
    elif state.levitation == LEV_SPENT:
        rocks = []
    else:
        rocks = [state.levitation]  # the same Rock, continuing
    out = []
    for d in range(4):
        to = NEXT[d][at]
        if to == OFF:
            continue
        if board[to] == EMPTY:
            out.append(Step("S", at, to))
        for rid in rocks:
            rock_at = where[rid]
            rock_to = NEXT[d][rock_at]
            # C11: the Rock needs an empty square; C12: the two move together,
            # so each may take the square the other leaves.
            if rock_to == OFF or not (board[rock_to] == EMPTY or rock_to == at):
                continue
            if board[to] == EMPTY or to == rock_at:
                out.append(Step("S", at, to, lev=rock_at))
    return out


def _throw_is_open(board: tuple[int, ...], troll_from: int, rock_at: int, direction: int) -> bool:
    """C7: the Rock must be able to leave the Troll's square in this direction."""
    first = NEXT[direction][rock_at]
    if first == OFF:
        return False
    if first == troll_from:  # the square the Troll just left is empty now
        return True
    occupant = board[first]
    return occupant == EMPTY or kind_of(occupant) not in (ROCK, TROLL)


def _troll_steps(state: SplutState, at: int) -> list[Step]:
    board = state.board
    out = []
    for d in range(4):
        to = NEXT[d][at]
        if to == OFF:
            continue
        occupant = board[to]
        if occupant == EMPTY:
            out.append(Step("T", at, to))
            behind = NEXT[opposite(d)][at]
            if behind != OFF and board[behind] != EMPTY and board[behind] < ROCK_COUNT:
                out.append(Step("T", at, to, pull=True))
        elif occupant < ROCK_COUNT:  # stepping onto a Rock means throwing it (C6: no pull)
            for throw in range(4):
                if _throw_is_open(board, at, to, throw):
                    out.append(Step("T", at, to, throw=throw))
    return out


def _push_line(board: tuple[int, ...], first: int, direction: int) -> list[int] | None:
    """Squares of the unbroken line of pieces from `first`, or None when the
    line reaches the edge and cannot move (C10)."""
    line = []
    sq = first
    while sq != OFF and board[sq] != EMPTY:
        line.append(sq)
        sq = NEXT[direction][sq]
    return None if sq == OFF else line


def _dwarf_steps(state: SplutState, at: int) -> list[Step]:
    board = state.board
    out = []
    for d in range(4):
        to = NEXT[d][at]
        if to == OFF:
            continue
        if board[to] == EMPTY or _push_line(board, to, d) is not None:
            out.append(Step("D", at, to))
    return out


_STEP_MAKERS = (_sorcerer_steps, _troll_steps, _dwarf_steps)


def piece_steps(state: SplutState, pid: int) -> list[Step]:
    at = state.where[pid]
    if at < 0:
        return []
    return _STEP_MAKERS[kind_of(pid)](state, at)


def _all_steps(state: SplutState, player: int) -> list[Step]:
    out = []
    for kind in (SORCERER, TROLL, DWARF):
        out.extend(piece_steps(state, team_piece(player, kind)))
    return out


# -- the engine ---------------------------------------------------------------


def _rule(section: str, clarification: str = "") -> str:
    return f"Rules §{section}" + (f", {clarification}" if clarification else "")


class SplutEngine(Engine):
    name = "Splut!"
    min_players = 2
    max_players = 4
    option_defaults = {"turn_limit": 300}

    def player_name(self, state, player: int) -> str:
        return state.colour(player)

    # -- setting up ---------------------------------------------------------
    def initial_state(self, players: int, options=None) -> SplutState:
        self.check_players(players)
        opts = self.options(options)
        teams, rocks = starting_teams(players)
        return build_state(players, teams, rocks, current=0, turn_number=0,
                           turn_limit=int(opts["turn_limit"]))

    def setups(self) -> dict:
        from_here = _walkthrough_setups()
        return {
            "start-2": self.initial_state(2),
            "start-3": self.initial_state(3),
            "start-4": self.initial_state(4),
            **from_here,
        }

    # -- playing --------------------------------------------------------------
    def turn(self, state: SplutState) -> Turn:
        if self.result(state) is not None:
            return Turn.over()
        return Turn.of(state.current)

    def legal_actions(self, state: SplutState, player: int) -> list[Step]:
        if player != state.current or self.result(state) is not None:
            return []
        return _all_steps(state, player) or [PASS]

    def apply(self, state: SplutState, action: Step):
        if self.result(state) is not None:
            raise IllegalAction(_rule("Winning and losing"), "the game is over")
        if not isinstance(action, Step):
            raise IllegalAction("notation", f"not a Splut! step: {action!r}")
        if action.piece == "pass":
            if _all_steps(state, state.current):
                raise IllegalAction(_rule("Moving a piece", "C5"),
                                    "every step is mandatory: you may pass only when no piece can step")
            who = state.colour(state.current)
            events = [Event("blocked", f"{who} cannot make any step; the turn ends.",
                            {"player": state.current})]
            return self._end_turn(state, state.board, state.where, state.moved_now, events), events
        pid = self._check(state, action)
        return self._do_step(state, pid, action)

    def _check(self, state: SplutState, action: Step) -> int:
        """The id of the acting piece, or IllegalAction naming the rule."""
        frm = action.frm
        pid = state.board[frm] if 0 <= frm < 81 else EMPTY
        if pid == EMPTY or pid < ROCK_COUNT or owner_of(pid) != state.current:
            raise IllegalAction(_rule("Moving a piece"),
                                f"you have no piece on {self._name(frm)} to move")
        if KIND_LETTERS[kind_of(pid)] != action.piece:
            raise IllegalAction(_rule("Moving a piece"),
                                f"the piece on {square_name(frm)} is a {KIND_NAMES[kind_of(pid)]}")
        if action not in piece_steps(state, pid):
            raise self._refusal(state, pid, action)
        return pid

    @staticmethod
    def _name(sq: int) -> str:
        return square_name(sq) if 0 <= sq < 81 else "??"

    def _refusal(self, state: SplutState, pid: int, action: Step) -> IllegalAction:
        """Explain why a step that is not legal is refused."""
        board = state.board
        d = direction_between(action.frm, action.to)
        if d < 0:
            return IllegalAction(_rule("Moving a piece"),
                                 "a step goes one square north, east, south or west onto the arena")
        target = board[action.to]
        kind = kind_of(pid)
        if kind == SORCERER:
            if action.lev < 0:
                return IllegalAction(_rule("Moving a piece"), f"{square_name(action.to)} is occupied")
            rock = board[action.lev] if 0 <= action.lev < 81 else EMPTY
            if rock == EMPTY or rock >= ROCK_COUNT:
                return IllegalAction(_rule("Levitate"), f"there is no Rock on {self._name(action.lev)}")
            if state.levitation == LEV_SPENT:
                return IllegalAction(_rule("Levitate"),
                                     "levitation stopped this turn and cannot start again")
            if state.levitation >= 0 and rock != state.levitation:
                return IllegalAction(_rule("Levitate"), "only one Rock may be levitated per turn")
            if rock in state.moved_before:
                return IllegalAction(_rule("Levitate", "C13"),
                                     "this Rock moved during the previous turn")
            rock_to = NEXT[d][action.lev]
            if rock_to != OFF and board[rock_to] != EMPTY and kind_of(board[rock_to]) == TROLL:
                return IllegalAction(_rule("Levitate", "C11"),
                                     "a Rock cannot be levitated onto a Troll to make him throw it")
            if rock_to == OFF or (board[rock_to] != EMPTY and rock_to != action.frm):
                return IllegalAction(_rule("Levitate", "C11"),
                                     "the levitated Rock's way is blocked")
            return IllegalAction(_rule("Moving a piece"), f"{square_name(action.to)} is occupied")
        if kind == TROLL:
            if target != EMPTY and target < ROCK_COUNT:
                if action.pull:
                    return IllegalAction(_rule("Pull", "C6"),
                                         "a Troll cannot pull while stepping onto a Rock")
                if action.throw < 0:
                    return IllegalAction(_rule("Throw"),
                                         "a Troll who steps onto a Rock must throw it: name a direction")
                return IllegalAction(_rule("Throw", "C7"),
                                     "the Rock cannot fly that way: the next square is blocked")
            if target != EMPTY:
                return IllegalAction(_rule("Moving a piece"), f"{square_name(action.to)} is occupied")
            if action.throw >= 0:
                return IllegalAction(_rule("Throw"), "there is no Rock to throw there")
            return IllegalAction(_rule("Pull", "C6"),
                                 "no Rock stands right behind the Troll to pull")
        return IllegalAction(_rule("Push", "C10"),
                             "the line of pieces reaches the edge and cannot be pushed")

    def _do_step(self, state: SplutState, pid: int, action: Step):
        board = list(state.board)
        where = list(state.where)
        moved_now = set(state.moved_now)
        events: list[Event] = []
        who = state.colour(state.current)
        kind = kind_of(pid)
        frm, to = action.frm, action.to
        d = direction_between(frm, to)
        levitation = state.levitation
        route = f"{square_name(frm)}-{square_name(to)}"

        def lift(piece: int) -> None:
            board[where[piece]] = EMPTY

        def place(piece: int, sq: int) -> None:
            board[sq] = piece
            where[piece] = sq

        if kind == SORCERER and action.lev >= 0:
            rock = board[action.lev]
            rock_to = NEXT[d][action.lev]
            lift(pid)
            lift(rock)
            place(pid, to)
            place(rock, rock_to)
            moved_now.add(rock)
            levitation = rock
            events.append(Event("moved", f"The {who} Sorcerer steps {route}.",
                                {"piece": "S", "player": state.current, "from": square_name(frm),
                                 "to": square_name(to)}))
            events.append(Event("levitated",
                                f"The Rock on {square_name(action.lev)} floats along to {square_name(rock_to)}.",
                                {"from": square_name(action.lev), "to": square_name(rock_to)}))
        else:
            if levitation >= 0 and levitation != LEV_SPENT:
                levitation = LEV_SPENT  # any other step ends the levitation for this turn
            if kind == DWARF and board[to] != EMPTY:
                line = _push_line(state.board, to, d)
                names = []
                for sq in reversed(line):  # the far end moves first
                    piece = board[sq]
                    lift(piece)
                    place(piece, NEXT[d][sq])
                    if piece < ROCK_COUNT:
                        moved_now.add(piece)
                    names.append(self._describe(state, piece))
                names.reverse()
                listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
                events.append(Event("pushed",
                                    f"The {who} Dwarf pushes {listed} one square {DIRECTION_NAMES[d]}.",
                                    {"pieces": [square_name(sq) for sq in line],
                                     "direction": DIRECTION_LETTERS[d]}))
            throwing = kind == TROLL and board[to] != EMPTY
            rock = board[to] if throwing else EMPTY
            if throwing:
                board[to] = EMPTY  # the Troll picks the Rock up
                where[rock] = -1
            lift(pid)
            place(pid, to)
            events.insert(0, Event("moved", f"The {who} {KIND_NAMES[kind]} steps {route}.",
                                   {"piece": KIND_LETTERS[kind], "player": state.current,
                                    "from": square_name(frm), "to": square_name(to)}))
            if action.pull:
                behind = NEXT[opposite(d)][frm]
                pulled = board[behind]
                lift(pulled)
                place(pulled, frm)
                moved_now.add(pulled)
                events.append(Event("pulled", f"The Troll drags the Rock from {square_name(behind)} to {square_name(frm)}.",
                                    {"from": square_name(behind), "to": square_name(frm)}))
            if throwing:
                moved_now.add(rock)
                events.extend(self._fly(state, board, where, rock, to, action.throw))
                return self._finish(state, board, where, moved_now, levitation, events, end_turn=True)

        return self._finish(state, board, where, moved_now, levitation, events, end_turn=False)

    def _describe(self, state: SplutState, pid: int) -> str:
        if pid < ROCK_COUNT:
            return "a Rock"
        return f"the {state.colour(owner_of(pid))} {KIND_NAMES[kind_of(pid)]}"

    def _fly(self, state, board, where, rock, start, direction) -> list[Event]:
        """Move a thrown Rock from `start`; mutate board/where; return the events."""
        events = []
        prev = start
        sq = NEXT[direction][start]
        hit = EMPTY
        while True:
            if sq == OFF:
                landing = prev
                break
            occupant = board[sq]
            if occupant == EMPTY:
                prev, sq = sq, NEXT[direction][sq]
                continue
            kind = kind_of(occupant)
            if kind in (ROCK, TROLL):
                landing = prev
                break
            if kind == SORCERER:
                landing, hit = sq, occupant
                break
            # A Dwarf: the Rock passes over him unless an obstacle comes next (C8).
            after = NEXT[direction][sq]
            if after == OFF or (board[after] != EMPTY and kind_of(board[after]) in (ROCK, TROLL)):
                landing, hit = sq, occupant
                break
            prev, sq = sq, after
        events.append(Event("thrown",
                            f"The Troll throws the Rock {DIRECTION_NAMES[direction]}; it lands on {square_name(landing)}.",
                            {"from": square_name(start), "to": square_name(landing),
                             "direction": DIRECTION_LETTERS[direction]}))
        if hit != EMPTY and kind_of(hit) == SORCERER:
            victim = owner_of(hit)
            for kind in (SORCERER, TROLL, DWARF):
                piece = team_piece(victim, kind)
                if where[piece] >= 0:
                    board[where[piece]] = EMPTY
                    where[piece] = -1
            name = state.colour(victim)
            events.append(Event("killed", f"SPLUT! The {name} Sorcerer is crushed on {square_name(landing)}.",
                                {"player": victim, "at": square_name(landing)}))
            events.append(Event("eliminated", f"The whole {name} team leaves the arena.",
                                {"player": victim}))
        elif hit != EMPTY:
            board[landing] = EMPTY
            where[hit] = -1
            events.append(Event("crushed",
                                f"The Rock lands on the {state.colour(owner_of(hit))} Dwarf on {square_name(landing)} and crushes him.",
                                {"player": owner_of(hit), "at": square_name(landing)}))
        board[landing] = rock
        where[rock] = landing
        return events

    def _finish(self, state, board, where, moved_now, levitation, events, end_turn: bool):
        steps_left = state.steps_left - 1
        if end_turn or steps_left == 0 or self._survivor_count(where, state.players) <= 1:
            new = self._end_turn(state, tuple(board), tuple(where), tuple(sorted(moved_now)), events)
        else:
            new = SplutState(state.players, tuple(board), tuple(where), state.current,
                             state.turn_number, steps_left, levitation, state.moved_before,
                             tuple(sorted(moved_now)), state.turn_limit)
        return new, events

    @staticmethod
    def _survivor_count(where, players: int) -> int:
        return sum(1 for p in range(players) if where[team_piece(p, SORCERER)] >= 0)

    def _end_turn(self, state, board, where, moved_now, events) -> SplutState:
        players = state.players
        nxt = state.current
        for _ in range(players):
            nxt = (nxt + 1) % players
            if where[team_piece(nxt, SORCERER)] >= 0:
                break  # C14: eliminated players are skipped
        turn_number = state.turn_number + 1
        new = SplutState(
            players=players,
            board=board,
            where=where,
            current=nxt,
            turn_number=turn_number,
            steps_left=steps_for_turn(turn_number),
            levitation=LEV_READY,
            moved_before=moved_now,
            moved_now=(),
            turn_limit=state.turn_limit,
        )
        survivors = new.survivors()
        if len(survivors) == 1:
            winner = survivors[0]
            events.append(Event("won", f"{new.colour(winner)}'s Sorcerer is the last one standing and wins.",
                                {"player": winner}))
        elif turn_number >= state.turn_limit:
            events.append(Event("draw", f"The turn limit ({state.turn_limit}) is reached: a draw.", {}))
        return new

    def result(self, state: SplutState) -> Result | None:
        survivors = state.survivors()
        if len(survivors) == 1:
            scores = tuple(1.0 if p == survivors[0] else 0.0 for p in range(state.players))
            return Result((survivors[0],), scores, f"{state.colour(survivors[0])} wins")
        if state.turn_number >= state.turn_limit:
            share = 1.0 / len(survivors)
            scores = tuple(share if p in survivors else 0.0 for p in range(state.players))
            return Result((), scores, "Draw: the turn limit was reached")
        return None

    # -- notation -------------------------------------------------------------
    def notation(self, action: Step) -> str:
        if action.piece == "pass":
            return "pass"
        text = f"{action.piece} {self._name(action.frm)}-{self._name(action.to)}"
        if action.pull:
            text += " pull"
        if action.throw >= 0:
            text += f" throw {DIRECTION_LETTERS[action.throw]}"
        if action.lev >= 0:
            d = grid_direction(action.frm, action.to)
            rock_to = grid_step(action.lev, d) if d >= 0 else OFF
            text += f" lev {self._name(action.lev)}-{self._name(rock_to)}"
        return text

    _PATTERN = re.compile(
        r"^(?P<piece>[STD])\s+(?P<frm>[a-i][1-9])\s*-\s*(?P<to>[a-i][1-9])"
        r"(?:\s+(?P<pull>pull)|\s+throw\s+(?P<throw>[NESW])"
        r"|\s+lev\s+(?P<lev>[a-i][1-9])\s*-\s*(?P<levto>[a-i][1-9]))?$",
        re.IGNORECASE,
    )

    def parse(self, state, text: str) -> Step:
        cleaned = " ".join(str(text).split())
        if cleaned.lower() == "pass":
            return PASS
        match = self._PATTERN.match(cleaned)
        if not match:
            raise IllegalAction("notation", f"cannot read {text!r} as a Splut! step "
                                            "(e.g. 'T e2-e3', 'T e3-e4 pull', 'T e2-e1 throw N', "
                                            "'S d2-d3 lev e5-e6', 'D e2-e3', 'pass')")
        piece = match["piece"].upper()
        frm, to = square(match["frm"].lower()), square(match["to"].lower())
        pull = bool(match["pull"])
        throw = DIRECTION_LETTERS.index(match["throw"].upper()) if match["throw"] else -1
        lev = -1
        if pull and piece != "T" or throw >= 0 and piece != "T":
            raise IllegalAction("notation", "only a Troll pulls or throws")
        if match["lev"]:
            if piece != "S":
                raise IllegalAction("notation", "only a Sorcerer levitates")
            lev = square(match["lev"].lower())
            d = grid_direction(frm, to)
            if d < 0 or grid_direction(lev, square(match["levto"].lower())) != d:
                raise IllegalAction(_rule("Levitate"),
                                    "a levitated Rock moves the same way as its Sorcerer")
        return Step(piece, frm, to, pull, throw, lev)

    # -- serialisation --------------------------------------------------------
    def state_to_json(self, state: SplutState) -> dict:
        def at(pid):
            sq = state.where[pid]
            return square_name(sq) if sq >= 0 else None

        teams = []
        for p in range(state.players):
            teams.append({letter: at(team_piece(p, kind)) for kind, letter in enumerate(KIND_LETTERS)})
        levitation = {LEV_READY: "ready", LEV_SPENT: "spent"}.get(state.levitation, state.levitation)
        return {
            "game": "splut",
            "players": state.players,
            "seats": list(SEATING[state.players]),
            "teams": teams,
            "rocks": [at(r) for r in range(ROCK_COUNT)],
            "current": state.current,
            "turn_number": state.turn_number,
            "steps_left": state.steps_left,
            "levitation": levitation,
            "moved_before": list(state.moved_before),
            "moved_now": list(state.moved_now),
            "turn_limit": state.turn_limit,
        }

    def state_from_json(self, data) -> SplutState:
        levitation = data["levitation"]
        levitation = {"ready": LEV_READY, "spent": LEV_SPENT}.get(levitation, levitation)
        teams = [{letter: sq for letter, sq in team.items() if sq} for team in data["teams"]]
        return build_state(
            int(data["players"]), teams, list(data["rocks"]),
            current=int(data["current"]), turn_number=int(data["turn_number"]),
            steps_left=int(data["steps_left"]), levitation=int(levitation),
            moved_before=tuple(data["moved_before"]), moved_now=tuple(data["moved_now"]),
            turn_limit=int(data["turn_limit"]),
        )

    # -- interaction and diagrams ------------------------------------------------
    def cells(self, state: SplutState, action: Step) -> tuple[str, ...]:
        if action.piece == "pass":
            return ()
        frm, to = action.frm, action.to
        names = [square_name(frm)]
        d = direction_between(frm, to)
        if action.lev >= 0 and d >= 0:
            names += [square_name(action.lev), square_name(NEXT[d][action.lev])]
        if action.pull and d >= 0:
            names.append(square_name(NEXT[opposite(d)][frm]))
        if action.piece == "D" and d >= 0 and state.board[to] != EMPTY:
            line = _push_line(state.board, to, d) or []
            names += [square_name(NEXT[d][sq]) for sq in line]
        names.append(square_name(to))
        if action.throw >= 0:
            names += _flight_path(state.board, frm, to, action.throw)
        return tuple(names)

    def render(self, state: SplutState, highlight=()) -> Drawing:
        return draw_position(state, highlight)


def _flight_path(board, troll_from: int, start: int, direction: int) -> list[str]:
    """Squares a thrown Rock crosses, the landing square last (for highlights)."""
    board = list(board)
    board[troll_from] = EMPTY
    path = []
    sq = NEXT[direction][start]
    while sq != OFF:
        occupant = board[sq]
        if occupant != EMPTY:
            kind = kind_of(occupant)
            if kind in (ROCK, TROLL):
                break
            if kind == SORCERER:
                path.append(square_name(sq))
                break
            after = NEXT[direction][sq]
            if after == OFF or (board[after] != EMPTY and kind_of(board[after]) in (ROCK, TROLL)):
                path.append(square_name(sq))
                break
        path.append(square_name(sq))
        sq = NEXT[direction][sq]
    return path


# -- diagrams -----------------------------------------------------------------

CELL = 13.0  # mm
MARGIN = 8.0
HEADER = 8.0
LIGHT, DARK, TIP = "#efe4cc", "#dccaa3", "#b9a57a"
HIGHLIGHT = "#d6187a"
ROCK_FILL = "#8a8a84"


def _cell_origin(sq: int) -> tuple[float, float]:
    col, row = sq % 9, sq // 9
    return MARGIN + col * CELL, HEADER + (8 - row) * CELL


def _text_colour(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _piece_shapes(pid: int, state: SplutState, x: float, y: float) -> list:
    cx, cy = x + CELL / 2, y + CELL / 2
    kind = kind_of(pid)
    if kind == ROCK:
        r = CELL * 0.38
        points = tuple((cx + r * dx, cy + r * dy) for dx, dy in
                       ((-0.55, -0.9), (0.45, -1.0), (1.0, -0.3), (0.8, 0.7), (0.05, 1.0), (-0.9, 0.6), (-1.0, -0.2)))
        return [Polygon(points, Style(fill=ROCK_FILL, stroke="#3c3c38", stroke_width=0.4), role="rock"),
                Text(cx, cy + 1.4, "R", size=4.0, fill="#ffffff", anchor="middle", bold=True, role="rock-label")]
    fill = SEATS[state.seat(owner_of(pid))]["hex"]
    style = Style(fill=fill, stroke="#1b1b1b", stroke_width=0.4)
    letter = KIND_LETTERS[kind]
    role = f"{KIND_NAMES[kind].lower()}-{owner_of(pid)}"
    if kind == SORCERER:
        shape = Circle(cx, cy, CELL * 0.36, style, role=role)
    elif kind == TROLL:
        half = CELL * 0.34
        shape = Rect(cx - half, cy - half, 2 * half, 2 * half, style, rx=1.2, role=role)
    else:
        r = CELL * 0.4
        shape = Polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), style, role=role)
    label = Text(cx, cy + 1.4, letter, size=4.0, fill=_text_colour(fill), anchor="middle", bold=True,
                 role=f"{role}-label")
    return [shape, label]


def draw_position(state: SplutState, highlight=()) -> Drawing:
    marked = set(highlight)
    shapes: list = []
    for sq in sorted(ARENA):
        x, y = _cell_origin(sq)
        name = square_name(sq)
        tip = sum(1 for d in range(4) if NEXT[d][sq] != OFF) == 1
        fill = TIP if tip else (LIGHT if (sq % 9 + sq // 9) % 2 == 0 else DARK)
        shapes.append(Rect(x, y, CELL, CELL, Style(fill=fill, stroke="#6b5a3a", stroke_width=0.3),
                           cell=name, role="square"))
    for sq in sorted(ARENA):
        if square_name(sq) in marked:
            x, y = _cell_origin(sq)
            shapes.append(Rect(x + 0.6, y + 0.6, CELL - 1.2, CELL - 1.2,
                               Style(fill=HIGHLIGHT, stroke=HIGHLIGHT, stroke_width=1.0, opacity=0.35),
                               cell=square_name(sq), role="highlight"))
    for pid, sq in enumerate(state.where):
        if sq >= 0:
            shapes.extend(_piece_shapes(pid, state, *_cell_origin(sq)))
    for i in range(9):
        x = MARGIN + i * CELL + CELL / 2
        shapes.append(Text(x, HEADER + 9 * CELL + 5.0, COLUMNS[i], size=3.5, anchor="middle",
                           fill="#444444", role="coordinate"))
        y = HEADER + (8 - i) * CELL + CELL / 2 + 1.2
        shapes.append(Text(MARGIN - 3.0, y, str(i + 1), size=3.5, anchor="middle", fill="#444444",
                           role="coordinate"))
    width = 2 * MARGIN + 9 * CELL
    if ENGINE.result(state) is None:
        caption = (f"{state.colour(state.current)} to play: {state.steps_left} "
                   f"step{'s' if state.steps_left != 1 else ''} left")
    else:
        caption = ENGINE.result(state).text
    shapes.append(Text(MARGIN, HEADER - 2.5, caption, size=4.0, fill="#222222", role="caption"))
    return Drawing(width, HEADER + 9 * CELL + MARGIN, tuple(shapes), title="Splut! position")


# -- walkthrough setups ------------------------------------------------------------


def _walkthrough_setups() -> dict:
    """Named positions for the walkthroughs in rules.md: two players, Red
    (South) to play a full three-step turn, Yellow (North) waiting."""
    def two_player(red: dict, yellow: dict, rocks: list[str]) -> SplutState:
        return build_state(2, [red, yellow], rocks, current=0, turn_number=2)

    return {
        # Pull: the Troll walks away from the Rock behind him and drags it along.
        "pull": two_player({"S": "d2", "T": "e4", "D": "f3"}, {"S": "f8", "T": "d8", "D": "e8"},
                           ["e3", "a5", "e9", "i5"]),
        # Throw at a Sorcerer: the Rock on e4 is in line with the Yellow Sorcerer on e7,
        # with the Yellow Dwarf on e6 in between (the Rock flies over him).
        "throw-kill": two_player({"S": "d2", "T": "c4", "D": "f3"}, {"S": "e7", "T": "d8", "D": "e6"},
                                 ["e4", "a5", "e9", "i5"]),
        # Throw that crushes a Dwarf: the Yellow Troll on h5 stands right behind his Dwarf.
        "throw-crush": two_player({"S": "d2", "T": "e3", "D": "e2"}, {"S": "f8", "T": "h5", "D": "g5"},
                                  ["e5", "a5", "e9", "e1"]),
        # Levitation: the Red Sorcerer steers the Rock on g4 from afar, into line
        # with the Yellow Sorcerer and next to the Red Troll.
        "levitate": two_player({"S": "d3", "T": "e6", "D": "e2"}, {"S": "f8", "T": "d8", "D": "e8"},
                               ["g4", "a5", "e9", "e1"]),
        # Push: the Red Dwarf shoves the Yellow Troll, then a whole line.
        "push-line": two_player({"S": "d2", "T": "f2", "D": "c5"}, {"S": "g5", "T": "d5", "D": "e8"},
                                ["f5", "a5", "e9", "e1"]),
    }


# -- the heuristic computer player ---------------------------------------------


def _troll_distances(board: tuple[int, ...], start: int) -> dict[int, int]:
    """Steps a Troll on `start` needs to reach each empty square (walking only)."""
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for sq in frontier:
            for d in range(4):
                n = NEXT[d][sq]
                if n != OFF and n not in dist and board[n] == EMPTY:
                    dist[n] = dist[sq] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _kill_entries(board: tuple[int, ...], where: tuple[int, ...], target: int) -> list[tuple[int, int]]:
    """(Rock square, direction) pairs from which a throw would hit the Sorcerer on `target`."""
    out = []
    for rid in range(ROCK_COUNT):
        rock_at = where[rid]
        for d in range(4):
            sq = NEXT[d][rock_at]
            while sq != OFF:
                occupant = board[sq]
                if occupant == EMPTY:
                    sq = NEXT[d][sq]
                    continue
                kind = kind_of(occupant)
                if kind == DWARF:
                    after = NEXT[d][sq]
                    if after == OFF or (board[after] != EMPTY and kind_of(board[after]) in (ROCK, TROLL)):
                        break
                    sq = after
                    continue
                if sq == target:
                    out.append((rock_at, d))
                break
    return out


def _steps_to_kill(board, where, troll_at: int, target: int) -> int:
    """Fewest steps for the Troll on `troll_at` to throw a Rock onto `target` (99: none seen)."""
    if troll_at < 0 or target < 0:
        return 99
    entries = _kill_entries(board, where, target)
    if not entries:
        return 99
    dist = _troll_distances(board, troll_at)
    best = 99
    for rock_at, _direction in entries:
        for d in range(4):
            q = NEXT[d][rock_at]
            if q in dist:
                best = min(best, dist[q] + 1)
    return best


def evaluate(state: SplutState, player: int) -> float:
    """How good `state` looks for `player` (higher is better)."""
    if not state.alive(player):
        return -100000.0
    survivors = state.survivors()
    if len(survivors) == 1:
        return 100000.0
    board, where = state.board, state.where
    my_sorcerer = where[team_piece(player, SORCERER)]
    my_troll = where[team_piece(player, TROLL)]
    my_turn = state.current == player
    score = -1000.0 * (len(survivors) - 1)
    score += 40.0 if where[team_piece(player, DWARF)] >= 0 else 0.0
    for enemy in survivors:
        if enemy == player:
            continue
        score -= 15.0 if where[team_piece(enemy, DWARF)] >= 0 else 0.0
        # Danger: the enemy Troll could throw at my Sorcerer on his next turn.
        danger = _steps_to_kill(board, where, where[team_piece(enemy, TROLL)], my_sorcerer)
        if danger <= 3:
            score -= 400.0 if state.current == enemy else 250.0
        # Chance: my Troll could throw at this Sorcerer.
        chance = _steps_to_kill(board, where, my_troll, where[team_piece(enemy, SORCERER)])
        if my_turn and chance <= state.steps_left:
            score += 500.0 + 20.0 * (state.steps_left - chance)  # closing in beats dawdling
        elif chance <= 3:
            score += 60.0
        else:
            score -= 3.0 * min(chance, 12)
    # Any Rock with a clear line to my Sorcerer is a risk: Dwarves, pulls and
    # levitation can bring a Troll to it sooner than walking suggests.
    score -= 60.0 * len(_kill_entries(board, where, my_sorcerer))
    free = sum(1 for d in range(4) if NEXT[d][my_sorcerer] != OFF and board[NEXT[d][my_sorcerer]] == EMPTY)
    score += 4.0 * free
    return score


def heuristic_bot(engine: SplutEngine, state: SplutState, player: int, rng) -> Step:
    """One step of look-ahead: take a killing throw when there is one, keep the
    own Sorcerer out of the Rocks' lines of fire, walk the Troll towards throws."""
    actions = engine.legal_actions(state, player)
    best, best_score = [], None
    for action in actions:
        after, _events = engine.apply(state, action)
        score = evaluate(after, player)
        if best_score is None or score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return rng.choice(best)


BOTS = {"heuristic": heuristic_bot}


ENGINE = SplutEngine()
