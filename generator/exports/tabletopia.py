"""Tabletopia images: one ZIP per game with a PNG per card face, each deck's shared back, each
board, token and sheet, at 10 px per mm (no side over 4000 px), every picture of one component
(a deck, a token set) the same pixel size, as Tabletopia's creation tool asks (a round token
clear outside its disc); and a manifest saying what each file is and how many of it the game has."""
from __future__ import annotations

from generator.exports.formats import Download, Exporter, ExportJob, csv_text, zip_bytes
from generator.exports.raster import MM_PER_INCH, Target, cut_to_disc, png_bytes, render_many
from generator.exports.shop_faces import TABLETOPIA_SAFE_MM, with_shop_cards
from generator.i18n.interface import N_, gettext, reader_language
from generator.urls import tabletopia_zip

PX_PER_MM = 10
MAX_PX = 4000
FOLDERS = {"card-front": "cards", "card-back": "cards", "board": "boards", "token": "tokens", "sheet": "sheets"}

# in the language of the page that offers the ZIP, as its manifest's titles are
README = N_("""Tabletopia images for %(title)s, made by Rulepress from the same drawings as its print-and-play kit.

In Tabletopia's Creation Tool (tabletopia.com, "Create"): add each deck as a Deck, its faces from
cards/<deck>/ and its back from the same folder (back.png); add each board from boards/, and each token
from tokens/. manifest.csv says how many copies of each the game has.
Every picture is %(ppm)s px per mm of the real component (no side over %(limit)s px).
""")


def pixel_size(width_mm: float, height_mm: float) -> tuple[int, int, float]:
    """(width, height, dpi) of a component at PX_PER_MM, shrunk to fit MAX_PX if need be."""
    shrink = min(1.0, MAX_PX / (width_mm * PX_PER_MM), MAX_PX / (height_mm * PX_PER_MM))
    width = max(1, min(MAX_PX, round(width_mm * PX_PER_MM * shrink)))
    height = max(1, min(MAX_PX, round(height_mm * PX_PER_MM * shrink)))
    return width, height, PX_PER_MM * shrink * MM_PER_INCH


def member_name(piece, backs: int) -> str:
    """Where a piece goes in the ZIP: a deck's one back is `back.png`."""
    folder = f"{FOLDERS[piece.kind]}/{piece.group}"
    if piece.kind == "board":
        return f"boards/{piece.group}.png"
    if piece.kind == "card-front":
        return f"{folder}/front-{piece.index + 1:03d}.png"
    if piece.kind == "card-back":
        return f"{folder}/back.png" if backs == 1 else f"{folder}/back-{piece.index + 1:03d}.png"
    return f"{folder}/{piece.index + 1:03d}.png"


class Tabletopia(Exporter):
    name = "tabletopia"

    def downloads(self, site, game, components) -> list[Download]:
        if not (components.decks or components.boards or components.tokens or components.sheets):
            return []
        _ = gettext(reader_language(game, site))  # the words of the page that offers it
        return [Download(tabletopia_zip(game.slug), _("Tabletopia images (ZIP of PNG)"),
                         _("to build the game in Tabletopia's creation tool: every card face, each deck's back, "
                           "the boards and tokens at %(ppm)s px per mm, one size per component") % {"ppm": PX_PER_MM})]

    def write(self, job: ExportJob) -> None:
        if not job.pieces:
            return
        members, rows = [], [["file", "component", "kind", "title", "count", "width_px", "height_px"]]
        # cards as a cut card looks (no white edge of the home-print sheet): the table shows them cut
        pieces = with_shop_cards(job.pieces, job.artwork, job.components.decks, TABLETOPIA_SAFE_MM)
        backs = {}
        for piece in pieces:
            if piece.kind == "card-back":
                backs[piece.group] = backs.get(piece.group, 0) + 1
        for group in one_size_groups(pieces):
            first = group[0]
            width, height, dpi = pixel_size(first.width_mm, first.height_mm)
            images = render_many([piece.drawing for piece in group], Target(width, height, dpi),
                                 (first.width_mm, first.height_mm), first.bleed_mm)
            for piece, image in zip(group, images):
                if piece.shape == "round":
                    image = cut_to_disc(image)
                name = member_name(piece, backs.get(piece.group, 0))
                members.append((name, png_bytes(image, dpi)))
                rows.append([name, piece.group, piece.kind, piece.title or piece.name, piece.count, width, height])
        _ = gettext(reader_language(job.game, job.site))
        readme = (_(README) % {"title": job.game.title, "ppm": PX_PER_MM, "limit": MAX_PX}).encode("utf-8")
        job.write(tabletopia_zip(job.game.slug),
                  zip_bytes([("README.txt", readme), ("manifest.csv", csv_text(rows))] + members))


def one_size_groups(pieces: list) -> list[list]:
    """Neighbouring pieces of one component and size (a deck's fronts, a token set): each group
    is drawn as one PDF and shares one pixel size."""
    groups: list[list] = []
    for piece in pieces:
        last = groups[-1][0] if groups else None
        if last is not None and (last.group, last.kind, last.width_mm, last.height_mm, last.bleed_mm) == (
                piece.group, piece.kind, piece.width_mm, piece.height_mm, piece.bleed_mm):
            groups[-1].append(piece)
        else:
            groups.append([piece])
    return groups
