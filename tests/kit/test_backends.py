"""The two drawing backends agree on the model's conventions (DESIGN: one drawing
model, mm everywhere, points only in the PDF backend)."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from generator.draw.pdf import PdfPage, render_pdf
from generator.draw.shapes import Circle, Drawing, Group, Line, Path, Polygon, Rect, Style, Text
from generator.draw.svg import to_svg
from tests.kit.pdfgeom import page_geometry

SVG = "{http://www.w3.org/2000/svg}"


def one_page(*shapes, width=100.0, height=50.0):
    data = render_pdf([PdfPage(Drawing(width, height, tuple(shapes)))], title="t", author="a")
    reader = PdfReader(io.BytesIO(data))
    return page_geometry(reader, reader.pages[0])


def test_pdf_places_millimetres_from_the_top_left():
    geometry = one_page(Rect(10, 5, 20, 8, Style(fill="#ff0000"), role="box"))
    (x, y, w, h), = [i.bbox for i in geometry.with_role("box")]
    assert (x, y, w, h) == pytest.approx((10, 5, 20, 8), abs=0.001)
    assert (geometry.width, geometry.height) == pytest.approx((100, 50), abs=0.001)


def test_group_translation_rotation_and_mirror_match_in_both_backends():
    """Group: translate (dx, dy), then rotate clockwise, then mirror about its own x = 0."""
    shape = Group((Line(0, 0, 10, 0, Style(stroke="#000"), role="arm"),), dx=50, dy=20, rotate=90)
    (arm,) = one_page(shape).with_role("arm")
    assert arm.points[0] == pytest.approx((50, 20), abs=0.001)
    assert arm.points[1] == pytest.approx((50, 30), abs=0.001)  # clockwise: +x turns to +y (down)
    mirrored = Group((Line(0, 0, 10, 0, Style(stroke="#000"), role="arm"),), dx=50, dy=20, mirror_x=True)
    (arm,) = one_page(mirrored).with_role("arm")
    assert arm.points[1] == pytest.approx((40, 20), abs=0.001)
    svg = ET.fromstring(to_svg(Drawing(100, 50, (shape,))))
    group = next(svg.iter(f"{SVG}g"))
    assert group.attrib["transform"] == "translate(50 20) rotate(90)"


def test_group_clip_is_in_the_groups_own_coordinates():
    shape = Group((Rect(0, 0, 30, 30, Style(fill="#00f")),), dx=10, dy=10, clip=(5, 5, 10, 10), role="g")
    clips = [i for i in one_page(shape).with_role("g") if i.paint.startswith("W")]
    assert clips[0].bbox == pytest.approx((15, 15, 10, 10), abs=0.001)
    svg = ET.fromstring(to_svg(Drawing(100, 50, (shape,))))
    clip_rect = next(svg.iter(f"{SVG}clipPath")).find(f"{SVG}rect")
    assert (clip_rect.attrib["x"], clip_rect.attrib["width"]) == ("5", "10")


def test_svg_writes_every_shape_with_its_role_and_cell():
    drawing = Drawing(60, 40, (
        Rect(1, 2, 3, 4, Style(fill="#123456"), cell="a1", role="cell"),
        Circle(10, 10, 2, Style(stroke="#000"), role="dot"),
        Polygon(((0, 0), (5, 0), (0, 5)), Style(fill="#0f0"), role="tri"),
        Path(((0, 0), (9, 9)), Style(stroke="#f00"), arrow=True, role="move"),
        Text(5, 30, "Héllo ★", size=4, anchor="middle", bold=True, role="label", length=12.5),
    ), title="Test")
    root = ET.fromstring(to_svg(drawing))
    roles = {el.attrib.get("data-role") for el in root.iter()}
    assert {"cell", "dot", "tri", "move", "label"} <= roles
    rect = next(root.iter(f"{SVG}rect"))
    assert rect.attrib["data-cell"] == "a1" and rect.attrib["fill"] == "#123456"
    text = next(root.iter(f"{SVG}text"))
    assert text.text == "Héllo ★" and text.attrib["textLength"] == "12.5"
    assert root.attrib["viewBox"].replace(",", " ") == "0 0 60 40"
    assert root.find(f"{SVG}title").text == "Test"


def test_pdf_draws_shapes_drawn_twice_once_as_a_form():
    """Repeated artwork (card backs, tokens) is written once and placed many times."""
    art = (Rect(0, 0, 5, 5, Style(fill="#f00"), role="tile"), Rect(1, 1, 3, 3, Style(fill="#0f0")),
           Rect(2, 2, 1, 1, Style(fill="#00f")))
    data = render_pdf([PdfPage(Drawing(50, 50, (Group(art, dx=0), Group(art, dx=10), Group(art, dx=20))))],
                      title="t", author="a")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages[0]["/Resources"]["/XObject"]) == 1
    tiles = page_geometry(reader, reader.pages[0]).with_role("tile")
    assert sorted(round(t.bbox[0], 3) for t in tiles) == [0, 10, 20]
