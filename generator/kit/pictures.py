"""Pictures a deck names from its data (`art = "art/{id}.png"`), found in the game folder and
checked for print before any card is drawn.

A picture's path comes from a data row, so it is the row's error when it is wrong: a file
missing, not a picture, too large to open (draw/pictures.py), or too coarse for print. Paths
stay inside the game folder: an absolute path, a `..` or a symbolic link is refused before
anything is opened, so a row cannot make the build read (and publish) a file from elsewhere.
"""
from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Callable, Optional

from generator.draw.pictures import PictureError, PictureInfo, asset, inspect
from generator.draw.shapes import Drawing, Image
from generator.errors import WARNING, ContentError
from generator.kit.data import fill

SUFFIXES = (".png", ".jpg", ".jpeg")
PRINT_PPI = 300  # what print shops ask for: the size a picture needs is named at this
LEAST_PPI = 150  # below it a picture prints visibly blurred or blocky: an error
MM_PER_INCH = 25.4


def names_picture(art: str) -> bool:
    """Whether a front's `art` names picture files (a template over the row) rather than a drawing function."""
    return art.strip().lower().endswith(SUFFIXES)


def inside(game_dir: Path, name: str) -> Path:
    """The file `name` (a path relative to the game folder, with / between folders) names;
    PictureError when it would lead outside the folder or through a symbolic link."""
    relative = PurePosixPath(name.strip().replace("\\", "/"))
    if relative.is_absolute() or not relative.parts or ".." in relative.parts:
        raise PictureError(f"'{name}' is not a path inside the game folder")
    path = game_dir
    for part in relative.parts:
        path = path / part
        if path.is_symlink():  # a link may point anywhere: the folder's own files only
            raise PictureError(f"'{name}' passes through a symbolic link ({path.name})")
    return path


def needed_pixels(box_w: float, box_h: float, ppi: float = PRINT_PPI) -> tuple[int, int]:
    return math.ceil(box_w / MM_PER_INCH * ppi), math.ceil(box_h / MM_PER_INCH * ppi)


def effective_ppi(info: PictureInfo, box_w: float, box_h: float) -> float:
    """Pixels per inch as printed when the picture covers the box (its overflow cropped)."""
    mm_per_px = max(box_w / info.width, box_h / info.height)
    return MM_PER_INCH / mm_per_px


class CardPictures:
    """The pictures of one deck's rows for one place on the card (the art box, or the whole
    card to its bleed): each checked once, errors at the row's line, warnings (pictures that
    print, but below PRINT_PPI) kept for the kit's check."""

    def __init__(self, game_dir: Path, template: str, box: tuple[float, float, float, float],
                 warnings: list[ContentError], place: str = "art box"):
        self.game_dir = game_dir
        self.template = template
        self.box = box
        self.warnings = warnings  # the kit's (KitChecks.warnings): a warning fails only a strict build
        self.place = place  # where the picture goes, in messages

    def art(self, row, data) -> Drawing | ContentError:
        """The row's picture as card art (covering the art box), or the row's error."""
        picture = self.image(row, data, "card-picture")
        if isinstance(picture, ContentError):
            return picture
        return Drawing(picture.w, picture.h, (replace(picture, x=0.0, y=0.0),))  # in the art's own frame

    def image(self, row, data, role: str) -> Image | ContentError:
        """The row's picture covering the box, or the row's error."""
        name = fill(self.template, row.text).strip()
        try:
            path = inside(self.game_dir, name)
            if not path.is_file():
                return ContentError(data.path, row.line, f"no picture file '{name}' in the game folder",
                                    expected="a PNG or JPEG file in the game folder", found=name)
            info = inspect(path)
        except PictureError as problem:
            return ContentError(data.path, row.line, f"the card's picture '{name}' cannot be used: {problem}",
                                expected="a PNG or JPEG file in the game folder", found=name)
        problem = self.coarse(name, info, data, row)
        if problem:
            return problem
        x, y, w, h = self.box
        return Image(x, y, w, h, str(path), role=role, fit="cover", pixels=(info.width, info.height))

    def coarse(self, name: str, info: PictureInfo, data, row) -> Optional[ContentError]:
        """The row's error when the picture prints under LEAST_PPI; under PRINT_PPI a warning, kept."""
        _x, _y, w, h = self.box
        ppi = effective_ppi(info, w, h)
        need_w, need_h = needed_pixels(w, h)
        found = f"{info.width} x {info.height} px: {ppi:.0f} ppi"
        expected = f"at least {need_w} x {need_h} px for the {w:.1f} x {h:.1f} mm {self.place} at {PRINT_PPI} ppi"
        if ppi < LEAST_PPI:
            return ContentError(data.path, row.line, f"the card's picture '{name}' prints at {ppi:.0f} ppi, "
                                f"under {LEAST_PPI}", expected=expected, found=found)
        if ppi < PRINT_PPI:
            self.warnings.append(ContentError(data.path, row.line, f"the card's picture '{name}' prints at "
                                              f"{ppi:.0f} ppi, under {PRINT_PPI}", expected=expected, found=found,
                                              severity=WARNING))
        return None


ASSETS = "pictures"  # the folder, beside the kit's previews, that holds their pictures


class PictureAssets:
    """The pictures a game's SVG previews show, each a file of its own (not base64 inside every
    SVG that shows it), written once whatever number of previews and cards use it. One
    instance per build of a game: `serve` rebuilds after a picture changes, and must hash it anew."""

    def __init__(self):
        self.files: dict[str, bytes] = {}  # "pictures/<hash>.png" -> the picture's bytes
        self.names: dict[str, str] = {}  # the picture's file -> its asset's path: each file read once

    def resolver(self, up: str = "") -> Callable[[str], str]:
        """An Image's href (its file) -> the URL an SVG `up` folders below the kit folder writes."""
        def href(path: str) -> str:
            if path not in self.names:
                name, data = asset(Path(path))
                self.names[path] = f"{ASSETS}/{name}"
                self.files[self.names[path]] = data
            return up + self.names[path]
        return href
