"""How a picture meets its box (issue 43): shapes.picture_rect for each fit and focus, both
backends drawing it there, and EXIF orientation honoured in the size and the pixels."""
from __future__ import annotations

import io

from PIL import Image as PILImage
from pypdf import PdfReader

from generator.draw.pdf import PdfPage, render_pdf
from generator.draw.pictures import inspect, upright
from generator.draw.shapes import Drawing, Image, picture_rect
from generator.draw.svg import to_svg


def test_cover_fills_the_box_and_keeps_the_focus_in_view():
    wide = Image(10, 20, 40, 40, "p.png", fit="cover", pixels=(200, 100))
    assert picture_rect(wide) == (-10.0, 20.0, 80.0, 40.0)  # centred: 20 mm cut each side
    assert picture_rect(Image(10, 20, 40, 40, "p.png", fit="cover", pixels=(200, 100), focus=(0.0, 0.5)))[0] == 10.0
    assert picture_rect(Image(10, 20, 40, 40, "p.png", fit="cover", pixels=(200, 100), focus=(1.0, 0.5)))[0] == -30.0


def test_contain_shows_the_whole_picture_and_stretch_fills_the_box():
    assert picture_rect(Image(10, 20, 40, 40, "p.png", fit="contain", pixels=(200, 100))) == (10.0, 30.0, 40.0, 20.0)
    assert picture_rect(Image(10, 20, 40, 40, "p.png", fit="stretch", pixels=(200, 100))) == (10, 20, 40, 40)
    assert picture_rect(Image(10, 20, 40, 40, "p.png", fit="cover")) == (10, 20, 40, 40)  # size unknown


def test_a_sideways_jpeg_is_measured_and_drawn_upright(tmp_path):
    path = tmp_path / "photo.jpg"
    exif = PILImage.Exif()
    exif[0x0112] = 6  # the camera was turned: view it turned a quarter clockwise
    PILImage.new("RGB", (300, 200), "#aa2266").save(path, exif=exif.tobytes())
    assert (inspect(path).width, inspect(path).height) == (200, 300)
    assert upright(path).size == (200, 300)


def test_both_backends_clip_a_covering_picture_to_its_box(tmp_path):
    path = tmp_path / "p.png"
    PILImage.new("RGB", (200, 100), "#2266aa").save(path)
    shape = Image(10, 20, 40, 40, str(path), fit="cover", pixels=(200, 100), rotate=90)
    drawing = Drawing(60, 80, (shape,))
    svg = to_svg(drawing, resolve_image=lambda href: "pictures/p.png")
    assert '<svg height="40" width="40" x="10" y="20">' in svg  # the nested viewport clips
    assert 'width="80" x="-20"' in svg and 'href="pictures/p.png"' in svg  # the whole picture, 20 mm cut each side
    assert 'rotate(90 30 40)' in svg
    reader = PdfReader(io.BytesIO(render_pdf([PdfPage(drawing), PdfPage(drawing)], title="t", author="a")))
    names = {ref.idnum for page in reader.pages for ref in page["/Resources"]["/XObject"].values()}
    assert len(names) == 1  # two pages, one image
    assert b"re W n" in reader.pages[0].get_contents().get_data()
