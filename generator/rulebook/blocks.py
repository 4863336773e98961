"""Block tokens to platypus flowables: one function per node type, as the site's
renderer has one rule per token. Directives (tables from data, walkthroughs,
positions) are drawn from the same data and engine as on the site."""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional
from xml.sax.saxutils import escape, unescape

from markdown_it.tree import SyntaxTreeNode
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (CondPageBreak, ListFlowable, ListItem, Paragraph,
                                Preformatted, Spacer, Table, TableStyle)
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.flowables import Flowable, HRFlowable
from reportlab.platypus.paragraph import cleanBlockQuotedText

from generator.i18n.interface import gettext
from generator.markdown.admonitions import KINDS
from generator.rulebook.inline import footnote_mark, markup, plain
from generator.rulebook.styles import IN_BOOK_FACE, NOTE_FILL, RULE, Styles


CELL_PADDING = 6.5  # pt: a table cell's left and right padding, and a hair
WIDE_TABLE_PT = 7.5  # a table of more than six columns; no table is set smaller (issue 45): 7 pt in the booklet on Letter
BULLET_PT = 9  # a list's bullets and numbers


@dataclass
class Heading:
    """What the document needs of a heading: its level and text (for contents and outline)."""

    level: int
    text: str
    key: str


@dataclass
class Typesetter:
    """Turns one page's token tree into flowables. `directive(name, body, book, line)` gives
    the flowables of a fenced directive, or None for an ordinary code block."""

    styles: Styles
    width: float  # of the text frame, in points
    directive: Callable[[str, str, "Typesetter", int | None], list | None]
    headings: list[Heading] = field(default_factory=list)
    notes: list = field(default_factory=list)  # footnote flowables, for the end of the page
    print_scale: float = 1.0  # the page's size on paper: the booklet's A5 pages print smaller on Letter
    placed: list = field(default_factory=list)  # every diagram set (preflight.PlacedFigure), for preflight
    # A position diagram's widest (points), when a page gives figures more than its text: a
    # player aid sets its set-up picture across both columns, above them (0: the text's width)
    figure_width: float = 0.0
    strip_width: float = 0.0  # how wide a walkthrough's strip may be, into the margins (0: the text's)
    folder: Optional[Path] = None  # the game's: where a Markdown picture's file is (rulebook/pictures.py)
    language: str = ""  # of the words the book adds itself ("Clarification"): generator/i18n/interface.py

    def blocks(self, node: SyntaxTreeNode) -> list:
        out = []
        for child in node.children:
            out += BLOCKS.get(child.type, unknown)(self, child)
        return out


def heading(book: Typesetter, node: SyntaxTreeNode) -> list:
    level = int(node.tag[1])
    text = plain(node.children[0])
    key = f"h{len(book.headings)}"
    book.headings.append(Heading(level, text, key))
    paragraph = Paragraph(f'<a name="{key}"/>{markup(node.children[0])}', book.styles.headings[level])
    paragraph.rulebook_heading = book.headings[-1]  # document.py writes contents and outline from it
    return [CondPageBreak(60), paragraph] if level <= 2 else [paragraph]


def paragraph(book: Typesetter, node: SyntaxTreeNode) -> list:
    from generator.rulebook.pictures import picture_blocks  # a paragraph that is one picture

    return picture_blocks(book.folder, node, book.width) or [Paragraph(markup(node.children[0]), book.styles.body)]


def bullet_list(book: Typesetter, node: SyntaxTreeNode) -> list:
    ordered = node.type == "ordered_list"
    items = [ListItem(book.blocks(item) or [Spacer(1, 1)]) for item in node.children]
    start = int(node.attrs.get("start", 1)) if ordered else None
    return [ListFlowable(items, bulletType="1" if ordered else "bullet", start=start if ordered else "•",
                         leftIndent=14, bulletFontName=book.styles.body.fontName, bulletFontSize=BULLET_PT,
                         spaceAfter=4)]


def blockquote(book: Typesetter, node: SyntaxTreeNode) -> list:
    inner = Table([[book.blocks(node)]], colWidths=[book.width - 14])
    inner.setStyle(TableStyle([IN_BOOK_FACE, ("LINEBEFORE", (0, 0), (0, -1), 2, RULE), ("LEFTPADDING", (0, 0), (-1, -1), 8)]))
    return [inner, Spacer(1, 4)]


def admonition(book: Typesetter, node: SyntaxTreeNode) -> list:
    meta = node.meta
    label = gettext(book.language)(KINDS[meta["kind"]])
    if meta["kind"] == "clarification":
        title = f"{label} {meta['cid']}" + (f": {meta['title']}" if meta["title"] else "")
    else:
        title = meta["title"] or label
    inner = [Paragraph(escape(title), book.styles.note_title), *book.blocks(node)]
    box = Table([[inner]], colWidths=[book.width])
    box.setStyle(TableStyle([IN_BOOK_FACE, ("BACKGROUND", (0, 0), (-1, -1), NOTE_FILL), ("BOX", (0, 0), (-1, -1), 0.6, RULE),
                             ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                             ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
    return [box, Spacer(1, 7)]


def fence(book: Typesetter, node: SyntaxTreeNode) -> list:
    name = fence_name(node)
    made = book.directive(name, node.content, book, fence_line(node)) if name else None
    return made if made is not None else code(book, node)


def fence_name(node: SyntaxTreeNode) -> str:
    """The directive a fenced block names ("walkthrough"), or "" for a plain one."""
    return node.info.strip().split(" ")[0] if node.info else ""


def fence_line(node: SyntaxTreeNode) -> int | None:
    """The block's first line, counted from 0 in the page's body."""
    return node.map[0] if node.map else None


def code(book: Typesetter, node: SyntaxTreeNode) -> list:
    return [Preformatted(node.content.rstrip("\n"), book.styles.code), Spacer(1, 4)]


def rule(book: Typesetter, node: SyntaxTreeNode) -> list:
    return [HRFlowable(width="100%", thickness=0.5, color=RULE, spaceBefore=4, spaceAfter=6)]


def table(book: Typesetter, node: SyntaxTreeNode) -> list:
    rows = []
    for section in node.children:  # thead, tbody
        for row in section.children:
            style = book.styles.head_cell if section.type == "thead" else book.styles.cell
            rows.append([Paragraph(markup(cell.children[0]) if cell.children else "", style) for cell in row.children])
    return data_table(book, rows)


@dataclass(frozen=True)
class Cell:
    """A data table's cell before it is set: its words (escaped, without markup) and style, as a
    Paragraph holds them. It becomes a Paragraph only if it needs more than a line (one_line):
    most cells are a word or two, and parsing each cell's text as a Paragraph was half the cost
    of a long table."""

    text: str
    style: ParagraphStyle

    @classmethod
    def of(cls, text: str, style: ParagraphStyle) -> Cell:
        """The cell of `text` (escaped) with its spaces and line ends made one space, as in a Paragraph."""
        return cls(cleanBlockQuotedText(text), style)


TEXT_CELLS = (Paragraph, Cell)


def data_table(book: Typesetter, rows: list[list], caption: str = "") -> list:
    """A table that fits the text width (columns sized by their text), its header
    row repeated on every page it spans; a wide one is set smaller, never clipped."""
    columns = max(len(row) for row in rows)
    rows = [row + [""] * (columns - len(row)) for row in rows]
    if columns > 6:  # a paragraph's size is read as it is made: make it again in the smaller size
        smaller: dict = {}  # by style: one clone for all the cells of a style
        for row in rows:
            for column, cell in enumerate(row):
                if isinstance(cell, TEXT_CELLS):
                    style = smaller.get(cell.style.name) or smaller.setdefault(cell.style.name, cell.style.clone(
                        cell.style.name + "-small", fontSize=WIDE_TABLE_PT, leading=9))
                    row[column] = type(cell)(cell.text, style)
    out = [Paragraph(f"<i>{escape(caption)}</i>", book.styles.table_caption)] if caption else []
    if not words_fit(rows, book.width):  # a grid would break its words mid-way ("Car d")
        return [*out, *records(rows, book.styles.cell), Spacer(1, 7)]
    widths = column_widths(rows, book.width)
    fonts = [cell_font(row) for row in (rows[0], rows[1] if len(rows) > 1 else rows[0])]
    rows = [[one_line(cell, width) for cell, width in zip(row, widths)] for row in rows]
    style = TableStyle([IN_BOOK_FACE, *fonts[0]((0, 0), (-1, 0)), *fonts[1]((0, 1), (-1, -1)),
                        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, RULE),
                        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE), ("LEFTPADDING", (0, 0), (-1, -1), 3),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 2),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 2)])
    if len(rows) > PAGED_ROWS:
        return [*out, PagedTable(rows, widths, style), Spacer(1, 7)]
    grid = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(style)
    return [*out, grid, Spacer(1, 7)]


PAGED_ROWS = 100  # rows: more than any page holds, so a table this long spans pages
MEASURED_RUN = 100  # rows measured at a time (platypus' measuring is quadratic in a table's rows)


class PagedTable(Table):
    """A table of more than PAGED_ROWS rows, set page by page in time linear in its rows. A
    platypus Table splits by making a new Table of all the rows left, measures them all again,
    and finds each next row to measure by searching the rows from the first (and a caption kept
    with the table has it measured whole, several times): a 10,000-row data table took minutes
    to typeset. This one measures its rows once, MEASURED_RUN at a time, and sets each page as a
    Table of that page's rows under the header row, as platypus' split would.

    It is a Table of every row all the same (made once), so what reads a book's tables (curled
    quotes, which change its cells in place before it is laid out; tests of widths) reads it."""

    def __init__(self, rows: list[list], widths: list[float], style: TableStyle):
        super().__init__(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        self._style = style  # each part's: styling every cell of the whole would be set aside unused
        self._below: list[float] = []  # [0, then the height of the body rows down to each row]
        self._head = 0.0  # the header row's height

    def part(self, start: int, end: int) -> Table:
        """The header row over body rows start..end - 1 (indices of _cellvalues: the header is 0)."""
        part = Table([self._cellvalues[0], *self._cellvalues[start:end]], colWidths=self._argW, repeatRows=1,
                     hAlign="LEFT")
        part.setStyle(self._style)
        return part

    def measured(self) -> list[float]:
        if not self._below:  # the columns' widths are fixed: a row is as high on every page
            below = [0.0]
            for start in range(1, len(self._cellvalues), MEASURED_RUN):
                run = self.part(start, start + MEASURED_RUN)
                run.wrap(sum(self._argW), 1e9)
                self._head = run._rowHeights[0]
                for height in run._rowHeights[1:]:
                    below.append(below[-1] + height)
            self._below = below
        return self._below

    def size_from(self, start: int) -> tuple[float, float]:
        below = self.measured()
        return sum(self._argW), self._head + below[-1] - below[start - 1]

    def split_from(self, start: int, height: float) -> list:
        """The page's part of the rows from `start` that fits in `height`, and the rest."""
        below = self.measured()
        end = bisect.bisect_right(below, height - self._head + below[start - 1])  # rows start..end - 1 fit
        if end <= start:
            return []  # not even one row under the header: the table starts on the next page
        if end >= len(below):
            return [self.part(start, end)]
        return [self.part(start, end), TableRows(self, end)]

    def wrap(self, available_width, available_height):
        self._width, self._height = self.size_from(1)
        return self._width, self._height

    def split(self, available_width, available_height):
        return self.split_from(1, available_height)

    def draw(self):
        draw_part(self.part(1, len(self._cellvalues)), self.canv)


class TableRows(Flowable):
    """What is left of a PagedTable after a page: its rows from `start` on, under its header."""

    def __init__(self, table: PagedTable, start: int):
        super().__init__()
        self.table, self.start, self.hAlign = table, start, "LEFT"

    def wrap(self, available_width, available_height):
        self.width, self.height = self.table.size_from(self.start)
        return self.width, self.height

    def split(self, available_width, available_height):
        return self.table.split_from(self.start, available_height)

    def draw(self):
        draw_part(self.table.part(self.start, len(self.table._cellvalues)), self.canv)


def draw_part(part: Table, canvas) -> None:
    """Draw `part` where its flowable stands (the canvas is already moved there)."""
    part.wrapOn(canvas, sum(part._argW), 1e9)
    part.canv = canvas
    try:
        part.draw()
    finally:
        del part.canv


def records(rows: list[list], style) -> list:
    """A table too wide for its page (a many-columned table in the A5 booklet) as one short
    paragraph a row: its first cell in bold, then each other column's heading and value."""
    headings = [words_of(cell) for cell in rows[0]]
    made = []
    for row in rows[1:]:
        cells = [cell.text if isinstance(cell, TEXT_CELLS) else escape(str(cell)) for cell in row]
        rest = " · ".join(f"<i>{escape(heading)}</i> {value}" for heading, value in zip(headings[1:], cells[1:])
                          if value.strip())
        made.append(Paragraph(f"<b>{cells[0]}</b>" + (f" — {rest}" if rest else ""),
                              style.clone(style.name + "-record", spaceAfter=2, leftIndent=8, firstLineIndent=-8)))
    return made


def one_line(cell, width: float):
    """A cell of plain words that fits its column on one line, as plain text: a
    Paragraph would be measured and broken again on every pass (most of a big
    table's cost); anything else a Paragraph."""
    if not isinstance(cell, TEXT_CELLS) or "<" in cell.text:
        return cell
    text = unescape(cell.text)
    style = cell.style
    if stringWidth(text, style.fontName, style.fontSize) <= width - 6.5:
        return text
    return Paragraph(cell.text, style) if isinstance(cell, Cell) else cell


def cell_font(row: list):
    """Table commands giving plain-text cells the font of the row's paragraphs."""
    style = next((cell.style for cell in row if isinstance(cell, TEXT_CELLS)), None)

    def commands(start, end):
        if style is None:
            return []
        return [("FONTNAME", start, end, style.fontName), ("FONTSIZE", start, end, style.fontSize),
                ("LEADING", start, end, style.leading), ("TEXTCOLOR", start, end, style.textColor)]
    return commands


def words_fit(rows: list[list], width: float) -> bool:
    """Whether every column can be as wide as its longest word within `width`."""
    return sum(max(longest_word(cell) for cell in column) + CELL_PADDING for column in zip(*rows)) < width


def column_widths(rows: list[list], width: float) -> list[float]:
    """Every column as wide as its longest word (no word broken mid-way), the
    room left shared out by how much text each column holds."""
    least = [max(longest_word(cell) for cell in column) + CELL_PADDING for column in zip(*rows)]
    text = [sum(len(words_of(cell)) for cell in column) + 1 for column in zip(*rows)]
    if sum(least) >= width:
        return [width * w / sum(least) for w in least]
    room = width - sum(least)
    return [w + room * t / sum(text) for w, t in zip(least, text)]


def words_of(cell) -> str:
    return re.sub(r"<[^>]+>", "", cell.text) if isinstance(cell, TEXT_CELLS) else ""


def longest_word(cell) -> float:
    if not isinstance(cell, TEXT_CELLS):
        return 0.0
    style = cell.style
    return max((stringWidth(word, style.fontName, style.fontSize) for word in words_of(cell).split()), default=0.0)


def definitions(book: Typesetter, node: SyntaxTreeNode) -> list:
    """Terms and their definitions: a term whose definition is one paragraph runs into it, the
    entry's lines hanging under the term (a glossary took a line more an entry, and its last
    page was a handful of lines); any other definition is set indented under its term."""
    out = []
    children = list(node.children)
    for index, child in enumerate(children):
        following = children[index + 1] if index + 1 < len(children) else None
        if child.type == "dt" and run_in(following):
            out.append(Paragraph(f"<b>{markup(child.children[0])}</b>\u2002{markup(following.children[0].children[0])}",
                                 entry_style(book.styles)))
        elif child.type == "dt":
            out.append(Paragraph(markup(child.children[0]), book.styles.term))
        elif not run_in(child) or children[index - 1].type != "dt":
            inner = Table([[book.blocks(child)]], colWidths=[book.width - 16])
            inner.setStyle(TableStyle([IN_BOOK_FACE, ("LEFTPADDING", (0, 0), (-1, -1), 16), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                       ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
            out.append(inner)
    return out


def run_in(node: SyntaxTreeNode | None) -> bool:
    """Whether a definition is one paragraph, to be set run in after its term."""
    return node is not None and node.type == "dd" and len(node.children) == 1 and node.children[0].type == "paragraph"


def entry_style(styles: Styles) -> ParagraphStyle:
    """A glossary entry: the term in bold, then its definition, the lines after the first hanging."""
    return styles.body.clone(styles.body.name + "-entry", leftIndent=10, firstLineIndent=-10,
                             spaceAfter=styles.term.spaceAfter + 2.5)


def footnotes(book: Typesetter, node: SyntaxTreeNode) -> list:
    """Notes print where the page's text ends, numbered as in the text."""
    for note in node.children:
        text = " ".join(markup(p.children[0]) for p in note.children if p.type == "paragraph")
        book.notes.append(Paragraph(f"{footnote_mark(note.meta['id'] + 1)} {text}", book.styles.small))
    return []


def html_block(book: Typesetter, node: SyntaxTreeNode) -> list:
    return [Paragraph(escape(node.content), book.styles.body)]


def unknown(book: Typesetter, node: SyntaxTreeNode) -> list:
    return book.blocks(node)


BLOCKS: dict[str, Callable[[Typesetter, SyntaxTreeNode], list]] = {
    "heading": heading, "paragraph": paragraph, "bullet_list": bullet_list, "ordered_list": bullet_list,
    "blockquote": blockquote, "container_admonition": admonition, "fence": fence, "code_block": code,
    "hr": rule, "table": table, "dl": definitions, "footnote_block": footnotes, "html_block": html_block,
}
