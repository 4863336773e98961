"""A player aid: one game page (the one with `print: one-page`) set on one sheet in two
columns, in the largest type that keeps it to the sheet, with its set-up picture (a
`position` block on the page) at the top left and the page's opening words beside it."""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Flowable, Frame, FrameBreak, ListFlowable, Paragraph, Spacer

from generator.content.model import Game, Site
from generator.i18n.interface import gettext, reader_language
from generator.rulebook.document import (FRAME_PADDING, SHEET_MARGINS, Chapter, PlannedBook, chapter_story,
                                         column_width, curl_quotes, new_document, page_template, page_width,
                                         print_scale, release_stamp, two_frames)
from generator.rulebook.figures import GUTTER
from generator.rulebook.fonts import heading_faces, register_book_fonts
from generator.rulebook.styles import Styles, book_language, make_styles

# A player aid's type, of the book's: the largest that keeps it to one sheet (plan_sheet)
AID_SCALES = (1.1, 1.05, 1.0, 0.95, 0.9, 0.85, 0.8)  # 1.1: the book's own type; at 0.8 the body is 7.7 pt (styles keep 7)
BAND_GAP = 10.0  # pt, under a player aid's set-up picture
BESIDE_MIN = 150.0  # pt: the narrowest room beside a set-up picture that text flows into (about 35 characters)


def plan_sheet(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict) -> PlannedBook:
    """A player aid on one sheet: its set-up picture at the top, its pages in two columns, in
    the largest type of AID_SCALES that keeps it to the sheet (set in one small size, the aids
    filled 50-80% of it). A picture the sheet has no room for at the smallest type is left out
    on that paper (docs/content.md); the smallest type is used when even then it overflows."""
    title = gettext(reader_language(game, site))(title)  # "Player aid": marked in site/pages.game_links

    def plan(scale: float, pictures: bool) -> PlannedBook:
        return sheet_at(site, game, chapters, paper, title, figures, scale, pictures)

    smallest = plan(AID_SCALES[-1], True)
    pictures = smallest.page_count() == 1 or not smallest.pictures
    if not pictures:
        smallest = plan(AID_SCALES[-1], False)
    if smallest.page_count() > 1:
        return smallest  # the aid's own test names it
    fits, low, high = smallest, 0, len(AID_SCALES) - 1  # AID_SCALES[high] fits; find the largest that does
    while high > low:  # a larger type never fits where a smaller one does not: halve the range
        middle = (low + high) // 2
        planned = plan(AID_SCALES[middle], pictures)
        if planned.page_count() == 1:
            fits, high = planned, middle
        else:
            low = middle + 1
    return fits


def sheet_at(site: Site, game: Game, chapters: list[Chapter], paper: str, title: str, figures: dict,
             scale: float, pictures: bool) -> PlannedBook:
    """The player aid with its type at `scale` of the book's, with or without its set-up pictures.
    Where a picture leaves room beside it for text, the sheet's opening words go there (its title
    first, up to its first table); else the picture spans the sheet under the title, its caption
    beside it."""
    register_book_fonts()
    styles = make_styles(game.accent, scale=scale, heading=heading_faces(game), language=book_language(site, game))
    story, placed = sheet_story(site, game, chapters, paper, figures, styles)
    bands = [flowable for flowable in story if getattr(flowable, "sheet_band", False)] if pictures else []
    columns = [flowable for flowable in story if not getattr(flowable, "sheet_band", False)]
    out = io.BytesIO()
    doc = new_document(game, paper, title, out, SHEET_MARGINS)
    beside = doc.width - sum(picture.size for picture in bands[:1]) - GUTTER - FRAME_PADDING * 3
    if not bands:
        top, frames = [], []
    elif len(bands) == 1 and beside >= BESIDE_MIN:  # the title at the top left, the picture under
        heading = columns.pop(0)  # it and the opening words beside the picture (a title beside it
        head = band_frame(doc, [heading], doc.leftMargin, doc.width)  # stood halfway across the sheet)
        frames = [head, *picture_frames(doc, bands[0], below=head._height)]
        opening = opening_words(columns, beside, frames[2]._height)
        top, columns = [heading, FrameBreak(), *bands, FrameBreak(), *opening], columns[len(opening):]
    else:  # the title, then each picture across the sheet with its caption beside it
        top = [columns.pop(0), *(band.caption_beside(sheet_width(paper)) for band in bands)]
        frames = [band_frame(doc, top, doc.leftMargin, doc.width)]
    under = min(frame._y1 for frame in frames) - doc.bottomMargin - BAND_GAP if frames else doc.height
    first = page_template("body", frames + two_frames(paper, doc.bottomMargin, under), paper)
    first.autoNextPageTemplate = "more"  # an aid that overflows (while its type is chosen) goes on in columns
    doc.addPageTemplates([first, page_template("more", two_frames(paper, doc.bottomMargin, doc.height), paper)])
    story = [*top, FrameBreak(), *columns] if frames else columns
    curl_quotes(story)
    return PlannedBook(doc, out, story, placed, f"{game.title} · {title}", cover=False, pictures=bool(bands),
                       stamp=release_stamp(game, reader_language(game, site)), language=reader_language(game, site))


def opening_words(columns: list, width: float, height: float) -> list:
    """The flowables from the start of `columns` that fit `height` points set `width` wide,
    up to the first that is not words (a table is set for the columns' width), never ending
    on a heading (it would stand apart from its text)."""
    taken, used, scratch = [], 0.0, Canvas(io.BytesIO())  # a list measures its bullets on a canvas
    for flowable in columns:
        if not isinstance(flowable, (Paragraph, ListFlowable, Spacer, CondPageBreak)):
            break
        used += flowable.wrapOn(scratch, width, height)[1] + flowable.getSpaceBefore() + flowable.getSpaceAfter()
        if used > height:
            break
        taken.append(flowable)
    while taken and (not isinstance(taken[-1], (Paragraph, ListFlowable)) or kept_with_next(taken[-1])):
        taken.pop()
    return taken


def kept_with_next(flowable: Flowable) -> bool:
    """A heading or a table's caption: it belongs with what follows it."""
    return bool(getattr(flowable, "rulebook_heading", None) or getattr(getattr(flowable, "style", None), "keepWithNext", 0))


def sheet_story(site: Site, game: Game, chapters: list[Chapter], paper: str, figures: dict,
                styles: Styles) -> tuple[list, list]:
    """A player aid's flowables, set for its columns, and the diagrams they place."""
    story, headings, placed = [], [], []
    for chapter in chapters:
        story += chapter_story(site, game, chapter, styles, column_width(paper), headings, figures,
                               print_scale(paper), placed, figure_width=sheet_width(paper))[:-1]  # no page break after the last
    return story, placed


def picture_frames(doc: BaseDocTemplate, picture, below: float = 0.0) -> list[Frame]:
    """A frame at the left, `below` points under the top, just large enough for `picture`, and
    one beside it to the right margin."""
    frame = band_frame(doc, [picture], doc.leftMargin, picture.size + GUTTER + FRAME_PADDING, below)
    left = doc.leftMargin + frame._width
    return [frame, Frame(left, frame._y1, doc.leftMargin + doc.width - left, frame._height, id="beside",
                         leftPadding=FRAME_PADDING, rightPadding=FRAME_PADDING, topPadding=0, bottomPadding=0)]


def sheet_width(paper: str) -> float:
    """The width of a player aid's text across both its columns, in points."""
    return page_width(paper, SHEET_MARGINS) - FRAME_PADDING - FRAME_PADDING


def band_frame(doc: BaseDocTemplate, flowables: list, left: float, width: float, below: float = 0.0) -> Frame:
    """A frame `below` points under the top of the sheet, `width` points wide from `left`, just
    tall enough for `flowables`."""
    inside = width - FRAME_PADDING - FRAME_PADDING
    height = sum(f.wrap(inside, doc.height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables) + 1
    return Frame(left, doc.bottomMargin + doc.height - below - height, width, height, id="band",
                 leftPadding=FRAME_PADDING, rightPadding=FRAME_PADDING, topPadding=0, bottomPadding=0)
