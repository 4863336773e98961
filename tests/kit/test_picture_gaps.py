"""Issue 43's gaps in the kit: a round token's preview shows its whole cut line; a card's
backdrop is placed by backdrop_fit and backdrop_focus as art is by art_fit and art_focus."""
from __future__ import annotations

import re

import pytest
import xml.etree.ElementTree as ET

from generator.kit import render_previews
from tests.sitefactory import GAME_TOML

SVG = "{http://www.w3.org/2000/svg}"


def _translations(root: ET.Element, target: ET.Element) -> tuple[float, float]:
    """The sum of the translate() of every group from the root down to `target`."""
    parents = {child: parent for parent in root.iter() for child in parent}
    dx = dy = 0.0
    node = target
    while node in parents:
        node = parents[node]
        found = re.search(r"translate\(([-\d.e]+)[ ,]*([-\d.e]*)\)", node.attrib.get("transform", ""))
        if found:
            dx, dy = dx + float(found.group(1)), dy + float(found.group(2) or 0)
    return dx, dy


def test_a_round_tokens_preview_shows_the_whole_stroke_of_its_cut_line(demo_components):
    """The cut line's stroke is centred on the piece's outline: the preview's viewBox holds the
    half of it that lies outside the piece, for every piece (round and square)."""
    for name in ("heroes", "rocks"):
        preview = next(p for p in render_previews(demo_components) if p.name == name)
        root = ET.fromstring(preview.svg)
        vx, vy, vw, vh = (float(v) for v in root.attrib["viewBox"].replace(",", " ").split())
        cuts = [el for el in root.iter() if el.attrib.get("data-role") == "cut-line"]
        assert cuts
        for cut in cuts:
            dx, dy = _translations(root, cut)
            half = float(cut.attrib["stroke-width"]) / 2
            if cut.tag == f"{SVG}circle":
                cx, cy, r = (float(cut.attrib[k]) for k in ("cx", "cy", "r"))
                box = (cx - r, cy - r, cx + r, cy + r)
            else:
                x, y = float(cut.attrib.get("x", 0)), float(cut.attrib.get("y", 0))
                box = (x, y, x + float(cut.attrib["width"]), y + float(cut.attrib["height"]))
            left, top, right, bottom = box[0] + dx - half, box[1] + dy - half, box[2] + dx + half, box[3] + dy + half
            assert left >= vx - 1e-6 and top >= vy - 1e-6, (name, left, top)
            assert right <= vx + vw + 1e-6 and bottom <= vy + vh + 1e-6, (name, right, bottom, vw, vh)


# -- the game's own inline icons ----------------------------------------------------------

COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">'
        '<circle cx="10" cy="10" r="9" fill="#c01010"/><rect x="8" y="5" width="4" height="10" fill="#ffffff"/></svg>')
DECK = '''
[[deck]]
name = "purses"
title = "Purses"
data = "scores.csv"
[deck.front]
background = "#fdf6e3"
title = "Purse {pebbles}"
body = "Gain {points} :coin: now."
'''


def coin_site(root):
    from tests.sitefactory import make_site

    make_site(root, **{"content__pebbles__components.toml": DECK, "content__pebbles__icons__coin.svg": COIN})
    return root / "content" / "pebbles"


def walk(shapes):
    from generator.draw.shapes import Group

    for shape in shapes:
        yield shape
        if isinstance(shape, Group):
            yield from walk(shape.shapes)


def test_a_games_own_svg_icon_is_drawn_in_card_text_in_the_texts_colour(tmp_path):
    from generator.draw.shapes import Text
    from generator.kit import load_components
    from generator.kit.cards import front_drawing

    components = load_components(coin_site(tmp_path / "site"))
    deck = components.decks[0]
    card = deck.cards[0][0]
    front = front_drawing(card.front, deck)
    [coin] = [s for s in walk(front.shapes) if getattr(s, "role", "") == "inline-icon-coin"]
    paints = {colour for s in walk(coin.shapes) if hasattr(s, "style") for colour in (s.style.fill, s.style.stroke)
              if colour}
    words = [s for s in walk(front.shapes) if isinstance(s, Text) and "Gain" in s.text]
    assert words and not any(":coin:" in s.text for s in walk(front.shapes) if isinstance(s, Text))
    assert paints == {words[0].fill, "#ffffff"}  # the text's ink, its holes in the panel's white: not the file's red
    size = words[0].size
    assert abs(coin.scale * 1.0 - size * 0.8) < 1e-3  # 1 mm wide as read, drawn at the text's icon size
    assert "coin" in card.front.description and ":coin:" not in card.front.description


# -- a backdrop placed as art is ------------------------------------------------------------

BACKDROP_DECK = '''
[[deck]]
name = "grounds"
title = "Grounds"
data = "scores.csv"
[deck.front]
title = "Ground {pebbles}"
backdrop = "art/ground.png"
backdrop_fit = "{fit}"
backdrop_focus = "left"
'''


def backdrop_site(root, fits=("contain", "cover"), deck=BACKDROP_DECK):
    import io

    from PIL import Image as PILImage

    from tests.sitefactory import make_site

    rows = "pebbles,points,fit\n" + "".join(f"{i},{i * 2},{fit}\n" for i, fit in enumerate(fits, start=1))
    game = GAME_TOML.replace('columns = { pebbles = "int", points = "int" }',
                             'columns = { pebbles = "int", points = "int", fit = "str" }')
    make_site(root, **{"content__pebbles__components.toml": deck, "content__pebbles__scores.csv": rows,
                       "content__pebbles__game.toml": game})
    out = io.BytesIO()
    PILImage.new("RGB", (2400, 1200), "#3b7a57").save(out, format="PNG")
    (root / "content" / "pebbles" / "art").mkdir()
    (root / "content" / "pebbles" / "art" / "ground.png").write_bytes(out.getvalue())
    return root / "content" / "pebbles"


def test_a_backdrop_is_placed_by_backdrop_fit_and_backdrop_focus(tmp_path):
    from generator.kit import load_components

    deck = load_components(backdrop_site(tmp_path / "site")).decks[0]
    placed = [(card.front.backdrop.fit, card.front.backdrop.focus) for card, _count in deck.cards]
    assert placed == [("contain", (0.0, 0.5)), ("cover", (0.0, 0.5))]
    bleed = deck.bleed
    for card, _count in deck.cards:  # still the whole card to its bleed
        picture = card.front.backdrop
        assert (picture.w, picture.h) == (deck.width + 2 * bleed, deck.height + 2 * bleed)


def test_a_backdrop_fit_it_cannot_take_is_an_error_at_its_row_or_its_key(tmp_path):
    from generator.errors import ContentError, ContentErrors
    from generator.kit import load_components

    folder = backdrop_site(tmp_path / "rows", fits=("contain", "tile"))
    with pytest.raises((ContentError, ContentErrors)) as raised:
        load_components(folder)
    errors = getattr(raised.value, "errors", [raised.value])
    assert [(e.path.name, e.line, e.found) for e in errors] == [("scores.csv", 3, "'tile'")]
    assert "backdrop_fit" in errors[0].message

    keyed = BACKDROP_DECK.replace('backdrop_focus = "left"', 'backdrop_focus = "middle"')
    folder = backdrop_site(tmp_path / "key", deck=keyed)
    with pytest.raises((ContentError, ContentErrors)) as raised:
        load_components(folder)
    errors = getattr(raised.value, "errors", [raised.value])
    assert [(e.path.name, e.line) for e in errors] == [("components.toml", 10)]
    assert "backdrop_focus" in errors[0].message and errors[0].found == "'middle'"


ICON_DECK = '''
[[deck]]
name = "purses"
title = "Purses"
data = "scores.csv"
[deck.front]
title = "Purse {pebbles}"
icon = "{kind}"
value = "{points}"
'''


def icon_site(root, kinds):
    from tests.sitefactory import make_site

    rows = "pebbles,points,kind\n" + "".join(f"{i},{i * 2},{kind}\n" for i, kind in enumerate(kinds, start=1))
    game = GAME_TOML.replace('columns = { pebbles = "int", points = "int" }',
                             'columns = { pebbles = "int", points = "int", kind = "str" }')
    make_site(root, **{"content__pebbles__components.toml": ICON_DECK, "content__pebbles__scores.csv": rows,
                       "content__pebbles__game.toml": game, "content__pebbles__icons__coin.svg": COIN})
    return root / "content" / "pebbles"


def test_a_cards_icon_may_be_the_games_own_and_an_unknown_one_names_it(tmp_path):
    from generator.errors import ContentError, ContentErrors
    from generator.kit import load_components
    from generator.kit.cards import front_drawing

    deck = load_components(icon_site(tmp_path / "good", ("coin", "star"))).decks[0]
    from generator.draw.shapes import Text

    icons = [[s for s in walk(front_drawing(card.front, deck).shapes) if getattr(s, "role", "") == "card-icon"]
             for card, _count in deck.cards]
    coin = icons[0][0]
    assert not any(isinstance(s, Text) for s in walk(coin.shapes))  # drawn, not the word "coin" in the font
    fills = {getattr(getattr(s, "style", None), "fill", None) for s in walk(coin.shapes)} - {None}
    assert fills and "#c01010" not in fills  # in the card's ink and paper, not the file's red

    with pytest.raises((ContentError, ContentErrors)) as raised:
        load_components(icon_site(tmp_path / "bad", ("coin", "gem")))
    errors = getattr(raised.value, "errors", [raised.value])
    assert [(e.path.name, e.line, e.found) for e in errors] == [("scores.csv", 3, "gem")]
    assert "coin" in errors[0].expected and "star" in errors[0].expected and "icons/<name>.svg" in errors[0].expected
