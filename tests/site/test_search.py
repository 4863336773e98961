"""Site search (issues 15.1 and 29.3): every game page is indexed at build time into the
output's own `pagefind/` folder, in shards of whole games, and an edit re-indexes only the
shard whose pages' HTML changed."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.errors import ContentError, ContentErrors
from generator.site import search
from generator.site.search import Shard, plan_shards
from tests.sitefactory import make_site
from tests.cache.test_incremental import edit


def shard_names(site: Path) -> list[str]:
    return [name.rstrip("/") for name in json.loads((site / "output/pagefind/shards.json").read_text())["shards"]]


def entry(site: Path, shard: str = "0") -> dict:
    return json.loads((site / f"output/pagefind/{shard}/pagefind-entry.json").read_text())


def three_games(tmp_path: Path) -> Path:
    """A site of three games of three pages each: pebbles, pebbles-b, pebbles-c."""
    site = make_site(tmp_path / "site")
    for suffix in ("b", "c"):
        folder = site / f"content/pebbles-{suffix}"
        shutil.copytree(site / "content/pebbles", folder)
        edit(folder / "game.toml", 'title = "Pebbles"', f'title = "Pebbles {suffix.upper()}"')
    edit(site / "content/pebbles-c/reference.md", "Move a Pebble.", "Move a Pebble past the zeppelin.")
    return site


def test_the_search_index_holds_every_game_page(tmp_path):
    site = make_site(tmp_path / "site")
    report = build(site, stages=[])
    game_pages = [name for name in report.files if name.endswith(".html") and "/" in name]
    assert len(game_pages) == 3
    assert shard_names(site) == ["0"]  # a small site is one index, as before shards
    assert entry(site)["languages"]["en"]["page_count"] == len(game_pages)  # not the index, not the 404 page
    assert (site / "output/pagefind/0/pagefind-ui.js").is_file()
    assert not (site / "output/pagefind/0/pagefind-component-ui.js").exists()  # the UIs the theme does not use
    assert sorted(path.name for path in (site / "output/pagefind/0").glob("wasm.*")) == ["wasm.en.pagefind"]


def shards_of(site: Path) -> list[Shard]:
    """The shards the site's built pages are dealt to (a page's shard depends on its URL alone)."""
    games = sorted({path.parent.name for path in (site / "output").glob("*/*.html")})
    return plan_shards([[f"{game}/{path.name}" for path in sorted((site / "output" / game).glob("*.html"))]
                        for game in games])


def test_a_large_site_is_dealt_to_shards_by_page_address_each_a_sample_of_the_site():
    """Each page in one shard of about SHARD_PAGES, drawn by its URL, so that a game's pages
    spread over the shards (a word is about as rare in each shard as on the site) and a page
    keeps its shard as the site grows, until it doubles."""
    games = [[f"g{n:04d}/p{i}.html" for i in range(5)] for n in range(200)]
    shards = plan_shards(games)
    assert len(shards) == 64 and max(len(shard.urls) for shard in shards) <= 3 * search.SHARD_PAGES
    assert sorted(url for shard in shards for url in shard.urls) == sorted(url for game in games for url in game)
    assert [shard.first for shard in shards] == [True] + [False] * 63  # the first listed carries the runtime
    holding = {url: shard.name for shard in shards for url in shard.urls}
    spread = [len({holding[url] for url in game}) for game in games]
    assert sum(spread) / len(spread) > 4.5  # of a game's 5 pages, nearly always 5 shards
    grown = plan_shards(games + [[f"h{n:04d}/p{i}.html" for i in range(5)] for n in range(40)])
    assert {url: shard.name for shard in grown for url in shard.urls if url in holding} == holding
    assert plan_shards([]) == [] and plan_shards([["a.html"]]) == [Shard("0", ("a.html",), first=True)]


def test_a_very_large_site_has_at_most_max_shards_which_grow_instead_of_multiplying():
    """A reader's search fetches from every shard, and every shard costs Pagefind its runtime
    again: 10,000 pages are 64 shards of about 156 pages, not 512 of 20, and a page keeps its
    shard however much the site grows past that."""
    games = [[f"g{n:04d}/p{i}.html" for i in range(10)] for n in range(1000)]
    shards = plan_shards(games)
    assert len(shards) == search.MAX_SHARDS == 64
    assert 120 < min(len(shard.urls) for shard in shards) and max(len(shard.urls) for shard in shards) < 200
    holding = {url: shard.name for shard in shards for url in shard.urls}
    grown = plan_shards(games * 2 + [[f"h{n:04d}/p{i}.html" for i in range(10)] for n in range(2000)])
    assert {url: shard.name for shard in grown for url in shard.urls if url in holding} == holding


def test_a_large_site_is_searched_through_every_shard(tmp_path, monkeypatch):
    """Only the first shard carries Pagefind's runtime and UI; the others hold their pages'
    index alone, and together they hold every page once."""
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    shards = shards_of(site)
    assert shard_names(site) == [shard.name for shard in shards] and len(shards) > 1
    assert sum(entry(site, name)["languages"]["en"]["page_count"] for name in shard_names(site)) == 9
    merged = sorted(os.listdir(site / f"output/pagefind/{shards[-1].name}"))
    assert "pagefind-entry.json" in merged and "index" in merged and "fragment" in merged
    assert not [name for name in merged if name.startswith(("pagefind.js", "pagefind-ui", "pagefind-worker", "wasm."))]


def test_a_page_edit_remakes_only_the_shard_of_the_page(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    before = {name: entry(site, name)["languages"]["en"]["hash"] for name in shard_names(site)}
    inodes = {name: (site / f"output/pagefind/{name}/pagefind-entry.json").stat().st_ino for name in before}
    edit(site / "content/pebbles-b/reference.md", "Move a Pebble.", "Move a Pebble northwards.")
    report = build(site, stages=[])
    assert report.rendered == 1
    edited = next(shard.name for shard in shards_of(site) if "pebbles-b/reference.html" in shard.urls)
    after = {name: entry(site, name)["languages"]["en"]["hash"] for name in shard_names(site)}
    assert after[edited] != before[edited]
    others = [name for name in before if name != edited]
    assert others and {name: (site / f"output/pagefind/{name}/pagefind-entry.json").stat().st_ino
                       for name in others} == {name: inodes[name] for name in others}  # kept, not made again


def test_edits_of_a_sharded_site_leave_the_output_a_clean_build_makes(tmp_path, monkeypatch):
    """Pagefind indexes an edit's shard while the build makes the site's pages, its cache and the
    commit's look at the last output: what is committed is still what a clean build writes."""
    from tests.cache.test_incremental import clean_build_equals

    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    for words in ("northwards", "southwards"):  # the second commit brings the kept earlier output up to date
        edit(site / "content/pebbles-b/reference.md", "Move a Pebble", f"Move a Pebble {words}")
        assert build(site, stages=[]).rendered == 1
        clean_build_equals(site, site / "output")
    assert build(site, stages=[]).up_to_date


def test_a_build_that_fails_while_pagefind_indexes_stops_it_and_keeps_the_output(tmp_path, monkeypatch):
    """The site's own pages are made while Pagefind indexes: a failure there (here, one raised
    by the site's pages) ends Pagefind's process and leaves the last output as it was."""
    from generator import sitewide

    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    before = (site / "output/pebbles-b/reference.html").read_bytes()
    started = []
    real = search.Pagefind.__init__

    def noted(service):
        real(service)
        started.append(service.process)

    def failing(site, *args):
        raise ContentErrors([ContentError(site.root / "templates/index.html", 1, "cannot render the index")])

    monkeypatch.setattr(search.Pagefind, "__init__", noted)
    monkeypatch.setattr(sitewide, "write_site_pages", failing)
    edit(site / "content/pebbles-b/reference.md", "Move a Pebble.", "Move a Pebble northwards.")
    with pytest.raises(ContentErrors, match="cannot render the index"):
        build(site, stages=[])
    assert started and all(process.poll() is not None for process in started)  # none left running
    assert (site / "output/pebbles-b/reference.html").read_bytes() == before


def test_a_game_added_between_builds_gets_indexed_and_a_removed_one_leaves(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    shutil.rmtree(site / "content/pebbles-c")
    build(site, stages=[])
    names = shard_names(site)
    assert names == [shard.name for shard in shards_of(site)]
    assert sorted(os.listdir(site / "output/pagefind")) == sorted(names + ["shards.json"])
    assert sum(entry(site, name)["languages"]["en"]["page_count"] for name in names) == 6


@pytest.mark.parametrize("shard_pages", [20, 3])
def test_an_edit_that_leaves_every_page_the_same_keeps_the_index(tmp_path, monkeypatch, shard_pages):
    monkeypatch.setattr(search, "SHARD_PAGES", shard_pages)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    index = site / f"output/pagefind/{shard_names(site)[0]}/pagefind-entry.json"
    inode = index.stat().st_ino
    page = site / "content/pebbles/reference.md"
    page.write_text(page.read_text() + "\n\n\n")  # blank lines at the end: the same HTML
    report = build(site, stages=[])
    assert report.rendered == 1
    assert index.stat().st_ino == inode  # kept from the last build, not written again


def test_the_index_marks_only_the_article_for_search(tmp_path):
    site = make_site(tmp_path / "site")
    build(site, stages=[])
    page = (site / "output/pebbles/reference.html").read_text()
    assert page.count("data-pagefind-body") == 1
    assert 'data-pagefind-meta="title:Pebbles · Player aid"' in page  # results name the game and the page


def test_a_site_can_go_without_search(tmp_path):
    """`search = false` in site.toml: no index is made and no page offers a search."""
    site = make_site(tmp_path / "site")
    (site / "content/site.toml").write_text((site / "content/site.toml").read_text() + "search = false\n")
    report = build(site, stages=[])
    assert not any(name.startswith("pagefind/") for name in report.files)
    page = (site / "output/pebbles/reference.html").read_text()
    assert "search-open" not in page and "search-dialog" not in page


def test_pagefind_refusing_a_request_fails_the_index_with_its_message():
    with search.Pagefind() as pagefind, pytest.raises(search.SearchIndexFailed, match="Invalid index"):
        list(pagefind.ask([{"type": "GetFiles", "index_id": 99}]))


def test_pagefind_stopping_fails_the_index_with_what_it_said(tmp_path, monkeypatch):
    broken = tmp_path / "pagefind"
    broken.write_text("#!/bin/sh\necho 'cannot start: no memory' >&2\nexit 3\n")
    broken.chmod(0o755)
    monkeypatch.setattr(search, "pagefind_executable", lambda: str(broken))
    with pytest.raises(search.SearchIndexFailed, match="cannot start: no memory"):
        search.index_shards([Shard("0", ("a/index.html",))], tmp_path, tmp_path / "pagefind", "en", 1)


def test_the_pagefind_binary_is_the_one_its_package_runs():
    from pagefind_bin import get_executable

    assert Path(search.pagefind_executable()).samefile(get_executable())


def test_a_site_of_up_to_a_hundred_pages_is_one_index_and_a_larger_one_is_sharded():
    games = [[f"g{n}/p{i}.html" for i in range(5)] for n in range(20)]
    assert [len(shard.urls) for shard in plan_shards(games)] == [100]
    larger = plan_shards(games + [["g20/p0.html"]])
    assert len(larger) == 8 and sum(len(shard.urls) for shard in larger) == 101  # 101 pages: 2 ** 3 shards


def sent_requests(monkeypatch) -> list[dict]:
    """Every request the build sends Pagefind, as it sends them."""
    sent: list[dict] = []
    real = search.Pagefind.post

    def noted(service, requests):
        sent.extend(requests)
        return real(service, requests)

    monkeypatch.setattr(search.Pagefind, "post", noted)
    return sent


def test_an_edit_begins_its_shard_from_the_last_output_and_hands_pagefind_only_the_page_made_again(tmp_path, monkeypatch):
    """Pagefind reads the edited page's shard from the last output while the build loads the
    site, and is then given the edited page alone: the shard it writes is the one a clean build writes."""
    from tests.cache.test_incremental import clean_build_equals

    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    edited = next(shard.name for shard in shards_of(site) if "pebbles-b/reference.html" in shard.urls)
    inodes = {path.relative_to(site / "output"): path.stat().st_ino
              for path in (site / "output/pagefind" / edited).rglob("*") if path.is_file()}
    sent = sent_requests(monkeypatch)
    edit(site / "content/pebbles-b/reference.md", "Move a Pebble.", "Move a Pebble northwards.")
    assert build(site, stages=[]).rendered == 1
    after = {path.relative_to(site / "output"): path.stat().st_ino
             for path in (site / "output/pagefind" / edited).rglob("*") if path.is_file()}
    kept = [path for path in after if path in inodes and path.parent.name == "fragment"]  # named by their contents
    assert kept and all(after[path] == inodes[path] for path in kept)  # the other pages' fragments, linked, not written
    read = [request for request in sent if request["type"] == "AddDir"]
    assert len(read) == 1 and Path(read[0]["path"]) == site / "output"  # the shard's pages, as they were
    assert "pebbles-b/reference.html" in read[0]["glob"]
    given = [request["url"] for request in sent if request["type"] == "AddFile"]
    assert given == ["/pebbles-b/reference.html"]  # then the page made again, in its old place
    assert "northwards" in [request for request in sent if request["type"] == "AddFile"][0]["file_contents"]
    clean_build_equals(site, site / "output")


def test_a_begun_shard_whose_pages_changed_is_indexed_as_a_clean_build_would(tmp_path, monkeypatch):
    """An edit that makes every page again (the theme changed too) hands Pagefind each of the
    shard's pages; one that adds a page to the edited page's shard leaves the begun index unused
    (it holds the shard as it was). Either way the index is a clean build's."""
    from tests.cache.test_incremental import clean_build_equals

    monkeypatch.setattr(search, "SHARD_PAGES", 3)
    monkeypatch.setattr(search, "ONE_INDEX_PAGES", 0)
    site = three_games(tmp_path)
    build(site, stages=[])
    sent = sent_requests(monkeypatch)
    edit(site / "content/pebbles-b/reference.md", "Move a Pebble.", "Move a Pebble northwards.")
    theme = site / "templates/game.html"
    theme.parent.mkdir(exist_ok=True)
    shutil.copy(Path(search.__file__).parents[1] / "theme/game.html", theme)
    edit(theme, "</main>", "<p>Printed on recycled paper.</p></main>")
    assert build(site, stages=[]).rendered == 9
    begun = next(request for request in sent if request["type"] == "AddDir" and Path(request["path"]) == site / "output")
    shard = next(shard for shard in shards_of(site) if "pebbles-b/reference.html" in shard.urls)
    assert sorted(request["url"] for request in sent if request["type"] == "AddFile"
                  and request["index_id"] == begun["index_id"]) == sorted(f"/{url}" for url in shard.urls)
    clean_build_equals(site, site / "output")
    sent.clear()
    game = site / "content/pebbles-b/game.toml"
    edit(game, 'pages = ["rules", "reference", "glossary"]', 'pages = ["rules", "reference", "glossary", "extra"]')
    (site / "content/pebbles-b/extra.md").write_text("---\ntitle: Extra\n---\n\nA Pebble rests.\n")
    edit(site / "content/pebbles-b/reference.md", "northwards", "southwards")
    build(site, stages=[])
    assert any({"pebbles-b/reference.html", "pebbles-b/extra.html"} <= set(shard.urls) for shard in shards_of(site))
    assert not [request for request in sent if request["type"] == "AddFile"]
    clean_build_equals(site, site / "output")
