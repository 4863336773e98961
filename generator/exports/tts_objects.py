"""Tabletop Simulator's saved-object JSON: the objects, their ids and their places.

The format is TTS's save file (its knowledge base, "Save File Format"): a save holds
`ObjectStates`, each with a `Name` (its kind: DeckCustom, Card, Custom_Board, Custom_Token,
Custom_PDF, Die_6 ...), a `Transform` (position, rotation, scale), a `GUID` and the kind's own
keys. A custom deck's cards come from face sheets (`CustomDeck`: per deck key, `FaceURL`,
`BackURL`, `NumWidth` x `NumHeight` cards); a card's `CardID` is its deck key x 100 plus its
place on the sheet. Nothing here is random: a GUID is a hash of the object's name in the game,
so the same sources give the same file.

Lengths: TTS's unit is an inch (its measuring tool's), so millimetres / 25.4. How large a
custom image object is at scale 1 is TTS's own choice: the constants below are where to tune
it, derived from a public save (docs/exports.md, "Sizes on the table"), not measured in TTS here.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

MM_PER_UNIT = 25.4  # one TTS unit is an inch
CARD_MM_AT_SCALE_1 = (63.5, 88.9)  # a TTS card at scale 1 stands for a poker card
# A Custom_Tile or Custom_Token at scale 1: its image's longer side, in the units in which a card at
# scale 1 is a poker card. From the public Clank! Legacy save (its two main boards, 29 in tall, are
# Custom_Tiles at scale 22, beside poker cards at scale 1): 29 / 22 = 1.32; docs/exports.md has the rest.
IMAGE_UNITS_AT_SCALE_1 = 1.3
TABLE_Y = 1.0  # the table top's height (objects are dropped just above it)
# Thickness as printed, in mm (a Thickness is in units at scaleY 1, which every flat object keeps):
TOKEN_MM = 1.5  # a token printed on paper and glued to card, as the kit's cover says: 1.5 mm greyboard
SHEET_MM = 0.1  # a score pad's or record's sheet: 80 g/m2 office paper
FACE_DOWN = 180.0  # rotZ of a card or deck lying face down

DIE_NAMES = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}


@dataclass(frozen=True)
class Place:
    """Where an object lies, in TTS units: x to the right, z away from the first seat."""

    x: float
    z: float
    lift: float = TABLE_Y  # height above the floor (posY)
    turn: float = 0.0  # rotY, degrees
    face_down: bool = False
    scale_x: float = 1.0
    scale_z: float = 1.0

    def transform(self) -> dict:
        # scaleY stays 1: a board's, token's or tile's thickness is its own Thickness, not
        # stretched with its width (a 30 mm token at scaleY = scaleX was 6 mm thick)
        return {"posX": tidy(self.x), "posY": tidy(self.lift), "posZ": tidy(self.z),
                "rotX": 0.0, "rotY": tidy(self.turn), "rotZ": FACE_DOWN if self.face_down else 0.0,
                "scaleX": tidy(self.scale_x, 5), "scaleY": 1.0, "scaleZ": tidy(self.scale_z, 5)}


def tidy(value: float, digits: int = 4) -> float:
    """Rounded, and never -0.0 (which JSON would keep as "-0.0")."""
    return round(value, digits) + 0.0


def units(mm: float) -> float:
    return mm / MM_PER_UNIT


def guid(*names: str) -> str:
    """A GUID (six hex digits, as TTS writes them) from the object's names, never random."""
    return hashlib.sha1("\0".join(names).encode("utf-8")).hexdigest()[:6]


def base_object(kind: str, name: str, place: Place, key: tuple[str, ...], description: str = "") -> dict:
    return {"Name": kind, "Nickname": name, "Description": description, "GUID": guid(*key),
            "Transform": place.transform(), "Locked": False, "Grid": True, "Snap": True, "Tooltip": True,
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def image_scale(width_mm: float, height_mm: float) -> float:
    """The scale at which a custom board or token is `width_mm` x `height_mm` on the table."""
    return units(max(width_mm, height_mm)) / IMAGE_UNITS_AT_SCALE_1


# -- cards -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sheet:
    """One face sheet of a deck: its key in CustomDeck, its images' URLs and its grid."""

    key: int
    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool = False  # the back is a sheet of the same grid, one back per card

    def __post_init__(self):
        if not (1 <= self.key and 1 <= self.columns <= 10 and 1 <= self.rows <= 7):
            raise ValueError(f"not a TTS face sheet: {self!r}")

    def custom_deck(self) -> dict:
        # BackIsHidden: a hidden card (face down, in another player's hand) shows BackURL, not the
        # sheet's last cell, which therefore holds a card like the others
        return {str(self.key): {"FaceURL": self.face_url, "BackURL": self.back_url, "NumWidth": self.columns,
                                "NumHeight": self.rows, "BackIsHidden": True, "UniqueBack": self.unique_back,
                                "Type": 0}}


@dataclass(frozen=True)
class CardEntry:
    """One physical card: the sheet it is on, its slot there, and its name."""

    sheet: Sheet
    slot: int
    title: str
    description: str = ""  # which of the game's card sets (editions) hold it

    @property
    def card_id(self) -> int:
        return self.sheet.key * 100 + self.slot


def card_object(card: CardEntry, place: Place, key: tuple[str, ...]) -> dict:
    return {**base_object("Card", card.title, place, key, card.description), "CardID": card.card_id,
            "CustomDeck": card.sheet.custom_deck(), "SidewaysCard": False, "Hands": True}


def deck_object(title: str, cards: list[CardEntry], place: Place, key: tuple[str, ...]) -> dict:
    """A deck of `cards` (top card last, as TTS lists them), or the card alone if only one."""
    if len(cards) == 1:
        return card_object(cards[0], place, key + ("0",))
    custom: dict = {}
    for card in cards:
        custom.update(card.sheet.custom_deck())
    contained = [card_object(card, place, key + (str(n),)) for n, card in enumerate(cards)]
    return {**base_object("DeckCustom", title, place, key), "DeckIDs": [card.card_id for card in cards],
            "CustomDeck": dict(sorted(custom.items(), key=lambda item: int(item[0]))),
            "ContainedObjects": contained, "SidewaysCard": False, "Hands": False}


# -- boards, tokens, dice, the rulebook ---------------------------------------------------------
def board_object(title: str, url: str, place: Place, key: tuple[str, ...]) -> dict:
    """A board: a locked rectangular tile, the kind public saves use for boards of a known size
    (a Custom_Board's size at a scale is not documented or measured anywhere we could find)."""
    board = tile_object(title, url, place, key)
    board.update({"Locked": True, "Grid": False, "Snap": False})
    return board


def token_object(title: str, url: str, place: Place, key: tuple[str, ...], description: str = "") -> dict:
    token = base_object("Custom_Token", title, place, key, description)
    token["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomToken": {"Thickness": tidy(units(TOKEN_MM), 5), "MergeDistancePixels": 15.0, "StandUp": False,
                                            "Stackable": True}}
    return token


def tile_object(title: str, url: str, place: Place, key: tuple[str, ...]) -> dict:
    """A flat rectangular tile with one picture (a score pad, a record sheet)."""
    tile = base_object("Custom_Tile", title, place, key)
    tile["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                           "CustomTile": {"Type": 0, "Thickness": tidy(units(SHEET_MM), 5), "Stackable": False,
                                          "Stretch": True}}
    return tile


def die_object(sides: int, title: str, place: Place, key: tuple[str, ...]) -> dict:
    if sides not in DIE_NAMES:
        raise ValueError(f"TTS has no {sides}-sided die: {sorted(DIE_NAMES)}")
    return base_object(DIE_NAMES[sides], title, place, key)


def pdf_object(title: str, url: str, place: Place, key: tuple[str, ...]) -> dict:
    book = base_object("Custom_PDF", title, place, key)
    book["CustomPDF"] = {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0}
    return book


def saved_object(name: str, objects: list[dict]) -> str:
    """The save file's text: the objects, keys sorted, no dates (the same game, the same bytes)."""
    save = {"SaveName": name, "GameMode": name, "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": objects}
    return json.dumps(save, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
