"""The engine's diagrams in the rulebook: each `generator.draw` Drawing placed
as a flowable and painted by the PDF backend, so paper shows the site's very
drawing, as vectors. Walkthroughs become strips of numbered steps.

A figure's printed size is chosen from its smallest text: large enough that the
text prints at MIN_TEXT_PT or more on paper (preflight.readable_width), else as
large as the page allows (and preflight reports it). A strip sets as many steps
to a row as can be that large: three, two, or one with its caption beside it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.lib.units import mm as MM
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from generator.draw.pdf import Painter
from generator.draw.preflight import diagram_findings
from generator.draw.shapes import Drawing
from generator.rulebook.preflight import readable_width
from generator.rulebook.styles import IN_BOOK_FACE, RULE, Styles

GUTTER = 10.0  # pt: a step's diagram is this much narrower than its cell (padding 3 + 5, and air)
CAPTION_BESIDE = 40 * MM  # the narrowest column a step's caption is set in beside its diagram
ONE_A_ROW = 0.5  # a diagram alone on its row is at least half the text width
STEP_CAPTION_PT = 7.2  # a step's caption on paper: at the floor (7 pt), as a figure's labels are


class DrawingFlowable(Flowable):
    """A Drawing scaled to `width` points; marked `/RP <</Role (role)>>` so tools can count figures."""

    def __init__(self, drawing: Drawing, width: float, role: str = "figure"):
        super().__init__()
        self.drawing, self.role = drawing, role
        self.scale = width / (drawing.width * MM)
        self.width, self.height = width, drawing.height * MM * self.scale

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        painter = Painter(self.canv)
        k = MM * self.scale
        painter.ops.append(f"/RP <</Role ({self.role})>> BDC q {k:.9f} 0 0 {-k:.9f} 0 {self.height:.6f} cm")
        painter.draw(self.drawing.shapes)
        painter.ops.append("Q EMC")
        painter.flush()


@dataclass(frozen=True)
class StripLayout:
    """How a walkthrough's steps are set: how many to a row, and how wide each diagram is."""

    across: int
    drawing_width: float  # points, every step alike
    caption_beside: bool = False  # one a row, the caption in a column beside the diagram
    strip_width: float = 0.0  # the whole strip (0: the text's width); wider reaches into the margins
    caption_pt: float = STEP_CAPTION_PT  # a step's caption as set (printed at STEP_CAPTION_PT)
    drawings: tuple = ()  # the steps in the layout chosen for this page (StepDrawings), () : as given


class StepDrawings(list):
    """A walkthrough's step diagrams (the layout readable at the smallest width), and `choices`:
    the same steps in each layout the engine draws clear of findings, its own first, so that
    each page chooses the one it sets best (strip_layout)."""

    def __init__(self, drawings: list[Drawing], choices: list[list[Drawing]]):
        super().__init__(drawings)
        self.choices = choices


def strip_layout(drawings: list[Drawing], width: float, print_scale: float = 1.0,
                 widest: float = 0.0) -> StripLayout:
    """How the steps are set on this page (see one_layout), in the layout that sets the most
    steps to a row, then the shortest row, when the walkthrough comes in several (StepDrawings):
    a tall board with its panel beside it sets two across an A4 page and two rows to the page;
    across the A5 booklet's only one, where the same board with its words under it sets two."""
    choices = getattr(drawings, "choices", None) or [list(drawings)]
    best = None
    for choice in choices:
        layout = replace(one_layout(choice, width, print_scale, widest), drawings=tuple(choice))
        height = row_height(choice, layout)
        if best is None or (layout.across, -height) > (best[0].across, -best[1]):
            best = (layout, height)
    return best[0]


def row_height(drawings: list[Drawing], layout: StripLayout) -> float:
    """A row's diagram height, in points, as `layout` sets `drawings`."""
    return max((layout.drawing_width * d.height / d.width for d in drawings), default=0.0)


def one_layout(drawings: list[Drawing], width: float, print_scale: float = 1.0,
               widest: float = 0.0) -> StripLayout:
    """Three steps to a row (two for wide boards) when each is then large enough to read,
    else fewer; one a row is at least ONE_A_ROW of `width`, its caption beside it when
    there is room, else under it. A diagram alone on its row is only as wide as its text
    needs (up to the whole width: no neighbour, no gutter): stretched wider, a tall board
    took a page a step.

    `widest` (points, at least `width`): how wide a strip may be, reaching into the margins.
    Steps are set two across even when two readable diagrams are a little wider than the
    text: one a row, with its caption beside, left 35-40% of an example page empty."""
    widest = max(widest, width)
    caption_pt = STEP_CAPTION_PT / print_scale
    needed = max((readable_width(drawing, print_scale) for drawing in drawings), default=0.0)
    wide = bool(drawings) and drawings[0].width > drawings[0].height * 1.25
    for across in range(2 if wide else 3, 1, -1):
        if width / across - GUTTER >= needed:
            return StripLayout(across, width / across - GUTTER, caption_pt=caption_pt)
        if widest / across - GUTTER >= needed:  # into the margins, only as far as the text needs
            return StripLayout(across, needed, strip_width=across * (needed + GUTTER), caption_pt=caption_pt)
    usual = max(needed, width * ONE_A_ROW)
    for beside in (usual, needed):  # at its usual size, else as small as its text allows: a tall
        room = min(widest, max(width, beside + GUTTER + CAPTION_BESIDE))  # board then takes half a page a step
        if beside and room - beside - GUTTER >= CAPTION_BESIDE:
            return StripLayout(1, beside, caption_beside=True, strip_width=room, caption_pt=caption_pt)
    return StripLayout(1, min(width, usual), caption_pt=caption_pt)


def strip_drawings(engine, steps) -> list[Drawing]:
    """Each step's diagram, in the engine's layout (its own, or one it lists, such as "narrow",
    or one it draws for paper only) that is readable at the smallest width, when every step drawn
    in it keeps its words clear of other marks: a grid of examples needs compact diagrams, and a
    phone's narrow layout is one. With them, as a StepDrawings, the steps in each layout that
    keeps them clear, for a page to choose from (strip_layout)."""
    if not steps:
        return []
    own = [engine.render(step.state, step.cells) for step in steps]
    choices = [own]
    for layout in (*getattr(engine, "layouts", ()), *getattr(engine, "print_layouts", ())):
        drawn = [engine.render(step.state, step.cells, layout=layout) for step in steps]
        if all(clear(drawing) for drawing in drawn):
            choices.append(drawn)  # else preflight would refuse a step: not offered
    chosen = min(choices, key=lambda drawn: readable_width(drawn[0]))  # the first on a tie: the engine's own
    return StepDrawings(chosen, choices)


def print_layout(engine, state, highlight) -> str:
    """Which of the engine's layouts draws `state` readable at the smallest width: one it draws
    for paper only (`print_layouts`, such as a table of words where the screen shows cards),
    else its own, or one it lists for screens (`layouts`, such as "narrow"); the first on a tie."""
    layouts = (*getattr(engine, "print_layouts", ()), "", *getattr(engine, "layouts", ()))
    if len(layouts) == 1:
        return ""
    widths = {}
    for layout in layouts:
        drawing = engine.render(state, highlight, layout=layout) if layout else engine.render(state, highlight)
        widths[layout] = readable_width(drawing)
    return min(layouts, key=lambda layout: widths[layout])


def position_drawing(drawings: tuple, width: float, print_scale: float = 1.0) -> Drawing:
    """Of a position diagram's `drawings` (the engine's own layout first, then its others), the
    one that a page `width` points wide sets shortest (at position_width), the first on a tie: as a
    walkthrough's rows are (strip_layout). SHOOT's "Three HEROES" printed in its screen layout, two
    panels across over a row of cards, 110 mm tall, where its examples use the compact panels with
    the table in words (83 mm)."""
    return min(drawings, key=lambda drawing: position_width(drawing, width, print_scale) * drawing.height / drawing.width)


def clear(drawing: Drawing) -> bool:
    """Whether a drawing keeps its words clear of other marks (preflight refuses one that does not)."""
    return not diagram_findings(drawing, "", ())


def position_width(drawing: Drawing, width: float, print_scale: float = 1.0) -> float:
    """A position diagram's printed width: 60% of the text width (at most 90 mm) for a
    squarish board, 80% for a wide one, or more when its text needs more, up to all of it."""
    usual = min(width * 0.6, 90 * MM) if drawing.width <= drawing.height * 1.25 else width * 0.8
    return min(width, max(usual, readable_width(drawing, print_scale)))


def strip_style(extra: list) -> TableStyle:
    """The strip's grid: the title row spans it, a rule under the title, cells padded 3 and 5 pt."""
    return TableStyle([IN_BOOK_FACE, ("SPAN", (0, 0), (-1, 0)), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                       ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
                       ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                       ("LEFTPADDING", (0, 0), (-1, 0), 0), ("BOTTOMPADDING", (0, 0), (-1, 0), 1),
                       ("LINEABOVE", (0, 1), (-1, 1), 0.5, RULE), *extra])


def step_cells(title: str, drawings: list[Drawing], captions: list[str], width: float, styles: Styles,
               layout: StripLayout) -> Table:
    """Numbered step diagrams with their captions under them, `layout.across` to a row, under
    the walkthrough's title ("Example: ...", in the book's language: directives.py). The strip
    breaks between rows, and the title row repeats on the next page: kept whole, a long strip
    went to the next page and left most of this one blank."""
    if layout.caption_beside:
        return steps_beside(title, drawings, captions, width, styles, layout)
    across = layout.across
    cell_width = (layout.strip_width or width) / across
    caption = step_caption(styles, layout)
    cells = []
    for number, (drawing, words) in enumerate(zip(drawings, captions), start=1):
        cells.append([DrawingFlowable(drawing, layout.drawing_width, role="step-diagram"), Spacer(1, 2),
                      Paragraph(f"<b>{number}</b>\u2002{escape(words)}", caption)])
    rows = [cells[i:i + across] for i in range(0, len(cells), across)]
    rows[-1] += [""] * (across - len(rows[-1]))
    heading = [Paragraph(f"<b>{escape(title)}</b>", styles.small)] + [""] * (across - 1)
    table = Table([heading, *rows], colWidths=[cell_width] * across, hAlign=strip_align(layout, width), repeatRows=1)
    alone = [("LEFTPADDING", (0, 1), (-1, -1), 0), ("RIGHTPADDING", (0, 1), (-1, -1), 0)] if across == 1 else []
    table.setStyle(strip_style(alone))  # a diagram alone on its row spans the text
    return table


def strip_align(layout: StripLayout, width: float) -> str:
    """A strip wider than the text reaches into both margins alike (a Table wider than its
    frame, centred, is drawn that far left of it); any other starts at the text's left."""
    return "CENTER" if layout.strip_width > width else "LEFT"


def step_caption(styles: Styles, layout: StripLayout):
    """The style of a step's caption: at the floor on paper, so a grid of steps stays compact."""
    size = layout.caption_pt
    return styles.caption.clone("step-caption", fontSize=size, leading=round(size * 1.22, 2))


def steps_beside(title: str, drawings: list[Drawing], captions: list[str], width: float, styles: Styles,
                 layout: StripLayout) -> Table:
    """One step a row: the diagram, and beside it the step's number and caption."""
    diagram_column = layout.drawing_width + GUTTER
    strip = layout.strip_width or width
    caption = step_caption(styles, layout)
    rows = [[Paragraph(f"<b>{escape(title)}</b>", styles.small), ""]]
    for number, (drawing, words) in enumerate(zip(drawings, captions), start=1):
        rows.append([DrawingFlowable(drawing, layout.drawing_width, role="step-diagram"),
                     Paragraph(f"<b>{number}</b>\u2002{escape(words)}", caption)])
    table = Table(rows, colWidths=[diagram_column, strip - diagram_column], hAlign=strip_align(layout, width),
                  repeatRows=1)
    table.setStyle(strip_style([("LINEBELOW", (0, 1), (-1, -2), 0.25, RULE)]))
    return table


def walkthrough_strip(title: str, drawings: list[Drawing], captions: list[str], width: float,
                      styles: Styles, layout: StripLayout, widest: float = 0.0) -> list:
    """The strip of steps; `widest` (points): how wide it may be, into the margins, when the
    rows that end a page are set larger to take the room a next row leaves (StripGrowth)."""
    strip = step_cells(title, list(layout.drawings) or drawings, captions, width, styles, layout)
    strip.floats = True  # the words after it may take the room its next row leaves (floats.py)
    if layout.across > 1 and not layout.caption_beside:
        strip.grow = StripGrowth(layout, width, max(widest, width))
    return [strip, Spacer(1, 6)]


MOST_GROWTH = 1.3  # the most a page's rows are enlarged over the example's other rows


@dataclass(frozen=True)
class StripGrowth:
    """The rows of a strip that end a page (its next row does not fit there, and no words move up
    into the room: floats.FloatingStrip.page_end), set with their diagrams larger, to fill the
    page: up to MOST_GROWTH of the example's size (its pages look alike) and as wide as a strip
    may be. Two rows of Splut!'s boards at their smallest readable size filled 66-69% of a US
    Letter page, and a third did not fit."""

    layout: StripLayout
    width: float  # points: the text's
    widest: float  # points: the widest a strip may be set

    def __call__(self, part: Table, height: float, canvas=None) -> Table:
        """`part` (a title row over rows of steps) with its diagrams as large as fit `height` points."""
        smallest = self.layout.drawing_width
        largest = min(self.widest / self.layout.across - GUTTER, smallest * MOST_GROWTH)
        if largest <= smallest:
            return part

        def fitting(size: float) -> Table | None:
            grown = self.set_at(part, size)
            return grown if grown.wrapOn(canvas, self.width, height)[1] <= height else None

        best = fitting(largest)
        if best is not None:
            return best
        best, low, high = part, smallest, largest
        while high - low >= 1:  # halving: a table grows with its diagrams' width
            size = (low + high) / 2
            grown = fitting(size)
            if grown is None:
                high = size
            else:
                best, low = grown, size
        return best

    def set_at(self, part: Table, size: float) -> Table:
        """`part`'s rows with each diagram `size` points wide, its caption under it as wide."""
        rows = [list(part._cellvalues[0])]
        for row in part._cellvalues[1:]:
            rows.append([[DrawingFlowable(cell[0].drawing, size, cell[0].role), *cell[1:]] if cell else cell
                         for cell in row])
        across = self.layout.across
        grown = replace(self.layout, drawing_width=size, strip_width=across * (size + GUTTER))
        table = Table(rows, colWidths=[size + GUTTER] * across, hAlign=strip_align(grown, self.width), repeatRows=1)
        table.setStyle(strip_style([]))
        return table


def position_figure(drawing: Drawing, title: str, caption: str, size: float, styles: Styles) -> list:
    """One diagram, `size` points wide (see position_width), its title and caption under it."""
    parts = [DrawingFlowable(drawing, size, role="position-diagram")]
    words = " ".join(p for p in (f"<b>{escape(title)}</b>" if title else "", escape(caption)) if p)
    if words:
        parts.append(Paragraph(words, styles.caption))
    return [KeepTogether(parts), Spacer(1, 6)]


class SheetPicture(Flowable):
    """A player aid's set-up picture and its caption under it: set at the top of the sheet, not
    in a column (in a column, a board readable at FIGURE_MIN_TEXT_PT did not fit).
    document.plan_sheet lifts it out of the columns' story into a frame of its own."""

    sheet_band = True

    def __init__(self, drawing: Drawing, size: float, words: str, styles: Styles):
        super().__init__()
        self.size, self.words, self.styles = size, words, styles
        self.figure = DrawingFlowable(drawing, size, role="position-diagram")
        self.caption = Paragraph(words, styles.caption) if words else None

    def wrap(self, available_width, available_height):
        below = self.caption.wrap(self.size, available_height)[1] + 3 if self.caption else 0
        self.width, self.height = self.size, self.figure.height + below
        return self.width, self.height

    def draw(self):
        self.figure.drawOn(self.canv, 0, self.height - self.figure.height)
        if self.caption:
            self.caption.drawOn(self.canv, 0, 0)

    def caption_beside(self, width: float) -> Table:
        """The picture at the left of a band `width` points wide, its caption in the room beside it."""
        band = Table([[self.figure, Paragraph(self.words, self.styles.caption) if self.words else ""]],
                     colWidths=[self.size + GUTTER, width - self.size - GUTTER], hAlign="LEFT")
        band.setStyle(TableStyle([IN_BOOK_FACE, ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                  ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        return band


def sheet_picture(drawing: Drawing, title: str, caption: str, size: float, styles: Styles) -> SheetPicture:
    words = " ".join(p for p in (f"<b>{escape(title)}</b>" if title else "", escape(caption)) if p)
    return SheetPicture(drawing, size, words, styles)
