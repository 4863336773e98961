"""A kit in Japanese, Chinese or Korean (issue 46.4): its words, the components' and its own, are
measured and set in the language's CJK face (draw/cjk.py, the rulebook's table), which the PDF
embeds and the SVG previews name; its lines break between characters, never before a closing
mark; a character the face lacks is an error at its row. A kit in a Latin language is as it was."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from generator.draw.flatten import flatten
from generator.draw.shapes import Text
from generator.errors import ContentErrors
from generator.kit import load_components, render_previews, write_kits
from generator.kit.build import Artwork
from generator.kit.preflight import component_findings
from generator.kit.text import wrap
from tests.errors.test_author_messages import KIT
from tests.kit.test_designer_fonts import pdf_fonts
from tests.sitefactory import GAME_TOML

ROOT = Path(__file__).resolve().parents[2]
IPA_GOTHIC = Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf")
pytestmark = pytest.mark.skipif(not IPA_GOTHIC.is_file(), reason="fonts-ipafont-gothic not installed")

# a card's text of one long Japanese sentence: no space anywhere to break it at
LONG = "トロルは岩を投げつけ、ドワーフは行く手をふさぐものを何でも押し、ソーサラーは意志の力だけで岩を動かします。"
CLOSING = "、。」）ーッャュョ"  # what never starts a line (kinsoku)


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def japanese_splut(tmp_path_factory) -> tuple[object, Path]:
    """The Japanese Splut!'s components (as the build reads them: its catalogue's words, its
    language) and its A4 print kit."""
    from generator.content.load import load_site
    from generator.i18n.site import with_translations
    from generator.kit.drawings import KitDrawings

    site = with_translations(load_site(ROOT))
    game = site.game("ja/splut")
    product = KitDrawings()
    product.start({}, site.language)
    components, artwork = product.drawn(game)
    [kit] = write_kits(components, tmp_path_factory.mktemp("ja-splut"), title=game.title, author=", ".join(game.designers), artwork=artwork,
                       papers=("a4",), variants=("print",), language=game.language)
    return components, kit.path


def test_a_japanese_kit_embeds_its_cjk_face_and_its_words_extract_as_japanese(japanese_splut):
    _components, pdf = japanese_splut
    fonts = pdf_fonts(pdf)
    assert {row["name"].split("+")[-1] for row in fonts} == {"IPAPGothic"}  # no DejaVu left to lack a glyph
    assert all(row["emb"] == "yes" and row["sub"] == "yes" for row in fonts)
    text = text_of(pdf)
    for words in ("ソーサラー", "トロル", "ドワーフ", "岩",  # the pieces' names (the catalogue's)
                  "プリント＆プレイキット", "印刷と組み立て", "内容物"):  # the kit's own words (Rulepress's ja.po)
        assert words in text, words
    assert "?" not in text and "Print-and-play kit" not in text
    # the cover's footer names the set-up picture it holds in Japanese too, listed with a Japanese comma
    assert "内容物と印刷、セットアップ" in text and "set-up" not in text


def test_a_japanese_kits_previews_name_its_cjk_face_first_and_need_no_pictures(japanese_splut):
    components, _pdf = japanese_splut
    previews = {preview.name: preview for preview in render_previews(components)}
    families = set(re.findall(r'font-family="([^"]*)"', previews["teams"].svg))
    assert families and all(family.startswith("'IPAPGothic', ") and "Noto Sans CJK JP" in family
                            for family in families)
    assert "ソーサラー" in previews["teams"].svg
    assert not previews["teams"].pictured  # a reader's system font: the SVG shows it, no PNG needed


def deck_folder(folder: Path, rows: str) -> Path:
    (folder / "components.toml").write_text(
        KIT + '\n[[deck]]\nname = "events"\ntitle = "Events"\nsize = "mini"\ndata = "events.csv"\n'
        '[deck.front]\ntitle = "{name}"\nbody = "{text}"\n[deck.back]\nbackground = "#333333"\ntitle = "P"\n',
        encoding="utf-8")
    (folder / "game.toml").write_text(GAME_TOML + '\n[data.events]\nfile = "events.csv"\n'
                                      'columns = { name = "str", text = "str" }\n', encoding="utf-8")
    (folder / "events.csv").write_text("name,text\n" + rows, encoding="utf-8")
    (folder / "scores.csv").write_text("pebbles,points\n1,2\n2,5\n")  # the factory game's own table
    return folder


def test_a_long_japanese_text_wraps_between_its_characters_inside_its_card(tmp_path):
    components = load_components(deck_folder(tmp_path, f"岩,{LONG}\n"), language="ja")
    artwork = Artwork(components, False)
    (deck,) = components.decks
    fronts, _backs = artwork.cards(deck, None)
    lines = [item.shape for item in flatten(fronts[0].shapes)
             if isinstance(item.shape, Text) and item.shape.text and item.shape.text in LONG and item.shape.text != "岩"]
    assert len(lines) > 2 and "".join(line.text for line in lines) == LONG  # every character, none added
    assert not any(line.text[0] in CLOSING for line in lines[1:])
    assert all(line.font is not None and line.font.family == "IPAPGothic" for line in lines)
    assert component_findings(components, artwork, "print") == []  # inside the card's safe area, legible


def test_a_character_the_cjk_face_lacks_is_an_error_at_its_row(tmp_path):
    with pytest.raises(ContentErrors) as raised:
        load_components(deck_folder(tmp_path, "岩,投げる\n石,出目⚀で動く\n"), language="ja")
    [error] = raised.value.errors
    assert error.path.name == "events.csv" and error.line == 3
    assert "IPAPGothic" in error.message and "U+2680" in error.message


def test_the_same_deck_in_english_keeps_dejavu_and_its_words(tmp_path):
    components = load_components(deck_folder(tmp_path, "Rock,Roll a ⚀ to move\n"))
    assert components.face is None and components.decks[0].font is None


def test_latin_text_wraps_between_words_only_as_before():
    assert wrap("Swift Pebble moves twice", 20, 3.0) == ["Swift Pebble", "moves twice"]
    assert wrap("Unbreakablelongword", 5, 3.0) == ["Unbreakablelongword"]  # a word is never cut


def test_a_kit_whose_cjk_face_is_not_installed_is_an_error_naming_its_package(tmp_path, monkeypatch):
    monkeypatch.setattr("generator.draw.cjk.CJK_DIRS", ())  # as on a machine without the IPA fonts
    with pytest.raises(ContentErrors) as raised:
        load_components(deck_folder(tmp_path, "岩,投げる\n"), language="ja")
    [error] = raised.value.errors
    assert error.path.name == "components.toml" and "apt-get install fonts-ipafont-gothic" in error.message


def test_a_long_japanese_region_name_breaks_between_characters_inside_one_hex_of_its_region(tmp_path):
    from generator.draw.bounds import bounds
    from generator.kit.board import board_drawing
    from tests.kit.test_board_kinds import copy, edit
    from tests.kit.test_region_maps import hexes_by_region, in_polygon

    name = "灰の谷の奥深き森"  # Cinder Vale's region, too wide for one line in one hex
    folder = copy("island", tmp_path)
    edit(folder / "regions.csv", "Cinder Vale", name)
    drawing = board_drawing(load_components(folder, language="ja").boards[0])
    lines = [shape for shape in drawing.shapes if isinstance(shape, Text) and shape.role == "region-name"
             and shape.text in name]
    assert len(lines) == 2 and "".join(line.text for line in lines) == name
    hexes = hexes_by_region(drawing)["Cinder Vale"]  # the region by its colour (the source's name)
    for line in lines:
        x, y, w, h = bounds(line)
        assert any(all(in_polygon(corner, polygon) for corner in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)))
                   for polygon in hexes), line.text
