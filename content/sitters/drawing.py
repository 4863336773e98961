"""SiTTeRS: the board diagram, drawn with generator.draw.shapes.

The board with its coordinates, spaces and markers (a chest being opened
and an attacker waiting for the battle dice are drawn small beside their
space), highlighted cells outlined, and the status and tallies underneath.

A state is taken duck-typed (an engine.State): the engine imports this
module to render and hands over what only the rules know, the final
verdict, so this one never imports the engine.
Standard library only: this module runs in the browser under Pyodide.
"""
from __future__ import annotations

import textwrap
from typing import Sequence

from generator.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Style, Text

from .board import (
    BADDIE, BATTLE, BOARD, EMPTY, GOODIE, LETTER, LOOT, LOOT_SIX, MOVE, NO_SPACE, OVER, PLACE_BADDIES, PLACE_CHESTS,
    PLACE_GOODIES, ROLL, SIDE_PLURAL,
)

CELL_MM = 14.0
MARGIN_MM = 7.0
SPACE_FILL = {".": "#f7f4ec", "G": "#dcebd6", "B": "#f2d7d3", "C": "#f3e6c4", "S": "#cfe3f4"}
GOODIE_FILL, BADDIE_FILL, CHEST_FILL = "#2458b8", "#b3261e", "#8a5a14"
LINE = Style(stroke="#5b5346", stroke_width=0.35)
# The smallest text (a space's letter, a coordinate, a marker squeezed beside another, the status
# lines): a rulebook figure's labels print at 7 pt or more, and the diagram prints smallest across
# the A5 booklet's page on US Letter (109 mm wide, 0.65 mm on paper per mm drawn: 3.4 mm was 6.3 pt)
SMALLEST = 3.8
# A phone held upright shows the board 345 px across: its words at 5.9 mm make 12 px there. The
# space's letter moves down into its corner, and a marker shrinks towards the far corner to
# make room; the lines under the board wrap (EM: a word's average advance, generously).
NARROW_TEXT = 5.9
NARROW_MARKER = 0.76
NARROW_SHIFT = (2.0, 2.6)
EM = 0.6


def board_shapes(narrow: bool = False) -> list:
    """The empty board: its coordinates, and every space coloured and lettered by its kind."""
    w, h = BOARD.width, BOARD.height
    size = NARROW_TEXT if narrow else SMALLEST
    shapes: list = []
    for col in range(w):
        shapes.append(Text(MARGIN_MM + (col + 0.5) * CELL_MM, MARGIN_MM - (1.5 if narrow else 2), chr(ord("a") + col),
                           size=size, fill="#5b5346", anchor="middle", role="label"))
    for row in range(h):
        y = MARGIN_MM + (row + 0.5) * CELL_MM + 0.36 * size if narrow else MARGIN_MM + (row + 0.6) * CELL_MM
        shapes.append(Text(MARGIN_MM - (1.5 if narrow else 2), y, str(row + 1),
                           size=size, fill="#5b5346", anchor="end", role="label"))
    for cell, kind in enumerate(BOARD.kinds):
        if kind == NO_SPACE:
            continue
        x, y = _corner(cell)
        name = BOARD.names[cell]
        shapes.append(Rect(x, y, CELL_MM, CELL_MM, Style(fill=SPACE_FILL[kind], stroke=LINE.stroke,
                                                        stroke_width=LINE.stroke_width), cell=name, role="space"))
        if kind != EMPTY:
            shapes.append(Text(x + 1.2, y + (5.2 if narrow else 3.5), kind, size=size, fill="#62594c",
                               role="space-label"))
    return shapes


def kit_board(cell: float) -> Drawing:
    """The printed board (components.toml): the diagrams' own board at `cell` mm a square (the rules
    ask for 40), without the status lines."""
    k = cell / CELL_MM
    width = MARGIN_MM * 2 + BOARD.width * CELL_MM
    height = MARGIN_MM * 2 + BOARD.height * CELL_MM
    return Drawing(round(width * k, 3), round(height * k, 3), (Group(tuple(board_shapes()), scale=k, role="board"),),
                   title="SiTTeRS board")


def draw_state(state, highlight: Sequence[str] = (), verdict: str = "", narrow: bool = False) -> Drawing:
    """The board with its markers, tallies underneath; highlighted cells get a thick outline.
    `verdict` is the result's text once the game is over (the engine's `result(state).text`)."""
    h = BOARD.height
    width = MARGIN_MM * 2 + BOARD.width * CELL_MM
    size = NARROW_TEXT if narrow else SMALLEST
    lines = [(_status_line(state, verdict), "status"), (_tally_line(state), "tally")]
    if narrow:  # the lines under the board wrap at its width
        lines = [(part, role) for text, role in lines
                 for part in textwrap.wrap(text, int((width - MARGIN_MM) / (size * EM)))]
    step = size + 2 if narrow else 6.0
    height = MARGIN_MM + h * CELL_MM + (4 + len(lines) * step + 2 if narrow else 16)
    shapes: list = board_shapes(narrow)
    shapes.extend(_markers(state, narrow))
    for name in highlight:
        cell = BOARD.index.get(name)
        if cell is not None:
            x, y = _corner(cell)
            shapes.append(Rect(x + 0.6, y + 0.6, CELL_MM - 1.2, CELL_MM - 1.2,
                               Style(stroke="#f08c00", stroke_width=1.2), rx=1.0, cell=name, role="highlight"))
    for i, (text, role) in enumerate(lines):
        shapes.append(Text(MARGIN_MM, MARGIN_MM + h * CELL_MM + (3 + size if narrow else 7) + i * step, text, size=size,
                           fill="#2b2620", role=role))
    return Drawing(width, height, tuple(shapes), title=f"SiTTeRS: {_status_line(state, verdict)}")


def _corner(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, BOARD.width)
    return MARGIN_MM + col * CELL_MM, MARGIN_MM + row * CELL_MM


def _markers(state, narrow: bool = False) -> list:
    shapes = []
    for cell, piece in enumerate(state.pieces):
        if piece in "GBC":
            shapes.extend(_marker(piece, cell, scale=1.0, narrow=narrow))
    if state.phase == LOOT and state.at >= 0:  # the chest being opened, beside the goodie
        shapes.extend(_marker("C", state.at, scale=0.45, dx=4.2, dy=-4.2, narrow=narrow))
    if state.phase == BATTLE and state.at >= 0:  # the attacker, squeezed in beside the defender
        shapes.extend(_marker(LETTER[state.attacker], state.at, scale=0.55, dx=3.8, dy=-3.8, narrow=narrow))
    return shapes


MARKER_SHIFT = (0.8, 1.2)  # a marker sits a little right of and below the space's centre: clear of its letter


def _marker(piece: str, cell: int, scale: float, dx: float = 0.0, dy: float = 0.0, narrow: bool = False) -> list:
    x, y = _corner(cell)
    shift = NARROW_SHIFT if narrow else MARKER_SHIFT
    if narrow and scale < 1:  # squeezed in beside another: its letter alone, in its colour, in the far corner
        colour = {"G": GOODIE_FILL, "B": BADDIE_FILL}.get(piece, CHEST_FILL)
        return [Text(x + CELL_MM - 1.2, y + 4.9, piece, size=NARROW_TEXT, fill=colour, anchor="end", bold=True,
                     role="marker-label")]
    if narrow:
        scale = NARROW_MARKER
    cx, cy = x + CELL_MM / 2 + shift[0] + dx, y + CELL_MM / 2 + shift[1] + dy
    return marker_shapes(piece, cx, cy, scale, BOARD.names[cell], NARROW_TEXT if narrow else SMALLEST)


def marker_shapes(piece: str, cx: float, cy: float, scale: float = 1.0, cell: str = "", smallest: float = SMALLEST) -> list:
    """Goodie: blue disc 'G'. Baddie: red diamond 'B'. Chest: brown box 'C'. Centred on (cx, cy);
    the kit prints these very shapes as its markers (`kit_piece`)."""
    r = 5.0 * scale
    edge = Style(fill=None, stroke="#ffffff", stroke_width=0.5)
    if piece == "G":
        body = Circle(cx, cy, r, Style(fill=GOODIE_FILL, stroke=edge.stroke, stroke_width=0.5), cell=cell, role="goodie")
    elif piece == "B":
        k = r * 1.15
        body = Polygon(((cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)),
                       Style(fill=BADDIE_FILL, stroke=edge.stroke, stroke_width=0.5), cell=cell, role="baddie")
    else:
        body = Rect(cx - r, cy - r * 0.8, 2 * r, 1.6 * r, Style(fill=CHEST_FILL, stroke=edge.stroke, stroke_width=0.5),
                    rx=0.8 * scale, cell=cell, role="chest")
    size = max(4.4 * scale, smallest)
    # a squeezed marker's letter is larger than the marker would scale it: its baseline is lowered
    # to keep the letter centred in the small chest's box rather than across its top edge
    label = Text(cx, cy + max(1.5 * scale, 0.29 * size), piece, size=size, fill="#ffffff", anchor="middle", bold=True,
                 role="marker-label")
    return [body, label]


MARKER_LETTERS = {"Goodie": "G", "Baddie": "B", "Chest": "C"}


def kit_piece(label: str, colour: str) -> Drawing:
    """A marker for the print-and-play kit (components.toml): the diagrams' own drawing of the
    Goodie, Baddie or Chest named `label`, in the diagrams' colours (`colour` is not used)."""
    half = 5.0 * 1.15 + 0.3  # the diamond's half-width, the largest, and its edge
    shapes = marker_shapes(MARKER_LETTERS[label], half, half)
    return Drawing(2 * half, 2 * half, (Group(tuple(shapes)),), title=label)


def _status_line(state, verdict: str) -> str:
    if state.phase == OVER:
        return f"Game over: {verdict}"
    if state.phase in (PLACE_GOODIES, PLACE_BADDIES, PLACE_CHESTS):
        what = {PLACE_GOODIES: "goodies", PLACE_BADDIES: "baddies", PLACE_CHESTS: "chests"}[state.phase]
        return f"Setup: the {SIDE_PLURAL[state.side]} place {what}"
    turn = f"goodie turn {state.step + 1} of 2" if state.side == GOODIE else "baddie turn"
    doing = {
        ROLL: "to roll",
        MOVE: f"rolled {state.roll}: to move",
        LOOT: "rolling for the chest",
        LOOT_SIX: "a six from the chest: gold or revival",
        BATTLE: "battle: both sides roll",
    }[state.phase]
    return f"Round {state.round}, {turn}, {doing}"


def _tally_line(state) -> str:
    return (f"Gold {state.gold}   Survivors {state.survivors}   "
            f"Defeated: goodies {state.lost[GOODIE]}, baddies {state.lost[BADDIE]}")
