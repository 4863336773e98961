"""The built-in pseudo-locale: every block accented, about 40% longer, in brackets, its
Markdown left working, made from the source with no catalogue to keep."""
from __future__ import annotations

import re

from generator.content.load import load_site
from generator.i18n.extract import extract
from generator.i18n.pseudo import pseudo, pseudo_catalogue
from tests.i18n.translating import game, i18n, translated_site


def test_a_pseudo_translation_is_accented_bracketed_and_about_forty_percent_longer():
    text = "Each player takes a Pebble and puts it on the Board."
    result = pseudo(text)
    assert result.startswith("[") and result.endswith("]")
    assert not re.search(r"[A-Za-z]", result)  # every letter accented: an unaccented one was never translated
    assert 1.35 <= len(result) / len(text) <= 1.5


def test_a_pseudo_translation_keeps_code_links_attributes_and_footnotes_as_written():
    text = "Throw `T e4-e5` as in [the setup](rules.md#setting-up), see[^1] <https://games.example/> &amp; more"
    result = pseudo(text)
    for kept in ("`T e4-e5`", "](rules.md#setting-up)", "[^1]", "<https://games.example/>", "&amp;"):
        assert kept in result
    assert "ţĥé šéţûþ" in result


def test_a_short_text_still_grows_and_lines_break_inside_the_padding():
    assert len(pseudo("Rock")) > len("Rock") + 1
    padding = pseudo("A" * 60).rstrip("]").split(" ", 1)[1]
    assert padding.count(" ") >= 2 and all(len(word) <= 6 for word in padding.split())


def test_the_pseudo_catalogue_translates_every_entry_of_the_template(tmp_path):
    root = translated_site(tmp_path)
    site = load_site(root)
    template = extract(site, site.game("pebbles"))
    catalogue = pseudo_catalogue(template)
    entries = [message for message in catalogue if message.id]
    assert len(entries) == len([m for m in template if m.id]) > 20
    assert all(message.string == pseudo(message.id) and not message.fuzzy for message in entries)
    assert not any(message.string for message in template if message.id)  # the template is left as it was


def test_stats_on_the_pseudo_locale_covers_every_block_without_a_catalogue(tmp_path, capsys):
    root = translated_site(tmp_path)
    assert i18n("stats", str(root), "--lang", "qps") == 0
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(r"pebbles qps: (\d+)/\1 blocks", line)
    assert not (game(root).folder / "i18n").exists()


def test_the_pseudo_locale_is_never_kept_as_a_catalogue(tmp_path, capsys):
    root = translated_site(tmp_path)
    assert i18n("update", str(root), "--lang", "qps") == 1
    assert "the pseudo-locale qps is made from the source" in capsys.readouterr().err
