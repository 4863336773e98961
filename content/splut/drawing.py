"""Splut! diagrams: a position as a `generator.draw.shapes` Drawing of the
arena, its pieces and a caption, with every square a clickable cell.

It imports the board only, never the engine (which imports this module):
the state is read duck-typed (`where`, `current`, `steps_left`, `seat()`,
`colour()`), and the caption's result comes in from `Engine.render`.
"""
from __future__ import annotations

from generator.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Style, Text
from generator.play.words import _

from .board import (
    ARENA,
    COLUMNS,
    KIND_LETTERS,
    KIND_NAMES,
    NEXT,
    OFF,
    ROCK,
    SEATS,
    SORCERER,
    TROLL,
    kind_of,
    owner_of,
    square_name,
)

CELL = 13.0  # mm
MARGIN = 8.0
HEADER = 8.0
LIGHT, DARK, TIP = "#efe4cc", "#dccaa3", "#b9a57a"
HIGHLIGHT = "#d6187a"
ROCK_FILL = "#6e6e69"


def _cell_origin(sq: int) -> tuple[float, float]:
    col, row = sq % 9, sq // 9
    return MARGIN + col * CELL, HEADER + (8 - row) * CELL


def _text_colour(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def piece_shapes(kind: int, fill: str, role: str, x: float = 0.0, y: float = 0.0) -> list:
    """One piece as the diagrams draw it, on the square whose corner is (x, y): the Sorcerer a
    circle, the Troll a square, the Dwarf a diamond, each with its letter, and the Rock a grey
    octagon. The kit prints these very shapes as its tokens (`kit_piece`)."""
    cx, cy = x + CELL / 2, y + CELL / 2
    if kind == ROCK:
        r = CELL * 0.38
        points = tuple((cx + r * dx, cy + r * dy) for dx, dy in
                       ((-0.55, -0.9), (0.45, -1.0), (1.0, -0.3), (0.8, 0.7), (0.05, 1.0), (-0.9, 0.6), (-1.0, -0.2)))
        return [Polygon(points, Style(fill=ROCK_FILL, stroke="#3c3c38", stroke_width=0.4), role=role),
                Text(cx, cy + 1.4, "R", size=4.0, fill="#ffffff", anchor="middle", bold=True, role=f"{role}-label")]
    style = Style(fill=fill, stroke="#1b1b1b", stroke_width=0.4)
    if kind == SORCERER:
        shape = Circle(cx, cy, CELL * 0.36, style, role=role)
    elif kind == TROLL:
        half = CELL * 0.34
        shape = Rect(cx - half, cy - half, 2 * half, 2 * half, style, rx=1.2, role=role)
    else:
        r = CELL * 0.4
        shape = Polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), style, role=role)
    label = Text(cx, cy + 1.4, KIND_LETTERS[kind], size=4.0, fill=_text_colour(fill), anchor="middle", bold=True,
                 role=f"{role}-label")
    return [shape, label]


def _piece_shapes(pid: int, state, x: float, y: float) -> list:
    kind = kind_of(pid)
    if kind == ROCK:
        return piece_shapes(ROCK, ROCK_FILL, "rock", x, y)
    fill = SEATS[state.seat(owner_of(pid))]["hex"]
    return piece_shapes(kind, fill, f"{KIND_NAMES[kind].lower()}-{owner_of(pid)}", x, y)


def kit_piece(label: str, colour: str) -> Drawing:
    """A piece for the print-and-play kit (components.toml): the diagrams' own drawing of the
    piece named `label`, in `colour` (a Rock is always the diagrams' grey)."""
    kind = KIND_NAMES.index(label)
    shapes = piece_shapes(kind, ROCK_FILL if kind == ROCK else colour, label.lower())
    edge = CELL * 0.1  # the square's margin round the piece: the token is the piece alone
    return Drawing(CELL - 2 * edge, CELL - 2 * edge, (Group(tuple(shapes), dx=-edge, dy=-edge),), title=label)


def arena_shapes() -> list:
    """The empty arena: its chequered squares (the four tips marked) and the coordinates."""
    shapes: list = []
    for sq in sorted(ARENA):
        x, y = _cell_origin(sq)
        name = square_name(sq)
        tip = sum(1 for d in range(4) if NEXT[d][sq] != OFF) == 1
        fill = TIP if tip else (LIGHT if (sq % 9 + sq // 9) % 2 == 0 else DARK)
        shapes.append(Rect(x, y, CELL, CELL, Style(fill=fill, stroke="#6b5a3a", stroke_width=0.3),
                           cell=name, role="square"))
    for i in range(9):
        x = MARGIN + i * CELL + CELL / 2
        shapes.append(Text(x, HEADER + 9 * CELL + 5.0, COLUMNS[i], size=3.5, anchor="middle",
                           fill="#444444", role="coordinate"))
        y = HEADER + (8 - i) * CELL + CELL / 2 + 1.2
        shapes.append(Text(MARGIN - 3.0, y, str(i + 1), size=3.5, anchor="middle", fill="#444444",
                           role="coordinate"))
    return shapes


def kit_arena(cell: float) -> Drawing:
    """The printed arena (components.toml): the diagrams' own arena, `cell` mm a square, without
    the caption's band."""
    k = cell / CELL
    width, height = 2 * MARGIN + 9 * CELL, 2 * MARGIN + 9 * CELL
    board = Group(tuple(arena_shapes()), dy=-(HEADER - MARGIN) * k, scale=k, role="arena")
    return Drawing(round(width * k, 3), round(height * k, 3), (board,), title=_("The arena"))


def draw_position(state, highlight=(), result=None) -> Drawing:
    """The arena with `state`'s pieces; squares named in `highlight` marked.
    `result` is the engine's Result for `state` (None while the game goes on):
    the caption says who is to play, or how the game ended."""
    marked = set(highlight)
    shapes: list = arena_shapes()
    for sq in sorted(ARENA):
        if square_name(sq) in marked:
            x, y = _cell_origin(sq)
            shapes.append(Rect(x + 0.6, y + 0.6, CELL - 1.2, CELL - 1.2,
                               Style(fill=HIGHLIGHT, stroke=HIGHLIGHT, stroke_width=1.0, opacity=0.35),
                               cell=square_name(sq), role="highlight"))
    for pid, sq in enumerate(state.where):
        if sq >= 0:
            shapes.extend(_piece_shapes(pid, state, *_cell_origin(sq)))
    width = 2 * MARGIN + 9 * CELL
    if result is None:
        words = _("{colour} to play: 1 step left") if state.steps_left == 1 else _("{colour} to play: {count} steps left")
        caption = words.format(colour=_(state.colour(state.current)), count=state.steps_left)
    else:
        caption = result.text
    shapes.append(Text(MARGIN, HEADER - 2.5, caption, size=4.0, fill="#222222", role="caption"))
    return Drawing(width, HEADER + 9 * CELL + MARGIN, tuple(shapes), title=_("Splut! position"))
