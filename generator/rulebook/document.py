"""A game's pages as one typeset PDF: a cover, a contents page, the pages as
chapters, a running header with the game's title, "Page i of n" at the foot,
and a PDF outline that mirrors the headings. Set as a book: a measure of about
70 characters (BOOK_MARGINS, BOOK_TYPE), the glossary and the clarifications index
in two columns, quotes curled, headings and captions kept with the start of what
follows (KeepWithStart). Reproducible: the same sources give the same bytes
(reportlab's invariant mode)."""
from __future__ import annotations

import io
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from markdown_it.tree import SyntaxTreeNode
from reportlab.lib.pagesizes import A4, A5, LETTER
from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, KeepTogether, NextPageTemplate, PageBreak,
                                PageTemplate, Paragraph, Spacer, Table, TableStyle)

from generator.draw.pdf import binary_streams
from generator.content.model import Game, Page, Site
from generator.i18n.interface import ages_text, gettext, minutes_text, players_text, reader_language
from generator.i18n.interface import release_stamp as stamp_of
from generator.rulebook.blocks import Heading, Typesetter
from generator.rulebook.columns import MeasuredColumns
from generator.rulebook.directives import PaperDirectives
from generator.rulebook.floats import floating
from generator.rulebook.fonts import MONO, SERIF, heading_faces, register_book_fonts, running_face
from generator.rulebook.styles import IN_BOOK_FACE, MUTED, RULE, Styles, book_language, curled, make_styles

PAPERS = {"a4": A4, "letter": LETTER, "a5": A5}
# mm: left top right bottom. A book's text is set to a measure of about 70 characters (books are
# set at 60-75; across the whole of A4 it was 95): wide margins on A4 and Letter, with larger
# type (BOOK_TYPE). A player aid's two columns, and a glossary's, use the narrow SHEET_MARGINS.
BOOK_MARGINS = {"a4": (33, 18, 33, 20), "letter": (36, 18, 36, 20), "a5": (14, 13, 14, 15)}
SHEET_MARGINS = {"a4": (20, 18, 20, 20), "letter": (19, 18, 19, 20), "a5": (14, 13, 14, 15)}
# the book's type, of make_styles' sizes; the booklet's A5 pages at 9.3 pt (8.8 pt on Letter, at 94%), as a
# publisher sets a booklet: SHOOT's then holds to ten sheets
BOOK_TYPE = {"a4": 1.1, "letter": 1.1, "a5": 0.97}
# a two-column chapter's type, of make_styles' sizes: 9.1 pt; on A5 8.6 pt (8.2 pt printed on
# Letter), where a column holds about 32 characters, as a publisher sets a booklet's glossary
COLUMN_TYPE = {"a4": 0.95, "letter": 0.95, "a5": 0.9}
TWO_COLUMN_GLOSSARY = ("a4", "letter", "a5")  # a glossary of short entries, looked up: two columns
# mm: how far a walkthrough's strip may reach into each side margin, to set two readable steps
# across (a book's figures may be wider than its measure of text; the booklet's margins are narrow)
STRIP_OUTDENT = {"a4": 15, "letter": 15, "a5": 5}
HEADER_PT = 7.5  # the running header and the page number
AID_GAP = 7 * MM  # between the two columns of a player aid or a glossary
FRAME_PADDING = 6.0  # pt, inside each side of a text frame (platypus's default)


def text_width(paper: str) -> float:
    """The width of a rulebook's text on `paper`, in points."""
    return page_width(paper, BOOK_MARGINS) - FRAME_PADDING - FRAME_PADDING


def strip_width(paper: str) -> float:
    """The widest a walkthrough's strip is set on `paper`, in points: the text and STRIP_OUTDENT."""
    return text_width(paper) + 2 * STRIP_OUTDENT[paper] * MM


def column_width(paper: str) -> float:
    """The width of each of a player aid's (or a glossary's) two columns on `paper`, in points."""
    return (page_width(paper, SHEET_MARGINS) - AID_GAP) / 2 - FRAME_PADDING - FRAME_PADDING


def chapter_width(chapter_page: Page, paper: str) -> float:
    """The width a chapter of the rules is set in: a glossary's column, or the book's text."""
    return column_width(paper) if two_columns(chapter_page, paper) else text_width(paper)


def two_columns(chapter_page: Page, paper: str) -> bool:
    """A glossary is a list of short entries: set in two columns, it takes half the pages."""
    return chapter_page.glossary and paper in TWO_COLUMN_GLOSSARY


def page_width(paper: str, margins: dict) -> float:
    """Between the margins (as platypus reckons a document's width, to the last bit)."""
    left, _top, right, _bottom = margins[paper]
    return PAPERS[paper][0] - left * MM - right * MM


@dataclass(frozen=True)
class Chapter:
    """One page of the site, parsed: its title and token tree, and the env its rules filled."""

    page: Page
    tree: SyntaxTreeNode
    env: dict


class BookCanvas(Canvas):
    """Holds every page until the end, so each foot can say "Page i of n" (and, at its left,
    the release the book was made from: `stamp`)."""

    def __init__(self, *args, book_title: str = "", cover: bool = True, stamp: str = "", language: str = "",
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.book_title, self.cover, self.stamp = book_title, cover, stamp
        _ = gettext(language)
        self.page_words = _("Page %(number)s of %(total)s")  # in the book's language
        # points from the left and right of the page: the header spans the page's text (set by
        # its template, see text_edges, and kept with each page's state)
        self.edges = (16 * MM, 16 * MM)
        self.pages: list[dict] = []

    def showPage(self):
        self.pages.append(dict(self.__dict__))
        self._startPage()

    def bookmarkPage(self, key, *args, **kwargs):
        """A destination on the page being drawn: the document numbers pages as they are shown,
        and they are shown only at the end, so without this every outline entry and link
        pointed at the cover."""
        shown, self._doc.pageCounter = self._doc.pageCounter, len(self.pages) + 1
        try:
            return super().bookmarkPage(key, *args, **kwargs)
        finally:
            self._doc.pageCounter = shown

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
        self.setFont(running_face(self.book_title), HEADER_PT)
        self.setFillColor(MUTED)
        self.setStrokeColor(RULE)
        self.setLineWidth(0.4)
        left, right = self.edges[0], width - self.edges[1]
        self.drawString(left, height - 10 * MM, self.book_title)
        self.line(left, height - 11.5 * MM, right, height - 11.5 * MM)
        self.drawRightString(right, 9 * MM, self.page_words % {"number": number, "total": total} if total > 1 else "")
        if self.stamp:
            self.drawString(left, 9 * MM, self.stamp)
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


class KeepWithStart(KeepTogether):
    """Headings and captions (keepWithNext) kept with the start of what follows them, not all
    of it: platypus keeps them with the whole of it, so a caption moved a long table or strip
    to the next page whole and left half of this one empty."""

    def split(self, available_width, available_height):
        if getattr(self, "_wrapInfo", None) != (available_width, available_height):
            self.wrap(available_width, available_height)
        *kept, following = self._content
        if kept and self.starts_here(kept, following, available_width, available_height):
            return list(self._content)  # the frame sets them and splits what follows
        return super().split(available_width, available_height)

    @staticmethod
    def starts_here(kept: list, following: Flowable, width: float, height: float) -> bool:
        """Whether the kept flowables and a first part of `following` fit in `height`."""
        used = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in kept)
        room = height - used - following.getSpaceBefore()
        return room > 0 and len(following.split(width, room)) >= 2  # a table's first rows, a paragraph's first lines


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


def new_document(game: Game, paper: str, title: str, out: io.BytesIO, margins: dict) -> BookTemplate:
    """An empty document on `paper` with the book's metadata; reproducible (invariant)."""
    register_book_fonts()
    left, top, right, bottom = (value * MM for value in margins[paper])
    return BookTemplate(out, pagesize=PAPERS[paper], invariant=1, title=f"{game.title}: {title}",
                        author=", ".join(game.designers) or game.title, subject=f"{title}: {game.title}",
                        creator="Rulepress", initialFontName=SERIF, leftMargin=left, rightMargin=right,
                        topMargin=top, bottomMargin=bottom, keepTogetherClass=KeepWithStart)


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
    pictures: bool = False  # a player aid's set-up pictures are on its sheet
    stamp: str = ""  # the release at the foot of every page ("" : the game lists no release)
    language: str = ""  # of the words the book adds itself ("Page 3 of 17"): generator/i18n/interface.py

    def typeset(self) -> bytes:
        """The PDF (laid out once: a player aid is laid out to count its pages, then kept)."""
        if not self.out.getvalue():
            self.lay_out()
            with binary_streams():
                self.doc.canv.save()
        return self.out.getvalue()

    def page_count(self) -> int:
        self.lay_out()
        return self.doc.page

    def lay_out(self) -> None:
        """Set every page, once, without writing the PDF: a player aid tried in a type size that
        does not fit is never written (writing was a third of each try)."""
        if getattr(self.doc, "canv", None) is None:
            self.doc._doSave = 0  # reportlab's own switch: build() then leaves the canvas unsaved
            self.doc.build(self.story, canvasmaker=lambda *a, **k: BookCanvas(
                *a, book_title=self.running_title, cover=self.cover, stamp=self.stamp, language=self.language, **k))


def plan_book(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict) -> PlannedBook:
    """The chapters as one book on `paper` ("a4", "letter" or "a5"), with a cover and contents."""
    language = reader_language(game, site)
    title = gettext(language)(title)  # "Rules": marked where the book is asked for (site/pages.game_links)
    out = io.BytesIO()
    doc = new_document(game, paper, title, out, BOOK_MARGINS)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="text", leftPadding=FRAME_PADDING,
                  rightPadding=FRAME_PADDING)
    columns = [columns_frame(paper, doc.bottomMargin, doc.height)]
    doc.addPageTemplates([page_template("cover", [frame], paper), page_template("body", [frame], paper),
                          page_template("columns", columns, paper)])
    styles = make_styles(game.accent, scale=BOOK_TYPE[paper], heading=heading_faces(game),
                         language=book_language(site, game))
    doc.contents_styles = styles.toc
    placed: list = []
    widths = [chapter_width(chapter.page, paper) for chapter in chapters]
    story = book_story(site, game, chapters, text_width(paper), title, figures, styles, print_scale(paper), placed,
                       widths, strip=strip_width(paper), paper=paper)
    return PlannedBook(doc, out, story, placed, f"{game.title} · {title}", cover=True,
                       stamp=release_stamp(game, language), language=language)


def release_stamp(game: Game, language: str = "") -> str:
    """What a printed page says of the release it was made from, in the book's `language`
    ("" for a game that lists no release, whose books stay as they were)."""
    return stamp_of(language, game.release)


def page_template(name: str, frames: list[Frame], paper: str) -> PageTemplate:
    """A page of `frames`, its running header and page number as wide as their text."""
    left = min(frame._x1 + frame._leftPadding for frame in frames)
    right = PAPERS[paper][0] - max(frame._x1 + frame._width - frame._rightPadding for frame in frames)

    def text_edges(canvas, _doc):
        canvas.edges = (left, right)
    return PageTemplate(name, frames, onPage=text_edges)


def two_frames(paper: str, bottom: float, height: float) -> list[Frame]:
    """Two columns between the narrow SHEET_MARGINS, `height` points tall from `bottom`."""
    left = SHEET_MARGINS[paper][0] * MM
    column = (page_width(paper, SHEET_MARGINS) - AID_GAP) / 2
    return [Frame(left + i * (column + AID_GAP), bottom, column, height, id=f"column{i}",
                  leftPadding=FRAME_PADDING, rightPadding=FRAME_PADDING) for i in range(2)]


def columns_frame(paper: str, bottom: float, height: float) -> Frame:
    """One frame across both columns of a two-column chapter, whose Balanced flowable sets them."""
    return Frame(SHEET_MARGINS[paper][0] * MM, bottom, page_width(paper, SHEET_MARGINS), height, id="columns",
                 leftPadding=FRAME_PADDING, rightPadding=FRAME_PADDING)


def balanced(story: list) -> list:
    """A two-column chapter's `story` (ending with its page break) in two columns that fill each
    page but the last, where they are balanced: as a publisher ends a glossary (its last page was
    a full column beside an empty one, or a few lines at the top of one). The columns stand where
    two frames set them (two_frames)."""
    title, *content, end = story
    if not content or any(getattr(flowable, "rulebook_heading", None) for flowable in content):
        return story  # nothing to balance (BalancedColumns refuses it); or headings, whose copies the
        # balanced columns set would miss their outline entries
    return [title, MeasuredColumns(content, nCols=2, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                                   innerPadding=AID_GAP + 2 * FRAME_PADDING, name="columns"), end]


def book_story(site: Site, game: Game, chapters: list[Chapter], width: float, title: str, figures: dict,
               styles: Styles | None = None, scale: float = 1.0, placed: list | None = None,
               widths: list[float] | None = None, strip: float = 0.0, paper: str = "a4") -> list:
    """Every flowable of the book on `paper`, for a text frame `width` points wide, printed at `scale`;
    the diagrams set join `placed`. `widths`: each chapter's own, where it differs (a glossary
    in two columns is set in the "columns" page template); `strip`: how wide a walkthrough may be."""
    register_book_fonts()
    styles = styles or make_styles(game.accent, heading=heading_faces(game), language=book_language(site, game))
    headings: list[Heading] = []  # every chapter's, in order: the contents are made from them
    placed = [] if placed is None else placed
    widths = widths or [width] * len(chapters)
    columns = column_styles(game, styles, paper, book_language(site, game))
    stories = [chapter_story(site, game, chapter, styles if set_width == width else columns, set_width, headings,
                             figures, scale, placed, strip=strip if set_width == width else 0.0)
               for chapter, set_width in zip(chapters, widths)]
    # the contents are made from the headings the chapters have set
    language = reader_language(game, site)
    story = (cover(game, styles, title, language) + [NextPageTemplate("body"), PageBreak()]
             + contents(styles, headings, width, language))
    template = "body"
    for set_width, chapter in zip(widths, stories):
        wanted = "body" if set_width == width else "columns"
        if wanted != template:  # before the page break that ends the story so far
            story.insert(len(story) - 1, NextPageTemplate(wanted))
            template = wanted
        story += chapter if wanted == "body" else balanced(chapter)
    return curl_quotes(story)


def column_styles(game: Game, styles: Styles, paper: str = "a4", language: str = "") -> Styles:
    """A chapter in two columns (a glossary: short entries, looked up rather than read through)
    is set in smaller type, COLUMN_TYPE (its columns are half as wide as the text), under a
    title as large as every chapter's, in the book's `language`."""
    smaller = make_styles(game.accent, scale=COLUMN_TYPE[paper], heading=heading_faces(game), language=language)
    return replace(smaller, headings={**smaller.headings, 1: styles.headings[1]})


def curl_quotes(flowables: list) -> list:
    """Typographic quotes in every paragraph and table cell of `flowables` (and of the tables,
    lists and boxes they hold), code excepted; in place, as the paragraphs are parsed already."""
    for flowable in flowables:
        if isinstance(flowable, Paragraph):
            before = " "
            for frag in flowable.frags:
                if not getattr(frag, "fontName", "").startswith(MONO) and getattr(frag, "text", ""):
                    frag.text = curled(frag.text, before)
                before = getattr(frag, "text", "")[-1:] or before
        elif isinstance(flowable, Table):
            for row in flowable._cellvalues:
                for column, cell in enumerate(row):
                    if isinstance(cell, str):
                        row[column] = curled(cell)
                    else:
                        curl_quotes(cell if isinstance(cell, (list, tuple)) else [cell])
        else:  # lists, list items, kept-together groups
            inner = getattr(flowable, "_flowables", None) or getattr(flowable, "_content", None)
            if isinstance(inner, list):
                curl_quotes(inner)
    return flowables


def cover(game: Game, styles: Styles, title: str, language: str = "") -> list:
    """The title, what the book is, the designers, "2–4 players · 20 min · ages 8+", the
    release, then the credit, source and licence in small type; Rulepress's words in `language`."""
    _ = gettext(language)
    facts = [t for t in (players_text(language, game.players), minutes_text(language, game.play_time),
                         ages_text(language, game.ages)) if t]
    parts = [Spacer(1, 50 * MM), Paragraph(escape(game.title), styles.title),
             Paragraph(escape(title), styles.subtitle)]
    if game.designers:
        parts.append(Paragraph(escape(_("by %(designers)s") % {"designers": ", ".join(game.designers)}),
                               styles.subtitle))
    parts.append(Paragraph(escape(" · ".join(facts)), styles.subtitle))
    if game.release:  # the cover has no foot: the release is named here
        parts.append(Paragraph(escape(release_stamp(game, language)), styles.subtitle))
    parts.append(Spacer(1, 30 * MM))
    for words in (game.credit, _("Source: %(source)s") % {"source": game.source}, game.licence):
        if words:
            parts.append(Paragraph(escape(words), styles.small))
    return parts


def contents(styles: Styles, headings: list[Heading], width: float, language: str = "") -> list:
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
    _ = gettext(language)
    return [Paragraph(escape(_("Contents")), styles.headings[2]), table, PageBreak()]


INDEX_COLUMN = 50 * MM  # the narrowest column an index of one-line entries is set in (the booklet's: 54 mm)
INDEX_ROWS_KEPT = 4  # an index split across pages leaves at least this many rows on each


class IndexTable(Table):
    """A two-column index that splits across pages only with INDEX_ROWS_KEPT rows or more on
    each page; else it moves whole (a row or two alone read as a stray)."""

    def split(self, available_width, available_height):
        parts = super().split(available_width, available_height)
        kept = len(self._cellvalues) - INDEX_ROWS_KEPT  # the most this page keeps, leaving enough for the next
        if len(parts) == 2 and len(parts[1]._cellvalues) < INDEX_ROWS_KEPT <= kept:
            # too few left for the next page: this one keeps fewer (refused, a half-empty page was left)
            parts = super().split(available_width, sum(self._rowHeights[:kept]) + 0.5)
        if len(parts) == 2 and min(len(part._cellvalues) for part in parts) < INDEX_ROWS_KEPT:
            return []
        return parts


def index_columns(entries: list, width: float) -> list:
    """An index of short entries (the clarifications, a line or two each) in two columns, read
    down the first and then the second, when the text is wide enough: in one, a long index ran
    a few lines onto a page of its own. A table, so it splits between rows like any other."""
    column = (width - AID_GAP) / 2
    if len(entries) < 6 or column < INDEX_COLUMN or not all(isinstance(e, Paragraph) for e in entries):
        return entries
    rows = -(-len(entries) // 2)
    left, right = entries[:rows], entries[rows:] + [""] * (2 * rows - len(entries))
    table = IndexTable([list(pair) for pair in zip(left, right)], colWidths=[column + AID_GAP, column], hAlign="LEFT")
    table.setStyle(TableStyle([IN_BOOK_FACE, ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (0, -1), AID_GAP),
                               ("RIGHTPADDING", (1, 0), (1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return [table, Spacer(1, 6)]


def chapter_story(site: Site, game: Game, chapter: Chapter, styles: Styles, width: float, headings: list,
                  figures: dict, scale: float = 1.0, placed: list | None = None, figure_width: float = 0.0,
                  strip: float = 0.0) -> list:
    """One page as a chapter, printed at `scale`; its headings join `headings` (keys "h0",
    "h1"... across the book) and its diagrams `placed`."""
    directives = PaperDirectives(chapter.env, figures, columns=lambda entries: index_columns(entries, width))
    book = Typesetter(styles, width, directives, print_scale=scale, placed=[] if placed is None else placed,
                      figure_width=figure_width, strip_width=strip, folder=game.folder)
    book.headings, book.language = headings, reader_language(game, site)
    title = Heading(1, chapter.page.title, f"h{len(headings)}")
    headings.append(title)
    heading = Paragraph(f'<a name="{title.key}"/>{escape(chapter.page.title)}', styles.headings[1])
    heading.rulebook_heading = title
    body = floating(book.blocks(chapter.tree))
    _ = gettext(book.language)
    notes = [Spacer(1, 6), Paragraph(escape(_("Notes")), styles.headings[4]), *book.notes] if book.notes else []
    return [heading, *body, *notes, PageBreak()]
