"""Text that fits: measuring with the embedded font, wrapping, shrinking.

Measurements come from the same TrueType file the PDF embeds, so what fits here
fits in print; SVG previews pin the measured width with `Text.length`.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.draw import linebreak
from generator.draw.pdf import has_glyph, text_width
from generator.draw.inline_icons import ICON_EM, ICON_RISE, ICON_SIZE, has_icons, pieces
from generator.draw.shapes import Text

LINE_HEIGHT = 1.22  # baseline to baseline, in font sizes
ELLIPSIS = "…"


def width(text: str, size: float, bold: bool = False) -> float:
    """The text's width as set, an inline icon (`:heart:`, draw/inline_icons.py) one em."""
    if has_icons(text):
        return sum(text_width(value, size, bold) if kind == "text" else size * ICON_EM
                   for kind, value in pieces(text))
    return text_width(text, size, bold)


def drawable(text: str) -> str:
    """The text with characters the font cannot draw replaced by '?' (never a blank box)."""
    return "".join(ch if ch.isspace() or has_glyph(ch) else "?" for ch in text)


def fit_size(text: str, max_width: float, size: float, min_size: float, bold: bool = False) -> float:
    """The largest size <= `size` (and >= `min_size`) at which the line fits `max_width`."""
    measured = width(text, size, bold)
    if measured <= max_width or measured == 0:
        return size
    return max(min_size, size * max_width / measured * 0.999)  # a hair under: rounding never overflows


def truncate(text: str, max_width: float, size: float, bold: bool = False) -> str:
    if width(text, size, bold) <= max_width:
        return text
    while text and width(text + ELLIPSIS, size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


class TextDoesNotFit(ValueError):
    """Text that would have to be cut even at its smallest size (strict fitting)."""

    def __init__(self, text: str, room: str):
        super().__init__(f"{text!r} does not fit {room}")
        self.text, self.room = text, room


def line(x: float, y: float, text: str, *, size: float, max_width: float, min_size: float | None = None,
         fill: str = "#000000", anchor: str = "start", bold: bool = False, rotate: float = 0.0,
         role: str = "", strict: bool = False) -> Text:
    """One line of text at (x, baseline y), shrunk (then cut, or refused if `strict`) to fit `max_width`."""
    text = drawable(text)
    smallest = min_size if min_size is not None else size * 0.6
    size = fit_size(text, max_width, size, smallest, bold)
    if strict and width(text, size, bold) > max_width:
        raise TextDoesNotFit(text, f"{max_width:.1f} mm at {smallest:.1f} mm type")
    whole, text = text, truncate(text, max_width, size, bold)
    return Text(x, y, text, size=round(size, 3), fill=fill, anchor=anchor, bold=bold, rotate=rotate,
                role=role, length=round(width(text, size, bold), 3), cut=whole if text != whole else "")


def wrap(text: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy wrap in the kit's face (draw/linebreak.py: Japanese, Chinese and Korean break between
    their characters too); explicit newlines (or " / " in data) start new lines."""
    return linebreak.wrap(text.replace(" / ", "\n"), max_width, lambda line: width(line, size, bold))


@dataclass(frozen=True)
class Block:
    size: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return self.size * (1 + LINE_HEIGHT * (len(self.lines) - 1)) if self.lines else 0.0


def fit_block(text: str, box_w: float, box_h: float, size: float, min_size: float,
              bold: bool = False, strict: bool = False) -> Block:
    """Wrap the text into the box, shrinking the font (by 5% steps) until it fits
    (at the smallest size: cut, or refused if `strict`)."""
    text = drawable(text)
    current = size
    while True:
        lines = wrap(text, box_w, current, bold)
        block = Block(current, tuple(lines))
        too_wide = any(width(l, current, bold) > box_w for l in lines)
        if (block.height <= box_h and not too_wide) or current <= min_size:
            break
        current = max(min_size, current * 0.95)
    if (block.height > box_h or too_wide) and strict:
        raise TextDoesNotFit(text, f"a {box_w:.1f} x {box_h:.1f} mm box at {min_size:.1f} mm type")
    if block.height > box_h or too_wide:  # at the smallest size: keep what fits, mark the cut
        keep = max(1, int((box_h / current - 1) / LINE_HEIGHT) + 1)
        kept = [truncate(l, box_w, current, bold) for l in block.lines[:keep]]
        if keep < len(block.lines):
            kept[-1] = truncate(kept[-1] + ELLIPSIS, box_w, current, bold)
        block = Block(current, tuple(kept))
    return block


def block_shapes(block: Block, x: float, top: float, *, anchor: str = "middle", fill: str = "#000000",
                 bold: bool = False, role: str = "", paper: str = "#ffffff") -> list:
    """The block's lines as Text shapes, the first baseline one font size below `top`; a line
    with inline icons as its runs of words and the icons between them (on `paper`)."""
    shapes = []
    for i, text in enumerate(block.lines):
        baseline = round(top + block.size * (0.9 + LINE_HEIGHT * i), 3)
        if has_icons(text):
            shapes += icon_line(x, baseline, text, block.size, anchor, fill, bold, role, paper)
            continue
        shapes.append(Text(x, baseline, text, size=round(block.size, 3), fill=fill,
                           anchor=anchor, bold=bold, role=role,
                           length=round(width(text, block.size, bold), 3)))
    return shapes


def icon_line(x: float, baseline: float, text: str, size: float, anchor: str, fill: str, bold: bool,
              role: str, paper: str) -> list:
    """One line of words and inline icons, laid left to right from where `anchor` puts its start."""
    from generator.draw.inline_icons import inline_icon as icon  # the game's own or a built-in

    left = x - width(text, size, bold) * {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor]
    shapes = []
    for kind, value in pieces(text):
        if kind == "icon":
            air = size * (ICON_EM - ICON_SIZE) / 2
            shapes.append(icon(value, round(left + air, 3), round(baseline - size * ICON_RISE, 3),
                               round(size * ICON_SIZE, 3), fill, paper, role=f"inline-icon-{value}"))
            left += size * ICON_EM
            continue
        if value.strip():
            shapes.append(Text(round(left, 3), baseline, value, size=round(size, 3), fill=fill, anchor="start",
                               bold=bold, role=role, length=round(text_width(value, size, bold), 3)))
        left += text_width(value, size, bold)
    return shapes
