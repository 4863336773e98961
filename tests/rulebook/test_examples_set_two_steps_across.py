"""Compact examples (issue 45, item 1): a walkthrough strip sets two steps across, each with its
caption under it at the 7 pt floor, reaching a little into the margins when two readable diagrams
are wider than the text; an engine's narrow layout draws the steps when it reads at a smaller
width; a long strip breaks between rows."""
from __future__ import annotations

import pytest
from reportlab.platypus import Table

from generator.draw.shapes import Drawing, Text
from generator.rulebook.document import strip_width, text_width
from generator.rulebook.fonts import register_book_fonts
from generator.rulebook.figures import GUTTER, STEP_CAPTION_PT, print_layout, step_cells, strip_layout
from generator.rulebook.preflight import readable_width
from generator.rulebook.styles import make_styles
from tests.rulebook.printed_rules import GAMES, game_book


def board(label_mm: float, width: float = 100.0) -> Drawing:
    return Drawing(width, width, (Text(10, 10, "a", size=label_mm),))


def test_two_steps_too_wide_for_the_text_reach_into_the_margins_only_as_far_as_they_need():
    width, widest = text_width("a4"), strip_width("a4")
    needed = readable_width(board(3.2))  # 77.2 mm: two of them are wider than the text (139.8 mm)
    layout = strip_layout([board(3.2)] * 4, width, widest=widest)
    assert (layout.across, layout.caption_beside, layout.drawing_width) == (2, False, needed)
    assert width < layout.strip_width <= widest
    assert layout.strip_width == pytest.approx(2 * (needed + GUTTER))
    assert strip_layout([board(3.2)] * 4, width).across == 1  # without the margins, one a row as before


def test_a_step_caption_prints_at_the_7_pt_floor_in_the_booklet_too():
    assert 7.0 <= STEP_CAPTION_PT < 7.5
    booklet = strip_layout([board(6.0)] * 2, text_width("a5"), 0.94)
    assert booklet.caption_pt * 0.94 == pytest.approx(STEP_CAPTION_PT)


def test_the_engines_layout_that_reads_at_the_smallest_width_is_chosen():
    class Engine:
        layouts = ("narrow",)

        def render(self, state, highlight, layout=""):
            return board(3.0, 140.0 if not layout else 100.0)

    assert print_layout(Engine(), None, ()) == "narrow"
    assert print_layout(object(), None, ()) == ""  # an engine without layouts draws its own


def test_a_long_strip_breaks_between_rows_under_its_repeated_title():
    register_book_fonts()
    styles = make_styles("#336699")
    layout = strip_layout([board(3.2)] * 8, text_width("a4"), widest=strip_width("a4"))
    strip = step_cells("Eight steps", [board(3.2)] * 8, ["A step."] * 8, text_width("a4"), styles, layout)
    assert isinstance(strip, Table) and strip.hAlign == "CENTER"
    strip.wrap(layout.strip_width, 10_000)
    first, rest = strip.split(layout.strip_width, strip._rowHeights[0] + strip._rowHeights[1] + 1)
    assert len(first._cellvalues) == 2 and len(rest._cellvalues) == 4  # title + 1 row; title + 3 rows


# walkthroughs whose compact drawing preflight refuses (words over other marks), so they keep the
# engine's own layout, one a row: the game's drawing code is to fix them
OWN_LAYOUT = {"splash": {"walkthrough “A beat of advanced play”"}}


@pytest.mark.parametrize("slug", GAMES)
def test_every_walkthrough_in_the_a4_rulebooks_sets_two_steps_across(slug):
    steps = [placed for placed in game_book(slug).placed_figures("rules", "a4") if "walkthrough" in placed.figure]
    assert steps
    one_a_row = {placed.figure.split(",")[0] for placed in steps
                 if placed.width > strip_width("a4") / 2 - GUTTER + 0.01}
    assert one_a_row == OWN_LAYOUT.get(slug, set())


def tall(label_mm: float, width: float, height: float) -> Drawing:
    return Drawing(width, height, (Text(10, 10, "a", size=label_mm),))


def test_each_page_sets_a_walkthrough_in_the_layout_that_sets_most_steps_to_a_row_then_the_shortest():
    """A tall board with its panel beside it (112 mm) sets two across an A4 page but one across the
    booklet's; drawn with its words under it (86 mm, a paper-only layout), two across both. A4 takes
    the board with its panel (its row is shorter), the booklet the narrower drawing (two across)."""
    from generator.rulebook.figures import StepDrawings, strip_drawings

    beside, under = [tall(4.0, 112, 159)] * 4, [tall(4.0, 86, 174)] * 4
    steps = StepDrawings(beside, [beside, under])
    a4 = strip_layout(steps, text_width("a4"), widest=strip_width("a4"))
    booklet = strip_layout(steps, text_width("a5"), 0.944, strip_width("a5"))
    assert (a4.across, list(a4.drawings)) == (2, beside)
    assert (booklet.across, list(booklet.drawings)) == (2, under)
    assert strip_layout(beside, text_width("a5"), 0.944, strip_width("a5")).across == 1  # the panel beside: one

    class Engine:
        layouts, print_layouts = ("narrow",), ("book",)

        def render(self, state, highlight, layout=""):
            return {"": tall(4.0, 156, 159), "narrow": beside[0], "book": under[0]}[layout]

    class Step:
        state, cells = None, ()

    drawn = strip_drawings(Engine(), [Step()] * 4)
    assert [choice[0].width for choice in drawn.choices] == [156, 112, 86]  # the engine's own first
