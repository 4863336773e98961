"""Punch-out tokens as drawings: a round or square piece with a big label or icon
and an optional caption, in a fixed colour or in each player's colour. The outer
outline is the cut line.

`load_token` makes a [[token]] set of components.toml into a `TokenSpec` from its
validated values: items listed in the file or one per data row, or the game's own
drawing of each piece. A set may be printed in a font game.toml declares (`font`): its labels
are measured and set in it, and checked against it first (kit/fonts.py)."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.fonts import GameFont, texts_of
from generator.draw.inksaver import ink_saver as saving_ink
from generator.draw.shapes import Circle, Drawing, Group, Rect, Style
from generator.draw import colour as colours
from generator.errors import ContentError
from generator.i18n.interface import gettext
from generator.kit import text as fit
from generator.kit.checks import KitChecks, title_of
from generator.kit.data import fill
from generator.kit.fonts import glyph_problem, in_spec_font, named_font
from generator.kit.pictures_parts import placed, proportional_height
from generator.kit.spec import DEFAULT_PLAYERS, Player, TokenItem, TokenSpec

CUT = Style(stroke="#222222", stroke_width=0.3)
OUTLINE_OVERHANG = CUT.stroke_width / 2  # the cut line's stroke is centred on the outline: half lies outside


@in_spec_font  # the set's own font, if it names one (kit/fonts.py)
def token_drawing(spec: TokenSpec, item: TokenItem, player: Player | None = None,
                  ink_saver: bool = False) -> Drawing:
    s = spec.size
    colour = player.colour if player is not None else item.fill
    if ink_saver:
        fill = colours.WHITE
        accent = colours.readable(colour, colours.WHITE)  # its own colour, dark enough to read on white
        ink = accent
        ring = Style(stroke=accent, stroke_width=min(1.2, s * 0.05))
    else:
        fill = colour
        ink = item.ink or colours.ink_on(colour)
        ring = Style(stroke=colours.mix(colour, ink, 0.35), stroke_width=min(0.6, s * 0.03))
    shapes: list = []
    inset = max(1.0, s * 0.07)
    if spec.shape == "round":
        shapes.append(Circle(s / 2, s / 2, s / 2, Style(fill=fill, stroke=CUT.stroke, stroke_width=CUT.stroke_width),
                             role="cut-line"))
        shapes.append(Circle(s / 2, s / 2, s / 2 - inset, ring))
        usable = s * 0.68
    else:
        shapes.append(Rect(0, 0, s, s, Style(fill=fill, stroke=CUT.stroke, stroke_width=CUT.stroke_width),
                           role="cut-line"))
        shapes.append(Rect(inset, inset, s - 2 * inset, s - 2 * inset, ring, rx=s * 0.06))
        usable = s * 0.8
    primary = item.icon or item.label
    secondary = item.label if item.icon else ""
    caption = item.caption
    if player is not None and not caption and not secondary:
        caption = player.name
    small = [t for t in (secondary, caption) if t]
    big = s * (0.42 if not small else (0.38 if item.icon else 0.32))
    if primary:
        y = s / 2 + big * 0.36 - (len(small) * s * 0.07)
        shapes.append(fit.line(s / 2, y, primary, size=big, max_width=usable, min_size=big * 0.35, fill=ink,
                               anchor="middle", bold=not item.icon, strict=True))
        below = y + s * 0.15
    else:
        below = s / 2
    for i, text in enumerate(small):
        size = s * (0.15 if i == 0 and secondary else 0.12)
        shapes.append(fit.line(s / 2, below + i * s * 0.14, text, size=size, max_width=usable * 0.95,
                               min_size=min(size, LEGIBLE_MM), fill=ink, anchor="middle",
                               bold=bool(i == 0 and secondary), strict=True))
    return Drawing(s, s, tuple(shapes), title=spec.title_of(player, item.caption or item.label))


def token_drawings(spec: TokenSpec, players: tuple[Player, ...], ink_saver: bool = False) -> list[Drawing]:
    """Every physical token of the spec, in order (player by player when per player)."""
    return [drawing for group in token_sets(spec, players, ink_saver) for drawing in group]


def token_sets(spec: TokenSpec, players: tuple[Player, ...], ink_saver: bool = False) -> list[list[Drawing]]:
    """The tokens in the sets a player sorts them into, which the packer keeps together: one
    player's pieces (a team) when per player, else all of the spec's (the six baddies).
    A label that does not fit whole raises LabelDoesNotFit (never a cut "Red skydi…")."""
    owners = players if spec.per_player else (None,)
    pieces = dict(spec.pieces)
    lines = 0  # one layout for the set: room for the longest name's lines under every piece
    for index, item in enumerate(spec.items):
        try:
            lines = max(lines, len(caption_lines(spec, item)))
        except fit.TextDoesNotFit as problem:
            piece = next((drawing for (_owner, i), drawing in spec.pieces if i == index), None)
            raise LabelDoesNotFit(spec, problem.text, size_that_fits(spec, item, piece, None)) from None
    sets = []
    for owner in owners:
        group: list[Drawing] = []
        for index, item in enumerate(spec.items):
            piece = pieces.get((owner.name if owner else "", index))
            try:
                drawing = (piece_token(spec, item, piece, owner, ink_saver, lines) if piece is not None
                           else token_drawing(spec, item, owner, ink_saver))
            except fit.TextDoesNotFit as problem:
                raise LabelDoesNotFit(spec, problem.text, size_that_fits(spec, item, piece, owner)) from None
            group.extend([drawing] * item.count)
        sets.append(group)
    return sets


class LabelDoesNotFit(ValueError):
    """A token's label that would have to be cut or shrunk below legible: `size` is the
    smallest token (mm) that holds it whole (0: none up to the largest token)."""

    def __init__(self, spec: TokenSpec, label: str, size: int):
        super().__init__(f"token {spec.name}: “{label}” does not fit a {spec.size:g} mm token")
        self.spec, self.label, self.size = spec, label, size


def size_that_fits(spec: TokenSpec, item: TokenItem, piece: Drawing | None, owner: Player | None) -> int:
    """The smallest whole size (mm) at which the item's label fits its token whole."""
    for size in range(math.ceil(spec.size), MAX_TOKEN + 1):
        bigger = replace(spec, size=float(size))
        try:
            if piece is not None:
                piece_token(bigger, item, piece, owner)
            else:
                token_drawing(bigger, item, owner)
        except fit.TextDoesNotFit:
            continue
        return size
    return 0


CAPTION_MM = 2.3  # 6.5 pt: a caption a player reads on the table
LEGIBLE_MM = 6 / 72 * 25.4  # 6 pt, the least type size preflight passes on paper
CAPTION_LINES = 2  # a piece's name under it: one line, or two for a long name
MAX_TOKEN = 120  # mm, the largest token the loader accepts


@in_spec_font  # the set's own font, if it names one (kit/fonts.py)
def caption_lines(spec: TokenSpec, item: TokenItem) -> list[str]:
    """A piece token's name under the piece: one line, or two for a long name (more is refused:
    the label would not fit whole)."""
    label = item.caption or item.label
    if not label:
        return []
    lines = fit.wrap(label, spec.size * 0.78, CAPTION_MM)
    if len(lines) > CAPTION_LINES or any(fit.width(line, CAPTION_MM) > spec.size * 0.78 for line in lines):
        raise fit.TextDoesNotFit(label, f"{CAPTION_LINES} lines of {spec.size * 0.78:.1f} mm")
    return lines


@in_spec_font  # the set's own font, if it names one (kit/fonts.py)
def piece_token(spec: TokenSpec, item: TokenItem, piece: Drawing, player: Player | None,
                ink_saver: bool = False, room_lines: int = 1) -> Drawing:
    """The game's own drawing of the piece (the one its diagrams show), as large as the token
    allows above its name, on plain paper inside the cut line."""
    s = spec.size
    outline = Style(fill=colours.WHITE, stroke=CUT.stroke, stroke_width=CUT.stroke_width)
    cut = (Circle(s / 2, s / 2, s / 2, outline, role="cut-line") if spec.shape == "round"
           else Rect(0, 0, s, s, outline, role="cut-line"))
    label = item.caption or item.label
    lines = caption_lines(spec, item)
    under = CAPTION_MM * (0.3 + 1.2 * max(room_lines, len(lines))) if lines else 0.0
    room = s * (0.66 if spec.shape == "round" else 0.74) - under  # the piece's height
    scale = room / max(piece.width, piece.height)
    top = (s - room - under) / 2
    drawn = saving_ink(piece) if ink_saver else piece
    shapes: list = [cut, Group(drawn.shapes, dx=(s - piece.width * scale) / 2,
                                dy=top + (room - piece.height * scale) / 2, scale=scale, role="piece")]
    first = top + room + CAPTION_MM * (1.1 + 0.6 * (max(room_lines, len(lines)) - len(lines)))  # centred
    for number, text in enumerate(lines):
        shapes.append(fit.line(s / 2, first + CAPTION_MM * 1.2 * number, text, size=CAPTION_MM,
                               max_width=s * 0.78, min_size=CAPTION_MM, fill="#1b1b1b", anchor="middle"))
    return Drawing(s, s, tuple(shapes), title=spec.title_of(player, label))


# -- from components.toml ---------------------------------------------------------------
def load_token(checks: KitChecks, table: Values) -> Optional[TokenSpec]:
    """A [[token]] set: items listed in the file or one per data row, or the game's own pieces."""
    name = checks.unique_name(table)
    title = title_of(table, name)
    if table["size"] > 120:
        checks.source.report(table.key("size"), "a token is larger than the page allows",
                             expected="at most 120 mm", found=f"{table['size']:g} mm")
    from_data = "data" in table.given
    font = named_font(checks, table)
    items = token_items_from_data(checks, table, font) if from_data else []
    for entry in table["items"]:
        item = TokenItem(entry["label"], entry["caption"], entry["icon"], entry["count"],
                         checks.colour(entry, "fill"), checks.colour(entry, "ink", automatic=True),
                         name=checks.source_words.get(entry["label"], ""))
        where = (checks.source.path, checks.source.line_of(entry.key("picture")) or 1)
        problem = item_glyphs(font, item)
        if problem:
            checks.source.report(entry.key(problem[0]), problem[1], expected=problem[2], found=problem[3])
        items.append(with_picture(checks, table, item, entry["picture"], where, font))
    if not items and not from_data:
        checks.source.report(table.key("items"), "a token set needs at least one item",
                             expected="items = [{ label = \"...\", count = 1 }]", found="no items")
    if not checks.within_total(table, "tokens", sum(item.count for item in items)
                               * (len(checks.options.players or DEFAULT_PLAYERS) if table["per_player"] else 1)):
        return None
    if table["drawing"] and any(item.picture for item in items):
        checks.source.report(table.key("drawing"), "a token set the game draws shows no pictures",
                             expected="`drawing`, or pictures on the items", found="both")
    pieces = token_pieces(checks, table, items) if table["drawing"] else picture_pieces(checks, table, items)
    size_at = table.key("size") if "size" in table.given else table.at  # the default size: the table's header
    if font is not None:
        set_glyphs(checks, table, font, pieces)
    _ = gettext(checks.language)
    return TokenSpec(name, title, table["shape"], table["size"], table["per_player"], tuple(items), pieces,
                     checks.source.line_of(size_at), font=font.ref if font else None,
                     owned=_("%(player)s %(piece)s"))  # a player's piece: "Red Wizard"


def item_glyphs(font: Optional[GameFont], item: TokenItem) -> Optional[tuple[str, str, str, str]]:
    """(key, message, expected, text) of the first character of the item's texts the set's font
    lacks (its label bold on a token, regular under a piece), or None."""
    if font is None:
        return None
    for key, text, bold in (("label", item.label, True), ("label", item.label, False),
                            ("caption", item.caption, False), ("icon", item.icon, False)):
        problem = glyph_problem(font, [(key, text, bold)], "the token's ") if text else None
        if problem:
            return (key, *problem)
    return None


def set_glyphs(checks: KitChecks, table: Values, font: GameFont, pieces: tuple) -> None:
    """The players' names (a token's caption when it has none) and the words of the game's piece
    drawings against the set's font, a character it lacks an error at `font`'s line."""
    names = [("player's name", player.name, False) for player in checks.options.players] if table["per_player"] \
        else []
    words = [("piece's drawing", text.text, text.bold) for _key, drawing in pieces for text in texts_of(drawing.shapes)]
    problem = glyph_problem(font, names + words, "the token's ")
    if problem:
        checks.source.report(table.key("font"), problem[0], expected=problem[1], found=problem[2])


def token_pieces(checks: KitChecks, table: Values, items: list[TokenItem]) -> tuple:
    """The game's drawing of each piece, `drawing(label, colour)`: the piece its diagrams
    draw, in the player's colour (or the item's fill), for the kit to print as the token."""
    draw = checks.game_function(table, "drawing", "drawing.kit_piece")
    if draw is None:
        return ()
    owners = checks.options.players if table["per_player"] else (None,)
    pieces = []
    for owner in owners:
        for index, item in enumerate(items):
            # the game's code keys on its own words: a translation's token is drawn as the source's
            drawing = checks.drawn(table, "token", draw, item.name or item.label, owner.colour if owner else item.fill)
            if drawing is None:
                return ()
            pieces.append(((owner.name if owner else "", index), drawing))
    return tuple(pieces)


def token_items_from_data(checks: KitChecks, table: Values, font: Optional[GameFont] = None) -> list[TokenItem]:
    """One item per data row `where` keeps, `item`'s templates filled from the row."""
    data = checks.data_file(table)
    quantity = checks.data_column(table, "quantity", data)
    if quantity != table["quantity"]:  # the data has no such column (reported)
        return []
    rows = checks.filtered_rows(table, data)
    if table["item"] is None:
        if "item" not in table.given:  # with `data`, `item` says what each row makes
            checks.source.report_missing(table.key("item"), table.field("item"))
        return []
    item = table["item"]
    templates = checks.templates(item, data, data_failed=data is None)
    items = []
    for row in rows:
        count = checks.row_count(data, row, quantity)
        fill_colour = checks.row_colour(templates["fill"], row, data, item, "fill")
        ink = checks.row_colour(templates["ink"], row, data, item, "ink", automatic=True)
        if count is None or fill_colour is None or ink is None:
            continue
        made = TokenItem(fill(templates["label"], row.text), fill(templates["caption"], row.text),
                         fill(templates["icon"], row.text), count, fill_colour, ink,
                         name=fill(checks.source_words.get(templates["label"], templates["label"]), row.source))
        problem = item_glyphs(font, made)
        if problem:
            checks.source.errors.append(ContentError(data.path, row.line, problem[1], expected=problem[2],
                                                     found=problem[3]))
        items.append(with_picture(checks, table, made, fill(templates["picture"], row.text), (data.path, row.line),
                                  font))
    if data and not items and not checks.source.errors:
        checks.source.report(table.key("where"), "no data row is left to make tokens from",
                             expected="at least one row", found="none")
    return items



# -- pictures on tokens ----------------------------------------------------------------------
def with_picture(checks: KitChecks, table: Values, item: TokenItem, name: str, where: tuple,
                 font: Optional[GameFont] = None) -> TokenItem:
    """The item with its picture (`picture`), sized as the token prints it: drawn like a game's
    piece (piece_token), whole, above its name. Problems are reported at `where` (file, line)."""
    name = name.strip()
    if not name:
        return item
    spec = TokenSpec("", "", table["shape"], table["size"], False, (item,), font=font.ref if font else None)
    try:
        lines = len(caption_lines(spec, item))
    except fit.TextDoesNotFit:
        lines = CAPTION_LINES  # load_token's layout reports the label
    under = CAPTION_MM * (0.3 + 1.2 * lines) if lines else 0.0
    room = max(1.0, table["size"] * (0.66 if table["shape"] == "round" else 0.74) - under)
    width = height = room
    ratio = proportional_height(checks, name, 1.0)
    if ratio > 1:
        width = round(room / ratio, 6)
    else:
        height = round(room * ratio, 6)
    picture = placed(checks, name, (0.0, 0.0, width, height), "token", where, fit="contain")
    return replace(item, picture=Drawing(width, height, (picture,), title=item.caption or item.label)) \
        if picture else item


def picture_pieces(checks: KitChecks, table: Values, items: list[TokenItem]) -> tuple:
    """Each item with a picture drawn as a piece token draws the game's piece, for every owner."""
    if any(item.picture for item in items):
        owners = checks.options.players if table["per_player"] else (None,)
        return tuple(((owner.name if owner else "", index), item.picture) for owner in owners
                     for index, item in enumerate(items) if item.picture)
    return ()
