"""Issue 44.6: maps that name their regions, and tracks whose links jump. The island of the kit
reference (docs/kit/examples/island: a hex map of twelve named regions) is written once, as
a map and a regions table: the kit prints each region's name once, inside it, with a heavier
border where it meets another, and the game's engine reads the same regions and neighbours
through generator.play.tables. A track's link may join any two spaces: one to a space it
does not touch is a curved arrow that crosses no word, and a track's length is its data's."""
from __future__ import annotations

import csv
import math
from collections import Counter

import pytest
from pypdf import PdfReader

from generator.draw.bounds import bounds
from generator.draw.shapes import Line, Path, Polygon, Rect, Text
from generator.kit import load_components, write_kits
from generator.play.tables import cell_steps
from tests.kit.board_engines import EXAMPLES, Race, Shires
from tests.kit.pdfgeom import page_geometry
from tests.kit.test_board_kinds import board, copy, edit, line_of, the_error

ISLAND = EXAMPLES / "island"


def regions_by_colour() -> dict[str, str]:
    with open(ISLAND / "regions.csv", encoding="utf-8") as file:
        return {row["colour"]: row["name"] for row in csv.DictReader(file)}


def hexes_by_region(drawing) -> dict[str, list[Polygon]]:
    """Each region's spaces (a hex map's hexes, a grid's squares as polygons), by their fill."""
    names = regions_by_colour()
    found: dict[str, list[Polygon]] = {}
    for shape in drawing.shapes:
        if isinstance(shape, Rect) and shape.role == "cell":
            shape = Polygon(((shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h),
                             (shape.x, shape.y + shape.h)), shape.style, cell=shape.cell, role="hex")
        if isinstance(shape, Polygon) and shape.role == "hex" and shape.style.fill in names:
            found.setdefault(names[shape.style.fill], []).append(shape)
    return found


def in_polygon(point, polygon: Polygon) -> bool:
    px, py = point
    sides = list(zip(polygon.points, polygon.points[1:] + polygon.points[:1]))
    crossings = [(x2 - x1) * (py - y1) - (y2 - y1) * (px - x1) for (x1, y1), (x2, y2) in sides]
    return all(c >= -1e-6 for c in crossings) or all(c <= 1e-6 for c in crossings)


def shared_edges(a: Polygon, b: Polygon) -> int:
    corners = {(round(x, 1), round(y, 1)) for x, y in a.points}
    return sum((round(x, 1), round(y, 1)) in corners for x, y in b.points) // 2


@pytest.fixture(scope="module", params=["hex", "grid"])
def shires_map(request, tmp_path_factory):
    """The island drawn as its hex map, and as a grid of squares: (the drawing, the engine)."""
    from generator.kit.board import board_drawing
    folder = copy("island", tmp_path_factory.mktemp(request.param))
    edit(folder / "components.toml", 'kind = "hex"', f'kind = "{request.param}"')
    [spec] = load_components(folder).boards
    return board_drawing(spec), Shires(folder, request.param)


@pytest.fixture(scope="module")
def island_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("island")
    [kit] = write_kits(load_components(ISLAND), out, title="Twelve Shires", author="Rulepress", variants=("print",))
    reader = PdfReader(kit.path)
    return [text for page in reader.pages for _size, text in page_geometry(reader, page).texts]


def test_every_region_name_prints_once_in_the_kit_pdf(island_pdf):
    drawing = board("island")
    lines = [shape for shape in drawing.shapes if isinstance(shape, Text) and shape.role == "region-name"]
    assert len(regions_by_colour()) == 12
    for name in regions_by_colour().values():
        mine = [line.text for line in lines if line.text in name.split() or line.text == name]
        assert " ".join(mine) == name, f"{name}: printed as {mine}"
        counts = Counter(island_pdf)
        assert all(counts[text] == 1 for text in mine), f"{name} printed {[counts[t] for t in mine]} times"


def test_each_region_name_stands_inside_one_hex_of_its_region(shires_map):
    drawing, _engine = shires_map
    regions = hexes_by_region(drawing)
    names = [shape for shape in drawing.shapes if isinstance(shape, Text) and shape.role == "region-name"]
    for name, hexes in regions.items():
        for line in (n for n in names if n.text in name.split() or n.text == name):
            x, y, w, h = bounds(line)
            corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
            assert any(all(in_polygon(c, polygon) for c in corners) for polygon in hexes), (name, line.text)


def test_the_engine_borders_the_regions_the_kit_draws_borders_between(shires_map):
    """Three readings agree: which regions share an edge on the printed map (a hex map's or a
    grid's), between which the kit drew a heavier border, and which the engine
    (play.tables.map_regions) calls neighbours."""
    drawing, engine = shires_map
    regions = hexes_by_region(drawing)
    owner = {id(polygon): name for name, hexes in regions.items() for polygon in hexes}
    every = [polygon for hexes in regions.values() for polygon in hexes]
    on_the_map, bordered = set(), set()
    for a in every:
        for b in every:
            if owner[id(a)] != owner[id(b)] and shared_edges(a, b):
                on_the_map.add(frozenset((owner[id(a)], owner[id(b)])))
    for line in (s for s in drawing.shapes if isinstance(s, Line) and s.role == "region-border"):
        ends = {(round(line.x1, 1), round(line.y1, 1)), (round(line.x2, 1), round(line.y2, 1))}
        sides = {owner[id(p)] for p in every if ends <= {(round(x, 1), round(y, 1)) for x, y in p.points}}
        if len(sides) == 2:
            bordered.add(frozenset(sides))
    marches = {frozenset((name, other)) for name in regions for other in engine.marches(name)}
    assert on_the_map == bordered == marches and len(marches) > 12


def test_the_engine_reads_the_borders_off_the_map():
    assert Shires().marches("Fallow Heath") == {"Cinder Vale", "Eldermarsh", "Greywick", "Ironmoor", "Juniper Downs"}
    assert Shires(kind="grid").marches("Fallow Heath") == {"Cinder Vale", "Eldermarsh", "Greywick", "Juniper Downs"}


def test_a_region_border_is_heavier_than_a_hexs_own_edge():
    drawing = board("island")
    borders = [s for s in drawing.shapes if isinstance(s, Line) and s.role == "region-border"]
    edge = next(s for s in drawing.shapes if isinstance(s, Polygon) and s.role == "hex").style.stroke_width
    assert borders and all(s.style.stroke_width >= 2.5 * edge for s in borders)


@pytest.mark.parametrize("orientation,layout", [("pointy", "offset"), ("flat", "offset"), ("pointy", "axial"),
                                                ("flat", "axial")])
def test_the_engines_neighbours_are_the_hexes_the_kit_draws_side_by_side(tmp_path, orientation, layout):
    folder = copy("island", tmp_path)
    edit(folder / "components.toml", 'kind = "hex"', f'kind = "hex"\norientation = "{orientation}"\nlayout = "{layout}"')
    [spec] = load_components(folder).boards
    hexes = {s.cell: s for s in spec.drawn.shapes if isinstance(s, Polygon) and s.role == "hex"}
    rows = [line for line in (folder / "island.txt").read_text().splitlines() if not line.startswith("#")]
    at = {(k, r): f"{chr(97 + k)}{r + 1}" for r, row in enumerate(rows) for k, ch in enumerate(row) if ch != "-"}
    for (k, r), name in at.items():
        steps = {at[s] for s in cell_steps("hex", k, r, orientation, layout) if s in at}
        touching = {other for other, polygon in hexes.items() if other != name and shared_edges(hexes[name], polygon)}
        assert steps == touching, name


def test_legend_lists_the_kinds_of_hex_and_not_the_regions():
    texts = [s.text for s in board("island").shapes if isinstance(s, Text) and s.role != "region-name"]
    assert "Sea" in texts and "Ashfen" not in texts


def test_legend_false_leaves_a_hex_maps_legend_out(tmp_path):
    folder = copy("island", tmp_path)
    edit(folder / "components.toml", "map_file =", "legend = false\nmap_file =")
    [spec] = load_components(folder).boards
    assert "Sea" not in [s.text for s in spec.drawn.shapes if isinstance(s, Text)]


@pytest.mark.parametrize("old,new,message", [
    ("L,Lowmere,#a8d8e0", "L,Lowmere,#a8d8e0\nZ,Zennor,#ffffff", "the map has no 'Z' cell"),
    ("L,Lowmere,#a8d8e0", "L,Ashfen,#a8d8e0", "a second region 'Ashfen'"),
    ("L,Lowmere,#a8d8e0", "L,Lowmere,sky", "'sky' is not a colour"),
    ("L,Lowmere,#a8d8e0", "L,Lowmere-under-the-Long-Hill,#a8d8e0",
     "the name of region 'Lowmere-under-the-Long-Hill' fits nowhere inside it at 6 pt"),
])
def test_a_mistake_in_the_regions_is_an_error_at_its_row(tmp_path, old, new, message):
    folder = copy("island", tmp_path)
    edit(folder / "regions.csv", old, new)
    error = the_error(folder)
    assert error.path.name == "regions.csv" and message in error.message
    assert error.line == line_of(folder / "regions.csv", new.splitlines()[-1])


# -- jumps ----------------------------------------------------------------------------------
def jumps_of(drawing) -> list[Path]:
    return [s for s in drawing.shapes if isinstance(s, Path) and s.role == "link" and len(s.points) > 2]


def test_a_jump_is_a_curved_arrow_from_its_space_into_the_other():
    drawing = board("race-track")
    spaces = {int(s.cell): s for s in drawing.shapes if isinstance(s, Rect) and s.role == "space"}
    found = set()
    for jump in jumps_of(drawing):
        (x1, y1), (x2, y2) = jump.points[0], jump.points[-1]
        chord = math.dist(jump.points[0], jump.points[-1])
        bow = max(abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / chord for x, y in jump.points)
        assert jump.arrow and bow > 2.0, "a jump bows away from the straight line"
        [a] = [n for n, r in spaces.items() if r.x <= x1 <= r.x + r.w and r.y <= y1 <= r.y + r.h]
        [b] = [n for n, r in spaces.items() if r.x <= x2 <= r.x + r.w and r.y <= y2 <= r.y + r.h]
        found.add((a, b))
    assert found == {(4, 9), (33, 20)} == {(n, s.to) for n, s in Race().spaces.items() if s.to in (9, 20)}


def test_a_jump_crosses_no_word():
    drawing = board("race-track")
    words = [bounds(s) for s in drawing.shapes if isinstance(s, Text)]
    for jump in jumps_of(drawing):
        for (x1, y1), (x2, y2) in zip(jump.points, jump.points[1:]):
            steps = max(1, int(math.dist((x1, y1), (x2, y2)) / 0.2))
            for i in range(steps + 1):
                x, y = x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps
                assert not any(bx <= x <= bx + bw and by <= y <= by + bh for bx, by, bw, bh in words), (x, y)


def test_a_tracks_length_is_the_last_space_its_data_lists(tmp_path):
    spaces = [s for s in board("race-track").shapes if isinstance(s, Rect) and s.role == "space"]
    assert len(spaces) == Race().finish == 40
    folder = copy("race-track", tmp_path)
    edit(folder / "track.csv", "40,Tower,gold", "40,,,,,,\n42,Tower,gold")
    [spec] = load_components(folder).boards
    assert [s.cell for s in spec.drawn.shapes if isinstance(s, Rect) and s.role == "space"][-1] == "42"
    assert Race(folder).finish == 42


@pytest.mark.parametrize("example", ["island", "race-track"])
def test_the_named_map_and_the_jumping_track_pass_preflight_on_every_paper_and_variant(tmp_path, example):
    """Region names, borders and jumps raise no finding, printed or in the ink saver, on A4 or Letter."""
    from generator.kit.preflight import preflight_kits
    folder = copy(example, tmp_path)
    edit(folder / "components.toml", 'papers = ["a4"]\nvariants = ["print"]',
         'papers = ["a4", "letter"]\nvariants = ["print", "ink-saver"]')
    assert preflight_kits(load_components(folder)) == []
