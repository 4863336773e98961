"""An earlier release's walkthrough runs its own engine in the reader's browser (Pyodide): "Try it
from here" on the 1.0 rules plays by the 1.0 rules (taking two scores two points), the current
rules page by 1.1's (three), though both engines are the folder `pebbles` in their bundles."""
from __future__ import annotations

import pytest

from generator.build import build
from tests.browser.harness import PYODIDE_TIMEOUT_MS, SAVE_DATA, Server, Watch, button
from tests.releases.history import archived_site
from tests.sitefactory import SITE_TOML, write

WALKTHROUGH = "#wt-a-short-game"
LIVE = f"{WALKTHROUGH} .rp-live"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = archived_site(tmp_path_factory.mktemp("releases"))
    write(root, {"content/site.toml": SITE_TOML + "rulebooks = false\nsearch = false\n"})
    build(root)
    server = Server(root / "output")
    yield server
    server.close()


@pytest.mark.parametrize("url, score", [("pebbles/1.0/index.html", "4 left, 1-2"), ("pebbles/index.html", "4 left, 1-3")])
def test_try_it_on_each_release_plays_by_that_releases_rules(browser, served, url, score):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch = Watch().attach(page)
    page.add_init_script(SAVE_DATA)
    page.goto(served.url(url))
    for _ in range(2):
        button(page, WALKTHROUGH, "Next").click()
    button(page, WALKTHROUGH, "Try it from here").click()
    page.wait_for_selector(f"{LIVE} .rp-live-board svg", timeout=PYODIDE_TIMEOUT_MS)
    assert score in page.inner_text(f"{LIVE} .rp-live-board")
    assert watch.errors == [] and watch.off_site(served.base) == []
    context.close()
