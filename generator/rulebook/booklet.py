"""An A5 booklet: the book set on A5, padded to a multiple of four pages and
imposed two-up on landscape A4 or Letter sheets in saddle-stitch order, so the
printed stack, folded in half and stapled on the fold, reads in order. How to
print it goes inside the back cover, never on the cover.
pypdf places the pages (reportlab writes PDFs but does not read them)."""
from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject
from reportlab.lib.pagesizes import A4, A5, LETTER, landscape
from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas

from generator.draw import linebreak
from generator.draw.pdf import binary_streams
from generator.i18n.interface import N_, gettext
from generator.rulebook.fonts import SANS, book_faces, register_book_fonts

SHEETS = {"a4": landscape(A4), "letter": landscape(LETTER)}
HOW_TO_PRINT = N_("Print double-sided, flipping on the short edge, at 100%. Fold the stack in half "
                  "and staple along the fold.")
HOW_TO_PRINT_PT = 8.0  # set on an A5 page: 7.5 pt on paper when US Letter shrinks it (94%)
HOW_TO_PRINT_MARGIN = 14.0  # mm, from the A5 page's left edge and foot (the book's own margins)


def fit(page: tuple[float, float], paper: str) -> float:
    """How much a page of size `page` is shrunk to fit half of `paper`'s landscape sheet
    (1: printed as set; an A5 page on half a US Letter sheet prints at 94%)."""
    sheet_width, sheet_height = SHEETS[paper]
    return min(sheet_width / 2 / page[0], sheet_height / page[1])


def smallest_print() -> tuple[float, str]:
    """(scale, paper) of the sheet that prints the booklet's A5 pages smallest: their text
    must be readable there too."""
    return min((fit(A5, paper), paper) for paper in SHEETS)


def saddle_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers (1-based) of each side of each sheet, front then back."""
    sides = []
    for sheet in range(pages // 4):
        sides.append((pages - 2 * sheet, 1 + 2 * sheet))  # front
        sides.append((2 + 2 * sheet, pages - 1 - 2 * sheet))  # back
    return sides


def padded_pages(pages: int) -> int:
    """The booklet's page count for a book of `pages`: a multiple of four with room after the
    text for the inside back cover (which carries how to print) and a blank back cover."""
    return -(-(pages + 2) // 4) * 4


def impose(a5_book: bytes, paper: str, language: str = "") -> bytes:
    """The A5 book's pages two-up on `paper` ("a4" or "letter"), landscape. How to print it
    goes inside the back cover (on the first sheet's back), never on the finished cover, in the
    book's `language`."""
    reader = PdfReader(io.BytesIO(a5_book))
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    total = padded_pages(len(pages))
    while len(pages) < total:
        pages.append(PageObject.create_blank_page(width=width, height=height))
    pages[total - 2] = how_to_print(width, height, language)  # inside the back cover
    sheet_width, sheet_height = SHEETS[paper]
    scale = fit((width, height), paper)
    writer = PdfWriter()
    forms: dict[int, object] = {}  # page number -> its Form XObject in the writer
    for index, (left, right) in enumerate(saddle_order(len(pages))):
        side = writer.add_blank_page(width=sheet_width, height=sheet_height)
        ops, names = [], DictionaryObject()
        for half, number in enumerate((left, right)):
            if number not in forms:
                forms[number] = writer._add_object(page_form(pages[number - 1], writer))
            x = half * sheet_width / 2 + (sheet_width / 2 - width * scale) / 2
            y = (sheet_height - height * scale) / 2
            names[NameObject(f"/P{number}")] = forms[number]
            ops.append(f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm /P{number} Do Q")
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
        content = DecodedStreamObject()
        content.set_data(" ".join(ops).encode("ascii"))
        side[NameObject("/Contents")] = writer._add_object(content)
    writer.add_metadata({key: value for key, value in (reader.metadata or {}).items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def page_form(page: PageObject, writer: PdfWriter) -> DecodedStreamObject:
    """A page as a Form XObject: its content drawn as one unit, not re-parsed (pypdf's
    merge_transformed_page rewrites every operator, and took most of a booklet's time)."""
    form = DecodedStreamObject()
    form.set_data(page.get_contents().get_data() if page.get_contents() is not None else b"")
    form = form.flate_encode()  # compressed as the book's page was: else the booklet is 2.5 times its size
    form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): ArrayObject([FloatObject(v) for v in page.mediabox]),
                 NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page
                 else DictionaryObject()})
    return form


def how_to_print(width: float, height: float, language: str = "") -> PageObject:
    """The inside back cover: the note on duplex and folding at the foot of an A5 page, in
    `language` and its book's sans face (a CJK face for Japanese)."""
    register_book_fonts()
    face = book_faces(language).sans
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width, height), invariant=1, initialFontName=SANS)
    margin = HOW_TO_PRINT_MARGIN * MM
    lines = note_lines(gettext(language)(HOW_TO_PRINT), face, width - 2 * margin)
    text = canvas.beginText(margin, margin + HOW_TO_PRINT_PT * 1.3 * len(lines))
    text.setFont(face, HOW_TO_PRINT_PT, HOW_TO_PRINT_PT * 1.3)
    text.setFillGray(0.35)
    text.textLines(lines)
    canvas.drawText(text)
    canvas.showPage()
    with binary_streams():
        canvas.save()
    return PdfReader(io.BytesIO(out.getvalue())).pages[0]


def note_lines(words: str, face: str, width: float) -> list[str]:
    """`words` in lines of at most `width` points in `face`, broken where the kit breaks its
    words (draw/linebreak.py): at spaces, and in Japanese or Chinese between characters."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return linebreak.wrap(words, width, lambda line: stringWidth(line, face, HOW_TO_PRINT_PT))
