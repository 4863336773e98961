"""Splat rule engine: 2-4 skydivers chase one parachute down a 5 x 10 board
whose left and right sides wrap.

The rules and the clarifications C1-C13 are in rules.md beside this file; the
rule names in IllegalAction messages point at its sections.

This module holds the rules: states, actions, how they resolve, notation and
serialisation. Beside it: board.py (the board's geometry and cell names, the
pieces, fates and phases), drawing.py (the diagrams `render` delegates to)
and bots.py (the heuristic computer player).

A round, as a sequence of turns (C2):

    chance   fall 1 | fall 2 | fall 3          the parachute's die
    holder   shift L | shift R | no shift      only when a skydiver holds it
    for each seat in order, if in the air and not holding the parachute:
      chance  roll 1 .. roll 6                 the skydiver's die
      player  move D L L D                     the steps, first one down (C7)

States are frozen `SplatState`s; actions are the small frozen dataclasses
`Fall`, `Roll`, `Shift` and `Move`. While an action resolves, the pieces are
copied into a mutable `_Air` scratch object, so `apply` never touches the
state it was given.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from generator.play.api import Engine, Event, IllegalAction, Result, Turn

from .board import (
    AIR,
    CHUTE_START,
    COLOUR_NAMES,
    FALL,
    HEIGHT,
    LANDED,
    MOVE,
    OVER,
    PHASES,
    PLANE,
    ROLL,
    SHIFT,
    SMASHED,
    START_CELLS,
    STEP_LETTERS,
    WIDTH,
    Cell,
    cell_name,
    neighbour,
    parse_cell,
)
from .drawing import draw_state


def spoken(cell: Cell) -> str:
    """A cell as the narration and the refusals say it: a sky cell by its coordinates ("c4", as the
    rules write them), a spot of the plane as the plane over its column ("b0" is the rules' label on
    the diagram, not what a player calls it)."""
    name = cell_name(cell)
    return f"the plane over column {name[0]}" if cell[1] == 0 else name


# -- the dice and the state -------------------------------------------------------

FALL_FACES = (1, 2, 3)  # the parachute's die
ROLL_FACES = (1, 2, 3, 4, 5, 6)  # a skydiver's die


@dataclass(frozen=True)
class SplatState:
    players: int
    skydivers: tuple  # per seat: its cell while in the air, None once smashed or landed
    fates: tuple  # per seat: AIR, SMASHED or LANDED
    chute: Optional[Cell]  # the free parachute's cell; None while held or once lost
    holder: Optional[int]  # the seat holding the parachute, if any
    chute_lost: bool  # the free parachute fell past row 10 (C4)
    round: int  # 1 for the first round
    phase: str  # FALL, SHIFT, ROLL, MOVE or OVER
    seat: int  # who acts in SHIFT, ROLL and MOVE; -1 otherwise
    die: int  # the parachute's fall during SHIFT, the skydiver's roll during MOVE; else 0


# -- actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class Fall:
    """Chance: the parachute's die says how far it falls."""

    steps: int


@dataclass(frozen=True)
class Roll:
    """Chance: a skydiver's die says how many steps it may take."""

    pips: int


@dataclass(frozen=True)
class Shift:
    """The holder's choice before the parachute falls: "L", "R" or "" (stay)."""

    direction: str


@dataclass(frozen=True)
class Move:
    """A skydiver's move: its steps in order, each "D", "L" or "R"."""

    path: tuple


# -- resolving one action ------------------------------------------------------------


class _Air:
    """A mutable copy of the pieces while one action resolves.

    Every rule about what pieces do to each other lives here: catching,
    pushing, bouncing, snatching, landing and smashing.
    """

    def __init__(self, state: SplatState):
        self.players = state.players
        self.cells = list(state.skydivers)
        self.fates = list(state.fates)
        self.chute = state.chute
        self.holder = state.holder
        self.lost = state.chute_lost
        self.events: list[Event] = []

    def name(self, seat: int) -> str:
        return COLOUR_NAMES[seat]

    def note(self, kind: str, text: str, **data) -> None:
        self.events.append(Event(kind, text, data))

    def at(self, cell: Cell) -> Optional[int]:
        for seat, where in enumerate(self.cells):
            if where == cell:
                return seat
        return None

    # -- moving pieces about
    def put(self, seat: int, cell: Cell) -> None:
        """Place a skydiver; one that arrives where the free parachute is
        catches it, however it got there (Rules §Catching the parachute, C3, C11)."""
        self.cells[seat] = cell
        if self.chute == cell:
            self.chute = None
            self.holder = seat
            self.note("captured", f"{self.name(seat)} catches the parachute on {spoken(cell)}.",
                      player=seat, cell=cell_name(cell))

    def push_sideways(self, seat: int, dx: int) -> None:
        """Displace a skydiver one cell sideways, pushing any skydiver already
        there the same way first (a chain); wraps at the sides (C9)."""
        start = self.cells[seat]
        target = ((start[0] + dx) % WIDTH, start[1])
        self.note("pushed", f"{self.name(seat)} is pushed from {spoken(start)} to {spoken(target)}.",
                  player=seat, **{"from": cell_name(start), "to": cell_name(target)})
        other = self.at(target)
        if other is not None:
            self.push_sideways(other, dx)
        self.put(seat, target)

    def push_down(self, seat: int) -> None:
        """Displace a skydiver one cell down, pushing any skydiver below it
        first; below row 10 is the ground (C10, C12)."""
        start = self.cells[seat]
        if start[1] == HEIGHT:
            self.reach_ground(seat)
            return
        target = (start[0], start[1] + 1)
        self.note("pushed", f"{self.name(seat)} is pushed down from {spoken(start)} to {spoken(target)}.",
                  player=seat, **{"from": cell_name(start), "to": cell_name(target)})
        other = self.at(target)
        if other is not None:
            self.push_down(other)
        self.put(seat, target)

    def bounce(self, seat: int) -> None:
        """A mover that hits someone from above goes back up one cell, unless
        that cell is taken or it is already in row 1 or the plane (C10)."""
        start = self.cells[seat]
        above = (start[0], start[1] - 1)
        if start[1] <= 1 or self.at(above) is not None:
            self.note("blocked", f"{self.name(seat)} cannot bounce up and stays on {spoken(start)}.",
                      player=seat, cell=cell_name(start))
            return
        self.put(seat, above)
        self.note("bounced", f"{self.name(seat)} bounces up from {spoken(start)} to {spoken(above)}.",
                  player=seat, **{"from": cell_name(start), "to": cell_name(above)})

    def reach_ground(self, seat: int) -> None:
        """With the parachute a skydiver lands; without it, it smashes (C12)."""
        start = self.cells[seat]
        self.cells[seat] = None
        if seat == self.holder:
            self.fates[seat] = LANDED
            self.note("landed", f"{self.name(seat)} floats down from {spoken(start)} and lands safely.",
                      player=seat, cell=cell_name(start))
        else:
            self.fates[seat] = SMASHED
            self.note("smashed", f"{self.name(seat)} hits the ground below {spoken(start)}: splat!",
                      player=seat, cell=cell_name(start))

    # -- a skydiver's move
    def step(self, seat: int, letter: str) -> bool:
        """One step of a move; True if the move may go on. Catching the
        parachute, a collision or the ground ends the move."""
        start = self.cells[seat]
        target = neighbour(start, letter)
        if target[1] > HEIGHT:
            self.reach_ground(seat)
            return False
        if target == self.chute:
            self.put(seat, target)
            return False
        other = self.at(target)
        if other is None:
            self.put(seat, target)
            return True
        dx = STEP_LETTERS[letter][0]
        if other == self.holder:  # C8: the mover tears the parachute away
            self.holder = seat
            self.note("snatched", f"{self.name(seat)} snatches the parachute from {self.name(other)} "
                      f"on {spoken(target)}.", player=seat, victim=other, cell=cell_name(target))
            if letter == "D":
                self.push_down(other)
            else:
                self.push_sideways(other, dx)
            self.put(seat, target)
            return False
        self.note("collided", f"{self.name(seat)} crashes into {self.name(other)} on {spoken(target)}.",
                  player=seat, victim=other, cell=cell_name(target))
        if letter == "D":  # from above (C10)
            self.push_down(other)
            self.bounce(seat)
        else:  # from the side (Rules §Collisions, C9)
            self.push_sideways(other, dx)
            self.put(seat, target)
        return False

    # -- the parachute's turn
    def free_fall(self, steps: int) -> None:
        """A free parachute drops; a skydiver below catches it (C3), and past
        row 10 it is lost (C4)."""
        start = self.chute
        for _ in range(steps):
            col, row = self.chute
            if row == HEIGHT:
                self.chute = None
                self.lost = True
                self.note("lost", f"The parachute falls past {spoken((col, row))} to the ground, empty.",
                          cell=cell_name((col, row)))
                return
            other = self.at((col, row + 1))
            if other is not None:
                self.chute = None
                self.holder = other
                self.note("captured", f"The parachute drops onto {self.name(other)}, who catches it on "
                          f"{spoken((col, row + 1))}.", player=other, cell=cell_name((col, row + 1)))
                return
            self.chute = (col, row + 1)
        self.note("fell", f"The parachute falls from {spoken(start)} to {spoken(self.chute)}.",
                  **{"from": cell_name(start), "to": cell_name(self.chute)})

    def shift(self, dx: int) -> None:
        """The holder steers one cell sideways, displacing anyone there (C5)."""
        seat = self.holder
        start = self.cells[seat]
        target = ((start[0] + dx) % WIDTH, start[1])
        other = self.at(target)
        if other is not None:
            self.note("collided", f"{self.name(seat)} steers into {self.name(other)} on {spoken(target)}.",
                      player=seat, victim=other, cell=cell_name(target))
            self.push_sideways(other, dx)
        self.put(seat, target)
        self.note("shifted", f"{self.name(seat)} steers the parachute from {spoken(start)} to "
                  f"{spoken(target)}.", player=seat, **{"from": cell_name(start), "to": cell_name(target)})

    def held_fall(self, steps: int) -> None:
        """The holder drifts down with the parachute: a skydiver below is hit
        from above (C6), and reaching the ground is a landing (C12)."""
        seat = self.holder
        start = self.cells[seat]
        for _ in range(steps):
            col, row = self.cells[seat]
            if row == HEIGHT:
                self.reach_ground(seat)
                return
            other = self.at((col, row + 1))
            if other is not None:
                self.note("collided", f"{self.name(seat)} drifts onto {self.name(other)} on "
                          f"{spoken((col, row + 1))}.", player=seat, victim=other,
                          cell=cell_name((col, row + 1)))
                self.push_down(other)
                self.bounce(seat)
                return
            self.put(seat, (col, row + 1))
        self.note("fell", f"{self.name(seat)} drifts down with the parachute from {spoken(start)} to "
                  f"{spoken(self.cells[seat])}.", player=seat,
                  **{"from": cell_name(start), "to": cell_name(self.cells[seat])})

    # -- after the action
    def in_air(self) -> list:
        return [seat for seat in range(self.players) if self.fates[seat] == AIR]

    def game_over(self) -> bool:
        """Landing wins; a holder whose rivals have all smashed wins (C13);
        a lost parachute or nobody left in the air means all lose (C4)."""
        alive = self.in_air()
        return (LANDED in self.fates or self.lost or not alive
                or (self.holder is not None and alive == [self.holder]))

    def freeze(self, round_: int, phase: str, seat: int, die: int) -> SplatState:
        return SplatState(self.players, tuple(self.cells), tuple(self.fates), self.chute, self.holder,
                          self.lost, round_, phase, seat, die)


# -- the engine -------------------------------------------------------------------------


class SplatEngine(Engine):
    name = "Splat"
    hidden_information = False  # perfect information: all in the sky in view, dice rolled openly
    rules_version = "splat-1"
    min_players = 2
    max_players = 4
    option_defaults = {}

    def player_name(self, state, player: int) -> str:
        return COLOUR_NAMES[player]

    # -- setting up
    def initial_state(self, players, options=None):
        self.check_players(players)
        self.options(options)
        return SplatState(players, START_CELLS[:players], (AIR,) * players, CHUTE_START, None, False,
                          1, FALL, -1, 0)

    def position(self, players, skydivers, *, chute=None, holder=None, fates=None, phase=ROLL, seat=0,
                 die=0, round=2):
        """A state from readable parts, for setups and tests:
        `skydivers` maps seat -> cell name (seats left out have smashed unless
        `fates` says otherwise), `chute` is the free parachute's cell."""
        self.check_players(players)
        cells = tuple(parse_cell(skydivers[s]) if s in skydivers else None for s in range(players))
        fate = tuple((fates or {}).get(s, AIR if s in skydivers else SMASHED) for s in range(players))
        state = SplatState(players, cells, fate, parse_cell(chute) if chute else None, holder,
                           chute is None and holder is None, round, phase, seat if phase in (ROLL, MOVE, SHIFT) else -1,
                           die)
        problem = self.invariant_problem(state)
        if problem:
            raise ValueError(f"not a Splat position: {problem}")
        return state

    def setups(self):
        p = self.position
        return {
            "start-2": self.initial_state(2),
            "start-3": self.initial_state(3),
            "start-4": self.initial_state(4),
            # Red rolls and can reach the free parachute two rows down; Blue and Green are below it.
            "capture": p(3, {0: "b2", 1: "d5", 2: "a5"}, chute="c4", seat=0),
            # Red steps down beside a row of Blue and Green and shoves them along.
            "chain": p(4, {0: "a4", 1: "b5", 2: "c5", 3: "e8"}, chute="d9", seat=0),
            # Red drops straight onto Blue, who sits on top of Green.
            "from-above": p(3, {0: "c3", 1: "c4", 2: "c5"}, chute="a8", seat=0),
            # Red shoves Blue over the right-hand edge; Blue then walks back across it.
            "wrap": p(2, {0: "d3", 1: "e4"}, chute="b8", seat=0),
            # Blue holds the parachute; Red is above it and rolls.
            "snatch": p(3, {0: "c2", 1: "c4", 2: "e6"}, holder=1, seat=0),
            # Yellow holds the parachute just above the ground: the round begins.
            "landing": p(4, {0: "a5", 1: "c7", 2: "b8", 3: "d9"}, holder=3, phase=FALL, round=6),
            # Red is on the bottom row and must step into the ground; Blue holds the parachute.
            "smash": p(2, {0: "a10", 1: "c6"}, holder=1, seat=0, round=7),
            # Nobody is near the free parachute, which is about to reach the ground.
            "all-lose": p(2, {0: "a6", 1: "e7"}, chute="c9", phase=FALL, round=5),
        }

    # -- whose turn
    def turn(self, state):
        if state.phase == OVER:
            return Turn.over()
        if state.phase in (FALL, ROLL):
            return Turn.chance()
        return Turn.of(state.seat)

    def chance_outcomes(self, state):
        if state.phase == FALL:
            return [(Fall(n), 1 / len(FALL_FACES)) for n in FALL_FACES]
        if state.phase == ROLL:
            return [(Roll(n), 1 / len(ROLL_FACES)) for n in ROLL_FACES]
        return []

    def legal_actions(self, state, player):
        if state.phase == SHIFT and player == state.seat:
            return [Shift("L"), Shift("R"), Shift("")]
        if state.phase == MOVE and player == state.seat:
            return self._distinct_moves(state)
        return []

    def _distinct_moves(self, state):
        """One move per distinct outcome (Rules §Moving, C7).

        Paths differ only in where they stop (catching the parachute is
        stopping on its cell), whether they hit the ground, or in the cell and
        direction of the last step when it hits a skydiver: everything before
        that last step crossed empty cells.
        Breadth-first, so the path kept for each outcome is a shortest one;
        `apply` still accepts every other legal path.
        """
        others = {cell for seat, cell in enumerate(state.skydivers) if cell is not None and seat != state.seat}
        chute = state.chute
        found: dict = {}
        # A walker is (cell, sideways direction in this row: 0 / -1 / +1, sideways
        # steps taken in this row). Within a row a path never turns back and
        # never laps the row, so it never enters a cell twice (C7). A walker is
        # dropped when an earlier or equal one (as many steps left, and no more
        # restricted) has been at its cell: one that came from above, or one
        # heading the same way with no more sideways steps behind it.
        fewest_sideways: dict = {}
        frontier = [(state.skydivers[state.seat], 0, 0, ())]
        for _ in range(state.die):
            following = []
            for cell, heading, sideways, path in frontier:
                col, row = cell
                for letter, dx in (("D", 0), ("L", -1), ("R", 1)) if path else (("D", 0),):
                    if dx:
                        if heading == -dx or sideways == WIDTH - 1:
                            continue
                        target, walker = ((col + dx) % WIDTH, row), (dx, sideways + 1)
                    else:
                        target, walker = (col, row + 1), (0, 0)
                    walked = path + (letter,)
                    if row == HEIGHT and not dx:
                        found.setdefault(("ground",), walked)  # a splat is a splat, wherever it starts
                    elif target == chute:
                        found.setdefault(("stop", target), walked)  # caught, from whichever side
                    elif target in others:
                        found.setdefault(("hit", cell, letter), walked)
                    else:
                        found.setdefault(("stop", target), walked)
                        if fewest_sideways.get((target, 0), WIDTH) == 0:
                            continue
                        if fewest_sideways.get((target, walker[0]), WIDTH) <= walker[1]:
                            continue
                        fewest_sideways[(target, walker[0])] = walker[1]
                        following.append((target, walker[0], walker[1], walked))
            frontier = following
        return [Move(path) for path in found.values()]

    # -- applying
    def apply(self, state, action):
        if state.phase == OVER:
            raise IllegalAction("Rules §End of the game", "the game is over")
        if isinstance(action, Fall):
            return self._apply_fall(state, action)
        if isinstance(action, Roll):
            return self._apply_roll(state, action)
        if isinstance(action, Shift):
            return self._apply_shift(state, action)
        if isinstance(action, Move):
            return self._apply_move(state, action)
        raise IllegalAction("notation", f"not a Splat action: {action!r}")

    def _apply_fall(self, state, action):
        if state.phase != FALL:
            raise IllegalAction("Rules §Playing a round", "the parachute's die is rolled only at the start of a round")
        if action.steps not in FALL_FACES:
            raise IllegalAction("Rules §The parachute's turn", "the parachute's die shows 1, 2 or 3")
        air = _Air(state)
        air.note("rolled", f"The parachute's die shows {action.steps}.", die=action.steps)
        if state.holder is not None:  # the holder steers before the drop (C2)
            return air.freeze(state.round, SHIFT, state.holder, action.steps), air.events
        air.free_fall(action.steps)
        return self._next(air, state.round, 0)

    def _apply_shift(self, state, action):
        if state.phase != SHIFT:
            raise IllegalAction("Rules §The parachute's turn", "only the holder steers, after the parachute's roll")
        if action.direction not in ("L", "R", ""):
            raise IllegalAction("Rules §The parachute's turn", "the parachute shifts one cell left or right, or stays")
        air = _Air(state)
        if action.direction:
            air.shift(STEP_LETTERS[action.direction][0])
        air.held_fall(state.die)
        return self._next(air, state.round, 0)

    def _apply_roll(self, state, action):
        if state.phase != ROLL:
            raise IllegalAction("Rules §Playing a round", "no skydiver is about to roll")
        if action.pips not in ROLL_FACES:
            raise IllegalAction("Rules §A skydiver's turn", "a skydiver's die shows 1 to 6")
        air = _Air(state)
        air.note("rolled", f"{air.name(state.seat)} rolls {action.pips}.", player=state.seat, die=action.pips)
        return air.freeze(state.round, MOVE, state.seat, action.pips), air.events

    def _apply_move(self, state, action):
        if state.phase != MOVE:
            raise IllegalAction("Rules §Playing a round", "no skydiver is about to move")
        path = action.path
        if not path:
            raise IllegalAction("Rules §Moving, C7", "a move has at least one step")
        if len(path) > state.die:
            raise IllegalAction("Rules §Moving, C7", f"{len(path)} steps, but the roll was {state.die}")
        if path[0] != "D":
            raise IllegalAction("Rules §Moving", "the first step goes straight down")
        seat = state.seat
        air = _Air(state)
        start = state.skydivers[seat]
        visited = {start}
        for index, letter in enumerate(path):
            if letter not in ("D", "L", "R"):
                raise IllegalAction("Rules §Moving", "steps go left, right or down, never up")
            target = neighbour(air.cells[seat], letter)
            if target in visited:
                raise IllegalAction("Rules §Moving, C7", f"a move never enters {spoken(target)} twice")
            visited.add(target)
            if not air.step(seat, letter) and index < len(path) - 1:
                raise IllegalAction("Rules §Moving", f"the move ends at step {index + 1}: "
                                    "a catch, a collision or the ground stops it")
        end = air.cells[seat]
        quiet = not any(event.kind in ("captured", "snatched", "collided", "smashed") for event in air.events)
        text = f"{air.name(seat)} moves {' '.join(path)} from {spoken(start)}"
        air.events.insert(0, Event("moved", text + (f" to {spoken(end)}." if quiet else "."), {
            "player": seat, "from": cell_name(start), "to": cell_name(end) if end is not None else None,
            "path": "".join(path)}))
        return self._next(air, state.round, seat + 1)

    def _next(self, air: _Air, round_: int, from_seat: int):
        """Whose turn follows: the next seat in the air that does not hold the
        parachute (the holder is skipped, C2), else a new round."""
        if air.game_over():
            state = air.freeze(round_, OVER, -1, 0)
            result = self.result(state)
            air.note("won" if result.winners else "lost_all", result.text,
                     winners=list(result.winners))
            return state, air.events
        for seat in range(from_seat, air.players):
            if air.fates[seat] != AIR:
                continue
            if seat == air.holder:
                air.note("skipped", f"{air.name(seat)} holds the parachute and skips the roll.", player=seat)
                continue
            return air.freeze(round_, ROLL, seat, 0), air.events
        return air.freeze(round_ + 1, FALL, -1, 0), air.events

    def result(self, state):
        if state.phase != OVER:
            return None
        winner = None
        if LANDED in state.fates:
            winner = state.fates.index(LANDED)
            how = "lands safely with the parachute"
        elif state.holder is not None and state.fates[state.holder] == AIR:
            winner = state.holder
            how = "holds the parachute while every other skydiver has smashed"
        if winner is None:
            why = "the parachute hit the ground empty" if state.chute_lost else "every skydiver smashed"
            return Result((), tuple(0.0 for _ in range(state.players)), f"Everyone loses: {why}.")
        scores = tuple(1.0 if seat == winner else 0.0 for seat in range(state.players))
        return Result((winner,), scores, f"{COLOUR_NAMES[winner]} wins: {how}.")

    # -- checks used by tests and positions
    def invariant_problem(self, state) -> str:
        """A description of the first broken invariant, or "" when all hold."""
        seen = set()
        for seat, (cell, fate) in enumerate(zip(state.skydivers, state.fates)):
            if (cell is None) != (fate != AIR):
                return f"seat {seat} is {fate} but its cell is {cell}"
            if cell is None:
                continue
            if not (0 <= cell[0] < WIDTH and 0 <= cell[1] <= HEIGHT):
                return f"seat {seat} is off the board at {cell}"
            if cell in seen:
                return f"two skydivers share {spoken(cell)}"
            seen.add(cell)
        if state.holder is not None:
            if state.chute is not None or state.chute_lost:
                return "the parachute is both held and free"
            if state.fates[state.holder] == SMASHED:
                return "a smashed skydiver holds the parachute"
            if state.skydivers[state.holder] is not None and state.skydivers[state.holder][1] == PLANE:
                return "the parachute is held inside the plane"
        elif state.chute is not None:
            if state.chute_lost:
                return "the parachute is both free and lost"
            if state.chute in seen:
                return "the free parachute shares a cell with a skydiver"
            if not (0 <= state.chute[0] < WIDTH and 0 <= state.chute[1] <= HEIGHT):
                return "the parachute is off the board"
        elif not state.chute_lost:
            return "the parachute is nowhere"
        if state.fates.count(LANDED) > 1:
            return "two skydivers landed"
        return ""

    # -- notation
    def notation(self, action):
        if isinstance(action, Fall):
            return f"fall {action.steps}"
        if isinstance(action, Roll):
            return f"roll {action.pips}"
        if isinstance(action, Shift):
            return f"shift {action.direction}" if action.direction else "no shift"
        if isinstance(action, Move):
            return "move " + " ".join(action.path)
        raise IllegalAction("notation", f"not a Splat action: {action!r}")

    _FALL = re.compile(r"fall\s+(\d+)")
    _ROLL = re.compile(r"roll\s+(\d+)")
    _SHIFT = re.compile(r"shift\s+([lr])")
    _MOVE = re.compile(r"move\s+([dlru](?:\s*[dlru])*)")

    def parse(self, state, text):
        clean = " ".join(str(text).strip().lower().split())
        if match := self._FALL.fullmatch(clean):
            return Fall(int(match.group(1)))
        if match := self._ROLL.fullmatch(clean):
            return Roll(int(match.group(1)))
        if match := self._SHIFT.fullmatch(clean):
            return Shift(match.group(1).upper())
        if clean == "no shift":
            return Shift("")
        if match := self._MOVE.fullmatch(clean):
            return Move(tuple(match.group(1).replace(" ", "").upper()))
        raise IllegalAction("notation", f"cannot read {text!r}: write e.g. 'fall 2', 'roll 4', "
                            "'shift L', 'no shift' or 'move D L D'")

    # -- serialisation
    def state_to_json(self, state):
        return {
            "players": state.players,
            "skydivers": [cell_name(c) if c is not None else None for c in state.skydivers],
            "fates": list(state.fates),
            "chute": cell_name(state.chute) if state.chute is not None else None,
            "holder": state.holder,
            "chute_lost": state.chute_lost,
            "round": state.round,
            "phase": state.phase,
            "seat": state.seat,
            "die": state.die,
        }

    def state_from_json(self, data):
        try:
            state = SplatState(
                int(data["players"]),
                tuple(parse_cell(c) if c is not None else None for c in data["skydivers"]),
                tuple(str(f) for f in data["fates"]),
                parse_cell(data["chute"]) if data["chute"] is not None else None,
                None if data["holder"] is None else int(data["holder"]),
                bool(data["chute_lost"]),
                int(data["round"]),
                str(data["phase"]),
                int(data["seat"]),
                int(data["die"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a Splat state: {error}") from error
        if state.phase not in PHASES or len(state.skydivers) != state.players or len(state.fates) != state.players:
            raise ValueError("not a Splat state: bad phase or seat lists")
        problem = self.invariant_problem(state)
        if problem:
            raise ValueError(f"not a Splat state: {problem}")
        return state

    # -- interaction
    def place_name(self, state, cell: str) -> str:
        """The plane's spots by what they are ("b0" is the plane over column b); sky cells as the rules write them."""
        try:
            return spoken(parse_cell(cell))
        except ValueError:
            return cell

    def cells(self, state, action):
        if isinstance(action, Move) and state.phase == MOVE:
            cell = state.skydivers[state.seat]
            touched = [cell_name(cell)]
            for letter in action.path:
                if letter not in STEP_LETTERS:
                    break
                cell = neighbour(cell, letter)
                if not 0 <= cell[1] <= HEIGHT:
                    break
                touched.append(cell_name(cell))
            return tuple(touched)
        if isinstance(action, Shift) and state.phase == SHIFT:
            cell = state.skydivers[state.seat]
            touched = [cell_name(cell)]
            if action.direction in ("L", "R"):
                cell = neighbour(cell, action.direction)
                touched.append(cell_name(cell))
            others = {c for s, c in enumerate(state.skydivers) if s != state.seat}
            for _ in range(state.die):  # the drop that follows, up to the first skydiver below
                cell = neighbour(cell, "D")
                if cell[1] > HEIGHT:
                    break
                touched.append(cell_name(cell))
                if cell in others:
                    break
            return tuple(touched)
        return ()

    # a phone held upright: the side panel narrows beside the sky
    layouts = ("narrow",)
    # a rulebook's page: the panel's words under the sky, two steps across the A5 booklet
    print_layouts = ("book",)
    # a choice on the board that fits no legal move is refused under the rule for moves
    moves_rule = "Rules §Moving"

    def render(self, state, highlight=(), layout: str = ""):
        return draw_state(state, highlight, self.result(state), narrow=layout == "narrow", book=layout == "book")


ENGINE = SplatEngine()
