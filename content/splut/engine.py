"""Splut! rule engine: 2-4 players on the 41-square diamond arena.

Rules and clarifications (C1, C2, ...) are in rules.md next to this file; the
rule names in IllegalAction messages point at its sections.

This module holds the rules: states, steps, which steps are legal, how they
resolve, notation and serialisation. Beside it: board.py (the arena's
geometry, the pieces and the seats, read from the tables), drawing.py (the
diagrams `render` delegates to), setups.py (the walkthroughs' positions) and
bots.py (the heuristic computer player).

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
from typing import NamedTuple

from generator.draw.shapes import Drawing, for_narrow_screen
from generator.play.api import Engine, Event, IllegalAction, Result, Turn
from generator.play.words import N_, _

from .board import (
    ARENA,
    DIRECTION_LETTERS,
    DIRECTION_NAMES,
    DWARF,
    EMPTY,
    KIND_LETTERS,
    KIND_NAMES,
    NEXT,
    OFF,
    ROCK,
    ROCK_COUNT,
    SEAT_ROWS,
    SEATING,
    SEATS,
    SORCERER,
    STEPS,
    TROLL,
    direction_between,
    grid_direction,
    grid_step,
    kind_of,
    opposite,
    owner_of,
    square,
    square_name,
    team_piece,
)
from .drawing import draw_position
from .setups import WALKTHROUGH_SETUPS


# -- words ------------------------------------------------------------------
# Refusals and narration are marked for the game's catalogue (generator/play/words.py): a
# translated Play page shows them in its language. The words below come from the tables
# (board.py) and are named here so that the catalogue holds them too.

PIECE_WORDS = (N_("Sorcerer"), N_("Troll"), N_("Dwarf"), N_("Rock"))  # board.KIND_NAMES
COLOUR_WORDS = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"))  # seats.csv's colours
DIRECTION_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"))  # board.DIRECTION_NAMES
# one sentence per kind of piece: a language may decline "the Red ..." differently for each
STEPS_TAKEN = (N_("The {colour} Sorcerer steps {route}."), N_("The {colour} Troll steps {route}."),
               N_("The {colour} Dwarf steps {route}."))
PIECES_NAMED = (N_("the {colour} Sorcerer"), N_("the {colour} Troll"), N_("the {colour} Dwarf"))


def _colour(state: "SplutState", player: int) -> str:
    return _(state.colour(player))


# -- turns ------------------------------------------------------------------

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


def _occupied(square: int) -> IllegalAction:
    return IllegalAction(_rule("Moving a piece"), _("{square} is occupied").format(square=square_name(square)))


class SplutEngine(Engine):
    name = "Splut!"
    hidden_information = False  # perfect information: every piece is on the board and nothing is left to chance
    min_players = 2
    max_players = 4
    option_defaults = {"turn_limit": 300}

    def player_name(self, state, player: int) -> str:
        return _colour(state, player)

    # -- setting up ---------------------------------------------------------
    def initial_state(self, players: int, options=None) -> SplutState:
        self.check_players(players)
        opts = self.options(options)
        teams, rocks = starting_teams(players)
        return build_state(players, teams, rocks, current=0, turn_number=0,
                           turn_limit=int(opts["turn_limit"]))

    def setups(self) -> dict:
        # The walkthroughs' positions (setups.py): Red to play a full three-step turn.
        from_here = {name: build_state(2, [red, yellow], rocks, current=0, turn_number=2)
                     for name, (red, yellow, rocks) in WALKTHROUGH_SETUPS.items()}
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
            raise IllegalAction(_rule("Winning and losing"), _("the game is over"))
        if not isinstance(action, Step):
            raise IllegalAction("notation", f"not a Splut! step: {action!r}")
        if action.piece == "pass":
            if _all_steps(state, state.current):
                raise IllegalAction(_rule("Moving a piece", "C5"),
                                    _("every step is mandatory: you may pass only when no piece can step"))
            who = _colour(state, state.current)
            events = [Event("blocked", _("{colour} cannot make any step; the turn ends.").format(colour=who),
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
                                _("you have no piece on {square} to move").format(square=self._name(frm)))
        if KIND_LETTERS[kind_of(pid)] != action.piece:
            raise IllegalAction(_rule("Moving a piece"),
                                _("the piece on {square} is a {piece}").format(
                                    square=square_name(frm), piece=_(KIND_NAMES[kind_of(pid)])))
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
                                 _("a step goes one square north, east, south or west onto the arena"))
        target = board[action.to]
        kind = kind_of(pid)
        if kind == SORCERER:
            if action.lev < 0:
                return _occupied(action.to)
            rock = board[action.lev] if 0 <= action.lev < 81 else EMPTY
            if rock == EMPTY or rock >= ROCK_COUNT:
                return IllegalAction(_rule("Levitate"),
                                     _("there is no Rock on {square}").format(square=self._name(action.lev)))
            if state.levitation == LEV_SPENT:
                return IllegalAction(_rule("Levitate"),
                                     _("levitation stopped this turn and cannot start again"))
            if state.levitation >= 0 and rock != state.levitation:
                return IllegalAction(_rule("Levitate"), _("only one Rock may be levitated per turn"))
            if rock in state.moved_before:
                return IllegalAction(_rule("Levitate", "C13"),
                                     _("this Rock moved during the previous turn"))
            rock_to = NEXT[d][action.lev]
            if rock_to != OFF and board[rock_to] != EMPTY and kind_of(board[rock_to]) == TROLL:
                return IllegalAction(_rule("Levitate", "C11"),
                                     _("a Rock cannot be levitated onto a Troll to make him throw it"))
            if rock_to == OFF or (board[rock_to] != EMPTY and rock_to != action.frm):
                return IllegalAction(_rule("Levitate", "C11"),
                                     _("the levitated Rock's way is blocked"))
            return _occupied(action.to)
        if kind == TROLL:
            if target != EMPTY and target < ROCK_COUNT:
                if action.pull:
                    return IllegalAction(_rule("Pull", "C6"),
                                         _("a Troll cannot pull while stepping onto a Rock"))
                if action.throw < 0:
                    return IllegalAction(_rule("Throw"),
                                         _("a Troll who steps onto a Rock must throw it: name a direction"))
                return IllegalAction(_rule("Throw", "C7"),
                                     _("the Rock cannot fly that way: the next square is blocked"))
            if target != EMPTY:
                return _occupied(action.to)
            if action.throw >= 0:
                return IllegalAction(_rule("Throw"), _("there is no Rock to throw there"))
            return IllegalAction(_rule("Pull", "C6"),
                                 _("no Rock stands right behind the Troll to pull"))
        return IllegalAction(_rule("Push", "C10"),
                             _("the line of pieces reaches the edge and cannot be pushed"))

    def _do_step(self, state: SplutState, pid: int, action: Step):
        board = list(state.board)
        where = list(state.where)
        moved_now = set(state.moved_now)
        events: list[Event] = []
        who = _colour(state, state.current)
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
            events.append(Event("moved", _(STEPS_TAKEN[SORCERER]).format(colour=who, route=route),
                                {"piece": "S", "player": state.current, "from": square_name(frm),
                                 "to": square_name(to)}))
            events.append(Event("levitated",
                                _("The Rock on {square} floats along to {to}.").format(
                                    square=square_name(action.lev), to=square_name(rock_to)),
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
                listed = names[0] if len(names) == 1 else _("{pieces} and {last}").format(
                    pieces=", ".join(names[:-1]), last=names[-1])
                events.append(Event("pushed",
                                    _("The {colour} Dwarf pushes {pieces} one square {direction}.").format(
                                        colour=who, pieces=listed, direction=_(DIRECTION_NAMES[d])),
                                    {"pieces": [square_name(sq) for sq in line],
                                     "direction": DIRECTION_LETTERS[d]}))
            throwing = kind == TROLL and board[to] != EMPTY
            rock = board[to] if throwing else EMPTY
            if throwing:
                board[to] = EMPTY  # the Troll picks the Rock up
                where[rock] = -1
            lift(pid)
            place(pid, to)
            events.insert(0, Event("moved", _(STEPS_TAKEN[kind]).format(colour=who, route=route),
                                   {"piece": KIND_LETTERS[kind], "player": state.current,
                                    "from": square_name(frm), "to": square_name(to)}))
            if action.pull:
                behind = NEXT[opposite(d)][frm]
                pulled = board[behind]
                lift(pulled)
                place(pulled, frm)
                moved_now.add(pulled)
                events.append(Event("pulled", _("The Troll drags the Rock from {square} to {to}.").format(
                                        square=square_name(behind), to=square_name(frm)),
                                    {"from": square_name(behind), "to": square_name(frm)}))
            if throwing:
                moved_now.add(rock)
                events.extend(self._fly(state, board, where, rock, to, action.throw))
                return self._finish(state, board, where, moved_now, levitation, events, end_turn=True)

        return self._finish(state, board, where, moved_now, levitation, events, end_turn=False)

    def _describe(self, state: SplutState, pid: int) -> str:
        if pid < ROCK_COUNT:
            return _("a Rock")
        return _(PIECES_NAMED[kind_of(pid)]).format(colour=_colour(state, owner_of(pid)))

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
                            _("The Troll throws the Rock {direction}; it lands on {square}.").format(
                                direction=_(DIRECTION_NAMES[direction]), square=square_name(landing)),
                            {"from": square_name(start), "to": square_name(landing),
                             "direction": DIRECTION_LETTERS[direction]}))
        if hit != EMPTY and kind_of(hit) == SORCERER:
            victim = owner_of(hit)
            for kind in (SORCERER, TROLL, DWARF):
                piece = team_piece(victim, kind)
                if where[piece] >= 0:
                    board[where[piece]] = EMPTY
                    where[piece] = -1
            name = _colour(state, victim)
            events.append(Event("killed", _("SPLUT! The {colour} Sorcerer is crushed on {square}.").format(
                                    colour=name, square=square_name(landing)),
                                {"player": victim, "at": square_name(landing)}))
            events.append(Event("eliminated", _("The whole {colour} team leaves the arena.").format(colour=name),
                                {"player": victim}))
        elif hit != EMPTY:
            board[landing] = EMPTY
            where[hit] = -1
            events.append(Event("crushed",
                                _("The Rock lands on the {colour} Dwarf on {square} and crushes him.").format(
                                    colour=_colour(state, owner_of(hit)), square=square_name(landing)),
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
        for _seat in range(players):
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
            events.append(Event("won", _("{colour}'s Sorcerer is the last one standing and wins.").format(
                                    colour=_colour(new, winner)),
                                {"player": winner}))
        elif turn_number >= state.turn_limit:
            events.append(Event("draw", _("The turn limit ({limit}) is reached: a draw.").format(
                                    limit=state.turn_limit), {}))
        return new

    def result(self, state: SplutState) -> Result | None:
        survivors = state.survivors()
        if len(survivors) == 1:
            scores = tuple(1.0 if p == survivors[0] else 0.0 for p in range(state.players))
            return Result((survivors[0],), scores, _("{colour} wins").format(colour=_colour(state, survivors[0])))
        if state.turn_number >= state.turn_limit:
            share = 1.0 / len(survivors)
            scores = tuple(share if p in survivors else 0.0 for p in range(state.players))
            return Result((), scores, _("Draw: the turn limit was reached"))
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
            raise IllegalAction("notation", _("cannot read {text} as a Splut! step (e.g. 'T e2-e3', "
                                              "'T e3-e4 pull', 'T e2-e1 throw N', 'S d2-d3 lev e5-e6', "
                                              "'D e2-e3', 'pass')").format(text=repr(text)))
        piece = match["piece"].upper()
        frm, to = square(match["frm"].lower()), square(match["to"].lower())
        pull = bool(match["pull"])
        throw = DIRECTION_LETTERS.index(match["throw"].upper()) if match["throw"] else -1
        lev = -1
        if pull and piece != "T" or throw >= 0 and piece != "T":
            raise IllegalAction("notation", _("only a Troll pulls or throws"))
        if match["lev"]:
            if piece != "S":
                raise IllegalAction("notation", _("only a Sorcerer levitates"))
            lev = square(match["lev"].lower())
            d = grid_direction(frm, to)
            if d < 0 or grid_direction(lev, square(match["levto"].lower())) != d:
                raise IllegalAction(_rule("Levitate"),
                                    _("a levitated Rock moves the same way as its Sorcerer"))
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

    def move_parts(self, state: SplutState, action: Step, player: int | None = None):
        """A step first (a place), then what the step takes with it: a Troll who steps onto a Rock
        throws it (a direction, shown on the square next to the Rock that way); a Troll who pulls
        brings the Rock behind him, and a Sorcerer who levitates moves a Rock the same way (each
        that Rock, to take along). A pull or a levitation may be left out; a plain step is one part."""
        step = (square_name(action.to), "place")
        if action.piece == "T" and action.throw >= 0:
            beyond = NEXT[action.throw][action.to]  # on the arena: a throw off it is never legal (C7)
            return (step, (square_name(beyond), "direction"))
        d = direction_between(action.frm, action.to)
        if action.pull and d >= 0:
            behind = NEXT[opposite(d)][action.frm]
            return (step, (square_name(behind), "take", _("pull this Rock along behind him")))
        if action.lev >= 0 and action.lev == action.to:  # the Rock he steps onto: marked where it goes
            return (step, (square_name(NEXT[d][action.lev]), "take", _("levitate the Rock here, one square on")))
        if action.lev >= 0:
            return (step, (square_name(action.lev), "take", _("levitate this Rock the same way")))
        return None

    # a phone held upright: the same arena, its words large enough to read at 345 px across
    layouts = ("narrow",)
    # a choice on the board that fits no legal move is refused under the rule for moves
    moves_rule = "Rules §Moving a piece"

    def render(self, state: SplutState, highlight=(), layout: str = "") -> Drawing:
        drawing = draw_position(state, highlight, self.result(state))
        return for_narrow_screen(drawing) if layout == "narrow" else drawing


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


ENGINE = SplutEngine()
