"""Glossary terms link from other pages to their definitions, first use only."""
from __future__ import annotations

from generator.build import build
from tests.sitefactory import make_site


def built(tmp_path, name="index.html"):
    make_site(tmp_path)
    build(tmp_path, stages=[])
    return (tmp_path / "output/pebbles" / name).read_text()


def test_first_use_of_a_term_links_to_its_definition(tmp_path):
    html = built(tmp_path)
    assert ('<a href="glossary.html#term-pebble" class="term" data-def="A small stone that each player moves." '
            'aria-describedby="gdef-term-pebble">Pebble</a>') in html


def test_only_the_first_use_is_linked(tmp_path):
    html = built(tmp_path, "reference.html")
    assert html.count('href="glossary.html#term-pebble"') == 1


def test_definitions_are_on_the_page_for_screen_readers(tmp_path):
    html = built(tmp_path)
    assert '<span id="gdef-term-pebble">A small stone that each player moves.</span>' in html


def test_headings_are_never_linked(tmp_path):
    make_site(tmp_path, **{"content__pebbles__reference.md": "---\ntitle: Aid\n---\n## Pebble moves {#summary}\n\nNothing here.\n"})
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/reference.html").read_text()
    assert '<h2 id="summary">Pebble moves</h2>' in html


def test_glossary_terms_are_headings_with_anchors_on_the_glossary_page(tmp_path):
    """Issue 33.4: a term is a heading over its definition, so the search (which splits a page
    at headings with ids) gives each term a result of its own, apart from its excerpt."""
    html = built(tmp_path, "glossary.html")
    assert '<h2 class="glossary-term" id="term-pebble">Pebble</h2>' in html
    assert '<div class="glossary-definition">' in html and "<dt" not in html
    assert 'class="term"' not in html.split("<article", 1)[1]


def test_a_definition_list_elsewhere_stays_a_definition_list(tmp_path):
    make_site(tmp_path, **{"content__pebbles__reference.md": "---\ntitle: Aid\n---\n## Summary\n\nStone\n: A thing.\n"})
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/reference.html").read_text()
    assert "<dl>" in html and "<dt>" in html and "glossary-term" not in html


def test_plurals_link_to_the_singular_term(tmp_path):
    make_site(tmp_path, **{"content__pebbles__reference.md": "---\ntitle: Aid\n---\n## Summary\n\nAll Boards are flat.\n"})
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/reference.html").read_text()
    assert 'href="glossary.html#term-board"' in html and ">Boards</a>" in html


def test_terms_with_an_apostrophe_link(tmp_path):
    """Typographic quotes turn "dealer's" into "dealer’s" in both the glossary and the text."""
    glossary = "---\ntitle: Glossary\nglossary: true\n---\ndealer's deck\n: The cards the dealer draws from.\n"
    make_site(tmp_path, **{"content__pebbles__glossary.md": glossary,
                           "content__pebbles__reference.md": "---\ntitle: Aid\n---\n## Summary\n\nShuffle the dealer's deck.\n"})
    build(tmp_path, stages=[])
    html = (tmp_path / "output/pebbles/reference.html").read_text()
    assert 'href="glossary.html#term-dealers-deck"' in html and ">dealer’s deck</a>" in html
