"""components.toml, declared: every table's keys, types, defaults and allowed
values, checked by the same `validate` as game.toml (generator.content.schema).

This is the one declaration of the format; docs/kit.md describes it for authors,
and tests/kit/test_kit_reference.py holds the two together (every key here is in
the reference with its type, and the reference names no key this lacks).
Validation collects every problem at once, each as file:line, expected, found.

What a declaration cannot say is checked after it, by the module that makes each
kind of component (generator.kit.load hands them the validated tables) through
the same `Source`: template fields against data columns, colour names against
[kit].colours, one map source per board, map widths, quantities, sizes against
the paper.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from generator.content.schema import Check, Field, Problem, Schema
from generator.errors import describe_value, did_you_mean
from generator.draw.colour import is_hex
from generator.kit.data import template_fields
from generator.kit.spec import CARD_SIZES, CORNERS, PAPERS, VARIANTS

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MILLIMETRES = "a number of millimetres"
COLOUR = "a colour: #rrggbb or a name from [kit].colours"  # names are checked by kit.checks
COLOUR_OR_AUTOMATIC = "a colour, or \"\" for automatic"
TEMPLATE = "text or a template like \"{name}\""
DATA_FILE = "a file in the game folder, e.g. \"deck.csv\""
DATA_COLUMN = "a column of the data"
DICE = (4, 6, 8, 10, 12, 20)  # the dice a virtual table has (Tabletop Simulator's Die_4 ... Die_20)
DIE_SIDES = "the die's sides: 4, 6, 8, 10, 12 or 20"

# Limits no real kit meets (docs/kit.md, "Limits"): past them a number is a slip (1e9 copies,
# a 1,000 x 1,000 grid), and the kit would take hours and gigabytes to lay out.
MAX_LENGTH = 2000.0  # mm: two metres, beyond any table; the largest printed wargame maps are ~1.1 m
MAX_COUNT = 1000  # copies of one card, token or sheet, cards of a deck, tokens of a set, spaces of a track
MAX_NAME = 64  # a component's name: its files' names add to it and stop at 255 bytes
MAX_BOARD_SIDE = 48  # cells across or down a grid or hex map (Go is 19, large wargame hex maps ~40 x 30);
# preflight grows faster than the cells beyond (48 x 48: 4.5 s, 64 x 64: minutes)


# -- checks ----------------------------------------------------------------------
def rule(holds: Callable[[Any], bool], failure: str, describe: str) -> Check:
    """A check: a value for which `holds` is false "{key} <failure>"."""
    def check(value) -> Problem | None:
        return None if holds(value) else Problem("{key} " + failure, expected=describe, found=describe_value(value))
    return check


def valid_template(value: str) -> Problem | None:
    """A template is a plain format string; its fields are checked against the data later."""
    try:
        template_fields(value)
    except ValueError as problem:
        return Problem(f"{{key}} is not a valid template: {problem}", expected="text with {column} fields",
                       found=repr(value))
    return None


def number_or_template(value) -> Problem | None:
    """A whole number as itself, or text as a template (kit/pictures checks either's value)."""
    return valid_template(value) if isinstance(value, str) else None


def template_keys(schema: Schema) -> tuple[str, ...]:
    """The keys a schema declares as templates (checked against the data by kit.checks)."""
    return tuple(key for key, field in schema.fields.items() if field.check is valid_template)


def card_size(value: str | list) -> Problem | None:
    if isinstance(value, str):
        if value in CARD_SIZES:
            return None
        return Problem(f"unknown card size preset '{value}'", expected=" | ".join(CARD_SIZES) + " | [width, height]",
                       found=value, hint=did_you_mean(value, CARD_SIZES))
    if len(value) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in value):
        if min(value) < MIN_CARD_MM:  # below it no title, margin and safe area fit: say so, not a layout's sums
            return Problem(f"a card smaller than {MIN_CARD_MM:g} mm on a side has no room for its text",
                           expected=f"[width, height] in mm, each at least {MIN_CARD_MM:g} "
                                    "(the smallest cards printed, 25 x 35 mm)",
                           found=describe_value(value))
        return None
    return Problem("a custom card size is two positive numbers", expected="[width, height] in mm",
                   found=describe_value(value))


MIN_CARD_MM = 25.0


# -- kinds of field --------------------------------------------------------------
def name(example: str) -> Field:
    describe = f"a slug, e.g. \"{example}\""
    return Field(str, required=True, describe=describe,
                 check=rule(lambda v: SLUG.match(v) and len(v) <= MAX_NAME, f"must be a slug (lowercase letters, "
                            f"digits, hyphens; at most {MAX_NAME})", describe))


def text(default: str | None = "", describe: str = "text", required: bool = False) -> Field:
    return Field(str, required=required, default=default, describe=describe)


def texts(describe: str = "a list of texts", required: bool = False) -> Field:
    return Field(list, required=required, default=list, items=str, describe=describe)


def at_most(maximum: float, unit: str, low: Check) -> Check:
    """`low`, the check of a value's lower bound, then the limit above (docs/kit.md, "Limits")."""
    def check(value) -> Problem | None:
        if value > maximum:
            return Problem(f"{{key}} is more than {maximum:,g}{unit}, the most a kit allows (docs/kit.md, Limits)",
                           expected=f"at most {maximum:,g}{unit}", found=describe_value(value))
        return low(value)
    return check


def millimetres(default: float, zero: bool = False) -> Field:
    """A length: more than 0 (or at least 0, for margins like bleed), and at most MAX_LENGTH."""
    if zero:
        low = rule(lambda v: v >= 0, "must be at least 0", MILLIMETRES)
    else:
        low = rule(lambda v: v > 0, "must be more than 0", MILLIMETRES)
    return Field(float, default=default, describe=MILLIMETRES, check=at_most(MAX_LENGTH, " mm", low))


def whole(default: int | None, describe: str, minimum: int = 1, maximum: int = MAX_COUNT) -> Field:
    return Field(int, default=default, describe=describe,
                 check=at_most(maximum, "", rule(lambda v: v >= minimum, f"must be at least {minimum}", describe)))


def flag(default: bool) -> Field:
    return Field(bool, default=default, describe="true or false")


def choice(default: str, *choices: str) -> Field:
    return Field(str, default=default, choices=choices, describe=" | ".join(repr(c) for c in choices))


def colour(default: str) -> Field:
    return Field(str, default=default, describe=COLOUR)


def template(default: str = "") -> Field:
    return Field(str, default=default, describe=TEMPLATE, check=valid_template)


def table(schema: Schema, describe: str = "a table", required: bool = False) -> Field:
    return Field(dict, required=required, schema=schema, describe=describe)


def tables(schema: Schema, describe: str = "a list of tables") -> Field:
    return Field(list, default=list, items=Field(dict, schema=schema), describe=describe)


def keys(**fields: Field) -> Schema:
    """A table of components.toml: messages list its keys in the order of the format's description."""
    return Schema(fields, ordered=True)


# -- the tables ------------------------------------------------------------------
PLAYER = keys(name=text(None, "the player's colour name, e.g. \"Red\"", required=True), colour=colour("#888888"))
PLAYERS_FROM_DATA = keys(data=text(None, DATA_FILE, required=True), name=template(), colour=template("#888888"))

KIT = keys(
    papers=Field(list, default=lambda: ["a4", "letter"], items=Field(str, choices=tuple(PAPERS)),
                 describe="a list of \"a4\" and/or \"letter\""),
    variants=Field(list, default=lambda: ["print", "ink-saver"], items=Field(str, choices=VARIANTS),
                   describe="a list of \"print\", \"ink-saver\", \"fold-over\""),
    colours=Field(dict, default=dict, describe="a table of name = \"#rrggbb\"", schema=Schema({}, entry=Field(
        str, describe="\"#rrggbb\"", check=rule(is_hex, "is not #rgb or #rrggbb", "\"#rrggbb\"")))),
    players=Field((list, dict), default=list, items=Field(dict, schema=PLAYER), schema=PLAYERS_FROM_DATA,
                  describe="a list of { name, colour } tables, or { data, name, colour } templates"),
    setup=table(keys(players=Field(int, required=True, describe="how many players the picture sets up, e.g. 4",
                                   check=rule(lambda v: v >= 1, "must be at least 1", "a whole number from 1")),
                     caption=text("")),
                "{ players = 4 }: the cover pictures the start position, as the game's engine draws it"),
    cover=text(None, "a PNG or JPEG file in the game folder, shown on the cover, e.g. \"art/cover.png\""),
)

EDITION = keys(
    name=name("beginner"),
    title=text(None),
    column=text(None, "a column of the decks' data, e.g. \"set\"", required=True),
    values=texts("a list of the column's values to keep", required=True),
    adds_to=text("", "the name of another edition: this kit holds only what it adds to that one"),
)

KIND = keys(name=text(), label=text(), fill=colour("#ffffff"),
            ink=Field(str, default="", describe=COLOUR_OR_AUTOMATIC), outside=flag(False))
CELLS = keys(
    data=text(None, DATA_FILE, required=True),
    column=text(None, "a column of the data holding whole numbers from 1", required=True),
    row=text(None, "a column of the data holding whole numbers from 1", required=True),
    rows_from=choice("top", "top", "bottom"),  # one default for every board and key: as the map reads
)
COORDINATES = keys(columns=choice("letters", "letters", "numbers"), rows=choice("numbers", "letters", "numbers"),
                   rows_from=choice("top", "top", "bottom"))
SIDE = keys(colour=text("", "a player name from [kit].players, or a colour"), label=text())
SIDES = keys(**{side: table(SIDE, "a table { colour, label }") for side in ("top", "bottom", "left", "right")})
EDGES = keys(**{side: text("", "\"wrap\" or a label") for side in ("left", "right", "top", "bottom")})

BOARD = keys(
    name=name("board"),
    title=text(None),
    cell=millimetres(25.0),
    # or the game's own drawing of its board (the one its diagrams use), at this cell size
    drawing=text(None, "a drawing function of the game folder: \"module.function\", e.g. \"drawing.kit_board\""),
    # the map: exactly one of map, map_file, cells and rows (MAP_SOURCES; kit.maps checks which)
    map=text(None, "the map text, one line per row"),
    map_file=text(None, "a text file in the game folder, e.g. \"board.txt\""),
    cells=table(CELLS, "a table { data, column, row, rows_from }"),
    rows=whole(None, "the number of rows", maximum=MAX_BOARD_SIDE),
    columns=whole(None, "the number of columns", maximum=MAX_BOARD_SIDE),
    mask=choice("none", "none", "diamond"),
    blank=Field(str, default="-", describe="one character",
                check=rule(lambda v: len(v) == 1, "must be one character", "one character")),
    kinds=Field(dict, default=dict, schema=Schema({}, entry=table(KIND))),  # map character -> kind
    coordinates=Field((str, dict), schema=COORDINATES, describe="a table { columns, rows, rows_from }, or \"none\"",
                      check=lambda v: None if isinstance(v, dict) or v == "none"
                      else "\"none\", or a table { columns, rows, rows_from }"),
    edges=table(EDGES),
    line=colour("#333333"),
    legend=flag(True),
    # a map's named regions (kit.regions): one row per map character, read by play.tables.map_regions
    regions=table(keys(data=text(None, "a data file declared in game.toml, e.g. \"regions.csv\": columns key "
                                       "(the map character), name, and optionally colour", required=True)),
                  "{ data = \"regions.csv\" }: the map's named regions"),
    # other kinds of board (kit.points, kit.hexes, kit.tracks, draw.svgimport)
    kind=choice("grid", "grid", "points", "hex", "track", "artwork"),
    points=Field((list, dict), default=list, items=Field(dict, schema=keys(
        name=text(None, "the point's name, e.g. \"a1\"", required=True),
        x=Field(float, required=True, describe="a number of cells from the left"),
        y=Field(float, required=True, describe="a number of cells from the top"),
        start=text("", "a player name from [kit].players, or a colour"), label=text())),
        schema=keys(data=text(None, "a data file declared in game.toml, e.g. \"points.csv\"", required=True)),
        describe="a list of { name, x, y, start, label } tables, or { data = \"points.csv\" }"),
    lines=Field((list, dict), default=list, items=Field(list, items=str, describe="a list of point names"),
                schema=keys(data=text(None, "a data file declared in game.toml, e.g. \"lines.csv\"", required=True)),
                describe="a list of lines, each a list of two or more point names, or { data = \"lines.csv\" }"),
    names=flag(True),
    orientation=choice("pointy", "pointy", "flat"),
    layout=choice("offset", "offset", "axial"),
    sides=table(SIDES, "a table of sides (top, bottom, left, right), each { colour, label }"),
    spaces=whole(None, "the number of spaces on the track (left out: up to the last space its data lists)"),
    first=whole(0, "the number of the first space", minimum=0),
    along=choice("edge", "edge", "rows", "spiral"),
    data=text(None, "a data file of the track's special spaces declared in game.toml, e.g. \"track.csv\""),
    start=text("", "the name printed on the first space, e.g. \"Start\""),
    finish=text("", "the name printed on the last space, e.g. \"Finish\""),
    arrows=flag(False),
    every=whole(5, "how often a space is tinted and its number bold (0: never)", minimum=0),
    fill=colour("#f2c14e"),
    art=text(None, "an SVG, PNG or JPEG file in the game folder, e.g. \"board.svg\""),
    width=millimetres(200.0),
    height=Field(float, default=0.0, describe="a number of millimetres (0: in proportion to the width)",
                 check=at_most(MAX_LENGTH, " mm", rule(lambda v: v >= 0, "must be at least 0", MILLIMETRES))),
)

# A board's map comes from exactly one of these keys (a grid or hex board).
MAP_SOURCES = ("map", "map_file", "cells", "rows")
# The keys each kind of board reads besides name, title, cell and kind ("drawing": a board the
# game draws). Any other key an author writes would silently do nothing, so it is an error.
BOARD_KIND_KEYS = {
    "grid": {"map", "map_file", "cells", "rows", "columns", "mask", "blank", "kinds", "coordinates", "edges",
             "line", "legend", "regions"},
    "hex": {"map", "map_file", "cells", "rows", "columns", "mask", "blank", "kinds", "coordinates", "line",
            "orientation", "layout", "sides", "legend", "regions"},
    "points": {"points", "lines", "line", "names", "legend"},
    "track": {"spaces", "columns", "rows", "first", "along", "every", "fill", "line", "data", "start", "finish",
              "arrows", "legend"},
    "artwork": {"art", "width", "height"},
    "drawing": {"drawing"},
}
BOARD_COMMON_KEYS = {"name", "title", "cell", "kind"}

# -- a card front's own layers ([[deck.front.layer]], kit/layers_load.py) ----------------------
LAYER_KINDS = ("text", "picture", "icon", "shape")
LAYER_AREAS = ("trim", "bleed", "safe")
BUILT_IN_FONT = "sans"  # the kit's own family (DejaVu Sans, embedded); any other name is a font game.toml declares
DECLARED_FONT = "a font game.toml's [fonts] declares, e.g. \"display\""
FONT_NAME = ("\"sans\" (the kit's DejaVu Sans) or a font game.toml's [fonts] declares, e.g. \"display\"; "
             "\"\" for the deck's")
LAYER_BOX = ("\"trim\", \"bleed\" or \"safe\", or [x, y, width, height] from the trim's top-left corner, "
             "each in mm or a share of the trim like \"50%\"")
TYPE_SIZE = "a type size in points, e.g. 9, or the range it may shrink within, [least, largest], e.g. [6, 9]"


def layer_box(value) -> Problem | None:
    """A box: one of the card's areas, or four sides, each millimetres or a share ("50%")."""
    if isinstance(value, str):
        return None if value in LAYER_AREAS else Problem(
            "{key} is not one of the card's areas", expected=LAYER_BOX, found=describe_value(value),
            hint=did_you_mean(value, LAYER_AREAS))
    sides = [box_side(side) for side in value] if len(value) == 4 else []
    if len(sides) != 4 or None in sides:
        return Problem("{key} is not a box", expected=LAYER_BOX, found=describe_value(value))
    if any(amount <= 0 for amount, _share in sides[2:]):
        return Problem("{key} has no room: its width and height must be more than 0", expected=LAYER_BOX,
                       found=describe_value(value))
    return None


def box_side(side) -> tuple[float, bool] | None:
    """(amount, whether it is a share of the trim) of one side of a box, or None."""
    if isinstance(side, (int, float)) and not isinstance(side, bool) and abs(side) <= MAX_LENGTH:
        return float(side), False
    if isinstance(side, str) and re.fullmatch(r"-?\d+(\.\d+)?%", side.strip()):
        return float(side.strip()[:-1]) / 100, True
    return None


def type_size(value) -> Problem | None:
    sizes = value if isinstance(value, list) else [value]
    numbers = [v for v in sizes if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if len(sizes) not in (1, 2) or len(numbers) != len(sizes):
        return Problem("{key} is not a type size", expected=TYPE_SIZE, found=describe_value(value))
    if not all(2 <= v <= 300 for v in numbers) or numbers != sorted(numbers):
        return Problem("{key} is not a type size from 2 to 300 pt, least first", expected=TYPE_SIZE,
                       found=describe_value(value))
    return None


def rows_matching(what: str) -> Field:
    """A layer's `when` or `unless`: data naming rows, not code (kit/layers_load.py)."""
    return Field(dict, default=dict, describe=f"a table of column = value, or column = [values]: the rows that {what}",
                 schema=Schema({}, entry=Field((str, list), items=str, describe="a value or a list of values")))


LAYER = keys(
    kind=Field(str, required=True, choices=LAYER_KINDS, describe=" | ".join(repr(k) for k in LAYER_KINDS)),
    box=Field((str, list), default="trim", check=layer_box, describe=LAYER_BOX),
    when=rows_matching("draw the layer"),
    unless=rows_matching("do not draw the layer"),  # `when`'s "not": both given, a row must pass both
    rotate=Field(float, default=0.0, describe="degrees clockwise about the box's centre",
                 check=rule(lambda v: -360 <= v <= 360, "must be from -360 to 360", "degrees, -360 to 360")),
    text=template(),
    align=choice("centre", "left", "centre", "center", "right"),
    valign=choice("middle", "top", "middle", "bottom"),
    size=Field((float, list), default=lambda: [6.0, 10.0], check=type_size, describe=TYPE_SIZE),
    wrap=flag(False),
    # checked against game.toml's [fonts] when the deck loads (kit/fonts.py), at this key's line
    font=Field(str, default="", describe=FONT_NAME),
    bold=flag(False),
    colour=template(),
    band=template(),
    picture=Field(str, default="", check=valid_template,
                  describe="a PNG, JPEG or SVG file in the game folder, or one per row: a template like "
                           "\"art/{id}.png\""),
    fit=choice("cover", "cover", "contain", "stretch"),
    focus=template(),
    icon=template(),
    shape=choice("rect", "rect", "ellipse", "line"),
    stroke=template(),
    stroke_width=millimetres(0.3, zero=True),
    radius=millimetres(0.0, zero=True),
)
# the keys each kind of layer reads besides kind, box, when and rotate: another is an error at its line
LAYER_KIND_KEYS = {
    "text": {"text", "align", "valign", "size", "wrap", "font", "bold", "colour", "band"},
    "picture": {"picture", "fit", "focus"},
    "icon": {"icon", "colour"},
    "shape": {"shape", "colour", "stroke", "stroke_width", "radius"},
}
LAYER_COMMON_KEYS = {"kind", "box", "when", "unless", "rotate"}

STAT = keys(at=choice("", "", *CORNERS), label=template(), value=template(), icon=template())
FRONT = keys(background=template("#ffffff"), ink=template(), panel=template("#ffffff"), corner=template(),
             title=template(), art=text("", "a drawing function of the game folder: \"module.function\", "
                                         "e.g. \"cardart.face\"; or a PNG, JPEG or SVG file per row, a template "
                                         "like \"art/{id}.png\", covering the art box"),
             icon=template(), value=template(), body=template(),
             stats=tables(STAT, "a list of { at, label, value, icon } tables"), footer=template(),
             # the title in its own colour, on a band of another: where the rules read meaning into them
             title_ink=template(), title_band=template(),
             backdrop=Field(str, default="", check=valid_template,
                            describe="a PNG or JPEG file per row behind the whole card, to its bleed: a template "
                                     "like \"art/ground-{suit}.png\""),
             # how the backdrop meets the card with its bleed, as art_fit and art_focus place the art
             backdrop_fit=Field(str, default="", check=valid_template,
                                describe="how the backdrop meets the card to its bleed: 'cover' (the default), "
                                         "'contain' or 'stretch'; or a template"),
             backdrop_focus=Field(str, default="", check=valid_template,
                                  describe="the point of the backdrop kept in view when it is cropped: \"0.5 0.2\", "
                                           "\"50% 20%\" or \"top\" (default the centre); or a template"),
             # how a picture `art` meets its box: per deck, or per row as a template ("{focus}")
             art_fit=Field(str, default="", check=valid_template,
                           describe="how a picture meets the art box: 'cover' (the default), 'contain' or "
                                    "'stretch'; or a template"),
             art_focus=Field(str, default="", check=valid_template,
                             describe="the point of the picture kept in view when it is cropped: \"0.5 0.2\", "
                                      "\"50% 20%\" or \"top\" (default the centre); or a template"),
             art_rotate=Field((str, int), default="", check=number_or_template,
                              describe="a quarter turn of the picture in its box: 0, 90, 180 or 270 degrees "
                                       "clockwise; or a template"),
             # the deck's own layers, drawn over the named regions (or alone, when the front names none)
             layer=tables(LAYER, "a list of [[deck.front.layer]] tables: { kind, box, ... }"))
# a back's pattern is a template (filled per card), so it is checked once filled, by cards.py
BACK_PATTERNS = ("stripes", "dots", "waves", "none")
BACK = keys(background=template("#444444"), ink=template(), title=template(), subtitle=template(),
            pattern=template("stripes"))
WHERE = Field(dict, default=dict, describe="a table of column = [values to keep]",
              schema=Schema({}, entry=texts()))

DECK = keys(
    name=name("board"),
    title=text(None),
    size=Field((str, list), default="poker", check=card_size,
               describe="a preset (" + ", ".join(CARD_SIZES) + ") or [width, height] in mm, each at least 25"),
    bleed=millimetres(3.0, zero=True),
    safe=millimetres(3.0, zero=True),
    data=text(None, DATA_FILE, required=True),
    quantity=text("", "the column with each row's number of copies"),
    where=WHERE,
    front=table(FRONT),
    back=table(BACK),
    font=text("", DECLARED_FONT),
)

PIVOT = keys(rows=text(None, DATA_COLUMN, required=True), columns=text(None, DATA_COLUMN, required=True),
             value=text(None, DATA_COLUMN, required=True), row_format=template(), column_format=template(),
             row_title=template(), column_title=template())

SHEET = keys(
    name=name("board"),
    title=text(None),
    heading=text(None),
    picture=text("", "a PNG or JPEG file in the game folder, across the sheet below its heading, e.g. "
                     "\"art/banner.png\""),
    # or the game's own drawing of the sheet: function(player) -> Drawing, player None unless per_player
    drawing=text(None, "a drawing function of the game folder: \"module.function\", e.g. \"record.sheet\""),
    data=text("", DATA_FILE),
    columns=texts(),
    column_widths=Field(list, default=list, describe="a list of widths in mm", items=Field(
        float, check=at_most(MAX_LENGTH, " mm", rule(lambda v: v > 0, "must be a positive number", "a width in mm")))),
    rows=whole(0, "the number of blank rows", minimum=0),
    row_labels=texts(),
    row_height=millimetres(9.0),
    width=millimetres(180.0),
    notes=texts(),
    columns_title=text(),
    copies=whole(1, "a positive whole number"),
    per_player=flag(False),
    pivot=table(PIVOT),
    fields=Field(list, default=list, items=Field(str, check=valid_template), describe="a list of templates"),
    font=text("", DECLARED_FONT),
)

TOKEN_PICTURE = "a PNG or JPEG file in the game folder, drawn whole above the label, e.g. \"art/shell.png\""
TOKEN_ITEM = keys(label=text(), caption=text(), icon=text(),
                  count=whole(1, "a positive whole number of copies"),
                  fill=colour("#dddddd"), ink=Field(str, default="", describe=COLOUR_OR_AUTOMATIC),
                  picture=text("", TOKEN_PICTURE))
TOKEN_FROM_DATA = keys(label=template(), caption=template(), icon=template(), fill=template("#dddddd"),
                       ink=template(), picture=Field(str, default="", check=valid_template,
                                                     describe=TOKEN_PICTURE + ", or a template like \"art/{id}.png\""))

TOKEN = keys(
    name=name("board"),
    title=text(None),
    shape=choice("round", "round", "square"),
    size=millimetres(20.0),
    per_player=flag(False),
    # the items: listed, or one per data row
    items=tables(TOKEN_ITEM),
    data=text(None, DATA_FILE),
    quantity=text("", "the column with each row's number of copies"),
    where=WHERE,
    item=table(TOKEN_FROM_DATA, "a table { label, caption, icon, fill, ink } of templates"),
    # or the game's own drawing of each piece, the one its diagrams draw: function(label, colour) -> Drawing
    drawing=text(None, "a drawing function of the game folder: \"module.function\", e.g. \"drawing.kit_piece\""),
    font=text("", DECLARED_FONT),
)

INSTEAD = keys(
    component=text(None, "a component the rules list, e.g. \"Parachute die (1 to 3)\"", required=True),
    use=text(None, "what to use instead, e.g. \"a six-sided die: 1-2 is 1, 3-4 is 2, 5-6 is 3\"", required=True),
    # the component is a die of this many sides: a virtual table (the Tabletop Simulator export) puts one out
    die=Field(int, default=0, describe=DIE_SIDES, check=rule(lambda v: v in (0, *DICE), "is not a die's sides", DIE_SIDES)),
)

COMPONENTS = Schema({
    "kit": table(KIT),
    "edition": tables(EDITION),
    "board": tables(BOARD),
    "deck": tables(DECK),
    "sheet": tables(SHEET),
    "token": tables(TOKEN),
    "instead": tables(INSTEAD),
}, title="the file", ordered=True)
