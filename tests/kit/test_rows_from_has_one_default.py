"""Issue 44.7: `rows_from` has one default, "top", for every kind of board and for `cells`:
row 1 is the map's first line, as play.tables.map_cells names the cells for an engine."""
from __future__ import annotations

import pytest

from generator.draw.shapes import Polygon, Rect
from generator.kit import load_components
from generator.kit.board import board_drawing
from generator.play.tables import map_cells

MAP = "-..\n...\n"


def top_left(shapes) -> str:
    def corner(s):
        return (s.y, s.x) if isinstance(s, Rect) else (min(y for _x, y in s.points), min(x for x, _y in s.points))
    return min((s for s in shapes if isinstance(s, (Rect, Polygon)) and s.cell), key=corner).cell


@pytest.mark.parametrize("kind", ["grid", "hex"])
@pytest.mark.parametrize("coordinates", ['coordinates = { columns = "letters" }', ""])
def test_cells_are_named_from_the_top_left_unless_told(tmp_path, kind, coordinates):
    (tmp_path / "components.toml").write_text(
        f'[kit]\npapers = ["a4"]\n\n[[board]]\nname = "b"\nkind = "{kind}"\ncell = 20\n'
        f"map = '''\n{MAP}'''\n{coordinates}\n", encoding="utf-8")
    [spec] = load_components(tmp_path).boards
    shapes = board_drawing(spec).shapes
    assert top_left(shapes) == "b1"
    assert {s.cell for s in shapes if isinstance(s, (Rect, Polygon)) and s.cell} == set(map_cells(MAP.split()))


def test_a_board_numbered_from_the_bottom_says_so(tmp_path):
    (tmp_path / "components.toml").write_text(
        '[kit]\npapers = ["a4"]\n\n[[board]]\nname = "b"\ncell = 20\n'
        f"map = '''\n{MAP}'''\ncoordinates = {{ rows_from = \"bottom\" }}\n", encoding="utf-8")
    [spec] = load_components(tmp_path).boards
    assert top_left(board_drawing(spec).shapes) == "b2"
