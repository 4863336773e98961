"""Tracks: numbered spaces along a path, from a 0-50 score track to a spiral race game.

`along = "edge"`: the spaces run clockwise round a rectangle `columns` spaces wide
and `rows` spaces high, from its top-left corner. `along = "rows"`: they run in
rows of `columns` spaces, turning back at each end like a snake. `along = "spiral"`:
clockwise round the rim from the top-left corner, then on round the next ring inward,
as on the classic race-game board. Every `every`-th space is tinted and its number bold,
so counting is quick.

Spaces the game's data describes (generator.play.tables.track_spaces) get their colour,
symbol and name, and a line in the legend below the board with their short text. A
thick wall runs wherever two spaces touch but do not follow each other, so the path
reads at a glance; a link (an arrow, bridge or ladder) crosses such a wall between two
neighbouring spaces. Where each mark sits inside a space is fixed (number top left,
symbol in the middle, name at the foot; links and direction arrows on the right-hand
side or the middle of a border) so that no line crosses a word.

`track_board` draws a board of components.toml with kind = "track", its special spaces
read from the game's data by play.tables.track_spaces, the reader its engine uses.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.pdf import has_glyph
from generator.draw.shapes import Drawing, Line, Path, Polygon, Rect, Style, Text
from generator.draw import colour as colours
from generator.errors import ContentError, ContentErrors
from generator.draw.bounds import bounds
from generator.kit import jumps, text as fit
from generator.kit.checks import KitChecks
from generator.play.tables import track_last, track_spaces

MARGIN = 4.0
WALL = 1.2  # mm: the stroke of a wall between spaces that do not follow each other
LEGEND_SIZE = 3.2  # mm: the legend's type (9 pt)
SMALLEST = 2.2  # mm: no word on a track is printed smaller (6.2 pt)


@dataclass(frozen=True)
class Special:
    """A space the data describes, colours resolved (the kit's view of a TrackSpace)."""

    number: int
    name: str = ""
    fill: str = ""  # "#rrggbb", or "" for the track's own
    symbol: str = ""
    text: str = ""
    to: int | None = None
    link: str = "arrow"


@dataclass(frozen=True)
class Track:
    title: str
    cell: float
    first: int
    count: int
    along: str  # edge | rows | spiral
    columns: int
    rows: int
    every: int = 5
    fill: str = "#f2c14e"
    line: str = "#333333"
    specials: tuple[Special, ...] = ()
    arrows: bool = False  # direction arrows after the start and at every turn
    legend: bool = True  # a line below the board for each special space with a name or text

    @property
    def last(self) -> int:
        return self.first + self.count - 1


class TrackTextDoesNotFit(ValueError):
    """A space's name or symbol, or a legend line, that does not fit at 6 pt."""

    def __init__(self, number: int, text: str):
        super().__init__(f"'{text}' does not fit")
        self.number, self.text = number, text


# -- where the spaces go ------------------------------------------------------------------
def edge_positions(columns: int, rows: int) -> list[tuple[int, int]]:
    """The cells of a rectangle's rim, clockwise from the top-left corner."""
    top = [(c, 0) for c in range(columns)]
    right = [(columns - 1, r) for r in range(1, rows)]
    bottom = [(c, rows - 1) for c in range(columns - 2, -1, -1)] if rows > 1 else []
    left = [(0, r) for r in range(rows - 2, 0, -1)] if columns > 1 else []
    return top + right + bottom + left


def snake_positions(columns: int, count: int) -> list[tuple[int, int]]:
    return [((i % columns) if (i // columns) % 2 == 0 else columns - 1 - i % columns, i // columns)
            for i in range(count)]


def spiral_positions(columns: int, rows: int) -> list[tuple[int, int]]:
    """Every cell of the rectangle, ring by ring inward, each ring clockwise from its top-left."""
    out: list[tuple[int, int]] = []
    ring = 0
    while columns - 2 * ring > 0 and rows - 2 * ring > 0:
        rim = edge_positions(columns - 2 * ring, rows - 2 * ring)
        out += [(c + ring, r + ring) for c, r in rim]
        ring += 1
    return out


def room(along: str, columns: int, rows: int) -> int | None:
    """How many spaces the layout holds (None: as many as asked, in rows)."""
    if along == "edge":
        return len(edge_positions(columns, rows))
    if along == "spiral":
        return columns * rows
    return None


def positions(track: Track) -> list[tuple[int, int]]:
    """The grid cell of each space, in track order."""
    if along_rows(track):
        return snake_positions(track.columns, track.count)
    cells = edge_positions(track.columns, track.rows) if track.along == "edge" else \
        spiral_positions(track.columns, track.rows)
    return cells[:track.count]


def along_rows(track: Track) -> bool:
    return track.along == "rows"


def neighbours(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def link_problem(track: Track, special: Special) -> str:
    """Why a special space's link cannot be drawn ("" when it can): it must lead to another
    space of the track that does not follow this one. A link to a space it touches crosses
    the wall between them (an arrow, a bridge or a ladder); one further off is a jump, an
    arrow round the words in between (kit.jumps)."""
    to = special.to
    if to is None:
        return ""
    if not track.first <= to <= track.last:
        return f"space {to} is not on the track ({track.first} to {track.last})"
    if abs(to - special.number) == 1 or to == special.number:
        return f"space {to} is next to space {special.number} along the track already"
    if special.link != "arrow" and not touching(track, special):
        return (f"a {special.link} joins spaces that touch, and space {to} does not touch space "
                f"{special.number} on the board (a jump further off is an arrow: leave `link` blank)")
    return ""


def touching(track: Track, special: Special) -> bool:
    """Whether a special space's link leads to a space beside it on the board (not a jump)."""
    where = positions(track)
    return neighbours(where[special.number - track.first], where[special.to - track.first])


# -- the drawing ----------------------------------------------------------------------------
def track_drawing(track: Track, ink_saver: bool = False) -> Drawing:
    """The track at `cell` mm a space: spaces, walls, links, arrows, then the legend below."""
    where = positions(track)
    cell = track.cell
    width = (max(c for c, _r in where) + 1) * cell + 2 * MARGIN
    board_height = (max(r for _c, r in where) + 1) * cell + 2 * MARGIN
    specials = {s.number: s for s in track.specials}
    legend, legend_height = legend_shapes(track, width, board_height, ink_saver)
    shapes: list = [Rect(0, 0, round(width, 3), round(board_height + legend_height, 3), Style(fill=colours.WHITE),
                         role="board-background")]
    for index, (c, r) in enumerate(where):
        number = track.first + index
        shapes += space_shapes(track, number, MARGIN + c * cell, MARGIN + r * cell, specials.get(number), ink_saver)
    shapes += wall_shapes(track, where)
    for special in track.specials:
        if special.to is not None and touching(track, special):
            shapes += link_shapes(track, where, special)
    if track.arrows:
        shapes += arrow_shapes(track, where)
    shapes += jump_shapes(track, where, shapes, width, board_height)
    return Drawing(round(width, 3), round(board_height + legend_height, 3), tuple(shapes + legend), title=track.title)


def corner(track: Track, where: list, number: int) -> tuple[float, float]:
    c, r = where[number - track.first]
    return MARGIN + c * track.cell, MARGIN + r * track.cell


def space_fill(track: Track, number: int, special: Special | None, ink_saver: bool) -> str:
    marked = bool(track.every) and number % track.every == 0
    fill = special.fill if special and special.fill else track.fill if marked else colours.WHITE
    return colours.lighten(fill, 0.55) if ink_saver and fill != colours.WHITE else fill


def space_shapes(track: Track, number: int, x: float, y: float, special: Special | None, ink_saver: bool) -> list:
    cell = track.cell
    fill = space_fill(track, number, special, ink_saver)
    marked = bool(track.every) and number % track.every == 0
    ink = colours.ink_on(fill) if fill != colours.WHITE else track.line
    shapes: list = [Rect(round(x, 3), round(y, 3), cell, cell,
                         Style(fill=fill, stroke=track.line, stroke_width=0.35), cell=str(number), role="space")]
    if special is None or not (special.name or special.symbol):
        size = min(cell * 0.42, 8.0)  # a plain space: its number, large, in the middle
        shapes.append(Text(round(x + cell / 2, 3), round(y + cell / 2 + size * 0.36, 3), str(number),
                           size=round(size, 3), fill=ink, anchor="middle", bold=bool(marked)))
        return shapes
    size = min(cell * 0.2, 4.0)  # the number in the top-left corner, out of the links' way
    shapes.append(Text(round(x + cell * 0.07, 3), round(y + cell * 0.07 + size * 0.75, 3), str(number),
                       size=round(size, 3), fill=ink, bold=bool(marked)))
    if special.symbol:
        shapes.append(fitted(special.number, x + cell / 2, y + cell * 0.5 + cell * 0.13, special.symbol,
                             size=cell * 0.36, max_width=cell * 0.4, fill=ink, anchor="middle", bold=True))
    if special.name:
        shapes.append(fitted(special.number, x + cell / 2, y + cell * 0.9, special.name,
                             size=min(cell * 0.14, 3.4), max_width=cell * 0.52, fill=ink, anchor="middle",
                             role="space-name"))
    return shapes


def fitted(number: int, x: float, y: float, text: str, **style) -> Text:
    """A line of a track's text at 6 pt or larger, else the space's error."""
    try:
        return fit.line(x, y, text, min_size=SMALLEST, strict=True, **style)
    except fit.TextDoesNotFit:
        raise TrackTextDoesNotFit(number, text) from None


def wall_shapes(track: Track, where: list) -> list:
    """A thick line on each side of a space that borders no space, or a space that does
    not come just before or after it: the path's own edges."""
    index = {cell: i for i, cell in enumerate(where)}
    cell = track.cell
    wall = Style(stroke=track.line, stroke_width=WALL)
    shapes = []
    for i, (c, r) in enumerate(where):
        x, y = MARGIN + c * cell, MARGIN + r * cell
        sides = (((c, r - 1), (x, y, x + cell, y)), ((c, r + 1), (x, y + cell, x + cell, y + cell)),
                 ((c - 1, r), (x, y, x, y + cell)), ((c + 1, r), (x + cell, y, x + cell, y + cell)))
        for other, (x1, y1, x2, y2) in sides:
            j = index.get(other)
            if j is not None and (abs(i - j) == 1 or j < i):
                continue  # the path goes on there; or a shared wall, drawn once from the earlier space
            shapes.append(Line(round(x1, 3), round(y1, 3), round(x2, 3), round(y2, 3), wall, role="wall"))
    return shapes


def crossing(track: Track, where: list, a: int, b: int, inside: float) -> tuple[tuple[float, float], ...]:
    """The short stretch from space a into space b across their shared border: along the
    middle for neighbours side by side, along the right-hand quarter for neighbours above
    and below (where the name at the foot of a space leaves room)."""
    cell = track.cell
    (ax, ay), (bx, by) = corner(track, where, a), corner(track, where, b)
    if ay == by:  # side by side
        y = ay + cell / 2
        step = 1 if bx > ax else -1
        edge = max(ax, bx)
        return (round(edge - step * inside, 3), round(y, 3)), (round(edge + step * inside, 3), round(y, 3))
    x = ax + cell * 0.86
    step = 1 if by > ay else -1
    edge = max(ay, by)
    return (round(x, 3), round(edge - step * inside, 3)), (round(x, 3), round(edge + step * inside, 3))


def link_shapes(track: Track, where: list, special: Special) -> list:
    """An arrow, a bridge (a plank with rails) or a ladder (rails and rungs) from the space to its link."""
    inside = track.cell * 0.22  # clear of a plain space's large number and a special space's symbol
    (x1, y1), (x2, y2) = crossing(track, where, special.number, special.to, inside)
    ink = colours.darken(track.line, 0.2)
    if special.link == "arrow":
        return [arrow(x1, y1, x2, y2, 0.5, ink, "link")]
    half = track.cell * 0.09
    nx, ny = (0.0, half) if y1 == y2 else (half, 0.0)  # across the link
    rail = Style(stroke=ink, stroke_width=0.6)
    rails = [Line(round(x1 - nx, 3), round(y1 - ny, 3), round(x2 - nx, 3), round(y2 - ny, 3), rail, role="link"),
             Line(round(x1 + nx, 3), round(y1 + ny, 3), round(x2 + nx, 3), round(y2 + ny, 3), rail, role="link")]
    if special.link == "bridge":
        plank = Polygon(((x1 - nx, y1 - ny), (x2 - nx, y2 - ny), (x2 + nx, y2 + ny), (x1 + nx, y1 + ny)),
                        Style(fill="#c8a26e"), role="link")
        return [plank] + rails
    rungs = [Line(round(x1 + (x2 - x1) * t - nx, 3), round(y1 + (y2 - y1) * t - ny, 3),
                  round(x1 + (x2 - x1) * t + nx, 3), round(y1 + (y2 - y1) * t + ny, 3), rail, role="link-rung")
             for t in (0.12, 0.37, 0.63, 0.88)]
    return rails + rungs


def arrow(x1: float, y1: float, x2: float, y2: float, stroke: float, ink: str, role: str) -> Path:
    """An arrow whose tip (not the middle of its head) ends at (x2, y2): the backends centre a
    head ten strokes long on the path's end, so the path stops half a head short."""
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    back = 5 * stroke / length
    end = (round(x2 - (x2 - x1) * back, 3), round(y2 - (y2 - y1) * back, 3))
    return Path(((x1, y1), end), Style(stroke=ink, stroke_width=stroke), arrow=True, role=role)


class TrackJumpBlocked(ValueError):
    """A jump with no way round the words between its two spaces."""

    def __init__(self, number: int, to: int):
        super().__init__(f"no way from {number} to {to}")
        self.number, self.to = number, to


def jump_shapes(track: Track, where: list, drawn: list, width: float, height: float) -> list:
    """Each link to a space that does not touch its own: a curved arrow from inside the space
    to inside the other, round every word and every link drawn before it (kit.jumps)."""
    cell = track.cell
    shapes: list = []
    inset = max(cell * 0.1, 3.0)
    lines = tuple(bounds(shape) for shape in drawn if getattr(shape, "role", "") == "wall") + \
        tuple(edge for x, y in (corner(track, where, n) for n in range(track.first, track.last + 1))
              for edge in ((x, y, cell, 0.0), (x, y, 0.0, cell)))  # every space's top and left side
    for special in (s for s in track.specials if s.to is not None and not touching(track, s)):
        obstacles = [bounds(shape) if isinstance(shape, Text) else jumps.grow(bounds(shape), 1.5)  # an arrow's head
                     for shape in drawn + shapes
                     if isinstance(shape, Text) or getattr(shape, "role", "") in ("link", "link-rung", "direction")]
        boxes = [(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset)
                 for x, y in (corner(track, where, n) for n in (special.number, special.to))]
        way = jumps.jump_way(boxes[0], boxes[1], [box for box in obstacles if box], (1.0, 1.0, width - 2, height - 2),
                             min(cell / 8, jumps.STEP),
                             lines)
        if way is None:
            raise TrackJumpBlocked(special.number, special.to)
        ink = colours.darken(track.line, 0.2)
        points = tuple((round(x, 3), round(y, 3)) for x, y in jumps.shortened(way, 5 * 0.5))
        shapes.append(Path(points, Style(stroke=ink, stroke_width=0.5), arrow=True, role="link"))
    return shapes


def arrow_shapes(track: Track, where: list) -> list:
    """An arrow across the border after the first space and wherever the path turns."""
    shapes = []
    for i in range(len(where) - 1):
        step = (where[i + 1][0] - where[i][0], where[i + 1][1] - where[i][1])
        before = (where[i][0] - where[i - 1][0], where[i][1] - where[i - 1][1]) if i else None
        if i == 0 or step != before:
            a, b = track.first + i, track.first + i + 1
            (x1, y1), (x2, y2) = crossing(track, where, a, b, track.cell * 0.13)
            shapes.append(arrow(x1, y1, x2, y2, 0.35, colours.darken(track.line, 0.2), "direction"))
    return shapes


def legend_shapes(track: Track, width: float, top: float, ink_saver: bool) -> tuple[list, float]:
    """One line per special space with a name or a text, below the board: its swatch and
    symbol, then "6 Bridge: cross to 12"."""
    entries = [s for s in track.specials if s.name or s.text] if track.legend else []
    if not entries:
        return [], 0.0
    row = LEGEND_SIZE * 2.1
    shapes: list = []
    for i, special in enumerate(sorted(entries, key=lambda s: s.number)):
        y = top + i * row
        fill = space_fill(track, special.number, special, ink_saver)
        box = row * 0.8
        shapes.append(Rect(MARGIN, round(y, 3), round(box, 3), round(box, 3),
                           Style(fill=fill, stroke=track.line, stroke_width=0.3), role="legend-swatch"))
        if special.symbol:
            shapes.append(fitted(special.number, MARGIN + box / 2, y + box * 0.72, special.symbol, size=box * 0.6,
                                 max_width=box * 0.9, fill=colours.ink_on(fill), anchor="middle", bold=True))
        words = f"{special.number} {special.name}".strip() + (f": {special.text}" if special.text else "")
        shapes.append(fitted(special.number, MARGIN + box + 2.0, y + box * 0.72, words, size=LEGEND_SIZE,
                             max_width=width - 2 * MARGIN - box - 2.0, fill="#222222", role="legend"))
    return shapes, len(entries) * row + MARGIN


# -- from components.toml ---------------------------------------------------------------
def track_board(checks: KitChecks, table: Values, title: str) -> Optional[Drawing]:
    """kind = "track": `spaces` numbered spaces round the edge of a rectangle, in rows or in a
    spiral; the spaces `data` describes (read by play.tables.track_spaces, as the engine
    reads them) get their colour, symbol, name and link."""
    count, columns, rows = table["spaces"], table["columns"], table["rows"]
    if not count and table["data"]:
        try:
            count = length_from_data(checks, table)
        except ContentErrors as errors:  # the data's own mistakes, at their rows
            checks.source.errors.extend(errors.errors)
            return None
    needs_rows = table["along"] in ("edge", "spiral")
    if not count or not columns or (needs_rows and not rows):
        missing = "spaces" if not count else "columns" if not columns else "rows"
        checks.source.report(table.key("kind"), f"a track needs `{missing}`",
                             expected="spaces (or data listing its last space), columns (and rows, round the "
                                      "edge or in a spiral)", found="nothing")
        return None
    holds = room(table["along"], columns, rows)
    if holds is not None and count > holds:
        shape = "edge" if table["along"] == "edge" else "spiral"
        checks.source.report(table.key("spaces" if table["spaces"] else "data"), f"{count} spaces do not fit a {columns} x {rows} {shape}",
                             expected=f"at most {holds} spaces, or a larger rectangle", found=str(count))
        return None
    track = Track(title, table["cell"], table["first"], count, table["along"], columns, rows or 1,
                  table["every"], checks.colour(table, "fill"), checks.colour(table, "line"),
                  arrows=table["arrows"], legend=table["legend"])
    specials = track_specials(checks, table, track)
    if specials is None:
        return None
    track = replace(track, specials=with_start_and_finish(specials, track, table["start"], table["finish"]))
    try:
        return track_drawing(track)
    except TrackJumpBlocked as error:
        data = checks.data_file(table)
        row = next(s.line for s in track_spaces(data) if s.number == error.number)
        checks.source.errors.append(ContentError(
            data.path, row, f"the jump from space {error.number} to {error.to} has no way round the words "
                            "between them", expected="a larger `cell`, or shorter names on the spaces between",
            found=f"to {error.to}"))
        return None
    except TrackTextDoesNotFit as error:
        data = checks.data_file(table)
        row = next((s.line for s in track_spaces(data) if s.number == error.number), None) if data else None
        problem = ContentError(data.path if row else checks.source.path,
                               row or checks.source.line_of(table.key("cell")),
                               f"the text of space {error.number} does not fit its space at 6 pt",
                               expected="a shorter name, symbol or text, or a larger `cell`", found=error.text)
        checks.source.errors.append(problem)
        return None


def length_from_data(checks: KitChecks, table: Values) -> Optional[int]:
    """A track without `spaces`: its spaces run from `first` to the last its data lists
    (play.tables.track_last, as the engine reads it). Raises ContentErrors for wrong rows."""
    data = checks.data_file(table)
    return track_last(data) - table["first"] + 1 if data is not None else None


def track_specials(checks: KitChecks, table: Values, track: Track) -> Optional[tuple[Special, ...]]:
    """The spaces the track's data describes, each checked against the track: its number on
    it, its colour known, its link to a space it touches. None when the data is wrong."""
    if not table["data"]:
        return ()
    data = checks.data_file(table)
    if data is None:
        return None
    try:
        spaces = track_spaces(data)
    except ContentErrors as errors:
        checks.source.errors.extend(errors.errors)
        return None
    specials = []
    for space in spaces:
        fill = checks.colour_value(space.colour) if space.colour else ""
        special = Special(space.number, space.name, fill or "", space.symbol, space.text, space.to, space.link)
        missing = [char for char in space.symbol if not char.isspace() and not has_glyph(char, bold=True)]
        problem = (f"space {space.number} is not on the track ({track.first} to {track.last})"
                   if not track.first <= space.number <= track.last
                   else f"'{space.colour}' is not a colour" if fill is None
                   else f"the font has no '{missing[0]}' for the symbol (it would print as an empty box)"
                   if missing else link_problem(track, special))
        if problem:
            checks.source.errors.append(ContentError(
                data.path, space.line, problem,
                found=f"number {space.number}, colour {space.colour or '(none)'}, to {space.to or '(none)'}",
                expected="a space of the track, a colour (#rrggbb or a name from [kit].colours), and a link "
                         "to a space this one touches on the board without following it"))
            continue
        specials.append(special)
    return tuple(specials) if len(specials) == len(spaces) else None



def with_start_and_finish(specials: tuple[Special, ...], track: Track, start: str, finish: str) -> tuple[Special, ...]:
    """The first and last spaces named `start` and `finish` unless the data names them."""
    by_number = {s.number: s for s in specials}
    for number, name in ((track.first, start), (track.last, finish)):
        if name and not by_number.get(number, Special(number)).name:
            by_number[number] = replace(by_number.get(number, Special(number)), name=name)
    return tuple(by_number[n] for n in sorted(by_number))
