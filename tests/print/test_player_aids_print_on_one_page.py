"""Each game's player aid prints on one side of A4 and of US Letter
(Chromium's print engine with the site's print stylesheet)."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import build

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/reference.md"))

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium not installed (scripts/test installs it)")


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    output = tmp_path_factory.mktemp("print") / "output"
    build(ROOT, output, stages=[], use_cache=False)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(output))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def page(site_url):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield browser.new_page()
        browser.close()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("game", GAMES)
def test_player_aid_prints_on_one_side(page, site_url, tmp_path, game, paper):
    page.goto(f"{site_url}/{game}/reference.html")
    pdf = tmp_path / f"{game}-{paper}.pdf"
    page.pdf(path=str(pdf), format=paper, print_background=False,
             margin={"top": "12mm", "bottom": "12mm", "left": "12mm", "right": "12mm"})
    pages = len(PdfReader(pdf).pages)
    assert pages == 1, f"{game}'s player aid takes {pages} {paper} pages"
