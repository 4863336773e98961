"""Board artwork as drawing programs export it (issue 30.4): units, <style> sheets, rgb() colours,
links, arcs, hidden layers and stroked subpaths are read as a browser shows them."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw.shapes import Path as Stroke, Polygon
from generator.draw.svgimport import import_svg

NS = 'xmlns="http://www.w3.org/2000/svg"'


def imported(tmp_path: Path, text: str, width: float = 100.0):
    path = tmp_path / "art.svg"
    path.write_text(text, encoding="utf-8")
    return import_svg(path, width)


@pytest.mark.parametrize("unit", ["px", "mm", "cm", "pt", "pc", "in", ""])
def test_a_size_in_any_unit_a_drawing_program_writes_is_read(tmp_path, unit):
    drawing = imported(tmp_path, f'<svg {NS} width="100{unit}" height="50{unit}"><rect width="50{unit}" '
                                 f'height="25{unit}" fill="#ff0000"/></svg>')
    assert drawing.height == 50.0 and drawing.shapes[0].points[2] == (50.0, 25.0)


def test_lengths_in_mm_inside_the_drawing_are_converted_to_its_units(tmp_path):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 96 96"><rect width="25.4mm" height="1in"/></svg>')
    assert drawing.shapes[0].points[2] == (100.0, 100.0)


def test_style_sheet_classes_paint_the_shapes(tmp_path):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 10 10"><style><![CDATA[ .sea {{ fill: #00FF00; '
                                 'stroke:#000 } /* Illustrator */ rect { fill: red } #one { fill: blue } ]]>'
                                 '</style><rect class="sea" width="5" height="5"/><rect id="one" class="sea" '
                                 'width="5" height="5" style="stroke:none"/></svg>')
    first, second = drawing.shapes
    assert (first.style.fill, first.style.stroke) == ("#00ff00", "#000000")  # a class beats an element rule
    assert (second.style.fill, second.style.stroke) == ("#0000ff", None)  # an id beats a class; style beats both


@pytest.mark.parametrize("colour, expected", [("rgb(300,0,0)", "#ff0000"), ("rgb(-5, 128, 255)", "#0080ff"),
                                              ("rgb(100% 50% 0%)", "#ff8000"), ("rgba(0,0,255,1)", "#0000ff")])
def test_rgb_colours_are_clamped_to_what_a_screen_shows(tmp_path, colour, expected):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 10 10"><rect width="5" height="5" fill="{colour}"/></svg>')
    assert drawing.shapes[0].style.fill == expected


def test_a_links_contents_are_drawn_and_a_hidden_layer_is_not(tmp_path):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 10 10"><a href="#x"><rect width="5" height="5"/></a>'
                                 '<g style="display:none"><circle r="3"/></g></svg>')
    assert len(drawing.shapes) == 1 and isinstance(drawing.shapes[0], Polygon)


def test_an_arc_is_drawn_through_its_far_side(tmp_path):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 20 20"><path d="M 0 10 A 10 10 0 0 1 20 10 Z" '
                                 'fill="red"/></svg>', width=20)
    points = drawing.shapes[0].points
    assert points[0] == (0.0, 10.0) and points[-1] == (20.0, 10.0)
    assert min(y for _x, y in points) == pytest.approx(0.0, abs=0.05)  # the top of the half circle


def test_a_stroked_path_of_two_subpaths_draws_no_line_between_them(tmp_path):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 20 20"><path d="M0 0 L 5 5 M 10 10 l 5 5" '
                                 'stroke="blue" fill="none"/></svg>', width=20)
    assert [shape.points for shape in drawing.shapes] == [((0.0, 0.0), (5.0, 5.0)), ((10.0, 10.0), (15.0, 15.0))]
    assert all(isinstance(shape, Stroke) for shape in drawing.shapes)


def test_group_opacity_fades_what_it_holds(tmp_path):
    drawing = imported(tmp_path, f'<svg {NS} viewBox="0 0 10 10"><g opacity="0.5"><rect width="5" height="5" '
                                 'opacity="50%"/></g></svg>')
    assert drawing.shapes[0].style.opacity == 0.25
