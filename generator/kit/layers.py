"""A card front as layers: each a text, picture, icon or shape in a box, drawn in order.

This is the one way a front is drawn. The named regions of `[deck.front]` (title, corner
index, art, body, stat boxes, footer) are the default layout, written in these terms by
kit/cards.py (`default_layers`); the layers a deck names itself (`[[deck.front.layer]]`,
kit/layers_load.py) are filled from each row and drawn on top, by the same `draw_layer`.

A `Layer` is resolved: its text filled, its colour a colour ("" for the card's ink), its
picture found and checked. Only its box may still be a share of the card (`Frame`): a
shop's face has a wider safe area than the kit's, so boxes are placed when the face is drawn.
Text shrinks within its range of sizes; text that does not fit at the least size raises
`CardTextDoesNotFit` (kit/cards.py), which the kit reports at the card's data row.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional, Union

from generator.draw.fonts import in_font, measured_in
from generator.draw.inksaver import LIGHTER, lighter, saver_ink
from generator.draw.inline_icons import has_icons, inline_icon, known
from generator.draw.shapes import Circle, Drawing, FontRef, Group, Image, Line, Polygon, Rect, Style, Text
from generator.kit import text as fit
from generator.kit.ownlines import own_line

Box = tuple[float, float, float, float]  # x, y, w, h in mm from the bleed's corner
ANCHORS = {"left": "start", "centre": "middle", "center": "middle", "right": "end"}
ASCENT = 0.8  # a line's capitals above its baseline, in type sizes: "top" sets them against the box's top
MIDDLE = 0.36  # the baseline below a box's middle that centres capitals on it
DESCENT = 0.2  # descenders below the baseline: "bottom" keeps them in the box


@dataclass(frozen=True)
class Frame:
    """A box given against the card: `within` the "trim" (the default), the "bleed" or the
    "safe" area, each side a length in mm or a share of the trim's width or height
    (`share` True for that side: 0.5 is "50%"). `within` alone (no sides) is that whole area."""

    within: str = "trim"
    sides: tuple[tuple[float, bool], ...] = ()

    def place(self, width: float, height: float, bleed: float, safe: float) -> Box:
        """The box in the card's drawing (mm from the bleed's corner)."""
        areas = {"trim": (bleed, bleed, width, height), "bleed": (0.0, 0.0, width + 2 * bleed, height + 2 * bleed),
                 "safe": (bleed + safe, bleed + safe, width - 2 * safe, height - 2 * safe)}
        if not self.sides:
            return areas[self.within]
        x0, y0 = areas[self.within][:2]
        (x, xs), (y, ys), (w, ws), (h, hs) = self.sides
        return (x0 + (x * width if xs else x), y0 + (y * height if ys else y),
                w * width if ws else w, h * height if hs else h)


@dataclass(frozen=True)
class Layer:
    """One thing on a card front, in its box: what it is (`kind`), and how it is drawn."""

    kind: str  # "text", "picture", "icon" or "shape"
    box: Union[Box, Frame]
    name: str = ""  # what it is, in messages: "title", "text layer 2"
    role: str = ""  # the shapes' role ("card-title"): tests and the site's descriptions find them by it
    colour: str = ""  # text, icon or line colour, a shape's fill; "" for the card's ink
    paper: str = ""  # what an icon's holes show ("" for the card's background)
    rotate: float = 0.0  # degrees clockwise about the box's centre
    # text
    text: str = ""
    size: float = 3.5  # the largest type size, mm
    min_size: float = 3.5  # the least it shrinks to, mm
    align: str = "centre"  # left | centre | right
    valign: str = "middle"  # top | middle | bottom
    bold: bool = False
    font: Optional[FontRef] = None  # a font of its own (a designer's, kit/fonts.py); None: the deck's
    wrap: bool = False  # lines wrapped to the box (else one line)
    band: str = ""  # a colour behind the text, its length wide
    leave_out: bool = False  # a line Rulepress draws: shrunk, wrapped on two, or left out (kit/ownlines.py)
    # icon
    icon: str = ""  # a vector icon's name or one character of the font
    # picture: a placed Image, or a Drawing made for the box (the game's art)
    art: Union[Image, Drawing, None] = None
    # shape
    shape: str = "rect"  # rect | ellipse | line (from the box's top-left corner to its bottom-right)
    stroke: str = ""
    stroke_width: float = 0.3
    radius: float = 0.0


class CardTextDoesNotFit(ValueError):
    def __init__(self, region: str, problem: fit.TextDoesNotFit):
        super().__init__(f"the card's {region} {problem}")
        self.region, self.text, self.room = region, problem.text, problem.room
        self.card = None  # the Card, set where a whole deck is drawn (cards.shop_cards)


def draw_layer(layer: Layer, box: Box, ink: str, paper: str) -> list:
    """The layer's shapes in `box`; `ink` and `paper` stand in for its automatic colours. A layer
    in a font of its own is measured in it (its text shrinks and wraps to the font's widths) and
    set in it."""
    if layer.font is None:
        return _drawn(layer, box, ink, paper)
    with measured_in(layer.font):
        return list(in_font(tuple(_drawn(layer, box, ink, paper)), layer.font))


def _drawn(layer: Layer, box: Box, ink: str, paper: str) -> list:
    colour = layer.colour or ink
    paper = layer.paper or paper
    if layer.kind == "text":
        if not layer.text:
            return []
        if not (layer.wrap or layer.band or layer.leave_out or has_icons(layer.text)):  # turns about its anchor
            return [_fitted(layer, lambda: one_line(layer, box, colour))]
        shapes = _fitted(layer, lambda: text_shapes(layer, box, colour, paper))
    elif layer.kind == "icon":
        size = min(box[2], box[3])
        shapes = [icon_shape(layer.icon, box[0] + (box[2] - size) / 2, box[1] + (box[3] - size) / 2, size,
                             colour, paper, role=layer.role)] if layer.icon else []
    elif layer.kind == "picture":
        shapes = [art_group(layer.art, box, layer.role)] if isinstance(layer.art, Drawing) else (
            [layer.art] if layer.art else [])
    else:
        shapes = [shape_of(layer, box, colour)]
    return turned(shapes, box, layer.rotate)


def _fitted(layer: Layer, make):
    try:
        return make()
    except fit.TextDoesNotFit as problem:
        raise CardTextDoesNotFit(layer.name, problem) from None


def anchor_x(layer: Layer, box: Box) -> float:
    x, _y, w, _h = box
    return {"start": x, "middle": x + w / 2, "end": x + w}[ANCHORS[layer.align]]


def baseline(layer: Layer, box: Box) -> float:
    """A line's baseline in the box, placed for the largest size (a shrunk line keeps it)."""
    _x, y, _w, h = box
    if layer.valign == "top":
        return y + layer.size * ASCENT
    if layer.valign == "bottom":
        return y + h - layer.size * DESCENT
    return y + h / 2 + layer.size * MIDDLE


def one_line(layer: Layer, box: Box, colour: str) -> Text:
    """One line shrunk to fit the box's width; turned, about the box's centre, as the layer is."""
    x, y = anchor_x(layer, box), baseline(layer, box)
    if layer.rotate:
        x, y = turned_point(x, y, box, layer.rotate)
    return fit.line(x, y, layer.text, size=layer.size, max_width=box[2], min_size=layer.min_size, fill=colour,
                    anchor=ANCHORS[layer.align], bold=layer.bold, rotate=layer.rotate, role=layer.role,
                    strict=True)


def turned_point(x: float, y: float, box: Box, degrees: float) -> tuple[float, float]:
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    a = math.radians(degrees)
    cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)  # a half turn is exactly -1 and 0
    return cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos


def text_shapes(layer: Layer, box: Box, colour: str, paper: str) -> list:
    """Wrapped lines, a line on its band, or a line Rulepress may leave out (kit/ownlines.py)."""
    x, y, w, h = box
    if layer.leave_out:
        foot = baseline(layer, box)
        return own_line(anchor_x(layer, box), foot, layer.text, size=layer.size, width=w, height=foot - y,
                        fill=colour, role=layer.role, what=layer.name)
    if layer.wrap:
        block = fit.fit_block(layer.text, w, h, size=layer.size, min_size=layer.min_size, bold=layer.bold,
                              strict=True)
        room = max(0.0, h - block.height)
        top = y + {"top": 0.0, "middle": room / 2, "bottom": room}[layer.valign]
        return fit.block_shapes(block, anchor_x(layer, box), top, anchor=ANCHORS[layer.align], fill=colour,
                                bold=layer.bold, role=layer.role, paper=paper)
    if has_icons(layer.text) and not layer.band:  # `:star:` drawn in the line, as in wrapped text
        return icon_line(layer, box, colour, paper)
    line = one_line(replace(layer, rotate=0.0), box, colour)
    pad = line.size * 0.45
    left = line.x - line.length * {"start": 0.0, "middle": 0.5, "end": 1.0}[line.anchor]
    return [Rect(left - pad, line.y - line.size * 0.95, line.length + 2 * pad, line.size * 1.3,
                 Style(fill=layer.band), rx=1.0, role=f"{layer.role}-band" if layer.role else ""), line]


def icon_line(layer: Layer, box: Box, colour: str, paper: str) -> list:
    """One line with inline icons, shrunk to the box's width (refused below the least size)."""
    text = fit.drawable(layer.text)
    size = fit.fit_size(text, box[2], layer.size, layer.min_size, layer.bold)
    if fit.width(text, size, layer.bold) > box[2]:
        raise fit.TextDoesNotFit(text, f"{box[2]:.1f} mm at {layer.min_size:.1f} mm type")
    return fit.icon_line(anchor_x(layer, box), baseline(layer, box), text, round(size, 3), ANCHORS[layer.align],
                         colour, layer.bold, layer.role, paper)


def shape_of(layer: Layer, box: Box, colour: str):
    x, y, w, h = box
    if layer.shape == "line":
        return Line(x, y, x + w, y + h, Style(stroke=colour, stroke_width=layer.stroke_width), role=layer.role)
    style = Style(fill=colour, stroke=layer.stroke or None, stroke_width=layer.stroke_width)
    if layer.shape == "ellipse" and abs(w - h) < 1e-9:
        return Circle(x + w / 2, y + h / 2, w / 2, style, role=layer.role)
    if layer.shape == "ellipse":  # the drawing model has circles only: an ellipse as a fine polygon
        steps = 72
        return Polygon(tuple((round(x + w / 2 * (1 + math.cos(2 * math.pi * i / steps)), 4),
                              round(y + h / 2 * (1 + math.sin(2 * math.pi * i / steps)), 4)) for i in range(steps)),
                       style, role=layer.role)
    return Rect(x, y, w, h, style, rx=layer.radius, role=layer.role)


def turned(shapes: list, box: Box, degrees: float) -> list:
    """The shapes turned about the box's centre."""
    if not degrees or not shapes:
        return shapes
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return [Group((Group(tuple(shapes), dx=-cx, dy=-cy),), dx=cx, dy=cy, rotate=degrees)]


def icon_shape(name: str, x: float, y: float, size: float, ink: str, paper: str, role: str = ""):
    """A vector icon when `name` is one, else the character from the font."""
    if known(name):  # a built-in or the game's own icons/<name>.svg
        return inline_icon(name, x, y, size, ink, paper, role=role)
    return fit.line(x + size / 2, y + size * 0.85, name, size=size, max_width=size * 1.5, fill=ink, anchor="middle",
                    role=role)


def art_group(art: Drawing, box: Box, role: str = "card-art") -> Group:
    """The game's art in its box. The art was drawn for the deck's own layout; a face drawn for
    a shop with a wider safe area has a box a fraction of a millimetre smaller, so the art is
    shrunk to fit whole there rather than lose its edge to the clip."""
    x, y, aw, ah = box
    if art.width <= aw + 1e-6 and art.height <= ah + 1e-6:
        return Group(art.shapes, dx=x, dy=y, clip=(0, 0, aw, ah), role=role)
    scale = min(aw / art.width, ah / art.height)
    dx, dy = x + (aw - art.width * scale) / 2, y + (ah - art.height * scale) / 2
    return Group((Group(art.shapes, scale=round(scale, 9)),), dx=round(dx, 6), dy=round(dy, 6),
                 clip=(0, 0, aw, ah), role=role)


def placed(layer: Layer, width: float, height: float, bleed: float, safe: float) -> Box:
    return layer.box.place(width, height, bleed, safe) if isinstance(layer.box, Frame) else layer.box


def at_the_edge(layers: tuple[Layer, ...], deck) -> tuple[Layer, ...]:
    """The layers whose box reaches the card's trim (a cut a little off the line shows them)."""
    w, h, b = deck.width, deck.height, deck.bleed
    reaching = []
    for layer in layers:
        x, y, bw, bh = placed(layer, w, h, b, deck.safe)
        if x <= b or y <= b or x + bw >= b + w or y + bh >= b + h:
            reaching.append(layer)
    return tuple(reaching)


def own_layers(layers: tuple[Layer, ...], deck, ink: str, ground: str, ink_saver: bool) -> list:
    """The shapes of a card's own layers (`[[deck.front.layer]]`), each placed on the card (in the
    ink saver as `saving_ink` has it); `ink` and `ground` stand in for their automatic colours."""
    shapes = []
    for layer in layers:
        box = placed(layer, deck.width, deck.height, deck.bleed, deck.safe)
        layer = saving_ink(layer, box, deck, ink) if ink_saver else layer
        shapes += draw_layer(layer, box, ink, ground) if layer else []
    return shapes


def saving_ink(layer: Layer, box: Box, deck, ink: str) -> Optional[Layer]:
    """The layer as the ink-saver kit prints it, by the default layout's rule (kit/cards.py): a
    ground is left out (a picture over the whole card, as a backdrop is), a filled shape and a
    text's band are light tints outlined in their colour (as the frame and panel are outlined), a
    light text on them turns dark (draw/inksaver.py's rule for text); the art, icons and lines
    are kept. None: the layer is not printed. `ink` is the card's automatic ink."""
    b = deck.bleed
    if layer.kind == "picture":
        x, y, w, h = box
        ground = x <= b and y <= b and x + w >= b + deck.width and y + h >= b + deck.height
        return None if ground else layer
    if layer.kind == "text":
        return replace(layer, colour=saver_ink(layer.colour) if layer.colour else "",
                       band=lighter(layer.band, LIGHTER) if layer.band else "")
    if layer.kind == "shape" and layer.shape != "line":
        fill = layer.colour or ink
        return replace(layer, colour=lighter(fill, LIGHTER), stroke=layer.stroke or fill,
                       stroke_width=max(layer.stroke_width, 0.25))
    return layer
