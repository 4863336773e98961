"""SVG previews for the game page's "Print & play" section (issue 4, item 3)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.kit import render_previews

SVG = "{http://www.w3.org/2000/svg}"


def test_every_component_gets_a_well_formed_svg_preview(demo_components):
    previews = render_previews(demo_components)
    assert [p.name for p in previews] == demo_components.names
    kinds = {p.name: p.kind for p in previews}
    assert kinds == {"island": "board", "diamond": "board", "drop": "board", "cards": "deck", "score": "sheet",
                     "scoring": "sheet", "record": "sheet", "heroes": "token", "rocks": "token"}
    for preview in previews:
        root = ET.fromstring(preview.svg)
        assert root.tag == f"{SVG}svg"
        assert "width" not in root.attrib and "height" not in root.attrib  # sized by the page's CSS
        _x, _y, w, h = (float(v) for v in root.attrib["viewBox"].replace(",", " ").split())
        assert w > 0 and h > 0


def test_preview_ids_are_unique_across_a_page(demo_components):
    """Several previews share one HTML page: their clip-path ids must not collide."""
    ids = []
    for preview in render_previews(demo_components):
        ids += [el.attrib["id"] for el in ET.fromstring(preview.svg).iter() if "id" in el.attrib]
    assert ids and len(ids) == len(set(ids))


def test_card_preview_shows_a_sheet_of_fronts_and_the_back(demo_components):
    """A card sheet thumbnail: distinct fronts (up to eight) and a back, cut to the trim."""
    preview = next(p for p in render_previews(demo_components) if p.kind == "deck")
    root = ET.fromstring(preview.svg)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"Sea Serpent", "Lighthouse", "Storm", "Gull", "DEMO"} <= set(texts)
    assert "10 cards" in preview.title


def test_board_preview_names_every_cell(demo_components):
    """Board cells carry data-cell names (the coordinates on the margin), e.g. for highlighting."""
    preview = next(p for p in render_previews(demo_components) if p.name == "diamond")
    cells = [el.attrib["data-cell"] for el in ET.fromstring(preview.svg).iter() if "data-cell" in el.attrib]
    assert len(cells) == 41 and "e5" in cells and "a1" not in cells


def test_previews_share_one_scale_so_sizes_compare(demo_components):
    """Issue 13.7: a token is drawn smaller than the board it stands on (one px per mm for all)."""
    from generator.kit.stage import preview_scale
    previews = render_previews(demo_components)
    scale = preview_scale([p.width for p in previews])
    by_name = {p.name: p for p in previews}
    assert by_name["rocks"].width * scale < by_name["island"].width * scale
    assert max(p.width for p in previews) * scale <= 720


def test_the_card_gallery_holds_every_distinct_card_with_its_words(demo_components):
    """Issue 13.7: every distinct front, drawn by the kit's own code, with alt text for screen readers."""
    from generator.kit.preview import card_gallery
    [gallery] = card_gallery(demo_components)
    deck = demo_components.decks[0]
    assert len(gallery.cards) == len(deck.cards)
    assert len({image.file for image in gallery.cards}) == len(gallery.cards)
    for image, (card, _count) in zip(gallery.cards, deck.cards):
        root = ET.fromstring(image.svg)
        assert root.find(f"{SVG}title").text == card.front.description == image.description
        assert card.front.title in image.description
        _x, _y, w, h = (float(v) for v in root.attrib["viewBox"].replace(",", " ").split())
        assert (w, h) == (deck.width, deck.height)  # cut to the trim: no bleed in the gallery
