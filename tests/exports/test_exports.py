"""The exports (issue 31): print-on-demand card files, the DriveThruCards PDF and Tabletopia
images, made from the kit's own drawings, offered in the kit's downloads, incremental and
switched off by one key. One small site with a kit is built once for the module."""
from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.build import build
from tests.sitefactory import GAME_TOML, make_site

COMPONENTS = '''
[kit]
papers = ["a4"]
variants = ["print"]

[[board]]
name = "yard"
title = "Pebble yard"
cell = 25
rows = 4
columns = 5

[[deck]]
name = "stones"
title = "Stone cards"
size = "poker"
data = "stones.csv"
quantity = "qty"
[deck.front]
background = "{colour}"
title = "{name}"
value = "{rank}"
corner = "{rank}"
[deck.back]
background = "#35506b"
title = "PEBBLES"
pattern = "dots"

[[deck]]
name = "tips"
title = "Tip cards"
size = "mini"
data = "stones.csv"
[deck.front]
background = "#f4efe2"
title = "{name}"
value = "{rank}"
[deck.back]
background = "#6b3550"
title = "TIPS"
pattern = "stripes"

[[token]]
name = "marks"
title = "Score marks"
shape = "round"
size = 20
items = [{ label = "1", count = 3 }, { label = "5", count = 2 }]
'''

STONES_TABLE = '\n[data.stones]\nfile = "stones.csv"\ncolumns = { name = "str", rank = "int", colour = "str", qty = "int" }\n'
STONES = "name,rank,colour,qty\nFlint,1,#8a3b2e,3\nSlate,2,#2e5f8a,2\nQuartz,3,#4d7a2e,1\n"
SHOP_SIZES = {"thegamecrafter": {"poker": (825, 1125), "mini": (600, 825)},
              "makeplayingcards": {"poker": (822, 1122), "mini": (597, 822)}}
DTC_BLEED_MM = 25.4 / 8
CARDS = {"stones": 6, "tips": 3}  # physical cards per deck


def pebbles_site(root: Path, site_toml: str = "") -> Path:
    return make_site(root, **{
        "content/site.toml": 'title = "Test shelf"\nbase_url = "https://games.example/"\nrulebooks = false\n'
                             'search = false\n' + site_toml,
        "content/pebbles/game.toml": GAME_TOML + STONES_TABLE,
        "content/pebbles/components.toml": COMPONENTS, "content/pebbles/stones.csv": STONES})


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = pebbles_site(tmp_path_factory.mktemp("exports-site"))
    report = build(root, processes=1)
    return root, report.output


def exports(output: Path) -> Path:
    return output / "pebbles" / "exports"


def zip_of(output: Path, deck: str, shop: str) -> zipfile.ZipFile:
    return zipfile.ZipFile(exports(output) / f"pebbles-{deck}-{shop}.zip")


def manifest(archive: zipfile.ZipFile) -> list[dict]:
    return list(csv.DictReader(io.StringIO(archive.read("manifest.csv").decode("utf-8"))))


def png(archive: zipfile.ZipFile, name: str) -> Image.Image:
    image = Image.open(io.BytesIO(archive.read(name)))
    image.load()
    return image


@pytest.mark.parametrize("shop", sorted(SHOP_SIZES))
@pytest.mark.parametrize("deck,size", [("stones", "poker"), ("tips", "mini")])
def test_every_pod_png_has_the_shops_pixel_size_at_300_dpi_in_srgb(built, shop, deck, size):
    _root, output = built
    archive = zip_of(output, deck, shop)
    pictures = [name for name in archive.namelist() if name.endswith(".png")]
    assert len(pictures) == 4  # three fronts, one shared back
    for name in pictures:
        image = png(archive, name)
        assert image.size == SHOP_SIZES[shop][size], name
        assert image.mode == "RGB"
        assert [round(d) for d in image.info["dpi"]] == [300, 300]
        assert image.info.get("srgb") == 0  # the sRGB chunk: the colours are sRGB
    assert {row["size"] for row in manifest(archive)} == {size}


@pytest.mark.parametrize("deck", sorted(CARDS))
def test_the_pod_manifest_counts_every_card_of_the_deck_once(built, deck):
    _root, output = built
    archive = zip_of(output, deck, "thegamecrafter")
    rows = manifest(archive)
    assert {row["file"] for row in rows} == {n for n in archive.namelist() if n.endswith(".png")}
    assert sum(int(row["count"]) for row in rows if row["side"] == "front") == CARDS[deck]
    assert sum(int(row["count"]) for row in rows if row["side"] == "back") == CARDS[deck]
    if deck == "stones":
        assert {row["card"]: int(row["count"]) for row in rows if row["side"] == "front"} == \
            {"Flint": 3, "Slate": 2, "Quartz": 1}


def test_pod_files_are_reproducible_zips(built):
    """Fixed member dates: the same sources give the same bytes (checked again in the second build)."""
    _root, output = built
    for info in zip_of(output, "stones", "makeplayingcards").infolist():
        assert info.date_time == (2020, 1, 1, 0, 0, 0)


@pytest.mark.parametrize("deck,trim", [("stones", (63.5, 88.9)), ("tips", (44.0, 63.0))])
def test_drivethrucards_pdf_alternates_backs_and_fronts_at_trim_plus_an_eighth_inch(built, deck, trim):
    _root, output = built
    reader = PdfReader(exports(output) / f"pebbles-{deck}-drivethrucards.pdf")
    assert len(reader.pages) == 2 * CARDS[deck]
    back_title = "PEBBLES" if deck == "stones" else "TIPS"
    fronts = []
    for number, page in enumerate(reader.pages):
        width, height = (float(page.mediabox.width) * 25.4 / 72, float(page.mediabox.height) * 25.4 / 72)
        assert (round(width, 2), round(height, 2)) == (round(trim[0] + 2 * DTC_BLEED_MM, 2),
                                                       round(trim[1] + 2 * DTC_BLEED_MM, 2))
        trim_box = page.trimbox
        assert round(float(trim_box.width) * 25.4 / 72, 2) == trim[0]
        text = page.extract_text()
        if number % 2 == 0:
            assert back_title in text, f"page {number + 1} is not a back: {text!r}"
        else:
            assert back_title not in text, f"page {number + 1} is not a front: {text!r}"
            fronts.append(next(name for name in ("Flint", "Slate", "Quartz") if name in text))
    expected = ["Flint"] * 3 + ["Slate"] * 2 + ["Quartz"] if deck == "stones" else ["Flint", "Slate", "Quartz"]
    assert fronts == expected


def tabletopia(output: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(exports(output) / "pebbles-tabletopia.zip")


def test_tabletopia_images_share_one_size_per_component_at_10_px_per_mm(built):
    _root, output = built
    archive = tabletopia(output)
    rows = manifest(archive)
    sizes: dict[str, set] = {}
    for row in rows:
        image = png(archive, row["file"])
        assert image.size == (int(row["width_px"]), int(row["height_px"]))
        assert max(image.size) <= 4000
        sizes.setdefault(row["component"], set()).add(image.size)
    assert all(len(found) == 1 for found in sizes.values()), sizes
    assert sizes["stones"] == {(635, 889)}  # poker trim at 10 px per mm
    assert sizes["tips"] == {(440, 630)}
    assert sizes["marks"] == {(200, 200)}
    assert sizes["yard"] == {tuple(round(v) for v in png(archive, "boards/yard.png").size)}
    kinds = {(row["component"], row["kind"]) for row in rows}
    assert ("stones", "card-back") in kinds and ("yard", "board") in kinds
    assert "cards/stones/back.png" in archive.namelist()  # the deck's one shared back
    mark = png(archive, "tokens/marks/001.png")  # a round token: clear outside its disc
    assert mark.mode == "RGBA" and mark.getpixel((0, 0))[3] == 0 and mark.getpixel((100, 100))[3] == 255
    assert png(archive, "cards/stones/front-001.png").mode == "RGB"
    assert len([n for n in archive.namelist() if n.startswith("cards/stones/front-")]) == 3


def kit_card(output: Path, deck: str, index: int, dpi: int) -> Image.Image:
    """The kit PDF's card (its trim) rasterised at `dpi`, found by its role in the page."""
    import pypdfium2 as pdfium
    from tests.kit.pdfgeom import page_geometry

    path = output / "pebbles" / "kit" / "pebbles-kit-a4.pdf"
    reader = PdfReader(path)
    for number, page in enumerate(reader.pages):
        trims = page_geometry(reader, page).with_role(f"card-trim:{deck}:{index}:front")
        if trims:
            x, y, w, h = trims[0].bbox
            break
    else:
        raise AssertionError(f"no card {deck} {index} in the kit")
    document = pdfium.PdfDocument(str(path))
    scale = dpi / 25.4
    page = document[number].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return page.crop((round(x * scale), round(y * scale), round((x + w) * scale), round((y + h) * scale)))


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel, 0..255, of two pictures brought to one size."""
    b = b.resize(a.size, Image.LANCZOS) if b.size != a.size else b
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


INSIDE_EDGE_PX = 40  # 3.4 mm: past the home-print card's 2 mm white edge, which a shop's card has not


def test_a_pod_card_is_the_kit_pdfs_card_rasterised_at_the_same_resolution(built):
    """Same drawing inside the home-print card's white edge: MakePlayingCards' trim (36 px of
    bleed round 750 x 1050) against the A4 kit's card at 300 dpi; another card of the deck is
    plainly different."""
    _root, output = built
    archive = zip_of(output, "stones", "makeplayingcards")
    fronts = [row["file"] for row in manifest(archive) if row["side"] == "front"]
    inset = INSIDE_EDGE_PX
    pod = [png(archive, name).crop((36 + inset, 36 + inset, 786 - inset, 1086 - inset)) for name in fronts[:2]]
    kit = kit_card(output, "stones", 0, 300)
    assert abs(kit.width - 750) <= 1 and abs(kit.height - 1050) <= 1
    kit = kit.crop((inset, inset, kit.width - inset, kit.height - inset))
    same, other = difference(pod[0], kit), difference(pod[1], kit)
    assert same < 3.0, same
    assert other > 3 * same and other > 5.0, (same, other)


def test_the_kit_downloads_offer_the_other_formats_with_what_each_is_for(built):
    _root, output = built
    page = (output / "pebbles" / "index.html").read_text(encoding="utf-8")
    assert "Other formats" in page
    for name in ("pebbles-stones-thegamecrafter.zip", "pebbles-stones-makeplayingcards.zip",
                 "pebbles-stones-drivethrucards.pdf", "pebbles-tips-thegamecrafter.zip",
                 "pebbles-tabletopia.zip"):
        assert f'href="exports/{name}"' in page
        assert (exports(output) / name).is_file()
    assert "The Game Crafter as poker (2.5 x 3.5 in) cards" in page
    assert "The Game Crafter as mini (1.75 x 2.5 in) cards" in page


def test_an_unchanged_game_is_not_exported_again(built):
    """A second build, and one after editing a page (not the kit), keep every export as it was."""
    root, output = built
    before = {path: path.read_bytes() for path in exports(output).rglob("*") if path.is_file()}
    said: list[str] = []
    build(root, processes=1, progress=said.append)
    rules = root / "content" / "pebbles" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    build(root, processes=1, progress=said.append)
    assert any("rendering pages" in line for line in said)  # the second build did run
    assert not [line for line in said if line.startswith("writing exports:")], said
    after = {path: path.read_bytes() for path in exports(output).rglob("*") if path.is_file()}
    assert after == before


def test_a_build_says_when_it_exports_a_game(tmp_path):
    """The other side of the test above: the message it looks for is the one a build gives."""
    said: list[str] = []
    build(pebbles_site(tmp_path / "site"), processes=1, progress=said.append)
    assert "writing exports: Pebbles" in said


def test_the_same_sources_give_the_same_exports_and_a_changed_kit_new_ones(tmp_path, built):
    """A second site of the same sources, elsewhere, gets the same bytes (mine: the module's
    site); then a renamed card is exported again."""
    root = pebbles_site(tmp_path / "site")
    report = build(root, processes=1)
    _root, output = built
    pod_and_tabletopia = [path.name for path in exports(output).iterdir() if path.suffix in (".zip", ".pdf")]
    assert len(pod_and_tabletopia) == 7
    for name in pod_and_tabletopia:
        assert (exports(report.output) / name).read_bytes() == (exports(output) / name).read_bytes(), name
    first = (exports(report.output) / "pebbles-tabletopia.zip").read_bytes()
    (root / "content" / "pebbles" / "stones.csv").write_text(STONES.replace("Quartz", "Agate"), encoding="utf-8")
    said: list[str] = []
    build(root, processes=1, progress=said.append)
    assert "writing exports: Pebbles" in said
    archive = zip_of(report.output, "stones", "thegamecrafter")
    assert "Agate" in {row["card"] for row in manifest(archive)}
    assert (exports(report.output) / "pebbles-tabletopia.zip").read_bytes() != first


def test_exports_false_switches_every_export_off(tmp_path):
    root = pebbles_site(tmp_path / "site", "exports = false\n")
    report = build(root, processes=1)
    assert not exports(report.output).exists()
    assert not any("/exports/" in name for name in report.files)
    page = (report.output / "pebbles" / "index.html").read_text(encoding="utf-8")
    assert "Other formats" not in page and "pebbles-kit-a4.pdf" in page


CREAM = (0xF4, 0xEF, 0xE2)  # the tip cards' background, drawn to the edge of the deck's 3 mm bleed


def near(pixel, colour, tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def test_bleed_a_shop_wants_beyond_the_decks_is_filled_with_the_cards_edge(built):
    """The Game Crafter's 1/8" (37.5 px) is wider than the deck's 3 mm (35.4 px): the outermost
    pixels are the card's background, not white paper, in the PNG and in the DriveThruCards PDF."""
    import pypdfium2 as pdfium

    _root, output = built
    archive = zip_of(output, "tips", "thegamecrafter")
    front = png(archive, [row["file"] for row in manifest(archive) if row["side"] == "front"][0])
    for x, y in ((0, 0), (0, 400), (599, 824), (300, 0)):
        assert near(front.getpixel((x, y)), CREAM), (x, y, front.getpixel((x, y)))
    document = pdfium.PdfDocument(str(exports(output) / "pebbles-tips-drivethrucards.pdf"))
    page = document[1].render(scale=300 / 72).to_pil().convert("RGB")  # the first front
    document.close()
    # the PDF is CMYK (PDF/X-1a), which PDFium shows in its own way: the cream as it shows it,
    # 1 mm inside the trim, halfway down
    cream = page.getpixel((round(DTC_BLEED_MM * 300 / 25.4) + 12, page.height // 2))
    assert near(cream, CREAM, 8), cream
    for x, y in ((0, 0), (0, page.height // 2), (page.width - 1, page.height - 1)):
        assert near(page.getpixel((x, y)), cream), (x, y, page.getpixel((x, y)))


def test_an_earlier_release_is_neither_exported_nor_offered(built):
    """Shops and tables want the current game: an earlier release's kit (built from its own
    sources, generator/releases) gets no exports and no "Other formats" row linking to any."""
    import dataclasses

    from generator.content.load import load_site
    from generator.exports.stage import ExportStage
    from generator.kit.stage import KitStage

    root, _output = built
    site = load_site(root)
    current = site.game("pebbles")
    earlier = dataclasses.replace(current, release_of="pebbles")
    from generator.stagework import start_stages
    from generator.stages import StageContext, no_templates

    kit, stage = KitStage(), ExportStage()
    start_stages([kit, stage], site, StageContext(assets={}, hashes={}, render=no_templates))
    components = kit.components(current)
    assert stage.game_key(site, current) is not None
    assert stage.formats(site, current, components)  # the current game's row
    assert stage.game_key(site, earlier) is None
    assert stage.formats(site, earlier, components) == []


def test_editing_one_deck_remakes_its_shop_files_and_takes_the_other_decks_from_the_last_build(tmp_path):
    """Rebuild only the decks whose drawings changed (issue 47.3): after the tips' back is
    renamed, the tips' shop ZIPs are made again, and the stones' are the last build's files
    as they stood (a stand-in with the same key is kept, so it was not drawn again)."""
    root = pebbles_site(tmp_path / "site")
    output = build(root, processes=1).output
    stones = exports(output) / "pebbles-stones-thegamecrafter.zip"
    tips_before = (exports(output) / "pebbles-tips-makeplayingcards.zip").read_bytes()
    key = zip_of(output, "stones", "thegamecrafter").comment
    assert key  # what the ZIP was made from, for the next build to compare
    stand_in = io.BytesIO()
    with zipfile.ZipFile(stand_in, "w") as archive:
        archive.comment = key
        archive.writestr("manifest.csv", "card,side,count,file\n")
    stones.write_bytes(stand_in.getvalue())
    components = root / "content" / "pebbles" / "components.toml"
    components.write_text(COMPONENTS.replace('title = "TIPS"', 'title = "HINTS"'), encoding="utf-8")
    build(root, processes=1)
    assert stones.read_bytes() == stand_in.getvalue()
    assert (exports(output) / "pebbles-tips-makeplayingcards.zip").read_bytes() != tips_before
    backs = [row["card"] for row in manifest(zip_of(output, "tips", "makeplayingcards")) if row["side"] == "back"]
    assert backs == ["HINTS"]
