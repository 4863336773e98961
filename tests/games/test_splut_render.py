"""Splut! diagrams and clickable cells: what the walkthroughs and the play page draw."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from generator.draw.shapes import Circle, Drawing, Polygon, Rect, Text
from generator.play import load_engine

ENGINE = load_engine(Path(__file__).resolve().parents[2] / "content" / "splut")
GAME_PACKAGE = type(ENGINE).__module__.rpartition(".")[0]  # the game folder's package (play.package_name)
splut_board = sys.modules[GAME_PACKAGE + ".board"]  # the arena, pieces and seats


def squares(drawing: Drawing, role: str) -> list[str]:
    return [s.cell for s in drawing.shapes if isinstance(s, Rect) and s.role == role]


def test_render_draws_the_41_square_arena_with_cell_names():
    """C1: the diagram has one clickable square per arena square, 100-180 mm wide."""
    drawing = ENGINE.render(ENGINE.initial_state(4))
    cells = squares(drawing, "square")
    assert sorted(cells) == sorted(splut_board.square_name(sq) for sq in splut_board.ARENA)
    assert 100 <= drawing.width <= 180


def test_render_marks_highlighted_cells_only():
    """Highlighted cells get a visible mark; others do not."""
    drawing = ENGINE.render(ENGINE.initial_state(2), highlight=["e3", "e4"])
    assert sorted(squares(drawing, "highlight")) == ["e3", "e4"]


def test_pieces_differ_by_colour_and_letter():
    """Each team has its own colour and every piece carries its letter (S, T, D, R)."""
    drawing = ENGINE.render(ENGINE.initial_state(4))
    labels = sorted(s.text for s in drawing.shapes if isinstance(s, Text) and s.role.endswith("label"))
    assert labels == sorted("STD" * 4 + "RRRR")
    fills = {s.style.fill for s in drawing.shapes
             if isinstance(s, (Circle, Rect, Polygon)) and s.role.startswith(("sorcerer", "troll", "dwarf"))}
    assert fills == {row["hex"] for row in splut_board.SEAT_ROWS}


def test_cells_list_the_piece_first_and_the_target_last():
    """Engine.cells: acting piece's square first, destination (or a throw's landing square) last."""
    state = ENGINE.setups()["throw-kill"]
    state, _ = ENGINE.apply(state, ENGINE.parse(state, "T c4-d4"))
    assert ENGINE.cells(state, ENGINE.parse(state, "T d4-e4 throw N")) == ("d4", "e4", "e5", "e6", "e7")
    pull = ENGINE.setups()["pull"]
    assert ENGINE.cells(pull, ENGINE.parse(pull, "T e4-e5 pull")) == ("e4", "e3", "e5")
    lev = ENGINE.setups()["levitate"]
    assert ENGINE.cells(lev, ENGINE.parse(lev, "S d3-c3 lev g4-f4")) == ("d3", "g4", "f4", "c3")
    push = ENGINE.setups()["push-line"]
    assert ENGINE.cells(push, ENGINE.parse(push, "D c5-d5")) == ("c5", "e5", "d5")


def test_every_legal_action_has_cells_on_the_arena():
    """Every step a reader may click starts on his piece and ends on an arena square."""
    rng = random.Random(7)
    state = ENGINE.initial_state(3)
    for _ in range(150):
        if ENGINE.result(state) is not None:
            break
        actions = ENGINE.legal_actions(state, state.current)
        for action in actions:
            cells = ENGINE.cells(state, action)
            if action.piece == "pass":
                assert cells == ()
                continue
            assert cells[0] == splut_board.square_name(action.frm)
            assert all(splut_board.square(c) in splut_board.ARENA for c in cells)
        state, _ = ENGINE.apply(state, rng.choice(actions))
