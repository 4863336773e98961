"""Pictures a component names by a key of components.toml, not by a data row: a board that is a
picture (`kind = "artwork"`, `art = "map.png"`), a token's picture, the kit cover's. Each is
checked as a card's is (kit/pictures.found_picture: missing, not a picture, too large, too
coarse for print), the error or warning at the key's line."""
from __future__ import annotations

from typing import Optional

from generator.draw.pictures import PictureError, inside, inspect
from generator.draw.shapes import Drawing, Image
from generator.errors import ContentError
from generator.kit.pictures import MM_PER_INCH, PRINT_PPI, Placement, found_picture, names_picture

Box = tuple[float, float, float, float]


def key_picture(checks, table, key: str, box: Box, what: str, fit: str = "cover") -> Optional[Image]:
    """The picture `table[key]` names, placed in `box`; None (reported at the key) when it cannot print."""
    where = (checks.source.path, checks.source.line_of(table.key(key)) or 1)
    return placed(checks, table[key], box, what, where, fit)


def placed(checks, name: str, box: Box, what: str, where: tuple, fit: str = "cover") -> Optional[Image]:
    """The picture file `name` in `box`, its problems reported at `where` (file, line)."""
    picture = found_picture(checks.game_dir, name, box, Placement(fit=fit), f"{what}-picture", where,
                            checks.warnings, f"the {what}'s picture", f"{what}'s picture")
    if isinstance(picture, ContentError):
        checks.source.errors.append(picture)
        return None
    return picture


def pixels(checks, name: str) -> tuple[int, int]:
    """The picture's upright size in pixels; (1, 1) when it cannot be read (found_picture reports why)."""
    try:
        info = inspect(inside(checks.game_dir, name))
    except (PictureError, OSError):
        return 1, 1
    return info.width, info.height


def proportional_height(checks, name: str, width: float) -> float:
    """The height a picture has at `width` mm in its own proportions."""
    pw, ph = pixels(checks, name)
    return round(width * ph / pw, 6)


COVER_ROOM = (170.0, 120.0)  # mm: the most a cover picture takes, below the cover's words


def cover_picture(checks, kit) -> Optional[Drawing]:
    """[kit].cover: a picture on the kit's cover, as large as its pixels allow at PRINT_PPI, at
    most COVER_ROOM; the cover places it as it places a set-up picture (kit/build.place_setup)."""
    pw, ph = pixels(checks, kit["cover"])
    own = (pw / PRINT_PPI * MM_PER_INCH, ph / PRINT_PPI * MM_PER_INCH)
    scale = min(1.0, COVER_ROOM[0] / own[0], COVER_ROOM[1] / own[1])
    width, height = round(own[0] * scale, 6), round(own[1] * scale, 6)
    picture = key_picture(checks, kit, "cover", (0.0, 0.0, width, height), "cover")
    return Drawing(width, height, (picture,), title="the cover's picture") if picture else None


def picture_board(checks, table, title: str) -> Optional[Drawing]:
    """kind = "artwork" with a PNG or JPEG: the picture is the board, `width` mm wide and
    `height` high (0: in the picture's proportions; else it covers that box, cropped)."""
    width = table["width"]
    height = table["height"] or proportional_height(checks, table["art"], width)
    picture = key_picture(checks, table, "art", (0.0, 0.0, width, height), "board")
    return Drawing(width, height, (picture,), title=title) if picture else None


def is_picture(name: Optional[str]) -> bool:
    return bool(name) and names_picture(name)


SHEET_PICTURE_MOST = 60.0  # mm: a sheet's picture is a banner, not the sheet


def sheet_picture(checks, table, width: float) -> Optional[Image]:
    """[[sheet]] picture: across the sheet's `width`, in its proportions up to SHEET_PICTURE_MOST
    high (a taller picture is cropped to that, about its middle)."""
    height = min(SHEET_PICTURE_MOST, proportional_height(checks, table["picture"], width))
    return key_picture(checks, table, "picture", (0.0, 0.0, width, height), "sheet")
