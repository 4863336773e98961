"""Stamped everywhere (issue 32.3): the version and date of a game's current release on every
PDF it gets (each page of the rulebooks, the booklets' pages, the player aid, the kit's cover)
and in its pages' footer; a game that lists no release is stamped with nothing."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from generator.build import build
from tests.sitefactory import GAME_TOML, GLOSSARY, REFERENCE, RULES, make_site

STAMP = "Version 1.1, 20 November 2026"
RELEASES = '''
[[releases]]
version = "1.1"
date = 2026-11-20
summary = "Errata: a tie is shared."
'''
KIT = ('[kit]\npapers = ["a4"]\nvariants = ["print"]\n\n'
       '[[sheet]]\nname = "score"\ntitle = "Score pad"\ncolumns = ["Player", "Score"]\nrows = 4\n')
AID = REFERENCE.replace("title: Player aid\n", "title: Player aid\nprint: one-page\n")


@pytest.fixture(scope="module")
def output(tmp_path_factory):
    """Two games: Pebbles at release 1.1 with a kit and a player aid, Stones with no release."""
    root = make_site(tmp_path_factory.mktemp("stamps") / "site", **{
        "content__pebbles__game.toml": GAME_TOML + RELEASES,
        "content__pebbles__reference.md": AID,
        "content__pebbles__components.toml": KIT,
        "content__stones__game.toml": GAME_TOML.replace('title = "Pebbles"', 'title = "Stones"'),
        "content__stones__rules.md": RULES, "content__stones__reference.md": AID,
        "content__stones__glossary.md": GLOSSARY, "content__stones__scores.csv": "pebbles,points\n1,2\n",
        "content__stones__components.toml": KIT,
    })
    build(root, root / "output")
    return root / "output"


def pdf_pages(path) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def test_every_pdf_of_a_game_with_a_release_names_its_version_and_date(output):
    pdfs = sorted((output / "pebbles").rglob("*.pdf"))
    names = {re.sub(r"-(a4|letter)(-print)?\.pdf$", "", path.name) for path in pdfs}
    assert {"pebbles-rules", "pebbles-rules-booklet", "pebbles-player-aid", "pebbles-kit"} <= names
    unstamped = [path.name for path in pdfs if STAMP not in " ".join(pdf_pages(path))]
    assert unstamped == []


def test_each_page_of_the_rulebook_names_its_release(output):
    """A page torn from the rules still says which rules it is (the cover, without a foot, too)."""
    for paper in ("a4", "letter"):
        pages = pdf_pages(output / "pebbles" / f"pebbles-rules-{paper}.pdf")
        assert len(pages) > 2 and [n for n, text in enumerate(pages, 1) if STAMP not in text] == []


def test_the_kit_names_its_release_on_its_cover(output):
    [kit] = (output / "pebbles" / "kit").glob("*.pdf")
    assert STAMP in pdf_pages(kit)[0]


def test_the_pages_footer_names_the_release_and_links_the_games_feed(output):
    for page in ("index.html", "reference.html", "glossary.html"):
        html = (output / "pebbles" / page).read_text(encoding="utf-8")
        footer = html[html.index('<footer class="site-footer">'):]
        assert "version 1.1, 20 November 2026" in footer
        assert '<a href="releases.atom" type="application/atom+xml">releases feed</a>' in footer


def test_a_game_without_releases_is_stamped_with_nothing(output):
    pdfs = sorted((output / "stones").rglob("*.pdf"))
    assert len(pdfs) >= 7  # rules, booklets, player aids, kit
    assert [path.name for path in pdfs if "ersion" in " ".join(pdf_pages(path))] == []
    for page in ("index.html", "reference.html"):
        html = (output / "stones" / page).read_text(encoding="utf-8")
        assert "data-release" not in html and "releases.atom" not in html
        assert '<footer class="site-footer">\n<p>Stones rules on Test shelf. Built with Rulepress.</p></footer>' in html
    assert not (output / "stones" / "releases.atom").exists()
