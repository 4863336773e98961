"""The designer's fonts (issue 43, item 6): a TrueType file in the game folder, declared once in
game.toml's [fonts] with its licence, sets a deck's cards (`[[deck]] font`) and the rulebook's
headings (`[rulebook] heading_font`). It is embedded as a subset in the kit and the rulebook,
served on the site as a hashed web font named by an @font-face, and its licence is credited.
A character the font lacks is an error at the text's line, never a blank box; a font without
a licence, or whose file is missing or unreadable, is an error at its line of game.toml.

The font is a copy of DejaVu Serif Condensed under another name: a face no built-in text uses,
so what the PDFs list of it can only come from the designer's font."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import build
from generator.content.load import load_site
from generator.errors import ContentError, ContentErrors
from generator.kit import load_components
from generator.policy import CSP
from tests.sitefactory import GAME_TOML, make_site

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
REGULAR, BOLD = DEJAVU / "DejaVuSerifCondensed.ttf", DEJAVU / "DejaVuSerifCondensed-Bold.ttf"
FACE = "DejaVuSerifCondensed"  # the copies' own name, which the PDFs carry
pytestmark = pytest.mark.skipif(not (REGULAR.is_file() and BOLD.is_file()), reason="DejaVu Serif Condensed not installed")

FONTS = '''
[fonts.display]
file = "fonts/Display.ttf"
bold = "fonts/Display-Bold.ttf"
licence = "SIL Open Font License 1.1"

[rulebook]
heading_font = "display"
'''
COMPONENTS = '''
[kit]
papers = ["a4"]
variants = ["print"]

[[deck]]
name = "beasts"
title = "Beast cards"
size = "poker"
data = "beasts.csv"
font = "display"
[deck.front]
title = "{name}"
body = "{text}"
footer = "{id}"
[deck.back]
background = "#35506b"
title = "BEASTS"
'''
TABLE = '\n[data.beasts]\nfile = "beasts.csv"\ncolumns = { id = "str", name = "str", text = "str" }\n'
ROWS = "id,name,text\nb1,Heron,Wades in: move 2.\nb2,Otter,Swims under a pebble.\nb3,Fox,Takes the last pebble.\n"
WON = "\u20a9"  # DejaVu Sans has it (the built-in font draws it); DejaVu Serif Condensed does not


def font_site(root: Path, *, rows: str = ROWS, fonts: str = FONTS, rulebooks: bool = True,
              rules_heading: str = "Setting up") -> Path:
    site = make_site(root, **{
        "content/site.toml": 'title = "Test shelf"\nbase_url = "https://games.example/"\nsearch = false\n'
                             f'exports = false\nrulebooks = {"true" if rulebooks else "false"}\n',
        "content/pebbles/game.toml": GAME_TOML + TABLE + fonts,
        "content/pebbles/components.toml": COMPONENTS, "content/pebbles/beasts.csv": rows})
    rules = site / "content" / "pebbles" / "rules.md"
    rules.write_text(rules.read_text().replace("## Setting up", f"## {rules_heading}"))
    fonts_dir = site / "content" / "pebbles" / "fonts"
    fonts_dir.mkdir()
    shutil.copyfile(REGULAR, fonts_dir / "Display.ttf")
    shutil.copyfile(BOLD, fonts_dir / "Display-Bold.ttf")
    return site


def pdf_fonts(pdf: Path) -> list[dict]:
    """pdffonts' table: name, type, emb and sub of each font of the file."""
    lines = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()
    rows = []
    for line in lines[2:]:
        fields = line.split()
        rows.append({"name": fields[0], "emb": fields[-5], "sub": fields[-4]})
    return rows


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = font_site(tmp_path_factory.mktemp("fonts-site"))
    return root, build(root, processes=1).output


def test_a_deck_in_the_designers_font_embeds_a_subset_of_each_of_its_files_in_the_kit(built):
    _root, output = built
    kit = next((output / "pebbles" / "kit").glob("*a4*.pdf"))
    fonts = [row for row in pdf_fonts(kit) if FACE in row["name"]]
    assert {row["name"].split("+")[1] for row in fonts} == {FACE, FACE + "-Bold"}  # titles bold, body regular
    assert all(row["emb"] == "yes" and row["sub"] == "yes" for row in fonts)
    tags = [row["name"].split("+")[0] for row in pdf_fonts(kit)]
    assert len(tags) == len(set(tags)) and all(re.fullmatch("[A-Z]{6}", tag) for tag in tags)


def runs(pdf: Path) -> list[tuple[int, str, str]]:
    """(page, text, font) of each run of text in the PDF, the font's subset tag dropped."""
    found = []
    for number, page in enumerate(PdfReader(pdf).pages):
        def visit(text, _cm, _tm, font, _size, number=number):
            if text.strip() and font is not None:
                found.append((number, text.strip(), str(font["/BaseFont"]).split("+")[-1]))
        page.extract_text(visitor_text=visit)
    return found


def test_the_rulebooks_headings_are_set_in_the_designers_font_and_its_text_is_not(built):
    _root, output = built
    book = output / "pebbles" / "pebbles-rules-a4.pdf"
    names = {row["name"].split("+")[1]: row for row in pdf_fonts(book)}
    assert names[FACE + "-Bold"]["emb"] == "yes" and names[FACE + "-Bold"]["sub"] == "yes"
    found = runs(book)
    assert found[0] == (0, "Pebbles", FACE + "-Bold")  # the cover's title
    chapter = next(page for page, text, _font in found if text.startswith("Each player takes"))
    on_chapter = {text: font for page, text, font in found if page == chapter}
    assert on_chapter["Setting up"] == on_chapter["Taking turns"] == FACE + "-Bold"  # headings
    assert on_chapter["Each player takes a Pebble and puts it on the Board."] == "DejaVuSerif"  # the text keeps its face


def test_the_site_serves_the_font_files_and_its_stylesheet_names_them(built):
    root, output = built
    assets = output / "assets" / "fonts"
    served = {path.name: path.read_bytes() for path in assets.iterdir()}
    assert sorted(served.values()) == sorted([REGULAR.read_bytes(), BOLD.read_bytes()])
    assert all(re.fullmatch(r"pebbles-display-(400|700)\.[0-9a-f]{10}\.ttf", name) for name in served)
    page = (output / "pebbles" / "index.html").read_text()
    css_name = re.search(r'href="[./]*(assets/accents\.[0-9a-f]+\.css)"', page).group(1)
    css = (output / css_name).read_text()
    for name in served:
        assert f'url("fonts/{name}")' in css and (output / css_name).parent.joinpath("fonts", name).is_file()
    assert 'font-family: "pebbles-display"' in css
    assert re.search(r'\[data-game="pebbles"\] :is\(h1, h2, h3, h4, h5, h6\) \{ font-family: "pebbles-display"', css)
    assert "font-src 'self'" in CSP  # same-origin fonts load under the pages' policy
    assert "SIL Open Font License 1.1" in page and "fonts/Display.ttf" in page  # credited
    card = (output / "pebbles" / "kit" / "cards" / "beasts-01.svg").read_text()
    assert "font-family=\"'pebbles-display', 'DejaVu Sans'" in card


def test_the_card_gallery_shows_the_cards_in_the_font_as_pictures(built):
    """A web font cannot reach an SVG shown through <img>: the gallery shows PNGs of the cards,
    rendered from the PDF with the font embedded."""
    _root, output = built
    page = (output / "pebbles" / "index.html").read_text()
    assert re.search(r'<img src="kit/cards/beasts-01[^"]*\.png"', page)


def test_a_character_the_deck_font_lacks_is_an_error_at_its_row(tmp_path):
    rows = ROWS + f"b4,Magpie,Steals 1{WON} from each player.\n"
    root = font_site(tmp_path, rows=rows, rulebooks=False)
    with pytest.raises((ContentError, ContentErrors)) as raised:
        load_components(root / "content" / "pebbles")
    errors = getattr(raised.value, "errors", [raised.value])
    (error,) = errors
    assert error.path.name == "beasts.csv" and error.line == 5
    assert f"“{WON}” (U+20A9)" in error.message and "'display'" in error.message and "body" in error.message
    assert error.found == f"Steals 1{WON} from each player."


def test_the_same_character_is_drawn_in_the_built_in_font(tmp_path):
    """The error is the font's: without `font`, the built-in DejaVu Sans draws the row."""
    rows = ROWS + f"b4,Magpie,Steals 1{WON} from each player.\n"
    root = font_site(tmp_path, rows=rows, rulebooks=False)
    components = root / "content" / "pebbles" / "components.toml"
    components.write_text(components.read_text().replace('font = "display"\n', ""))
    assert load_components(root / "content" / "pebbles").decks[0].font is None


def test_a_heading_character_the_heading_font_lacks_is_an_error_at_its_line(tmp_path):
    root = font_site(tmp_path, rules_heading=f"Paying in {WON}")
    rules = root / "content" / "pebbles" / "rules.md"
    line = rules.read_text().splitlines().index(f"## Paying in {WON}") + 1
    with pytest.raises((ContentError, ContentErrors)) as raised:
        build(root, processes=1)
    errors = [e for e in getattr(raised.value, "errors", [raised.value]) if "U+20A9" in e.message]
    assert [(e.path.name, e.line, e.found) for e in errors] == [("rules.md", line, f"Paying in {WON}")]


def game_toml_errors(root: Path) -> list[ContentError]:
    with pytest.raises((ContentError, ContentErrors)) as raised:
        load_site(root)
    return getattr(raised.value, "errors", [raised.value])


def line_of(root: Path, text: str) -> int:
    return (root / "content" / "pebbles" / "game.toml").read_text().splitlines().index(text) + 1


def test_a_font_without_a_licence_is_an_error_at_its_line(tmp_path):
    root = font_site(tmp_path, fonts=FONTS.replace('licence = "SIL Open Font License 1.1"\n', ""), rulebooks=False)
    (error,) = game_toml_errors(root)
    assert error.path.name == "game.toml" and error.line == line_of(root, "[fonts.display]")
    assert "licence" in error.message


def test_an_empty_licence_is_an_error_at_its_line(tmp_path):
    root = font_site(tmp_path, fonts=FONTS.replace('"SIL Open Font License 1.1"', '" "'), rulebooks=False)
    (error,) = game_toml_errors(root)
    assert error.line == line_of(root, 'licence = " "') and "names no licence" in error.message


def test_a_missing_font_file_is_an_error_at_its_line(tmp_path):
    root = font_site(tmp_path, fonts=FONTS.replace("Display-Bold.ttf", "Display-Black.ttf"), rulebooks=False)
    (error,) = game_toml_errors(root)
    assert error.line == line_of(root, 'bold = "fonts/Display-Black.ttf"')
    assert "no font file fonts/Display-Black.ttf" in error.message


def test_a_file_that_is_no_font_is_an_error_at_its_line(tmp_path):
    root = font_site(tmp_path, rulebooks=False)
    (root / "content" / "pebbles" / "fonts" / "Display.ttf").write_text("not a font")
    (error,) = game_toml_errors(root)
    assert error.line == line_of(root, 'file = "fonts/Display.ttf"')
    assert "cannot be read" in error.message


def test_a_deck_naming_a_font_game_toml_does_not_declare_is_an_error_at_its_line(tmp_path):
    root = font_site(tmp_path, rulebooks=False)
    components = root / "content" / "pebbles" / "components.toml"
    components.write_text(components.read_text().replace('font = "display"', 'font = "dispaly"'))
    with pytest.raises((ContentError, ContentErrors)) as raised:
        load_components(root / "content" / "pebbles")
    (error,) = getattr(raised.value, "errors", [raised.value])
    assert error.path.name == "components.toml" and error.line == COMPONENTS.splitlines().index('font = "display"') + 1
    assert "no font 'dispaly'" in error.message and "display" in error.expected



def test_a_font_outside_the_game_folder_is_an_error_at_its_line(tmp_path):
    """The stages' keys hash the game folder: a font elsewhere could change unseen."""
    root = font_site(tmp_path, fonts=FONTS.replace('"fonts/Display.ttf"', '"../../fonts/Shared.ttf"'), rulebooks=False)
    (root / "fonts").mkdir()
    shutil.copyfile(REGULAR, root / "fonts" / "Shared.ttf")
    (error,) = game_toml_errors(root)
    assert error.line == line_of(root, 'file = "../../fonts/Shared.ttf"')
    assert "outside the game's folder" in error.message
