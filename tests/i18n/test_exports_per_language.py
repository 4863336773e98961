"""A translation's exports (issue 46.3): the shops' files and the virtual tables' saves of the
game in its language, beside its pages at /<lang>/<game>/, named for their language; the kit's
words from components.toml in the catalogue's language."""
from __future__ import annotations

import json
import zipfile

from generator.build import build
from generator.cli import main
from generator.i18n.catalogues import catalogue_path, read, write
from tests.exports.test_exports import STONES_TABLE, pebbles_site
from tests.i18n.translating import game, i18n

GERMAN = {"Stone cards": "Steinkarten", "Pebble yard": "Kieselhof", "Flint": "Feuerstein", "Score marks": "Punktmarken"}


def german_pebbles(root):
    site = pebbles_site(root)
    toml = site / "content/pebbles/game.toml"
    toml.write_text(toml.read_text().replace(STONES_TABLE, STONES_TABLE + 'translate = ["name"]\n'))
    assert i18n("update", str(site), "--lang", "de") == 0
    path = catalogue_path(game(site), "de")
    catalogue = read(path, "de")
    for source, german in GERMAN.items():
        catalogue[source].string = german
    write(path, catalogue)
    return site


def test_a_translation_is_exported_in_its_language_under_its_own_names(tmp_path):
    root = german_pebbles(tmp_path / "site")
    output = build(root, processes=1).output
    german, english = output / "de/pebbles/exports", output / "pebbles/exports"
    assert (german / "de-pebbles-stones-thegamecrafter.zip").is_file()
    assert (german / "de-pebbles-tabletopia.zip").is_file() and (english / "pebbles-tabletopia.zip").is_file()
    save = json.loads((german / "tabletop-simulator/de-pebbles-unpublished.json").read_text(encoding="utf-8"))
    names = json.dumps(save, ensure_ascii=False)
    assert "Kieselhof" in names and "Steinkarten" in names and "Pebble yard" not in names
    english_save = (english / "tabletop-simulator/pebbles-unpublished.json").read_text(encoding="utf-8")
    assert "Pebble yard" in english_save and "Kieselhof" not in english_save
    with zipfile.ZipFile(german / "de-pebbles-stones-thegamecrafter.zip") as archive:
        assert any("Feuerstein" in line or "feuerstein" in line for line in archive.read("manifest.csv").decode().splitlines())
    with zipfile.ZipFile(german / "de-pebbles-tabletopia.zip") as archive:  # what the one who sets it up reads
        assert archive.read("README.txt").decode().startswith("Tabletopia-Bilder für Pebbles, von Rulepress")
    with zipfile.ZipFile(english / "pebbles-tabletopia.zip") as archive:
        assert archive.read("README.txt").decode().startswith("Tabletopia images for Pebbles, made by Rulepress")
    page = (output / "de/pebbles/index.html").read_text(encoding="utf-8")
    assert 'href="exports/de-pebbles-tabletopia.zip"' in page


def test_a_translations_kit_is_named_for_its_language_as_its_rulebook_is(tmp_path):
    """Both kits downloaded into one folder keep apart: "de-pebbles-kit-a4.pdf" beside "pebbles-kit-a4.pdf"."""
    root = german_pebbles(tmp_path / "site")
    output = build(root, processes=1).output
    assert sorted(path.name for path in (output / "de/pebbles/kit").glob("*.pdf")) == ["de-pebbles-kit-a4.pdf"]
    assert sorted(path.name for path in (output / "pebbles/kit").glob("*.pdf")) == ["pebbles-kit-a4.pdf"]
    page = (output / "de/pebbles/index.html").read_text(encoding="utf-8")
    assert 'href="kit/de-pebbles-kit-a4.pdf"' in page and "pebbles-kit-a4.pdf\"" not in page.replace("de-pebbles", "")


def test_tts_local_writes_a_save_for_each_language(tmp_path, capsys):
    root = german_pebbles(tmp_path / "site")
    build(root, processes=1)
    assert main(["tts-local", str(root)]) == 0
    assert (root / "output/de/pebbles/exports/tabletop-simulator/de-pebbles-local.json").is_file()
    assert (root / "output/pebbles/exports/tabletop-simulator/pebbles-local.json").is_file()
