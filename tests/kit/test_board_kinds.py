"""Boards beyond grids, as data (issue 13.2): points joined by lines, hex maps, numbered
tracks and a designer's SVG artwork, each from an example of the kit reference
(docs/kit/examples/), and each mistake in them reported at its line."""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from generator.draw.shapes import Line, Polygon, Rect, Text
from generator.errors import ContentError, ContentErrors
from generator.kit import load_components

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "kit" / "examples"


def board(example: str):
    [spec] = load_components(EXAMPLES / example).boards
    return spec.drawn


def copy(example: str, tmp_path: Path) -> Path:
    return Path(shutil.copytree(EXAMPLES / example, tmp_path / example))


def the_error(folder: Path) -> ContentError:
    with pytest.raises((ContentError, ContentErrors)) as caught:
        load_components(folder)
    errors = getattr(caught.value, "errors", [caught.value])
    assert len(errors) == 1, errors
    return errors[0]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, fragment: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in line)


def test_a_points_board_draws_every_point_and_joins_the_named_ones():
    """Nine Men's Morris: 24 named points; every line ends on the centres of two points."""
    drawing = board("morris")
    points = {s.cell: (s.cx, s.cy) for s in drawing.shapes if getattr(s, "role", "") == "point"}
    assert len(points) == 24 and {"a7", "d5", "g1"} <= set(points)
    lines = [s for s in drawing.shapes if isinstance(s, Line)]
    centres = set(points.values())
    assert len(lines) == 32 and all((l.x1, l.y1) in centres and (l.x2, l.y2) in centres for l in lines)
    assert math.dist(points["a7"], points["d7"]) == pytest.approx(3 * 26)  # cells of 26 mm
    assert sum(1 for s in drawing.shapes if getattr(s, "role", "") == "start") == 2


def test_a_line_through_an_unknown_point_is_an_error_at_its_line(tmp_path):
    folder = copy("morris", tmp_path)
    edit(folder / "components.toml", '["d7", "d6", "d5"]', '["d7", "d6", "z9"]')
    error = the_error(folder)
    assert error.line == line_of(folder / "components.toml", '"z9"') and "z9" in error.found


def test_a_hex_map_puts_neighbours_one_cell_apart_and_leaves_masked_hexes_out():
    drawing = board("hex-map")
    hexes = {s.cell: s for s in drawing.shapes if isinstance(s, Polygon) and s.role == "hex"}
    rows = [line for line in (EXAMPLES / "hex-map" / "components.toml").read_text().split("'''")[1].splitlines() if line]
    assert len(hexes) == sum(ch != "-" for row in rows for ch in row)
    assert "a1" not in hexes  # masked by "-"
    centre = {name: (sum(x for x, _ in h.points) / 6, sum(y for _, y in h.points) / 6) for name, h in hexes.items()}
    assert math.dist(centre["c1"], centre["d1"]) == pytest.approx(24, abs=0.01)  # same row
    assert math.dist(centre["c1"], centre["c2"]) == pytest.approx(24, abs=0.01)  # the row below, shifted


def test_a_score_track_numbers_its_spaces_round_the_edge():
    """0-50 clockwise from the top-left corner; every fifth space tinted."""
    drawing = board("score-track")
    spaces = [s for s in drawing.shapes if isinstance(s, Rect) and s.role == "space"]
    assert [s.cell for s in spaces] == [str(n) for n in range(51)]
    by_number = {s.cell: s for s in spaces}
    assert by_number["0"].y == by_number["13"].y < by_number["14"].y  # along the top, then down the right
    assert by_number["13"].x > by_number["0"].x and by_number["26"].y > by_number["14"].y
    tinted = {s.cell for s in spaces if s.style.fill != "#ffffff"}
    assert tinted == {str(n) for n in range(0, 51, 5)}


def test_a_track_longer_than_its_edge_is_an_error_at_spaces(tmp_path):
    folder = copy("score-track", tmp_path)
    edit(folder / "components.toml", "spaces = 51", "spaces = 60")
    error = the_error(folder)
    assert error.line == line_of(folder / "components.toml", "spaces =") and "at most 52" in error.expected


def test_svg_artwork_is_placed_at_exactly_the_asked_size():
    """river.svg (360 x 240 units) at 180 mm wide: 180 x 120 mm, its shapes scaled with it."""
    drawing = board("artwork")
    assert (drawing.width, drawing.height) == (180.0, 120.0)
    background = drawing.shapes[0]
    assert isinstance(background, Polygon) and background.points[2] == (180.0, 120.0)
    assert [s.text for s in drawing.shapes if isinstance(s, Text)] == ["Start", "Goal"]


def test_svg_artwork_with_an_unsupported_element_names_the_file(tmp_path):
    folder = copy("artwork", tmp_path)
    edit(folder / "river.svg", "<title>River crossing</title>",
         '<title>River crossing</title><linearGradient id="g"/>')
    error = the_error(folder)
    assert error.line == line_of(folder / "components.toml", "art =") and "linearGradient" in error.message


def test_artwork_outside_the_game_folder_is_refused(tmp_path):
    folder = copy("artwork", tmp_path)
    (tmp_path / "secret.svg").write_text((folder / "river.svg").read_text())
    edit(folder / "components.toml", 'art = "river.svg"', 'art = "../secret.svg"')
    error = the_error(folder)
    assert "not found" in error.message and error.line == line_of(folder / "components.toml", "art =")


def test_the_kit_reference_pictures_are_drawn_from_the_current_examples():
    """docs/kit/pictures/ holds what scripts/kit_pictures.py draws from docs/kit/examples/ now."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("kit_pictures", EXAMPLES.parents[2] / "scripts" / "kit_pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    examples = sorted(p for p in EXAMPLES.iterdir() if (p / "components.toml").is_file())
    assert len(examples) >= 6
    for example in examples:
        path = pictures.PICTURES / f"{example.name}.svg"
        assert path.is_file() and path.read_text(encoding="utf-8") == pictures.picture(example), (
            f"{path} is stale: run .venv/bin/python scripts/kit_pictures.py")
