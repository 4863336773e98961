"""SVG previews of every component for the game page's "Print & play" section."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from generator.draw.fonts import web_font
from generator.draw.inline_icons import use_game_icons
from generator.draw.screen import has_picture
from generator.draw.shapes import Drawing, Group, Rect, Style
from generator.draw.svg import to_svg
from generator.i18n.interface import ngettext
from generator.kit.board import board_drawing
from generator.kit.cards import back_drawing, front_drawing
from generator.kit.sheets import sheet_drawing
from generator.kit.spec import Components
from generator.kit.tokens import OUTLINE_OVERHANG, token_drawings

GAP = 3.0


@dataclass(frozen=True)
class Preview:
    name: str  # the component's name (unique within the game)
    title: str  # what to show as its caption
    svg: str  # a standalone <svg> without width/height (size it with CSS; viewBox in mm)
    kind: str = ""  # board | deck | sheet | token
    width: float = 0.0  # mm: the page shows every preview at one scale
    height: float = 0.0
    pictured: bool = False  # it shows a picture: the page shows PNGs of it (kit/pictures_screen.py)
    drawing: Optional[Drawing] = field(default=None, compare=False, repr=False)  # for those PNGs


@dataclass(frozen=True)
class CardImage:
    """One distinct card front of a deck, for the site's card gallery."""

    file: str  # the SVG's name under the kit folder: cards/<deck>-<n>.svg
    description: str  # the card in words (its alt text)
    svg: str = ""  # empty when only planned
    pictured: bool = False  # it shows a picture: the page shows PNGs of it (kit/pictures_screen.py)
    drawing: Optional[Drawing] = field(default=None, compare=False, repr=False)  # trimmed, when drawn

    @property
    def pngs(self) -> tuple[str, ...]:
        """The PNGs the kit writes of a pictured card (1x, 2x), under the kit folder."""
        from generator.kit.pictures_screen import png_names

        return png_names(self.file) if self.pictured else ()


def render_previews(components: Components, resolve_image: Optional[Callable[[str], str]] = None,
                    language: str = "") -> list[Preview]:
    """`resolve_image`: a picture's file -> the URL the SVG names (kit.pictures.PictureAssets);
    `language`: the page's, its captions' ("Teams: 12 Teile")."""
    use_game_icons(components.game_dir)  # its text's `:coin:` is its own icons/coin.svg
    return [_preview(name, title, draw(), kind, components.slug, resolve_image, pictured)
            for name, title, kind, draw, pictured in _planned(components, language)]


@dataclass(frozen=True)
class Gallery:
    name: str  # the deck's
    title: str
    width: float  # a card's trimmed size, mm
    height: float
    cards: tuple[CardImage, ...]


def card_gallery(components: Components, draw: bool = True,
                 resolve_image: Optional[Callable[[str], str]] = None) -> list[Gallery]:
    """Every distinct front of each deck: the kit's own drawings, cut to the trim.
    With `draw=False` only names and descriptions (for `check`). `resolve_image`: a picture's
    file -> the URL these SVGs (in the kit's cards/ folder) name."""
    use_game_icons(components.game_dir)
    galleries = []
    for deck in components.decks:
        images = []
        for number, (card, _count) in enumerate(deck.cards, start=1):
            svg, trimmed = "", None
            if draw:
                front = printed_front(components, deck, card)
                trimmed = Drawing(deck.width, deck.height, (Group(front.shapes, dx=-deck.bleed, dy=-deck.bleed,
                                                                  clip=(deck.bleed, deck.bleed, deck.width,
                                                                        deck.height)),),
                                  title=card.front.description)
                svg = to_svg(trimmed, width="", height="", id_prefix=f"{components.slug}-{deck.name}-{number}-",
                             css_class="card-face", resolve_image=resolve_image)
            images.append(CardImage(f"cards/{deck.name}-{number:02d}.svg", card.front.description, svg,
                                    front_pictured(card.front) or web_font(deck.font), trimmed))
        galleries.append(Gallery(deck.name, deck.title, deck.width, deck.height, tuple(images)))
    return galleries


def plan_previews(components: Components, language: str = "") -> list[tuple[str, str, str, bool]]:
    """(name, title, kind, pictured) of each preview, in order, without drawing any:
    `check` needs their file names and the section's text, not the pictures."""
    return [(name, title, kind, pictured) for name, title, kind, _draw, pictured in _planned(components, language)]


def _planned(components: Components, language: str = "") -> list[tuple[str, str, str, Callable[[], Drawing], bool]]:
    """(name, title, kind, draw, pictured) per component; drawing waits for draw(). `pictured`:
    the preview shows a picture (known from the components, so `check` names its PNGs too);
    the titles count the cards and pieces in `language` ("Teams: 12 Teile")."""
    n_ = ngettext(language)
    planned = []
    for spec in components.boards:
        planned.append((spec.name, spec.title, "board", lambda spec=spec: board_drawing(spec),
                        drawn_pictured(spec.drawn)))
    for deck in components.decks:
        count = len(deck.instances())
        planned.append((deck.name, n_("%(title)s: %(count)s card", "%(title)s: %(count)s cards", count)
                        % {"title": deck.title, "count": count}, "deck",
                        lambda deck=deck: card_sheet(components, deck),
                        web_font(deck.font) or any(front_pictured(card.front) for card, _count in deck.cards[:8])))
    for spec in components.sheets:
        player = components.options.players[0] if spec.per_player else None
        planned.append((spec.name, spec.title, "sheet", lambda spec=spec, player=player:
                        spec.drawn[0] if spec.drawn else sheet_drawing(spec, player),
                        spec.picture is not None or web_font(spec.font) or drawn_pictured(*spec.drawn[:1])))
    for spec in components.tokens:
        owners = components.options.players if spec.per_player else (None,)
        count = sum(item.count for item in spec.items) * len(owners)
        planned.append((spec.name, n_("%(title)s: %(count)s piece", "%(title)s: %(count)s pieces", count)
                        % {"title": spec.title, "count": count}, "token",
                        lambda spec=spec: token_flow(spec, components.options.players),
                        web_font(spec.font) or drawn_pictured(*(piece for _key, piece in spec.pieces))))
    return planned


def front_pictured(front) -> bool:
    """Whether a card's front shows a picture (its art, its backdrop, or a layer's, kit/layers.py),
    or a layer in a font of its own (which a web font cannot bring to an SVG shown as an image)."""
    layered = [layer.art for layer in front.layers if layer.art is not None]
    if any(web_font(layer.font) for layer in front.layers):
        return True
    return front.backdrop is not None or drawn_pictured(front.art) or any(
        has_picture((art,)) if not isinstance(art, Drawing) else drawn_pictured(art) for art in layered)


def drawn_pictured(*drawings: Optional[Drawing]) -> bool:
    return any(drawing is not None and has_picture(drawing.shapes) for drawing in drawings)


def token_flow(spec, players) -> Drawing:
    """One of each token, drawn as the kit prints it (a game's own piece drawings included), with
    room round them for the half of their cut line's stroke that lies outside the piece (a round
    token's outline touches its drawing's edges: without it the preview clips the line to half)."""
    distinct = list({id(drawing): drawing for drawing in token_drawings(spec, players)}.values())
    return flow(distinct, 180.0, margin=OUTLINE_OVERHANG)


def _preview(name: str, title: str, drawing: Drawing, kind: str, slug: str,
             resolve_image: Optional[Callable[[str], str]] = None, pictured: bool = False) -> Preview:
    svg = to_svg(drawing, width="", height="", id_prefix=f"{slug}-{name}-", css_class=f"kit-preview kit-{kind}",
                 resolve_image=resolve_image)
    return Preview(name, title, svg, kind, drawing.width, drawing.height, pictured, drawing)


def printed_front(components: Components, deck, card) -> Drawing:
    """The card's front as the kit prints it in colour: the loader's drawing (components.fronts)."""
    return components.fronts.get((deck.name, card.front)) or front_drawing(card.front, deck)


def card_sheet(components: Components, deck) -> Drawing:
    """Up to eight distinct fronts and the back in a 3 x 3 grid, cut to the trim."""
    cards = [card for card, _count in deck.cards][:8]
    drawings = [printed_front(components, deck, card) for card in cards]
    if cards:
        drawings.append(back_drawing(cards[0].back, deck))
    w, h, b = deck.width, deck.height, deck.bleed
    cols = min(3, len(drawings)) or 1
    rows = (len(drawings) + cols - 1) // cols
    shapes = []
    for i, drawing in enumerate(drawings):
        x, y = (i % cols) * (w + GAP), (i // cols) * (h + GAP)
        shapes.append(Group(drawing.shapes, dx=x - b, dy=y - b, clip=(b, b, w, h)))
        shapes.append(Rect(x, y, w, h, Style(stroke="#999999", stroke_width=0.3)))
    return Drawing(cols * (w + GAP) - GAP, rows * (h + GAP) - GAP, tuple(shapes), title=deck.title)


def flow(drawings: list[Drawing], width: float, margin: float = 0.0) -> Drawing:
    """The drawings in rows `width` mm wide, GAP apart, with `margin` mm of room all round."""
    x = y = row_h = 0.0
    shapes = []
    used_w = 0.0
    for drawing in drawings:
        if x and x + drawing.width > width:
            x, y, row_h = 0.0, y + row_h + GAP, 0.0
        shapes.append(Group(drawing.shapes, dx=round(x + margin, 6), dy=round(y + margin, 6)))
        x += drawing.width + GAP
        used_w = max(used_w, x - GAP)
        row_h = max(row_h, drawing.height)
    return Drawing(round(max(used_w, 1.0) + 2 * margin, 6), round(max(y + row_h, 1.0) + 2 * margin, 6),
                   tuple(shapes))
