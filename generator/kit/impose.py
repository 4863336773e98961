"""Imposition: component drawings placed on paper, with everything print needs.

Pages are `Drawing`s the size of the paper (mm, y down). What goes on them:

* Card pages: cards at exact size in a centred grid (3x3 poker on A4 and Letter),
  touching where the paper is tight (then each card bleeds only on its outer
  sides) or 2 x bleed apart where there is room; crop marks extend every cut line
  into the margin, outside every trim and bleed. Each front page is followed by
  its back page with the columns mirrored, so that after a long-edge duplex flip
  card i's back lies behind card i. Fold-over pages pair each front with its back
  across a fold line instead.
* Large drawings (boards) are tiled across pages with a 10 mm overlap: alignment
  marks sit outside the drawing where the middle line of every overlap meets the
  tile's edge, the tile with a neighbour on its left/top gets a dashed cut line
  there, and a page map shows where the tile goes. A board that fits one page sits
  at its top, and small things are packed below it.
* Small drawings (tokens, sheets) and the kit's one 50 mm calibration square are
  packed by `generator.kit.packing` (below a board, on the cover, on pages of their
  own); card pages carry a 50 mm bar in a margin. Every sheet has a footer
  "game — component — page i of n".

Shapes that tests read back carry roles: card-trim:<deck>:<i>:<side>, crop-mark,
fold-line, tile-window:<name>:<label>, board-extent:<name>, alignment-mark,
calibration-square, calibration-bar, footer.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from generator.draw.shapes import Circle, Drawing, Group, Line, Rect, Style, Text
from generator.i18n.interface import N_, SOURCE, gettext, pgettext
from generator.kit import text as fit

MARGIN = 8.0  # non-card pages: home printers cannot print the outer few mm
FOOTER_SIZE = 2.6
FOOTER_MIN = 2.2  # 6.2 pt: the smallest a long footer may shrink to
FOOTER_BASELINE = 5.6  # mm above the paper's foot: its descenders clear the 5 mm a printer leaves blank
PRINTABLE = 5.0  # mm round the paper that home printers may leave blank: nothing but bleed goes there
MARK_MIN = 1.0  # the shortest crop mark: on US Letter, three rows of poker cards leave just this
MARK_GAP = 0.3  # between the bleed and its crop mark
CROP_ROOM = MARK_GAP + MARK_MIN  # from a card's bleed to the printable edge, at least
MARK_LENGTH = 3.5  # long enough to lay a ruler on; more would crowd the footer and the scale bar
MARK_WANTED = 3.0  # a crop mark long enough to lay a ruler on, where the paper has room ...
OUTER_BLEED_LEAST = 1.5  # ... taken from the outer bleed, down to this
CARD_FURNITURE = 5.0  # room beyond the crop marks for the footer or the scale bar, before adding gutters
OVERLAP = 10.0
CALIBRATION = 50.0
FURNITURE_BLOCK = (CALIBRATION, CALIBRATION + 9.0)  # the square with its note above
INK = "#1a1a1a"
GREY = "#666666"
HAIRLINE = Style(stroke="#000000", stroke_width=0.25)
UNPAINTED = Style()

Box = tuple[float, float, float, float]


# -- drafts ------------------------------------------------------------------------------
@dataclass
class Footer:
    x: float
    y: float
    rotate: float = 0.0
    max_width: float = 150.0
    anchor: str = "middle"


@dataclass
class PageDraft:
    """A page before numbering: its shapes, the component named in its footer, boxes."""

    width: float
    height: float
    component: str
    shapes: list = field(default_factory=list)
    footer: Optional[Footer] = None
    trim_box: Optional[Box] = None
    bleed_box: Optional[Box] = None
    free_from: Optional[float] = None  # y below which the page is still empty (room to pack more)
    packed: list = field(default_factory=list)  # (drawing, role, section) of each item packed on it
    listed: tuple[str, ...] = ()  # the things a page holding several names in its footer, each once

    def finish(self, game: str, number: int, total: int, page_words: str = "page %(number)s of %(total)s",
               names: Optional[Callable[[Sequence[str]], str]] = None) -> Drawing:
        """The page with its footer: the game, the component, "page 2 of 9" (`page_words`: in the kit's
        language; `names`: how it lists several things, "Arena, Teams und Steine", "アリーナ、チーム、岩")."""
        footer = self.footer or Footer(self.width / 2, self.height - FOOTER_BASELINE, max_width=self.width - 2 * MARGIN)
        component = names(self.listed) if names and len(self.listed) > 1 else self.component
        text = f"{game} — {component} — " + page_words % {"number": number, "total": total}
        shapes = list(self.shapes)
        shapes.append(fit.line(footer.x, footer.y, text, size=FOOTER_SIZE, max_width=footer.max_width,
                               min_size=FOOTER_MIN, fill=GREY, anchor=footer.anchor, rotate=footer.rotate,
                               role="footer"))
        return Drawing(self.width, self.height, tuple(shapes), title=f"{self.component}, page {number}")


# -- calibration -------------------------------------------------------------------------
ENGLISH = gettext(SOURCE)  # Rulepress's words as written (a kit in no language of its own; a name, not "": no msgid)


def calibration_square(x: float, y: float, _: Callable[[str], str] = ENGLISH) -> list:
    """A 50 mm square with its note above it; (x, y) is the top-left of the note; `_`: the
    kit's gettext (its language). The note takes its two lines at the largest size that holds
    it whole (a longer language's words shrink, never cut), its first line bold."""
    top = y + 9.0
    return [
        *calibration_note(x, y, _("Print at 100% (actual size, no scaling): this square is 50 mm.")),
        Rect(x, top, CALIBRATION, CALIBRATION, Style(stroke="#000000", stroke_width=0.3),
             role="calibration-square"),
        *ruler_ticks(x, top),
        Text(x + CALIBRATION / 2, top + CALIBRATION / 2 + 1.4, "50 × 50 mm", size=3.6, fill=GREY,
             anchor="middle"),
    ]


def calibration_note(x: float, y: float, words: str) -> list:
    """`words` in two lines above the square, as large as they fit (3 to 2.3 mm type)."""
    size = 3.0
    lines = fit.wrap(words, CALIBRATION, size, bold=True)
    while size > 2.3 and (len(lines) > 2 or any(fit.width(line, size, bold=True) > CALIBRATION for line in lines)):
        size = round(size - 0.1, 1)
        lines = fit.wrap(words, CALIBRATION, size, bold=True)
    first, rest = lines[0], " ".join(lines[1:])
    return [fit.line(x, y + 3.4, first, size=size, max_width=CALIBRATION, min_size=2.3, fill=INK, bold=True),
            fit.line(x, y + 7.2, rest, size=size, max_width=CALIBRATION, min_size=2.3, fill=INK)]


def ruler_ticks(x: float, y: float) -> list:
    """Centimetre ticks inside the square's edges, so a ruler check is easy."""
    ticks = []
    for i in range(1, 5):
        d = i * 10.0
        ticks += [Line(x + d, y, x + d, y + 2.0, HAIRLINE), Line(x + d, y + CALIBRATION, x + d, y + CALIBRATION - 2.0, HAIRLINE),
                  Line(x, y + d, x + 2.0, y + d, HAIRLINE), Line(x + CALIBRATION, y + d, x + CALIBRATION - 2.0, y + d, HAIRLINE)]
    return ticks


def calibration_bar(x: float, y: float, vertical: bool, _: Callable[[str], str] = ENGLISH) -> list:
    """A 50 mm bar with end ticks and its note; (x, y) is where the bar starts."""
    if vertical:
        return [
            Line(x, y, x, y + CALIBRATION, Style(stroke="#000000", stroke_width=0.4), role="calibration-bar"),
            Line(x - 1.5, y, x + 1.5, y, HAIRLINE), Line(x - 1.5, y + CALIBRATION, x + 1.5, y + CALIBRATION,
                                                          HAIRLINE),
            fit.line(x + 1.35, y + CALIBRATION / 2, _("Print at 100%: this bar is 50 mm"), size=2.15,
                     max_width=CALIBRATION + 30, fill=INK, anchor="middle", rotate=90),
        ]
    return [
        Line(x, y, x + CALIBRATION, y, Style(stroke="#000000", stroke_width=0.4), role="calibration-bar"),
        Line(x, y - 1.5, x, y + 1.5, HAIRLINE), Line(x + CALIBRATION, y - 1.5, x + CALIBRATION, y + 1.5, HAIRLINE),
        fit.line(x + CALIBRATION + 2, y + 0.9, "← " + _("print at 100%: this bar is 50 mm"), size=2.6, max_width=70,
                 fill=INK),
    ]


# -- card grids --------------------------------------------------------------------------
@dataclass(frozen=True)
class CardGrid:
    cols: int
    rows: int
    gap_x: float
    gap_y: float
    x0: float  # left of the first trim
    y0: float
    w: float
    h: float
    out_x: float = 0.0  # bleed beyond the outer trims, left and right (less than the deck's where
    out_y: float = 0.0  # the paper is tight: the crop marks must still print)

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def slot(self, col: int, row: int) -> tuple[float, float]:
        return self.x0 + col * (self.w + self.gap_x), self.y0 + row * (self.h + self.gap_y)

    @property
    def block(self) -> Box:
        return (self.x0, self.y0, self.cols * self.w + (self.cols - 1) * self.gap_x,
                self.rows * self.h + (self.rows - 1) * self.gap_y)


def _axis(paper: float, size: float, bleed: float, pair: int = 1) -> tuple[int, float, float]:
    """How many items (of `pair` cards each) fit along one side, the gutter between them and
    the bleed beyond the outer ones. Crop marks need CROP_ROOM inside the printable area on
    each side; the outer bleed takes what is left, up to the deck's; gutters (each card with
    its own bleed) come only where there is room besides for the page's footer and scale bar."""
    room = paper - 2 * (PRINTABLE + CROP_ROOM)
    count = int((room + 1e-9) // (size * pair))
    if count <= 0:
        return 0, 0.0, 0.0
    spare = room - count * size * pair
    gap = 2 * bleed if count > 1 and bleed > 0 and spare >= 2 * count * bleed + 2 * CARD_FURNITURE else 0.0
    side = (spare - (count - 1) * gap) / 2  # for the outer bleed and the crop mark beyond the least
    out = max(0.0, min(bleed, max(side - (MARK_WANTED - MARK_MIN), min(OUTER_BLEED_LEAST, side))))
    return count, gap, round(out, 4)


def card_grid(paper_w: float, paper_h: float, w: float, h: float, bleed: float) -> CardGrid:
    cols, gap_x, out_x = _axis(paper_w, w, bleed)
    rows, gap_y, out_y = _axis(paper_h, h, bleed)
    if not cols or not rows:
        return CardGrid(0, 0, 0, 0, 0, 0, w, h)
    block_w = cols * w + (cols - 1) * gap_x
    block_h = rows * h + (rows - 1) * gap_y
    return CardGrid(cols, rows, gap_x, gap_y, round((paper_w - block_w) / 2, 4),
                    round((paper_h - block_h) / 2, 4), w, h, out_x, out_y)


def fold_grid(paper_w: float, paper_h: float, w: float, h: float, bleed: float = 3.0) -> CardGrid:
    """Fold-over pairs (front | back, 2w wide) in a grid; `w` of the grid is the pair width."""
    cols, gap_x, out_x = _axis(paper_w, w, bleed, pair=2)
    rows, gap_y, out_y = _axis(paper_h, h, bleed)
    if not cols or not rows:
        return CardGrid(0, 0, 0, 0, 0, 0, 2 * w, h)
    block_w = cols * 2 * w + (cols - 1) * gap_x
    block_h = rows * h + (rows - 1) * gap_y
    return CardGrid(cols, rows, gap_x, gap_y, round((paper_w - block_w) / 2, 4),
                    round((paper_h - block_h) / 2, 4), 2 * w, h, out_x, out_y)


@dataclass(frozen=True)
class PlacedCard:
    """A card drawing (with bleed) to draw with its trim's top-left at (x, y)."""

    drawing: Drawing
    x: float
    y: float
    role: str
    bleed_sides: tuple[float, float, float, float]  # how far the art may extend: left, top, right, bottom


def card_shapes(card: PlacedCard, w: float, h: float, bleed: float) -> list:
    left, top, right, bottom = card.bleed_sides
    clip = (bleed - left, bleed - top, w + left + right, h + top + bottom)
    return [
        Group(card.drawing.shapes, dx=round(card.x - bleed, 4), dy=round(card.y - bleed, 4), clip=clip,
              role=card.role.replace("card-trim", "card-art")),
        Rect(card.x, card.y, w, h, UNPAINTED, role=card.role),
    ]


def mark_length(edge: float) -> float:
    """How long a crop mark can be that starts MARK_GAP outside a bleed edge `edge` mm from the
    paper's edge and must stay inside the printable area."""
    return max(0.0, min(MARK_LENGTH, edge - MARK_GAP - PRINTABLE))


def crop_marks(grid: CardGrid, paper_w: float, paper_h: float, xs: Sequence[float], ys: Sequence[float]) -> list:
    """Every cut line extended into the margins, starting MARK_GAP beyond the outer bleed."""
    bx, by, bw, bh = grid.block
    top, bottom = by - grid.out_y - MARK_GAP, by + bh + grid.out_y + MARK_GAP
    left, right = bx - grid.out_x - MARK_GAP, bx + bw + grid.out_x + MARK_GAP
    length = {"top": mark_length(top + MARK_GAP), "bottom": mark_length(paper_h - bottom + MARK_GAP),
              "left": mark_length(left + MARK_GAP), "right": mark_length(paper_w - right + MARK_GAP)}
    shapes = []
    for x in xs:
        shapes.append(Line(x, top, x, top - length["top"], HAIRLINE, role="crop-mark"))
        shapes.append(Line(x, bottom, x, bottom + length["bottom"], HAIRLINE, role="crop-mark"))
    for y in ys:
        shapes.append(Line(left, y, left - length["left"], y, HAIRLINE, role="crop-mark"))
        shapes.append(Line(right, y, right + length["right"], y, HAIRLINE, role="crop-mark"))
    return [mark for mark in shapes if abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) >= MARK_MIN - 1e-6]


FOOTER_ROOM = FOOTER_SIZE * 0.95 + 0.4  # a footer's letters and a little air
BAR_ROOM = 3.2  # a horizontal scale bar: its end ticks and its note
BAR_INSET = 5.0  # the bar starts this far in from the first crop mark, not in line with it


def card_furniture(page: PageDraft, grid: CardGrid, ys: Sequence[float], _: Callable[[str], str] = ENGLISH) -> None:
    """Footer and scale bar around a card grid, inside the printable area and clear of the crop
    marks: in the bands above and below the marks, else turned in a side margin between two
    rows' marks (where a tight paper, as US Letter, leaves no band)."""
    bx, by, bw, bh = grid.block
    W, H = page.width, page.height
    top_edge, bottom_edge = by - grid.out_y, H - (by + bh + grid.out_y)
    free_top = top_edge - MARK_GAP - mark_length(top_edge) - PRINTABLE
    free_bottom = bottom_edge - MARK_GAP - mark_length(bottom_edge) - PRINTABLE
    left_band = (PRINTABLE, bx - grid.out_x - MARK_GAP)  # x from, x to
    right_band = (bx + bw + grid.out_x + MARK_GAP, W - PRINTABLE)
    y_from, y_to = _widest_gap(ys, H)
    footer_side = ""
    if free_bottom >= FOOTER_ROOM:
        page.footer = Footer(W / 2, H - PRINTABLE - FOOTER_SIZE * 0.15, max_width=W - 2 * MARGIN)
        footer_side = "bottom"
    else:
        for side, (x0, x1), turn in (("right", right_band, 90), ("left", left_band, -90)):
            if x1 - x0 >= FOOTER_SIZE * 0.82 + 0.6:
                x = x0 + FOOTER_SIZE * 0.12 + 0.3 if turn == 90 else x1 - FOOTER_SIZE * 0.12 - 0.3
                page.footer = Footer(x, (y_from + y_to) / 2, rotate=turn, max_width=y_to - y_from - 4)
                footer_side = side
                break
    if free_top >= BAR_ROOM:
        page.shapes += calibration_bar(bx + BAR_INSET, PRINTABLE + 1.6, vertical=False, _=_)
    elif free_bottom - (FOOTER_ROOM if footer_side == "bottom" else 0.0) >= BAR_ROOM:
        page.shapes += calibration_bar(bx + BAR_INSET, H - PRINTABLE - (FOOTER_ROOM if footer_side == "bottom" else 0) - 1.7,
                                       vertical=False, _=_)
    else:
        for side, (x0, x1) in (("left", left_band), ("right", right_band)):
            if side != footer_side and x1 - x0 >= 4.4 - 1e-6 and y_to - y_from >= CALIBRATION + 4:
                page.shapes += calibration_bar(x0 + 1.55, (y_from + y_to - CALIBRATION) / 2, vertical=True, _=_)
                break


def _widest_gap(ys: Sequence[float], height: float) -> tuple[float, float]:
    """The longest stretch of a side margin between two crop marks (or a mark and the printable edge)."""
    stops = [PRINTABLE] + sorted(ys) + [height - PRINTABLE]
    return max(zip(stops, stops[1:]), key=lambda pair: pair[1] - pair[0])


@dataclass(frozen=True)
class PrintedCard:
    """One card to impose: its deck (name and title), its number in the deck, both faces."""

    deck: str
    title: str
    index: int
    front: Drawing
    back: Drawing


SIDES = {"fronts": N_("%(decks)s (fronts)"), "backs": N_("%(decks)s (backs)"), "fold-over": N_("%(decks)s (fold-over)")}


def page_title(cards: Sequence[PrintedCard], side: str, _: Callable[[str], str] = ENGLISH) -> str:
    """What a card page holds, for its footer: the decks on it ("Weapons, Gadgets (fronts)")."""
    return _(SIDES[side]) % {"decks": ", ".join(dict.fromkeys(card.title for card in cards))}


def card_pages(cards: Sequence[PrintedCard], w: float, h: float, bleed: float, paper_w: float,
               paper_h: float, _: Callable[[str], str] = ENGLISH) -> list[PageDraft]:
    """Fronts in a grid, each page followed by its backs mirrored for a long-edge flip. The
    cards of several decks of one size run on (a deck's last few share a sheet with the next's)."""
    grid = card_grid(paper_w, paper_h, w, h, bleed)
    pages = []
    per_page = grid.count
    for start in range(0, len(cards), per_page):
        on_page = cards[start:start + per_page]
        for side in ("front", "back"):
            page = PageDraft(paper_w, paper_h, page_title(on_page, f"{side}s", _))
            placed_trims = []
            slots = [(i % grid.cols, i // grid.cols) for i in range(len(on_page))]
            if side == "back":  # long-edge duplex: the sheet turns about its vertical axis
                slots = [(grid.cols - 1 - col, row) for col, row in slots]
            occupied = set(slots)
            xs, ys = _cut_lines(grid, occupied, w, h)  # marks only for the cards that are there
            for card, (col, row) in zip(on_page, slots):
                x, y = grid.slot(col, row)
                sides = _bleed_sides(grid, col, row, bleed, occupied)
                drawing = card.front if side == "front" else card.back
                page.shapes += card_shapes(PlacedCard(drawing, x, y, f"card-trim:{card.deck}:{card.index}:{side}",
                                                      sides), w, h, bleed)
                placed_trims.append((x, y, w, h, sides))
            page.shapes += crop_marks(grid, paper_w, paper_h, xs, ys)
            card_furniture(page, grid, ys, _)
            page.trim_box, page.bleed_box = _card_boxes(placed_trims)
            pages.append(page)
    return pages


def fold_layout(paper_w: float, paper_h: float, w: float, h: float, bleed: float = 3.0) -> tuple[CardGrid, bool]:
    """The fold-over grid, and whether its cards lie on their side: upright pairs (front | back)
    or pairs of cards turned a quarter, whichever puts more cards on a page (poker cards on
    A4 or Letter: four turned pairs, where three upright ones fit)."""
    upright = fold_grid(paper_w, paper_h, w, h, bleed)
    on_side = fold_grid(paper_w, paper_h, h, w, bleed)
    return (on_side, True) if on_side.count > upright.count else (upright, False)


def fold_pages(cards: Sequence[PrintedCard], w: float, h: float, bleed: float, paper_w: float,
               paper_h: float, _: Callable[[str], str] = ENGLISH) -> list[PageDraft]:
    """Each front beside its back, a fold line between: fold, glue, cut. Cards on their side
    turn opposite ways (the front's top and the back's top both meet the fold), so that
    folded, the back stands the same way up as its front."""
    grid, on_side = fold_layout(paper_w, paper_h, w, h, bleed)
    fronts, backs = [card.front for card in cards], [card.back for card in cards]
    if on_side:
        fronts, backs = _turned_each(fronts, True), _turned_each(backs, False)
        w, h = h, w
    pages = []
    for start in range(0, len(cards), grid.count):
        page = PageDraft(paper_w, paper_h, page_title(cards[start:start + grid.count], "fold-over", _))
        placed = []
        count = min(grid.count, len(cards) - start)
        occupied = {(i % grid.cols, i // grid.cols) for i in range(count)}
        xs, ys = _cut_lines(grid, occupied, 2 * w, h)
        for i in range(count):
            col, row = i % grid.cols, i // grid.cols
            x, y = grid.slot(col, row)
            left, top, right, bottom = _bleed_sides(grid, col, row, bleed, occupied)
            card = cards[start + i]
            page.shapes += card_shapes(PlacedCard(fronts[start + i], x, y, f"card-trim:{card.deck}:{card.index}:front",
                                                  (left, top, 0.0, bottom)), w, h, bleed)
            page.shapes += card_shapes(PlacedCard(backs[start + i], x + w, y, f"card-trim:{card.deck}:{card.index}:back",
                                                  (0.0, top, right, bottom)), w, h, bleed)
            page.shapes.append(Line(x + w, y, x + w, y + h, Style(stroke="#ffffff", stroke_width=0.3,
                                                                  dash=(1.5, 1.5))))
            placed.append((x, y, 2 * w, h, (left, top, right, bottom)))
        bx, by, bw, bh = grid.block
        top, bottom = by - grid.out_y - MARK_GAP, by + bh + grid.out_y + MARK_GAP
        fold = Style(stroke="#000000", stroke_width=0.25, dash=(1.0, 0.8))
        for col in sorted({col for col, _row in occupied}):
            fx = grid.slot(col, 0)[0] + w
            page.shapes.append(Line(fx, top, fx, top - mark_length(top + MARK_GAP), fold, role="fold-line"))
            page.shapes.append(Line(fx, bottom, fx, bottom + mark_length(paper_h - bottom + MARK_GAP), fold,
                                    role="fold-line"))
        page.shapes += crop_marks(grid, paper_w, paper_h, xs, ys)
        card_furniture(page, grid, ys, _)
        page.trim_box, page.bleed_box = _card_boxes(placed)
        pages.append(page)
    return pages


def _turned_each(drawings: Sequence[Drawing], clockwise: bool) -> list[Drawing]:
    """Each drawing turned, the copies of one drawing turned once."""
    done: dict[int, Drawing] = {}
    return [done.setdefault(id(d), turned(d, clockwise)) for d in drawings]


def _cut_lines(grid: CardGrid, occupied: set, w: float, h: float) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal cut of the cards in `occupied`."""
    xs = sorted({round(grid.slot(col, row)[0] + dx, 4) for col, row in occupied for dx in (0, w)})
    ys = sorted({round(grid.slot(col, row)[1] + dy, 4) for col, row in occupied for dy in (0, h)})
    return xs, ys


def _bleed_sides(grid: CardGrid, col: int, row: int, bleed: float,
                 occupied: set) -> tuple[float, float, float, float]:
    """How far a card's art may run past each side of its trim: the grid's outer bleed where no
    card is next to it, half the gutter (a full bleed) where one is, none where cards touch."""
    inner_x = min(bleed, grid.gap_x / 2)
    inner_y = min(bleed, grid.gap_y / 2)
    return (inner_x if (col - 1, row) in occupied else (grid.out_x if col == 0 else min(bleed, grid.gap_x / 2 or bleed)),
            inner_y if (col, row - 1) in occupied else (grid.out_y if row == 0 else min(bleed, grid.gap_y / 2 or bleed)),
            inner_x if (col + 1, row) in occupied else (grid.out_x if col == grid.cols - 1 else
                                                        min(bleed, grid.gap_x / 2 or bleed)),
            inner_y if (col, row + 1) in occupied else (grid.out_y if row == grid.rows - 1 else
                                                        min(bleed, grid.gap_y / 2 or bleed)))


def _card_boxes(placed) -> tuple[Box, Box]:
    x0 = min(p[0] for p in placed)
    y0 = min(p[1] for p in placed)
    x1 = max(p[0] + p[2] for p in placed)
    y1 = max(p[1] + p[3] for p in placed)
    bx0 = min(p[0] - p[4][0] for p in placed)
    by0 = min(p[1] - p[4][1] for p in placed)
    bx1 = max(p[0] + p[2] + p[4][2] for p in placed)
    by1 = max(p[1] + p[3] + p[4][3] for p in placed)
    return (x0, y0, x1 - x0, y1 - y0), (bx0, by0, bx1 - bx0, by1 - by0)


# -- tiling ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tile:
    label: str  # "A1": row letter, column number
    col: int
    row: int
    x: float  # window in the drawing's coordinates
    y: float
    w: float
    h: float


def tile_windows(length: float, room: float, overlap: float = OVERLAP) -> list[tuple[float, float]]:
    """(start, size) of equal windows covering [0, length], neighbours sharing at least `overlap`:
    as few as will do, each as large as the room, so the overlaps are as wide as the paper allows
    (room to cut where no word is)."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    step = (length - room) / (count - 1)
    return [(round(i * step, 4), round(room, 4)) for i in range(count)]


def plan_tiles(width: float, height: float, room_w: float, room_h: float) -> list[Tile]:
    columns = tile_windows(width, room_w)
    rows = tile_windows(height, room_h)
    return [Tile(f"{chr(65 + r)}{c + 1}", c, r, x, y, w, h)
            for r, (y, h) in enumerate(rows) for c, (x, w) in enumerate(columns)]


@dataclass(frozen=True)
class Layout:
    """Where a big drawing goes on each page: the room for tiles and for the page map."""

    rotate: bool
    room: Box  # the area for the drawing's tile
    furniture: Optional[Box]  # the page map and how to assemble (tiled drawings only)
    tiles: tuple[Tile, ...]


MAP_BAND = 20.0  # a tiled board's page map and assembly note, below or beside each tile
MARK_ROOM = 6.0  # around a tile, outside the drawing, for the alignment marks


def plan_big(drawing: Drawing, paper_w: float, paper_h: float) -> Layout:
    """Whether to turn the drawing and where the page map goes, to need the fewest pages
    (then the largest tiles). A drawing that fits one page takes the whole printable area."""
    cx, cy, cw, ch = (MARGIN, MARGIN, paper_w - 2 * MARGIN, paper_h - 2 * MARGIN - 3.0)
    options = []
    for rotate in (False, True):
        w, h = (drawing.height, drawing.width) if rotate else (drawing.width, drawing.height)
        if w <= cw and h <= ch:
            options.append((1, rotate, 0, Layout(rotate, (cx, cy, cw, ch), None, tuple(plan_tiles(w, h, cw, ch)))))
    bands = {
        "bottom": ((cx + MARK_ROOM, cy + MARK_ROOM, cw - 2 * MARK_ROOM, ch - MAP_BAND - 2 * MARK_ROOM),
                   (cx, cy + ch - MAP_BAND + 2.0, cw, MAP_BAND - 2.0)),
        "right": ((cx + MARK_ROOM, cy + MARK_ROOM, cw - 2 * MARK_ROOM - MAP_BAND * 2, ch - 2 * MARK_ROOM),
                  (cx + cw - MAP_BAND * 2 + 2.0, cy, MAP_BAND * 2 - 2.0, ch)),
    }
    for band, (room, furniture) in bands.items():
        for rotate in (False, True):
            w, h = (drawing.height, drawing.width) if rotate else (drawing.width, drawing.height)
            tiles = plan_tiles(w, h, room[2], room[3])
            if len(tiles) > 1:
                options.append((len(tiles), rotate, 1 + (band != "bottom"),
                                Layout(rotate, room, furniture, tuple(tiles))))
    options.sort(key=lambda o: (o[0], o[1], o[2]))
    return options[0][3]


def turned(drawing: Drawing, clockwise: bool = True) -> Drawing:
    """The drawing turned a quarter, as a new drawing (landscape boards, cards on their side)."""
    group = (Group(drawing.shapes, dx=drawing.height, dy=0.0, rotate=90) if clockwise
             else Group(drawing.shapes, dx=0.0, dy=drawing.width, rotate=-90))
    return Drawing(drawing.height, drawing.width, (group,), title=drawing.title)


def big_pages(name: str, title: str, drawing: Drawing, paper_w: float, paper_h: float,
              game: str = "") -> list[PageDraft]:
    """A drawing on one page if it fits (at the top, leaving the rest of the page free for
    packing), else tiles with overlap, alignment marks outside the drawing and a page map."""
    layout = plan_big(drawing, paper_w, paper_h)
    if layout.rotate:
        drawing = turned(drawing)
    tiles = layout.tiles
    rx, ry, rw, rh = layout.room
    pages = []
    words = word_boxes(drawing) if len(tiles) > 1 else []
    for tile in tiles:
        page = PageDraft(paper_w, paper_h, title if len(tiles) == 1 else f"{title}, tile {tile.label}")
        # a single page is centred across the top; tiles start at the room's corner
        ox = rx + (rw - tile.w) / 2 if len(tiles) == 1 else rx
        oy = ry
        inner = [Rect(0, 0, drawing.width, drawing.height, UNPAINTED, role=f"board-extent:{name}")]
        inner += list(drawing.shapes)
        page.shapes.append(Group(tuple(inner), dx=round(ox - tile.x, 4), dy=round(oy - tile.y, 4),
                                 clip=(tile.x, tile.y, tile.w, tile.h)))
        page.shapes.append(Rect(ox, oy, tile.w, tile.h, UNPAINTED, role=f"tile-window:{name}:{tile.label}"))
        if len(tiles) > 1:
            page.shapes += alignment_marks(tiles, tile, ox, oy)
            page.shapes += cut_lines(tile, ox, oy, words, tiles)
            page.shapes.append(Rect(ox, oy, tile.w, tile.h, Style(stroke="#9a9a9a", stroke_width=0.15)))
            page.shapes += page_map(layout.furniture, tiles, tile, drawing, title)
        else:
            page.free_from = round(oy + tile.h + 6.0, 4)
        pages.append(page)
    return pages


def alignment_marks(tiles: Sequence[Tile], tile: Tile, ox: float, oy: float) -> list:
    """Where each overlap's middle line meets the tile's edges, a tick and a small ring just
    outside the drawing: the same marks print on both neighbours, and never over the board."""
    style = Style(stroke="#000000", stroke_width=0.25)
    shapes: list = []
    xs = sorted({t.x + OVERLAP / 2 for t in tiles if t.col > 0} | {t.x + t.w - OVERLAP / 2 for t in tiles
                                                                    if any(n.col == t.col + 1 for n in tiles)})
    ys = sorted({t.y + OVERLAP / 2 for t in tiles if t.row > 0} | {t.y + t.h - OVERLAP / 2 for t in tiles
                                                                    if any(n.row == t.row + 1 for n in tiles)})
    for x in xs:
        if tile.x < x < tile.x + tile.w:
            px = ox + x - tile.x
            for edge, out in ((oy, -1), (oy + tile.h, 1)):
                shapes += registration(px, edge + out * (MARK_ROOM / 2 + 0.5), vertical=True, style=style)
    for y in ys:
        if tile.y < y < tile.y + tile.h:
            py = oy + y - tile.y
            for edge, out in ((ox, -1), (ox + tile.w, 1)):
                shapes += registration(edge + out * (MARK_ROOM / 2 + 0.5), py, vertical=False, style=style)
    return shapes


def registration(x: float, y: float, vertical: bool, style: Style) -> list:
    """A ring with a tick through it along the overlap's middle line."""
    tick = (Line(x, y - 2.6, x, y + 2.6, style, role="alignment-mark") if vertical
            else Line(x - 2.6, y, x + 2.6, y, style, role="alignment-mark"))
    return [Circle(x, y, 1.4, Style(stroke=style.stroke, stroke_width=style.stroke_width)), tick]


def cut_lines(tile: Tile, ox: float, oy: float, words: Sequence[Box] = (), tiles: Sequence[Tile] = ()) -> list:
    """Dashed lines across the left/top overlaps: cut there, lay over the neighbour. Both tiles
    print the whole overlap, so the cut may go anywhere in it: near its middle, but where it
    crosses none of the drawing's words (`words`: their boxes in the drawing's millimetres)."""
    dash = Style(stroke="#000000", stroke_width=0.3, dash=(2.0, 1.5))
    shapes: list = []
    if tile.col > 0:
        across = [(bx, bx + bw) for bx, by, bw, bh in words if by < tile.y + tile.h and by + bh > tile.y]
        x = ox + _clear_offset(tile.x, across, _overlap(tiles, tile, -1, 0))
        shapes.append(Line(x, oy, x, oy + tile.h, dash, role="cut-line"))
    if tile.row > 0:
        across = [(by, by + bh) for bx, by, bw, bh in words if bx < tile.x + tile.w and bx + bw > tile.x]
        y = oy + _clear_offset(tile.y, across, _overlap(tiles, tile, 0, -1))
        shapes.append(Line(ox, y, ox + tile.w, y, dash, role="cut-line"))
    return shapes


def _overlap(tiles: Sequence[Tile], tile: Tile, dcol: int, drow: int) -> float:
    """How much of `tile` its left (or upper) neighbour prints too."""
    for other in tiles:
        if (other.col, other.row) == (tile.col + dcol, tile.row + drow):
            return (other.x + other.w - tile.x) if dcol else (other.y + other.h - tile.y)
    return OVERLAP


def _clear_offset(start: float, spans: Sequence[tuple[float, float]], overlap: float = OVERLAP) -> float:
    """How far into the overlap beginning at `start` to cut: the usual middle, else the nearest
    offset (in half millimetres, 1 mm clear of the overlap's ends) that misses every span."""
    offsets = sorted((1.0 + k * 0.5 for k in range(int((overlap - 2.0) / 0.5) + 1)),
                     key=lambda d: abs(d - OVERLAP / 2))
    for offset in offsets:
        at = start + offset
        if not any(a - 0.3 < at < b + 0.3 for a, b in spans):
            return offset
    return OVERLAP / 2


def word_boxes(drawing: Drawing) -> list[Box]:
    """Where the drawing's words lie, in its own millimetres."""
    from generator.draw.flatten import flatten

    return [item.box() for item in flatten(drawing.shapes) if isinstance(item.shape, Text) and item.shape.text.strip()]


def page_map(box: Box, tiles: Sequence[Tile], current: Tile, drawing: Drawing, title: str) -> list:
    """A tiled drawing's page map (this tile filled) and how to assemble the tiles."""
    x, y, w, h = box
    shapes: list = []
    text_w = 70.0
    if w > h:  # a band below the tile: the map at the left, the words beside it
        scale = min((h - 2.0) / drawing.height, (w - text_w - 6.0) / drawing.width)
        mx, my, tx, ty = x, y + 1.0, x + drawing.width * scale + 5.0, y + 4.0
    else:  # a band beside the tile: the words above the map
        scale = min((w - 2.0) / drawing.width, 60.0 / drawing.height)
        mx, my, tx, ty = x, y + 18.0, x, y + 4.0
    room = w - (tx - x)  # the words' width, beside or above the map
    words = fit.fit_block("Cut along the dashed line, lay the tile over its neighbour so the ring marks line "
                          "up, and glue.", room, 40.0, size=2.8, min_size=2.3)
    if w <= h:
        my = max(my, ty + 1.8 + words.height + 3.0)
    for t in tiles:  # each tile as its share of the board: overlaps split at their middles
        x0, x1 = _share(tiles, t, "x", drawing.width)
        y0, y1 = _share(tiles, t, "y", drawing.height)
        shapes.append(Rect(mx + x0 * scale, my + y0 * scale, (x1 - x0) * scale, (y1 - y0) * scale,
                           Style(fill="#f2c14e" if t is current else "#ffffff", stroke="#444444",
                                 stroke_width=0.25), role="page-map"))
        shapes.append(fit.line(mx + (x0 + x1) / 2 * scale, my + (y0 + y1) / 2 * scale + 1.0, t.label,
                               size=min(3.0, (y1 - y0) * scale * 0.4), max_width=(x1 - x0) * scale - 0.6,
                               min_size=2.2, fill=INK, anchor="middle"))
    shapes.append(fit.line(tx, ty, f"{title}: tile {current.label} of {len(tiles)}", size=3.2, max_width=room,
                           min_size=2.3, fill=INK, bold=True))
    shapes += fit.block_shapes(words, tx, ty + 1.8, anchor="start", fill=GREY)
    return shapes


def _share(tiles: Sequence[Tile], tile: Tile, axis: str, length: float) -> tuple[float, float]:
    """Where a tile's own part of the board starts and ends along `axis` (neighbours' overlaps halved)."""
    start, size = (tile.x, tile.w) if axis == "x" else (tile.y, tile.h)
    spans = sorted({(t.x, t.w) if axis == "x" else (t.y, t.h) for t in tiles})
    i = spans.index((start, size))
    low = (start + spans[i - 1][0] + spans[i - 1][1]) / 2 if i > 0 else 0.0
    high = (spans[i + 1][0] + start + size) / 2 if i + 1 < len(spans) else length
    return low, high


def cover_page(paper_w: float, paper_h: float, lines: Sequence[tuple[str, float, bool]],
               contents: Sequence[tuple[str, str, str]], steps: Sequence[str],
               instead: Sequence[tuple[str, str]] = (), language: str = "") -> PageDraft:
    """The first page: titles, what is in the kit and on which pages, how to print it (its
    headings in `language`)."""
    _, p_ = gettext(language), pgettext(language)
    page = PageDraft(paper_w, paper_h, _("Contents and printing"))
    x, y = MARGIN + 4, MARGIN + 10
    for text, size, bold in lines:
        if text:
            page.shapes.append(fit.line(x, y, text, size=size, max_width=paper_w - 2 * MARGIN - 8, fill=INK,
                                        bold=bold))
        y += size * 1.5
    y += 4
    page.shapes.append(Text(x, y, p_("what a kit holds", "Contents"), size=5.0, fill=INK, bold=True))
    y += 7
    for name, pages, note in contents:
        # one line, shrunk as far as 60%; past that (many packed things, a longer language) more lines
        *above, last = [name] if fit.width(name, 3.6 * 0.6, bold=True) <= 120 else fit.wrap(name, 120, 3.6, bold=True)
        for words in above:
            page.shapes.append(fit.line(x, y, words, size=3.6, max_width=120, fill=INK, bold=True))
            y += 3.6 * 1.35
        page.shapes.append(fit.line(x, y, last, size=3.6, max_width=120, fill=INK, bold=True))
        page.shapes.append(Text(x + 126, y, pages, size=3.6, fill=INK))
        block = fit.fit_block(note, paper_w - 2 * MARGIN - 12, 40, size=3.0, min_size=3.0)
        page.shapes += fit.block_shapes(block, x + 4, y + 1.8, anchor="start", fill=GREY)
        y += 6.5 + block.height
    if instead:
        y += 4
        page.shapes.append(Text(x, y, _("Not printed: what to use instead"), size=5.0, fill=INK, bold=True))
        y += 7
        for component, use in instead:
            block = fit.fit_block(f"{component}: {use}", paper_w - 2 * MARGIN - 8, 40, size=3.3, min_size=3.3)
            page.shapes += fit.block_shapes(block, x, y - 3.3 * 0.9, anchor="start", fill=INK)
            y += block.height + 1.8
    y += 6
    page.shapes.append(Text(x, y, _("How to print and assemble"), size=5.0, fill=INK, bold=True))
    y += 7
    for number, step in enumerate(steps, start=1):
        block = fit.fit_block(f"{number}. {step}", paper_w - 2 * MARGIN - 8, 60, size=3.1, min_size=3.1)
        page.shapes += fit.block_shapes(block, x, y - 3.1 * 0.9, anchor="start", fill=INK)
        y += block.height + 1.8
    page.free_from = y + 4.0
    return page
