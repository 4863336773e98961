"""The kit reference's worked example (docs/kit.md, "A worked example", issue 43.7): Tidepool,
a deck of 12 illustrated cards whose art its own script draws with Pillow
(tests/fixtures/illustrated/make_art.py), builds through the kit, the rulebook, the site, the
print-on-demand files and Tabletop Simulator's deck sheet, each showing the pictures."""
from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.build import build
from tests.kit.test_card_pictures import image_xobjects
from tests.sitefactory import tree

EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "illustrated"
GAME = EXAMPLE / "content" / "tidepool"
CARD_ART = ("crab", "star", "snail", "shrimp", "urchin", "anemone", "goby", "jelly", "octopus", "clam",
            "seahorse", "eel")
ART_NAMES = CARD_ART + ("pool", "shell", "cover")  # the board, the first player's token, the cover and score pad


def first_card_art() -> Image.Image:
    """The first card's picture (the Shore Crab's), as its author drew it."""
    return Image.open(GAME / "art" / "crab.png").convert("RGB")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("worked-example")
    shutil.copytree(EXAMPLE, root, dirs_exist_ok=True)
    report = build(root, root / "output", processes=1)
    return root, report


def test_the_example_art_is_what_its_script_draws(tmp_path):
    from tests.fixtures.illustrated.make_art import write_art

    written = write_art(tmp_path)
    assert sorted(path.stem for path in written) == sorted(ART_NAMES)
    assert tree(tmp_path) == tree(GAME / "art")


def test_the_example_builds_without_a_warning(built):
    _root, report = built
    assert report.warnings == []  # every picture at 300 ppi or more, every text fits


def test_the_kit_prints_each_picture_once_on_both_papers(built):
    root, _report = built
    for paper in ("a4", "letter"):
        reader = PdfReader(root / "output" / "tidepool" / "kit" / f"tidepool-kit-{paper}.pdf")
        assert len(image_xobjects(reader)) == len(ART_NAMES), paper  # 24 cards print 12 pictures, and 3 more


def test_the_site_shows_each_card_as_pngs_and_publishes_each_picture_once(built):
    root, _report = built
    kit = root / "output" / "tidepool" / "kit"
    assert len(list((kit / "pictures").glob("*.png"))) == 15  # the cards', the board's, the token's, the sheet's
    page = (root / "output" / "tidepool" / "index.html").read_text()
    for preview in ("creatures", "pool", "first", "score"):
        assert f'src="kit/{preview}.png" srcset="kit/{preview}.png 1x, kit/{preview}-2x.png 2x"' in page
    for number in range(1, 13):
        assert f'srcset="kit/cards/creatures-{number:02d}.png 1x, kit/cards/creatures-{number:02d}-2x.png 2x"' in page
        one, two = (Image.open(kit / "cards" / f"creatures-{number:02d}{suffix}.png") for suffix in ("", "-2x"))
        assert two.size == (one.width * 2, one.height * 2)


def art_mean(face: Image.Image, share=(0.25, 0.2, 0.75, 0.45)) -> tuple:
    """The mean colour of the middle of a card face's art (shares of the face: the art sits in
    its upper half, under the title)."""
    w, h = face.size
    return tuple(ImageStat.Stat(face.crop((round(share[0] * w), round(share[1] * h), round(share[2] * w),
                                           round(share[3] * h)))).mean)


def near(a, b, tolerance=30.0) -> bool:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5 < tolerance


def test_the_print_on_demand_faces_and_the_tts_sheet_carry_the_pictures(built):
    root, _report = built
    exports = root / "output" / "tidepool" / "exports"
    crab = art_mean(first_card_art(), (0.2, 0.1, 0.8, 0.6))
    archive = zipfile.ZipFile(exports / "tidepool-creatures-thegamecrafter.zip")
    fronts = sorted(name for name in archive.namelist() if name.endswith(".png") and "front" in name)
    assert len(fronts) == 12
    face = Image.open(io.BytesIO(archive.read(fronts[0]))).convert("RGB")
    assert near(art_mean(face), crab), (art_mean(face), crab)
    tts = exports / "tabletop-simulator"
    objects = json.loads((tts / "tidepool-unpublished.json").read_text())["ObjectStates"]
    deck = next(iter(next(o for o in objects if o["Nickname"] == "Creatures")["CustomDeck"].values()))
    sheet = Image.open(tts / "creatures-sheet-1.png").convert("RGB")
    cell = sheet.crop((0, 0, sheet.width // deck["NumWidth"], sheet.height // deck["NumHeight"]))
    assert near(art_mean(cell), crab), (art_mean(cell), crab)


def test_the_rulebook_prints_a_markdown_picture_at_its_print_size(built):
    """rules.md's `![...](art/crab.png)`: 720 px wide, stating no resolution, so 300 ppi: 61 mm,
    172.8 pt. Rendered at 72 dpi, the picture's water spans 173 px across."""
    import pypdfium2 as pdfium

    root, _report = built
    book = root / "output" / "tidepool" / "tidepool-rules-a4.pdf"
    assert len(image_xobjects(PdfReader(book))) == 2  # the crab, and the :star: icon (its own test below)
    document = pdfium.PdfDocument(book.read_bytes())
    page = next(p for p in document if "Shore Crab" in p.get_textpage().get_text_range())
    rendered = page.render(scale=1).to_pil().convert("RGB")
    document.close()
    water = ImageChops.difference(rendered, Image.new("RGB", rendered.size, "#2c6f8f")).convert("L")
    left, _top, right, _bottom = water.point(lambda v: 255 if v < 15 else 0).getbbox()
    assert abs((right - left) - 172.8) <= 2, right - left


def test_check_names_the_same_preview_pngs_the_build_writes(built):
    """`rulepress check` draws nothing, yet names each preview's and card's PNGs, from the
    components alone: the pages it checks link the files a build makes."""
    from generator.build import check

    root, report = built
    def pngs(files):
        return {name for name in files if name.startswith("tidepool/kit/") and name.endswith(".png")
                and "/pictures/" not in name}
    written = pngs(report.files)
    assert len(written) == 2 * (4 + 12)  # the deck's, board's, token's and sheet's previews, 12 cards: 1x and 2x
    assert pngs(check(root).files) == written


def test_an_inline_icon_is_drawn_in_card_text_the_rules_the_glossary_and_the_rulebook(built):
    """`:star:` (issue 43.5): on the Sea Star card (creatures.csv) the kit draws the star icon in
    the body's line, and the card's words say "star"; the rules page and the glossary show it as an
    inline SVG named "star"; the printed rules draw it (no ":star:" left in any of them)."""
    from generator.kit import load_components
    from generator.kit.cards import front_drawing

    root, _report = built
    components = load_components(GAME)
    deck = components.decks[0]
    card = next(card for card, _count in deck.cards if card.front.title == "Sea Star")
    front = front_drawing(card.front, deck)
    texts = [shape for shape in walk(front.shapes) if hasattr(shape, "text")]
    assert any(getattr(shape, "role", "") == "inline-icon-star" for shape in walk(front.shapes))
    assert not any(":star:" in shape.text for shape in texts)
    assert "Score 1 star more with a Clam" in card.front.description
    for page in ("index.html", "glossary.html"):
        html = (root / "output" / "tidepool" / page).read_text()
        assert '<svg aria-label="star"' in html and ":star:" not in html, page
    book = PdfReader(root / "output" / "tidepool" / "tidepool-rules-a4.pdf")
    words = "".join(page.extract_text() for page in book.pages)
    assert "Each" in words and ":star:" not in words


def walk(shapes):
    for shape in shapes:
        yield shape
        if hasattr(shape, "shapes"):
            yield from walk(shape.shapes)
