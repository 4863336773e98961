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
        self.setFont(SANS, 7.5)
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


def typeset(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict) -> bytes:
    """The chapters as one PDF on `paper` ("a4", "letter" or "a5")."""
    out = io.BytesIO()
    doc = new_document(game, paper, title, out)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="text")
    doc.addPageTemplates([PageTemplate("cover", [frame]), PageTemplate("body", [frame])])
    styles = make_styles(game.accent)
    doc.contents_styles = styles.toc
    story = book_story(site, game, chapters, frame.width - frame.leftPadding - frame.rightPadding, title, figures,
                       styles)
    doc.build(story, canvasmaker=lambda *a, **k: BookCanvas(*a, book_title=f"{game.title} · {title}", **k))
    return out.getvalue()


def book_story(site: Site, game: Game, chapters: list[Chapter], width: float, title: str, figures: dict,
               styles: Styles | None = None) -> list:
    """Every flowable of the book, for a text frame `width` points wide."""
    register_book_fonts()
    styles = styles or make_styles(game.accent)
    headings: list[Heading] = []  # every chapter's, in order: the contents are made from them
    body = []
    for chapter in chapters:
        body += chapter_story(site, game, chapter, styles, width, headings, figures)
    return cover(game, styles, title) + [NextPageTemplate("body"), PageBreak()] + contents(styles, headings, width) + body


def typeset_sheet(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict) -> bytes:
    """A player aid: its pages in two columns of small type, no cover or contents, to fit one sheet."""
    styles = make_styles(game.accent, scale=0.85)
    out = io.BytesIO()
    doc = new_document(game, paper, title, out)
    gap = 7 * MM
    column = (doc.width - gap) / 2
    frames = [Frame(doc.leftMargin + i * (column + gap), doc.bottomMargin, column, doc.height, id=f"column{i}")
              for i in range(2)]
    doc.addPageTemplates([PageTemplate("body", frames)])
    story, headings = [], []
    for chapter in chapters:
        story += chapter_story(site, game, chapter, styles, column - frames[0].leftPadding - frames[0].rightPadding,
                               headings, figures)[:-1]  # no page break after the last
    doc.build(story, canvasmaker=lambda *a, **k: BookCanvas(*a, book_title=f"{game.title} · {title}",
                                                             cover=False, **k))
    return out.getvalue()


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
                  figures: dict) -> list:
    """One page as a chapter; its headings join `headings` (keys "h0", "h1"... across the book)."""
    book = Typesetter(styles, width, PaperDirectives(site, game, chapter.env, figures))
    book.headings = headings
    title = Heading(1, chapter.page.title, f"h{len(headings)}")
    headings.append(title)
    heading = Paragraph(f'<a name="{title.key}"/>{escape(chapter.page.title)}', styles.headings[1])
    heading.rulebook_heading = title
    body = book.blocks(chapter.tree)
    notes = [Spacer(1, 6), Paragraph("Notes", styles.headings[4]), *book.notes] if book.notes else []
    return [heading, *body, *notes, PageBreak()]
