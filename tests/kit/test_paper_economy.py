"""Paper economy (issue 13.5, "Done when"; issue 24.5): in every A4 and Letter print kit of the
launch games the calibration square is on exactly one page, every page, the cover included, has
at least half of its printable area inside the bounding box of what is printed on it (measured
on the rendered page), and nothing placed on a page overlaps anything else placed there."""
from __future__ import annotations

import itertools
import sys
import tomllib
from pathlib import Path

import pytest

from generator.draw.bounds import bounds, overlaps
from generator.draw.shapes import Group, Rect, Text
from generator.kit import load_components
from generator.kit.build import Artwork, kit_pages
from generator.kit.spec import plan_kits
from tests.kit.conftest import CONTENT, GAMES
from tests.kit.pdfgeom import page_roles

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from kit_area import page_area_use  # noqa: E402  (the bench's measure, shared)

KITS = [(game, paper) for game in GAMES for paper in ("a4", "letter")]


def print_kits(game: str, paper: str):
    """(edition name, pages) of each print kit of the game on this paper."""
    components = load_components(CONTENT / game)
    meta = tomllib.loads((CONTENT / game / "game.toml").read_text(encoding="utf-8"))
    artwork = Artwork(components, False)
    for kit in plan_kits(components, (paper,), ("print",)):
        yield kit.edition.name if kit.edition else "", kit_pages(
            components, artwork, title=meta["title"], author="", paper=paper, variant="print", edition=kit.edition)


@pytest.mark.parametrize("game,paper", KITS)
def test_the_calibration_square_is_on_exactly_one_page(game, paper, kits):
    for edition, _pages in print_kits(game, paper):
        reader = kits[(game, edition, paper)]
        with_square = [n for n, page in enumerate(reader.pages, 1) if "calibration-square" in page_roles(page)]
        assert len(with_square) == 1, (game, edition, paper, with_square)


@pytest.mark.parametrize("game,paper", KITS)
def test_every_component_page_uses_at_least_half_its_printable_area(game, paper, game_kit_files):
    for (name, edition, kit_paper), path in game_kit_files.items():
        if (name, kit_paper) != (game, paper):
            continue
        shares = page_area_use(path)
        thin = {number: round(share, 2) for number, share in enumerate(shares[1:], start=2) if share < 0.5}
        assert not thin, f"{path.name}: pages using less than half their printable area: {thin}"


@pytest.mark.parametrize("game,paper", KITS)
def test_the_cover_uses_at_least_half_its_printable_area(game, paper, game_kit_files):
    """Issue 24.5: the cover earns its page, with components packed below its contents or a
    picture of the set-up (Splat's and Splut!'s covers were three quarters blank)."""
    for (name, edition, kit_paper), path in game_kit_files.items():
        if (name, kit_paper) == (game, paper):
            cover = page_area_use(path)[0]
            assert cover >= 0.5, f"{path.name}: the cover uses {cover:.0%} of its printable area"


def placed(drawing):
    """The things placed on a kit page: packed items and boards (groups with a role or a clip),
    cards (their trim), section titles and the calibration square."""
    for shape in drawing.shapes:
        if isinstance(shape, Group) and shape.role.startswith("card-art"):
            continue  # a card's art and bleed: the card is its trim, below
        if isinstance(shape, Group) and (shape.role or shape.clip):
            yield shape.role or "board", bounds(shape)
        elif isinstance(shape, Rect) and (shape.role.startswith("card-trim") or shape.role == "calibration-square"):
            yield shape.role, bounds(shape)
        elif isinstance(shape, Text) and shape.role != "footer" and shape.bold and shape.size >= 3.5:
            yield f"title {shape.text}", bounds(shape)


@pytest.mark.parametrize("game,paper", KITS)
def test_nothing_placed_on_a_kit_page_overlaps_anything_else(game, paper):
    for edition, pages in print_kits(game, paper):
        for number, page in enumerate(pages, start=1):  # the cover too: it holds pieces and pictures
            things = [(role, box) for role, box in placed(page.drawing) if box]
            for (a, box_a), (b, box_b) in itertools.combinations(things, 2):
                assert not overlaps(box_a, box_b, gap=-0.05), f"{game} {edition} {paper} page {number}: {a} / {b}"
