"""Which colours of a site diagram follow the page's theme, decided once for the SVG and its check.

On the site a diagram's neutral colours follow the reader's theme: white and near-white
greys are the page's paper, near-black greys its ink (play.css maps them to the light or the
dark theme). A board's own colours stay, and so does the colour of words that sit on one
(a letter on a red piece keeps its white). `ThemeWalk` makes that decision as a drawing is
walked in order; `svg._Writer` writes the classes from it, and `themed_items` recolours a
drawing as a theme shows it, so the preflight's contrast check sees what the reader sees.

Standard library only: the SVG writer runs in the browser too.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator, Optional

from generator.draw.bounds import bounds
from generator.draw.flatten import Placed, flatten
from generator.draw.shapes import Group, Text


def neutral_tone(colour: Optional[str]) -> str:
    """"paper" for white and near-white greys, "ink" for near-black greys (a slightly tinted
    near-black too, such as a slate #1d2b36: on the dark theme's paper it would vanish), else ""
    (a colour of the board)."""
    if not colour or not colour.startswith("#") or len(colour) not in (4, 7):
        return ""
    digits = colour[1:] if len(colour) == 7 else "".join(ch * 2 for ch in colour[1:])
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    chroma = max(r, g, b) - min(r, g, b)
    if min(r, g, b) >= 0xf0 and chroma <= 24:
        return "paper"
    return "ink" if max(r, g, b) <= 0x66 and chroma <= 40 else ""


class ThemeWalk:
    """The walk's state: where board colours fill the drawing so far (in the drawing's
    millimetres), and the current group's translation and scale.

    A turned or mirrored group keeps its parent's frame: its words are compared as if unturned
    (the boards that turn groups turn whole pieces, whose words lie on the piece's colour)."""

    def __init__(self):
        self.offset = (0.0, 0.0, 1.0)
        self.coloured: list[tuple[float, float, float, float]] = []

    def enter(self, group: Group) -> tuple[float, float, float]:
        outer = self.offset
        if not group.rotate and not group.mirror_x:
            self.offset = (outer[0] + group.dx * outer[2], outer[1] + group.dy * outer[2], outer[2] * group.scale)
        return outer

    def leave(self, outer: tuple[float, float, float]) -> None:
        self.offset = outer

    def note(self, shape) -> None:
        """After a shape is drawn: remember where it fills with a board colour (not paper)."""
        style = getattr(shape, "style", None)
        if style is None or not style.fill or neutral_tone(style.fill) == "paper":
            return
        box = bounds(shape)
        if box:
            dx, dy, k = self.offset
            self.coloured.append((dx + box[0] * k, dy + box[1] * k, box[2] * k, box[3] * k))

    def keeps_colour(self, text: Text) -> bool:
        """Words on a board colour keep their own colour; words on the paper follow the theme."""
        dx, dy, k = self.offset
        x, y = dx + text.x * k, dy + (text.y - text.size * 0.35) * k
        return any(bx <= x <= bx + bw and by <= y <= by + bh for bx, by, bw, bh in self.coloured)


def _walk(shapes, walk: ThemeWalk) -> Iterator[tuple[object, bool]]:
    """Every primitive in drawing order (flatten's order), with whether its colours follow the theme."""
    for shape in shapes:
        if isinstance(shape, Group):
            outer = walk.enter(shape)
            yield from _walk(shape.shapes, walk)
            walk.leave(outer)
        elif isinstance(shape, Text):
            yield shape, not walk.keeps_colour(shape)
        else:
            yield shape, True
            walk.note(shape)


def themed_items(shapes, paper: str, ink: str) -> list[Placed]:
    """`shapes` placed on the page as a theme of this `paper` and `ink` shows them: the neutral
    colours that follow the theme replaced by the theme's."""
    def shown(colour: Optional[str]) -> Optional[str]:
        return {"paper": paper, "ink": ink}.get(neutral_tone(colour), colour)

    items = []
    for item, (shape, follows) in zip(flatten(shapes), _walk(shapes, ThemeWalk())):
        if follows and isinstance(shape, Text):
            item = replace(item, shape=replace(shape, fill=shown(shape.fill)))
        elif follows and getattr(shape, "style", None) is not None:
            style = shape.style
            item = replace(item, shape=replace(shape, style=replace(style, fill=shown(style.fill),
                                                                     stroke=shown(style.stroke))))
        items.append(item)
    return items
