"""A game with a catalogue is published in that language too: its pages at /<lang>/<game>/,
each saying its language, naming its other languages (hreflang) and linking to them, its
stale blocks in the source language with a notice, and a search of its own."""
from __future__ import annotations

import json
import re

from generator.build import build
from generator.i18n.catalogues import catalogue_path, read, write
from tests.i18n.translating import game, i18n, translate_everything, translated_site


def german_site(tmp_path):
    root = translated_site(tmp_path)
    assert i18n("update", str(root), "--lang", "de") == 0
    translate_everything(root)
    return root


def page(root, url: str) -> str:
    return (root / "output" / url).read_text(encoding="utf-8")


def test_a_catalogue_publishes_the_game_in_its_language_below_the_language_folder(tmp_path):
    root = german_site(tmp_path)
    build(root)
    german = page(root, "de/pebbles/index.html")
    assert '<html lang="de"' in german
    assert "<h1>DE: Rules</h1>" in german
    assert "DE: Swift Pebble" not in page(root, "pebbles/index.html")  # the source stays as written
    assert '<html lang="en"' in page(root, "pebbles/index.html")
    assert (root / "output/de/pebbles/reference.html").is_file()


def test_every_language_of_a_page_names_the_others_and_links_to_them(tmp_path):
    root = german_site(tmp_path)
    build(root)
    for url in ("pebbles/index.html", "de/pebbles/index.html"):
        html = page(root, url)
        assert '<link rel="alternate" hreflang="en" href="https://games.example/pebbles/">' in html
        assert '<link rel="alternate" hreflang="de" href="https://games.example/de/pebbles/">' in html
        assert '<link rel="alternate" hreflang="x-default" href="https://games.example/pebbles/">' in html
    switcher = re.search(r'<nav class="languages".*?</nav>', page(root, "de/pebbles/index.html")).group(0)
    assert '<a href="../../pebbles/index.html" hreflang="en" lang="en">English</a>' in switcher
    assert '<a href="index.html" hreflang="de" lang="de" aria-current="true">Deutsch</a>' in switcher


def test_the_index_lists_each_game_once_with_its_other_languages(tmp_path):
    root = german_site(tmp_path)
    build(root)
    index = page(root, "index.html")
    assert index.count('class="game-card"') == 1
    assert ('<p class="game-languages">Also in <a href="de/pebbles/index.html" hreflang="de" lang="de">Deutsch</a>'
            in index)


def test_a_site_without_catalogues_names_no_other_language(tmp_path):
    root = translated_site(tmp_path)
    build(root)
    html = page(root, "pebbles/index.html")
    assert "hreflang" not in html and 'class="languages"' not in html


def test_links_between_a_translations_pages_stay_in_its_language(tmp_path):
    root = translated_site(tmp_path, **{"content/pebbles/reference.md": "---\ntitle: Player aid\n---\n\n"
                                        "## Summary\n\nSee [the rules](rules.md#setting-up).\n"})
    assert i18n("update", str(root), "--lang", "de") == 0
    translate_everything(root)
    build(root)
    html = page(root, "de/pebbles/reference.html")
    assert 'href="index.html#setting-up"' in html  # the German rules, at the section the source names


def test_a_changed_source_paragraph_shows_in_the_source_language_with_a_notice_on_the_translated_page(tmp_path):
    root = german_site(tmp_path)
    rules = root / "content/pebbles/rules.md"
    first = "Each player takes a Pebble and puts it on the Board."
    rules.write_text(rules.read_text(encoding="utf-8").replace(first, first + " Now with a change."), encoding="utf-8")
    assert i18n("update", str(root)) == 0  # the changed block's entry becomes fuzzy
    build(root)
    html = page(root, "de/pebbles/index.html")
    assert 'class="translation-notice"' in html
    assert f'lang="en" class="stale-translation">{first} Now with a change.' in html


def test_each_language_searches_its_own_pages(tmp_path):
    root = german_site(tmp_path)
    build(root)
    shards = json.loads(page(root, "pagefind/shards.json"))
    assert shards["shards"] == ["0/"] and shards["languages"] == {"de": ["de-0/"]}
    german = json.loads((root / "output/pagefind/de-0/pagefind-entry.json").read_text())
    english = json.loads((root / "output/pagefind/0/pagefind-entry.json").read_text())
    assert list(german["languages"]) == ["de"] and list(english["languages"]) == ["en"]
    assert german["languages"]["de"]["page_count"] == len(game(root).pages)


def test_editing_a_catalogue_renders_that_language_again_and_not_the_source(tmp_path):
    root = german_site(tmp_path)
    build(root)
    path = catalogue_path(game(root), "de")
    catalogue = read(path, "de")
    message = next(m for m in catalogue if m.id == "Rules")
    message.string = "Regeln"
    write(path, catalogue)
    report = build(root)
    assert "<h1>Regeln</h1>" in page(root, "de/pebbles/index.html")
    assert report.rendered == len(game(root).pages)  # the German pages only


def test_a_translated_glossary_keeps_the_source_anchors(tmp_path):
    root = german_site(tmp_path)
    build(root)
    english = set(re.findall(r'id="(term-[^"]+)"', page(root, "pebbles/glossary.html")))
    german = set(re.findall(r'id="(term-[^"]+)"', page(root, "de/pebbles/glossary.html")))
    assert english and german == english
