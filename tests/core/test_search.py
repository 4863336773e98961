"""Site search (issue 15.1): every game page is indexed at build time into the output's
own `pagefind/` folder, and the index is made again only when a page's HTML changed."""
from __future__ import annotations

import json

from generator.build import build
from tests.core.sitefactory import make_site
from tests.core.test_incremental import edit


def entry(site) -> dict:
    return json.loads((site / "output/pagefind/pagefind-entry.json").read_text())


def test_the_search_index_holds_every_game_page(tmp_path):
    site = make_site(tmp_path / "site")
    report = build(site, stages=[])
    game_pages = [name for name in report.files if name.endswith(".html") and "/" in name]
    assert len(game_pages) == 3
    assert entry(site)["languages"]["en"]["page_count"] == len(game_pages)  # not the index, not the 404 page
    assert (site / "output/pagefind/pagefind-ui.js").is_file()
    assert not (site / "output/pagefind/pagefind-component-ui.js").exists()  # the UIs the theme does not use


def test_the_index_marks_only_the_article_for_search(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    page = (site / "output/pebbles/reference.html").read_text()
    assert page.count("data-pagefind-body") == 1
    assert 'data-pagefind-meta="title:Pebbles · Player aid"' in page  # results name the game and the page


def test_a_page_edit_makes_the_index_again(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    before = entry(site)["languages"]["en"]["hash"]
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move a Pebble northwards.")
    build(site, stages=[])
    assert entry(site)["languages"]["en"]["hash"] != before


def test_an_edit_that_leaves_every_page_the_same_keeps_the_index(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    index = site / "output/pagefind/pagefind-entry.json"
    inode = index.stat().st_ino
    page = site / "content/pebbles/reference.md"
    page.write_text(page.read_text() + "\n\n\n")  # blank lines at the end: the same HTML
    report = build(site, stages=[])
    assert report.rendered == 1
    assert index.stat().st_ino == inode  # kept from the last build, not written again
