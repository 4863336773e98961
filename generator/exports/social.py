"""The game's picture for shared links, as a PNG: many crawlers and chat apps show no SVG for
og:image, which is what the kit's previews are.

One picture per game, `<slug>-social.png` in its exports folder: the game's cover as the index
shows it (its first board, else its first deck's first card, token or sheet; kit/stage.cover's
order) drawn from the kit's own drawing, fitted inside 1200 x 630 px (the 1.91:1 of Open
Graph's large pictures and of twitter:card summary_large_image) with a margin, on white.
A card is drawn as a shop's card (no home-print white edge), its trim only.
"""
from __future__ import annotations

from typing import Optional

from generator.exports.formats import Exporter, ExportJob
from generator.exports.raster import KitPiece, MM_PER_INCH, Target, png_bytes, render_at
from generator.urls import file_stem

SOCIAL_SIZE = (1200, 630)
MARGIN_PX = 40
ORDER = ("board", "card-front", "token", "sheet")  # kit/stage.cover's: board, deck, token, sheet


def social_file(slug: str) -> str:
    """The picture's name in the game's exports folder."""
    return f"{file_stem(slug)}-social.png"


class SocialPicture(Exporter):
    name = "social picture"

    def files(self, site, game, components) -> list[str]:
        has_any = components.boards or any(deck.cards for deck in components.decks) or components.tokens \
            or components.sheets
        return [social_file(game.slug)] if has_any else []

    def write(self, job: ExportJob) -> None:
        piece = cover_piece(job)
        if piece is not None:
            job.write(social_file(job.game.slug), social_png(piece))


def cover_piece(job: ExportJob) -> Optional[KitPiece]:
    """The piece the picture shows: the first of the kinds in ORDER the kit has (a deck's card drawn for a shop)."""
    decks = {deck.name: deck for deck in job.components.decks}
    for kind in ORDER:
        for piece in job.pieces_of(kind):
            if kind != "card-front":
                return piece
            fronts, _backs = job.artwork.shop_cards(decks[piece.group])
            return KitPiece(piece.name, kind, fronts[0], piece.width_mm, piece.height_mm, 1, piece.group, 0,
                            piece.title, piece.bleed_mm)
    return None


def social_png(piece: KitPiece) -> bytes:
    """The piece's trim fitted inside SOCIAL_SIZE less the margin, centred on white."""
    from PIL import Image as PILImage

    room_w, room_h = SOCIAL_SIZE[0] - 2 * MARGIN_PX, SOCIAL_SIZE[1] - 2 * MARGIN_PX
    px_per_mm = min(room_w / piece.width_mm, room_h / piece.height_mm)
    width, height = max(1, round(piece.width_mm * px_per_mm)), max(1, round(piece.height_mm * px_per_mm))
    dpi = px_per_mm * MM_PER_INCH
    drawn = render_at(piece.drawing, Target(width, height, dpi), (piece.width_mm, piece.height_mm), piece.bleed_mm)
    canvas = PILImage.new("RGB", SOCIAL_SIZE, (255, 255, 255))
    canvas.paste(drawn, ((SOCIAL_SIZE[0] - width) // 2, (SOCIAL_SIZE[1] - height) // 2))
    canvas.info["srgb"] = drawn.info.get("srgb", 0)
    return png_bytes(canvas, 72)
