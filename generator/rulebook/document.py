"""A game's pages as one typeset PDF: a cover, a contents page, the pages as
chapters, a running header with the game's title, "Page i of n" at the foot,
and a PDF outline that mirrors the headings. Reproducible: the same sources
give the same bytes (reportlab's invariant mode)."""
from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from markdown_it.tree import SyntaxTreeNode
from reportlab.lib.pagesizes import A4, A5, LETTER
from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, Spacer, Table, TableStyle)

from generator.content.model import Game, Page, Site
from generator.rulebook.blocks import Heading, Typesetter
from generator.rulebook.directives import PaperDirectives
from generator.rulebook.fonts import SANS, SERIF, register_book_fonts
from generator.rulebook.styles import IN_BOOK_FACE, MUTED, RULE, Styles, make_styles

PAPERS = {"a4": A4, "letter": LETTER, "a5": A5}
MARGINS = {"a4": (20, 18, 20, 20), "letter": (19, 18, 19, 20), "a5": (14, 13, 14, 15)}  # mm: left top right bottom
HEADER_PT = 7.5  # the running header and the page number
AID_SCALE = 0.85  # a player aid's type, of the book's: it must fit one sheet
AID_GAP = 7 * MM  # between a player aid's two columns
FRAME_PADDING = 6.0  # pt, inside each side of a text frame (platypus's default)


def text_width(paper: str) -> float:
    """The width of a rulebook's text on `paper`, in points."""
    return page_width(paper) - FRAME_PADDING - FRAME_PADDING


def column_width(paper: str) -> float:
    """The width of each of a player aid's two columns on `paper`, in points."""
    return (page_width(paper) - AID_GAP) / 2 - FRAME_PADDING - FRAME_PADDING


def page_width(paper: str) -> float:
    """Between the margins (as platypus reckons a document's width, to the last bit)."""
    left, _top, right, _bottom = MARGINS[paper]
    return PAPERS[paper][0] - left * MM - right * MM


@dataclass(frozen=True)
class Chapter:
    """One page of the site, parsed: its title and token tree, and the env its rules filled."""

    page: Page
    tree: SyntaxTreeNode
    env: dict


class BookCanvas(Canvas):
    """Holds every page until the end, so each foot can say "Page i of n"."""

    def __init__(self, *args, book_title: str = "", cover: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.book_title, self.cover = book_title, cover
        self.pages: list[dict] = []

    def showPage(self):
        self.pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self.pages)
        for number, state in enumerate(self.pages, start=1):
            self.__dict__.update(state)
            if number > 1 or not self.cover:  # the cover has no header or page number
                self.running_header_and_foot(number, total)
            super().showPage()
        super().save()

    def running_header_and_foot(self, number: int, total: int) -> None:
        width, height = self._pagesize
        self.saveState()
        self.setFont(SANS, HEADER_PT)
        self.setFillColor(MUTED)
        self.setStrokeColor(RULE)
        self.setLineWidth(0.4)
        self.drawString(16 * MM, height - 10 * MM, self.book_title)
        self.line(16 * MM, height - 11.5 * MM, width - 16 * MM, height - 11.5 * MM)
        self.drawRightString(width - 16 * MM, 9 * MM, f"Page {number} of {total}" if total > 1 else "")
        self.restoreState()


class PageNumber(Flowable):
    """A contents entry's page number: a form XObject drawn here and filled in when its
    heading is laid out (PDF allows the forward reference), so one pass sets the book."""

    width = 34.0

    def __init__(self, key: str, style):
        super().__init__()
        self.key, self.style = key, style

    def wrap(self, available_width, available_height):
        return self.width, self.style.leading

    def draw(self):
        self.canv.saveState()
        self.canv.translate(0, self.style.leading - self.style.fontSize)
        self.canv.doForm(f"page-of-{self.key}")
        self.canv.restoreState()


class BookTemplate(BaseDocTemplate):
    """Outline entries, and the contents' page numbers, from the headings as they are laid out."""

    contents_styles: list = []  # by depth: the contents entry's style, for its page number

    def afterFlowable(self, flowable):
        heading: Heading | None = getattr(flowable, "rulebook_heading", None)
        if heading is None or heading.level > 3:
            return
        depth = heading.level - 1  # the page's title is 0, its h2 are 1, h3 are 2
        self.canv.bookmarkPage(heading.key)
        self.canv.addOutlineEntry(heading.text, heading.key, level=depth, closed=depth >= 1)
        if depth <= 1 and self.contents_styles:
            style = self.contents_styles[depth]
            self.canv.beginForm(f"page-of-{heading.key}", lowerx=0, lowery=-style.fontSize,
                                upperx=PageNumber.width, uppery=style.leading)
            self.canv.setFont(style.fontName, style.fontSize)
            self.canv.setFillColor(style.textColor)
            self.canv.drawRightString(PageNumber.width, 0, str(self.page))
            self.canv.endForm()


def new_document(game: Game, paper: str, title: str, out: io.BytesIO) -> BookTemplate:
    """An empty document on `paper` with the book's metadata; reproducible (invariant)."""
    register_book_fonts()
    left, top, right, bottom = (value * MM for value in MARGINS[paper])
    return BookTemplate(out, pagesize=PAPERS[paper], invariant=1, title=f"{game.title}: {title}",
                        author=", ".join(game.designers) or game.title, subject=f"{title}: {game.title}",
                        creator="Rulepress", initialFontName=SERIF, leftMargin=left, rightMargin=right,
                        topMargin=top, bottomMargin=bottom)


def print_scale(paper: str) -> float:
    """How large a page set on `paper` prints: A4 and Letter pages as set; the A5 pages are
    the booklet's, printed two to a sheet and shrunk to fit US Letter (94%)."""
    if paper != "a5":
        return 1.0
    from generator.rulebook.booklet import smallest_print

    return smallest_print()[0]


@dataclass
class PlannedBook:
    """A book ready to lay out: its document, every flowable, and the diagrams set in them
    (what preflight checks before anything is typeset)."""

    doc: BookTemplate
    out: io.BytesIO  # where the document writes its PDF
    story: list
    placed: list  # preflight.PlacedFigure, one per diagram
    running_title: str  # the header of every page
    cover: bool  # the first page is a cover, without header or page number

    def typeset(self) -> bytes:
        self.doc.build(self.story, canvasmaker=lambda *a, **k: BookCanvas(*a, book_title=self.running_title,
                                                                          cover=self.cover, **k))
        return self.out.getvalue()


def plan_book(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict) -> PlannedBook:
    """The chapters as one book on `paper` ("a4", "letter" or "a5"), with a cover and contents."""
    out = io.BytesIO()
    doc = new_document(game, paper, title, out)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="text", leftPadding=FRAME_PADDING,
                  rightPadding=FRAME_PADDING)
    doc.addPageTemplates([PageTemplate("cover", [frame]), PageTemplate("body", [frame])])
    styles = make_styles(game.accent)
    doc.contents_styles = styles.toc
    placed: list = []
    story = book_story(site, game, chapters, text_width(paper), title, figures, styles, print_scale(paper), placed)
    return PlannedBook(doc, out, story, placed, f"{game.title} · {title}", cover=True)


def book_story(site: Site, game: Game, chapters: list[Chapter], width: float, title: str, figures: dict,
               styles: Styles | None = None, scale: float = 1.0, placed: list | None = None) -> list:
    """Every flowable of the book, for a text frame `width` points wide, printed at `scale`;
    the diagrams set join `placed`."""
    register_book_fonts()
    styles = styles or make_styles(game.accent)
    headings: list[Heading] = []  # every chapter's, in order: the contents are made from them
    placed = [] if placed is None else placed
    body = []
    for chapter in chapters:
        body += chapter_story(site, game, chapter, styles, width, headings, figures, scale, placed)
    return cover(game, styles, title) + [NextPageTemplate("body"), PageBreak()] + contents(styles, headings, width) + body


def plan_sheet(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict) -> PlannedBook:
    """A player aid: its pages in two columns of small type, no cover or contents, to fit one sheet."""
    styles = make_styles(game.accent, scale=AID_SCALE)
    out = io.BytesIO()
    doc = new_document(game, paper, title, out)
    column = (doc.width - AID_GAP) / 2
    frames = [Frame(doc.leftMargin + i * (column + AID_GAP), doc.bottomMargin, column, doc.height, id=f"column{i}",
                    leftPadding=FRAME_PADDING, rightPadding=FRAME_PADDING) for i in range(2)]
    doc.addPageTemplates([PageTemplate("body", frames)])
    story, headings, placed = [], [], []
    for chapter in chapters:
        story += chapter_story(site, game, chapter, styles, column_width(paper), headings, figures,
                               print_scale(paper), placed)[:-1]  # no page break after the last
    return PlannedBook(doc, out, story, placed, f"{game.title} · {title}", cover=False)


def cover(game: Game, styles: Styles, title: str) -> list:
    facts = [game.players_text] + [t for t in (game.play_time_text, f"ages {game.ages}+" if game.ages else "") if t]
    parts = [Spacer(1, 50 * MM), Paragraph(escape(game.title), styles.title),
             Paragraph(escape(title), styles.subtitle)]
    if game.designers:
        parts.append(Paragraph("by " + escape(", ".join(game.designers)), styles.subtitle))
    parts += [Paragraph(escape(" · ".join(facts)), styles.subtitle), Spacer(1, 30 * MM)]
    for words in (game.credit, f"Source: {game.source}", game.licence):
        if words:
            parts.append(Paragraph(escape(words), styles.small))
    return parts


def contents(styles: Styles, headings: list[Heading], width: float) -> list:
    """The page titles and their h2 headings with their page numbers (filled in as they are laid out)."""
    entries = [h for h in headings if h.key and h.level <= 2]
    rows = [[Paragraph(escape(h.text), styles.toc[h.level - 1]), PageNumber(h.key, styles.toc[h.level - 1])]
            for h in entries]
    table = Table(rows, colWidths=[width - PageNumber.width, PageNumber.width], hAlign="LEFT")
    chapters = [("TOPPADDING", (0, row), (-1, row), 7) for row, h in enumerate(entries) if h.level == 1 and row]
    table.setStyle(TableStyle([IN_BOOK_FACE, ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                               ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE), *chapters]))
    return [Paragraph("Contents", styles.headings[2]), table, PageBreak()]


def chapter_story(site: Site, game: Game, chapter: Chapter, styles: Styles, width: float, headings: list,
                  figures: dict, scale: float = 1.0, placed: list | None = None) -> list:
    """One page as a chapter, printed at `scale`; its headings join `headings` (keys "h0",
    "h1"... across the book) and its diagrams `placed`."""
    book = Typesetter(styles, width, PaperDirectives(site, game, chapter.env, figures), print_scale=scale,
                      placed=[] if placed is None else placed)
    book.headings = headings
    title = Heading(1, chapter.page.title, f"h{len(headings)}")
    headings.append(title)
    heading = Paragraph(f'<a name="{title.key}"/>{escape(chapter.page.title)}', styles.headings[1])
    heading.rulebook_heading = title
    body = book.blocks(chapter.tree)
    notes = [Spacer(1, 6), Paragraph("Notes", styles.headings[4]), *book.notes] if book.notes else []
    return [heading, *body, *notes, PageBreak()]
