"""Faces for a shop are drawn for a shop (issue 42.1): The Game Crafter's, MakePlayingCards',
DriveThruCards' and Tabletopia's card pictures have their background running to the file's
edge, with no white frame inside the cut (each card is die-cut alone), fronts and backs; the
home-print kit's card keeps its white edge, which serves scissors on a sheet of cards of
several colours. Every picture is rasterised and its edges read."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from tests.exports.test_exports import built, exports, kit_card, manifest, zip_of  # noqa: F401 (a fixture)

DPI = 300
PX_PER_MM = DPI / 25.4
BAND_MM = 2.5  # how far inside the trim a white frame would reach (the kit's is 2 mm)
WHITE = 245  # a channel at least this is paper white
SHOP_BLEED_PX = {"thegamecrafter": 37.5, "makeplayingcards": 36}
DTC_BLEED_PX = DPI / 8


def near_white(pixel) -> bool:
    return all(channel >= WHITE for channel in pixel[:3])


def edge_lines(image: Image.Image, depth: int):
    """(edge, depth, pixels) of every row or column from each edge of the picture to `depth` px in."""
    rgb = image.convert("RGB")
    width, height = rgb.size
    for d in range(depth):
        yield "top", d, [rgb.getpixel((x, d)) for x in range(0, width, 3)]
        yield "bottom", d, [rgb.getpixel((x, height - 1 - d)) for x in range(0, width, 3)]
        yield "left", d, [rgb.getpixel((d, y)) for y in range(0, height, 3)]
        yield "right", d, [rgb.getpixel((width - 1 - d, y)) for y in range(0, height, 3)]


def white_bands(image: Image.Image, bleed_px: float) -> list[tuple[str, int]]:
    """The rows and columns between the picture's edge and BAND_MM inside its trim that are
    mostly white where the card's design, 5 mm inside the trim on the same edge, is not:
    a white frame, not a white card."""
    depth = round(bleed_px + BAND_MM * PX_PER_MM)
    design = {edge: pixels for edge, d, pixels in edge_lines(image, round(bleed_px + 5 * PX_PER_MM))
              if d == round(bleed_px + 5 * PX_PER_MM) - 1}
    found = []
    for edge, d, pixels in edge_lines(image, depth):
        white = [near_white(p) and not near_white(q) for p, q in zip(pixels, design[edge])]
        if sum(white) > len(white) / 2:
            found.append((edge, d))
    return found


def pngs(archive: zipfile.ZipFile) -> list[str]:
    return [name for name in archive.namelist() if name.endswith(".png")]


def picture(archive: zipfile.ZipFile, name: str) -> Image.Image:
    image = Image.open(io.BytesIO(archive.read(name)))
    image.load()
    return image


@pytest.mark.parametrize("shop", sorted(SHOP_BLEED_PX))
@pytest.mark.parametrize("deck", ["stones", "tips"])
def test_every_shop_face_and_back_runs_to_the_bleed_edge_without_a_white_band(built, shop, deck):  # noqa: F811
    _root, output = built
    archive = zip_of(output, deck, shop)
    for name in pngs(archive):
        assert white_bands(picture(archive, name), SHOP_BLEED_PX[shop]) == [], f"{deck} {shop} {name}"


def test_a_shops_front_has_the_cards_colour_in_its_corners(built):  # noqa: F811
    """No rounded white corners: the stones deck's first card is #8a3b2e up to every corner pixel."""
    _root, output = built
    archive = zip_of(output, "stones", "thegamecrafter")
    front = picture(archive, [row["file"] for row in manifest(archive) if row["side"] == "front"][0])
    for x, y in ((0, 0), (front.width - 1, 0), (0, front.height - 1), (front.width - 1, front.height - 1),
                 (45, 45), (front.width - 46, front.height - 46)):  # the file's corners, the trim's corners
        assert all(abs(a - b) <= 3 for a, b in zip(front.getpixel((x, y)), (0x8A, 0x3B, 0x2E))), (x, y)


@pytest.mark.parametrize("deck", ["stones", "tips"])
def test_every_drivethrucards_page_runs_to_the_bleed_edge_without_a_white_band(built, deck):  # noqa: F811
    import pypdfium2 as pdfium

    _root, output = built
    document = pdfium.PdfDocument(str(exports(output) / f"pebbles-{deck}-drivethrucards.pdf"))
    try:
        for number in range(len(document)):
            page = document[number].render(scale=DPI / 72).to_pil().convert("RGB")
            assert white_bands(page, DTC_BLEED_PX) == [], f"{deck} page {number + 1}"
    finally:
        document.close()


def test_every_tabletopia_card_runs_to_its_edge_without_a_white_band(built):  # noqa: F811
    """Tabletopia's pictures are the trim (no bleed): a virtual table shows the card cut."""
    _root, output = built
    archive = zipfile.ZipFile(exports(output) / "pebbles-tabletopia.zip")
    cards = [name for name in pngs(archive) if name.startswith("cards/")]
    assert len(cards) == 3 + 1 + 3 + 1
    for name in cards:
        image = picture(archive, name)  # 10 px per mm: read at 300 dpi as the others
        scaled = image.resize((round(image.width * PX_PER_MM / 10), round(image.height * PX_PER_MM / 10)))
        assert white_bands(scaled, 0) == [], name


def test_the_home_print_card_keeps_its_white_edge(built):  # noqa: F811
    """The stones deck's fronts are of three colours sharing a sheet: the kit's card is white for
    its outer 2 mm inside the trim on every side, and its own colour inside that."""
    _root, output = built
    card = kit_card(output, "stones", 0, DPI)
    edge = round(1.5 * PX_PER_MM)
    for edge_name, d, pixels in edge_lines(card, edge):
        if d >= 3:  # a pixel or two of the crop's rounding
            assert sum(map(near_white, pixels)) == len(pixels), (edge_name, d)
    inside = card.getpixel((round(2.6 * PX_PER_MM), card.height // 2))
    assert all(abs(a - b) <= 3 for a, b in zip(inside, (0x8A, 0x3B, 0x2E))), inside


def test_white_bands_finds_the_kits_white_edge(built):  # noqa: F811
    """The measure itself: the home-print card, bled as a shop would want it, has white bands."""
    _root, output = built
    card = kit_card(output, "stones", 0, DPI)
    assert white_bands(card, 0)


TIGHT_COMPONENTS = '''
[kit]
papers = ["a4"]
variants = ["print"]

[[deck]]
name = "tight"
title = "Tight cards"
size = "mini"
safe = 0
data = "cards.csv"
[deck.front]
background = "#2e5f8a"
title = "{name}"
value = "{rank}"
[deck.back]
background = "#35506b"
title = "BACK"
'''


def title_between(low_mm: float, high_mm: float) -> str:
    """A title whose bold width at the title's least size (2.2 mm) lies between the two."""
    from generator.draw.pdf import text_width

    title = "W"
    while text_width(title, 2.2, bold=True) < low_mm:
        title += "W"
    assert text_width(title, 2.2, bold=True) < high_mm
    return title


def test_preflight_names_the_card_whose_words_a_shops_safe_area_leaves_no_room_for(tmp_path):
    """A mini card (44 mm) with no safe margin of its own: a title 40 mm long at its least size
    fits the kit's card but not inside The Game Crafter's 1/8" (37.65 mm of room)."""
    from generator.exports.pod import PrintOnDemand
    from generator.kit import load_components
    from generator.kit.build import Artwork
    from tests.exports.test_pod_sizes import CARDS_TABLE
    from tests.sitefactory import GAME_TOML, write

    folder = tmp_path / "tight"
    title = title_between(39.5, 43.0)
    write(folder, {"game.toml": GAME_TOML + CARDS_TABLE, "cards.csv": f"name,rank\nFlint,1\n{title},2\n",
                   "scores.csv": "pebbles,points\n1,2\n", "components.toml": TIGHT_COMPONENTS})
    components = load_components(folder)
    errors = PrintOnDemand().check(components, Artwork(components, False))
    assert errors, "the long title has no room inside the shops' safe areas"
    assert {error.line for error in errors} == {3}  # the long title's row, not Flint's
    said = " ".join(str(error) for error in errors)
    assert "inside The Game Crafter's safe area" in said and "inside DriveThruCards's safe area" in said
    assert "title does not fit inside" in said
