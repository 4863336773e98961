"""A translation's rulebook is set by its language's rules (issue 46.3, 46.4): German words are
hyphenated where German breaks them; Japanese is set in an embedded CJK face, its lines broken
between characters and never with a hyphen; and a Japanese block spread over its source lines
stays one block."""
from __future__ import annotations

import re
import subprocess

import pyphen
from pypdf import PdfReader

from generator.build import build
from generator.i18n.catalogues import catalogue_path, read, write
from tests.i18n.translating import game, i18n, translated_site
from tests.sitefactory import RULES

GERMAN = ("Die Spielvorbereitung verlangt Aufmerksamkeit: Jeder Mitspieler nimmt seine Spielfiguren, legt die "
          "Ereigniskarten bereit und überprüft die Bewegungsmöglichkeiten seiner Verteidigungsanlagen, bevor die "
          "Auseinandersetzung beginnt.")
JAPANESE = ("各プレイヤーは自分の小石を一つ取り、盤の上に置きます。手番では小石を一歩動かすか、カードを一枚使います。"
            "同点の場合は勝利を分け合います。「石」は盤上の障害物で、誰も通り抜けることはできません。")
LIST = "\n- Draw a card and\n  keep it hidden.\n- Play a card.\n"


def site_in(tmp_path, language: str, text: str, rules: str = RULES):
    """The pebbles site with every block of its `language` catalogue translated as `text` (a
    heading or a cell as its first words), built."""
    root = translated_site(tmp_path, **{"content/pebbles/rules.md": rules})
    translate_as(root, language, text)
    build(root)
    return root


def translate_as(root, language: str, text: str) -> None:
    """Every block of the site's pebbles in `language`, as `text` (a short one as its first words);
    but the kit's words, which its cards print in the designer's Latin font (a glyph it lacks is
    an error: tests/kit/test_designer_fonts.py)."""
    assert i18n("update", str(root), "--lang", language) == 0
    path = catalogue_path(game(root), language)
    catalogue = read(path, language)
    for message in catalogue:
        if message.id and any(place != "components.toml" for place, _line in message.locations):
            message.string = text if len(message.id) > 30 else text[:12]
    write(path, catalogue)


def lines_of(pdf) -> list[str]:
    return [line for page in PdfReader(pdf).pages for line in page.extract_text().splitlines()]


def test_a_german_rulebook_breaks_words_where_german_hyphenates_them(tmp_path):
    root = site_in(tmp_path, "de", GERMAN)
    lines = lines_of(root / "output/de/pebbles/de-pebbles-rules-a4.pdf")
    breaks = [(line.split()[-1][:-1], after.split()[0]) for line, after in zip(lines, lines[1:])
              if line.endswith("-") and after.strip()]
    german, english = pyphen.Pyphen(lang="de_DE"), pyphen.Pyphen(lang="en_GB")
    assert breaks
    for head, tail in breaks:
        word = re.sub(r"\W", "", head + tail)
        assert len(re.sub(r"\W", "", head)) in german.positions(word), (head, tail)
    # German rules, not English ones: "sei-ne", "be-reit" are no English breaks
    assert any(len(re.sub(r"\W", "", head)) not in english.positions(re.sub(r"\W", "", head + tail))
               for head, tail in breaks)


def test_a_japanese_rulebook_embeds_a_cjk_font_and_breaks_lines_without_hyphens(tmp_path):
    root = site_in(tmp_path, "ja", JAPANESE)
    pdf = root / "output/ja/pebbles/ja-pebbles-rules-a4.pdf"
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"IPAPMincho\s+TrueType\s+\S+\s+yes", fonts)  # the text face, embedded
    lines = lines_of(pdf)
    start = next(index for index, line in enumerate(lines) if line.startswith(JAPANESE[:20]))
    paragraph = lines[start:start + 3]
    assert "".join(paragraph) == JAPANESE  # broken between characters, nothing added
    assert not any(line.endswith("-") for line in lines)


def test_a_japanese_list_item_keeps_its_lines_and_its_list(tmp_path):
    root = site_in(tmp_path, "ja", JAPANESE, rules=RULES + LIST)
    html = (root / "output/ja/pebbles/index.html").read_text(encoding="utf-8")
    items = [item for item in re.findall(r"<li>([^<]*)</li>", html) if item.startswith(JAPANESE[:6])]
    # both items, each one block of its words (no <p>: the list stays tight), the first cut over its two lines
    assert [item.replace("\n", "") for item in items] == [JAPANESE, JAPANESE[:12]]


def test_a_japanese_book_sets_its_headings_in_its_cjk_face_not_the_designers_latin_font(tmp_path):
    from tests.kit.test_designer_fonts import font_site, pdf_fonts

    root = font_site(tmp_path)
    translate_as(root, "ja", JAPANESE)
    build(root, processes=1)  # no heading is refused for the kana the designer's font lacks
    names = {font["name"].split("+")[-1] for font in pdf_fonts(root / "output/ja/pebbles/ja-pebbles-rules-a4.pdf")}
    assert "IPAPGothic" in names and not any("Condensed" in name for name in names)


def test_the_german_splut_rulebook_is_hyphenated_by_german_rules_and_quoted_with_german_quotes(tmp_path):
    from generator.build import directive_registry, with_translations
    from generator.content.load import load_site
    from generator.rulebook.make import GameBook
    from tests.rulebook.printed_rules import ROOT, kit_drawings

    site = with_translations(load_site(ROOT))
    book = GameBook(site, site.game("de/splut"), directive_registry(site), products={"kit drawings": kit_drawings()})
    pdf = tmp_path / "de-splut-rules-a4.pdf"
    pdf.write_bytes(book.rules("a4"))
    lines = lines_of(pdf)
    text = " ".join(lines)
    assert "„SPLUT!“" in text and "„der vorige Zug“" in text
    # every quote German: each “ closes a „ (English opens with it) and none ends as English does (”)
    assert text.count("„") == text.count("“") > 0 and "”" not in text
    breaks = [(line.split()[-1][:-1], after.split()[0]) for line, after in zip(lines, lines[1:])
              if re.search(r"\w-$", line) and after.strip()]
    german = pyphen.Pyphen(lang="de_DE")
    assert len(breaks) > 20
    for head, tail in breaks:
        word = re.sub(r"\W", "", head + tail)
        if word[len(re.sub(r"\W", "", head)):][:1].isupper():
            continue  # a compound's own hyphen at the line's end (Zug-Limit)
        assert len(re.sub(r"\W", "", head)) in german.positions(word), (head, tail)
