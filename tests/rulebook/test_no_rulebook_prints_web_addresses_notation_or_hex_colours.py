"""A printed rulebook is for readers at a table: no PDF of the five games prints
the site's placeholder address, a "Notation" block (the engine's short forms are
web-only) or a data file's hex colour code, and table values read as words."""
from __future__ import annotations

import re
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import directive_registry
from generator.content.load import load_site
from generator.rulebook.make import GameBook
from generator.rulebook.selection import aid_pages

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("shoot", "sitters", "splash", "splat", "splut")
HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}\b")
NOTATION = re.compile(r"\bNotation\b")  # the heading or label; the cover's credit may say "the notation"


@lru_cache(maxsize=None)
def book(slug: str) -> GameBook:
    site = load_site(ROOT)
    return GameBook(site, site.game(slug), directive_registry(site))


@lru_cache(maxsize=None)
def texts(slug: str) -> dict[str, list[str]]:
    """Each PDF the game gets (the booklet as its A5 pages), as the text of its pages."""
    made = book(slug)
    pdfs = {"rules (A4)": made.rules("a4"), "rules (A5 booklet pages)": made.rules("a5")}
    if aid_pages(made.game):
        pdfs["player aid (A4)"] = made.player_aid("a4")
    return {name: [page.extract_text() for page in PdfReader(BytesIO(data)).pages] for name, data in pdfs.items()}


def glossary_terms(slug: str) -> set[str]:
    """The terms the game's glossary defines: a term named "Notation" may print."""
    page = next((p for p in book(slug).game.pages if p.glossary), None)
    return set(re.findall(r"^(\S[^\n]*)\n:", page.body, re.M)) if page else set()


def found(slug: str, pattern: re.Pattern) -> list[str]:
    return [f"{name}, page {number}: {hit!r}" for name, pages in texts(slug).items()
            for number, text in enumerate(pages, 1) for hit in pattern.findall(text)]


@pytest.mark.parametrize("slug", GAMES)
def test_no_pdf_prints_the_placeholder_address(slug):
    assert found(slug, re.compile(r"rulepress\.example")) == []


@pytest.mark.parametrize("slug", GAMES)
def test_no_pdf_prints_a_notation_block(slug):
    if "Notation" in glossary_terms(slug):
        pytest.skip("the glossary defines Notation")
    assert found(slug, NOTATION) == []


@pytest.mark.parametrize("slug", GAMES)
def test_no_pdf_prints_a_hex_colour_code(slug):
    assert found(slug, HEX_COLOUR) == []


def test_card_tables_print_words_not_data_identifiers():
    hits = found("shoot", re.compile(r"\b(?:right|left)-(?:arm|hand|leg|foot)\b|\bone-round\b"))
    assert hits == []


def test_colours_print_as_their_names():
    rules = " ".join(texts("splat")["rules (A4)"])
    assert re.search(r"Red skydiver\s+R\s+Red\b", rules), "the pieces table names each colour"
