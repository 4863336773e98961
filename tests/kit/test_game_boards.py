"""One drawing, two media (issue 13.1): the printed Splut!, Splat and SiTTeRS boards are
the boards of their site diagrams, drawn by the same code at the size the rules ask for."""
from __future__ import annotations

import pytest

from generator.draw.inksaver import ink_saver
from generator.draw.shapes import Group
from generator.kit import load_components
from generator.kit.board import board_drawing
from generator.play import load_engine
from tests.kit.conftest import CONTENT

# game -> the printed size of one space in mm (the rules' or the kit's choice, in components.toml)
DRAWN_BOARDS = {"splut": 18.0, "splat": 18.0, "sitters": 40.0}


def flat(shapes):
    for shape in shapes:
        if isinstance(shape, Group) and not shape.role.startswith("icon"):
            yield from flat(shape.shapes)
        else:
            yield shape


@pytest.mark.parametrize("game", sorted(DRAWN_BOARDS))
def test_the_kit_board_is_the_diagrams_board_without_pieces(game):
    """Every shape of the printed board is a shape of the engine's drawing of the starting
    position, and every space of that drawing is printed: only pieces and captions differ."""
    [board] = load_components(CONTENT / game).boards
    engine = load_engine(CONTENT / game)
    diagram = list(flat(engine.render(engine.initial_state(engine.min_players)).shapes))
    [group] = board.drawn.shapes
    printed = list(group.shapes)
    assert printed and all(shape in diagram for shape in printed)
    spaces = [shape for shape in diagram if getattr(shape, "cell", "")]
    assert spaces and all(space in printed for space in spaces)
    pieces = [shape for shape in diagram if shape not in printed]
    assert pieces  # the starting position has pieces (or a caption) the board leaves out


@pytest.mark.parametrize("game", sorted(DRAWN_BOARDS))
def test_the_kit_board_is_printed_at_the_space_size_the_rules_ask(game):
    [board] = load_components(CONTENT / game).boards
    [group] = board.drawn.shapes
    cells = [s for s in group.shapes if getattr(s, "cell", "") and hasattr(s, "w")]
    assert cells and all(round(cell.w * group.scale, 6) == DRAWN_BOARDS[game] for cell in cells)


def test_the_ink_saver_board_is_the_same_drawing_with_light_fills():
    """The ink-saver print is derived from the one drawing: same shapes and outlines, paler fills."""
    [board] = load_components(CONTENT / "splut").boards
    printed, saved = board_drawing(board), board_drawing(board, ink_saver=True)
    assert saved == ink_saver(printed)
    before, after = list(flat(printed.shapes)), list(flat(saved.shapes))
    assert [type(s) for s in before] == [type(s) for s in after]
    filled = [(b, a) for b, a in zip(before, after) if getattr(getattr(b, "style", None), "fill", None)]
    assert filled and all(brightness(a.style.fill) > brightness(b.style.fill) and a.style.stroke for b, a in filled
                          if brightness(b.style.fill) < 765)


def brightness(colour: str) -> int:
    return sum(int(colour[i:i + 2], 16) for i in (1, 3, 5))
