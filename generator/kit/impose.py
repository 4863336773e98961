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
  marks sit on the middle line of every overlap, the tile with a neighbour on its
  left/top gets a dashed cut line there, and a page map shows where the tile goes.
* Small drawings (tokens, sheets) are packed in rows.
* Every sheet: a 50 mm calibration square (or, on card pages where no square fits
  beside the cards, a 50 mm bar) with a "print at 100%" note, and a footer
  "game — component — page i of n".

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
    # calibration: a full square where a band has room, else a 50 mm bar
    need = FURNITURE_BLOCK[1] + 1.0
    if free["top"] >= need and footer_side != "top":
        page.shapes += calibration_square(MARGIN, by - bleed - marks["top"] - need)
    elif free["top"] >= 4.0:
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
    """Where a big drawing goes on each page: the room for tiles and for the furniture block."""

    rotate: bool
    room: Box  # the area for the drawing's tile
    furniture: Box  # the calibration square, page map and notes
    tiles: tuple[Tile, ...]


def plan_big(drawing: Drawing, paper_w: float, paper_h: float) -> Layout:
    """Choose the band for the furniture (bottom or right) and whether to turn the drawing,
    to need the fewest pages (then the largest tiles)."""
    content = (MARGIN, MARGIN, paper_w - 2 * MARGIN, paper_h - 2 * MARGIN - 3.0)
    cx, cy, cw, ch = content
    block_w, block_h = FURNITURE_BLOCK
    options = []
    bands = {
        "bottom": ((cx, cy, cw, ch - block_h - 4.0), (cx, cy + ch - block_h, cw, block_h)),
        "right": ((cx, cy, cw - block_w - 4.0, ch), (cx + cw - block_w, cy, block_w, ch)),
    }
    for band, (room, furniture) in bands.items():
        for rotate in (False, True):
            w, h = (drawing.height, drawing.width) if rotate else (drawing.width, drawing.height)
            tiles = plan_tiles(w, h, room[2], room[3])
            options.append((len(tiles), rotate, band != "bottom", Layout(rotate, room, furniture, tuple(tiles))))
    options.sort(key=lambda o: (o[0], o[1], o[2]))
    return options[0][3]


def turned(drawing: Drawing) -> Drawing:
    """The drawing turned a quarter clockwise, as a new drawing (for landscape boards)."""
    group = Group(drawing.shapes, dx=drawing.height, dy=0.0, rotate=90)
    return Drawing(drawing.height, drawing.width, (group,), title=drawing.title)


def big_pages(name: str, title: str, drawing: Drawing, paper_w: float, paper_h: float,
              game: str = "") -> list[PageDraft]:
    """A drawing on one page if it fits, else tiles with overlap, marks and a page map."""
    layout = plan_big(drawing, paper_w, paper_h)
    if layout.rotate:
        drawing = turned(drawing)
    tiles = layout.tiles
    rx, ry, rw, rh = layout.room
    cols = max(t.col for t in tiles) + 1
    rows = max(t.row for t in tiles) + 1
    marks = alignment_marks(tiles, cols, rows) if len(tiles) > 1 else []
    pages = []
    for tile in tiles:
        page = PageDraft(paper_w, paper_h, title if len(tiles) == 1 else f"{title}, tile {tile.label}")
        # a single page is centred in its room; tiles start at the room's corner
        ox = rx + (rw - tile.w) / 2 if len(tiles) == 1 else rx
        oy = ry + (rh - tile.h) / 2 if len(tiles) == 1 else ry
        inner = [Rect(0, 0, drawing.width, drawing.height, UNPAINTED, role=f"board-extent:{name}")]
        inner += list(drawing.shapes) + marks
        page.shapes.append(Group(tuple(inner), dx=round(ox - tile.x, 4), dy=round(oy - tile.y, 4),
                                 clip=(tile.x, tile.y, tile.w, tile.h)))
        page.shapes.append(Rect(ox, oy, tile.w, tile.h, UNPAINTED, role=f"tile-window:{name}:{tile.label}"))
        if len(tiles) > 1:
            page.shapes += cut_lines(tile, ox, oy)
            page.shapes.append(Rect(ox, oy, tile.w, tile.h, Style(stroke="#9a9a9a", stroke_width=0.15)))
        page.shapes += furniture(layout.furniture, tiles, tile, drawing, title)
        pages.append(page)
    return pages


def alignment_marks(tiles: Sequence[Tile], cols: int, rows: int) -> list:
    """Crosshairs on the middle line of every overlap, in the drawing's coordinates,
    so the same mark prints on both neighbouring tiles."""
    shapes: list = []
    by_pos = {(t.col, t.row): t for t in tiles}
    style = Style(stroke="#000000", stroke_width=0.2)
    for t in tiles:
        right = by_pos.get((t.col + 1, t.row))
        if right:
            x = right.x + OVERLAP / 2
            for f in (0.25, 0.75):
                shapes += crosshair(x, t.y + t.h * f, style)
        below = by_pos.get((t.col, t.row + 1))
        if below:
            y = below.y + OVERLAP / 2
            for f in (0.25, 0.75):
                shapes += crosshair(t.x + t.w * f, y, style)
    return shapes


def crosshair(x: float, y: float, style: Style) -> list:
    return [Circle(x, y, 2.2, Style(fill="#ffffff", stroke=style.stroke, stroke_width=style.stroke_width)),
            Line(x - 3.5, y, x + 3.5, y, style, role="alignment-mark"),
            Line(x, y - 3.5, x, y + 3.5, style, role="alignment-mark")]


def cut_lines(tile: Tile, ox: float, oy: float) -> list:
    """Dashed lines along the middle of the left/top overlaps: cut there, lay over the neighbour."""
    dash = Style(stroke="#000000", stroke_width=0.3, dash=(2.0, 1.5))
    shapes: list = []
    if tile.col > 0:
        x = ox + OVERLAP / 2
        shapes.append(Line(x, oy, x, oy + tile.h, dash, role="cut-line"))
        shapes.append(Text(x + 1.0, oy + 4.0, "✂", size=3.5, fill="#000000"))
    if tile.row > 0:
        y = oy + OVERLAP / 2
        shapes.append(Line(ox, y, ox + tile.w, y, dash, role="cut-line"))
        shapes.append(Text(ox + 2.0, y - 1.0, "✂", size=3.5, fill="#000000"))
    return shapes


def furniture(box: Box, tiles: Sequence[Tile], current: Tile, drawing: Drawing, title: str) -> list:
    """The calibration square, and for tiled drawings a page map and how to assemble."""
    x, y, w, h = box
    shapes = calibration_square(x, y)
    if len(tiles) == 1:
        return shapes
    # the page map: the drawing's outline with every tile, this one filled
    if w > h:  # bottom band: map to the right of the square
        mx, my, mw, mh = x + CALIBRATION + 8.0, y + 2.0, w - CALIBRATION - 8.0, h - 4.0
    else:  # right band: map below the square
        mx, my, mw, mh = x, y + FURNITURE_BLOCK[1] + 6.0, w, min(70.0, h - FURNITURE_BLOCK[1] - 8.0)
    text_h = 16.0
    scale = min(mw / drawing.width, (mh - text_h) / drawing.height)
    shapes.append(Text(mx, my + 3.0, f"{title}: tile {current.label} of {len(tiles)}", size=3.2, fill=INK,
                       bold=True))
    top = my + 6.0
    for t in tiles:
        shapes.append(Rect(mx + t.x * scale, top + t.y * scale, t.w * scale, t.h * scale,
                           Style(fill="#f2c14e" if t is current else "#ffffff", stroke="#444444",
                                 stroke_width=0.25), role="page-map"))
        shapes.append(Text(mx + (t.x + t.w / 2) * scale, top + (t.y + t.h / 2) * scale + 1.0, t.label,
                           size=min(3.0, t.h * scale * 0.4), fill=INK, anchor="middle"))
    note_y = top + drawing.height * scale + 4.0
    for i, line in enumerate(("Cut each tile along its dashed line, lay it over its",
                              "neighbour so the ⊕ marks meet, and glue.")):
        shapes.append(Text(mx, note_y + i * 3.6, line, size=2.8, fill=GREY))
    return shapes


# -- packing -----------------------------------------------------------------------------
@dataclass(frozen=True)
class PackSection:
    title: str
    items: tuple[tuple[Drawing, str], ...]  # drawing and role
    gap: float = 3.0


def pack_pages(sections: Sequence[PackSection], paper_w: float, paper_h: float) -> list[PageDraft]:
    """Items flow left to right in rows, section by section (each starts with its title
    on a new row); the bottom-right corner keeps room for the calibration square."""
    packer = _Packer(paper_w, paper_h)
    for section in sections:
        packer.section(section)
    return packer.finish()


def fits_packed(drawing: Drawing, paper_w: float, paper_h: float) -> bool:
    """Whether the packer can place the drawing (else it is laid out like a board)."""
    room_w, room_h = paper_w - 2 * MARGIN, paper_h - 2 * MARGIN - 3.0 - _Packer.HEADING
    beside_block = drawing.width <= room_w - FURNITURE_BLOCK[0] - 4.0
    above_block = drawing.height <= room_h - FURNITURE_BLOCK[1] - 2.0
    return drawing.width <= room_w and drawing.height <= room_h and (beside_block or above_block)


class _Packer:
    HEADING = 6.0

    def __init__(self, paper_w: float, paper_h: float):
        self.paper = (paper_w, paper_h)
        self.left, self.top = MARGIN, MARGIN
        self.right, self.bottom = paper_w - MARGIN, paper_h - MARGIN - 3.0
        block_w, block_h = FURNITURE_BLOCK
        self.block = (self.right - block_w, self.bottom - block_h)
        self.pages: list[PageDraft] = []
        self.titles: list[list[str]] = []
        self.x = self.y = self.row_h = 0.0

    def new_page(self) -> None:
        page = PageDraft(*self.paper, "")
        page.shapes += calibration_square(*self.block)
        self.pages.append(page)
        self.titles.append([])
        self.x, self.y, self.row_h = self.left, self.top, 0.0

    def fits(self, drawing: Drawing, x: float, y: float) -> bool:
        bottom = y + drawing.height
        return bottom <= self.bottom + 1e-9 and x + drawing.width <= self.right_limit(bottom) + 1e-9

    def right_limit(self, bottom: float) -> float:
        """Rows reaching down to the furniture block must stop left of it."""
        return self.block[0] - 4.0 if bottom > self.block[1] - 2.0 else self.right

    def heading(self, title: str) -> None:
        page = self.pages[-1]
        page.shapes.append(Text(self.left, self.y + 4.0, title, size=3.6, fill=INK, bold=True))
        self.titles[-1].append(title.replace(" (continued)", ""))
        self.y += self.HEADING
        self.x, self.row_h = self.left, 0.0

    def section(self, section: PackSection) -> None:
        if not section.items:
            return
        first = section.items[0][0]
        if not self.pages or not self.fits(first, self.left, self.y + self.HEADING):
            self.new_page()
        self.heading(section.title)
        for drawing, role in section.items:
            self.place(drawing, role, section)
        self.y += self.row_h + section.gap + 2.0
        self.x, self.row_h = self.left, 0.0

    def place(self, drawing: Drawing, role: str, section: PackSection) -> None:
        w, h = drawing.width, drawing.height
        if w > self.right - self.left or h > self.bottom - self.top - self.HEADING:
            raise ValueError(f"{section.title}: an item of {w:g} x {h:g} mm does not fit on a page")
        while True:
            if self.fits(drawing, self.x, self.y):
                break
            if self.x > self.left:  # start a new row
                self.x, self.y, self.row_h = self.left, self.y + self.row_h + section.gap, 0.0
                continue
            if self.y <= self.top + self.HEADING + 1e-9:
                raise ValueError(f"{section.title}: an item of {w:g} x {h:g} mm does not fit beside "
                                 f"the calibration square")
            self.new_page()
            self.heading(f"{section.title} (continued)")
        self.pages[-1].shapes.append(Group(drawing.shapes, dx=round(self.x, 4), dy=round(self.y, 4), role=role))
        self.x += w + section.gap
        self.row_h = max(self.row_h, h)

    def finish(self) -> list[PageDraft]:
        for page, titles in zip(self.pages, self.titles):
            page.component = ", ".join(dict.fromkeys(titles))
        return self.pages


def cover_page(paper_w: float, paper_h: float, lines: Sequence[tuple[str, float, bool]],
               contents: Sequence[tuple[str, str, str]]) -> PageDraft:
    """The first page: titles, what is in the kit and on which pages, how to print."""
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
        page.shapes.append(fit.line(x + 4, y + 4.6, note, size=3.0, max_width=paper_w - 2 * MARGIN - 12, fill=GREY))
        y += 10.5
    y += 6
    page.shapes.append(Text(x, y, "How to print and assemble", size=5.0, fill=INK, bold=True))
    y += 7
    steps = (
        "1. Print at 100% / actual size (no 'fit to page'); the square below must measure 50 mm.",
        "2. Card pages: print double-sided, flipping on the long edge; every back page follows its",
        "   front page, mirrored, so each back lands behind its own card. No duplex printer? Print",
        "   the fronts, put the sheets back in, and print the backs (or use a fold-over kit).",
        "3. Cut cards along the crop marks in the margins; the colour runs 3 mm past each cut.",
        "4. Boards on several pages: cut each tile along its dashed line, lay it over its neighbour",
        "   so the alignment marks meet, and glue. The page map on each tile shows where it goes.",
        "5. The ink-saver kit leaves out the full-colour backgrounds.",
    )
    for step in steps:
        page.shapes.append(Text(x, y, step, size=3.1, fill=INK, length=round(fit.width(step, 3.1), 3)))
        y += 4.8
    block_w, block_h = FURNITURE_BLOCK
    page.shapes += calibration_square(paper_w - MARGIN - block_w, paper_h - MARGIN - 3.0 - block_h)
    return page
