"""What a game's `components.toml` describes, once validated: the specs the
loaders make (generator.kit.load and the module of each kind of component) and
the kit's drawing and imposition modules lay out.

The file format is declared in generator.kit.schema (every key's type, default
and allowed values) and described for authors in docs/kit.md; a test
(tests/kit/test_kit_reference.py) holds the two together.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from generator.draw.shapes import Drawing, FontRef
from generator.i18n.interface import N_, gettext, parts_text
from generator.play.tables import Row, Table

PAPERS = {"a4": (N_("A4"), 210.0, 297.0), "letter": (N_("US Letter"), 215.9, 279.4)}
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


# the players of a kit whose [kit] names none (per-player tokens and sheets need some)
DEFAULT_PLAYERS = (Player("Red", "#c8102e"), Player("Blue", "#1f5fbf"),
                   Player("Green", "#2e8b3a"), Player("Yellow", "#e8b100"))


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
    region: bool = False  # a named region of the map (its name printed once inside it), not a kind of cell


@dataclass(frozen=True)
class Coordinates:
    columns: str = "letters"  # letters | numbers
    rows: str = "numbers"
    rows_from: str = "top"  # top | bottom: row 1 at the top, as the map reads (and play.tables.map_cells)


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
    font: Optional[FontRef] = None  # the face of the kit's language its words are set in (kit/fonts.py)

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
    backdrop: str = ""  # a picture file per row behind the whole card (a template)
    art_fit: str = ""  # how a picture `art` meets its box (templates: kit/pictures.placement)
    art_focus: str = ""
    art_rotate: str = ""
    layers: int = 0  # how many layers of its own the deck names ([[deck.front.layer]], kit/layers_load.py)
    backdrop_fit: str = ""  # how the backdrop meets the card with its bleed (as art_fit, art_focus the art)
    backdrop_focus: str = ""


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
    backdrop: Optional["Image"] = None  # the row's picture over the card to its bleed (kit.pictures)
    layers: tuple = ()  # the deck's own layers this row draws, filled (kit/layers.Layer)


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
    #                      where the cards printed beside them differ in colour (cards.with_edges)
    font: Optional[FontRef] = None  # a designer's font the cards are set in (kit/fonts.py)

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
    picture: Optional["Image"] = None  # across the sheet below its heading (kit.pictures_parts.sheet_picture)
    font: Optional[FontRef] = None  # a designer's font its texts are set in (kit/fonts.py)


@dataclass(frozen=True)
class TokenItem:
    label: str = ""
    caption: str = ""
    icon: str = ""
    count: int = 1
    fill: str = "#dddddd"
    ink: str = ""
    picture: Optional[Drawing] = None  # the item's picture, at the size the token prints it (kit.tokens)
    name: str = ""  # its label in the source's words, as the game's drawing function knows it ("": the label)


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
    size_line: Optional[int] = None  # the line of its `size` in components.toml, for messages
    font: Optional[FontRef] = None  # a designer's font its labels are set in (kit/fonts.py)
    # a player's piece named as the kit's language names it: "Red Wizard", "Zauberer (Rot)", "赤の魔法使い"
    owned: str = "%(player)s %(piece)s"

    def title_of(self, player: Optional[Player], label: str) -> str:
        """A token's name (its drawing's title: exports name their pieces by it)."""
        if player is None or not label:
            return label or (player.name if player else "")
        return self.owned % {"player": player.name, "piece": label}


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
    dice: tuple[tuple[int, str], ...] = ()  # (sides, component) of each [[instead]] that is a die: virtual tables
    # each distinct card front as printed in colour, by (deck name, face): drawn once by the
    # loader's text-fit check, kept for the kit's artwork (kit.build.Artwork)
    fronts: dict = field(default_factory=dict, compare=False, repr=False)
    warnings: tuple = field(default=(), compare=False)  # ContentErrors of severity WARNING (KitChecks.warnings)
    setup_line: Optional[int] = field(default=None, compare=False)  # of [kit].setup, for messages
    # the face of the kit's language (a CJK kit's, kit/fonts.language_font): its components, cover
    # and pages' words are set in it; None: the built-in DejaVu Sans
    face: Optional[FontRef] = None
    # the game's name in its files' names, as its rulebooks are named (urls.file_stem: "de-splut" for a
    # translation, "splut-1.0" for a release): two kits downloaded side by side keep apart; "": its folder's
    stem: str = ""

    @property
    def slug(self) -> str:
        return self.game_dir.name

    @property
    def names(self) -> list[str]:
        return [c.name for group in (self.boards, self.decks, self.sheets, self.tokens) for c in group]


VARIANT_LABELS = {"print": "", "ink-saver": N_("ink saver"), "fold-over": N_("fold-over backs")}


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
                planned.append(PlannedKit(edition, paper, variant, kit_file_name(components.stem or components.slug, edition, paper, variant),
                                          kit_label(edition, paper, variant)))
    return planned


def kit_label(edition: Optional[Edition], paper: str, variant: str, language: str = "") -> str:
    """A kit's paper and variant in words, after its edition's title: "A4", "US Letter, ink saver",
    "Beginner game, A4"; in `language` for a translated page's download link and the PDF's title
    (its words and its list separator: "A4、インク節約")."""
    words = gettext(language)

    def said(text: str) -> str:
        return words(text) if text else text  # gettext("") is the catalogue's header

    return parts_text(language, [p for p in (edition.title if edition else "", said(PAPERS[paper][0]),
                                             said(VARIANT_LABELS[variant])) if p])
