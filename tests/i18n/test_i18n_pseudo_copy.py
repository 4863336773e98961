"""`rulepress i18n pseudo`: a copy of the site whose every game has a catalogue in the
pseudo-locale, which checks and builds as any site: its games at /qps/<game>/ with their pages,
game.toml's texts, translated data columns and the kit's words pseudo-translated, the data's
source values still what the engine and the kit's selections key on."""
from __future__ import annotations

from pypdf import PdfReader

from generator.cli import main
from generator.i18n.catalogues import read
from generator.i18n.pseudo import PSEUDO, pseudo
from tests.i18n.translating import i18n, translated_site
from tests.sitefactory import SITE_TOML

KIT = '''[[deck]]
name = "cards"
title = "Pebble cards"
size = "poker"
data = "cards.csv"
[deck.front]
title = "{name}"
body = "{text}"
footer = "Cost {cost}"

[[sheet]]
name = "scores"
title = "Score pad"
heading = "Pebble scores"
columns = ["Player", "Points"]
rows = 3
notes = ["One point a pebble."]
'''


def test_the_pseudo_copy_gives_every_game_a_catalogue_and_leaves_its_sources_as_written(tmp_path, capsys):
    root = translated_site(tmp_path / "site", **{"content/site.toml": SITE_TOML + "balance_notes = true\n"})
    out = tmp_path / "qps"
    assert i18n("pseudo", str(root), "-o", str(out)) == 0
    assert "balance_notes = false" in (out / "content/site.toml").read_text()  # self-play: minutes, same in any language
    for name in ("rules.md", "game.toml", "cards.csv"):
        assert (out / "content/pebbles" / name).read_bytes() == (root / "content/pebbles" / name).read_bytes()
    catalogue = read(out / f"content/pebbles/i18n/{PSEUDO}.po", PSEUDO)
    assert catalogue.get("Setting up").string == pseudo("Setting up")
    assert catalogue.get("Swift Pebble").string == pseudo("Swift Pebble")
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    said = capsys.readouterr().out
    assert "all links and anchors resolve" in said and f"pebbles {PSEUDO}:" in said


def test_the_pseudo_copy_builds_its_pages_data_and_rulepress_own_words_in_the_pseudo_locale(tmp_path):
    root = translated_site(tmp_path / "site")
    out = tmp_path / "qps"
    i18n("pseudo", str(root), "-o", str(out))
    assert main(["build", str(out)]) == 0
    page = (out / f"output/{PSEUDO}/pebbles/index.html").read_text(encoding="utf-8")
    assert f'lang="{PSEUDO}"' in page and pseudo("Setting up") in page and 'id="setting-up"' in page
    assert pseudo("Swift Pebble") in page or pseudo("Setting up") in page
    book = "\n".join(p.extract_text() for p in PdfReader(out / f"output/{PSEUDO}/pebbles/{PSEUDO}-pebbles-rules-a4.pdf").pages)
    assert pseudo("Contents").strip("[]·") in book.replace("\n", " ")  # the rulebook's own words, pseudo too
    english = (out / "output/pebbles/index.html").read_text(encoding="utf-8")
    assert "Setting up" in english and pseudo("Setting up") not in english


def test_the_kits_words_in_components_toml_are_extracted_and_printed_translated(tmp_path):
    root = translated_site(tmp_path / "site", **{"content/pebbles/components.toml": KIT})
    out = tmp_path / "qps"
    i18n("pseudo", str(root), "-o", str(out))
    catalogue = read(out / f"content/pebbles/i18n/{PSEUDO}.po", PSEUDO)
    assert ("components.toml", 3) in catalogue.get("Pebble cards").locations
    assert catalogue.get("Cost {cost}").string == pseudo("Cost {cost}")  # a template's field kept as written
    assert catalogue.get("{name}") is None  # nothing but a field: no words to translate
    assert main(["build", str(out)]) == 0
    [kit] = sorted((out / f"output/{PSEUDO}/pebbles/kit").glob("*-a4.pdf"))
    text = " ".join(p.extract_text() for p in PdfReader(kit).pages).replace("\n", " ")
    for words in ("Pebble scores", "One point a pebble.", "Points", "Swift Pebble"):
        assert pseudo(words)[1:8] in text, words
    english = " ".join(p.extract_text() for p in PdfReader(next((out / "output/pebbles/kit").glob("*-a4.pdf"))).pages)
    assert "Pebble scores" in english


def test_a_second_copy_replaces_the_first_and_no_other_folder_is_written_over(tmp_path, capsys):
    root = translated_site(tmp_path / "site")
    out = tmp_path / "qps"
    assert i18n("pseudo", str(root), "-o", str(out)) == 0
    (out / "content/pebbles/stray.txt").write_text("left from before")
    assert i18n("pseudo", str(root), "-o", str(out)) == 0
    assert not (out / "content/pebbles/stray.txt").exists()
    taken = tmp_path / "notes"
    taken.mkdir()
    (taken / "mine.txt").write_text("keep")
    assert i18n("pseudo", str(root), "-o", str(taken)) == 1
    assert (taken / "mine.txt").read_text() == "keep"
    assert i18n("pseudo", str(root), "-o", str(root / "content" / "qps")) == 1
    assert "not a folder to write a translated copy to" in capsys.readouterr().err
    assert not (root / "content" / "qps").exists()
