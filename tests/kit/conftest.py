"""Shared fixtures: the demo game under tests/fixtures/kit/demo and its kits, built once."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.kit import load_components, write_kits

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "kit"
DEMO = FIXTURES / "demo"
CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = ("splat", "splut", "sitters", "splash", "shoot")


@pytest.fixture(scope="session")
def demo_components():
    return load_components(DEMO)


@pytest.fixture(scope="session")
def demo_kits(demo_components, tmp_path_factory):
    """Every kit of the demo game: 2 editions x A4/Letter x print/ink-saver/fold-over."""
    out = tmp_path_factory.mktemp("demo-kits")
    files = write_kits(demo_components, out, title="Demo Game", author="Test Author")
    return {(f.edition, f.paper, f.variant): f for f in files}


@pytest.fixture(scope="session")
def readers(demo_kits):
    return {key: PdfReader(f.path) for key, f in demo_kits.items()}


@pytest.fixture(scope="session")
def geometry_of():
    """Page geometries of a reader, computed once per reader (parsing is the slow part)."""
    from tests.kit.pdfgeom import page_geometry
    cache = {}

    def geometries(reader):
        if id(reader) not in cache:
            cache[id(reader)] = (reader, [page_geometry(reader, page) for page in reader.pages])
        return cache[id(reader)][1]
    return geometries


@pytest.fixture(scope="session")
def game_kit_files(tmp_path_factory):
    """Print kits (A4 and Letter) of every launch game: (game, edition, paper) -> PDF path."""
    out = tmp_path_factory.mktemp("game-kits")
    built = {}
    for game in GAMES:
        components = load_components(CONTENT / game)
        meta = tomllib.loads((CONTENT / game / "game.toml").read_text(encoding="utf-8"))
        for kit in write_kits(components, out, title=meta["title"], author=", ".join(meta["designers"]),
                              variants=("print",)):
            built[(game, kit.edition, kit.paper)] = kit.path
    return built


@pytest.fixture(scope="session")
def kits(game_kit_files):
    """The launch games' kits opened with pypdf, keyed like `game_kit_files`."""
    return {key: PdfReader(path) for key, path in game_kit_files.items()}
