"""Issue 29.3: a site large enough for several search shards is searched through all of
them at once: the reader's search finds a page of the last shard, served by the site
itself under its CSP."""
from __future__ import annotations

from generator.build import build
from generator.site import search
from tests.browser.harness import Server
from tests.site.test_search import shard_names, three_games


def test_search_finds_a_page_in_a_merged_shard(open_page, tmp_path, monkeypatch):
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    site = three_games(tmp_path)
    build(site, stages=[])
    assert shard_names(site) == ["0", "1", "2"]
    server = Server(site / "output")
    try:
        page = open_page(1366, "light")
        page.goto(server.url("pebbles/index.html"))
        page.keyboard.press("/")
        page.locator(".search-dialog input").wait_for()
        page.keyboard.type("zeppelin")
        result = page.locator(".pagefind-ui__result").first
        result.wait_for()
        assert page.locator(".pagefind-ui__result").count() == 1
        assert result.locator(".pagefind-ui__result-title a").first.inner_text() == "Pebbles C · Player aid"
        page.keyboard.press("Control+a")
        page.keyboard.type("pebble")
        page.wait_for_function("() => document.querySelectorAll('.pagefind-ui__result').length >= 3")
        message = page.locator(".pagefind-ui__message").inner_text()
        assert message == "9 results for pebble"  # every page of the three games, from three shards
        assert page.watch.errors == []
    finally:
        server.close()
