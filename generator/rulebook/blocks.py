"""Block tokens to platypus flowables: one function per node type, as the site's
renderer has one rule per token. Directives (tables from data, walkthroughs,
positions) are drawn from the same data and engine as on the site."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable
from xml.sax.saxutils import escape, unescape

from markdown_it.tree import SyntaxTreeNode
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (CondPageBreak, ListFlowable, ListItem, Paragraph,
                                Preformatted, Spacer, Table, TableStyle)
from reportlab.platypus.flowables import HRFlowable

from generator.markdown.admonitions import KINDS
from generator.rulebook.inline import footnote_mark, markup, plain
from generator.rulebook.styles import IN_BOOK_FACE, NOTE_FILL, RULE, Styles


CELL_PADDING = 6.5  # pt: a table cell's left and right padding, and a hair
WIDE_TABLE_PT = 6.6  # a table of more than six columns: still over 6 pt in the booklet on US Letter (94%)
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
    return [Paragraph(markup(node.children[0]), book.styles.body)]


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
    label = KINDS[meta["kind"]]
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


def data_table(book: Typesetter, rows: list[list], caption: str = "") -> list:
    """A table that fits the text width (columns sized by their text), its header
    row repeated on every page it spans; a wide one is set smaller, never clipped."""
    columns = max(len(row) for row in rows)
    rows = [row + [""] * (columns - len(row)) for row in rows]
    if columns > 6:  # a paragraph's size is read as it is made: make it again in the smaller size
        rows = [[Paragraph(cell.text, cell.style.clone(cell.style.name + "-small", fontSize=WIDE_TABLE_PT, leading=8))
                 if isinstance(cell, Paragraph) else cell for cell in row] for row in rows]
    out = [Paragraph(f"<i>{escape(caption)}</i>", book.styles.table_caption)] if caption else []
    if not words_fit(rows, book.width):  # a grid would break its words mid-way ("Car d")
        return [*out, *records(rows, book.styles.cell), Spacer(1, 7)]
    widths = column_widths(rows, book.width)
    fonts = [cell_font(row) for row in (rows[0], rows[1] if len(rows) > 1 else rows[0])]
    rows = [[one_line(cell, width) for cell, width in zip(row, widths)] for row in rows]
    grid = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle([IN_BOOK_FACE, *fonts[0]((0, 0), (-1, 0)), *fonts[1]((0, 1), (-1, -1)),
                              ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, RULE),
                              ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE), ("LEFTPADDING", (0, 0), (-1, -1), 3),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 2),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
    return [*out, grid, Spacer(1, 7)]


def records(rows: list[list], style) -> list:
    """A table too wide for its page (a many-columned table in the A5 booklet) as one short
    paragraph a row: its first cell in bold, then each other column's heading and value."""
    headings = [words_of(cell) for cell in rows[0]]
    made = []
    for row in rows[1:]:
        cells = [cell.text if isinstance(cell, Paragraph) else escape(str(cell)) for cell in row]
        rest = " · ".join(f"<i>{escape(heading)}</i> {value}" for heading, value in zip(headings[1:], cells[1:])
                          if value.strip())
        made.append(Paragraph(f"<b>{cells[0]}</b>" + (f" — {rest}" if rest else ""),
                              style.clone(style.name + "-record", spaceAfter=2, leftIndent=8, firstLineIndent=-8)))
    return made


def one_line(cell, width: float):
    """A cell of plain words that fits its column on one line, as plain text: a
    Paragraph would be measured and broken again on every pass (most of a big
    table's cost); anything else stays a Paragraph."""
    if not isinstance(cell, Paragraph) or "<" in cell.text:
        return cell
    text = unescape(cell.text)
    style = cell.style
    return text if stringWidth(text, style.fontName, style.fontSize) <= width - 6.5 else cell


def cell_font(row: list):
    """Table commands giving plain-text cells the font of the row's paragraphs."""
    style = next((cell.style for cell in row if isinstance(cell, Paragraph)), None)

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
    return re.sub(r"<[^>]+>", "", cell.text) if isinstance(cell, Paragraph) else ""


def longest_word(cell) -> float:
    if not isinstance(cell, Paragraph):
        return 0.0
    style = cell.style
    return max((stringWidth(word, style.fontName, style.fontSize) for word in words_of(cell).split()), default=0.0)


def definitions(book: Typesetter, node: SyntaxTreeNode) -> list:
    out = []
    for child in node.children:
        if child.type == "dt":
            out.append(Paragraph(markup(child.children[0]), book.styles.term))
        else:
            inner = Table([[book.blocks(child)]], colWidths=[book.width - 16])
            inner.setStyle(TableStyle([IN_BOOK_FACE, ("LEFTPADDING", (0, 0), (-1, -1), 16), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                       ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
            out.append(inner)
    return out


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
