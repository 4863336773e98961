"""SiTTeRS: the rule engine.

Goodies (player 0) cross the board from their start spaces to the safe zone,
opening chests for gold on the way; baddies (player 1) try to stop them. The
rules and their clarifications (C1..C14) live in content/sitters/rules.md;
the comments below cite them.

The game is a small package: board.py holds the board, the markers, the
phases and the scoring table (read from board.txt and scoring.csv), this
module the rules (the state, actions, movement, the engine and `ENGINE`),
drawing.py the board diagram and bots.py the computer players.

Inside the engine a cell is an index into the board map (row * width + col);
names such as "d3" appear only at the edges: actions, notation, JSON and
diagrams. Standard library only: this module also runs in the browser.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from generator.draw.shapes import Drawing
from generator.play.api import Engine, Event, IllegalAction, Result, Turn

from .board import (
    BADDIE, BATTLE, BOARD, CHEST, CHEST_SPACES, CHESTS_EACH, DIE, EMPTY, GOODIE, LETTER, LETTER_WORD, LOOT,
    LOOT_SIX, MANHATTAN, MARKERS, MOVE, NO_SPACE, OVER, PHASES, PLACE_BADDIES, PLACE_CHESTS, PLACE_GOODIES,
    REVIVAL_ROLL, ROLL, SAFE, SAFE_SPACES, SCORING, SIDE_NAME, SIDE_PLURAL, START_SPACES,
)
from .drawing import draw_state

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
# NEIGHBOUR_BITS[cell]: (neighbour, 1 << neighbour) pairs, for the move search.
NEIGHBOUR_BITS = tuple(tuple((n, 1 << n) for n in near) for near in BOARD.neighbours)
NEIGHBOUR_MASK = tuple(sum(bit for _, bit in near) for near in NEIGHBOUR_BITS)
SAFE_MASK = sum(1 << cell for cell in SAFE_SPACES)


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
    hidden_information = False  # perfect information: every piece is on the board and the die is rolled in the open
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

    # a phone held upright: the same board with its words grown, the lines under it wrapped
    layouts = ("narrow",)
    # a choice on the board that fits no legal move is refused under the rule for moves
    moves_rule = "Rules §Moving"

    def render(self, state: State, highlight: Sequence[str] = (), layout: str = "") -> Drawing:
        # The verdict is the rules' to give: drawing.py cannot ask the engine (it would import it back).
        verdict = self.result(state).text if state.phase == OVER else ""
        return draw_state(state, highlight, verdict, narrow=layout == "narrow")


ENGINE = SittersEngine()
