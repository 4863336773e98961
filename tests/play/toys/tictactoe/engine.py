"""Tic-tac-toe: a toy board game for bot strength and walkthrough tests.

Cells are named a1..c3 (column letter, row number); an action is a cell.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.play.api import Engine, Event, IllegalAction, Result, Turn

CELLS = tuple(f"{c}{r}" for r in "123" for c in "abc")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"


@dataclass(frozen=True)
class Board:
    cells: str = "." * 9
    player: int = 0


class TicTacToe(Engine):
    name = "Tic-tac-toe"
    rules_version = "toy-1"

    def initial_state(self, players, options=None):
        self.check_players(players)
        return Board()

    def setups(self):
        return {"x-to-win": {"cells": "XX.OO....", "player": 0}}

    def _winner(self, state):
        for a, b, c in LINES:
            if state.cells[a] != "." and state.cells[a] == state.cells[b] == state.cells[c]:
                return MARKS.index(state.cells[a])
        return None

    def turn(self, state):
        if self._winner(state) is not None or "." not in state.cells:
            return Turn.over()
        return Turn.of(state.player)

    def legal_actions(self, state, player):
        if self.turn(state) != Turn.of(player):
            return []
        return [i for i, mark in enumerate(state.cells) if mark == "."]

    def apply(self, state, action):
        if self.turn(state).kind == "over":
            raise IllegalAction("T3", "the game is over")
        if state.cells[action] != ".":
            raise IllegalAction("T1", f"{CELLS[action]} is already taken")
        cells = state.cells[:action] + MARKS[state.player] + state.cells[action + 1:]
        return (Board(cells, 1 - state.player),
                [Event("placed", f"{MARKS[state.player]} on {CELLS[action]}", {"cell": CELLS[action]})])

    def result(self, state):
        if self.turn(state).kind != "over":
            return None
        winner = self._winner(state)
        if winner is None:
            return Result((0, 1), (0.5, 0.5), "Draw")
        return Result((winner,), tuple(1.0 if p == winner else 0.0 for p in (0, 1)), f"{MARKS[winner]} wins")

    def notation(self, action):
        return CELLS[action]

    def parse(self, state, text):
        if text.strip() not in CELLS:
            raise IllegalAction("notation", f"{text!r} is not a cell (a1..c3)")
        return CELLS.index(text.strip())

    def cells(self, state, action):
        return (CELLS[action],)

    def state_to_json(self, state):
        return {"cells": state.cells, "player": state.player}

    def state_from_json(self, data):
        if len(data["cells"]) != 9:
            raise ValueError("a board has 9 cells")
        return Board(data["cells"], data["player"])


ENGINE = TicTacToe()
