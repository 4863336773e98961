"""What a game's `components.toml` describes, once validated.

The file format, in full (every key optional unless marked *required*; lengths
are millimetres; colours are "#rgb"/"#rrggbb" or a name from `[kit].colours`;
"template" means a format string over the row's columns, e.g. "{name}"):

```toml
[kit]
papers = ["a4", "letter"]            # which paper sizes to build
variants = ["print", "ink-saver"]    # also "fold-over": cards with fold-over backs
colours = { sea = "#1c6fb5" }        # named colours, usable wherever a colour goes
players = [{ name = "Red", colour = "#c8102e" }, ...]   # for per-player tokens/sheets
players = { data = "seats.csv", name = "{colour}", colour = "{hex}" }  # or from data
setup = { players = 4, caption = "" } # the cover pictures the start position for 4 players,
                                     # as engine.py's ENGINE renders its initial_state

[[edition]]                          # several card sets, one kit each (none: one kit)
name = "beginner"                    # *required*, a slug
title = "Beginner game"
column = "set"                       # *required*: deck rows are kept when this column
values = ["beginner", "both"]        # *required*  holds one of these values
adds_to = "beginner"                 # an add-on: only the cards that edition's kit lacks
                                     # (no boards, sheets or tokens: they are in that kit)

[[board]]
name = "board"  title = "Game board" # name: *required* slug, unique in the file
cell = 40                            # cell size; default 25
drawing = "drawing.kit_board"        # the game's own board drawing, the one its diagrams
                                     # use: function kit_board(cell) -> Drawing (mm) of
                                     # content/<game>/drawing.py; then no map keys below.
                                     # The ink-saver print lightens its fills itself.
map = '''...'''  or  map_file = "board.txt"    # a text map: one line per row, one
                                     # char per cell; "#" lines are comments
rows = 9  columns = 9  mask = "diamond"        # or a plain/masked grid without a map
cells = { data = "board.csv", column = "col", row = "row", rows_from = "bottom" }
                                     # or the cells a data file lists (1-based numbers)
blank = "-"                          # the map char for "no space" (default "-")
coordinates = { columns = "letters", rows = "numbers", rows_from = "bottom" }
                                     # or coordinates = "none"
edges = { left = "wrap", right = "wrap", top = "The plane" }  # "wrap" or a label
line = "#333333"  legend = true
[board.kinds.G]                      # one table per map char ("." is a plain space)
name = "Goodie start"  label = "G"  fill = "#cfe8c9"  ink = "#1b4d1b"
outside = false                      # true: a space beside the grid (a safe zone)

[[deck]]
name = "cards"  title = "Cards"      # name *required*
size = "poker"                       # poker 63.5x88.9 | 63x88 | bridge 57x89 |
                                     # mini 44x63 | tarot 70x120 | [w, h]
data = "deck.csv"                    # *required*: CSV with a header, or TOML [[rows]]
quantity = "qty"                     # column with copies per row (none: one each)
where = { kind = ["card"] }          # keep only rows whose column holds one of these
bleed = 3  safe = 3
[deck.front]                         # all templates; leave out what the card lacks
background = "{colour}"  ink = ""    # ink "" = black or white, whichever reads
panel = "#ffffff"                    # the inner panel behind art, icon, value and body
corner = "{rank}"                    # index top-left, and turned round bottom-right
title = "{name}"                     # top band, between the corners
art = "cardart.face"                 # a drawing slot filled by the game's own code:
                                     # function `face` of content/<game>/cardart.py,
                                     # called as face(row, width, height) -> Drawing (mm)
icon = "{icon}"  value = "{rank}"    # the panel's centrepiece (not with art); an icon is
                                     # a vector icon name (see generator.draw.icons) or
                                     # one character of the font
body = "{text}"                      # wraps and shrinks to fit the rest of the panel
stats = [{ at = "bottom-left", label = "Move", value = "{move}" },
         { label = "Range", value = "{range}", icon = "target" }]
                                     # stat boxes: `at` a corner (top-right, bottom-left,
                                     # bottom-right; top-left without `corner`), or a
                                     # row of boxes at the foot of the panel
footer = "{set}"                     # bottom band, between the corners
title_ink = "{timing}-title"         # the title's own colour; title_band: a band behind it
                                     # Text that still does not fit at its smallest
                                     # size is an error naming the data row.
[deck.back]
background = "#1b4f8a"  ink = ""  title = "SPLASH!"  subtitle = ""
pattern = "stripes"                  # stripes | dots | waves | none

[[sheet]]                            # score pads, tables, records
name = "score"  title = "Score pad"  heading = "..."   # heading defaults to title
drawing = "record.sheet"             # the game's own drawing of the sheet: function
                                     # sheet(player) -> Drawing (mm) of record.py, player
                                     # (name, colour) with per_player, else None; then
                                     # none of the table keys below
columns = ["Player", "S", "P", "L", "A", "S", "H"]     # a blank grid ...
column_widths = [70, 15, ...]  rows = 6  row_labels = ["Gold", "Survivors"]
data = "scoring.csv"                 # ... or a table from data:
pivot = { rows = "gold", columns = "survivors", value = "score",
          row_format = "{gold}+", row_title = "Gold", column_title = "Survivors" }
fields = ["{location}", "{effect}"]  # or one line per data row (with `columns` as headers)
columns_title = "Survivors"          # a title spanning every column but the first
notes = ["..."]  width = 180  row_height = 9
copies = 1  per_player = false       # copies of the sheet, or one per player

[[instead]]                          # a component of the rules the kit does not print,
component = "Parachute die (1 to 3)" # *required*, and what to use instead (*required*):
use = "a six-sided die: 1-2 is 1, 3-4 is 2, 5-6 is 3"  # the kit's cover lists them

[[token]]
name = "pieces"  title = "Pieces"    # name *required*
shape = "round"  size = 20           # round | square
per_player = false                   # one set of items per [kit].players entry
items = [{ label = "S", caption = "Sorcerer", icon = "", count = 1,
           fill = "#888888", ink = "" }]                # fill is the player's colour
data = "pieces.csv"  quantity = "qty"  where = {...}   # or one item per data row:
item = { label = "{letter}", caption = "{piece}", fill = "{colour}", ink = "{ink}" }
drawing = "drawing.kit_piece"       # or each piece as the game draws it: f(label, colour) -> Drawing
```
A token icon is a character drawn from the font (★ ☂ ⚑ ☠ ...) or a vector icon name.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from generator.draw.shapes import Drawing
from generator.play.tables import Row, Table

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("US Letter", 215.9, 279.4)}
VARIANTS = ("print", "ink-saver", "fold-over")
CARD_SIZES = {
    "poker": (63.5, 88.9),
    "63x88": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
}


@dataclass(frozen=True)
class Player:
    name: str
    colour: str


@dataclass(frozen=True)
class KitOptions:
    papers: tuple[str, ...] = ("a4", "letter")
    variants: tuple[str, ...] = ("print", "ink-saver")
    players: tuple[Player, ...] = ()


@dataclass(frozen=True)
class Edition:
    """One card set's kit. With `adds_to`, an add-on: only what this edition holds beyond that
    edition's kit (its extra cards), for a player who printed that kit already."""

    name: str
    title: str
    column: str
    values: tuple[str, ...]
    adds_to: Optional["Edition"] = None

    def keeps(self, row: Row) -> bool:
        if self.adds_to is not None and self.adds_to.keeps(row):
            return False  # in the kit this one adds to
        return row.text.get(self.column) in self.values

    @property
    def add_on(self) -> bool:
        """Whether the kit leaves out everything the edition it adds to has: every component
        without the edition's column (boards, sheets, tokens) is in that kit already."""
        return self.adds_to is not None


@dataclass(frozen=True)
class CellKind:
    char: str
    name: str = ""
    label: str = ""
    fill: str = "#ffffff"
    ink: str = ""
    outside: bool = False


@dataclass(frozen=True)
class Coordinates:
    columns: str = "letters"  # letters | numbers
    rows: str = "numbers"
    rows_from: str = "bottom"  # top | bottom


@dataclass(frozen=True)
class BoardSpec:
    name: str
    title: str
    cell: float
    rows: tuple[str, ...]  # the map, one string per row
    blank: str
    kinds: tuple[CellKind, ...]
    coordinates: Optional[Coordinates]
    edges: tuple[tuple[str, str], ...]  # (side, "wrap" or label)
    line: str = "#333333"
    legend: bool = True
    drawn: Optional[Drawing] = None  # the game's own drawing of the board (then no map)

    def kind(self, char: str) -> CellKind:
        for kind in self.kinds:
            if kind.char == char:
                return kind
        return CellKind(char)

    @property
    def size(self) -> tuple[int, int]:
        return (len(self.rows[0]) if self.rows else 0), len(self.rows)


CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


@dataclass(frozen=True)
class StatTemplate:
    at: str = ""  # a corner, or "" for the row of stat boxes at the foot of the panel
    label: str = ""
    value: str = ""
    icon: str = ""


@dataclass(frozen=True)
class FrontTemplate:
    background: str = "#ffffff"
    ink: str = ""
    panel: str = "#ffffff"
    title: str = ""
    value: str = ""
    corner: str = ""
    icon: str = ""
    body: str = ""
    footer: str = ""
    art: str = ""  # "module.function" of the game folder
    stats: tuple[StatTemplate, ...] = ()
    title_ink: str = ""  # the title's colour (default: the card's ink)
    title_band: str = ""  # a band of this colour behind the title (default: none)


@dataclass(frozen=True)
class Stat:
    at: str
    label: str
    value: str
    icon: str = ""


@dataclass(frozen=True)
class BackTemplate:
    background: str = "#444444"
    ink: str = ""
    title: str = ""
    subtitle: str = ""
    pattern: str = "stripes"


@dataclass(frozen=True)
class CardFace:
    """One card's texts and colours, templates already filled from its row."""

    background: str
    ink: str
    panel: str
    title: str
    value: str
    corner: str
    icon: str
    body: str
    footer: str
    stats: tuple[Stat, ...] = ()
    art: Optional["Drawing"] = None  # the game's drawing for the art slot, in the slot's mm
    description: str = ""  # the card in words, for screen readers (the gallery's alt text)
    title_ink: str = ""  # the title's own colour ("" : the card's ink)
    title_band: str = ""  # the colour of a band behind the title ("" : none)


@dataclass(frozen=True)
class CardBack:
    background: str
    ink: str
    title: str
    subtitle: str
    pattern: str


@dataclass(frozen=True)
class Card:
    row: Row
    front: CardFace
    back: CardBack


@dataclass(frozen=True)
class DeckSpec:
    name: str
    title: str
    width: float
    height: float
    bleed: float
    safe: float
    data: Table
    quantity: Optional[str]
    cards: tuple[tuple[Card, int], ...]  # each distinct card with its count
    front: FrontTemplate = FrontTemplate()  # which regions the fronts have (their layout)
    white_edges: tuple[bool, bool] = (False, False)  # fronts, backs: a white edge inside the trim,
    #                      where the cards printed beside them differ in colour (load.with_edges)

    def instances(self, edition: Optional[Edition] = None) -> list[Card]:
        """Every physical card in deck order (a row with qty 3 gives three cards)."""
        out = []
        for card, count in self.cards:
            if edition is None or edition.keeps(card.row) or (
                    edition.column not in self.data.columns and not edition.add_on):
                out.extend([card] * count)
        return out


@dataclass(frozen=True)
class Pivot:
    rows: str
    columns: str
    value: str
    row_format: str = ""
    column_format: str = ""
    row_title: str = ""
    column_title: str = ""


@dataclass(frozen=True)
class SheetSpec:
    name: str
    title: str
    heading: str
    columns: tuple[str, ...] = ()
    column_widths: tuple[float, ...] = ()
    rows: int = 0
    row_labels: tuple[str, ...] = ()
    row_height: float = 9.0
    width: float = 180.0
    notes: tuple[str, ...] = ()
    copies: int = 1
    per_player: bool = False
    data: Optional[Table] = None
    pivot: Optional[Pivot] = None
    fields: tuple[str, ...] = ()
    columns_title: str = ""  # a title over every column but the first (list tables)
    drawn: tuple[Drawing, ...] = ()  # the game's own drawing of the sheet (one per player if per_player)


@dataclass(frozen=True)
class TokenItem:
    label: str = ""
    caption: str = ""
    icon: str = ""
    count: int = 1
    fill: str = "#dddddd"
    ink: str = ""


@dataclass(frozen=True)
class TokenSpec:
    name: str
    title: str
    shape: str
    size: float
    per_player: bool
    items: tuple[TokenItem, ...]
    # the game's own drawing of each piece (its diagrams' piece), by (player name or "", item index)
    pieces: tuple[tuple[tuple[str, int], Drawing], ...] = ()


@dataclass(frozen=True)
class Components:
    """Everything one game's kit is made of."""

    game_dir: Path
    path: Path  # the components.toml
    options: KitOptions
    editions: tuple[Edition, ...] = ()
    boards: tuple[BoardSpec, ...] = ()
    decks: tuple[DeckSpec, ...] = ()
    sheets: tuple[SheetSpec, ...] = ()
    tokens: tuple[TokenSpec, ...] = ()
    instead: tuple[tuple[str, str], ...] = ()  # (component the rules list, what to use): not printed
    setup: Optional[Drawing] = None  # the start position as the game's engine draws it, for the cover
    setup_caption: str = ""

    @property
    def slug(self) -> str:
        return self.game_dir.name

    @property
    def names(self) -> list[str]:
        return [c.name for group in (self.boards, self.decks, self.sheets, self.tokens) for c in group]


VARIANT_LABELS = {"print": "", "ink-saver": "ink saver", "fold-over": "fold-over backs"}


@dataclass(frozen=True)
class PlannedKit:
    """One PDF that `write_kits` writes, known before anything is drawn: `check`
    needs the kit's file names (pages may link to them) without making them."""

    edition: Optional[Edition]
    paper: str
    variant: str
    name: str  # the file name
    label: str  # for a download link: "A4", "US Letter, ink saver", "Beginner game, A4"


def kit_file_name(slug: str, edition: Optional[Edition], paper: str, variant: str) -> str:
    parts = [slug, "kit"] + ([edition.name] if edition else []) + [paper]
    if variant != "print":
        parts.append(variant)
    return "-".join(parts) + ".pdf"


def plan_kits(components: Components, papers: Optional[tuple[str, ...]] = None,
              variants: Optional[tuple[str, ...]] = None) -> list[PlannedKit]:
    """Every kit PDF of the game, in the order they are written."""
    planned = []
    for edition in components.editions or (None,):
        for paper in papers or components.options.papers:
            for variant in variants or components.options.variants:
                parts = [p for p in (edition.title if edition else "", PAPERS[paper][0], VARIANT_LABELS[variant]) if p]
                planned.append(PlannedKit(edition, paper, variant,
                                          kit_file_name(components.slug, edition, paper, variant), ", ".join(parts)))
    return planned
