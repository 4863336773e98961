"""What lies between card layers and the designer's fonts (issue 43, items 4 and 6): a text
layer, a token set and a sheet name a font game.toml declares (`font = "display"`), are measured
and set in it, and have their texts checked against it (a character it lacks is an error naming
the text and its code point, at the data row's or the key's line); a layer's `unless` keeps it off
some rows; the ink-saver kit prints a layered deck's bands and filled shapes as tints, as it
prints the named regions' frame and panel.

The font is a copy of DejaVu Serif Condensed under another name (as in test_designer_fonts.py):
narrower than the built-in DejaVu Sans, and without the won sign (U+20A9), which DejaVu Sans has."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from generator.draw.colour import contrast, luminance
from generator.draw.preflight import PT_PER_MM
from generator.draw.shapes import Group, Text
from generator.kit import load_components, write_kits
from generator.kit.cards import front_drawing
from generator.kit.sheets import sheet_drawing
from generator.kit.tokens import token_drawings
from tests.kit.test_card_layouts import edit, errors_of, line_of

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "kit" / "examples" / "card-layers"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
REGULAR, BOLD = DEJAVU / "DejaVuSerifCondensed.ttf", DEJAVU / "DejaVuSerifCondensed-Bold.ttf"
pytestmark = pytest.mark.skipif(not (REGULAR.is_file() and BOLD.is_file()), reason="DejaVu Serif Condensed not installed")
WON = "\u20a9"  # DejaVu Sans draws it; DejaVu Serif Condensed has no glyph for it
NAME_LAYER = "bold = true\ncolour = \"#ffffff\""  # the name layer's keys in the example (text layer 3)
FONT = '\n[fonts.display]\nfile = "fonts/Display.ttf"\nlicence = "SIL Open Font License 1.1"\n'


@pytest.fixture
def pool(tmp_path) -> Path:
    """The kit reference's layered deck, with game.toml declaring `display` (regular only)."""
    folder = tmp_path / "card-layers"
    shutil.copytree(EXAMPLE, folder)
    (folder / "fonts").mkdir()
    shutil.copyfile(REGULAR, folder / "fonts" / "Display.ttf")
    with open(folder / "game.toml", "a", encoding="utf-8") as game:
        game.write(FONT)
    return folder


def texts(shapes, role: str = "") -> list[Text]:
    found = []
    for shape in shapes:
        if isinstance(shape, Group):
            found += texts(shape.shapes, role)
        elif isinstance(shape, Text) and (not role or shape.role == role):
            found.append(shape)
    return found


def shapes_of(shapes, role: str) -> list:
    found = []
    for shape in shapes:
        if isinstance(shape, Group):
            found += shapes_of(shape.shapes, role) if shape.role != role else [shape]
        elif shape.role == role:
            found.append(shape)
    return found


def name_layers(folder: Path) -> dict[str, Text]:
    """Each row's name (text layer 3), as its front draws it."""
    deck = load_components(folder).decks[0]
    return {card.row["id"]: texts(front_drawing(card.front, deck).shapes, "card-layer-3")[0] for card, _n in deck.cards}


# -- a text layer's font --------------------------------------------------------------------------
def test_a_text_layer_in_a_declared_font_shrinks_to_the_fonts_widths_and_is_set_in_it(pool):
    """'Grey Sea Anemone' is too wide for its box at 14 pt in DejaVu Sans; in the narrower font
    it shrinks less, and the width it was fitted to is the font's own."""
    edit(pool / "pool.csv", "Sea Anemone", "Grey Sea Anemone")
    edit(pool / "components.toml", NAME_LAYER, 'font = "display"\ncolour = "#ffffff"')
    in_font = name_layers(pool)["P3"]
    edit(pool / "components.toml", 'font = "display"\n', "")
    in_sans = name_layers(pool)["P3"]
    assert in_font.font is not None and in_font.font.family == "card-layers-display" and in_sans.font is None
    assert in_sans.size * PT_PER_MM < in_font.size * PT_PER_MM <= 14 + 1e-6
    measured = TTFont("display-measure", str(REGULAR)).stringWidth(in_font.text, in_font.size)
    assert in_font.length == pytest.approx(measured, abs=0.01) and in_font.length <= 40 + 1e-6  # the box: 40 mm


def test_a_layers_font_is_embedded_in_the_kit_bold_from_its_bold_file(pool, tmp_path):
    edit(pool / "game.toml", 'file = "fonts/Display.ttf"\n', 'file = "fonts/Display.ttf"\nbold = "fonts/Display-Bold.ttf"\n')
    shutil.copyfile(BOLD, pool / "fonts" / "Display-Bold.ttf")
    edit(pool / "components.toml", NAME_LAYER, 'bold = true\nfont = "display"\ncolour = "#ffffff"')
    [kit] = write_kits(load_components(pool), tmp_path / "out", title="Card layers", author="Rulepress")
    listed = subprocess.run(["pdffonts", str(kit.path)], check=True, capture_output=True, text=True).stdout
    faces = {line.split()[0].split("+")[-1] for line in listed.splitlines()[2:]}
    assert "DejaVuSerifCondensed-Bold" in faces and "DejaVuSerifCondensed" not in faces  # only the bold name


def test_bold_in_a_font_without_a_bold_file_is_an_error_at_its_line(pool):
    components = pool / "components.toml"
    edit(components, NAME_LAYER, 'bold = true\nfont = "display"\ncolour = "#ffffff"')
    [error] = errors_of(pool)
    assert (error.path.name, error.line) == ("components.toml", line_of(components, "bold = true"))
    assert "has no bold file" in error.message and "[fonts.display]" in error.expected


def test_a_character_a_layers_font_lacks_is_an_error_naming_the_text_at_its_row(pool):
    edit(pool / "pool.csv", "Sea Anemone", f"Sea Anemone {WON}")
    edit(pool / "components.toml", NAME_LAYER, 'font = "display"\ncolour = "#ffffff"')
    [error] = errors_of(pool)
    assert (error.path.name, error.line) == ("pool.csv", line_of(pool / "pool.csv", "P3,"))
    assert "U+20A9" in error.message and "'display'" in error.message and "text layer 3" in error.message
    assert error.found == f"Sea Anemone {WON}"


def test_sans_keeps_a_layer_in_the_built_in_font_in_a_deck_set_in_another(pool):
    """The check is the font's the text is set in: the won sign in the `sans` layer prints, the
    same in a layer that takes the deck's font is the row's error."""
    edit(pool / "components.toml", 'data = "pool.csv"\n', 'data = "pool.csv"\nfont = "display"\n')
    edit(pool / "components.toml", NAME_LAYER, 'font = "sans"\ncolour = "#ffffff"')
    edit(pool / "pool.csv", "Sea Anemone", f"Sea Anemone {WON}")
    names = name_layers(pool)
    assert names["P3"].font.family == "DejaVu Sans" and names["P3"].text == f"Sea Anemone {WON}"
    deck = load_components(pool).decks[0]
    kinds = [texts(front_drawing(card.front, deck).shapes, "card-layer-9")[0] for card, _n in deck.cards]
    assert {text.font.family for text in kinds} == {"card-layers-display"}
    edit(pool / "pool.csv", f"{WON},creature", f"{WON},creature{WON}")  # the kind layer, in the deck's font
    [error] = errors_of(pool)
    assert error.line == line_of(pool / "pool.csv", "P3,") and "U+20A9" in error.message


def test_a_layer_naming_a_font_game_toml_lacks_is_an_error_at_its_line(pool):
    components = pool / "components.toml"
    edit(components, NAME_LAYER, 'font = "dispaly"\ncolour = "#ffffff"')
    [error] = errors_of(pool)
    assert error.line == line_of(components, 'font = "dispaly"') and "no font 'dispaly'" in error.message
    assert "display" in error.expected


# -- tokens and sheets ----------------------------------------------------------------------------
TOKENS = '''
[[token]]
name = "shells"
title = "Shells"
font = "display"
items = [{ label = "Shell", caption = "pool", count = 2 }]
'''
SHEET = '''
[[sheet]]
name = "scores"
title = "Scores"
heading = "Tide pool scores"
font = "display"
columns = ["Player", "Round 1"]
rows = 3
notes = ["One point a shell."]

[[sheet]]
name = "creatures"
title = "Creatures"
heading = "The pool's creatures"
font = "display"
data = "pool.csv"
fields = ["{name}", "{points}"]
columns = ["Name", "Points"]
'''


def test_tokens_and_sheets_are_set_in_the_font_they_name(pool):
    with open(pool / "components.toml", "a", encoding="utf-8") as components:
        components.write(TOKENS + SHEET)
    loaded = load_components(pool)
    token = token_drawings(loaded.tokens[0], loaded.options.players)[0]
    sheets = [sheet_drawing(spec) for spec in loaded.sheets]
    for drawing in [token] + sheets:
        families = {text.font.family if text.font else None for text in texts(drawing.shapes)}
        assert families == {"card-layers-display"}
    assert {"Shell", "pool"} <= {text.text for text in texts(token.shapes)}
    assert "Spring Tide" in {text.text for text in texts(sheets[1].shapes)}


def test_the_site_shows_what_a_font_of_its_own_sets_as_pictures_of_the_print(pool):
    """A web font cannot reach an SVG shown through <img>: a deck with a layer in the font (the
    deck itself in the built-in one), a token set and a sheet in it are shown as PNGs."""
    from generator.kit.preview import card_gallery, plan_previews

    with open(pool / "components.toml", "a", encoding="utf-8") as components:
        components.write(TOKENS + SHEET)
    pictured = {name: pictured for name, _title, _kind, pictured in plan_previews(load_components(pool))}
    assert pictured == {"pool": False, "scores": True, "creatures": True, "shells": True}  # the pool's art: vectors
    assert not any(card.pictured for card in card_gallery(load_components(pool), draw=False)[0].cards)
    edit(pool / "components.toml", NAME_LAYER, 'font = "display"\ncolour = "#ffffff"')
    pictured = {name: pictured for name, _title, _kind, pictured in plan_previews(load_components(pool))}
    assert pictured["pool"] and all(card.pictured for card in card_gallery(load_components(pool), draw=False)[0].cards)


@pytest.mark.parametrize("old, new, file, fragment", [
    ('label = "Shell"', f'label = "Shell{WON}"', "components.toml", 'label = "Shell'),
    ('notes = ["One point a shell."]', f'notes = ["One point a shell, or 1{WON}."]', "components.toml", "notes ="),
    ("P2,Spring Tide", f"P2,Spring Tide{WON}", "pool.csv", "P2,"),
])
def test_a_character_a_token_or_sheet_font_lacks_is_an_error_at_its_line(pool, old, new, file, fragment):
    """At the key that gives the text, or the data row that fills it; the cards' layers, in the
    built-in font, print the same row."""
    with open(pool / "components.toml", "a", encoding="utf-8") as components:
        components.write(TOKENS + SHEET)
    edit(pool / ("pool.csv" if file == "pool.csv" else "components.toml"), old, new)
    [error] = errors_of(pool)
    assert (error.path.name, error.line) == (file, line_of(pool / file, fragment))
    assert "U+20A9" in error.message and WON in error.found


# -- unless ---------------------------------------------------------------------------------------
def test_an_unless_layer_is_drawn_on_every_row_but_those_it_names(pool):
    components = pool / "components.toml"
    edit(components, 'text = "{kind}"', 'text = "{kind}"\nunless = { kind = "event" }')
    deck = load_components(pool).decks[0]
    drawn = {card.row["id"]: bool(texts(front_drawing(card.front, deck).shapes, "card-layer-9"))
             for card, _n in deck.cards}
    assert drawn == {"P1": True, "P2": False, "P3": True}
    edit(components, 'unless = { kind = "event" }', 'unless = { kind = "event" }\nwhen = { points = ["0", "2"] }')
    deck = load_components(pool).decks[0]
    drawn = {card.row["id"]: bool(texts(front_drawing(card.front, deck).shapes, "card-layer-9"))
             for card, _n in deck.cards}
    assert drawn == {"P1": True, "P2": False, "P3": False}  # both must let the row draw it


# -- the ink saver ----------------------------------------------------------------------------------
def test_the_ink_saver_prints_a_layered_decks_band_as_a_tint_and_its_white_text_dark(pool):
    """As the regions' frame and panel: a filled shape a light tint outlined in its colour, a
    white text on it dark; the picture is kept, as the regions' art is."""
    deck = load_components(pool).decks[0]
    front = deck.cards[0][0].front
    print_, saver = front_drawing(front, deck), front_drawing(front, deck, ink_saver=True)
    [band], [pale] = shapes_of(print_.shapes, "card-layer-2"), shapes_of(saver.shapes, "card-layer-2")
    assert pale.style.stroke == band.style.fill and luminance(pale.style.fill) > 0.6 > luminance(band.style.fill)
    [name] = texts(saver.shapes, "card-layer-3")
    assert name.fill != "#ffffff" and contrast(name.fill, pale.style.fill) >= 4.5
    assert shapes_of(saver.shapes, "card-layer-1") == shapes_of(print_.shapes, "card-layer-1")


def test_a_picture_over_the_whole_card_is_left_out_of_the_ink_saver_as_a_backdrop_is(pool):
    edit(pool / "components.toml", "box = [-3, -3, 69.5, 49.2]", 'box = "bleed"')
    deck = load_components(pool).decks[0]
    front = deck.cards[0][0].front
    assert shapes_of(front_drawing(front, deck).shapes, "card-layer-1")
    assert not shapes_of(front_drawing(front, deck, ink_saver=True).shapes, "card-layer-1")
