"""Print-on-demand card files, per deck, from the kit's own card drawings.

For each shop (The Game Crafter, MakePlayingCards) a ZIP per deck: one PNG per distinct card
face and back, at 300 dpi with the shop's bleed, in the shop's standard size nearest the deck's
trim, and `manifest.csv` (card, side, count, file) saying how many of each to order. And one
PDF/X-1a per deck in DriveThruCards' order (drivethrucards.py). Every card is drawn for a shop
(shop_faces.py): to the bleed's edge, its words inside the shop's safe area.

A deck's trim is mapped to the shop size nearest it; a deck within 1 mm of that size (every
preset of the kit) is printed as drawn, the shop's cut a fraction of a millimetre into its
bleed; any other (a size of the author's own) is scaled to cover the shop's trim, and preflight
checks its words at that scale and inside the shop's cut.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.exports.formats import Download, Exporter, ExportJob, csv_text, last_build_zip, zip_bytes
from generator.exports.raster import MM_PER_INCH, Target, png_bytes, raster_versions, render_many
from generator.exports.drivethrucards import drivethrucards_pdf
from generator.draw.shapes import Group, Image
from generator.exports.shop_faces import DTC_SAFE_MM, MPC_SAFE_MM, TGC_SAFE_MM, shop_pieces
from generator.fingerprint import digest, files_digest
from generator.i18n.interface import N_, decimal_text, gettext, reader_language
from generator.urls import exports_folder, pod_cards_pdf, pod_cards_zip

DPI = 300


@dataclass(frozen=True)
class CardSize:
    """A shop's card product, by its trim in inches."""

    name: str
    width_in: float
    height_in: float

    @property
    def mm(self) -> tuple[float, float]:
        return self.width_in * MM_PER_INCH, self.height_in * MM_PER_INCH

    @property
    def words(self) -> str:
        return f"{self.name} ({self.width_in:g} x {self.height_in:g} in)"


POKER, BRIDGE, MINI, TAROT = (CardSize(N_("poker"), 2.5, 3.5), CardSize(N_("bridge"), 2.25, 3.5),
                              CardSize(N_("mini"), 1.75, 2.5), CardSize(N_("tarot"), 2.75, 4.75))


@dataclass(frozen=True)
class Shop:
    """A print-on-demand shop's card files: 300 dpi PNGs of the trim plus `bleed_px` each side.
    The Game Crafter's poker card is 825 x 1125 px (1/8" bleed: 37.5 px); MakePlayingCards'
    is 822 x 1122 px (36 px). Their other sizes follow the same rule."""

    key: str  # in file names
    title: str
    bleed_px: float
    sizes: tuple[CardSize, ...]
    safe_mm: float  # how far inside the trim the shop wants every word (its cut wanders that much)

    def target(self, size: CardSize) -> Target:
        return Target(round(size.width_in * DPI + 2 * self.bleed_px), round(size.height_in * DPI + 2 * self.bleed_px),
                      DPI, self.bleed_px)

    def nearest(self, width_mm: float, height_mm: float) -> CardSize:
        """The shop's size closest to a trim (by the two sides' differences; portrait)."""
        return min(self.sizes, key=lambda size: abs(size.mm[0] - width_mm) + abs(size.mm[1] - height_mm))


THE_GAME_CRAFTER = Shop("thegamecrafter", "The Game Crafter", DPI / 8, (POKER, BRIDGE, MINI, TAROT), TGC_SAFE_MM)
MAKEPLAYINGCARDS = Shop("makeplayingcards", "MakePlayingCards", 36, (POKER, BRIDGE, MINI, TAROT), MPC_SAFE_MM)
SHOPS = (THE_GAME_CRAFTER, MAKEPLAYINGCARDS)


AS_DRAWN_MM = 1.0  # a trim this close to a shop's prints as drawn (cutting is less precise than that)


def cover_scale(size: CardSize, width_mm: float, height_mm: float) -> float:
    """How much a deck's card is enlarged to cover the shop's trim (1: within AS_DRAWN_MM, as drawn)."""
    shop_w, shop_h = size.mm
    if abs(shop_w - width_mm) <= AS_DRAWN_MM and abs(shop_h - height_mm) <= AS_DRAWN_MM:
        return 1.0
    return max(shop_w / width_mm, shop_h / height_mm)


def shop_images(artwork, deck, shop: Shop, pieces: list | None = None) -> tuple[CardSize, Target, list, list[bytes]]:
    """One deck's distinct faces and backs drawn for the shop (shop_faces: to the bleed's edge,
    words inside the shop's safe area at the shop's scale) as the shop's PNGs: the size, the
    picture, the pieces (raster.KitPiece; `pieces` if drawn already) and their PNGs in order."""
    size = shop.nearest(deck.width, deck.height)
    target = shop.target(size)
    scale = cover_scale(size, deck.width, deck.height)
    if pieces is None:
        pieces = list(shop_pieces(artwork, deck, shop.safe_mm / scale))
    trim = (size.mm[0] / scale, size.mm[1] / scale)  # the shop's trim, in the drawing's millimetres
    images = render_many([piece.drawing for piece in pieces], target, trim, deck.bleed)
    return size, target, pieces, [png_bytes(image, DPI) for image in images]


def size_words(size: CardSize, language: str) -> str:
    """A shop's card size as a download's line says it in `language`: "poker (2.5 x 3.5 in)"."""
    _ = gettext(language)
    return _("%(size)s (%(width)s x %(height)s in)") % {
        "size": _(size.name), "width": decimal_text(language, size.width_in),
        "height": decimal_text(language, size.height_in)}


def scaled_words(size: CardSize, deck, language: str) -> str:
    """" (the deck's 70 x 120 mm scaled by 1.012)" when the deck is scaled to the shop's size, else ""."""
    scale = cover_scale(size, deck.width, deck.height)
    if scale == 1.0:
        return ""
    _ = gettext(language)
    return " " + _("(the deck's %(width)s x %(height)s mm scaled by %(scale)s)") % {
        "width": decimal_text(language, deck.width), "height": decimal_text(language, deck.height),
        "scale": decimal_text(language, scale, 3)}


class PrintOnDemand(Exporter):
    name = "print-on-demand"

    def downloads(self, site, game, components) -> list[Download]:
        language = reader_language(game, site)  # the words of the page that offers them
        _ = gettext(language)
        found = []
        for deck in components.decks:
            if not deck.cards:
                continue
            trim = {"width": decimal_text(language, deck.width), "height": decimal_text(language, deck.height)}
            for shop in SHOPS:
                size = shop.nearest(deck.width, deck.height)
                target = shop.target(size)
                found.append(Download(
                    pod_cards_zip(game.slug, deck.name, shop.key),
                    _("%(deck)s for %(shop)s (ZIP of PNG)") % {"deck": deck.title, "shop": shop.title},
                    _("to upload to %(shop)s as %(size)s cards%(scaled)s: one PNG per card, %(width)s x %(height)s px "
                      "at %(dpi)s dpi with bleed, and a manifest of how many of each")
                    % {"shop": shop.title, "size": size_words(size, language), "width": target.width_px,
                       "height": target.height_px, "dpi": DPI, "scaled": scaled_words(size, deck, language)}))
            found.append(Download(
                pod_cards_pdf(game.slug, deck.name), _("%(deck)s for DriveThruCards (PDF)") % {"deck": deck.title},
                _("a print-ready deck for DriveThruCards and other card printers: PDF/X-1a in CMYK, each card's "
                  "back, then its front, %(width)s x %(height)s mm plus 1/8 inch bleed") % trim))
        return found

    def write(self, job: ExportJob) -> None:
        from generator.fingerprint import code_digest

        # the drawing, rasterising and encoding code and libraries: a change makes every deck again
        code = code_digest() + raster_versions()
        for deck in job.components.decks:
            if not deck.cards:
                continue
            for shop in SHOPS:
                name = pod_cards_zip(job.game.slug, deck.name, shop.key)
                job.write(name, deck_zip(job.artwork, deck, shop, code, last_file(job, name)))
            job.write(pod_cards_pdf(job.game.slug, deck.name), drivethrucards_pdf(job, deck))

    def check(self, components, artwork) -> list:
        from generator.exports.preflight import pod_preflight

        return pod_preflight(components, artwork, SHOPS, cover_scale, DTC_SAFE_MM)


def deck_zip(artwork, deck, shop: Shop, code: str = "", last: Path | None = None) -> bytes:
    """One deck's cards for one shop: a PNG per distinct face and back, and the manifest. The
    ZIP's comment is the key of what it holds (deck_key): when `last` (the last build's ZIP of
    this deck for this shop) has the same, its bytes are this build's too, and no card is
    drawn again (editing one deck of a game remakes that deck's files, not every deck's)."""
    size = shop.nearest(deck.width, deck.height)
    scale = cover_scale(size, deck.width, deck.height)
    pieces = list(shop_pieces(artwork, deck, shop.safe_mm / scale))
    key = deck_key(pieces, shop, size, code)
    data = last_build_zip(last, key) if last is not None else None
    if data is not None:
        return data
    members, rows = [], [["card", "side", "count", "file", "size", "width_px", "height_px"]]
    _size, target, _pieces, pictures = shop_images(artwork, deck, shop, pieces)
    for piece, data in zip(pieces, pictures):
        file = f"{piece.name}.png"
        members.append((file, data))
        side = "front" if piece.kind == "card-front" else "back"
        rows.append([piece.title or piece.name, side, piece.count, file, size.name, target.width_px, target.height_px])
    return zip_bytes([("manifest.csv", csv_text(rows))] + members, comment=key)


def deck_key(pieces: list, shop: Shop, size: CardSize, code: str) -> bytes:
    """What a deck's ZIP for a shop is made from: its cards' drawings (every shape, and the
    bytes of every picture they place), names and counts, the shop's picture, and `code`
    (our code's digest and the rasterising libraries' versions)."""
    drawings = repr([(piece.name, piece.title, piece.kind, piece.count, piece.bleed_mm, piece.drawing)
                     for piece in pieces])
    for href in sorted(picture_files(piece.drawing.shapes for piece in pieces)):
        # a picture by its bytes, not its path: a copy of the site elsewhere makes the same ZIP
        drawings = drawings.replace(repr(href), repr(file_digest(href)))
    return ("rulepress " + digest(drawings, repr(shop), repr(size), code)).encode("ascii")


def picture_files(groups) -> set[str]:
    """The picture files (Image.href) placed anywhere in these shape lists."""
    found: set[str] = set()
    for shapes in groups:
        for shape in shapes:
            if isinstance(shape, Image):
                found.add(shape.href)
            elif isinstance(shape, Group):
                found |= picture_files([shape.shapes])
    return found


def file_digest(path: str) -> str:
    """A picture file's bytes, named by its file name alone (not where the site lies)."""
    try:
        return files_digest([path], Path(path).parent)
    except OSError:
        return "missing"


def last_file(job: ExportJob, name: str) -> Path | None:
    """The last build's file of that name in the site's output, if there is one."""
    return Path(job.output_root) / exports_folder(job.game.slug) / name if job.output_root is not None else None
