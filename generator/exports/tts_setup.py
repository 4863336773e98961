"""Where the game's start position puts each piece, on the kit's own board.

The engine draws its start position (`render(initial_state(players))`) with every board square
a shape named by its `cell`, and every piece a shape whose `role` names it ("sorcerer-2": the
third player's Sorcerer; "rock": a Rock). The kit's board drawing names the same cells. So a
piece's place on the printed board is found without knowing the game: the render's cells and
the board's cells give the scale and offset from one drawing to the other (fitted on every
cell both name), and a piece's role is matched to the token it is printed as, by the token
item's label or caption. A piece no token matches, or a game without a board, places nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from generator.draw.flatten import flatten
from generator.draw.shapes import Drawing, Text

Point = tuple[float, float]
PLAYER_SUFFIX = re.compile(r"^(?P<base>.+?)-(?P<index>\d+)$")


@dataclass(frozen=True)
class Piece:
    """One physical token of the kit: its set (the token spec's name), owner (the player's
    index for a per-player set, else None), item (its index in the set's items) and copy."""

    spec: str
    owner: Optional[int]
    item: int
    copy: int
    label: str
    caption: str = ""

    def names(self) -> set[str]:
        """What a render's role may call this piece: its label or caption, or a word of either
        ("skydiver" for "Red skydiver")."""
        words = set()
        for text in (self.label, self.caption):
            text = text.strip().lower()
            if text:
                words.add(text)
                words.update(text.split())
        return words


def cell_centres(drawing: Drawing) -> dict[str, Point]:
    """Each named cell's centre, in the drawing's millimetres (the first shape naming it:
    highlights drawn over a cell later name it too)."""
    centres: dict[str, Point] = {}
    for placed in flatten(drawing.shapes):
        name = getattr(placed.shape, "cell", "")
        box = placed.box()
        if name and name not in centres and box is not None:
            x, y, w, h = box
            centres[name] = (x + w / 2, y + h / 2)
    return centres


def fit_axis(pairs: list[tuple[float, float]]) -> Optional[tuple[float, float]]:
    """(scale, offset) with to = scale * from + offset, least squares; None without two distinct points."""
    n = len(pairs)
    if n < 2:
        return None
    mean_from = sum(a for a, _ in pairs) / n
    mean_to = sum(b for _, b in pairs) / n
    spread = sum((a - mean_from) ** 2 for a, _ in pairs)
    if spread < 1e-9:
        return None
    scale = sum((a - mean_from) * (b - mean_to) for a, b in pairs) / spread
    return scale, mean_to - scale * mean_from


def render_to_board(render: Drawing, board: Drawing):
    """A function from the render's millimetres to the board drawing's, or None when the two
    name too few cells in common."""
    ours, theirs = cell_centres(render), cell_centres(board)
    common = sorted(set(ours) & set(theirs))
    fx = fit_axis([(ours[name][0], theirs[name][0]) for name in common])
    fy = fit_axis([(ours[name][1], theirs[name][1]) for name in common])
    if fx is None or fy is None:
        return None
    return lambda x, y: (fx[0] * x + fx[1], fy[0] * y + fy[1])


def drawn_pieces(render: Drawing) -> list[tuple[str, Optional[int], Point]]:
    """(name, player index or None, centre) of each piece the render draws: a shape with a role
    that is no cell and no text (a piece's letter is a Text with the role "<piece>-label")."""
    found = []
    for placed in flatten(render.shapes):
        shape = placed.shape
        role = getattr(shape, "role", "")
        box = placed.box()
        if not role or getattr(shape, "cell", "") or isinstance(shape, Text) or box is None:
            continue
        match = PLAYER_SUFFIX.match(role)
        base, index = (match["base"], int(match["index"])) if match else (role, None)
        x, y, w, h = box
        found.append((base.lower(), index, (x + w / 2, y + h / 2)))
    return found


def match_piece(name: str, index: Optional[int], pieces: list[Piece], used: set[Piece]) -> Optional[Piece]:
    """The token a drawn piece is: of a per-player set, the one of player `index`; else the
    `index`-th of those so named (in the kit's order), or the next one not yet placed."""
    named = [piece for piece in pieces if name in piece.names()]
    if index is not None:
        owned = [p for p in named if p.owner == index and p not in used]
        if owned:
            return owned[0]
        shared = [p for p in named if p.owner is None]
        distinct = list(dict.fromkeys((p.spec, p.item) for p in shared))
        if index < len(distinct):
            return next((p for p in shared if (p.spec, p.item) == distinct[index] and p not in used), None)
        return None
    return next((p for p in named if p not in used), None)


def start_places(render: Optional[Drawing], board: Optional[Drawing], pieces: Iterable[Piece]) -> dict[Piece, Point]:
    """Each piece the start position puts on the board, at its centre in the board drawing's
    millimetres. Empty without a render or a board, or when they share too few cells."""
    if render is None or board is None:
        return {}
    to_board = render_to_board(render, board)
    if to_board is None:
        return {}
    pieces = list(pieces)
    places: dict[Piece, Point] = {}
    for name, index, (x, y) in drawn_pieces(render):
        piece = match_piece(name, index, pieces, set(places))
        if piece is not None:
            places[piece] = to_board(x, y)
    return places
