"""Each game's player aid prints on one side of A4 and of US Letter
(Chromium's print engine with the site's print stylesheet)."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.browser.harness import ROOT

GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/reference.md"))


@pytest.fixture(scope="module")
def printer(browser):
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("game", GAMES)
def test_player_aid_prints_on_one_side(printer, real_site, tmp_path, game, paper):
    printer.goto(real_site.url(f"{game}/reference.html"))
    pdf = tmp_path / f"{game}-{paper}.pdf"
    printer.pdf(path=str(pdf), format=paper, print_background=False,
                margin={"top": "12mm", "bottom": "12mm", "left": "12mm", "right": "12mm"})
    pages = len(PdfReader(pdf).pages)
    assert pages == 1, f"{game}'s player aid takes {pages} {paper} pages"
