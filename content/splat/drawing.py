"""Splat diagrams: a state as a `generator.draw.shapes` Drawing of the plane,
the wrapping sky, the ground, the pieces and a side panel saying what
happens next, with every cell a clickable cell.

It imports the board only, never the engine (which imports this module):
the state is read duck-typed (its fields `skydivers`, `fates`, `chute`,
`holder`, `phase`, ...), and the result comes in from `Engine.render`.
"""
from __future__ import annotations

import textwrap

from generator.draw.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text

from .board import (
    AIR,
    COLOUR_NAMES,
    COLUMNS,
    FALL,
    HEIGHT,
    OVER,
    PARACHUTE,
    PLANE,
    ROLL,
    SHIFT,
    SKYDIVERS,
    WIDTH,
    Cell,
    cell_name,
    parse_cell,
)

CELL_MM = 12.0
# Every word of a diagram is at least this tall: the rulebook prints the diagram as small as
# 7 pt allows for its smallest word (4 mm: at 62%), so larger words mean smaller figures and
# two steps to a page; on screen, 12 px
SMALLEST = 4.0
PANEL_W = 64.0  # the side panel, wide enough for "Yellow: ground (holds P)" at SMALLEST
BOARD_X = 16.0  # left edge of column a
PLANE_Y = 14.0  # top of the plane row
BOARD_Y = PLANE_Y + CELL_MM + 3.0  # top of row 1
PANEL_X = BOARD_X + WIDTH * CELL_MM + 16.0
# A phone held upright shows the board 345 px across, which holds 112 mm at 12 px a word: the panel
# narrows beside the sky (its lines wrap; a skydiver's line names the place, its disc the colour)
NARROW_PANEL_X = BOARD_X + WIDTH * CELL_MM + 10.0
NARROW_PANEL_W = 112.0 - NARROW_PANEL_X
NARROW_CHARS = 10
# A rulebook's page (Engine.print_layouts): the panel's words in lines under the ground, so the
# drawing is only as wide as the sky (86 mm): two steps across the A5 booklet's page at 7 pt
BOOK_W = NARROW_PANEL_X
BOOK_CHARS = 34  # a line under the sky at SMALLEST
INK = "#222222"
SKY = "#e8f3fb"
PLANE_FILL = "#cfd6de"
GROUND_FILL = "#8a6a3d"
MARK = "#e4007c"  # highlighted cells: a strong outline on a pale fill
MARK_FILL = "#fbd3e6"


def _cell_box(cell: Cell) -> tuple:
    col, row = cell
    y = PLANE_Y if row == PLANE else BOARD_Y + (row - 1) * CELL_MM
    return BOARD_X + col * CELL_MM, y


def _skydiver(seat: int, cell: Cell, holding: bool) -> list:
    x, y = _cell_box(cell)
    return skydiver_shapes(seat, x, y, holding)


def skydiver_shapes(seat: int, x: float, y: float, holding: bool = False) -> list:
    """A skydiver in the cell whose corner is (x, y): a disc in the seat's colour with its letter,
    smaller under a canopy when holding the parachute. The kit prints these shapes (`kit_piece`)."""
    cx, cy = x + CELL_MM / 2, y + CELL_MM / 2
    row = SKYDIVERS[seat]
    shapes = []
    radius = CELL_MM * 0.36
    if holding:  # a small canopy over a smaller skydiver
        radius = CELL_MM * 0.26
        cy = y + CELL_MM - radius - 0.6
        shapes += _canopy(cx, y + 0.5, CELL_MM * 0.4, cy - radius * 0.6)
    shapes.append(Circle(cx, cy, radius, Style(fill=row["colour"], stroke=INK, stroke_width=0.4),
                         role=f"skydiver-{seat}"))
    shapes.append(Text(cx, cy + radius * 0.42, row["letter"], size=radius * 1.25, fill=row["ink"],
                       anchor="middle", bold=True))
    return shapes


def chute_shapes(x: float, y: float) -> list:
    """The free parachute in the cell whose corner is (x, y), as the diagrams draw it."""
    return _canopy(x + CELL_MM / 2, y + 1.5, CELL_MM * 0.44, y + CELL_MM - 1.5)


def kit_piece(label: str, colour: str) -> Drawing:
    """A piece for the print-and-play kit (components.toml): the diagrams' own skydiver whose
    letter is `label` (R, B, G, Y), or the parachute (P); the colours are the diagrams'."""
    edge = CELL_MM * 0.12  # the cell's margin round the piece
    if label == PARACHUTE["letter"]:
        shapes = chute_shapes(-edge, -edge)
    else:
        seat = next(seat for seat, row in enumerate(SKYDIVERS) if row["letter"] == label)
        shapes = skydiver_shapes(seat, -edge, -edge)
    size = CELL_MM - 2 * edge
    return Drawing(size, size, (Group(tuple(shapes)),), title=label)


def _canopy(cx: float, top: float, half: float, hang: float) -> list:
    """The parachute: a dome marked with its letter, its lines meeting at
    height `hang` below it."""
    height = half  # deep enough for its letter at SMALLEST
    dome = tuple((cx + half * dx, top + height * dy) for dx, dy in
                 ((-1, 1), (-0.92, 0.55), (-0.7, 0.2), (-0.38, 0.03), (0, 0), (0.38, 0.03),
                  (0.7, 0.2), (0.92, 0.55), (1, 1)))
    lines = [Line(cx + half * dx, top + height, cx, hang, Style(stroke=INK, stroke_width=0.25))
             for dx in (-0.95, -0.35, 0.35, 0.95)]
    return lines + [
        Polygon(dome, Style(fill=PARACHUTE["colour"], stroke=INK, stroke_width=0.35), role="parachute"),
        Text(cx, top + height * 0.86, PARACHUTE["letter"], size=max(height * 0.7, SMALLEST), fill=PARACHUTE["ink"],
             anchor="middle", bold=True),
    ]


def sky_shapes() -> list:
    """The empty board: the plane row where everybody starts, the sky's cells with their
    coordinates, the wrap-around markers and the ground."""
    shapes: list = []
    board_w = WIDTH * CELL_MM
    ground_y = BOARD_Y + HEIGHT * CELL_MM
    # The plane: where everybody starts (C1).
    shapes.append(Rect(BOARD_X - 2, PLANE_Y - 1, board_w + 4, CELL_MM + 2, Style(fill=PLANE_FILL, stroke=INK), rx=4,
                       role="plane"))
    shapes.append(Text(BOARD_X - 3, PLANE_Y + CELL_MM / 2 + 1.4, "plane", size=SMALLEST, fill=INK, anchor="end"))
    for col in range(WIDTH):
        for row in range(0, HEIGHT + 1):
            x, y = _cell_box((col, row))
            name = cell_name((col, row))
            fill = PLANE_FILL if row == PLANE else SKY
            shapes.append(Rect(x, y, CELL_MM, CELL_MM, Style(fill=fill, stroke="#9aa7b4", stroke_width=0.25),
                               cell=name, role="cell"))
    # Labels: row numbers on the left, column letters above the plane.
    for row in range(1, HEIGHT + 1):
        y = BOARD_Y + (row - 0.5) * CELL_MM + 1.2
        shapes.append(Text(BOARD_X - 8.5, y, str(row), size=SMALLEST, fill=INK, anchor="middle"))
    for col in range(WIDTH):
        shapes.append(Text(BOARD_X + (col + 0.5) * CELL_MM, PLANE_Y - 2.2, COLUMNS[col], size=SMALLEST, fill=INK,
                           anchor="middle"))
    # Wrap markers: matching arrows on both sides show the edges are joined.
    for row in range(1, HEIGHT + 1):
        y = BOARD_Y + (row - 0.5) * CELL_MM
        left, right = BOARD_X - 1.2, BOARD_X + board_w + 1.2
        shapes.append(Polygon(((left, y - 1.6), (left - 2.6, y), (left, y + 1.6)), Style(fill="#5b6b7b"),
                              role="wrap"))
        shapes.append(Polygon(((right, y - 1.6), (right + 2.6, y), (right, y + 1.6)), Style(fill="#5b6b7b"),
                              role="wrap"))
    shapes.append(Text(BOARD_X + board_w + 6.0, BOARD_Y + HEIGHT * CELL_MM / 2, "sides wrap", size=SMALLEST,
                       fill="#4a5560", anchor="middle", rotate=90))  # a grey the site's themes take as ink
    shapes.append(Line(BOARD_X, BOARD_Y, BOARD_X, ground_y, Style(stroke="#5b6b7b", stroke_width=0.6,
                                                                  dash=(1.5, 1.0))))
    shapes.append(Line(BOARD_X + board_w, BOARD_Y, BOARD_X + board_w, ground_y,
                       Style(stroke="#5b6b7b", stroke_width=0.6, dash=(1.5, 1.0))))
    # The ground.
    shapes.append(Rect(BOARD_X - 2, ground_y + 0.5, board_w + 4, 6.0, Style(fill=GROUND_FILL, stroke=INK),
                       role="ground"))
    shapes.append(Text(BOARD_X + board_w / 2, ground_y + 4.9, "ground", size=SMALLEST, fill="#ffffff", anchor="middle"))
    return shapes


def kit_sky(cell: float) -> Drawing:
    """The printed board (components.toml): the diagrams' own sky, plane row and ground, `cell` mm a
    cell, without the diagrams' title line and side panel."""
    k = cell / CELL_MM
    left, top = BOARD_X - 15.0, PLANE_Y - 7.0  # the "plane" label, and the letters above the plane
    width = WIDTH * CELL_MM + 27.0
    height = (BOARD_Y + HEIGHT * CELL_MM + 8.0) - top
    board = Group(tuple(sky_shapes()), dx=-left * k, dy=-top * k, scale=k, role="sky")
    return Drawing(round(width * k, 3), round(height * k, 3), (board,), title="The sky")


def draw_state(state, highlight=(), result=None, narrow: bool = False, book: bool = False) -> Drawing:
    """The board with `state`'s pieces; cells named in `highlight` marked.
    `result` is the engine's Result for `state` (None until the game is over):
    the side panel says what happens next, or how the game ended."""
    marked = set(highlight)
    ground_y = BOARD_Y + HEIGHT * CELL_MM
    status = _status_line(state, result)
    shapes: list = [Text(BOARD_X, 7.0, f"Splat - round {state.round}", size=4.2, fill=INK, bold=True)]
    shapes += sky_shapes()
    for name in sorted(marked):
        try:
            x, y = _cell_box(parse_cell(name))
        except ValueError:
            continue
        shapes.append(Rect(x + 0.6, y + 0.6, CELL_MM - 1.2, CELL_MM - 1.2,
                           Style(fill=MARK_FILL, stroke=MARK, stroke_width=0.9), cell=name, role="highlight"))
    # Pieces.
    if state.chute is not None:
        shapes += chute_shapes(*_cell_box(state.chute))
    for seat, cell in enumerate(state.skydivers):
        if cell is not None:
            shapes += _skydiver(seat, cell, seat == state.holder)
    if book:  # what happens next in lines under the ground
        lines = _book_lines(state, status)
        shapes += [Text(BOARD_X - 2, ground_y + 16 + i * 5.5, line, size=SMALLEST, fill=INK, bold=bold)
                   for i, (line, bold) in enumerate(lines)]
        return Drawing(BOOK_W, ground_y + 16 + len(lines) * 5.5 - 2.5, tuple(shapes),
                       title=f"Splat, round {state.round}: {' '.join(status)}")
    # Side panel: who is who, and what happens next.
    panel_x = NARROW_PANEL_X if narrow else PANEL_X
    shapes += _panel(state, status, panel_x, NARROW_CHARS if narrow else 0)
    width = NARROW_PANEL_X + NARROW_PANEL_W if narrow else PANEL_X + PANEL_W
    height = ground_y + 10
    return Drawing(width, height, tuple(shapes), title=f"Splat, round {state.round}: {' '.join(status)}")


def _panel(state, status: list, x: float, chars: int) -> list:
    """Who is who, where the parachute is and what happens next, from (x, the board's top).
    `chars`: the most characters a line holds (a narrow board's panel), 0 for no limit."""
    def lines(text: str, indent: int = 0) -> list[str]:
        return textwrap.wrap(text, chars - indent) if chars else [text]
    y = BOARD_Y + 2
    shapes = [Text(x, y, "Skydivers", size=SMALLEST, fill=INK, bold=True)]
    for seat in range(state.players):
        y += 8
        row = SKYDIVERS[seat]
        shapes.append(Circle(x + 2.8, y - 1.4, 3.0, Style(fill=row["colour"], stroke=INK, stroke_width=0.3)))
        shapes.append(Text(x + 2.8, y - 0.05, row["letter"], size=SMALLEST, fill=row["ink"], anchor="middle",
                           bold=True))
        where = state.skydivers[seat]
        fate = state.fates[seat]
        place = cell_name(where) if fate == AIR else fate
        text = (place if chars else f"{COLOUR_NAMES[seat]}: {place}") + (" (holds P)" if seat == state.holder else "")
        for i, line in enumerate(lines(text, 3)):
            y += 5.5 if i else 0
            shapes.append(Text(x + 7.5, y, line, size=SMALLEST, fill=INK))
    y += 9
    chute = ("held" if state.holder is not None else "lost" if state.chute_lost else cell_name(state.chute))
    for i, line in enumerate(lines(f"Parachute: {chute}")):
        y += 5.5 if i else 0
        shapes.append(Text(x, y, line, size=SMALLEST, fill=INK))
    y += 8
    for line in (part for text in status for part in lines(text)):
        shapes.append(Text(x, y, line, size=SMALLEST, fill=INK, bold=True))
        y += 5.5
    return shapes


def _book_lines(state, status: list) -> list[tuple[str, bool]]:
    """The side panel's words as lines under the sky: where the parachute is and who has left
    the sky, then what happens next (bold). Where each skydiver is, the board shows."""
    chute = (f"held by {COLOUR_NAMES[state.holder]}" if state.holder is not None
             else "lost" if state.chute_lost else f"on {cell_name(state.chute)}")
    facts = [f"Parachute {chute}"] + [f"{COLOUR_NAMES[seat]} {fate}" for seat, fate in enumerate(state.fates)
                                      if fate != AIR]
    lines = [(line, False) for line in textwrap.wrap("; ".join(facts), BOOK_CHARS)]
    return lines + [(line, True) for line in textwrap.wrap(" ".join(status), BOOK_CHARS)]


def _status_line(state, result) -> list:
    if state.phase == OVER:
        return [result.text.split(":")[0]]
    if state.phase == FALL:
        return ["Next: the parachute", "falls 1–3"]
    if state.phase == SHIFT:
        return [f"{COLOUR_NAMES[state.seat]} steers;", f"then falls {state.die}"]
    if state.phase == ROLL:
        return [f"Next: {COLOUR_NAMES[state.seat]} rolls"]
    return [f"{COLOUR_NAMES[state.seat]} rolled {state.die}:", "now moves"]
