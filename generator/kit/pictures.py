"""Pictures a deck names from its data (`art = "art/{id}.png"`), found in the game folder and
checked for print before any card is drawn.

A picture's path comes from a data row, so it is the row's error when it is wrong: a file
missing, not a picture, too large to open (draw/pictures.py), or too coarse for print. Paths
stay inside the game folder: an absolute path, a `..` or a symbolic link is refused before
anything is opened, so a row cannot make the build read (and publish) a file from elsewhere.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Optional

from generator.draw.pictures import PictureError, PictureInfo, asset, inside, inspect
from generator.draw.shapes import Drawing, Image
from generator.errors import WARNING, ContentError
from generator.kit.data import fill, template_fields

SUFFIXES = (".png", ".jpg", ".jpeg")
PRINT_PPI = 300  # what print shops ask for: the size a picture needs is named at this
LEAST_PPI = 150  # below it a picture prints visibly blurred or blocky: an error
MM_PER_INCH = 25.4


def names_art_file(art: str) -> bool:
    """Whether a front's `art` names files per row: pictures, or SVG drawings (kit/pictures_svg.py)."""
    return names_picture(art) or art.strip().lower().endswith(".svg")


def names_picture(art: str) -> bool:
    """Whether a front's `art` names picture files (a template over the row) rather than a drawing function."""
    return art.strip().lower().endswith(SUFFIXES)


def needed_pixels(box_w: float, box_h: float, ppi: float = PRINT_PPI) -> tuple[int, int]:
    return math.ceil(round(box_w / MM_PER_INCH * ppi, 3)), math.ceil(round(box_h / MM_PER_INCH * ppi, 3))


def effective_ppi(info: PictureInfo, box_w: float, box_h: float, fit: str = "cover") -> float:
    """Pixels per inch as printed (the coarser way, for a stretch): covering the box (its
    overflow cropped), or inside it ("contain": a smaller print, so more pixels to the inch)."""
    mm_per_px = (min if fit == "contain" else max)(box_w / info.width, box_h / info.height)
    return round(MM_PER_INCH / mm_per_px, 3)  # a picture sized at 300 ppi is 300, not 299.99999


FITS = ("cover", "contain", "stretch")
TURNS = (0, 90, 180, 270)
# CSS's object-position words: a designer who has placed a picture on a web page knows them
FOCUS_WORDS = {"left": (0.0, None), "right": (1.0, None), "top": (None, 0.0), "bottom": (None, 1.0),
               "centre": (None, None), "center": (None, None)}
FOCUS_EXPECTED = ("two shares of the picture's width and height, e.g. \"0.5 0.2\" or \"50% 20%\", "
                  "or words: \"top\", \"bottom left\", \"centre\"")


@dataclass(frozen=True)
class Placement:
    """How a picture meets its box (`art_fit`, `art_focus`, `art_rotate` of a deck's front)."""

    fit: str = "cover"
    focus: tuple[float, float] = (0.5, 0.5)
    rotate: int = 0  # quarter turns only, in degrees clockwise


class PlacementError(ValueError):
    def __init__(self, key: str, expected: str, found: str):
        super().__init__(f"{key} is not one it can take")
        self.key, self.expected, self.found = key, expected, found


def placement(fit: str = "", focus: str = "", rotate: str = "") -> Placement:
    """The placement the three keys' (filled) values say; "" is the default of each.
    PlacementError names the key whose value is wrong."""
    fit = fit.strip().lower() or "cover"
    if fit not in FITS:
        raise PlacementError("art_fit", " or ".join(FITS), repr(fit))
    return Placement(fit, parse_focus(focus), parse_turn(rotate))


def parse_focus(text: str) -> tuple[float, float]:
    words = text.replace(",", " ").lower().split()
    if not words:
        return 0.5, 0.5
    if len(words) > 2:
        raise PlacementError("art_focus", FOCUS_EXPECTED, repr(text))
    if all(word in FOCUS_WORDS for word in words):  # "top", "bottom left", "left top": any order
        x = next((FOCUS_WORDS[w][0] for w in words if FOCUS_WORDS[w][0] is not None), 0.5)
        y = next((FOCUS_WORDS[w][1] for w in words if FOCUS_WORDS[w][1] is not None), 0.5)
        return x, y
    if len(words) != 2:
        raise PlacementError("art_focus", FOCUS_EXPECTED, repr(text))
    return _share(words[0], text), _share(words[1], text)


def _share(word: str, text: str) -> float:
    try:
        value = float(word[:-1]) / 100 if word.endswith("%") else float(word)
    except ValueError:
        raise PlacementError("art_focus", FOCUS_EXPECTED, repr(text)) from None
    if not 0.0 <= value <= 1.0:  # nan fails too
        raise PlacementError("art_focus", "shares from 0 to 1 (0% to 100%)", repr(text))
    return value


def parse_turn(text: str) -> int:
    try:
        degrees = float(text.strip() or 0)
    except ValueError:
        degrees = math.nan
    if not degrees.is_integer() or int(degrees) % 360 not in TURNS:
        raise PlacementError("art_rotate", "a quarter turn in degrees clockwise: 0, 90, 180 or 270 (or -90)",
                             repr(text))
    return int(degrees) % 360


def placed_image(path: Path, info: PictureInfo, box: tuple[float, float, float, float], how: Placement,
                 role: str) -> Image:
    """The picture in the box as `how` says. A quarter turn turns the picture, not the box: the
    image's own box is the art box turned (its sides swapped), centred on it, so once turned it
    covers the art box exactly."""
    x, y, w, h = box
    if how.rotate in (90, 270):
        x, y, w, h = x + (w - h) / 2, y + (h - w) / 2, h, w
    return Image(round(x, 6), round(y, 6), w, h, str(path), role=role, fit=how.fit, focus=how.focus,
                 pixels=(info.width, info.height), rotate=float(how.rotate))


PLACING_KEYS = ("art_fit", "art_focus", "art_rotate")


def art_placing(source, table, front) -> Optional[tuple[str, str, str]]:
    """The front's art_fit, art_focus and art_rotate templates, a plain value among them checked
    here, once, at its key's line in components.toml (a template's value at each row's line);
    None when one is wrong or the art is not a picture (reported). `source`: KitChecks.source."""
    values = tuple(getattr(front, key) for key in PLACING_KEYS)
    given = next((key for key, value in zip(PLACING_KEYS, values) if value), None)
    if given and not names_art_file(front.art):
        source.report(table.key(given), f"{given} places a picture, and this front's art is none",
                      expected='a picture `art`, e.g. "art/{id}.png"', found=repr(front.art or "no art"))
        return None
    return values if plain_values_fit(source, table, PLACING_KEYS, values) else None


def plain_values_fit(source, table, keys: tuple[str, ...], values: tuple[str, ...]) -> bool:
    """Whether each plain (not template) value of the placing `keys` is one placement takes; the
    first that is not is reported at its key's line."""
    for key, value in zip(keys, values):
        if value and not template_fields(value):
            try:
                placement(**{key.partition("_")[2]: value})  # art_fit, backdrop_fit: fit
            except PlacementError as problem:
                source.report(table.key(key), f"{key} is not one it can take", expected=problem.expected,
                              found=problem.found)
                return False
    return True


BACKDROP_KEYS = ("backdrop_fit", "backdrop_focus")


def backdrop_placing(source, table, front) -> Optional[tuple[str, str, str]]:
    """The front's backdrop_fit and backdrop_focus templates (the backdrop is never turned), a
    plain value checked here at its key's line; None when one is wrong or there is no backdrop
    (reported). They say of the backdrop what art_fit and art_focus say of the art."""
    values = tuple(getattr(front, key) for key in BACKDROP_KEYS)
    given = next((key for key, value in zip(BACKDROP_KEYS, values) if value), None)
    if given and not front.backdrop:
        source.report(table.key(given), f"{given} places a backdrop, and this front has none",
                      expected='a `backdrop` picture, e.g. "art/ground-{suit}.png"', found="no backdrop")
        return None
    return (*values, "") if plain_values_fit(source, table, BACKDROP_KEYS, values) else None


class CardPictures:
    """The pictures of one deck's rows for one place on the card (the art box, or the whole
    card to its bleed): each checked once, errors at the row's line, warnings (pictures that
    print, but below PRINT_PPI) kept for the kit's check."""

    def __init__(self, game_dir: Path, template: str, box: tuple[float, float, float, float],
                 warnings: list[ContentError], place: str = "art box", placing: tuple[str, str, str] = ("", "", ""),
                 keys: str = "art"):
        self.game_dir = game_dir
        self.template = template
        self.box = box
        self.warnings = warnings  # the kit's (KitChecks.warnings): a warning fails only a strict build
        self.place = place  # where the picture goes, in messages
        self.placing = placing  # the templates of art_fit, art_focus and art_rotate (or the backdrop's)
        self.keys = keys  # the keys' prefix, in messages: "art" (art_fit) or "backdrop" (backdrop_fit)

    def art(self, row, data) -> Drawing | ContentError:
        """The row's picture as card art (covering the art box), or the row's error."""
        if fill(self.template, row.text).strip().lower().endswith(".svg"):
            return self.drawn_art(row, data)
        picture = self.image(row, data, "card-picture")
        if isinstance(picture, ContentError):
            return picture
        _x, _y, w, h = self.box
        return Drawing(w, h, (replace(picture, x=round(picture.x - self.box[0], 6),
                                      y=round(picture.y - self.box[1], 6)),))  # in the art's own frame

    def drawn_art(self, row, data) -> Drawing | ContentError:
        """The row's SVG file as card art, placed as a picture is, or the row's error."""
        from generator.draw.svgimport import ArtworkError
        from generator.kit.pictures_svg import svg_art

        name = fill(self.template, row.text).strip()
        try:
            how = placement(*(fill(template, row.text) for template in self.placing))
            path = inside(self.game_dir, name)
            if not path.is_file():
                return ContentError(data.path, row.line, f"no SVG file '{name}' in the game folder",
                                    expected="an SVG file in the game folder", found=name)
            return svg_art(path, self.box[2], self.box[3], how.fit, how.focus, how.rotate)
        except PlacementError as problem:
            return ContentError(data.path, row.line, f"the card's {problem.key} is not one it can take",
                                expected=problem.expected, found=problem.found)
        except (PictureError, ArtworkError, OSError) as problem:
            return ContentError(data.path, row.line, f"the card's art '{name}' cannot be used: {problem}",
                                expected="flat SVG shapes as drawing programs export them (docs/kit.md, artwork)",
                                found=name)

    def image(self, row, data, role: str) -> Image | ContentError:
        """The row's picture covering the box, or the row's error."""
        name = fill(self.template, row.text).strip()
        try:
            how = placement(*(fill(template, row.text) for template in self.placing))
        except PlacementError as problem:
            key = problem.key.replace("art_", f"{self.keys}_", 1)
            return ContentError(data.path, row.line, f"the card's {key} is not one it can take",
                                expected=problem.expected, found=problem.found)
        return found_picture(self.game_dir, name, self.box, how, role, (data.path, row.line), self.warnings,
                             "the card's picture", self.place)


def found_picture(game_dir: Path, name: str, box: tuple[float, float, float, float], how: Placement, role: str,
                  where: tuple[Path, int], warnings: list[ContentError], label: str,
                  place: str) -> Image | ContentError:
    """The picture file `name` placed in `box`, or the error at `where` (file, line): missing,
    not a picture, too large to open, or under LEAST_PPI as it prints (under PRINT_PPI: a
    warning added to `warnings`). `label` and `place` name the picture and its box in messages."""
    try:
        path = inside(game_dir, name)
        if not path.is_file():
            return ContentError(*where, f"no picture file '{name}' in the game folder",
                                expected="a PNG or JPEG file in the game folder", found=name)
        info = inspect(path)
    except PictureError as problem:
        return ContentError(*where, f"{label} '{name}' cannot be used: {problem}",
                            expected="a PNG or JPEG file in the game folder", found=name)
    picture = placed_image(path, info, box, how, role)
    w, h = picture.w, picture.h  # the box as the picture meets it (turned with it)
    ppi = effective_ppi(info, w, h, picture.fit)
    need_w, need_h = needed_pixels(w, h)
    found = f"{info.width} x {info.height} px: {ppi:.0f} ppi"
    expected = f"at least {need_w} x {need_h} px for the {w:.1f} x {h:.1f} mm {place} at {PRINT_PPI} ppi"
    if ppi < LEAST_PPI:
        return ContentError(*where, f"{label} '{name}' prints at {ppi:.0f} ppi, under {LEAST_PPI}",
                            expected=expected, found=found)
    if ppi < PRINT_PPI:  # a warning fails only a strict build
        warnings.append(ContentError(*where, f"{label} '{name}' prints at {ppi:.0f} ppi, under {PRINT_PPI}",
                                     expected=expected, found=found, severity=WARNING))
    return picture


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
