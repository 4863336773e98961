"""A page in another language, from its source and a catalogue: every translated block in the
language, line for line; a stale block in the source language with a notice where it stands;
the same ids and links as the source page."""
from __future__ import annotations

from generator.content.load import load_site
from generator.i18n.blocks import parser
from generator.i18n.catalogues import catalogue_path, read, write
from generator.i18n.extract import extract
from generator.i18n.pages import render_translated, translated_terms, translation_markdown
from generator.i18n.pseudo import pseudo, pseudo_catalogue
from generator.i18n.translate import translate_page
from generator.markdown.render import render_page
from tests.i18n.test_i18n_stale import NEW, OLD, change_paragraph, german_site
from tests.i18n.translating import game, i18n, line_of, translated_site


def german(root, page="rules"):
    site = load_site(root)
    game = site.game("pebbles")
    return site, game, game.page(page), read(catalogue_path(game, "de"), "de")


def test_every_block_is_translated_and_every_line_stays_where_it_was(tmp_path):
    root = german_site(tmp_path)
    site, game, page, catalogue = german(root)
    translation = translate_page(parser(site), site, game, page, catalogue)
    source = page.path.read_text(encoding="utf-8").split("\n")
    lines = translation.markdown.split("\n")
    assert len(lines) == len(source)
    assert "title: \"DE: Rules\"" in lines
    assert f"DE: {OLD}" in lines
    assert "## DE: Setting up {#setting-up}" in lines  # the source's id kept
    assert "## DE: Taking turns {#turns}" in lines
    assert "::: clarification C1 DE: Ties" in lines
    assert "| DE: Swift | DE: Move twice |" in lines
    assert "- DE: Draw a card." in lines
    assert 'caption: "DE: Points per pebble"' in lines and "data: scores" in lines
    assert translation.stale == () and translation.missing == ()


def test_a_stale_paragraph_shows_in_english_with_a_notice_at_its_line(tmp_path):
    root = german_site(tmp_path)
    rules = change_paragraph(root)
    i18n("update", str(root))
    site, game, page, catalogue = german(root)
    md = translation_markdown(site, {})
    page_de = render_translated(md, site, game, page, catalogue, "de")
    assert page_de.errors == []
    html = page_de.html
    assert f'<p lang="en" class="stale-translation">{NEW}</p>' in html
    notice = html.index('class="translation-notice"')
    assert notice < html.index(NEW) and html.count("translation-notice") == 1
    assert "DE: Setting up" in html and OLD not in html and f"DE: {OLD}" not in html
    assert translate_page(parser(site), site, game, page, catalogue).stale == (line_of(rules, NEW),)
    source = render_page(md, site, game, page, [])
    assert page_de.anchors == source.anchors  # every link into the page still lands
    assert [link["href"] for link in page_de.links] == [link["href"] for link in source.links]
    assert [entry["id"] for entry in page_de.toc] == [entry["id"] for entry in source.toc]


def test_an_untranslated_block_keeps_its_source_without_a_notice(tmp_path):
    root = translated_site(tmp_path)
    i18n("update", str(root), "--lang", "de")
    site, game, page, catalogue = german(root)
    translation = translate_page(parser(site), site, game, page, catalogue)
    assert translation.markdown == page.path.read_text(encoding="utf-8")
    assert line_of(page.path, "Each player takes") in translation.missing
    html = render_translated(translation_markdown(site, {}), site, game, page, catalogue, "de").html
    assert "translation-notice" not in html


def test_the_pseudo_locale_renders_every_page_with_the_sources_ids(tmp_path):
    root = translated_site(tmp_path)
    site = load_site(root)
    game = site.game("pebbles")
    catalogue = pseudo_catalogue(extract(site, game))
    md = translation_markdown(site, {})
    for page in game.pages:
        rendered = render_translated(md, site, game, page, catalogue, "qps")
        source = render_page(md, site, game, page, [])
        assert rendered.errors == [] and rendered.anchors == source.anchors
    rules = render_translated(md, site, game, game.page("rules"), catalogue, "qps").html
    assert pseudo("Setting up") in rules and "Setting up" not in rules.replace('id="setting-up"', "")


MARKED = '''---
title: Rules
---

## Notation {.web-only}

Moves are written as squares.

{.print-only}
## Cutting out

Cut along the lines.
'''


def test_a_heading_with_classes_keeps_its_source_id_inside_its_braces(tmp_path):
    root = translated_site(tmp_path, **{"content/pebbles/rules.md": MARKED})
    site = load_site(root)
    game = site.game("pebbles")
    page = game.page("rules")
    catalogue = pseudo_catalogue(extract(site, game))
    lines = translate_page(parser(site), site, game, page, catalogue).markdown.split("\n")
    assert f"## {pseudo('Notation')} {{#notation .web-only}}" in lines
    assert f"## {pseudo('Cutting out')} {{#cutting-out}}" in lines and "{.print-only}" in lines
    md = translation_markdown(site, {})
    rendered = render_translated(md, site, game, page, catalogue, "qps")
    assert rendered.errors == [] and rendered.anchors == render_page(md, site, game, page, []).anchors


def test_a_translated_pages_terms_link_to_the_translated_glossary_at_the_source_anchors(tmp_path):
    root = german_site(tmp_path)
    path = catalogue_path(game(root), "de")
    catalogue = read(path, "de")
    for source, german_text in (("Pebble", "Kiesel"), ("Board", "Brett"), (OLD, "Jeder legt einen Kiesel auf das Brett.")):
        catalogue[source].string = german_text
    write(path, catalogue)
    site, game_, page, catalogue = german(root, "rules")
    md = translation_markdown(site, {})
    terms = translated_terms(md, site, game_, catalogue, "de")
    # in German alphabetical order (the source has Pebble before Board), each at its source anchor
    assert [(term.term, term.anchor) for term in terms] == [("Brett", "term-board"), ("Kiesel", "term-pebble")]
    assert terms[1].definition == "DE: A small stone that each player moves."
    glossary = render_translated(md, site, game_, game_.page("glossary"), catalogue, "de")
    assert '<h2 class="glossary-term" id="term-pebble">Kiesel</h2>' in glossary.html
    assert glossary.anchors == render_page(md, site, game_, game_.page("glossary"), []).anchors
    rendered = render_translated(md, site, game_, page, catalogue, "de", terms)
    assert [term.anchor for term in rendered.terms] == ["term-pebble", "term-board"]
    assert 'href="glossary.html#term-pebble"' in rendered.html and ">Kiesel</a>" in rendered.html
