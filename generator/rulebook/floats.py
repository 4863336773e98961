"""Examples that float: the rows of a walkthrough strip that do not fit on a page leave its room
to the words that follow the example (up to the next heading, figure or strip), which move up
ahead of them, as a publisher floats a figure. A strip row is a third of a page or more (two
diagrams large enough to read at 7 pt), so a row that did not fit left a page 50-65% full and
the next page started with it.

The strip's title row repeats over its rows on the next page ("Example: ..."), so a reader
finds where the example goes on. When no words move up, the rows that end the page are set
larger to take the room (FloatingStrip.page_end, figures.StripGrowth).
"""
from __future__ import annotations

from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Spacer


def floating(story: list) -> list:
    """`story` with each strip (a flowable marked `floats`) joined to the flowables that follow it
    up to the next heading, page break or other strip, as one FloatingStrip."""
    out: list = []
    index = 0
    while index < len(story):
        flowable = story[index]
        if not getattr(flowable, "floats", False):
            out.append(flowable)
            index += 1
            continue
        end = index + 1
        while end < len(story) and not stops(story[end]):
            end += 1
        out.append(FloatingStrip(flowable, story[index + 1:end]))
        index = end
    return out


def stops(flowable: Flowable) -> bool:
    """Whether the words that may float end here: a section's heading (h2 or above: a sub-heading
    moves with its words), a page break, another strip."""
    heading = getattr(flowable, "rulebook_heading", None)
    return (isinstance(flowable, (CondPageBreak, PageBreak)) or getattr(flowable, "floats", False)
            or (heading is not None and heading.level <= 2))


def kept_with_next(flowable: Flowable) -> bool:
    """A heading or a caption: never moved up without what follows it."""
    return bool(getattr(getattr(flowable, "style", None), "keepWithNext", 0))


class FloatingStrip(Flowable):
    """A strip and the words after it. It never draws itself: asked to fit, it says it does not,
    and its split gives the frame what to set on this page, in the order that fills it."""

    def __init__(self, strip: Flowable, following: list, grow=None):
        super().__init__()
        self.strip, self.following = strip, list(following)
        # (part, height) -> the part's rows set larger to fill `height` (figures.StripGrowth), or None
        self.grow = grow or getattr(strip, "grow", None)
        self._content = [strip, *self.following]  # what curl_quotes and other readers walk

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height + 1  # always split (see the class)
        return self.width, self.height

    def split(self, available_width, available_height):
        canvas = getattr(self, "canv", None)  # a kept-together figure measures on the canvas
        strip_height = self.strip.wrapOn(canvas, available_width, available_height)[1]
        if strip_height + self.strip.getSpaceBefore() <= available_height:
            return [self.strip, *self.following]  # the rest of the example fits: in order
        parts = self.strip.splitOn(canvas, available_width, available_height)
        if len(parts) >= 2:  # its next rows fit here
            here = self.page_end(parts[:-1], available_width, available_height)
            return [*here, FloatingStrip(parts[-1], self.following, self.grow)]
        moved = self.movable(available_width, available_height)
        if not moved:
            return []  # nothing fits: the next page, where its rows will
        return [*moved, FloatingStrip(self.strip, self.following[len(moved):], self.grow)]

    def movable(self, available_width, available_height) -> list:
        """The words after the example that fit in `available_height`, never ending on a heading
        or a space."""
        canvas = getattr(self, "canv", None)
        moved, used = [], 0.0
        for flowable in self.following:  # no row fits: the words after it that do, move ahead
            height = flowable.wrapOn(canvas, available_width, available_height)[1]
            used += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
            if used > available_height:
                break
            moved.append(flowable)
        while moved and (kept_with_next(moved[-1]) or isinstance(moved[-1], Spacer)):
            moved.pop()  # a heading or caption goes with what follows; space alone is no words
        return moved

    def page_end(self, here: list, available_width, available_height) -> list:
        """The strip's rows that end this page: its next row does not fit, and when no words after
        the example move up into the room left either, the rows here are set larger to take it
        (figures.StripGrowth), as a publisher sizes the figures to the page. Two rows of a tall
        board left a third of a US Letter page empty."""
        if self.grow is None or len(here) != 1:
            return here
        canvas = getattr(self, "canv", None)
        room = available_height - here[0].wrapOn(canvas, available_width, available_height)[1] \
            - here[0].getSpaceBefore()
        if self.movable(available_width, room - self.strip.getSpaceBefore()):
            return here  # words take the room
        return [self.grow(here[0], available_height - here[0].getSpaceBefore(), canvas)]

    def draw(self):  # never drawn whole: wrap always asks for a split
        raise AssertionError("a FloatingStrip is split, never drawn")
