"""Rulepress's own words (the theme's headings and buttons, the notice of a stale block, the
rulebook's "Contents" and "Page 1 of n") speak the reader's language: a translated game's on
its pages and books, the site's own on the source pages; and every word the generator marks is
in the template a translator starts from, translated in each catalogue Rulepress ships."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from generator.build import build
from generator.i18n.interface import LOCALE, TEMPLATE, gettext, has_catalogue, players_text
from generator.i18n.interface_pot import extracted
from tests.i18n.test_translated_site import german_site, page
from tests.i18n.translating import i18n
from tests.sitefactory import SITE_TOML, make_site


def text_of(html: str) -> str:
    """The page's words without tags, spaces made one."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_translated_games_pages_frame_its_rules_in_its_language_and_the_source_pages_stay_in_english(tmp_path):
    root = german_site(tmp_path)
    build(root)
    german = page(root, "de/pebbles/index.html")
    words = text_of(german)
    for said in ("Spieler 2–4", "Dauer 10–20 Min.", "Alter 7+", "Alle Spiele", "Auf dieser Seite", "Mitwirkende",
                 "Ein Spiel von Ada Example (2020).", "Erstellt mit Rulepress.", "Klarstellung C1: DE: Ties"):
        assert said in words
    assert '<dt>Players</dt>' not in german and "All games" not in german
    assert 'aria-label="Suche"' in german and ">Dunkles Design<" in german
    english = text_of(page(root, "pebbles/index.html"))
    for said in ("Players 2–4", "Time 10–20 min", "All games", "On this page", "Designed by Ada Example (2020).",
                 "Clarification C1: Ties"):
        assert said in english
    assert "Spieler" not in english and "Alle Spiele" not in english


def test_the_pages_script_gets_its_words_in_the_pages_language_and_none_in_english(tmp_path):
    import json

    root = german_site(tmp_path)
    build(root)
    words = re.search(r'<script type="application/json" id="rp-words">(.*?)</script>',
                      page(root, "de/pebbles/index.html"))
    assert words and json.loads(words.group(1))["In the glossary"] == "Im Glossar"
    assert json.loads(words.group(1))["Full screen"] == "Vollbild"
    assert 'id="rp-words"' not in page(root, "pebbles/index.html")


def test_a_stale_block_on_a_german_page_is_noticed_in_german(tmp_path):
    root = german_site(tmp_path)
    rules = root / "content/pebbles/rules.md"
    first = "Each player takes a Pebble and puts it on the Board."
    rules.write_text(rules.read_text(encoding="utf-8").replace(first, first + " Changed."), encoding="utf-8")
    assert i18n("update", str(root)) == 0
    build(root)
    notice = re.search(r'<p class="translation-notice" role="note">(.*?)</p>', page(root, "de/pebbles/index.html"))
    assert notice and notice.group(1) == gettext("de")(
        "This part changed in the original since it was translated; it is shown in the original language.")
    assert notice.group(1).startswith("Dieser Abschnitt wurde im Original geändert")


def test_the_index_names_a_games_links_in_the_sites_language(tmp_path):
    root = german_site(tmp_path)
    build(root)
    index = text_of(page(root, "index.html"))
    assert "Rules · Player aid" in index and "Also in Deutsch" in index


def test_the_german_rulebook_says_contents_and_page_numbers_in_german(tmp_path):
    from pypdf import PdfReader

    root = german_site(tmp_path)
    build(root)
    german = "\n".join(p.extract_text() for p in PdfReader(root / "output/de/pebbles/de-pebbles-rules-a4.pdf").pages)
    english = "\n".join(p.extract_text() for p in PdfReader(root / "output/pebbles/pebbles-rules-a4.pdf").pages)
    assert "Inhalt" in german and "Seite 1 von" not in german  # the cover has no number
    assert re.search(r"Seite 2 von \d+", german)
    assert "2–4 Spieler · 10–20 Min. · ab 7 Jahren" in german and "von Ada Example" in german
    assert "Contents" in english and re.search(r"Page 2 of \d+", english) and "2–4 players · 10–20 min" in english


def test_a_site_in_french_frames_its_own_pages_in_french(tmp_path):
    root = make_site(tmp_path, **{"content/site.toml": SITE_TOML + 'language = "fr"\n'})
    build(root)
    words = text_of(page(root, "pebbles/index.html"))
    for said in ("Joueurs 2–4", "Durée 10–20 min", "Âge 7+", "Tous les jeux", "Sur cette page", "Crédits",
                 "Précision C1: Ties"):
        assert said in words
    assert '<html lang="fr"' in page(root, "pebbles/index.html")
    assert "Règles · Aide de jeu" in text_of(page(root, "index.html"))


def test_a_language_without_a_catalogue_reads_english():
    assert not has_catalogue("sv") and has_catalogue("de") and has_catalogue("en")
    assert gettext("sv")("All games") == "All games"
    assert players_text("sv", (2, 4)) == "2–4 players"
    assert gettext("de-AT")("All games") == "Alle Spiele"  # a regional tag reads its language's catalogue


def test_plurals_follow_each_languages_rules():
    assert players_text("en", (1, 1)) == "1 player" and players_text("en", (2, 4)) == "2–4 players"
    assert players_text("fr", (1, 1)) == "1 joueur" and players_text("fr", (2, 5)) == "2–5 joueurs"
    assert players_text("de", (1, 1)) == "1 Spieler"


def marked(catalogue) -> set:
    return {(message.context, message.id if isinstance(message.id, str) else tuple(message.id))
            for message in catalogue if message.id}


def test_the_template_holds_every_string_the_generator_marks():
    """Run `python -m generator.i18n.interface_pot --update` when this fails: a string was
    marked, changed or removed since the template was written."""
    with open(TEMPLATE, "rb") as handle:
        template = read_po(handle)
    assert marked(extracted()) == marked(template)


@pytest.mark.parametrize("language", ["de", "fr", "ja"])
def test_every_string_of_the_template_is_translated_in_each_shipped_catalogue(language):
    with open(TEMPLATE, "rb") as handle:
        template = read_po(handle)
    with open(LOCALE / f"{language}.po", "rb") as handle:
        catalogue = read_po(handle, locale=language)
    translated = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalogue
                  if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])}
    assert marked(template) - translated == set()


@pytest.mark.parametrize("language", ["de", "fr", "ja"])
def test_a_translation_keeps_the_placeholders_of_its_source(language):
    with open(LOCALE / f"{language}.po", "rb") as handle:
        catalogue = read_po(handle, locale=language)
    for message in catalogue:
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        wanted = set(re.findall(r"%(?:\(\w+\)s|%)", sources[-1]))
        for string in strings:
            assert set(re.findall(r"%(?:\(\w+\)s|%)", string)) == wanted, (message.id, string)


def test_a_translated_label_is_text_escaped_as_any_value(tmp_path):
    from generator.i18n.interface import template_words
    from generator.site.theme import make_environment

    template = make_environment(tmp_path).from_string(
        "{{ _(label) }}|{% trans title=title %}{{ title }} pages and this page's sections{% endtrans %}")
    assert template.render(**template_words("en"), label="Print & play", title="<b>") == \
        "Print &amp; play|&lt;b&gt; pages and this page's sections"
    assert template.render(**template_words("de"), label="Print & play", title="A") == \
        "Print &amp; Play|Seiten von A und Abschnitte dieser Seite"


def test_check_says_once_when_a_language_has_no_interface_words(tmp_path, capsys):
    from generator.cli import main

    root = german_site(tmp_path)
    assert i18n("update", str(root), "--lang", "sv") == 0
    capsys.readouterr()
    main(["check", str(root)])
    out = capsys.readouterr().out
    assert out.count("Translations: sv: Rulepress's own words") == 1
    assert "Translations: de: Rulepress's own words" not in out


def test_a_japanese_rulebook_says_its_cover_line_contents_and_page_numbers_in_japanese(tmp_path):
    import subprocess

    from tests.i18n.test_typesetting_per_language import JAPANESE, site_in

    root = site_in(tmp_path, "ja", JAPANESE)
    pdf = root / "output/ja/pebbles/ja-pebbles-rules-a4.pdf"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "2–4人用 · 10–20分 · 7歳以上" in text and "作：Ada Example" in text and "目次" in text
    assert re.search(r"\b2 / \d+ ページ", text) and "Contents" not in text and "Page 2 of" not in text


def test_a_japanese_kit_says_its_own_words_in_japanese_in_its_cjk_face(tmp_path):
    """The kit sets Rulepress's words in the face of its language: a Japanese kit's cover reads
    Japanese (in IPA Gothic, tests/i18n/test_kit_in_cjk.py), a German one German. A kit whose font
    cannot draw its language (its components drawn without the language's face) still reads
    English rather than empty boxes."""
    from pypdf import PdfReader

    from generator.kit import load_components, write_kits
    from tests.kit.board_engines import EXAMPLES

    covers = {}
    for language, drawn_in in (("ja", "ja"), ("de", "de"), ("ja", "")):
        [kit] = write_kits(load_components(EXAMPLES / "island", language=drawn_in), tmp_path / f"{language}{drawn_in}",
                           title="Twelve Shires", author="Rulepress", papers=("a4",), variants=("print",),
                           language=language)
        covers[language, drawn_in] = PdfReader(kit.path).pages[0].extract_text()
    assert "プリント＆プレイキット" in covers["ja", "ja"] and "印刷と組み立て" in covers["ja", "ja"]
    assert "Print-and-play kit" not in covers["ja", "ja"]
    assert "Print-and-Play-Kit" in covers["de", "de"] and "Drucken und zusammenbauen" in covers["de", "de"]
    assert "Print-and-play kit" in covers["ja", ""] and "How to print and assemble" in covers["ja", ""]


def test_a_german_kits_calibration_notes_and_card_page_footers_are_german(tmp_path):
    """The 50 mm square's note, each card page's 50 mm bar and its footer ("(fronts)") in the
    kit's language; English kits say them as before."""
    from pypdf import PdfReader

    from tests.exports.test_exports import pebbles_site

    root = pebbles_site(tmp_path / "site")
    from generator.kit import load_components, write_kits

    texts = {}
    for language in ("de", ""):
        kits = write_kits(load_components(root / "content/pebbles"), tmp_path / (language or "en"), title="Pebbles",
                          author="Rulepress", papers=("a4",), variants=("print",), language=language)
        texts[language] = " ".join(page.extract_text() for kit in kits for page in PdfReader(kit.path).pages)
    german, english = (" ".join(texts[key].split()) for key in ("de", ""))
    assert "Mit 100 % drucken (Originalgröße): dieses Quadrat misst 50 mm." in german
    assert "dieser Balken misst 50 mm" in german and "Stone cards (Vorderseiten)" in german
    assert "Print at 100% (actual size, no scaling): this square is 50 mm." in english
    assert "this bar is 50 mm" in english and "(fronts)" in english
    assert "actual size" not in german and "(fronts)" not in german
