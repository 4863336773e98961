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
* Small drawings (tokens, sheets) are packed in rows, all kinds together.
* The kit's one 50 mm calibration square goes where the first component page has
  room (`place_calibration`); card pages carry a 50 mm bar in a margin. Every sheet
  has a footer "game — component — page i of n".

Shapes that tests read back carry roles: card-trim:<deck>:<i>:<side>, crop-mark,
fold-line, tile-window:<name>:<label>, board-extent:<name>, alignment-mark,
calibration-square, calibration-bar, footer.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional, Sequence

from generator.draw.shapes import Circle, Drawing, Group, Line, Rect, Style, Text
from generator.kit import text as fit

MARGIN = 8.0  # non-card pages: home printers cannot print the outer few mm
FOOTER_SIZE = 2.6
MARK_MIN = 2.0  # room a crop mark needs beyond the bleed
MARK_LENGTH = 5.0
CARD_FURNITURE = 9.0  # room beyond the bleed kept for footer/calibration before adding gutters
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

    def finish(self, game: str, number: int, total: int) -> Drawing:
        footer = self.footer or Footer(self.width / 2, self.height - 4.2, max_width=self.width - 2 * MARGIN)
        text = f"{game} — {self.component} — page {number} of {total}"
        shapes = list(self.shapes)
        shapes.append(fit.line(footer.x, footer.y, text, size=FOOTER_SIZE, max_width=footer.max_width,
                               min_size=1.8, fill=GREY, anchor=footer.anchor, rotate=footer.rotate,
                               role="footer"))
        return Drawing(self.width, self.height, tuple(shapes), title=f"{self.component}, page {number}")


# -- calibration -------------------------------------------------------------------------
def calibration_square(x: float, y: float) -> list:
    """A 50 mm square with its note above it; (x, y) is the top-left of the note."""
    top = y + 9.0
    return [
        Text(x, y + 3.4, "Print at 100% (actual size,", size=3.0, fill=INK, bold=True),
        Text(x, y + 7.2, "no scaling): this square is 50 mm.", size=3.0, fill=INK),
        Rect(x, top, CALIBRATION, CALIBRATION, Style(stroke="#000000", stroke_width=0.3),
             role="calibration-square"),
        *ruler_ticks(x, top),
        Text(x + CALIBRATION / 2, top + CALIBRATION / 2 + 1.4, "50 × 50 mm", size=3.6, fill=GREY,
             anchor="middle"),
    ]


def ruler_ticks(x: float, y: float) -> list:
    """Centimetre ticks inside the square's edges, so a ruler check is easy."""
    ticks = []
    for i in range(1, 5):
        d = i * 10.0
        ticks += [Line(x + d, y, x + d, y + 2.0, HAIRLINE), Line(x + d, y + CALIBRATION, x + d, y + CALIBRATION - 2.0, HAIRLINE),
                  Line(x, y + d, x + 2.0, y + d, HAIRLINE), Line(x + CALIBRATION, y + d, x + CALIBRATION - 2.0, y + d, HAIRLINE)]
    return ticks


def calibration_bar(x: float, y: float, vertical: bool) -> list:
    """A 50 mm bar with end ticks and its note; (x, y) is where the bar starts."""
    if vertical:
        return [
            Line(x, y, x, y + CALIBRATION, Style(stroke="#000000", stroke_width=0.4), role="calibration-bar"),
            Line(x - 1.5, y, x + 1.5, y, HAIRLINE), Line(x - 1.5, y + CALIBRATION, x + 1.5, y + CALIBRATION,
                                                          HAIRLINE),
            fit.line(x + 1.6, y + CALIBRATION / 2, "Print at 100%: this bar is 50 mm", size=2.4,
                     max_width=CALIBRATION + 30, fill=INK, anchor="middle", rotate=90),
        ]
    return [
        Line(x, y, x + CALIBRATION, y, Style(stroke="#000000", stroke_width=0.4), role="calibration-bar"),
        Line(x, y - 1.5, x, y + 1.5, HAIRLINE), Line(x + CALIBRATION, y - 1.5, x + CALIBRATION, y + 1.5, HAIRLINE),
        fit.line(x + CALIBRATION + 2, y + 0.9, "← print at 100%: this bar is 50 mm", size=2.6, max_width=70,
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

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def slot(self, col: int, row: int) -> tuple[float, float]:
        return self.x0 + col * (self.w + self.gap_x), self.y0 + row * (self.h + self.gap_y)

    @property
    def block(self) -> Box:
        return (self.x0, self.y0, self.cols * self.w + (self.cols - 1) * self.gap_x,
                self.rows * self.h + (self.rows - 1) * self.gap_y)


def _axis(paper: float, size: float, bleed: float, pair: int = 1) -> tuple[int, float]:
    """How many items (of `pair` cards each) fit along one side, and the gutter between them."""
    least = bleed + MARK_MIN
    count = int((paper - 2 * least + 1e-9) // (size * pair))
    if count <= 0:
        return 0, 0.0
    gap = 2 * bleed
    roomy = count * size * pair + (count - 1) * gap + 2 * (bleed + CARD_FURNITURE)
    return count, (gap if count > 1 and bleed > 0 and roomy <= paper else 0.0)


def card_grid(paper_w: float, paper_h: float, w: float, h: float, bleed: float) -> CardGrid:
    cols, gap_x = _axis(paper_w, w, bleed)
    rows, gap_y = _axis(paper_h, h, bleed)
    if not cols or not rows:
        return CardGrid(0, 0, 0, 0, 0, 0, w, h)
    block_w = cols * w + (cols - 1) * gap_x
    block_h = rows * h + (rows - 1) * gap_y
    return CardGrid(cols, rows, gap_x, gap_y, round((paper_w - block_w) / 2, 4),
                    round((paper_h - block_h) / 2, 4), w, h)


def fold_grid(paper_w: float, paper_h: float, w: float, h: float, bleed: float = 3.0) -> CardGrid:
    """Fold-over pairs (front | back, 2w wide) in a grid; `w` of the grid is the pair width."""
    cols, gap_x = _axis(paper_w, w, bleed, pair=2)
    rows, gap_y = _axis(paper_h, h, bleed)
    if not cols or not rows:
        return CardGrid(0, 0, 0, 0, 0, 0, 2 * w, h)
    block_w = cols * 2 * w + (cols - 1) * gap_x
    block_h = rows * h + (rows - 1) * gap_y
    return CardGrid(cols, rows, gap_x, gap_y, round((paper_w - block_w) / 2, 4),
                    round((paper_h - block_h) / 2, 4), 2 * w, h)


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


def crop_marks(grid: CardGrid, paper_w: float, paper_h: float, bleed: float,
               xs: Sequence[float], ys: Sequence[float]) -> list:
    """Every cut line extended into the margins, starting 0.5 mm beyond the bleed."""
    bx, by, bw, bh = grid.block
    shapes = []
    bands = {"top": by - bleed, "bottom": paper_h - (by + bh) - bleed,
             "left": bx - bleed, "right": paper_w - (bx + bw) - bleed}
    length = {side: max(0.0, min(MARK_LENGTH, band - 1.0)) for side, band in bands.items()}
    for x in xs:
        if length["top"]:
            start = by - bleed - 0.5
            shapes.append(Line(x, start, x, start - length["top"], HAIRLINE, role="crop-mark"))
        if length["bottom"]:
            start = by + bh + bleed + 0.5
            shapes.append(Line(x, start, x, start + length["bottom"], HAIRLINE, role="crop-mark"))
    for y in ys:
        if length["left"]:
            start = bx - bleed - 0.5
            shapes.append(Line(start, y, start - length["left"], y, HAIRLINE, role="crop-mark"))
        if length["right"]:
            start = bx + bw + bleed + 0.5
            shapes.append(Line(start, y, start + length["right"], y, HAIRLINE, role="crop-mark"))
    return shapes


def card_furniture(page: PageDraft, grid: CardGrid, bleed: float) -> None:
    """Footer and calibration in the margins around a card grid, clear of the crop marks."""
    bx, by, bw, bh = grid.block
    W, H = page.width, page.height
    bands = {"top": by - bleed, "bottom": H - (by + bh) - bleed,
             "left": bx - bleed, "right": W - (bx + bw) - bleed}
    marks = {side: min(MARK_LENGTH, max(0.0, band - 1.0)) + 1.0 for side, band in bands.items()}
    free = {side: bands[side] - marks[side] for side in bands}  # beyond the crop marks
    # footer: bottom band if there is room, else the roomier side band, rotated
    if free["bottom"] >= FOOTER_SIZE + 1.0:
        page.footer = Footer(W / 2, by + bh + bleed + marks["bottom"] + FOOTER_SIZE, max_width=W - 2 * MARGIN)
        footer_side = "bottom"
    elif free["right"] >= free["left"]:
        page.footer = Footer(bx + bw + bleed + marks["right"] + 0.2, H / 2, rotate=90, max_width=H - 20)
        footer_side = "right"
    else:
        page.footer = Footer(bx - bleed - marks["left"] - 0.2, H / 2, rotate=-90, max_width=H - 20)
        footer_side = "left"
    # calibration: a 50 mm bar in a margin (the kit's one square is on its first component page)
    if free["top"] >= 4.0:
        page.shapes += calibration_bar(bx, by - bleed - marks["top"] - 1.5, vertical=False)
    elif free["bottom"] >= 4.0 + (FOOTER_SIZE + 1.5 if footer_side == "bottom" else 0):
        page.shapes += calibration_bar(bx, H - 2.5, vertical=False)
    else:
        side = "left" if footer_side != "left" else "right"
        x = bx - bleed - marks["left"] - 3.2 if side == "left" else bx + bw + bleed + marks["right"] + 0.8
        page.shapes += calibration_bar(x, (H - CALIBRATION) / 2, vertical=True)


def card_pages(name: str, title: str, fronts: Sequence[Drawing], backs: Sequence[Drawing], w: float, h: float,
               bleed: float, paper_w: float, paper_h: float) -> list[PageDraft]:
    """Fronts in a grid, each page followed by its backs mirrored for a long-edge flip."""
    grid = card_grid(paper_w, paper_h, w, h, bleed)
    pages = []
    per_page = grid.count
    xs = sorted({round(grid.slot(c, 0)[0] + dx, 4) for c in range(grid.cols) for dx in (0, w)})
    ys = sorted({round(grid.slot(0, r)[1] + dy, 4) for r in range(grid.rows) for dy in (0, h)})
    for start in range(0, len(fronts), per_page):
        for side in ("front", "back"):
            page = PageDraft(paper_w, paper_h, f"{title} ({side}s)")
            placed_trims = []
            cards = (fronts if side == "front" else backs)[start:start + per_page]
            slots = [(i % grid.cols, i // grid.cols) for i in range(len(cards))]
            if side == "back":  # long-edge duplex: the sheet turns about its vertical axis
                slots = [(grid.cols - 1 - col, row) for col, row in slots]
            occupied = set(slots)
            for i, (drawing, (col, row)) in enumerate(zip(cards, slots)):
                x, y = grid.slot(col, row)
                sides = _bleed_sides(grid, col, row, bleed, occupied)
                page.shapes += card_shapes(PlacedCard(drawing, x, y, f"card-trim:{name}:{start + i}:{side}",
                                                      sides), w, h, bleed)
                placed_trims.append((x, y, w, h, sides))
            page.shapes += crop_marks(grid, paper_w, paper_h, bleed, xs, ys)
            card_furniture(page, grid, bleed)
            page.trim_box, page.bleed_box = _card_boxes(placed_trims)
            pages.append(page)
    return pages


def fold_pages(name: str, title: str, fronts: Sequence[Drawing], backs: Sequence[Drawing], w: float, h: float,
               bleed: float, paper_w: float, paper_h: float) -> list[PageDraft]:
    """Each front beside its back, a fold line between: fold, glue, cut."""
    grid = fold_grid(paper_w, paper_h, w, h, bleed)
    pages = []
    xs = sorted({round(grid.slot(c, 0)[0] + dx, 4) for c in range(grid.cols) for dx in (0, 2 * w)})
    ys = sorted({round(grid.slot(0, r)[1] + dy, 4) for r in range(grid.rows) for dy in (0, h)})
    for start in range(0, len(fronts), grid.count):
        page = PageDraft(paper_w, paper_h, f"{title} (fold-over)")
        placed = []
        count = min(grid.count, len(fronts) - start)
        occupied = {(i % grid.cols, i // grid.cols) for i in range(count)}
        for i in range(count):
            col, row = i % grid.cols, i // grid.cols
            x, y = grid.slot(col, row)
            left, top, right, bottom = _bleed_sides(grid, col, row, bleed, occupied)
            page.shapes += card_shapes(PlacedCard(fronts[start + i], x, y, f"card-trim:{name}:{start + i}:front",
                                                  (left, top, 0.0, bottom)), w, h, bleed)
            page.shapes += card_shapes(PlacedCard(backs[start + i], x + w, y, f"card-trim:{name}:{start + i}:back",
                                                  (0.0, top, right, bottom)), w, h, bleed)
            page.shapes.append(Line(x + w, y, x + w, y + h, Style(stroke="#ffffff", stroke_width=0.3,
                                                                  dash=(1.5, 1.5))))
            placed.append((x, y, 2 * w, h, (left, top, right, bottom)))
        for col in range(grid.cols):
            fx = grid.slot(col, 0)[0] + w
            bx, by, bw, bh = grid.block
            page.shapes.append(Line(fx, by - bleed - 0.5, fx, max(1.0, by - bleed - 0.5 - MARK_LENGTH),
                                    Style(stroke="#000000", stroke_width=0.25, dash=(1.0, 0.8)), role="fold-line"))
            page.shapes.append(Line(fx, by + bh + bleed + 0.5, fx, min(paper_h - 1.0, by + bh + bleed + 0.5 + MARK_LENGTH),
                                    Style(stroke="#000000", stroke_width=0.25, dash=(1.0, 0.8)), role="fold-line"))
        page.shapes += crop_marks(grid, paper_w, paper_h, bleed, xs, ys)
        card_furniture(page, grid, bleed)
        page.trim_box, page.bleed_box = _card_boxes(placed)
        pages.append(page)
    return pages


def _bleed_sides(grid: CardGrid, col: int, row: int, bleed: float,
                 occupied: set) -> tuple[float, float, float, float]:
    """How far a card's art may run past each side of its trim: the full bleed where no
    card is next to it (or a gutter of 2 x bleed is), none where cards touch."""
    inner_x = min(bleed, grid.gap_x / 2)
    inner_y = min(bleed, grid.gap_y / 2)
    return (inner_x if (col - 1, row) in occupied else bleed,
            inner_y if (col, row - 1) in occupied else bleed,
            inner_x if (col + 1, row) in occupied else bleed,
            inner_y if (col, row + 1) in occupied else bleed)


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
    """(start, size) of equal windows covering [0, length], neighbours sharing `overlap`."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count
    return [(round(i * (size - overlap), 4), round(size, 4)) for i in range(count)]


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


def turned(drawing: Drawing) -> Drawing:
    """The drawing turned a quarter clockwise, as a new drawing (for landscape boards)."""
    group = Group(drawing.shapes, dx=drawing.height, dy=0.0, rotate=90)
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
            page.shapes += cut_lines(tile, ox, oy)
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


def cut_lines(tile: Tile, ox: float, oy: float) -> list:
    """Dashed lines along the middle of the left/top overlaps: cut there, lay over the neighbour."""
    dash = Style(stroke="#000000", stroke_width=0.3, dash=(2.0, 1.5))
    shapes: list = []
    if tile.col > 0:
        x = ox + OVERLAP / 2
        shapes.append(Line(x, oy, x, oy + tile.h, dash, role="cut-line"))
    if tile.row > 0:
        y = oy + OVERLAP / 2
        shapes.append(Line(ox, y, ox + tile.w, y, dash, role="cut-line"))
    return shapes


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
    for t in tiles:
        shapes.append(Rect(mx + t.x * scale, my + t.y * scale, t.w * scale, t.h * scale,
                           Style(fill="#f2c14e" if t is current else "#ffffff", stroke="#444444",
                                 stroke_width=0.25), role="page-map"))
        shapes.append(Text(mx + (t.x + t.w / 2) * scale, my + (t.y + t.h / 2) * scale + 1.0, t.label,
                           size=min(3.0, t.h * scale * 0.4), fill=INK, anchor="middle"))
    shapes.append(Text(tx, ty, f"{title}: tile {current.label} of {len(tiles)}", size=3.2, fill=INK, bold=True))
    for i, line in enumerate(("Cut along the dashed line, lay the tile over", "its neighbour so the ring marks",
                              "line up, and glue.")):
        shapes.append(Text(tx, ty + 4.5 + i * 3.6, line, size=2.8, fill=GREY))
    return shapes


# -- packing -----------------------------------------------------------------------------
@dataclass(frozen=True)
class PackSection:
    title: str
    items: tuple[tuple[Drawing, str], ...]  # drawing and role
    gap: float = 3.0


def pack_pages(sections: Sequence[PackSection], paper_w: float, paper_h: float,
               after: Optional[PageDraft] = None) -> list[PageDraft]:
    """Pack every item on as few pages as will hold them: each goes to the lowest free place
    on any page so far (a skyline per page, bottom-left first), so small pieces fill the room
    beside and below bigger sheets. A section's title sits above its first item on each page.
    With `after` (a page with room below `after.free_from`), packing starts on that page:
    small things share the page of a small board. Returns the new pages."""
    left, right, bottom = MARGIN, paper_w - MARGIN, paper_h - MARGIN - 3.0
    pages: list[tuple[PageDraft, _Skyline, list[str]]] = []
    if after is not None and after.free_from is not None:
        pages.append((after, _Skyline(left, after.free_from, right, bottom), [after.component]))
    # tallest first (first-fit decreasing): the small pieces then fill the gaps the big sheets leave
    items = sorted(((drawing, role, section) for section in sections for drawing, role in section.items),
                   key=lambda item: -item[0].height)
    for drawing, role, section in items:
        w, h = drawing.width, drawing.height
        if w > right - left or h > bottom - MARGIN - _HEADING:
            raise ValueError(f"{section.title}: an item of {w:g} x {h:g} mm does not fit on a page")
        title_w = min(fit.width(section.title, 3.6, True) + 2.0, right - left)  # a little air after it
        for page, skyline, titles in pages:
            titled = section.title in titles
            spot = skyline.find(w, h) if titled else skyline.find(max(w, title_w), h + _HEADING)
            if spot:
                break
        else:
            page, skyline, titles = PageDraft(paper_w, paper_h, ""), _Skyline(left, MARGIN, right, bottom), []
            pages.append((page, skyline, titles))
            titled = False
            spot = skyline.find(max(w, title_w), h + _HEADING)
        x, y = spot
        if not titled:
            page.shapes.append(fit.line(x, y + 4.0, section.title, size=3.6, max_width=title_w, fill=INK,
                                        bold=True))
            titles.append(section.title)
            # the title's band runs on to the right, so the section's next items line up under it
            skyline.place(x, y, max(w, title_w, skyline.room_right(x, y) - x), _HEADING, 0.0)
            y += _HEADING
        page.shapes.append(Group(drawing.shapes, dx=round(x, 4), dy=round(y, 4), role=role))
        page.packed.append((drawing, role, section))
        skyline.place(x, y, w, h, section.gap)
    for page, _skyline, titles in pages:
        page.component = ", ".join(dict.fromkeys(titles))
    new = [page for page, _skyline, _titles in pages]
    return new[1:] if after is not None and after.free_from is not None else new


def sparse(page: PageDraft, share: float = 0.5) -> bool:
    """Whether the items packed on a page cover less than `share` of its printable area."""
    used = sum(drawing.width * drawing.height for drawing, _role, _section in page.packed)
    return used < share * (page.width - 2 * MARGIN) * (page.height - 2 * MARGIN - 3.0)


def sections_of(packed: list) -> list[PackSection]:
    """The packed items again as sections (in their order), to pack them somewhere else."""
    sections: dict[str, tuple[PackSection, list]] = {}
    for drawing, role, section in packed:
        sections.setdefault(section.title, (section, []))[1].append((drawing, role))
    return [PackSection(section.title, tuple(items), section.gap) for section, items in sections.values()]


def fits_packed(drawing: Drawing, paper_w: float, paper_h: float) -> bool:
    """Whether the packer can place the drawing (else it is laid out like a board)."""
    room_w, room_h = paper_w - 2 * MARGIN, paper_h - 2 * MARGIN - 3.0 - _HEADING
    return drawing.width <= room_w and drawing.height <= room_h


_HEADING = 6.0  # a section title above its first item on a page


class _Skyline:
    """The free space of one page as a skyline: segments (x, width, top of the free space below)."""

    def __init__(self, left: float, top: float, right: float, bottom: float):
        self.right, self.bottom = right, bottom
        self.segments = [(left, right - left, top)]

    def find(self, w: float, h: float) -> Optional[tuple[float, float]]:
        """The lowest (then leftmost) place for a w x h box, or None."""
        best = None
        for x, _width, _top in self.segments:
            if x + w > self.right + 1e-9:
                continue
            y = max(top for sx, sw, top in self.segments if sx < x + w - 1e-9 and sx + sw > x + 1e-9)
            if y + h <= self.bottom + 1e-9 and (best is None or (y, x) < (best[1], best[0])):
                best = (x, y)
        return best

    def room_right(self, x: float, y: float) -> float:
        """How far right of x the free space at height y reaches (up to the page's right edge)."""
        end = x
        for sx, sw, top in self.segments:
            if sx + sw <= x:
                continue
            if top > y + 1e-9 and sx > x:
                break
            end = sx + sw
        return min(end, self.right)

    def place(self, x: float, y: float, w: float, h: float, gap: float) -> None:
        """Raise the skyline over [x, x + w + gap] to y + h + gap."""
        end, level = min(x + w + gap, self.right), y + h + gap
        out = []
        for sx, sw, top in self.segments:
            if sx + sw <= x or sx >= end:  # untouched
                out.append((sx, sw, top))
                continue
            if sx < x:
                out.append((sx, x - sx, top))
            if sx + sw > end:
                out.append((end, sx + sw - end, top))
        out.append((x, end - x, level))
        self.segments = sorted(out)


def cover_page(paper_w: float, paper_h: float, lines: Sequence[tuple[str, float, bool]],
               contents: Sequence[tuple[str, str, str]], steps: Sequence[str],
               instead: Sequence[tuple[str, str]] = ()) -> PageDraft:
    """The first page: titles, what is in the kit and on which pages, how to print it."""
    page = PageDraft(paper_w, paper_h, "Contents and printing")
    x, y = MARGIN + 4, MARGIN + 10
    for text, size, bold in lines:
        if text:
            page.shapes.append(fit.line(x, y, text, size=size, max_width=paper_w - 2 * MARGIN - 8, fill=INK,
                                        bold=bold))
        y += size * 1.5
    y += 4
    page.shapes.append(Text(x, y, "Contents", size=5.0, fill=INK, bold=True))
    y += 7
    for name, pages, note in contents:
        page.shapes.append(fit.line(x, y, name, size=3.6, max_width=120, fill=INK, bold=True))
        page.shapes.append(Text(x + 126, y, pages, size=3.6, fill=INK))
        block = fit.fit_block(note, paper_w - 2 * MARGIN - 12, 40, size=3.0, min_size=3.0)
        page.shapes += fit.block_shapes(block, x + 4, y + 1.8, anchor="start", fill=GREY)
        y += 6.5 + block.height
    if instead:
        y += 4
        page.shapes.append(Text(x, y, "Not printed: what to use instead", size=5.0, fill=INK, bold=True))
        y += 7
        for component, use in instead:
            block = fit.fit_block(f"{component}: {use}", paper_w - 2 * MARGIN - 8, 40, size=3.3, min_size=3.3)
            page.shapes += fit.block_shapes(block, x, y - 3.3 * 0.9, anchor="start", fill=INK)
            y += block.height + 1.8
    y += 6
    page.shapes.append(Text(x, y, "How to print and assemble", size=5.0, fill=INK, bold=True))
    y += 7
    for number, step in enumerate(steps, start=1):
        block = fit.fit_block(f"{number}. {step}", paper_w - 2 * MARGIN - 8, 60, size=3.1, min_size=3.1)
        page.shapes += fit.block_shapes(block, x, y - 3.1 * 0.9, anchor="start", fill=INK)
        y += block.height + 1.8
    page.free_from = y + 4.0
    return page


def place_calibration(pages: Sequence[PageDraft]) -> Optional[PageDraft]:
    """Put the kit's one calibration square on the first of `pages` with a free corner
    (tried bottom right, bottom left, top right, top left); the page, or None if none has room."""
    from generator.draw.bounds import bounds, overlaps

    block_w, block_h = FURNITURE_BLOCK
    for page in pages:
        left, top = MARGIN, MARGIN
        right, bottom = page.width - MARGIN, page.height - MARGIN - 3.0
        taken = [b for b in (bounds(shape) for shape in page.shapes) if b is not None and b[2] * b[3] > 0]
        for x, y in ((right - block_w, bottom - block_h), (left, bottom - block_h), (right - block_w, top),
                     (left, top)):
            spot = (x, y, block_w, block_h)
            if not any(overlaps(spot, box, gap=3.0) for box in taken):
                page.shapes.append(Group(tuple(calibration_square(x, y)), role="calibration"))
                return page
    return None
