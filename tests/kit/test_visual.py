"""A page of each kit looks right to a person (issue 4, "Done when"): each page is
rendered to PNG with pdftoppm at 50 dpi and compared with a reference image that a
person looked at and approved, under tests/fixtures/kit/reference/.

When a change is meant to alter the look (or a game's data changed), regenerate the
references, LOOK AT EACH ONE, and commit them:

    RULEPRESS_UPDATE_KIT_REFERENCES=1 .venv/bin/python -m pytest tests/kit/test_visual.py
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.kit.conftest import FIXTURES
from tests.kit.pdfgeom import page_roles

REFERENCES = FIXTURES / "reference"
UPDATE = os.environ.get("RULEPRESS_UPDATE_KIT_REFERENCES") == "1"
# (game, edition, paper) and the role that marks the page to show
PAGES = {
    "splash": (("splash", "", "a4"), "card-trim:cards:0:front"),
    "splat": (("splat", "", "letter"), "board-extent:sky"),
    "splut": (("splut", "", "a4"), "board-extent:arena"),
    "sitters": (("sitters", "", "a4"), "tile-window:board:A2"),
    "shoot": (("shoot", "beginner", "letter"), "card-trim:weapons:0:front"),
}
DEMO_PAGE = (("full", "a4", "print"), "card-trim:cards:0:front")
STRONG = 48  # a channel difference that a person would see
MAX_STRONG_SHARE = 0.005  # at most 0.5% of the pixels may differ that much
MAX_MEAN = 1.5  # and the average difference stays tiny (of 255)


def render(pdf: Path, number: int, out: Path) -> Image.Image:
    if not shutil.which("pdftoppm"):
        pytest.fail("pdftoppm is missing: install poppler-utils (apt-get install poppler-utils)")
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", str(number), "-l", str(number), "-singlefile",
                    str(pdf), str(out.with_suffix(""))], check=True, capture_output=True)
    return Image.open(out).convert("RGB")


def page_with(reader, role: str) -> int:
    for number, page in enumerate(reader.pages, start=1):
        if role in page_roles(page):
            return number
    raise AssertionError(f"no page has {role}")


def compare(name: str, image: Image.Image, tmp_path: Path) -> None:
    reference_path = REFERENCES / f"{name}.png"
    if UPDATE:
        REFERENCES.mkdir(parents=True, exist_ok=True)
        image.save(reference_path)
        return
    assert reference_path.exists(), f"no reference {reference_path}; see this module's docstring"
    reference = Image.open(reference_path).convert("RGB")
    actual_path = tmp_path / f"{name}-actual.png"
    image.save(actual_path)
    assert image.size == reference.size, f"{name}: size {image.size} != {reference.size} ({actual_path})"
    diff = ImageChops.difference(image, reference)
    histogram = diff.convert("L").histogram()
    pixels = image.size[0] * image.size[1]
    strong = sum(histogram[STRONG:]) / pixels
    mean = sum(value * count for value, count in enumerate(histogram)) / pixels
    assert strong <= MAX_STRONG_SHARE and mean <= MAX_MEAN, (
        f"{name} differs from its reference: {strong:.2%} of pixels strongly, mean {mean:.2f}; "
        f"actual image at {actual_path}")


@pytest.mark.parametrize("game", sorted(PAGES))
def test_a_kit_page_of_each_game_matches_its_reviewed_reference(game, kits, game_kit_files, tmp_path):
    key, role = PAGES[game]
    number = page_with(kits[key], role)
    image = render(game_kit_files[key], number, tmp_path / f"{game}.png")
    compare(game, image, tmp_path)


def test_the_demo_card_page_matches_its_reviewed_reference(readers, demo_kits, tmp_path):
    """The fixture game's card page: stable while the launch games' data evolves."""
    key, role = DEMO_PAGE
    number = page_with(readers[key], role)
    compare("demo-cards", render(demo_kits[key].path, number, tmp_path / "demo.png"), tmp_path)


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "kit" / "examples"
# each kit-reference example, and the role that marks its page to show
EXAMPLE_PAGES = {
    "card-regions": "card-trim:creatures:0:front",
    "square-grid": "board-extent:garden",
    "morris": "board-extent:morris",
    "hex-map": "board-extent:island",
    "score-track": "board-extent:score",
    "artwork": "board-extent:river",
}


@pytest.mark.parametrize("example", sorted(EXAMPLE_PAGES))
def test_each_kit_reference_example_matches_its_reviewed_reference(example, tmp_path):
    """The kit reference's examples (docs/kit/examples/) build, and look as reviewed."""
    from pypdf import PdfReader

    from generator.kit import load_components, write_kits
    components = load_components(EXAMPLES / example)
    [kit] = write_kits(components, tmp_path, title=example, author="Rulepress", papers=("a4",), variants=("print",))
    number = page_with(PdfReader(kit.path), EXAMPLE_PAGES[example])
    compare(f"example-{example}", render(kit.path, number, tmp_path / f"{example}.png"), tmp_path)
