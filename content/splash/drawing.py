"""SPLASH! diagrams: the table as a `generator.draw.shapes` Drawing: the
dolphins, the deck and discard pile above, then one row per player with the
hand, any dolphin held and the score pad. Cards, seats and piles are
clickable cells ("P1.7", "P1", "dolphins", "deck", "discard").

It imports the board only, never the engine (which imports this module):
the state is read duck-typed (its fields and `right_of()`).
"""
from __future__ import annotations

from dataclasses import replace

from generator.draw.colour import readable
from generator.draw.shapes import Circle, Drawing, Line, Rect, Style, Text
from generator.play.words import _

from .board import HIDDEN, LETTERS_TO_WIN, OVER, RANK_COLOUR, RANK_MARK, WORD, seat

INK = "#1d2b36"
MARK = "#e67e22"  # highlight
SEA = "#d6eef8"
DOLPHIN = "#0277bd"
# A card's face and an unearned letter's box: an off-white that is not the page's paper, so in the
# site's dark theme they stay light like cards on a table and their coloured marks stay legible
# (a white face turned dark, and the marks on it fell to 2.6:1)
CARD_FACE = "#f3f1ea"
UNEARNED = "#4f6170"
ROW_H = 17.0
CARD_W, CARD_H = 10.0, 14.0
WIDTH = 160.0
# The smallest text (the round and beat, a seat's tags, the piles' names): a rulebook figure's
# labels print at 7 pt or more, and the diagram prints smallest across the A5 booklet's page on
# US Letter (109 mm wide, 0.68 mm on paper per mm drawn: 3.2 mm was 6.2 pt)
SMALL = 3.7


def dolphin_shapes(cx: float, cy: float, taken: bool = False) -> list:
    """A dolphin, centred on (cx, cy): a blue disc marked D (an empty ring once taken). The kit
    prints these very shapes as its dolphin tokens (`kit_piece`)."""
    style = Style(fill=CARD_FACE if taken else DOLPHIN, stroke=DOLPHIN, stroke_width=0.6)
    return [Circle(cx, cy, 4.5, style, role="dolphin"),
            Text(cx, cy + 1.5, "D", 4, "#ffffff" if not taken else readable(DOLPHIN, CARD_FACE), "middle", True)]


def kit_piece(label: str, colour: str) -> Drawing:
    """A dolphin for the print-and-play kit (components.toml), as the diagrams draw a free one."""
    half = 4.5 + 0.3
    return Drawing(2 * half, 2 * half, tuple(dolphin_shapes(half, half)), title=label)


def _highlightable(shape_style: Style, lit: bool) -> Style:
    if not lit:
        return shape_style
    return replace(shape_style, stroke=MARK, stroke_width=1.2)


def draw_table(state, highlight: set[str]) -> Drawing:
    """One row per player (seat, hand, dolphin, score pad), the centre above."""
    shapes: list = []
    top = 22.0
    # The centre of the table: dolphins still free, the deck and discard pile.
    centre_lit = "dolphins" in highlight
    shapes.append(Rect(2, 2, 70, 17, _highlightable(Style(fill=SEA, stroke=INK), centre_lit), rx=3, cell="dolphins"))
    free = state.dolphins - len(state.holders)
    for i in range(state.dolphins):
        taken = i >= free
        shapes += dolphin_shapes(9 + i * 12, 10.5, taken)
    shapes.append(Rect(76, 2, 24, 17, _highlightable(Style(fill="#ffffff", stroke=INK), "deck" in highlight), rx=2, cell="deck"))
    shapes.append(Text(88, 9, _("deck"), SMALL, INK, "middle"))
    shapes.append(Text(88, 15.5, str(len(state.deck)), 4.5, INK, "middle", True))
    if state.variant == "advanced":
        shapes.append(Rect(103, 2, 24, 17, _highlightable(Style(fill="#ffffff", stroke=INK), "discard" in highlight), rx=2, cell="discard"))
        # Translators: the discard pile's label in the diagram, in a box 24 mm wide: a short word (German "Ablage")
        shapes.append(Text(115, 9, _("discard"), SMALL, INK, "middle"))
        shapes.append(Text(115, 15.5, str(len(state.discard)), 4.5, INK, "middle", True))
    shapes += _status_shapes(state)
    for p in range(state.players):
        shapes += _player_row(state, p, top + p * ROW_H, highlight)
    height = top + state.players * ROW_H + 2
    return Drawing(WIDTH, height, tuple(shapes), title=_("SPLASH! round {round}").format(round=state.round))


def _status_shapes(state) -> list:
    """The round and beat, right of the piles; a tie-breaker gets a line of its own between them
    (beside the round it ran into the discard pile)."""
    lines = [(_("Round {round}").format(round=state.round), True)] + ([(_("tie-breaker"), True)] if state.tied else []) \
        + [(_("beat {beat}").format(beat=state.beats), False)]
    baselines = (8, 14) if len(lines) == 2 else (7, 12, 17)
    return [Text(WIDTH - 2, y, text, SMALL, INK, "end", bold) for y, (text, bold) in zip(baselines, lines)]


def _card_back(x: float, y: float) -> list:
    """A card its viewer may not see: the sea-blue back with a darker inner border."""
    return [Rect(x, y, CARD_W, CARD_H, Style(fill=DOLPHIN, stroke=INK, stroke_width=0.5), rx=1.2, role="card-back"),
            Rect(x + 1.5, y + 1.5, CARD_W - 3, CARD_H - 3, Style(fill=None, stroke=SEA, stroke_width=0.4), rx=0.8,
                 role="card-back")]


def _player_row(state, p: int, y: float, highlight: set[str]) -> list:
    name = seat(p)
    shapes: list = []
    winner = state.phase == OVER and state.winner == p
    fill = "#fff4d6" if winner else ("#f4f7f9" if p % 2 else "#ffffff")
    shapes.append(Rect(2, y, WIDTH - 4, ROW_H - 1, _highlightable(Style(fill=fill, stroke="#b0bec5"), name in highlight), rx=2, cell=name))
    shapes.append(Text(5, y + 7, name, 4.5, INK, "start", True))
    tags = []
    if p == state.dealer:
        tags.append(_("dealer"))
    if state.variant == "advanced" and p == state.right_of(state.dealer):
        # Translators: the tag of the seat who puts a card on the discard pile each beat (advanced play)
        tags.append(_("discards"))
    if tags:
        shapes.append(Text(5, y + 12.5, ", ".join(tags), SMALL, INK))
    for i, rank in enumerate(state.hands[p]):
        cell = f"{name}.{rank}"
        x = 24 + i * (CARD_W + 1.5)
        if rank == HIDDEN:  # face down: no mark, and no place to choose (its name would tell its rank)
            shapes += _card_back(x, y + 1.5)
            continue
        colour = RANK_COLOUR[rank]
        shapes.append(Rect(x, y + 1.5, CARD_W, CARD_H, _highlightable(Style(fill=CARD_FACE, stroke=colour, stroke_width=0.8), cell in highlight), rx=1.2, cell=cell, role="card"))
        shapes.append(Text(x + CARD_W / 2, y + 10.5, RANK_MARK[rank], 4.6, readable(colour, CARD_FACE), "middle", True))
    if p in state.holders:
        shapes.append(Circle(90, y + 8, 5, Style(fill=DOLPHIN, stroke=INK), role="dolphin"))
        shapes.append(Text(90, y + 9.6, "D", 4.2, "#ffffff", "middle", True))
    # Score pad: six boxes S-P-L-A-S-H, crossed when earned; tie-breaker marks after.
    for i, letter in enumerate(WORD):
        x = 100 + i * 8
        earned = state.letters[p] > i
        shapes.append(Rect(x, y + 3, 7, 10, Style(fill=DOLPHIN if earned else CARD_FACE, stroke=INK), rx=1, role="letter"))
        shapes.append(Text(x + 3.5, y + 10.5, letter, 4.2, "#ffffff" if earned else UNEARNED, "middle", True))
    extra = state.letters[p] - LETTERS_TO_WIN
    if extra > 0:
        shapes.append(Text(150, y + 10, f"+{extra}", SMALL, INK, "start", True))
    if p in state.tied:
        shapes.append(Line(100, y + 14.5, 147, y + 14.5, Style(stroke=MARK, stroke_width=0.8)))
    return shapes
