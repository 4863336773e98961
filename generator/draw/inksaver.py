"""The ink-saver variant of any drawing: light fills, full outlines, text as it was
except light text, which turns dark (it was set on a full colour that is now pale).

Derived from the drawing itself rather than drawn a second time, so a game's own
board drawing gets its ink-saver print for free and the two can never disagree.
Standard library only.
"""
from __future__ import annotations

from dataclasses import replace

from generator.draw.colour import is_hex, lighten, luminance, readable
from generator.draw.shapes import Drawing, Group, Image, Line, Path, Shape, Style, Text


INK = "#1b1b1b"
LIGHTER = 0.75  # how far a fill is mixed towards white


def lighter(colour: str | None, amount: float) -> str | None:
    """`colour` mixed towards white by `amount` (0..1); None and named colours stay."""
    return lighten(colour, amount) if colour and is_hex(colour) else colour


def ink_saver(drawing: Drawing, amount: float = LIGHTER) -> Drawing:
    """The drawing with every fill lightened by `amount`; strokes (made at least a hair wide) and text kept."""
    return replace(drawing, shapes=tuple(_saver(shape, amount) for shape in drawing.shapes))


def _saver(shape: Shape, amount: float) -> Shape:
    if isinstance(shape, Group):
        return replace(shape, shapes=tuple(_saver(inner, amount) for inner in shape.shapes))
    if isinstance(shape, Text):
        return replace(shape, fill=saver_ink(shape.fill))
    if isinstance(shape, Image):
        return shape
    style: Style = shape.style
    if isinstance(shape, (Line, Path)) or style.fill is None:
        return shape
    stroke = style.stroke or _outline_of(style.fill)
    return replace(shape, style=replace(style, fill=lighter(style.fill, amount), stroke=stroke,
                                        stroke_width=max(style.stroke_width, 0.25)))


def saver_ink(colour: str) -> str:
    """A text's colour in the ink saver: white on a strong colour becomes white on its pale tint,
    unreadable, so it goes dark; a mid colour (yellow on white) darkens to read on any pale tint
    (8:1 on white is 4.5:1 or more on the tints of all but the darkest fills)."""
    if not is_hex(colour):
        return colour
    return INK if luminance(colour) > 0.5 else readable(colour, "#ffffff", 8.0)


def _outline_of(fill: str) -> str | None:
    """A filled shape without an outline gets one in its own colour, so it still reads when pale."""
    return fill if fill.startswith("#") else None
