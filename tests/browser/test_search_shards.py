"""Issue 29.3: a site large enough for several search shards is searched through all of
them at once: the reader's search finds a page of the last shard, served by the site
itself under its CSP; results rank as one index would rank them."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from generator.build import build
from generator.site import search
from tests.browser.harness import Server
from tests.cache.test_incremental import edit
from tests.site.test_search import shard_names, three_games


@contextmanager
def searching(open_page, site: Path, words: str):
    """A reader on the site's first game page who has opened search and typed `words`."""
    server = Server(site / "output")
    try:
        page = open_page(1366, "light")
        page.goto(server.url("pebbles/index.html"))
        page.keyboard.press("/")
        page.locator(".search-dialog input").wait_for()
        page.keyboard.type(words)
        yield page
        assert page.watch.errors == []
    finally:
        server.close()


def test_search_finds_a_page_in_a_merged_shard(open_page, tmp_path, monkeypatch):
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    assert len(shard_names(site)) > 1
    with searching(open_page, site, "zeppelin") as page:
        result = page.locator(".pagefind-ui__result").first
        result.wait_for()
        assert page.locator(".pagefind-ui__result").count() == 1
        assert result.locator(".pagefind-ui__result-title a").first.inner_text() == "Pebbles C · Player aid"
        page.keyboard.press("Control+a")
        page.keyboard.type("pebble")
        page.wait_for_function("() => document.querySelectorAll('.pagefind-ui__result').length >= 3")
        message = page.locator(".pagefind-ui__message").inner_text()
        assert message == "9 results for pebble"  # every page of the three games, from every shard


@pytest.mark.parametrize("sharded", [False, True], ids=["one index", "shards"])
def test_the_game_a_word_belongs_to_ranks_first_for_it(open_page, tmp_path, monkeypatch, sharded):
    """A word at the heart of one game comes first, ahead of a longer word it begins on
    another game's page. Each index weighs a word's rarity over its own pages: a small site
    is one index, and a large one's shards are each drawn from the whole site (shards of
    whole games ranked the game that uses a word most last: 'rock' found Splatter SHOOT's
    'Rocket' before Splut!'s Rock)."""
    if sharded:
        monkeypatch.setattr(search, "SHARD_PAGES", 3)
        monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    for page in sorted((site / "content/pebbles-c").glob("*.md")):  # the word of every page of one game
        page.write_text(page.read_text() + "\n\nThe zeppelin drifts over the board; a zeppelin blocks a row.\n")
    edit(site / "content/pebbles/reference.md", "Move a Pebble.", "Move a Pebble. Zeppelins are rare.")
    build(site, stages=[])
    assert (len(shard_names(site)) > 1) == sharded
    with searching(open_page, site, "zeppelin") as page:
        page.wait_for_function("() => document.querySelectorAll('.pagefind-ui__result').length >= 2")
        first = page.locator(".pagefind-ui__result").first.locator(".pagefind-ui__result-title a").first
        first.wait_for()  # results stand in rank order at once; each fills in its title as it loads
        assert first.inner_text().startswith("Pebbles C")


def test_search_finds_a_word_an_edit_added_and_no_longer_the_word_it_removed(open_page, tmp_path, monkeypatch):
    """An edit's shard is begun from the last output and handed the edited page alone
    (site/search.py): the reader's search then finds the page by its new words, not its old ones."""
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    edit(site / "content/pebbles-c/reference.md", "past the zeppelin", "past the lighthouse")
    assert build(site, stages=[]).rendered == 1
    with searching(open_page, site, "lighthouse") as page:
        result = page.locator(".pagefind-ui__result").first
        result.wait_for()
        assert result.locator(".pagefind-ui__result-title a").first.inner_text() == "Pebbles C · Player aid"
        page.keyboard.press("Control+a")
        page.keyboard.type("zeppelin")
        page.locator(".pagefind-ui__message").filter(has_text="No results for zeppelin").wait_for()


def test_the_shards_are_merged_at_once_not_one_after_another(open_page, tmp_path, monkeypatch):
    """Pagefind's UI merges shards one by one, each waiting for its files: 64 shards were 128 round
    trips before a result (6.9 s with 40 ms a request: scripts/bench_search.py). The site merges
    them itself, all at once: here every merged shard's entry is held until all of them have been
    asked for, which merging them in turn would never do. The reader types before it is ready."""
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    merged = [name for name in shard_names(site) if name != "0"]
    assert len(merged) >= 2
    held = []

    def hold(route):
        held.append(route)
        if len(held) == len(merged):
            for waiting in held:
                waiting.continue_()

    server = Server(site / "output")
    try:
        page = open_page(1366, "light")
        entries = {f"/pagefind/{name}/pagefind-entry.json" for name in merged}  # (asked for with a ?ts= query)
        page.route(lambda url: urlsplit(url).path in entries, hold)
        page.goto(server.url("pebbles/index.html"))
        page.keyboard.press("/")
        page.keyboard.type("zeppelin")  # at once: kept while the index loads
        page.locator(".pagefind-ui__message").filter(has_text="1 result for zeppelin").wait_for()
        assert len(held) == len(merged)
        assert page.watch.errors == []
    finally:
        server.close()
