"""The five games' rules PDFs on A4 and US Letter, typeset once per test process, for the
tests that read a printed page back (measure, page fill, diagram labels)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.build import directive_registry
from generator.content.load import load_site
from generator.kit.drawings import KitDrawings
from generator.rulebook.make import GameBook

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("shoot", "sitters", "splash", "splat", "splut")
PAPERS = ("a4", "letter")


def kit_drawings() -> KitDrawings:
    """The kit stage's product, as a build hands it to the rulebooks: the decks print as their cards."""
    kit = KitDrawings()
    kit.start({})
    return kit


@lru_cache(maxsize=None)
def game_book(slug: str) -> GameBook:
    site = load_site(ROOT)
    return GameBook(site, site.game(slug), directive_registry(site), products={"kit drawings": kit_drawings()})


@lru_cache(maxsize=None)
def rules_pdf(slug: str, paper: str) -> bytes:
    return game_book(slug).rules(paper)


def written(slug: str, paper: str, folder: Path) -> Path:
    """The rules PDF as a file in `folder`, for poppler's tools."""
    path = folder / f"{slug}-rules-{paper}.pdf"
    path.write_bytes(rules_pdf(slug, paper))
    return path
