"""The default layout: the named regions of `[deck.front]` as layers (kit/layers.py).

`card_layout` places the regions a deck's front names, the same for every card of the deck:
a top band (corner index, title, a top-right stat box), a light panel (the game's art, or an
icon and a big value; the body text; a row of stat boxes) and a bottom band (stat boxes in the
corners, the footer, the corner index turned round). `default_layers` writes one card's regions
as the layers a designer could write (text, picture, icon, shape in a box), in paint order;
kit/cards.py draws them as it draws a deck's own layers. Every layer carries its region as its
role ("card-title", "card-art", "card-stat-bottom-left" ...) and as its name in messages.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from generator.draw import colour as colours
from generator.kit import text as fit
from generator.kit.layers import ASCENT, DESCENT, Box, Layer
from generator.kit.ownlines import LEGIBLE_MM
from generator.kit.spec import CardFace, DeckSpec, FrontTemplate

REGIONS = ("corner", "title", "art", "icon", "value", "body", "footer", "stats")


def names_regions(front: FrontTemplate) -> bool:
    """Whether the front names any region (else a deck with layers draws only those)."""
    return any(getattr(front, region) for region in REGIONS)


@dataclass(frozen=True)
class CardLayout:
    """Where a deck's front regions go. Bands are on the coloured frame, the rest in the panel."""

    corner_size: float  # type size of the corner index
    stat_box: tuple[float, float]  # a stat box's width and height
    top_band: float  # heights of the frame above and below the panel
    bottom_band: float
    panel: Box
    art: Optional[Box]
    hero: Optional[Box]  # icon and value
    body: Optional[Box]
    stat_row: Optional[Box]


def card_layout(deck: DeckSpec, front: Optional[FrontTemplate] = None) -> CardLayout:
    """The regions of `front` (by default the deck's) on a card of the deck's size."""
    front = front or deck.front
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    left, right, top, bottom = b + s, b + w - s, b + s, b + h - s
    corner_size = min(6.0, w * 0.09)
    box = (round(corner_size * 2.1, 3), round(corner_size * 2.0, 3))
    corners = {stat.at for stat in front.stats if stat.at}
    top_band = 0.0
    if front.corner or front.title:
        top_band = corner_size + 1.5
    if corners & {"top-left", "top-right"}:
        top_band = max(top_band, box[1] + 1.0)
    bottom_band = corner_size + 1.5 if front.corner else 0.0
    if front.footer:
        bottom_band = max(bottom_band, footer_size(h) + 1.8)
    if corners & {"bottom-left", "bottom-right"}:
        bottom_band = max(bottom_band, box[1] + 1.0)
    panel = (left, top + top_band, right - left, (bottom - bottom_band) - (top + top_band))
    px, py, pw, ph = panel
    pad = 1.5
    inner = (px + pad, py + pad, pw - 2 * pad, ph - 2 * pad)
    stat_row = None
    if any(not stat.at for stat in front.stats):
        stat_row = (inner[0], inner[1] + inner[3] - box[1], inner[2], box[1])
        inner = (inner[0], inner[1], inner[2], inner[3] - box[1] - pad)
    x, y, iw, ih = inner
    art = hero = body = None
    centre = front.art or front.icon or front.value
    if centre and front.body:
        share = 0.62 if front.art else 0.45
        top_h = ih * share
        if front.art:
            art = (x, y, iw, top_h)
        else:
            hero = (x, y, iw, top_h)
        body = (x, y + top_h + pad, iw, ih - top_h - pad)
    elif front.art:
        art = inner
    elif centre:
        hero = inner
    elif front.body:
        body = inner
    return CardLayout(corner_size, box, top_band, bottom_band, panel, art, hero, body, stat_row)




def default_layers(face: CardFace, deck: DeckSpec, frame_ink: str, panel: str, ink_saver: bool) -> list[Layer]:
    """One card's named regions as layers, in paint order: the panel, the bands, the panel's contents."""
    layout = card_layout(deck)
    outline = colours.lighten(face.background, 0.5) if ink_saver else ""
    layers = [Layer("shape", layout.panel, colour=panel, stroke=outline, stroke_width=0.3, radius=2.0,
                    role="card-panel")]
    return layers + band_layers(face, deck, layout, frame_ink, panel) + panel_layers(face, deck, layout, panel)


def band_layers(face: CardFace, deck: DeckSpec, layout: CardLayout, ink: str, panel: str) -> list[Layer]:
    """The corner indices, corner stat boxes, title and footer on the frame."""
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    left, right, top, bottom = b + s, b + w - s, b + s, b + h - s
    inner_w, centre = right - left, b + w / 2
    cs = layout.corner_size
    layers: list[Layer] = []
    occupied = {"top": 0.0, "bottom": 0.0}  # widest thing in a corner of each band
    if face.corner:
        corner, length = corner_layers(face.corner, (left, top, right, bottom), cs, inner_w * 0.25, ink)
        layers += corner
        occupied["top"] = occupied["bottom"] = length
    bw, bh = layout.stat_box
    for stat in face.stats:
        if not stat.at:
            continue
        x = left if stat.at.endswith("left") else right - bw
        y = top if stat.at.startswith("top") else bottom - bh
        layers += stat_layers(stat, (x, y, bw, bh), panel, ink, f"card-stat-{stat.at}")
        band = stat.at.split("-")[0]
        occupied[band] = max(occupied[band], bw)
    if face.title:
        size = min(4.4, h * 0.05)
        room = inner_w - 2 * (occupied["top"] + 1.5) if occupied["top"] else inner_w
        tall = layout.top_band > cs + 1.5  # a band made taller by a corner stat box: the title in its middle
        box = (centre - room / 2, top, room, layout.top_band - 1.5) if tall else \
            (centre - room / 2, top + size * (1 - ASCENT), room, size)
        layers.append(Layer("text", box, text=face.title, size=size, min_size=2.2, colour=face.title_ink or ink,
                            valign="middle" if tall else "top", bold=True, band=face.title_band,
                            role="card-title", name="title"))
    if face.footer:  # Rulepress's own line: shrunk, wrapped or left out, never below 6 pt (ownlines.py)
        room = inner_w - 2 * (occupied["bottom"] + 1.5) if occupied["bottom"] else inner_w
        size, height, foot = footer_size(h), layout.bottom_band - 0.6 - 0.4, bottom - 0.6
        layers.append(Layer("text", (centre - room / 2, foot - height, room, height + size * DESCENT),
                            text=face.footer, size=size, min_size=LEGIBLE_MM, colour=ink, valign="bottom",
                            leave_out=True, role="card-footer", name="footer"))
    return layers


def corner_layers(index: str, edges: tuple, cs: float, room: float, ink: str) -> tuple[list[Layer], float]:
    """The index top left and turned round bottom right (6 and 9 underlined, as on playing
    cards), and its length. Turned about its box's centre, the index hangs below its baseline:
    the baseline sits a type size above the safe line, as the top index's does below it."""
    left, top, right, bottom = edges
    text = dict(text=index, size=cs, min_size=cs * 0.6, colour=ink, align="left", valign="top", bold=True,
                role="card-corner", name="corner index")
    layers = [Layer("text", (left, top + cs * (1 - ASCENT), room, cs), **text),
              Layer("text", (right - room, bottom - cs - cs * (1 - ASCENT), room, cs), rotate=180, **text)]
    measured = fit.line(left, top + cs, index, size=cs, max_width=room, bold=True)
    if reads_otherwise_turned(index):
        rule = dict(shape="line", colour=ink, stroke_width=round(measured.size * 0.08, 3), role="underline")
        layers += [Layer("shape", (left, top + cs * 1.2, measured.length, 0.0), **rule),
                   Layer("shape", (right - measured.length, bottom - cs * 1.2, measured.length, 0.0), **rule)]
    return layers, measured.length


def footer_size(height: float) -> float:
    """A card's footer type size: 3% of the card's height, at most 2.6 mm, at least 6 pt."""
    return max(LEGIBLE_MM, min(2.6, height * 0.03))


TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_otherwise_turned(index: str) -> bool:
    """Whether a corner index read upside down is another number (6 and 9, 66 and 99)."""
    if not index or any(ch not in TURNED for ch in index):
        return False
    turned = "".join(TURNED[ch] for ch in reversed(index))
    return turned != index and not turned.startswith("0")


def stat_layers(stat, box: Box, panel: str, frame_ink: str, role: str) -> list[Layer]:
    """A rounded box: the label small on top, the value large below (an icon beside it if given)."""
    x, y, bw, bh = box
    ink = colours.ink_on(panel)
    layers = [Layer("shape", box, colour=panel, stroke=frame_ink, stroke_width=0.35, radius=1.2, role=role)]
    label_size = min(2.2, bh * 0.2)
    value_top = y + 0.6
    if stat.label:
        layers.append(Layer("text", (x + 0.6, y + 0.5 + label_size * (1 - ASCENT), bw - 1.2, label_size),
                            text=stat.label, size=label_size, min_size=1.4, colour=ink, valign="top", role=role,
                            name=f"{stat.at or 'stat'} label"))
        value_top = y + 1.2 + label_size
    room_h = y + bh - value_top - 0.5
    size = min(room_h * 0.95, 7.0)
    value_w = bw - 1.2
    cx = x + bw / 2
    if stat.icon and not stat.value.strip():  # a symbol alone (how long a Gadget lasts): centred, larger
        icon_size = min(room_h * 0.95, bw * 0.7)
        return layers + [Layer("icon", (x + (bw - icon_size) / 2, value_top + (room_h - icon_size) / 2, icon_size,
                                        icon_size), icon=stat.icon, colour=ink, paper=panel)]
    if stat.icon:
        icon_size = min(room_h * 0.8, bw * 0.4)
        layers.append(Layer("icon", (x + 0.8, value_top + (room_h - icon_size) / 2, icon_size, icon_size),
                            icon=stat.icon, colour=ink, paper=panel))
        value_w = bw - icon_size - 1.8
        cx = x + 0.8 + icon_size + 0.4 + value_w / 2
    return layers + [Layer("text", (cx - value_w / 2, value_top, value_w, room_h), text=stat.value, size=size,
                           min_size=size * 0.5, colour=ink, bold=True, role=role, name=f"{stat.at or 'stat'} value")]


def panel_layers(face: CardFace, deck: DeckSpec, layout: CardLayout, panel: str) -> list[Layer]:
    """The art (or the icon and value), the body text and the row of stat boxes, inside the panel."""
    layers: list[Layer] = []
    ink = colours.ink_on(panel)
    if layout.art and face.art is not None:
        layers.append(Layer("picture", layout.art, art=face.art, role="card-art", name="art"))
    if layout.hero and (face.icon or face.value):
        layers += hero_layers(face, layout.hero, ink, panel)
    if layout.body and face.body:
        x, y, bw, bh = layout.body
        if layout.art or layout.hero:  # a short rule between them and the body
            layers.append(Layer("shape", (x + bw * 0.2, y - 0.75, bw * 0.6, 0.0), shape="line",
                                colour=colours.mix(panel, ink, 0.3), stroke_width=0.25))
        layers.append(Layer("text", (x + 0.5, y, bw - 1, bh), text=face.body, size=min(3.4, deck.width * 0.055),
                            min_size=1.7, wrap=True, colour=ink, paper=panel, role="card-body", name="body text"))
    if layout.stat_row:
        row = [stat for stat in face.stats if not stat.at]
        x, y, rw, rh = layout.stat_row
        bw = min(layout.stat_box[0] * 1.3, (rw - 1.5 * (len(row) - 1)) / max(1, len(row)))
        start = x + (rw - (bw * len(row) + 1.5 * (len(row) - 1))) / 2
        for i, stat in enumerate(row):
            layers += stat_layers(stat, (start + i * (bw + 1.5), y, bw, rh), colours.mix(panel, ink, 0.06), ink,
                                  f"card-stat-{i + 1}")
    return layers


def hero_layers(face: CardFace, box: Box, ink: str, panel: str) -> list[Layer]:
    """The icon and the big value in the panel's centre (either alone, larger)."""
    px, py, pw, ph = box
    cx = px + pw / 2
    icon = dict(icon=face.icon, colour=ink, paper=panel, role="card-icon")
    value = dict(text=face.value, colour=ink, bold=True, role="card-value", name="value")
    if face.icon and face.value:
        icon_size = min(ph * 0.34, pw * 0.3)
        value_size = min(ph * 0.46, pw * 0.5, 26.0)
        gap = (ph - icon_size - value_size) / 3
        return [Layer("icon", (cx - icon_size / 2, py + gap, icon_size, icon_size), **icon),
                Layer("text", (cx - (pw - 2) / 2, py + 2 * gap + icon_size, pw - 2, value_size), size=value_size,
                      min_size=value_size * 0.6, valign="top", **value)]
    if face.value:
        size = min(ph * 0.6, pw * 0.55, 30.0)
        return [Layer("text", (cx - (pw - 2) / 2, py, pw - 2, ph), size=size, min_size=size * 0.6, **value)]
    size = min(ph * 0.7, pw * 0.6, 34.0)
    return [Layer("icon", (cx - size / 2, py + (ph - size) / 2, size, size), **icon)]
