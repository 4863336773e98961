"""Lines Rulepress itself draws on a component (a card's footer, "Goose Chase · event"): they
must never fail Rulepress's own preflight, whatever the card's size or the text's length.

A line is tried in this order (issue 44.3):
  1. one line, shrunk within its range: from its preferred size down to LEGIBLE_MM (6 pt on
     paper, the least size preflight passes without a word);
  2. wrapped on two lines at a size in that range, when the room it has is tall enough;
  3. left out: nothing printed but a marker (an empty text whose role is LEFT_OUT + the words)
     that preflight reports as a warning naming the words ("a line Rulepress draws left out").
An author's own text (a title, a body) is not drawn here: it shrinks or is refused at its
data row (kit/cards.py), since only the author can shorten it.
"""
from __future__ import annotations

from generator.draw.preflight import LEFT_OUT, MIN_TEXT_PT, PT_PER_MM
from generator.draw.shapes import Text
from generator.kit import text as fit

LEGIBLE_MM = MIN_TEXT_PT / PT_PER_MM  # 6 pt: the least size preflight passes without a word
ASCENT = 0.8  # a line's letters above its baseline, in type sizes (capitals and ascenders)


def own_line(x: float, baseline: float, text: str, *, size: float, width: float, height: float,
             fill: str, role: str, what: str) -> list[Text]:
    """The words centred on `x`, the last baseline at `baseline`, within `width` and the
    `height` above the baseline's descenders: one line, two, or a left-out marker."""
    size = max(size, LEGIBLE_MM)  # the preferred size is never under what reads
    text = fit.drawable(text)
    one = fit.fit_size(text, width, size, LEGIBLE_MM)
    if fit.width(text, one) <= width and one * ASCENT <= height:
        return [_line(x, baseline, text, one, fill, role)]
    two = two_lines(text, width, size, height)
    if two is not None:
        lines, at = two
        return [_line(x, baseline - at * fit.LINE_HEIGHT * (len(lines) - 1 - i), line, at, fill, role)
                for i, line in enumerate(lines)]
    return [Text(x, baseline, "", size=LEGIBLE_MM, fill=fill, anchor="middle", role=f"{LEFT_OUT}{what}:{text}")]


def two_lines(text: str, width: float, size: float, height: float) -> tuple[list[str], float] | None:
    """The words on two lines at the largest size in range (5% steps) at which both fit
    `width` and stand within `height`, or None."""
    at = size
    while at >= LEGIBLE_MM - 1e-9:
        lines = fit.wrap(text, width, at)
        fits = len(lines) == 2 and all(fit.width(line, at) <= width for line in lines)
        if fits and at * (ASCENT + fit.LINE_HEIGHT) <= height:
            return lines, at
        at = at * 0.95 if at > LEGIBLE_MM else LEGIBLE_MM - 1  # the last try at LEGIBLE_MM itself
    return None


def _line(x: float, baseline: float, text: str, size: float, fill: str, role: str) -> Text:
    return Text(x, round(baseline, 3), text, size=round(size, 3), fill=fill, anchor="middle", role=role,
                length=round(fit.width(text, size), 3))

