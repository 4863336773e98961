"""Card faces and backs as drawings.

A card drawing is the card with its bleed: (width + 2*bleed) x (height + 2*bleed),
the trim starting at (bleed, bleed). Backgrounds fill the whole bleed so a cut a
little off the line shows no white edge; text stays inside the safe zone
(`safe` mm inside the trim).

A front is laid out in named regions, the same for every card of a deck
(`card_layout`): a top band (corner index, title, a top-right stat box), a
light panel (the game's art, or an icon and a big value; the body text; a row
of stat boxes) and a bottom band (stat boxes in the corners, the footer, the
corner index turned round). Every shape carries its region as its role
("card-title", "card-art", "card-stat-bottom-left" ...). Text shrinks to fit
its region; text that does not fit even at its smallest size raises
`CardTextDoesNotFit`, which `load_deck` reports against the card's data row.
The ink-saver variant drops the full-bleed fills and draws the frame as an
outline in the card's colour.

`load_deck` makes a [[deck]] of components.toml into a `DeckSpec` from its validated
values: one card per kept data row, each front and back filled from its row and
checked (colours, icons, the game's art, text that fits) with problems as file:line.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable, Optional

from generator.content.schema import Values
from generator.draw.inline_icons import icon_expected, known, spoken
from generator.draw.shapes import Circle, Drawing, Group, Line, Path, Rect, Style
from generator.draw import colour as colours
from generator.errors import ContentError
from generator.kit import text as fit
from generator.kit.checks import KitChecks, title_of
from generator.kit.data import fill
from generator.kit.fonts import in_deck_font
from generator.kit.impose import card_grid, fold_layout
from generator.kit.layers import Box, CardTextDoesNotFit, at_the_edge, draw_layer, own_layers
from generator.kit.layers_load import layer_templates, row_layers, spoken_words
from generator.kit.layout_default import CardLayout, card_layout, default_layers, names_regions, reads_otherwise_turned
from generator.kit.pictures import CardPictures, art_placing, backdrop_placing, names_art_file
from generator.kit.schema import BACK_PATTERNS
from generator.kit.spec import (CARD_SIZES, PAPERS, BackTemplate, Card, CardBack, CardFace, DeckSpec, FrontTemplate,
                                Stat, StatTemplate)
from generator.play.tables import Table

__all__ = ["CardLayout", "CardTextDoesNotFit", "card_layout", "front_drawing", "back_drawing", "load_deck",
           "reads_otherwise_turned"]


@in_deck_font  # the deck's own font, if it names one (kit/fonts.py)
def front_drawing(face: CardFace, deck: DeckSpec, ink_saver: bool = False) -> Drawing:
    """A card's face: its ground (background, backdrop), then its layers: the named regions
    (the default layout, kit/layout_default.py) unless the deck draws only its own layers,
    then the deck's own (`[[deck.front.layer]]`), each in its box."""
    w, h, b = deck.width, deck.height, deck.bleed
    shapes, frame_ink, panel = card_background(face, deck, ink_saver)
    if names_regions(deck.front) or not deck.front.layers:
        for layer in default_layers(face, deck, frame_ink, panel, ink_saver):
            shapes += draw_layer(layer, layer.box, frame_ink, panel)
    ground = colours.WHITE if ink_saver else face.background  # what the deck's own layers stand on
    own = own_layers(face.layers, deck, frame_ink, ground, ink_saver)  # in the ink saver, by the regions' rule
    if own and deck.white_edges[0] and not ink_saver:  # a layer into the bleed stops at the white edge, as a backdrop
        own = [Group(tuple(own), clip=(b + EDGE, b + EDGE, w - 2 * EDGE, h - 2 * EDGE))]
    shapes += own
    named = face.title or face.value or next((layer.text for layer in face.layers if layer.kind == "text"), "")
    return Drawing(w + 2 * b, h + 2 * b, tuple(shapes), title=named)


EDGE = 2.0  # mm of white inside the trim, round cards printed beside cards of other colours


def card_background(face: CardFace, deck: DeckSpec, ink_saver: bool) -> tuple[list, str, str]:
    """The background shapes, the frame's ink and the panel's colour (ink saver: white, outlined)."""
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    if not ink_saver:
        if deck.white_edges[0]:  # cards of other colours beside it: see with_edges
            inside_edge = (b + EDGE, b + EDGE, w - 2 * EDGE, h - 2 * EDGE)
            return [Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=colours.WHITE), role="card-background"),
                    Rect(*inside_edge, Style(fill=face.background), rx=2.5, role="card-frame")] \
                + ([Group((face.backdrop,), clip=inside_edge)] if face.backdrop else []), face.ink, face.panel
        return [Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=face.background), role="card-background")] \
            + ([face.backdrop] if face.backdrop else []), face.ink, face.panel
    shapes = [Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=colours.WHITE)),
              Rect(b + s / 2, b + s / 2, w - s, h - s, Style(stroke=face.background, stroke_width=0.8), rx=2.5)]
    frame_ink = colours.readable(face.background, colours.WHITE)  # the card's colour, dark enough to read
    return shapes, frame_ink, colours.WHITE


@in_deck_font
def back_drawing(back: CardBack, deck: DeckSpec, ink_saver: bool = False) -> Drawing:
    w, h, b, s = deck.width, deck.height, deck.bleed, deck.safe
    full_w, full_h = w + 2 * b, h + 2 * b
    shapes: list = []
    # nothing runs parallel to the trim (no inset frame): printed on the back of the sheet, a
    # frame would show every millimetre the duplex printer shifts the back against the front
    if ink_saver:
        accent = colours.readable(back.background, colours.WHITE)
        shapes.append(Rect(0, 0, full_w, full_h, Style(fill=colours.WHITE)))
        shapes.append(Group(tuple(pattern(back.pattern, full_w, full_h, colours.lighten(back.background, 0.85))),
                            clip=(0, 0, full_w, full_h), role="card-pattern"))
        ink, panel = accent, colours.WHITE
    elif deck.white_edges[1]:
        shapes.append(Rect(0, 0, full_w, full_h, Style(fill=colours.WHITE), role="card-background"))
        shapes.append(Group((Rect(b + EDGE, b + EDGE, w - 2 * EDGE, h - 2 * EDGE, Style(fill=back.background),
                                  rx=2.5),) + tuple(pattern(back.pattern, full_w, full_h, back.background)),
                            clip=(b + EDGE, b + EDGE, w - 2 * EDGE, h - 2 * EDGE), role="card-pattern"))
        ink, panel = back.ink, colours.darken(back.background, 0.25)
    else:
        shapes.append(Rect(0, 0, full_w, full_h, Style(fill=back.background), role="card-background"))
        shapes.append(Group(tuple(pattern(back.pattern, full_w, full_h, back.background)),
                            clip=(0, 0, full_w, full_h), role="card-pattern"))
        ink, panel = back.ink, colours.darken(back.background, 0.25)
    if back.title:
        size = min(9.0, w * 0.14)
        title = fit.line(b + w / 2, b + h / 2 + size * 0.35, back.title, size=size, max_width=w - 2 * s - 10,
                         min_size=3.0, fill=ink, anchor="middle", bold=True)
        pad = 3.0
        if panel:
            shapes.append(Rect(b + w / 2 - title.length / 2 - pad, b + h / 2 - title.size * 0.65 - pad / 2,
                               title.length + 2 * pad, title.size * 1.3 + pad, Style(fill=panel), rx=3.0))
        shapes.append(title)
    if back.subtitle:  # on a panel of its own too: read across the pattern, its lines cut the words
        line = fit.line(b + w / 2, b + h / 2 + min(9.0, w * 0.14) + 5, back.subtitle, size=3.4,
                        max_width=w - 2 * s - 6, min_size=2.2, fill=ink, anchor="middle")
        if panel:
            shapes.append(Rect(b + w / 2 - line.length / 2 - 1.5, line.y - line.size * 0.95, line.length + 3.0,
                               line.size * 1.35, Style(fill=panel), rx=1.5))
        shapes.append(line)
    return Drawing(full_w, full_h, tuple(shapes), title=back.title or "Card back")


def pattern(kind: str, w: float, h: float, background: str) -> list:
    tone = colours.mix(background, colours.WHITE if colours.luminance(background) < 0.5 else colours.BLACK, 0.14)
    shapes: list = []
    if kind == "stripes":
        step = 5.0
        style = Style(stroke=tone, stroke_width=1.8)
        offset = -h
        while offset < w:
            shapes.append(Line(offset, h, offset + h, 0, style))
            offset += step
    elif kind == "dots":
        step = 5.0
        style = Style(fill=tone)
        rows = int(h / step) + 2
        for r in range(rows):
            cols = int(w / step) + 2
            for c in range(cols):
                shapes.append(Circle(c * step + (step / 2 if r % 2 else 0), r * step, 0.9, style))
    elif kind == "waves":
        step = 6.0
        style = Style(stroke=tone, stroke_width=1.2)
        y = 0.0
        while y < h + step:
            points = tuple((i * 1.5, round(y + 1.6 * math.sin(i * 1.5 / 4.0 * math.pi), 3))
                           for i in range(0, int(w / 1.5) + 2))
            shapes.append(Path(points, style))
            y += step
    return shapes


# -- from components.toml ---------------------------------------------------------------
def load_deck(checks: KitChecks, table: Values) -> Optional[DeckSpec]:
    """A [[deck]]: one card per data row `where` keeps (`quantity` copies), its front and back
    templates filled from the row; None when the deck cannot be made (reported)."""
    name = checks.unique_name(table)
    title = title_of(table, name)
    size = table["size"]
    width, height = CARD_SIZES[size] if isinstance(size, str) else (float(size[0]), float(size[1]))
    data = checks.data_file(table)
    quantity = checks.data_column(table, "quantity", data)
    kept = checks.filtered_rows(table, data)
    front = front_template(checks, table.table("front"), data)
    layered = layer_templates(checks, table.table("front"), data)  # the deck's own layers
    front = replace(front, layers=len(layered or ()))
    back = BackTemplate(**checks.templates(table.table("back"), data, data_failed=data is None))
    check_card_fits(checks, table, width, height, table["bleed"])
    if not data or layered is None:
        return None
    deck = DeckSpec(name, title, width, height, table["bleed"], table["safe"], data, quantity or None, (), front)
    art = art_function(checks, table.table("front"))
    art_box = card_layout(deck).art if art else None  # one layout for the whole deck
    placing = art_placing(checks.source, table.table("front"), front)
    if placing is None:
        return None
    if isinstance(art, str):  # picture files named by the row: checked per row, warnings kept
        templated = ("art", "art_rotate") if isinstance(table.table("front")["art_rotate"], str) else ("art",)
        if not all(checks.picture_columns(table.table("front"), key, data) for key in templated):
            return None
        art = CardPictures(checks.game_dir, art, art_box, checks.warnings, placing=placing)
    backdrop_how = backdrop_placing(checks.source, table.table("front"), front)
    if backdrop_how is None:
        return None
    backdrop = CardPictures(checks.game_dir, front.backdrop, (0.0, 0.0, width + 2 * table["bleed"],
                                                              height + 2 * table["bleed"]),
                            checks.warnings, "card with its bleed", backdrop_how, "backdrop") if front.backdrop else None
    cards = []
    for row in kept:
        count = checks.row_count(data, row, quantity)
        if count is None:
            continue
        face = card_face(checks, front, row, data, table.table("front"), art, art_box, backdrop)
        if face and layered:
            face = layered_face(checks, face, layered, row, data, (width, height, table["bleed"], table["safe"]))
        back_face = card_back(checks, back, row, data, table.table("back"))
        if face and back_face:
            cards.append((Card(row, face, back_face), count))
    deck = replace(deck, cards=tuple(cards))
    if not checks.within_total(table, "cards", sum(count for _card, count in cards)):
        return None
    return deck


def layered_face(checks: KitChecks, face: CardFace, layered: list, row, data: Table,
                 card: tuple[float, float, float, float]) -> Optional[CardFace]:
    """The face with the deck's own layers its row draws, their words added to its description."""
    layers = row_layers(checks, layered, row, data, card)
    if layers is None:
        return None
    words = [w.strip().rstrip(".") for w in spoken_words(layers)]
    said = face.description if face.description != "." else ""  # a front naming no region says nothing
    description = " ".join(part for part in (said, ". ".join(words) + "." if words else "") if part)
    return replace(face, layers=layers, description=description or face.description)


def front_template(checks: KitChecks, table: Values, data: Optional[Table]) -> FrontTemplate:
    """The front's templates and stat boxes; regions that would claim the same place are reported."""
    values = checks.templates(table, data, data_failed=data is None)
    stats, corners = [], {}
    for i, stat in enumerate(table["stats"] or ()):
        at = stat["at"] or ""
        if at and at in corners:
            checks.source.report(table.key("stats") + (i, "at"), f"two stat boxes in the {at} corner",
                                 expected="one stat box per corner", found=f"also stats[{corners[at]}]")
        elif at in ("top-left", "bottom-right") and values["corner"]:
            checks.source.report(table.key("stats") + (i, "at"), f"the {at} corner holds the corner index",
                                 expected="top-right or bottom-left, or no `corner`", found=at)
        corners.setdefault(at, i) if at else None
        stats.append(StatTemplate(at, **checks.templates(stat, data, data_failed=data is None)))
    if table["art"] and (values["icon"] or values["value"]):
        checks.source.report(table.key("art"), "a front with art has no room for an icon or a value",
                             expected="art, or icon and value", found="art and " +
                             " and ".join(k for k in ("icon", "value") if values[k]))
    return FrontTemplate(**values, art=table["art"] or "", stats=tuple(stats),
                         art_rotate=str(table["art_rotate"]))  # a number, or a template (art_placing)


def art_function(checks: KitChecks, table: Values) -> Optional[Callable | str]:
    """The game's art function, or the picture template itself when `art` names picture files."""
    if table["art"] and names_art_file(table["art"]):
        return table["art"]
    return checks.game_function(table, "art", "cardart.face") if table["art"] else None


def drawn_fronts(checks: KitChecks, decks: tuple[DeckSpec, ...]) -> dict:
    """Each distinct front of every deck drawn once, as the kit prints it in colour (white edges
    decided): the kit's artwork keeps them. Text too long for its region is the data row's error."""
    fronts = {}
    for deck in decks:
        for card, _count in deck.cards:
            key = (deck.name, card.front)
            if key in fronts:
                continue
            try:
                fronts[key] = front_drawing(card.front, deck)
            except CardTextDoesNotFit as problem:
                checks.source.errors.append(ContentError(
                    deck.data.path, card.row.line, f"the card's {problem.region} does not fit",
                    expected=f"text that fits {problem.room}", found=problem.text))
    return fronts


def check_card_fits(checks: KitChecks, table: Values, width: float, height: float, bleed: float) -> None:
    for paper in checks.options.papers:
        label, paper_w, paper_h = PAPERS[paper]
        if card_grid(paper_w, paper_h, width, height, bleed).count == 0:
            checks.source.report(table.key("size"), f"the card is larger than the printable area of {label}",
                                 expected=f"a card that fits {paper_w:g} x {paper_h:g} mm with its bleed "
                                          "and crop marks",
                                 found=f"{width:g} x {height:g} mm with {bleed:g} mm bleed")
            return
        if "fold-over" in checks.options.variants and fold_layout(paper_w, paper_h, width, height)[0].count == 0:
            checks.source.report(table.key("size"), f"a fold-over pair of these cards does not fit on {label}",
                                 expected=f"two cards side by side within {paper_w:g} mm",
                                 found=f"{2 * width:g} mm")
            return


def card_face(checks: KitChecks, front: FrontTemplate, row, data: Table, table: Values,
              art: Optional[Callable], art_box: Optional[Box],
              backdrop: Optional[CardPictures] = None) -> Optional[CardFace]:
    """One card's front, its templates filled from `row`; None when the row's values fail (reported)."""
    background = checks.row_colour(front.background, row, data, table, "background")
    ink = checks.row_colour(front.ink, row, data, table, "ink", automatic=True)
    panel = checks.row_colour(front.panel, row, data, table, "panel")
    title_ink = checks.row_colour(front.title_ink, row, data, table, "title_ink", automatic=True)
    title_band = checks.row_colour(front.title_band, row, data, table, "title_band", automatic=True)
    if background is None or ink is None or panel is None or title_ink is None or title_band is None:
        return None
    text = {k: fill(getattr(front, k), row.text) for k in
            ("title", "value", "corner", "icon", "body", "footer")}
    stats = tuple(Stat(s.at, fill(s.label, row.text), fill(s.value, row.text), fill(s.icon, row.text))
                  for s in front.stats)
    for where, name in [("icon", text["icon"])] + [("stat icon", s.icon) for s in stats]:
        if len(name) > 1 and not known(name):  # a built-in or the game's own (draw/inline_icons.py)
            checks.source.errors.append(ContentError(
                data.path, row.line, f"unknown {where} '{name}'", found=name,
                expected=icon_expected()))
            return None
    picture = backdrop.image(row, data, "card-backdrop") if backdrop else None
    if isinstance(picture, ContentError):
        checks.source.errors.append(picture)
        return None
    if isinstance(art, CardPictures):
        drawing = art.art(row, data)
        if isinstance(drawing, ContentError):
            checks.source.errors.append(drawing)
            return None
    else:
        drawing = art_drawing(checks, art, row, data, art_box) if art else None
    if art and drawing is None:
        return None
    words = [text["title"], drawing.title if drawing else text["value"]]
    words += [f"{s.label} {s.value}".strip() for s in stats] + [spoken(text["body"])]  # ":star:" read "star"
    return CardFace(background, ink or colours.ink_on(background), panel, **text, stats=stats, art=drawing,
                    description=". ".join(w.strip().rstrip(".") for w in words if w.strip()) + ".",
                    title_ink=title_ink, title_band=title_band, backdrop=picture)


def art_drawing(checks: KitChecks, art: Callable, row, data: Table, box) -> Optional[Drawing]:
    """The game's art for one row, `art(row, width, height)`: a Drawing, or the row's error."""
    try:
        drawing = art(row, box[2], box[3])
    except Exception as error:  # the game's own code: report it against the row it failed on
        checks.source.errors.append(ContentError(data.path, row.line, "the card's art function failed on this row",
                                                 expected="a Drawing", found=f"{type(error).__name__}: {error}"))
        return None
    if not isinstance(drawing, Drawing):
        checks.source.errors.append(ContentError(data.path, row.line, "the card's art function returned no drawing",
                                                 expected="a generator.draw.shapes.Drawing",
                                                 found=type(drawing).__name__))
        return None
    return drawing


def card_back(checks: KitChecks, back: BackTemplate, row, data: Table, table: Values) -> Optional[CardBack]:
    """One card's back, its templates filled from `row`; None when the row's values fail (reported)."""
    background = checks.row_colour(back.background, row, data, table, "background")
    ink = checks.row_colour(back.ink, row, data, table, "ink", automatic=True)
    if background is None or ink is None:
        return None
    pattern = fill(back.pattern, row.text).strip() or "none"
    if pattern not in BACK_PATTERNS:
        templated = "{" in back.pattern
        checks.source.errors.append(ContentError(
            data.path if templated else checks.source.path,
            row.line if templated else checks.source.line_of(table.key("pattern")),
            f"unknown back pattern '{pattern}'", expected=" | ".join(BACK_PATTERNS), found=pattern))
        return None
    return CardBack(background, ink or colours.ink_on(background), fill(back.title, row.text),
                    fill(back.subtitle, row.text), pattern)


def shop_cards(deck: DeckSpec, safe_mm: float = 0.0) -> tuple[list[Drawing], list[Drawing]]:
    """Every card of the deck in order (every edition's), fronts and backs drawn for a shop
    that die-cuts each card: no white edge nor its rounded corners (those serve scissors on a
    shared sheet, see with_edges; a shop would print them as an uneven white border), the
    background and art to the bleed's edge, text inside a safe area at least `safe_mm` (the
    shop's cut wanders by its own margin). Each distinct face drawn once, as the kit does.
    Raises CardTextDoesNotFit where the wider safe area leaves a text no room."""
    drawn = replace(deck, white_edges=(False, False), safe=max(deck.safe, safe_mm))
    faces: dict = {}
    fronts, backs = [], []
    for card in deck.instances(None):
        if ("front", card.front) not in faces:
            try:
                faces[("front", card.front)] = front_drawing(card.front, drawn)
            except CardTextDoesNotFit as problem:
                problem.card = card  # the row to name: the exports' preflight reports it there
                raise
        if ("back", card.back) not in faces:
            faces[("back", card.back)] = back_drawing(card.back, drawn)
        fronts.append(faces[("front", card.front)])
        backs.append(faces[("back", card.back)])
    return fronts, backs


def with_edges(decks: tuple[DeckSpec, ...]) -> tuple[DeckSpec, ...]:
    """Decks whose cards share sheets (one size and bleed: build.runs_of_one_size) share cut
    lines: where their fronts (or backs) are not all one colour, a cut a little off the line
    would leave a strip of the neighbour's colour, so those faces get a white edge."""
    def key(deck: DeckSpec) -> tuple:
        return (deck.width, deck.height, deck.bleed)

    def varied(side: str, deck: DeckSpec) -> bool:
        # a picture behind the cards is a ground as varied as a colour: a strip of the next card's shows as much
        # and so is a layer that reaches the trim's edge (a picture or band to the bleed)
        return len({(getattr(card, side).background, getattr(getattr(card, side), "backdrop", None),
                     at_the_edge(getattr(getattr(card, side), "layers", ()), other))
                    for other in decks if key(other) == key(deck) for card, _count in other.cards}) > 1

    return tuple(replace(deck, white_edges=(varied("front", deck), varied("back", deck))) for deck in decks)
