"""A position diagram on paper (issue 45, item 1): the book sets it in whichever of the engine's
layouts takes the least height on its page, as it sets a walkthrough's rows; SHOOT's "Three
HEROES" printed in its screen layout (two panels across over a row of cards, 110 mm tall on A4)
where its examples use the compact panels with the table in words."""
from __future__ import annotations

import pytest

from generator.draw.shapes import Drawing, Text
from generator.rulebook.document import text_width
from generator.rulebook.figures import position_drawing, position_width
from tests.rulebook.printed_rules import game_book


def board(width: float, height: float, label_mm: float = 3.0) -> Drawing:
    return Drawing(width, height, (Text(10, 10, "a", size=label_mm),))


def printed_height(drawing: Drawing, width: float) -> float:
    return position_width(drawing, width) * drawing.height / drawing.width


def test_the_layout_that_sets_a_diagram_shortest_on_its_page_is_chosen():
    width = text_width("a4")
    wide, compact, tall = board(184, 188, 2.0), board(120, 118, 3.0), board(86, 174, 3.0)
    assert printed_height(compact, width) < printed_height(wide, width) < printed_height(tall, width)
    assert position_drawing((wide, compact, tall), width) is compact
    assert position_drawing((wide, tall), width) is wide  # a narrower drawing that stands taller: not chosen
    assert position_drawing((wide, board(184, 188, 2.0)), width) is wide  # the engine's own on a tie


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_shoots_three_heroes_print_in_the_compact_layout_of_its_examples(paper):
    placed = [figure for figure in game_book("shoot").placed_figures("rules", paper) if "Three HEROES" in figure.figure]
    steps = [figure for figure in game_book("shoot").placed_figures("rules", paper) if "walkthrough" in figure.figure]
    assert len(placed) == 1 and steps
    assert placed[0].drawing.width == steps[0].drawing.width  # the panels one a row, as the examples draw them
    assert placed[0].drawing.width < 184  # not the screen's two panels across
