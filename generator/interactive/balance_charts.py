"""The balance notes' charts, drawn with the drawing model (generator/draw/shapes.py).

Three small charts, each a `Drawing` in millimetres: the win share of every
seat with its 95% interval against the even share, the spread of game lengths
as a histogram, and the share of rounds each card decided. Lines and words are
drawn in `currentColor`, so inline on a page they take the text colour of the
light or dark theme without a style sheet; bars use one mid blue that reads on both.
(Charts go to SVG only: the PDF backend wants #rrggbb colours.)
"""
from __future__ import annotations

import math

from generator.draw.shapes import Drawing, Line, Rect, Style, Text
from generator.i18n.interface import percent_text
from generator.play.balance import BalanceStats, wilson

INK = "currentColor"
BAR = "#3f7fd0"
WIDTH = 130.0  # mm
PIXELS_PER_MM = 4  # shown 520 px wide at most (labels at 14 px); the theme's `svg {max-width: 100%}` narrows it
TEXT = 3.6  # mm: the labels' size
ROW = 7.0  # mm per bar of a horizontal chart
LABEL_W = 26.0  # mm of labels left of the bars
VALUE_W = 36.0  # mm of figures right of the bars ("50% (45%–54%)")

AXIS = Style(stroke=INK, stroke_width=0.3)
EVEN = Style(stroke=INK, stroke_width=0.3, dash=(1.5, 1.0))
WHISKER = Style(stroke=INK, stroke_width=0.4)
FILL = Style(fill=BAR)


def same(text: str) -> str:
    """The words as written: a chart's default gettext (the page's language's is passed in)."""
    return text


def seats_chart(stats: BalanceStats, names: list[str], words=same, language: str = "en") -> Drawing:
    """One bar per seat: its share of all games won outright, a whisker for the
    95% interval, and a dashed line at the even share (1 / players). `words`: the page's gettext,
    `language` its language (the figures' form)."""
    _ = words
    span = WIDTH - LABEL_W - VALUE_W
    top = 4.0
    even_share = 1 / max(1, stats.players)
    intervals = [wilson(wins, stats.games) for wins in stats.seat_wins]
    # The axis runs to the next 10% above every interval and twice the even share, so that
    # four players' quarter shares are not squeezed into the first quarter of the width.
    scale = min(1.0, math.ceil(10 * max([2 * even_share] + [high for _, high in intervals])) / 10)
    shapes = []
    for seat, wins in enumerate(stats.seat_wins):
        y = top + seat * ROW
        share = wins / stats.games
        low, high = intervals[seat]
        shapes += [
            Text(LABEL_W - 2, y + ROW * 0.65, names[seat], size=TEXT, fill=INK, anchor="end"),
            Rect(LABEL_W, y + 1, max(0.2, span * share / scale), ROW - 2, FILL, role="bar"),
            Line(LABEL_W + span * low / scale, y + ROW / 2, LABEL_W + span * high / scale, y + ROW / 2, WHISKER,
                 role="interval"),
            Text(LABEL_W + span + 2, y + ROW * 0.65,
                 f"{percent_text(language, share)} ({percent_text(language, low)}–{percent_text(language, high)})", size=TEXT, fill=INK),
        ]
    bottom = top + len(stats.seat_wins) * ROW
    even = LABEL_W + span * even_share / scale
    shapes += [Line(LABEL_W, top, LABEL_W, bottom, AXIS), Line(LABEL_W, bottom, LABEL_W + span, bottom, AXIS),
               Line(even, top - 1, even, bottom + 1, EVEN, role="even"),
               Text(LABEL_W, bottom + 5, percent_text(language, 0), size=TEXT, fill=INK, anchor="middle"),
               Text(LABEL_W + span, bottom + 5, percent_text(language, scale), size=TEXT, fill=INK, anchor="middle"),
               Text(even, bottom + 5, _("even share %(share)s") % {"share": percent_text(language, even_share)}, size=TEXT,
                    fill=INK, anchor="middle")]
    return Drawing(WIDTH, bottom + 8, tuple(shapes), title=_("Games won from each seat, with 95%% intervals") % {})


def length_bins(lengths: list[int], most: int = 14) -> list[tuple[int, int, int]]:
    """(first, last, games) for runs of equal width covering every length, at most `most` of them."""
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    width = max(1, math.ceil((high - low + 1) / most))
    bins = []
    for start in range(low, high + 1, width):
        end = start + width - 1
        bins.append((start, end, sum(1 for n in lengths if start <= n <= end)))
    return bins


def lengths_chart(stats: BalanceStats, words=same) -> Drawing:
    """A histogram of finished games by their number of moves. `words`: the page's gettext."""
    _ = words
    bins = length_bins(stats.lengths)
    left, top, height = 14.0, 6.0, 40.0
    span = WIDTH - left - 4
    tallest = max((count for _, _, count in bins), default=1) or 1
    step = span / max(1, len(bins))
    shapes = [Line(left, top + height, left + span, top + height, AXIS),
              Text(left - 2, top + 2, str(tallest), size=TEXT, fill=INK, anchor="end"),
              Text(left - 2, top + height, "0", size=TEXT, fill=INK, anchor="end")]
    for index, (start, end, count) in enumerate(bins):
        x = left + index * step
        bar = height * count / tallest
        shapes.append(Rect(x + 0.4, top + height - bar, step - 0.8, bar, FILL, role="bar"))
        if index % max(1, math.ceil(len(bins) / 7)) == 0:  # a label every few bars keeps them apart
            shapes.append(Text(x + step / 2, top + height + 5, str(start) if start == end else f"{start}–{end}",
                               size=TEXT, fill=INK, anchor="middle"))
    shapes.append(Text(left + span / 2, top + height + 11, _("moves per game"), size=TEXT, fill=INK, anchor="middle"))
    return Drawing(WIDTH, top + height + 14, tuple(shapes), title=_("How many games ran to each length, in moves"))


def cards_chart(stats: BalanceStats, most: int = 16, words=same, language: str = "en") -> Drawing:
    """One bar per card: the share of all decided rounds that card decided (the most frequent first).
    `words`: the page's gettext, `language` its language (the figures' form)."""
    _ = words
    ranked = sorted(stats.deciding.items(), key=lambda item: (-item[1], item[0]))[:most]
    label_w = min(60.0, max(LABEL_W, 0.56 * TEXT * max((len(name) for name, _ in ranked), default=0) + 4))
    span = WIDTH - label_w - VALUE_W
    top = 2.0
    biggest = max((count for _, count in ranked), default=1)
    shapes = []
    for row, (name, count) in enumerate(ranked):
        y = top + row * ROW
        share = count / max(1, stats.rounds)
        shapes += [
            Text(label_w - 2, y + ROW * 0.65, name, size=TEXT, fill=INK, anchor="end"),
            Rect(label_w, y + 1, max(0.2, span * count / biggest), ROW - 2, FILL, role="bar"),
            Text(label_w + span + 2, y + ROW * 0.65, f"{percent_text(language, share)} ({count})", size=TEXT, fill=INK),
        ]
    bottom = top + len(ranked) * ROW
    shapes.append(Line(label_w, top, label_w, bottom, AXIS))
    return Drawing(WIDTH, bottom + 3, tuple(shapes), title=_("The share of rounds each card decided"))
