"""Rulepress's own words around a translated game's kit and exports read in the page's language
(issue 46.3): the exports' download rows, the kit's paper and variant label, the Tabletop Simulator
section and what it puts on the table, and the release stamp with the date as the language writes it;
the English page keeps its English."""
from __future__ import annotations

import re
from html import unescape

from generator.build import build
from tests.i18n.test_exports_per_language import german_pebbles

RELEASE = '\n[[releases]]\nversion = "1.0"\ndate = 2026-11-26\nsummary = "First release."\n'


def visible(page: str) -> str:
    """The page's text, tags dropped and spaces run together, as a reader reads it."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", page)))


def pebbles_in_german_with_an_ink_saver(root):
    site = german_pebbles(root)
    components = site / "content/pebbles/components.toml"
    components.write_text(components.read_text().replace('variants = ["print"]', 'variants = ["print", "ink-saver"]'))
    toml = site / "content/pebbles/game.toml"
    toml.write_text(toml.read_text() + RELEASE)
    return site


def test_a_translated_pages_kit_and_export_rows_speak_its_language(tmp_path):
    output = build(pebbles_in_german_with_an_ink_saver(tmp_path / "site"), processes=1).output
    german = visible((output / "de/pebbles/index.html").read_text(encoding="utf-8"))
    english = visible((output / "pebbles/index.html").read_text(encoding="utf-8"))
    # the export rows: labels and uses, deck names from the German catalogue, German decimal marks
    assert "Tabletopia-Bilder (ZIP mit PNGs)" in german and "Tabletopia images (ZIP of PNG)" in english
    assert "Steinkarten für The Game Crafter (ZIP mit PNGs)" in german
    assert "zum Hochladen bei The Game Crafter als Karten im Format Poker (2,5 × 3,5 Zoll)" in german
    assert "Steinkarten für DriveThruCards (PDF)" in german and "ein druckfertiger Stapel" in german
    assert "to upload to The Game Crafter as poker (2.5 x 3.5 in) cards" in english
    # the kit's variant label on its download row
    assert "A4, Tintensparmodus (PDF)" in german and "A4, ink saver (PDF)" in english
    # the Tabletop Simulator section
    assert "Auf dem Tisch:" in german and "Die Karten liegen verdeckt in ihren Stapeln" in german
    assert "Der Spielplan ist fixiert" in german and "Steinkarten: ein Stapel aus 6 Karten" in german
    assert "Diese Website hat noch keine veröffentlichte Adresse" in german
    assert "de-pebbles-local.json" in german  # as `rulepress tts-local` names the German save
    for english_words in ("On the table:", "Cards are face down", "The board comes locked", "ZIP of PNG",
                          "ink saver", "This site has no published address", "a deck of"):
        assert english_words not in german, english_words
    assert "On the table:" in english and "Stone cards: a deck of 6 cards" in english
    # the release stamp: the date in German's long form
    assert "Version 1.0, 26. November 2026" in german and "version 1.0, 26 November 2026" in english


def test_a_translated_rulebook_names_its_release_in_its_language(tmp_path):
    """The cover and every page's foot of the German rulebook: "Version 1.0,
    26. November 2026"; the English books keep "Version 1.0, 26 November 2026"."""
    from pypdf import PdfReader

    site = pebbles_in_german_with_an_ink_saver(tmp_path / "site")
    settings = site / "content/site.toml"
    settings.write_text(settings.read_text().replace("rulebooks = false", "rulebooks = true"))
    output = build(site, processes=1).output

    def text(pdf) -> str:
        return " ".join(page.extract_text() for page in PdfReader(pdf).pages)

    german, english = text(output / "de/pebbles/de-pebbles-rules-a4.pdf"), text(output / "pebbles/pebbles-rules-a4.pdf")
    assert "Version 1.0, 26. November 2026" in german and "26 November 2026" not in german
    assert "Version 1.0, 26 November 2026" in english
