"""Card art from data (issue 43): a deck's `art = "art/{id}.png"` draws each row's picture in
the card's art box. One site of 12 illustrated cards is built once for the module: every
picture is embedded once in the kit PDF however many copies print, written once as a hashed
site asset, and reaches the print-on-demand PNGs at full resolution."""
from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.build import build
from generator.kit import load_components
from tests.sitefactory import GAME_TOML, make_site

COMPONENTS = '''
[kit]
papers = ["a4"]
variants = ["print"]

[[deck]]
name = "beasts"
title = "Beast cards"
size = "poker"
data = "beasts.csv"
quantity = "qty"
[deck.front]
title = "{name}"
art = "art/{id}.png"
body = "A beast."
[deck.back]
background = "#35506b"
title = "BEASTS"
'''
TABLE = '\n[data.beasts]\nfile = "beasts.csv"\ncolumns = { id = "str", name = "str", qty = "int" }\n'
ROWS = [(f"b{i:02d}", f"Beast {i}", 1 + i % 3) for i in range(12)]
PPI = 400  # above the 300 the print asks for: every picture passes preflight


def beasts_site(root: Path, rows=ROWS) -> Path:
    csv = "id,name,qty\n" + "".join(f"{i},{name},{qty}\n" for i, name, qty in rows)
    return make_site(root, **{
        "content/site.toml": 'title = "Test shelf"\nbase_url = "https://games.example/"\nrulebooks = false\n'
                             'search = false\n',
        "content/pebbles/game.toml": GAME_TOML + TABLE,
        "content/pebbles/components.toml": COMPONENTS, "content/pebbles/beasts.csv": csv})


def art_box(game: Path) -> tuple[float, float]:
    """The deck's art box in mm, read from the loader's own card (a first picture in place)."""
    components = load_components(game)
    picture = components.decks[0].cards[0][0].front.art.shapes[0]
    return picture.w, picture.h


def picture(seed: int, width: int, height: int) -> Image.Image:
    """Blocks of 6 px in random reds and purples (red well above green, nowhere on a card's
    white, black or back): fine detail that a picture resampled from fewer pixels loses."""
    rng = random.Random(seed)
    small = Image.new("RGB", (-(-width // 6), -(-height // 6)))
    small.putdata([(rng.randrange(150, 256), rng.randrange(0, 90), rng.randrange(0, 256))
                   for _ in range(small.width * small.height)])
    return small.resize((small.width * 6, small.height * 6), Image.NEAREST).crop((0, 0, width, height))


def paint_pictures(game: Path, rows=ROWS, ppi: float = PPI) -> tuple[int, int]:
    """One PNG per row at `ppi` over the art box (its proportions, so cover crops under a pixel)."""
    art = game / "art"
    art.mkdir(exist_ok=True)
    for i, (name, *_rest) in enumerate(rows):
        Image.new("RGB", (900, 900), "#aa2266").save(art / f"{name}.png")  # for art_box's load
    w, h = art_box(game)
    size = round(w / 25.4 * ppi), round(h / 25.4 * ppi)
    for i, (name, *_rest) in enumerate(rows):
        picture(i, *size).save(art / f"{name}.png")
    return size


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = beasts_site(tmp_path_factory.mktemp("pictures-site"))
    size = paint_pictures(root / "content" / "pebbles")
    report = build(root, processes=1)
    return root, report.output, size


def image_xobjects(reader: PdfReader) -> set:
    """Every image XObject the document's pages and forms use, by object number."""
    found, seen = set(), set()

    def walk(resources):
        for _name, ref in (resources or {}).get("/XObject", {}).items():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Image":
                found.add(ref.idnum)
            else:
                walk(xobject.get("/Resources"))
    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def test_each_picture_is_embedded_once_in_the_kit_however_many_copies_print(built):
    _root, output, _size = built
    kit = next((output / "pebbles" / "kit").glob("*a4*.pdf"))
    reader = PdfReader(kit)
    assert sum(qty for *_r, qty in ROWS) > 12  # copies print more than once
    assert len(image_xobjects(reader)) == 12


def test_each_picture_is_one_hashed_site_asset_named_by_the_previews(built):
    _root, output, _size = built
    kit = output / "pebbles" / "kit"
    assets = sorted((kit / "pictures").iterdir())
    assert len(assets) == 12
    sources = {p.read_bytes() for p in (_root / "content" / "pebbles" / "art").iterdir()}
    assert {p.read_bytes() for p in assets} == sources  # the author's bytes, as they are
    gallery = "".join(p.read_text() for p in (kit / "cards").glob("*.svg"))
    for asset in assets:
        assert gallery.count(f'"../pictures/{asset.name}"') == 1
    assert "base64" not in gallery


def test_the_pod_pngs_carry_the_pictures_at_full_resolution(built):
    """The printed region of each picture, cut from the shop's 300 dpi PNG, matches the source
    resampled to that region; a source of 100 ppi (what a preview-sized copy would give) does not."""
    root, output, size = built
    archive = zipfile.ZipFile(output / "pebbles" / "exports" / "pebbles-beasts-thegamecrafter.zip")
    fronts = sorted(n for n in archive.namelist() if n.endswith(".png") and "front" in n)
    assert len(fronts) == 12
    for index, name in enumerate(fronts[:3]):
        face = Image.open(io.BytesIO(archive.read(name))).convert("RGB")
        r, g, _b = face.split()
        box = ImageChops.subtract(r, g).point(lambda v: 255 if v > 60 else 0).getbbox()
        region = face.crop(box)
        source = picture(index, *size)
        exact = source.resize(region.size, Image.LANCZOS)
        coarse = source.resize((size[0] // 4, size[1] // 4), Image.LANCZOS).resize(region.size, Image.LANCZOS)
        inner = (3, 3, region.width - 3, region.height - 3)
        near = mean_difference(region.crop(inner), exact.crop(inner))
        far = mean_difference(region.crop(inner), coarse.crop(inner))
        assert near < 12 and far > 2 * near, (name, near, far)


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_the_same_pictures_give_the_same_bytes(built, tmp_path):
    """A second build of a copy of the site writes the kit, its pictures and the exports byte for byte."""
    import shutil

    from tests.sitefactory import tree

    root, output, _size = built
    copy = tmp_path / "again"
    shutil.copytree(root / "content", copy / "content")
    again = build(copy, processes=1).output
    for folder in ("kit", "exports"):
        assert tree(again / "pebbles" / folder) == tree(output / "pebbles" / folder), folder
