"""The pictures a Tabletop Simulator save loads: face sheets, board tiles and token images,
each rasterised from the kit's own drawing (generator/exports/raster.py).

TTS cuts a face sheet into NumWidth x NumHeight equal cells (at most 10 x 7); it loads images up
to 4096 x 4096 px. Without BackIsHidden it would show a sheet's last cell for a card it hides;
the saves set it, so a hidden card shows its back image and every cell holds a card (Tabletop
Simulator Knowledge Base, custom-deck.md). So a sheet holds at most 70 faces, every cell is a
whole number of pixels, and the sheet never passes 4096 px.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from PIL import Image as PILImage

from generator.draw.shapes import Drawing
from generator.exports import raster

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_PX = 4096
CARD_MAX_PX_PER_MM = 12.0  # about 300 dpi: a sheet of few cards gains nothing above it
BOARD_PX_PER_MM = 10.0  # 254 dpi on the table's largest zoom
BOARD_MAX_PX = 2 * MAX_PX  # a board larger than this is drawn finer no more (tiles: at most 2 x 2)
TOKEN_PX_PER_MM = 16.0
TOKEN_MAX_PX = 1024


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int

    def __post_init__(self):
        if not (2 <= self.columns <= MAX_COLUMNS and 2 <= self.rows <= MAX_ROWS):
            raise ValueError(f"not a TTS sheet grid: {self.columns} x {self.rows}")

    @property
    def faces(self) -> int:
        """Faces it holds: every cell (a hidden card shows the back image, BackIsHidden)."""
        return self.columns * self.rows


def grid_for(faces: int, card_w: float, card_h: float) -> Grid:
    """The smallest grid (2 x 2 to 10 x 7) holding `faces` faces; among grids of one size, the
    one whose sheet is nearest square (its cards drawn largest in 4096 px)."""
    if not 1 <= faces <= MAX_COLUMNS * MAX_ROWS:
        raise ValueError(f"a sheet holds 1 to {MAX_COLUMNS * MAX_ROWS} faces, not {faces}")
    options = [Grid(c, r) for c in range(2, MAX_COLUMNS + 1) for r in range(2, MAX_ROWS + 1) if c * r >= faces]
    return min(options, key=lambda g: (g.columns * g.rows,
                                       abs(math.log(g.columns * card_w / (g.rows * card_h))), g.columns))


def split_faces(count: int) -> list[int]:
    """How many faces each sheet of a deck of `count` distinct faces holds (70 a sheet, then the rest)."""
    full = MAX_COLUMNS * MAX_ROWS
    return [full] * (count // full) + ([count % full] if count % full else [])


def cell_px(grid: Grid, card_w: float, card_h: float) -> tuple[int, int]:
    """A card's whole pixels on a sheet of `grid` that stays within 4096 x 4096."""
    per_mm = min(CARD_MAX_PX_PER_MM, MAX_PX / (grid.columns * card_w), MAX_PX / (grid.rows * card_h))
    return math.floor(card_w * per_mm), math.floor(card_h * per_mm)


def card_target(size: tuple[int, int], trim: tuple[float, float]) -> raster.Target:
    """A card's cell: `size` px for the card's trim (no bleed: TTS shows the card to its edge)."""
    return raster.Target(size[0], size[1], size[0] / trim[0] * raster.MM_PER_INCH)


def card_image(drawing: Drawing, size: tuple[int, int], trim: tuple[float, float], bleed: float) -> PILImage.Image:
    """One card cut at its trim (a card's drawing carries its bleed), filling `size` px."""
    return raster.render_at(drawing, card_target(size, trim), trim, bleed)


def face_sheet(drawings: list[Drawing], grid: Grid, trim: tuple[float, float], bleed: float) -> PILImage.Image:
    """The sheet: `drawings` row by row from the top left, the cells left over white. A face
    repeated on the sheet is drawn once; all are drawn as one PDF."""
    width, height = cell_px(grid, *trim)
    sheet = PILImage.new("RGB", (grid.columns * width, grid.rows * height), (255, 255, 255))
    cells = list(drawings)
    distinct = list({id(d): d for d in cells if d is not None}.values())
    made = dict(zip((id(d) for d in distinct),
                    raster.render_many(distinct, card_target((width, height), trim), trim, bleed)))
    for slot, drawing in enumerate(cells):
        if drawing is not None:
            sheet.paste(made[id(drawing)], ((slot % grid.columns) * width, (slot // grid.columns) * height))
    return sheet


@dataclass(frozen=True)
class Tile:
    """One piece of a board cut for TTS: its image and the part of the board it shows (mm)."""

    image: PILImage.Image
    x: float
    y: float
    width: float
    height: float


def board_grid(size_mm: Optional[tuple[float, float]]) -> tuple[int, int]:
    """The tiles (columns, rows) a board of `size_mm` is cut into: one per 4096 px of its picture
    at BOARD_PX_PER_MM (finer no more than BOARD_MAX_PX a side), each way. A board of unknown size
    is one picture, shrunk to 4096 px a side if need be."""
    if size_mm is None:
        return 1, 1
    scale = min(1.0, BOARD_MAX_PX / (max(size_mm) * BOARD_PX_PER_MM))
    return tuple(math.ceil(round(side * BOARD_PX_PER_MM * scale) / MAX_PX) for side in size_mm)


def board_tiles(drawing: Drawing, grid: tuple[int, int]) -> list[Tile]:
    """The board cut into `grid` (board_grid's) equal tiles of at most 4096 px a side, row by
    row from the top left."""
    columns, rows = grid
    image = raster.render_plain(drawing, BOARD_PX_PER_MM, limit=min(BOARD_MAX_PX, MAX_PX * max(columns, rows)))
    mm_per_px_x, mm_per_px_y = drawing.width / image.width, drawing.height / image.height
    tiles = []
    for row in range(rows):
        top, bottom = image.height * row // rows, image.height * (row + 1) // rows
        for column in range(columns):
            left, right = image.width * column // columns, image.width * (column + 1) // columns
            tiles.append(Tile(image.crop((left, top, right, bottom)), left * mm_per_px_x, top * mm_per_px_y,
                              (right - left) * mm_per_px_x, (bottom - top) * mm_per_px_y))
    return tiles


def sheet_image(drawing: Drawing) -> PILImage.Image:
    """A sheet (score pad, record) at BOARD_PX_PER_MM, shrunk to 4096 px a side if need be."""
    return raster.render_plain(drawing, BOARD_PX_PER_MM, limit=MAX_PX)


def token_image(drawing: Drawing, round_shape: bool) -> PILImage.Image:
    """A token as TTS cuts it out: RGBA, transparent outside its outline (a disc for a round
    token), since a custom token takes its shape from the image's alpha."""
    image = raster.render_plain(drawing, TOKEN_PX_PER_MM, limit=TOKEN_MAX_PX).convert("RGBA")
    if round_shape:
        from PIL import ImageDraw

        mask = PILImage.new("L", image.size, 0)
        ImageDraw.Draw(mask).ellipse((0, 0, image.width - 1, image.height - 1), fill=255)
        image.putalpha(mask)
    return image


def png(image: PILImage.Image, px_per_mm: Optional[float] = None) -> bytes:
    """PNG bytes that depend on the pixels alone (raster.png_bytes, RGB or RGBA)."""
    return raster.png_bytes(image, (px_per_mm or 10.0) * raster.MM_PER_INCH)
