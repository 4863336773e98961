"""How a card's picture meets its art box, as data (issue 43): `art_fit`, `art_focus` and
`art_rotate` in [deck.front], for the whole deck or per row as templates. A wrong plain value
is an error at its line in components.toml, a wrong row value at the row's CSV line."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from generator.draw.screen import screen_pngs
from generator.draw.shapes import picture_rect
from generator.errors import ContentErrors
from generator.kit import load_components
from generator.kit.cards import card_layout, front_drawing
from tests.kit.test_card_pictures import COMPONENTS, TABLE, art_box
from tests.sitefactory import GAME_TOML, make_site

ROWS = "id,name,qty,focus,turn\nb00,Ox,1,top,0\nb01,Hare,1,,90\n"  # CSV lines 2 and 3


def game_with(tmp_path: Path, keys: str, rows: str = ROWS, art: str = 'art = "art/{id}.png"') -> Path:
    components = COMPONENTS.replace('art = "art/{id}.png"', art + "\n" + keys)
    table = TABLE.replace('qty = "int" }', 'qty = "int", focus = "str", turn = "str" }')
    root = make_site(tmp_path, **{"content/pebbles/game.toml": GAME_TOML + table,
                                  "content/pebbles/components.toml": components,
                                  "content/pebbles/beasts.csv": rows})
    game = root / "content" / "pebbles"
    (game / "art").mkdir()
    for name in ("b00", "b01"):
        Image.new("RGB", (1200, 1200), "#aa2266").save(game / "art" / f"{name}.png")
    return game


def pictures(game: Path) -> list:
    """Each card's picture, as the loader placed it in the art's own frame."""
    return [card.front.art.shapes[0] for card, _count in load_components(game).decks[0].cards]


def problems(game: Path) -> list:
    with pytest.raises(ContentErrors) as caught:
        load_components(game)
    return caught.value.errors


def key_line(game: Path, key: str) -> int:
    lines = (game / "components.toml").read_text().splitlines()
    return next(number for number, line in enumerate(lines, start=1) if line.startswith(key))


def test_art_fit_contain_shows_the_whole_picture_inside_the_box(tmp_path):
    game = game_with(tmp_path, 'art_fit = "contain"')
    w, h = art_box(game)
    picture = pictures(game)[0]
    x, y, pw, ph = picture_rect(picture)
    assert picture.fit == "contain" and pw == pytest.approx(min(w, h)) and ph == pytest.approx(min(w, h))
    assert x >= 0 and y >= 0 and x + pw <= w + 1e-6 and y + ph <= h + 1e-6


def test_art_focus_per_row_keeps_the_named_point_in_view(tmp_path):
    """A square picture covering a landscape box loses its top and bottom: "top" keeps the top,
    a blank focus keeps the centre."""
    game = game_with(tmp_path, 'art_focus = "{focus}"')
    top, centre = pictures(game)
    assert picture_rect(top)[1] == pytest.approx(0.0)
    _x, y, _w, ph = picture_rect(centre)
    assert y == pytest.approx((centre.h - ph) / 2) and y < 0


def test_art_focus_takes_shares_percentages_and_words():
    from generator.kit.pictures import parse_focus

    assert parse_focus("0.25 0.75") == parse_focus("25% 75%") == (0.25, 0.75)
    assert parse_focus("bottom left") == parse_focus("left bottom") == (0.0, 1.0)
    assert parse_focus("") == parse_focus("centre") == (0.5, 0.5)


def test_art_rotate_turns_the_picture_a_quarter_so_it_fills_the_box(tmp_path):
    """A picture red on its left half and blue on its right, turned 90 degrees clockwise: on the
    printed card the art box is red above and blue below (drawn by the PDF backend)."""
    game = game_with(tmp_path, "art_rotate = 90")
    halves = Image.new("RGB", (1000, 1200), "#0000ff")
    halves.paste((255, 0, 0), (0, 0, 500, 1200))
    halves.save(game / "art" / "b00.png")
    components = load_components(game)
    deck = components.decks[0]
    card, _count = deck.cards[0]
    assert card.front.art.shapes[0].rotate == 90
    [[png]] = screen_pngs([front_drawing(card.front, deck)], [10.0])
    face = Image.open(io.BytesIO(png)).convert("RGB")
    x, y, w, h = card_layout(deck).art
    for across in (0.25, 0.75):  # unturned, the left quarter would be red and the right blue
        above = face.getpixel((round((x + w * across) * 10), round((y + h * 0.2) * 10)))
        below = face.getpixel((round((x + w * across) * 10), round((y + h * 0.8) * 10)))
        assert above[0] > 200 and above[2] < 60, above
        assert below[2] > 200 and below[0] < 60, below


def test_a_wrong_plain_value_is_an_error_at_its_line_in_components_toml(tmp_path):
    for keys, key, found in (('art_fit = "fill"', "art_fit", "'fill'"), ("art_rotate = 45", "art_rotate", "'45'"),
                             ('art_focus = "120% 0"', "art_focus", "'120% 0'")):
        game = game_with(tmp_path / key, keys)
        [error] = problems(game)
        assert (error.path.name, error.line) == ("components.toml", key_line(game, key)), keys
        assert key in error.message and error.found == found


def test_a_wrong_row_value_is_an_error_at_the_rows_csv_line(tmp_path):
    rows = "id,name,qty,focus,turn\nb00,Ox,1,,0\nb01,Hare,1,up there,45\n"
    game = game_with(tmp_path, 'art_focus = "{focus}"\nart_rotate = "{turn}"', rows)
    [error] = problems(game)
    assert (error.path.name, error.line) == ("beasts.csv", 3)
    assert "art_focus" in error.message and "'up there'" == error.found


def test_placing_keys_with_art_that_is_no_picture_are_an_error_at_the_key(tmp_path):
    game = game_with(tmp_path, 'art_fit = "contain"', art="")
    [error] = problems(game)
    assert (error.path.name, error.line) == ("components.toml", key_line(game, "art_fit"))
    assert "art_fit places a picture" in error.message


def test_a_contained_picture_is_judged_at_the_size_it_prints(tmp_path):
    """Contained, a square picture prints only as wide as the box is high: 200 ppi over the box's
    width would be fewer over its height. The preflight measures the picture as it prints."""
    from generator.draw.pictures import PictureInfo
    from generator.kit.pictures import effective_ppi

    info = PictureInfo(600, 600, "PNG")
    assert effective_ppi(info, 60.0, 40.0, "contain") == pytest.approx(600 / (40 / 25.4))
    assert effective_ppi(info, 60.0, 40.0, "cover") == pytest.approx(600 / (60 / 25.4))


HALVES_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">'
              '<rect x="0" y="0" width="100" height="100" fill="#ff0000"/>'
              '<rect x="100" y="0" width="100" height="100" fill="#0000ff"/></svg>')


def test_svg_art_is_drawn_as_vectors_placed_as_a_picture_is(tmp_path):
    """`art = "art/{id}.svg"`: the drawing's own shapes (no picture), contained in the box and
    turned a quarter: its red left half above its blue right half, printed."""
    game = game_with(tmp_path, 'art_fit = "contain"\nart_rotate = 90', art='art = "art/{id}.svg"')
    for name in ("b00", "b01"):
        (game / "art" / f"{name}.svg").write_text(HALVES_SVG)
    components = load_components(game)
    deck = components.decks[0]
    card, _count = deck.cards[0]
    from generator.draw.screen import has_picture

    assert not has_picture(card.front.art.shapes)
    [[png]] = screen_pngs([front_drawing(card.front, deck)], [10.0])
    face = Image.open(io.BytesIO(png)).convert("RGB")
    x, y, w, h = card_layout(deck).art
    above = face.getpixel((round((x + w / 2) * 10), round((y + h * 0.3) * 10)))
    below = face.getpixel((round((x + w / 2) * 10), round((y + h * 0.7) * 10)))
    assert above[0] > 200 and above[2] < 60, above
    assert below[2] > 200 and below[0] < 60, below


def test_an_svg_art_file_that_cannot_be_read_is_an_error_at_its_row(tmp_path):
    game = game_with(tmp_path, "", art='art = "art/{id}.svg"')
    (game / "art" / "b00.svg").write_text(HALVES_SVG)
    (game / "art" / "b01.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'><filter/></svg>")
    [error] = problems(game)
    assert (error.path.name, error.line) == ("beasts.csv", 3)
    assert "the card's art 'art/b01.svg' cannot be used" in error.message
