"""Issue 24.2: a game's pieces are drawn once, by the game's own drawing code; the kit's
tokens are that drawing, as the site's diagrams and the rulebook's figures are. Splut! so far:
its Sorcerer circle, Troll square, Dwarf diamond and grey octagon Rock."""
from __future__ import annotations

import importlib
from pathlib import Path

from generator.draw.shapes import Group, Text
from generator.kit import load_components
from generator.kit.tokens import CAPTION_MM, token_drawings
from generator.play import game_package

ROOT = Path(__file__).resolve().parents[2]
PT = 72 / 25.4


def groups(shapes, role: str) -> list[Group]:
    found = []
    for shape in shapes:
        if isinstance(shape, Group):
            found += [shape] if shape.role == role else groups(shape.shapes, role)
    return found


def texts(shapes, scale=1.0):
    for shape in shapes:
        if isinstance(shape, Group):
            yield from texts(shape.shapes, scale * shape.scale)
        elif isinstance(shape, Text):
            yield shape, shape.size * scale * PT


def test_each_splut_token_is_the_diagrams_piece():
    folder = ROOT / "content/splut"
    drawing = importlib.import_module(f"{game_package(folder)}.drawing")
    board = importlib.import_module(f"{game_package(folder)}.board")
    components = load_components(folder)
    colours = {player.name: player.colour for player in components.options.players}
    seen = set()
    for spec in components.tokens:
        tokens = token_drawings(spec, components.options.players)
        assert len(tokens) == (12 if spec.per_player else 4)
        for token in tokens:
            owner, _, label = token.title.rpartition(" ")
            kind = board.KIND_NAMES.index(label)
            fill = drawing.ROCK_FILL if kind == board.ROCK else colours[owner]
            (piece,) = groups(token.shapes, "piece")
            (shapes,) = [g.shapes for g in piece.shapes]  # the kit's crop of the piece
            assert list(shapes) == drawing.piece_shapes(kind, fill, label.lower())  # the very shapes
            seen.add((owner, label))
    assert len(seen) == 13  # four teams of three, and the Rock


def test_the_diagrams_draw_their_pieces_with_the_same_function():
    folder = ROOT / "content/splut"
    engine = importlib.import_module(f"{game_package(folder)}.engine").ENGINE
    drawing = importlib.import_module(f"{game_package(folder)}.drawing")
    board = importlib.import_module(f"{game_package(folder)}.board")
    state = engine.initial_state(4)
    diagram = drawing.draw_position(state)
    for pid, square in enumerate(state.where):
        if square < 0:
            continue
        kind = board.kind_of(pid)
        x, y = drawing._cell_origin(square)
        role = "rock" if kind == board.ROCK else f"{board.KIND_NAMES[kind].lower()}-{board.owner_of(pid)}"
        fill = drawing.ROCK_FILL if kind == board.ROCK else board.SEATS[state.seat(board.owner_of(pid))]["hex"]
        expected = drawing.piece_shapes(kind, fill, role, x, y)
        assert all(shape in diagram.shapes for shape in expected)


def test_token_captions_and_the_pieces_letters_print_at_6_pt_or_more():
    components = load_components(ROOT / "content/splut")
    for spec in components.tokens:
        for token in token_drawings(spec, components.options.players):
            sizes = [pt for _text, pt in texts(token.shapes)]
            assert sizes and min(sizes) >= 6.0, (token.title, sizes)
    assert CAPTION_MM * PT >= 6.0


def test_each_sitters_marker_is_the_diagrams_marker():
    """SiTTeRS: the blue disc Goodie, red diamond Baddie and brown box Chest of its diagrams
    (the kit printed green smileys, skulls and houses)."""
    folder = ROOT / "content/sitters"
    drawing = importlib.import_module(f"{game_package(folder)}.drawing")
    components = load_components(folder)
    counts: dict[str, int] = {}
    for spec in components.tokens:
        for token in token_drawings(spec, components.options.players):
            (piece,) = groups(token.shapes, "piece")
            (shapes,) = [g.shapes for g in piece.shapes]
            centre = drawing.kit_piece(token.title, "").width / 2
            assert list(shapes) == drawing.marker_shapes(drawing.MARKER_LETTERS[token.title], centre, centre)
            counts[token.title] = counts.get(token.title, 0) + 1
    assert counts == {"Goodie": 4, "Baddie": 6, "Chest": 8}


def test_the_sitters_diagrams_draw_their_markers_with_the_same_function():
    folder = ROOT / "content/sitters"
    drawing = importlib.import_module(f"{game_package(folder)}.drawing")
    board = importlib.import_module(f"{game_package(folder)}.board")
    pieces = "".join("GBC"[i % 3] if i < 9 else "." for i in range(len(board.BOARD.names)))
    state = type("State", (), {"pieces": pieces, "phase": None, "at": -1})()
    shapes = drawing._markers(state)
    expected = []
    for cell, piece in enumerate(pieces[:9]):
        x, y = drawing._corner(cell)
        dx, dy = drawing.MARKER_SHIFT  # off the centre, clear of the space's letter
        expected += drawing.marker_shapes(piece, x + drawing.CELL_MM / 2 + dx, y + drawing.CELL_MM / 2 + dy, 1.0,
                                          board.BOARD.names[cell])
    assert shapes == expected


def test_each_splat_token_is_the_diagrams_skydiver_or_parachute():
    """Splat: the diagrams' coloured skydiver discs and the orange canopy, no longer a letter on
    a disc with a name cut short ("Red skydi…")."""
    folder = ROOT / "content/splat"
    drawing = importlib.import_module(f"{game_package(folder)}.drawing")
    board = importlib.import_module(f"{game_package(folder)}.board")
    components = load_components(folder)
    names = []
    for spec in components.tokens:
        for token in token_drawings(spec, components.options.players):
            (piece,) = groups(token.shapes, "piece")
            (shapes,) = [g.shapes for g in piece.shapes]
            edge = drawing.CELL_MM * 0.12
            if token.title == "Parachute":
                assert list(shapes) == drawing.chute_shapes(-edge, -edge)
            else:
                seat = next(i for i, row in enumerate(board.SKYDIVERS) if row["piece"] == token.title)
                assert list(shapes) == drawing.skydiver_shapes(seat, -edge, -edge)
            assert all("…" not in text.text for text, _pt in texts(token.shapes))  # names whole
            names.append(token.title)
    assert names == ["Red skydiver", "Blue skydiver", "Green skydiver", "Yellow skydiver", "Parachute"]


def test_splash_dolphins_and_cards_show_what_the_diagrams_show():
    """SPLASH!: the kit's dolphins are the diagrams' blue D discs (not "≋"), and the SPLASH!
    card reads "S!" on the card as in the rules' diagrams (it read "S"): one table, deck.csv's
    `mark`, gives both."""
    from generator.kit.cards import front_drawing

    folder = ROOT / "content/splash"
    drawing = importlib.import_module(f"{game_package(folder)}.drawing")
    board = importlib.import_module(f"{game_package(folder)}.board")
    components = load_components(folder)
    (spec,) = components.tokens
    tokens = token_drawings(spec, components.options.players)
    assert len(tokens) == 5
    for token in tokens:
        (piece,) = groups(token.shapes, "piece")
        half = drawing.kit_piece("Dolphin", "").width / 2
        assert list(piece.shapes) == drawing.dolphin_shapes(half, half)
    (deck,) = components.decks
    splash = next(card for card in deck.instances(None) if card.row.text["rank"] == board.SPLASH_RANK)
    marks = {t.text for t, _pt in texts(front_drawing(splash.front, deck).shapes)}
    assert board.RANK_MARK[board.SPLASH_RANK] == "S!" and "S!" in marks and "S" not in marks
