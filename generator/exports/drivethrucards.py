"""A deck for DriveThruCards: one PDF/X-1a:2003 file in CMYK, each card's back then its front,
on pages of the trim plus 1/8" bleed, the trim box and bleed box set (their upload guide).

Colour: DriveThruCards asks for CMYK with at most 240% total ink. The cards' sRGB colours are
converted by LittleCMS to the profile in profiles/ (made from the CGATS TR 005 (SWOP Grade 5)
characterisation data with a 240% ink limit; profiles/README.md says how and under what
licence), which the file embeds as its OutputIntent; draw/pdfx.py writes the file.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.draw.shapes import Drawing, Group
from generator.exports.formats import ExportJob
from generator.exports.raster import MM_PER_INCH
from generator.exports.shop_faces import DTC_SAFE_MM

DTC_BLEED_MM = MM_PER_INCH / 8  # DriveThruCards' bleed: 1/8 inch each side
DTC_INK_LIMIT = 240.0  # percent, the four inks together
PROFILE = Path(__file__).parent / "profiles" / "rulepress-cmyk-240.icc"


@lru_cache(maxsize=1)
def printing_condition():
    from generator.draw.pdfx import PrintingCondition

    if not PROFILE.is_file():  # a package installed without its data files
        raise RuntimeError(f"the CMYK profile the DriveThruCards PDFs need is missing: {PROFILE} "
                           "(pyproject.toml's package-data must ship generator/exports/profiles/*.icc)")
    return PrintingCondition(PROFILE, "CGATS TR 005",
                             "SWOP Grade 5 coated paper (ANSI CGATS/SWOP TR 005-2007), total ink 240%",
                             DTC_INK_LIMIT)


@lru_cache(maxsize=1)
def dtc_ink():
    """One converter for the process: each colour is converted once, for every deck."""
    return printing_condition().ink()


def drivethrucards_pdf(job: ExportJob, deck) -> bytes:
    """Every card of the deck in order, its back then its front, drawn for a shop (no white
    edge, words inside DriveThruCards' 1/8" safe zone), as vectors in CMYK."""
    from generator.draw.pdfx import render_pdfx

    fronts, backs = job.artwork.shop_cards(deck, DTC_SAFE_MM)
    pages = []
    for front, back in zip(fronts, backs):
        pages += [bleed_page(back, deck), bleed_page(front, deck)]
    title = f"{job.game.title}: {deck.title} for DriveThruCards"
    return render_pdfx(pages, printing_condition(), title=title, author=", ".join(job.game.designers),
                       subject=title, keywords="print on demand, cards, PDF/X-1a, Rulepress", ink=dtc_ink())


def bleed_page(card: Drawing, deck):
    """A card on a page of its trim plus 1/8" bleed, the trim box and bleed box set. Where the
    deck's own bleed is narrower, the card's art drawn a little larger beneath it fills the
    rest (the same drawing; its edge is the card's background)."""
    from generator.draw.pdf import PdfPage

    width, height = deck.width + 2 * DTC_BLEED_MM, deck.height + 2 * DTC_BLEED_MM
    offset = DTC_BLEED_MM - deck.bleed
    shapes = []
    if offset > 0:
        grow = max(width / card.width, height / card.height)
        shapes.append(Group(card.shapes, dx=round((width - card.width * grow) / 2, 6),
                            dy=round((height - card.height * grow) / 2, 6), scale=round(grow, 9)))
    shapes.append(Group(card.shapes, dx=round(offset, 6), dy=round(offset, 6)))
    page = Drawing(round(width, 6), round(height, 6), tuple(shapes), title=card.title)
    return PdfPage(page, trim_box=(DTC_BLEED_MM, DTC_BLEED_MM, deck.width, deck.height),
                   bleed_box=(0, 0, page.width, page.height))
