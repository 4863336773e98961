"""A translated game reads as its language writes (issue 46.3): straight quotes become „…“ in
German, « … » in French (narrow no-break spaces inside), 「…」 in Japanese and “…” in English,
on the site and in the rulebook, while a block still shown in English keeps English quotes; a
translated glossary is in its own language's alphabetical order (Japanese keeps the source's);
and a term links where the translation inflects it (Bretter, 小石を)."""
from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from generator.build import build
from generator.i18n.catalogues import catalogue_path, read, write
from tests.i18n.translating import game, i18n, translated_site
from tests.sitefactory import GLOSSARY, RULES

QUOTED = 'Players shout "Pebble!" when they win, and call the board \'the field\'.'
UNTRANSLATED = 'A "tie" is shared by all.'
GLOSSARY = GLOSSARY + """
Overview
: The player aid.

Turn
: One player's moves.
"""
# each language's words for the blocks; any other block is translated "<lang>: <source>"
WORDS = {
    "de": {QUOTED: 'Alle rufen "Kiesel!", wenn sie gewinnen, und nennen das Brett \'das Feld\'.',
           "Each player takes a Pebble and puts it on the Board.": "Jeder nimmt zwei Kiesel und legt sie auf die Bretter.",
           "Pebble": "Kiesel", "Board": "Brett", "Overview": "Übersicht", "Turn": "Zug"},
    "fr": {QUOTED: 'Tous crient "Caillou!" en gagnant, et appellent le plateau \'le champ\'.',
           "Pebble": "Caillou", "Board": "Plateau", "Overview": "Aperçu", "Turn": "Tour"},
    "ja": {QUOTED: '勝つと皆が"小石!"と叫び、盤を\'場\'と呼びます。',
           "Each player takes a Pebble and puts it on the Board.": "各プレイヤーは小石を取り、盤に置きます。",
           "Pebble": "小石", "Board": "盤", "Overview": "概要", "Turn": "手番"},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The pebbles site in German, French and Japanese, built once."""
    rules = RULES + f"\n{QUOTED}\n\n{UNTRANSLATED}\n"
    root = translated_site(tmp_path_factory.mktemp("quotes"), **{"content/pebbles/rules.md": rules,
                                                                  "content/pebbles/glossary.md": GLOSSARY})
    assert i18n("update", str(root), "--lang", "de", "--lang", "fr", "--lang", "ja") == 0
    for language, words in WORDS.items():
        path = catalogue_path(game(root), language)
        catalogue = read(path, language)
        for message in catalogue:
            if message.id and message.id != UNTRANSLATED:
                message.string = words.get(message.id, f"{language}: {message.id}")
        write(path, catalogue)
    build(root)
    return root


def html(root, url: str) -> str:
    return (root / "output" / url).read_text(encoding="utf-8")


def text(root, url: str) -> str:
    """The page's words, without their tags (a term's link)."""
    return re.sub(r"<[^>]+>", "", html(root, url))


def pdf_text(root, language: str) -> str:
    pdf = root / f"output/{language}/pebbles/{language}-pebbles-rules-a4.pdf"
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_straight_quotes_become_the_page_languages_quotes_on_the_site(site):
    assert "Players shout “Pebble!” when they win, and call the board ‘the field’." in text(site, "pebbles/index.html")
    assert "Alle rufen „Kiesel!“, wenn sie gewinnen, und nennen das Brett ‚das Feld‘." in text(site, "de/pebbles/index.html")
    # French sets its guillemets off with narrow no-break spaces (U+202F), which never break from the word
    assert "Tous crient «\u202fCaillou!\u202f» en gagnant, et appellent le plateau “le champ”." in text(
        site, "fr/pebbles/index.html")
    assert "勝つと皆が「小石!」と叫び、盤を『場』と呼びます。" in text(site, "ja/pebbles/index.html")


def test_a_block_shown_in_the_source_language_keeps_the_source_quotes(site):
    for language in WORDS:
        assert "A “tie” is shared by all." in text(site, f"{language}/pebbles/index.html")


def test_the_rulebook_prints_the_languages_quotes(site):
    german = " ".join(pdf_text(site, "de").split())
    assert "„Kiesel!“" in german and "‚das Feld‘" in german
    assert "A “tie” is shared" in german  # the untranslated block, in English
    # set with no-break spaces, which reportlab never breaks a line at (it would at U+202F)
    assert re.search("«[\u00a0 ]Caillou![\u00a0 ]»", pdf_text(site, "fr"))
    assert "「小石!」" in pdf_text(site, "ja")
    assert "“Pebble!”" in pdf_text_source(site)


def pdf_text_source(root) -> str:
    pdf = root / "output/pebbles/pebbles-rules-a4.pdf"
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def glossary_terms(root, url: str) -> list[tuple[str, str]]:
    return re.findall(r'<h2 class="glossary-term" id="([^"]+)">([^<]+)</h2>', html(root, url))


def test_a_translated_glossary_is_in_its_languages_alphabetical_order_at_the_source_anchors(site):
    assert glossary_terms(site, "pebbles/glossary.html") == [  # the source as written
        ("term-pebble", "Pebble"), ("term-board", "Board"), ("term-overview", "Overview"), ("term-turn", "Turn")]
    # Ü sorts as U (before Z), as German dictionaries order it; not after every letter, as its code would
    assert glossary_terms(site, "de/pebbles/glossary.html") == [
        ("term-board", "Brett"), ("term-pebble", "Kiesel"), ("term-overview", "Übersicht"), ("term-turn", "Zug")]
    assert [term for _, term in glossary_terms(site, "fr/pebbles/glossary.html")] == ["Aperçu", "Caillou", "Plateau", "Tour"]
    # Japanese is ordered by reading, which needs a dictionary: the source's order is kept
    assert [term for _, term in glossary_terms(site, "ja/pebbles/glossary.html")] == ["小石", "盤", "概要", "手番"]


def test_the_rulebooks_glossary_chapter_is_in_the_same_order(site):
    german = pdf_text(site, "de")
    chapter = german[german.rindex("de: Glossary"):]  # the chapter, not its line in the contents
    assert [chapter.index(term) for term in ("Brett", "Kiesel", "Übersicht", "Zug")] == sorted(
        chapter.index(term) for term in ("Brett", "Kiesel", "Übersicht", "Zug"))


def linked_terms(root, url: str) -> dict[str, str]:
    """Each glossary link of the page: its words -> the term it links to."""
    return {words: anchor for anchor, words in re.findall(r'<a href="glossary.html#([^"]+)" class="term"[^>]*>([^<]+)</a>',
                                                          html(root, url))}


def test_a_term_links_where_the_translation_inflects_it(site):
    german = linked_terms(site, "de/pebbles/index.html")
    assert german.get("Bretter") == "term-board" and german.get("Kiesel") == "term-pebble"
    # Japanese writes no spaces between words: 小石 links in 小石を
    assert linked_terms(site, "ja/pebbles/index.html") == {"小石": "term-pebble", "盤": "term-board"}
