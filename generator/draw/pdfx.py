"""PDF/X-1a:2003 (ISO 15930-4): the pages in CMYK for one printing condition, as print shops take them.

What the standard asks, and where it is done:

- CMYK only: every colour and picture through draw/cmyk.CmykInk (LittleCMS, the condition's
  ICC profile), total ink held to its limit; no RGB operator or image is written;
- no transparency: translucent shapes drawn in the colour they show (draw/opaque.solid);
- an OutputIntent (`/S /GTS_PDFX`) naming the printing condition, with its ICC profile
  embedded (`DestOutputProfile`), `GTS_PDFXVersion` and `Trapped` in the document info;
- TrimBox and BleedBox on every page (the caller's PdfPage boxes: required here), fonts
  embedded (reportlab embeds every TrueType subset), PDF 1.4, a document ID (reportlab's
  invariant one: the same pages give the same bytes).

reportlab writes the pages; pypdf adds the catalogue's OutputIntents and the info keys
reportlab has no place for.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from generator.draw.cmyk import CmykInk
from generator.draw.opaque import solid
from generator.draw.pdf import PdfPage, render_pdf

PDFX_VERSION = "PDF/X-1a:2003"


@dataclass(frozen=True)
class PrintingCondition:
    """A characterised printing condition: its ICC profile (CMYK output), its name in the ICC's
    registry of characterisations, and the total ink the press takes."""

    profile: Path
    identifier: str  # OutputConditionIdentifier: "CGATS TR 005"
    condition: str  # in words, for people
    ink_limit: float = 240.0
    registry: str = "http://www.color.org"

    def ink(self) -> CmykInk:
        return CmykInk(self.profile, self.ink_limit)


def render_pdfx(pages: Sequence[PdfPage], condition: PrintingCondition, *, title: str, author: str,
                subject: str = "", keywords: str = "", ink: CmykInk | None = None) -> bytes:
    """The pages as one PDF/X-1a:2003 file for `condition`, reproducible byte for byte."""
    for number, page in enumerate(pages, 1):
        if page.trim_box is None or page.bleed_box is None:
            raise ValueError(f"page {number} has no trim box or bleed box, which PDF/X asks of every page")
    solid_pages = [replace(page, drawing=solid(page.drawing)) for page in pages]
    plain = render_pdf(solid_pages, title=title, author=author, subject=subject, keywords=keywords,
                       ink=ink or condition.ink())
    return with_output_intent(plain, condition)


def with_output_intent(pdf: bytes, condition: PrintingCondition) -> bytes:
    """The file with its OutputIntent (the profile embedded) and PDF/X's info keys."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    intent = output_intent(writer, condition)
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    info = writer._info if writer._info is not None else DictionaryObject()
    info.update(pdfx_info())
    writer.pdf_header = b"%PDF-1.4"  # PDF/X-1a:2003 is PDF 1.4
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def output_intent(writer, condition: PrintingCondition):
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, NumberObject, TextStringObject

    profile = DecodedStreamObject()
    profile.set_data(condition.profile.read_bytes())
    profile[NameObject("/N")] = NumberObject(4)  # CMYK
    return DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(condition.identifier),
        NameObject("/OutputCondition"): TextStringObject(condition.condition),
        NameObject("/RegistryName"): TextStringObject(condition.registry),
        NameObject("/Info"): TextStringObject(condition.condition),
        NameObject("/DestOutputProfile"): writer._add_object(profile.flate_encode()),
    })


def pdfx_info() -> dict:
    from pypdf.generic import NameObject, TextStringObject

    return {NameObject("/GTS_PDFXVersion"): TextStringObject(PDFX_VERSION),
            NameObject("/Trapped"): NameObject("/False")}  # not trapped: the printer may trap it
