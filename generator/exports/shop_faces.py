"""Card faces drawn for a shop that cuts them, not for scissors.

The home-print kit gives cards of several colours that share a sheet a white edge inside the
trim (kit/cards.with_edges): a cut a little off the line then shows white, not the
neighbour's colour. A shop die-cuts each card on its own, so that frame (and its rounded
corners) would print as an uneven white border: a shop's face has its background and art
running to the bleed's edge, fronts and backs alike, and its text inside the shop's own safe
area (kit/cards.shop_cards draws them; the kit's artwork keeps them, `shop_cards`).

Each shop's safe area, in mm inside the trim, from the shops' templates (docs/exports.md).
"""
from __future__ import annotations

from typing import Iterator

from generator.exports.raster import MM_PER_INCH, KitPiece, deck_pieces

TGC_SAFE_MM = MM_PER_INCH / 8  # The Game Crafter: 1/8" inside the trim (75 px from a poker file's edge)
MPC_SAFE_MM = 36 * MM_PER_INCH / 300  # MakePlayingCards: 36 px at 300 dpi inside the trim
DTC_SAFE_MM = MM_PER_INCH / 8  # DriveThruCards: a 1/8" safe zone
TABLETOPIA_SAFE_MM = 0.0  # a picture on a virtual table is never cut: the deck's own safe area


def shop_pieces(artwork, deck, safe_mm: float) -> Iterator[KitPiece]:
    """The deck's distinct faces and backs, named and counted as raster.kit_pieces does, drawn for a shop."""
    yield from deck_pieces(deck, *artwork.shop_cards(deck, safe_mm))


def with_shop_cards(pieces: list, artwork, decks, safe_mm: float) -> list:
    """`pieces` (raster.kit_pieces) with every deck's cards drawn for a shop, in the same order."""
    drawn = {deck.name: list(shop_pieces(artwork, deck, safe_mm)) for deck in decks if deck.cards}
    out, done = [], set()
    for piece in pieces:
        if piece.kind not in ("card-front", "card-back") or piece.group not in drawn:
            out.append(piece)
        elif piece.group not in done:
            done.add(piece.group)
            out.extend(drawn[piece.group])
    return out
