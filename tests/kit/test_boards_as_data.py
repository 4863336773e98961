"""Issue 26.2-4: boards an author describes as data, which the kit prints and the game's
engine reads from the same file through generator.play.tables (one reading of one table):
a spiral race track with special spaces and links, a Hex board named as its map reads
with its players' sides coloured, and a point-and-line board from two data files. Each
example of docs/kit/ is held to a tiny engine (tests/kit/board_engines.py) reading the
same data, and each mistake in the data is an error at its file and line."""
from __future__ import annotations

import math

import pytest

from generator.draw.shapes import Circle, Line, Polygon, Rect, Text
from tests.kit.board_engines import EXAMPLES, FoxAndGeese, Hex, Race
from tests.kit.test_board_kinds import board, copy, edit, line_of, the_error  # the same helpers




def inside(rect: Rect, x: float, y: float) -> bool:
    return rect.x <= x <= rect.x + rect.w and rect.y <= y <= rect.y + rect.h


def ends(shape) -> tuple[tuple[float, float], tuple[float, float]]:
    if isinstance(shape, Line):
        return (shape.x1, shape.y1), (shape.x2, shape.y2)
    return shape.points[0], shape.points[-1]


# -- the race track -------------------------------------------------------------------------
def test_the_spiral_runs_round_the_rim_then_on_round_the_ring_inside():
    spaces = {s.cell: s for s in board(EXAMPLES / "race-track").shapes if isinstance(s, Rect) and s.role == "space"}
    assert list(spaces) == [str(n) for n in range(1, 41)]
    cell = spaces["1"].w
    assert spaces["1"].y == spaces["8"].y < spaces["9"].y  # along the top, then down the right
    assert spaces["24"].x == spaces["1"].x and spaces["24"].y == spaces["1"].y + cell  # back up the left ...
    assert (spaces["25"].x, spaces["25"].y) == (spaces["1"].x + cell, spaces["1"].y + cell)  # ... and on inward
    assert (spaces["40"].x, spaces["40"].y) == (spaces["1"].x + cell, spaces["1"].y + 2 * cell)


def test_the_kit_draws_the_links_the_engine_follows():
    """Every link the engine follows is drawn from its space into the space it leads to, and no other."""
    drawing = board(EXAMPLES / "race-track")
    spaces = {int(s.cell): s for s in drawing.shapes if isinstance(s, Rect) and s.role == "space"}
    engine_links = {(n, s.to) for n, s in Race().spaces.items() if s.to is not None}
    drawn = set()
    for shape in (s for s in drawing.shapes if getattr(s, "role", "") == "link" and not isinstance(s, Polygon)):
        (x1, y1), (x2, y2) = ends(shape)
        [a] = [n for n, rect in spaces.items() if inside(rect, x1, y1)]
        [b] = [n for n, rect in spaces.items() if inside(rect, x2, y2)]
        drawn.add((a, b))
    assert drawn == engine_links == {(4, 9), (6, 29), (10, 31), (33, 20), (37, 18)}


def test_the_special_spaces_print_their_names_symbols_and_rules():
    texts = [s.text for s in board(EXAMPLES / "race-track").shapes if isinstance(s, Text)]
    for space in Race().spaces.values():
        assert space.name in texts and space.symbol in texts
        assert f"{space.number} {space.name}: {space.text}" in texts  # the legend line


def test_the_race_engine_reads_the_same_track():
    race = Race()
    assert race.move(4, 2) == 29  # the bridge on 6
    assert race.move(35, 2) == 18  # the slide on 37
    assert race.move(38, 3) == 38 and race.move(38, 2) == 40 and race.won(40)  # an exact roll wins


@pytest.mark.parametrize("old,new,message", [
    ("37,Slide,danger,↓,Slide back to 18,18,arrow", "37,Slide,danger,↓,Slide back to 18,19,ladder",
     "a ladder joins spaces that touch, and space 19 does not touch space 37 on the board"),
    ("15,Inn,inn,⌂,Miss a turn,,", "15,Inn,inky,⌂,Miss a turn,,", "'inky' is not a colour"),
    ("15,Inn,inn,⌂,Miss a turn,,", "0,Inn,inn,⌂,Miss a turn,,", "space 0 is not on the track (1 to 40)"),
    ("15,Inn,inn,⌂,Miss a turn,,", "15,Inn,inn,⌂,Miss a turn,16,", "space 16 is next to space 15"),
    ("15,Inn,inn,⌂,Miss a turn,,", "15,Inn,inn,⌂,Miss a turn,,rope", "unknown link 'rope'"),
    ("15,Inn,inn,⌂,Miss a turn,,", "15,Inn,inn,⌛,Miss a turn,,", "the font has no '⌛' for the symbol"),
    ("15,Inn,inn,⌂,Miss a turn,,", "15,The Inn at the End of the World,inn,⌂,Miss a turn,,",
     "the text of space 15 does not fit its space at 6 pt"),
])
def test_a_mistake_in_the_track_data_is_an_error_at_its_row(tmp_path, old, new, message):
    folder = copy("race-track", tmp_path)
    edit(folder / "track.csv", old, new)
    error = the_error(folder)
    assert error.path.name == "track.csv" and error.line == line_of(folder / "track.csv", new.split(",")[1])
    assert message in error.message


def test_a_spiral_longer_than_its_rectangle_is_an_error_at_spaces(tmp_path):
    folder = copy("race-track", tmp_path)
    edit(folder / "components.toml", "first = 1", "spaces = 50\nfirst = 1")
    error = the_error(folder)
    assert error.line == line_of(folder / "components.toml", "spaces =") and "at most 48" in error.expected


# -- the hex board --------------------------------------------------------------------------
def hexes(drawing) -> dict[str, Polygon]:
    return {s.cell: s for s in drawing.shapes if isinstance(s, Polygon) and s.role == "hex"}


def centre(polygon: Polygon) -> tuple[float, float]:
    return sum(x for x, _ in polygon.points) / 6, sum(y for _, y in polygon.points) / 6


def test_hexes_are_named_as_the_map_reads_and_the_engine_names_them():
    """Row 11 of an 11 x 11 rhombus is a11 to k11 (not f11 to p11), in the kit and the engine alike."""
    drawing = board(EXAMPLES / "hex-sides")
    named = hexes(drawing)
    assert set(named) == set(Hex().cells) and len(named) == 121
    assert {f"{c}11" for c in "abcdefghijk"} <= set(named)
    printed = {s.text for s in drawing.shapes if isinstance(s, Text) and s.role == "coordinate"}
    assert printed == set(named)


def test_the_hexes_the_engine_calls_neighbours_touch_on_the_printed_board():
    named, engine = hexes(board(EXAMPLES / "hex-sides")), Hex()
    for name in ("a1", "f6", "k11", "a11"):
        for other in named:
            distance = math.dist(centre(named[name]), centre(named[other]))
            assert (distance == pytest.approx(14, abs=0.01)) == (other in engine.neighbours(name))


def test_each_players_sides_are_coloured_along_the_rows_and_columns_they_join():
    """Red's bands lie along the first and last rows, Blue's along the first and last columns:
    the sides the engine's Red and Blue must join."""
    drawing, engine = board(EXAMPLES / "hex-sides"), Hex()
    named = hexes(drawing)
    bands = {side: [s for s in drawing.shapes if getattr(s, "role", "") == f"side-{side}"]
             for side in ("top", "bottom", "left", "right")}
    assert {s.style.stroke for side in ("top", "bottom") for s in bands[side]} == {"#c8102e"}
    assert {s.style.stroke for side in ("left", "right") for s in bands[side]} == {"#1f5fbf"}

    def nearest(band: Line) -> tuple[int, int]:
        middle = ((band.x1 + band.x2) / 2, (band.y1 + band.y2) / 2)
        return engine.cells[min(named, key=lambda n: math.dist(centre(named[n]), middle))]

    assert {nearest(b)[1] for b in bands["top"]} == {0} and {nearest(b)[1] for b in bands["bottom"]} == {10}
    assert {nearest(b)[0] for b in bands["left"]} == {0} and {nearest(b)[0] for b in bands["right"]} == {10}
    assert len({nearest(b) for b in bands["top"]}) == 11  # every hex of the first row
    labels = [s.text for s in drawing.shapes if isinstance(s, Text) and s.role == "side-label"]
    assert sorted(labels) == ["Blue", "Blue", "Red", "Red"]


def test_the_hex_engine_joins_a_players_sides():
    engine = Hex()
    column = {f"a{n}" for n in range(1, 12)}
    assert engine.joined(column, "Red") and not engine.joined(column - {"a6"}, "Red")
    assert engine.joined({f"{c}1" for c in "abcdefghijk"}, "Blue")


def test_a_side_in_no_players_colour_is_an_error_at_its_line(tmp_path):
    folder = copy("hex-sides", tmp_path)
    edit(folder / "components.toml", 'left = { colour = "Blue"', 'left = { colour = "Bleu"')
    error = the_error(folder)
    assert error.line == line_of(folder / "components.toml", "Bleu") and "neither a player nor a colour" in error.message


def test_sides_have_no_use_on_a_square_grid(tmp_path):
    (tmp_path / "components.toml").write_text('[[board]]\nname = "b"\nmap = """\n..\n.."""\n'
                                              '[board.sides]\ntop = { colour = "#c8102e" }\n')
    error = the_error(tmp_path)
    assert error.line == 7 and error.message.startswith("`sides` has no use on a grid board")  # at its first side


# -- the point-and-line board ---------------------------------------------------------------
def test_the_kit_draws_the_points_and_lines_the_engine_reads():
    """Every drawn line joins two points the engine calls neighbours, and every neighbour pair is drawn."""
    drawing, engine = board(EXAMPLES / "fox-and-geese"), FoxAndGeese()
    points = {(s.cx, s.cy): s.cell for s in drawing.shapes if isinstance(s, Circle) and s.role == "point"}
    assert set(points.values()) == {p.name for p in engine.board.points} and len(points) == 33
    drawn = {frozenset((points[(s.x1, s.y1)], points[(s.x2, s.y2)])) for s in drawing.shapes if isinstance(s, Line)}
    neighbours = {frozenset((a, b)) for a in points.values() for b in engine.board.neighbours(a)}
    assert drawn == neighbours and len(engine.board.lines) == 14
    [ring] = [s for s in drawing.shapes if getattr(s, "role", "") == "start"]
    assert points[(ring.cx, ring.cy)] == engine.start == "d4"
    assert engine.fox_moves("d4", {"d5"}) == {"c4", "e4", "d3"}


def test_a_line_through_an_unknown_point_is_an_error_at_its_row(tmp_path):
    folder = copy("fox-and-geese", tmp_path)
    edit(folder / "lines.csv", "a5 b5 c5", "a5 b5 z9 c5")
    error = the_error(folder)
    assert error.path.name == "lines.csv" and error.line == line_of(folder / "lines.csv", "z9")
    assert error.found == "z9"


def test_points_from_data_need_their_lines_from_data_too(tmp_path):
    folder = copy("fox-and-geese", tmp_path)
    edit(folder / "components.toml", 'lines = { data = "lines.csv" }', 'lines = [["d4", "d5"]]')
    error = the_error(folder)
    assert error.line == line_of(folder / "components.toml", "lines =") and "come from data together" in error.message


def test_a_start_that_is_no_player_is_an_error_at_its_row(tmp_path):
    folder = copy("fox-and-geese", tmp_path)
    edit(folder / "points.csv", "d4,3,3,Fox,Fox", "d4,3,3,Wolf,Fox")
    error = the_error(folder)
    assert error.path.name == "points.csv" and error.line == line_of(folder / "points.csv", "Wolf")
