"""`:heart:` in a text: the icon of that name drawn inline, at the text's size, on its
baseline, in the text's colour (the site: markdown/icons.py; cards: kit/text.py; the rulebook:
rulebook/inline.py).

An icon is one of the built-in vector icons (draw/icons.py) or the game's own: each SVG file
in its folder's `icons/` (icons/coin.svg is `:coin:`; a game's own icon of a built-in's name
replaces it in that game). An own icon is read as board artwork is (draw/svgimport.py) and
drawn in one colour, the text's: every painted shape in the text's ink, a white one in the
paper it sits on (its holes), so a designer draws it in black and white once.

A name that is no icon of the game stays as written on a card; in a page it is an error naming
the known ones (markdown/icons.py). Standard library only.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Optional

from generator.draw.icons import ICONS, icon
from generator.draw.shapes import Group, Shape

ICON = re.compile(r":([a-z][a-z0-9-]*):")
NAME = re.compile(r"[a-z][a-z0-9-]*")
ICON_EM = 1.0  # an icon's advance, in font sizes (its drawing is ICON_SIZE of that, with air each side)
ICON_SIZE = 0.8
ICON_RISE = 0.72  # the icon's top above the baseline, in font sizes: it sits on the baseline, cap-high
OWN_FOLDER = "icons"  # a game's own icons: <game folder>/icons/<name>.svg
WHITE = ("#ffffff", "#fff", "white")

Own = Mapping[str, Path]  # a game's own icons: name -> SVG file
_drawing: dict[str, Path] = {}  # the own icons of the game being drawn (use_game_icons), for kit text


def own_icons(folder: Optional[Path]) -> dict[str, Path]:
    """The game's own icons, by name, from the SVG files of its `icons/` folder."""
    if folder is None:
        return {}
    icons = Path(folder) / OWN_FOLDER
    if not icons.is_dir():
        return {}
    return {path.stem: path for path in sorted(icons.glob("*.svg"))
            if NAME.fullmatch(path.stem) and path.is_file() and not path.is_symlink()}


def drawable_icons(folder: Optional[Path]) -> tuple[dict[str, Path], dict[str, str]]:
    """The game's own icons that can be drawn, by name, and why each of the others cannot (an
    SVG draw/svgimport.py refuses: a gradient, a filter, not SVG at all), by name."""
    from generator.draw.svgimport import ArtworkError

    usable, broken = {}, {}
    for name, path in own_icons(folder).items():
        try:
            _unit(path)
            usable[name] = path
        except (ArtworkError, OSError) as problem:
            broken[name] = str(problem)
    return usable, broken


def use_game_icons(folder: Optional[Path]) -> None:
    """Kit text (kit/text.py) knows no game: the kit says whose icons it draws before it draws.
    An icon that cannot be drawn stays as written there (the game's pages say why: markdown/icons.py)."""
    global _drawing
    _drawing = drawable_icons(folder)[0]


def known(name: str, own: Optional[Own] = None) -> bool:
    return name in ICONS or name in (_drawing if own is None else own)


def known_names(own: Optional[Own] = None) -> list[str]:
    return sorted(set(ICONS) | set(_drawing if own is None else own))


def icon_expected(own: Optional[Own] = None) -> str:
    """What a key that names an icon (a card's `icon`, a stat's, an icon layer's) takes, in words."""
    return (f"one character, or a vector icon: {', '.join(known_names(own))} "
            f"(or the game's own, {OWN_FOLDER}/<name>.svg)")


def has_icons(text: str, own: Optional[Own] = None) -> bool:
    return ":" in text and any(known(match.group(1), own) for match in ICON.finditer(text))


def pieces(text: str, own: Optional[Own] = None) -> list[tuple[str, str]]:
    """The text as ("text", words) and ("icon", name) pieces, in order."""
    out, start = [], 0
    for match in ICON.finditer(text):
        if known(match.group(1), own):
            if match.start() > start:
                out.append(("text", text[start:match.start()]))
            out.append(("icon", match.group(1)))
            start = match.end()
    if start < len(text):
        out.append(("text", text[start:]))
    return out


def spoken(text: str, own: Optional[Own] = None) -> str:
    """The text as a screen reader should hear it: each icon by its name."""
    return ICON.sub(lambda m: m.group(1) if known(m.group(1), own) else m.group(0), text)


def inline_icon(name: str, x: float, y: float, size: float, ink: str = "#000000", paper: str = "#ffffff",
                role: str = "", own: Optional[Own] = None) -> Group:
    """The icon `name` in the box (x, y, size, size): the game's own (`own`, else the one being
    drawn) or the built-in. ArtworkError (draw/svgimport.py) when an own icon cannot be read."""
    path = (_drawing if own is None else own).get(name)
    if path is None:
        return icon(name, x, y, size, ink, paper, role=role)
    shapes, width, height = _unit(path)
    scale = size / max(width, height)  # the drawing's longer side fills the box, centred in it
    dx, dy = x + (size - width * scale) / 2, y + (size - height * scale) / 2
    coloured = tuple(_coloured(shape, ink, paper) for shape in shapes)
    return Group(coloured, dx=round(dx, 4), dy=round(dy, 4), scale=round(scale, 6), role=role or f"icon-{name}")


def _unit(path: Path) -> tuple[tuple[Shape, ...], float, float]:
    stat = path.stat()
    return _own_unit(str(path), (stat.st_mtime_ns, stat.st_size))


@lru_cache(maxsize=128)
def _own_unit(path: str, _stamp: tuple[int, int]) -> tuple[tuple[Shape, ...], float, float]:
    """The icon's shapes 1 mm wide (and its height), read once while the file is unchanged."""
    from generator.draw.svgimport import import_svg

    drawing = import_svg(Path(path), 1.0)
    return drawing.shapes, drawing.width, drawing.height


def _coloured(shape: Shape, ink: str, paper: str) -> Shape:
    """The shape in the text's colours: white paint in `paper`, any other in `ink`."""
    if isinstance(shape, Group):
        return replace(shape, shapes=tuple(_coloured(child, ink, paper) for child in shape.shapes))
    style = getattr(shape, "style", None)
    if style is not None:
        def paint(colour):
            return None if colour is None else (paper if colour.lower() in WHITE else ink)

        return replace(shape, style=replace(style, fill=paint(style.fill), stroke=paint(style.stroke)))
    if hasattr(shape, "fill"):  # text drawn in the icon
        return replace(shape, fill=ink)
    return shape
