"""Packing sheets and tokens onto pages: few pages, sets kept whole, every page well used.

What is packed comes in sections (a heading and its things: a token spec's pieces, a sheet's
copies), each section in sets that belong together: one player's team, a spec's markers, one
sheet. The rules, in the order they decide:

* A section is laid out as a block: its heading, then its sets in rows under it. A set starts
  a new row rather than break across two when it fits whole in one; a set wider than the page
  wraps into even rows (eight chests: 4 + 4, not 6 + 2). A heading so only ever stands above
  its own section's things: nothing else can enter its block.
* Blocks go onto the pages in the order given (a board's page below the board, the cover below
  its contents), then onto new pages, the section with the tallest things first; a block goes
  on the first page where it fits, at the width (a row of five, rows of three, a column) that
  ends highest up the page.
* A section that fits on no page so far is split between sets, never inside a set that fits
  on a page: as many sets as fit go on the earliest page with room, the rest carry on.
* If a new page ends up sparse (under half its printable area used), everything is packed
  again with each page filled only to a share of its free height: the smallest share that
  needs no more pages. The things spread evenly, and the sparse page gets its part.

`pack_pages` is the entry point; planning is pure (it can be run again with another share),
and only `draw` puts shapes on pages.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

from generator.draw.shapes import Drawing, Group
from generator.kit import text as fit
from generator.kit.impose import INK, MARGIN, PageDraft

HEADING = 6.0  # a section's title above its things, on each page it is on
TITLE_SIZE = 3.6
FOOT = 3.0  # the footer's room above the bottom margin
SPARSE = 0.5  # a page using less of its printable area than this is sparse
SHARE_STEPS = 12  # halvings in the search for the share that spreads the things evenly

Item = tuple[Drawing, str]  # a drawing and its role ("token:teams:3"), which tests read back


@dataclass(frozen=True)
class PackSection:
    """A heading and its things, in sets that stay together (a player's team, a spec's markers).
    An untitled section (the calibration square) has no heading."""

    title: str
    sets: tuple[tuple[Item, ...], ...]
    gap: float = 3.0

    @property
    def items(self) -> tuple[Item, ...]:
        return tuple(item for group in self.sets for item in group)

    @property
    def tallest(self) -> float:
        return max((drawing.height for drawing, _role in self.items), default=0.0)


@dataclass(frozen=True)
class Frame:
    """The printable area of the paper: what packing may use."""

    paper_w: float
    paper_h: float

    @property
    def left(self) -> float:
        return MARGIN

    @property
    def right(self) -> float:
        return self.paper_w - MARGIN

    @property
    def top(self) -> float:
        return MARGIN

    @property
    def bottom(self) -> float:
        return self.paper_h - MARGIN - FOOT

    @property
    def area(self) -> float:
        return (self.right - self.left) * (self.bottom - self.top)


def fits_packed(drawing: Drawing, paper_w: float, paper_h: float) -> bool:
    """Whether the packer can place the drawing (else it is laid out like a board)."""
    frame = Frame(paper_w, paper_h)
    return drawing.width <= frame.right - frame.left and drawing.height <= frame.bottom - frame.top - HEADING


# -- a section as a block ----------------------------------------------------------------
@dataclass(frozen=True)
class Block:
    """The first `count` sets still to place of a section, laid out together: the heading across
    the top, then each item at (dx, dy) from the block's top-left."""

    section: PackSection
    count: int
    width: float
    height: float
    places: tuple[tuple[Drawing, str, float, float], ...]


def row_width(items: Sequence[Item], gap: float) -> float:
    return sum(drawing.width for drawing, _role in items) + gap * (len(items) - 1)


def even_rows(items: Sequence[Item], max_width: float, gap: float) -> list[list[Item]]:
    """A set too wide for one row, in as few rows as hold it, as even as can be (4 + 4, not 6 + 2)."""
    per_row = 1
    while per_row < len(items) and row_width(items[:per_row + 1], gap) <= max_width:
        per_row += 1
    rows = math.ceil(len(items) / per_row)
    even = math.ceil(len(items) / rows)
    chunks = [list(items[i:i + even]) for i in range(0, len(items), even)]
    if all(row_width(chunk, gap) <= max_width for chunk in chunks):
        return chunks
    return [list(items[i:i + per_row]) for i in range(0, len(items), per_row)]  # uneven widths: as many as fit


def layout_rows(sets: Sequence[tuple[Item, ...]], max_width: float, gap: float) -> Optional[list[list[Item]]]:
    """The sets in rows no wider than `max_width`: a set goes beside the one before if it fits
    there whole, else starts a row; a set wider than a row gets even rows of its own.
    None if some item alone is wider than `max_width`."""
    rows: list[list[Item]] = []
    current: list[Item] = []
    widths = 0.0  # sum of the current row's widths, added in row_width's order (the same float): a row
    # is not summed again for each set (that made packing cubic in the pieces: 400 tokens took a minute)
    for group in sets:
        if any(drawing.width > max_width + 1e-9 for drawing, _role in group):
            return None
        if current:
            beside = widths
            for drawing, _role in group:
                beside += drawing.width
            if beside + gap * (len(current) + len(group) - 1) <= max_width + 1e-9:
                current += group
                widths = beside
                continue
            rows.append(current)
            current = []
        if row_width(group, gap) <= max_width + 1e-9:
            current = list(group)
            widths = sum(drawing.width for drawing, _role in group)
        else:
            rows += even_rows(group, max_width, gap)
    if current:
        rows.append(current)
    return rows


def title_width(section: PackSection, frame: Frame) -> float:
    if not section.title:
        return 0.0
    return min(fit.width(section.title, TITLE_SIZE, True) + 2.0, frame.right - frame.left)  # a little air after it


def heading(section: PackSection) -> float:
    """The room a section's title takes above its things (none for an untitled one)."""
    return HEADING if section.title else 0.0


def layout_block(section: PackSection, sets: Sequence[tuple[Item, ...]], max_width: float,
                 frame: Frame) -> Optional[Block]:
    rows = layout_rows(sets, max_width, section.gap)
    if rows is None:
        return None
    places, y = [], heading(section)
    for row in rows:
        x = 0.0
        for drawing, role in row:
            places.append((drawing, role, x, y))
            x += drawing.width + section.gap
        y += max(drawing.height for drawing, _role in row) + section.gap
    width = max([title_width(section, frame)] + [row_width(row, section.gap) for row in rows])
    return Block(section, len(sets), width, y - section.gap, tuple(places))


def block_layouts(section: PackSection, sets: Sequence[tuple[Item, ...]], frame: Frame) -> list[Block]:
    """Every distinct way to lay the sets out, widest first: the whole width, then each time a
    little narrower than the widest row so far, as long as every set that fits a row of the
    page still has a row of its own (a team is never stacked to fill a narrow gap)."""
    full = frame.right - frame.left
    narrowest = max((row_width(group, section.gap) for group in sets if row_width(group, section.gap) <= full),
                    default=0.0)
    layouts: list[Block] = []
    max_width = full
    while max_width >= narrowest - 1e-9:
        block = layout_block(section, sets, max_width, frame)
        if block is None:
            break
        layouts.append(block)
        widest = max(x + drawing.width for drawing, _role, x, _y in block.places)
        if widest <= title_width(section, frame) + 1e-9:
            break  # narrower rows would not make the block narrower, only taller
        max_width = widest - 0.01
    return layouts


# -- pages and their free space ----------------------------------------------------------
class Skyline:
    """The free space of one page as a skyline: segments (x, width, top of the free space below)."""

    def __init__(self, left: float, top: float, right: float, bottom: float):
        self.right, self.bottom = right, bottom
        self.start = top  # where the page's free space began
        self.segments = [(left, right - left, top)]

    def capped(self, share: float) -> "Skyline":
        """A copy whose free space ends at `share` of the way from its start to its bottom."""
        twin = Skyline(0.0, self.start, self.right, self.start + share * (self.bottom - self.start))
        twin.segments = list(self.segments)
        return twin

    def find(self, w: float, h: float) -> Optional[tuple[float, float]]:
        """The lowest (then leftmost) place for a w x h box, or None."""
        best = None
        for x, _width, _top in self.segments:
            if x + w > self.right + 1e-9:
                continue
            y = max(top for sx, sw, top in self.segments if sx < x + w - 1e-9 and sx + sw > x + 1e-9)
            if y + h <= self.bottom + 1e-9 and (best is None or (y, x) < (best[1], best[0])):
                best = (x, y)
        return best

    def place(self, x: float, y: float, w: float, h: float, gap: float) -> None:
        """Raise the skyline over [x, x + w + gap] to y + h + gap."""
        end, level = min(x + w + gap, self.right), y + h + gap
        out = []
        for sx, sw, top in self.segments:
            if sx + sw <= x or sx >= end:  # untouched
                out.append((sx, sw, top))
                continue
            if sx < x:
                out.append((sx, x - sx, top))
            if sx + sw > end:
                out.append((end, sx + sw - end, top))
        out.append((x, end - x, level))
        self.segments = sorted(out)

    def free_boxes(self) -> list[tuple[float, float, float, float]]:
        """The largest free rectangles down to the bottom: each run of neighbouring segments,
        as high as its highest part allows (x, y, w, h)."""
        boxes = []
        for i in range(len(self.segments)):
            for j in range(i, len(self.segments)):
                run = self.segments[i:j + 1]
                x = run[0][0]
                top = max(segment_top for _x, _w, segment_top in run)
                width = run[-1][0] + run[-1][1] - x
                if top < self.bottom:
                    boxes.append((x, top, width, self.bottom - top))
        return boxes


@dataclass(frozen=True)
class Placement:
    page: int  # index into the pages the plan packs: the given pages first, then new ones
    block: Block
    x: float
    y: float


@dataclass(frozen=True)
class Plan:
    placements: tuple[Placement, ...]
    pages: int  # how many pages it uses in all, the given pages included
    given: int  # how many of them were given (a board's page, the cover)
    frame: Frame

    @property
    def new_pages(self) -> int:
        return self.pages - self.given

    def least_used_new_page(self) -> float:
        """The least share used among the pages the plan adds (1.0 if it adds none)."""
        return min((self.share_used(page) for page in range(self.given, self.pages)), default=1.0)

    def share_used(self, page: int) -> float:
        """The share of the printable area inside the box around what is packed on the page."""
        boxes = [(p.x, p.y, p.x + p.block.width, p.y + p.block.height) for p in self.placements if p.page == page]
        if not boxes:
            return 0.0
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        return (x1 - x0) * (y1 - y0) / self.frame.area


def tallest_first(section: PackSection) -> tuple:
    return (-section.tallest,)


def widest_first(section: PackSection) -> tuple:
    return (-max(row_width(group, section.gap) for group in section.sets), -section.tallest)


def largest_first(section: PackSection) -> tuple:
    return (-sum(drawing.width * drawing.height for drawing, _role in section.items), -section.tallest)


# the orders tried (the fewest pages wins, then the best use of the least-used page): tallest
# first lets the small pieces fill what the big sheets leave; widest first places the sets that
# need a whole row before those that fit a gap; largest first, the sections with most paper
ORDERS = (tallest_first, widest_first, largest_first)


def plan_pages(sections: Sequence[PackSection], frame: Frame, skylines: Sequence[Skyline],
               share: float = 1.0, order=tallest_first) -> Optional[Plan]:
    """Where every block goes, on the given pages' free space (their skylines) first, each page
    filled to `share` of its free height, the sections taken in `order`. None if that share
    leaves some set no room at all."""
    pages = [sky.capped(share) for sky in skylines]
    given = len(pages)
    placements: list[Placement] = []
    for section in sorted(sections, key=order):
        remaining = list(section.sets)
        while remaining:
            placed = place_on(pages, section, remaining, frame, placements)
            if placed == 0:
                pages.append(Skyline(frame.left, frame.top, frame.right, frame.bottom).capped(share))
                placed = place_on(pages, section, remaining, frame, placements)
            if placed == 0 and share < 1.0:
                return None
            if placed == 0:  # a set too big for a whole page: its items go on as sets of their own
                if len(remaining[0]) == 1:
                    raise ValueError(f"{section.title}: an item does not fit on a page")
                remaining[0:1] = [(item,) for item in remaining[0]]
                pages.pop()
                continue
            remaining = remaining[placed:]
    return Plan(tuple(placements), len(pages), given, frame)


def most_that_could_fit(remaining: list, frame: Frame) -> int:
    """How many of the sets, taken in order, have no more area than a whole page: no more could go
    on one page, so no layout of more is tried (each costs a pass over the sets)."""
    room = (frame.right - frame.left) * (frame.bottom - frame.top)
    area = 0.0
    for count, group in enumerate(remaining):
        area += sum(drawing.width * drawing.height for drawing, _role in group)
        if area > room + 1e-6:
            return max(count, 1)
    return len(remaining)


def place_on(pages: list[Skyline], section: PackSection, remaining: list, frame: Frame,
             placements: list[Placement]) -> int:
    """Place as many of the remaining sets as fit (all of them if a page holds them) on the first
    page that takes them, laid out to end highest; how many sets were placed (0: none)."""
    for count in range(most_that_could_fit(remaining, frame), 0, -1):
        layouts = block_layouts(section, remaining[:count], frame)
        for index, sky in enumerate(pages):
            best = None
            for block in layouts:
                spot = sky.find(block.width, block.height)
                if spot and (best is None or (spot[1] + block.height, spot[1], spot[0]) < best[0]):
                    best = ((spot[1] + block.height, spot[1], spot[0]), block, spot)
            if best:
                _score, block, (x, y) = best
                sky.place(x, y, block.width, block.height, section.gap)
                placements.append(Placement(index, block, x, y))
                return count
    return 0


def balanced(sections: Sequence[PackSection], frame: Frame, skylines: Sequence[Skyline]) -> Plan:
    """The plan, spread evenly if a new page would be sparse: packed again with each page filled
    to the smallest share of its free height that needs no more pages (found by halving)."""
    plans = [plan_pages(sections, frame, skylines, order=order) for order in ORDERS]
    plan, order = min(zip(plans, ORDERS), key=lambda pair: (pair[0].pages, -pair[0].least_used_new_page()))
    if plan.pages < 2 or plan.least_used_new_page() >= SPARSE:
        return plan
    low, high, best = 0.0, 1.0, plan
    for _ in range(SHARE_STEPS):
        middle = (low + high) / 2
        trial = plan_pages(sections, frame, skylines, middle, order)
        if trial is not None and trial.pages <= plan.pages:
            high, best = middle, trial
        else:
            low = middle
    return best if best.least_used_new_page() > plan.least_used_new_page() else plan


# -- drawing -----------------------------------------------------------------------------
def draw(plan: Plan, given: Sequence[PageDraft]) -> list[PageDraft]:
    """Put the plan on the pages: the given ones, and new ones it needs (returned)."""
    pages = list(given) + [PageDraft(plan.frame.paper_w, plan.frame.paper_h, "") for _ in range(plan.new_pages)]
    titles: list[list[str]] = [[page.component] if page.component else [] for page in pages]
    for placement in sorted(plan.placements, key=lambda p: (p.page, p.y, p.x)):
        page, block = pages[placement.page], placement.block
        if block.section.title:
            page.shapes.append(fit.line(placement.x, placement.y + 4.0, block.section.title, size=TITLE_SIZE,
                                        max_width=block.width, fill=INK, bold=True))
            titles[placement.page].append(block.section.title)
        for drawing, role, dx, dy in block.places:
            page.shapes.append(Group(drawing.shapes, dx=round(placement.x + dx, 4), dy=round(placement.y + dy, 4),
                                     role=role))
            page.packed.append((drawing, role, block.section))
    for page, names in zip(pages, titles):
        page.listed = tuple(dict.fromkeys(names))  # the footer lists them in the kit's language (impose.finish)
        page.component = ", ".join(page.listed)
    return pages[len(given):]


def pack_pages(sections: Sequence[PackSection], paper_w: float, paper_h: float,
               given: Sequence[PageDraft] = ()) -> list[PageDraft]:
    """Pack every section on the given pages (each from its `free_from` down) and on as few new
    pages as hold the rest; returns the new pages."""
    frame = Frame(paper_w, paper_h)
    skies = [Skyline(frame.left, page.free_from, frame.right, frame.bottom) for page in given]
    return draw(balanced(sections, frame, skies), given)
