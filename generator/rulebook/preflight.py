"""Preflight for the rulebooks: every diagram of every book (the A4 and US Letter rules, the
A5 booklet, the player aids) checked at the size it will be printed, before any PDF is
written, in builds and in `rulepress check`. The rule is the kit's (generator/draw/preflight.py),
text on paper at least MIN_TEXT_PT, raised for a book's figures to FIGURE_MIN_TEXT_PT: a
diagram's labels are read as part of the rules, not glanced at on a token.

Figures choose their printed size from their smallest text (figures.py, through
`readable_width` here), so a diagram fails only when even the widest place its book has
for it prints its text too small: then the game's drawing code must draw that text larger.
The error names the page and the line of the directive that makes the figure, the figure,
the book and the text, and the size to draw that text at.

The booklet's A5 pages print smaller than they are set (two to a landscape US Letter sheet,
shrunk to fit: booklet.py): their figures are sized and checked at that shrink, the
`print_scale`. The directives record each figure they set (directives.py); the stage's
`preflight_book` (stage.py) gathers every book's and checks them here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from generator.draw.shapes import Drawing, Text
from generator.errors import ContentError
from generator.draw.preflight import (MIN_TEXT_PT, PT_PER_MM, SmallText, check_small_text, diagram_findings, errors_of,
                                     placed_at, points, severity)

FIGURE_MIN_TEXT_PT = max(7.0, MIN_TEXT_PT)  # a rulebook diagram's labels on paper (the kit's floor is 6 pt)
# The A5 booklet's figures are held to the same floor: its page is the narrowest a figure gets
# (109 mm, shrunk to 94% on US Letter), so a game's drawing sets its smallest labels large enough
# for that width (the error says how large).
BOOKLET_MIN_TEXT_PT = FIGURE_MIN_TEXT_PT


def smallest_text(shapes, scale: float = 1.0) -> float | None:
    """The size in mm of the smallest text in `shapes`, as drawn (each enclosing group's
    scale applied); None when there is no text."""
    return min((item.shape.size * item.to_page.scale for item in placed_at(shapes, scale)
                if isinstance(item.shape, Text) and item.shape.text.strip()), default=None)


def small_text(shapes, book: str, figure: str, scale: float = 1.0,
               floor: float = FIGURE_MIN_TEXT_PT) -> list[SmallText]:
    """Every text of `shapes` printed under `floor` points, `scale` mm on paper per mm drawn
    (the kit's rule, at a book's floor)."""
    return [SmallText(book, 0, figure, item.shape.text, round(points(item), 2))
            for item, _what in check_small_text(placed_at(shapes, scale), floor)]


def readable_width(drawing: Drawing, print_scale: float = 1.0) -> float:
    """The narrowest width (points, on the page being set) at which `drawing` prints its
    smallest text at FIGURE_MIN_TEXT_PT on paper, the page printed at `print_scale`; 0 without text."""
    smallest = smallest_text(drawing.shapes)
    if not smallest:
        return 0.0
    # on paper the text is smallest * (width / drawing.width) * print_scale points tall
    # (mm and points cancel out): solve for width
    exact = FIGURE_MIN_TEXT_PT * drawing.width / (smallest * print_scale)
    return math.ceil(exact * 100) / 100  # rounded up: never a hair under on paper


@dataclass(frozen=True)
class PlacedFigure:
    """A diagram as one book prints it: what preflight checks."""

    drawing: Drawing
    width: float  # points, on the page being set
    print_scale: float  # the page's size on paper (1, or the booklet's shrink on US Letter)
    figure: str  # its name for an author: "walkthrough “Opening hops”, step 3"
    path: Path  # the page whose directive makes it
    line: int | None  # that directive's line in the page's file, when known

    @property
    def scale(self) -> float:
        """Millimetres on paper per millimetre of the drawing."""
        return self.width / (self.drawing.width * PT_PER_MM) * self.print_scale


@dataclass(frozen=True)
class PrintedBook:
    """One PDF's figures, as they will be printed."""

    name: str  # for an author: "the A5 booklet on US Letter"
    figures: list[PlacedFigure]
    floor: float = FIGURE_MIN_TEXT_PT  # the least size of its figures' text on paper, in points


@dataclass(frozen=True)
class Problem:
    """The smallest text of one figure directive, in the book that prints it smallest."""

    placed: PlacedFigure
    book: str
    text: SmallText
    others: int  # further texts of the same figure under the book's floor, in that book
    floor: float = FIGURE_MIN_TEXT_PT  # that book's floor


def figure_problems(books: list[PrintedBook]) -> list[Problem]:
    """One problem per figure directive with text under FIGURE_MIN_TEXT_PT: its smallest text, where it
    is printed smallest (every step of a walkthrough, every book, is one drawing code to fix)."""
    worst: dict[tuple, Problem] = {}
    for book in books:
        for placed in book.figures:
            found = small_text(placed.drawing.shapes, book.name, placed.figure, placed.scale, book.floor)
            if not found:
                continue
            smallest = min(found, key=lambda text: text.points)
            key = (placed.path, placed.line, placed.figure if placed.line is None else "")
            if key not in worst or smallest.points < worst[key].text.points:
                others = len({(text.text, text.points) for text in found}) - 1
                worst[key] = Problem(placed, book.name, smallest, others, book.floor)
    return list(worst.values())


def figure_error(problem: Problem) -> ContentError:
    """The error for an author: where the figure comes from, the text, and the size to draw it at
    (the figure already prints as wide as it can: only a larger text will do)."""
    placed, text, floor = problem.placed, problem.text, problem.floor
    drawn = text.points / (placed.scale * PT_PER_MM)  # the text's size in the drawing, mm
    needed = math.ceil(drawn * floor / text.points * 10) / 10
    printed = placed.width * placed.print_scale / PT_PER_MM
    more = f" (and {problem.others} more text{'s' if problem.others != 1 else ''} under {floor:g} pt)" \
        if problem.others else ""
    return ContentError(
        placed.path, placed.line,
        f"preflight: text under {floor:g} pt on paper, in the {placed.figure}, as printed in {problem.book}",
        expected=f"text of at least {floor:g} pt ({floor / PT_PER_MM:.2f} mm) on paper: the diagram "
                 f"is printed {printed:.0f} mm wide, as wide as the page has room for; draw this text at least "
                 f"{needed:.1f} mm tall in the game's drawing code (it is {drawn:.2f} mm)",
        found=f"“{text.text}” at {text.points:g} pt{more}",
        severity=severity("small", text.points))  # under the floor of all print: wrong; under a book's: poor


def preflight_figures(books: list[PrintedBook]) -> list[ContentError]:
    return [figure_error(problem) for problem in figure_problems(books)] + drawing_errors(books)


def drawing_errors(books: list[PrintedBook]) -> list[ContentError]:
    """The kit's checks of what a diagram draws, whatever its size (words clear of each other and
    of its lines, legible on their ground): each distinct drawing once, each problem once,
    reported at the directive that makes the first figure showing it."""
    seen, found = set(), []
    for book in books:
        for placed in book.figures:
            if id(placed.drawing) not in seen:
                seen.add(id(placed.drawing))
                found += diagram_findings(placed.drawing, f"in the {placed.figure}", (str(placed.path),),
                                          placed.path, placed.line)
    return errors_of(None, found)
