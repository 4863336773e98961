"""Pictures on the game page (issue 43): a card whose art is a picture shows that picture in
the card gallery and the kit's preview, at 1366 and 390 px, under the page's CSP and without
JS. An SVG shown through <img> loads no picture it names, so the page shows PNGs of such cards
(srcset: the 2x one on a dense screen); this checks the pixels the reader sees.

The site is the kit reference's worked example (tests/fixtures/illustrated), its art drawn by
its own script."""
from __future__ import annotations

import io
import shutil

import pytest
from PIL import Image, ImageStat

from generator.build import build
from generator.kit import load_components
from generator.kit.cards import card_layout
from tests.browser.harness import Server
from tests.kit.test_worked_example import EXAMPLE, first_card_art

SIZES = {1366: 900, 390: 844}


@pytest.fixture(scope="module")
def example_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("illustrated")
    shutil.copytree(EXAMPLE, root, dirs_exist_ok=True)
    output = root / "output"
    build(root, output, processes=1)
    server = Server(output)
    yield server
    server.close()


def art_fraction() -> tuple[float, float, float, float]:
    """The art box of the example's cards as shares of the trimmed card (left, top, right, bottom)."""
    deck = load_components(EXAMPLE / "content" / "tidepool").decks[0]
    x, y, w, h = card_layout(deck).art
    b = deck.bleed
    return ((x - b) / deck.width, (y - b) / deck.height, (x - b + w) / deck.width, (y - b + h) / deck.height)


def shown(page, selector: str) -> Image.Image:
    """The element as the reader sees it, once its picture has loaded."""
    element = page.locator(selector)
    element.scroll_into_view_if_needed()
    page.wait_for_function("s => { const i = document.querySelector(s); return i.complete && i.naturalWidth > 0 }",
                           arg=selector)
    return Image.open(io.BytesIO(element.screenshot())).convert("RGB")


INSET = 0.1  # away from the art box's edges, where the panel's rounding and the resampling blend


def art_region(card: Image.Image) -> Image.Image:
    left, top, right, bottom = art_fraction()
    w, h = card.size
    dx, dy = (right - left) * w * INSET, (bottom - top) * h * INSET
    return card.crop((round(left * w + dx), round(top * h + dy), round(right * w - dx), round(bottom * h - dy)))


def source_region() -> Image.Image:
    """The same part of the first card's picture (it has the art box's proportions: none cropped)."""
    art = first_card_art()
    dx, dy = art.width * INSET, art.height * INSET
    return art.crop((round(dx), round(dy), round(art.width - dx), round(art.height - dy)))


def colour_distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


@pytest.mark.parametrize("width", SIZES)
def test_a_card_with_a_picture_shows_its_picture_in_the_gallery(example_site, open_page, width, tmp_path):
    page = open_page(width, "light")
    page.set_viewport_size({"width": width, "height": SIZES[width]})
    page.goto(example_site.url("tidepool/"))
    page.locator("#cards-creatures > summary").click()  # a <details>: opens without JS
    card = shown(page, "#cards-creatures li:first-child img")
    art = art_region(card)
    seen, expected = ImageStat.Stat(art), ImageStat.Stat(source_region())
    assert colour_distance(seen.mean, expected.mean) < 25, (seen.mean, expected.mean)
    assert min(seen.stddev) > 15, seen.stddev  # a picture, not a flat panel (blank is white, stddev 0)
    page.screenshot(path=str(tmp_path / f"gallery-{width}.png"), full_page=False)
    assert page.watch.errors == []  # no CSP violation, no failed load


def test_the_kit_preview_of_a_picture_deck_shows_the_pictures(example_site, open_page):
    page = open_page(1366, "light")
    page.goto(example_site.url("tidepool/"))
    preview = shown(page, ".kit-preview.kit-deck img")
    first = preview.crop((0, 0, preview.width // 3, preview.height // 3))  # the sheet's first card
    assert colour_distance(ImageStat.Stat(art_region(first)).mean, ImageStat.Stat(source_region()).mean) < 25
    assert page.watch.errors == []


def test_a_dense_screen_gets_the_sharper_png(browser, example_site):
    """srcset: at a device pixel ratio of 2 the browser takes the 2x PNG; at 1, the 1x one."""
    chosen = {}
    for ratio in (1, 2):
        context = browser.new_context(viewport={"width": 1366, "height": 900}, device_scale_factor=ratio)
        page = context.new_page()
        page.goto(example_site.url("tidepool/"))
        page.locator("#cards-creatures > summary").click()
        shown(page, "#cards-creatures li:first-child img")
        chosen[ratio] = page.eval_on_selector("#cards-creatures li:first-child img", "i => i.currentSrc")
        context.close()
    assert chosen[1].endswith("kit/cards/creatures-01.png")
    assert chosen[2].endswith("kit/cards/creatures-01-2x.png")
