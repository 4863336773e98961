"""Social and crawler metadata (issue 42.5): Open Graph and card tags on every page, robots.txt
naming the sitemap, and each sitemap entry's <lastmod> from its source's last change (git's
commit date for a committed file, else the file's own time)."""
from __future__ import annotations

import datetime
import os
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.build import build
from tests.exports.test_exports import pebbles_site

BASE = "https://games.example/"
COMMITTED = 1_700_000_000  # 2023-11-14T22:13:20Z
TOUCHED = 1_600_000_000  # 2020-09-13T12:26:40Z


class Meta(HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = attrs.get("property") or attrs.get("name")
        if tag == "meta" and name:
            self.meta[name] = attrs.get("content") or ""


def meta_of(path: Path) -> dict[str, str]:
    parser = Meta()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.meta


def kit_site(root: Path) -> Path:
    """The exports' one-game site with a kit (its board is the game's cover), exports off: only the pages matter here."""
    return pebbles_site(root, "exports = false\n")


def lastmods(site: Path) -> dict[str, str]:
    text = (site / "output/sitemap.xml").read_text()
    return dict(re.findall(r"<loc>([^<]*)</loc><lastmod>([^<]*)</lastmod>", text))


def git(site: Path, *args: str, when: int = COMMITTED) -> None:
    stamp = f"@{when} +0000"
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
    subprocess.run(["git", "-C", str(site), "-c", "user.name=T", "-c", "user.email=t@example.org",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True, env=env)


def w3c(seconds: int) -> str:
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    site = kit_site(tmp_path_factory.mktemp("social"))
    build(site, processes=1)
    return site


def test_every_page_has_open_graph_and_card_tags_with_an_absolute_picture(built):
    pages = sorted((built / "output").rglob("*.html"))
    assert len(pages) >= 4  # the index, the 404 page and the game's pages
    for page in pages:
        meta = meta_of(page)
        for name in ("og:title", "og:description", "og:image", "og:url", "twitter:card"):
            assert meta.get(name), f"{page.name}: no {name}"
        assert meta["og:image"] == BASE + "pebbles/kit/yard.svg", page.name  # the game's board, its cover
        assert meta["og:url"].startswith(BASE)
        assert meta["twitter:card"] == "summary_large_image"
    rules = meta_of(built / "output/pebbles/index.html")  # the first page: the rules
    assert rules["og:description"] == rules["description"]
    assert rules["og:url"] == BASE + "pebbles/"


def test_robots_txt_names_the_sitemap_by_its_full_address(built):
    robots = (built / "output/robots.txt").read_text()
    assert f"Sitemap: {BASE}sitemap.xml" in robots.splitlines()
    assert "User-agent: *" in robots


def test_every_sitemap_entry_has_a_lastmod(built):
    text = (built / "output/sitemap.xml").read_text()
    assert text.count("<url>") == len(lastmods(built)) >= 4


def test_outside_git_a_pages_lastmod_is_its_files_time(tmp_path):
    site = kit_site(tmp_path / "site")
    os.utime(site / "content/pebbles/rules.md", (TOUCHED, TOUCHED))
    build(site, stages=[])
    assert lastmods(site)[BASE + "pebbles/"] == w3c(TOUCHED)


def test_in_git_a_committed_page_is_dated_by_its_last_commit_and_an_edited_one_by_its_file(tmp_path):
    site = kit_site(tmp_path / "site")
    git(site, "init", "-q")
    git(site, "add", "content")
    git(site, "commit", "-q", "-m", "first")
    edited = site / "content/pebbles/reference.md"
    edited.write_text(edited.read_text() + "\nMore.\n")
    os.utime(edited, (TOUCHED, TOUCHED))
    build(site, stages=[])
    dates = lastmods(site)
    assert dates[BASE + "pebbles/"] == w3c(COMMITTED)  # not the file's time: a clone gives the same
    assert dates[BASE + "pebbles/reference.html"] == w3c(TOUCHED)
    assert dates[BASE] == w3c(COMMITTED)  # the latest of the site's sources (the edit is older here)

    git(site, "commit", "-q", "-a", "-m", "second", when=COMMITTED + 60)
    build(site, stages=[])  # no source changed, but the commit dates the edit: not a no-op
    assert lastmods(site)[BASE + "pebbles/reference.html"] == w3c(COMMITTED + 60)


def test_the_same_sources_and_commits_give_the_same_sitemap_in_another_clone(tmp_path):
    site = kit_site(tmp_path / "site")
    git(site, "init", "-q")
    git(site, "add", "content")
    git(site, "commit", "-q", "-m", "first")
    build(site, stages=[])
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(site), str(clone)], check=True, capture_output=True)
    build(clone, stages=[])
    assert (clone / "output/sitemap.xml").read_bytes() == (site / "output/sitemap.xml").read_bytes()


def test_source_date_epoch_clamps_file_times_so_copies_give_the_same_sitemap(tmp_path, monkeypatch):
    """File times are no source: two copies of a site made apart build the same sitemap when
    SOURCE_DATE_EPOCH is set (the reproducible-builds convention), and a file older keeps its own."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(TOUCHED + 3600))
    first, second = kit_site(tmp_path / "first"), kit_site(tmp_path / "second")
    os.utime(second / "content/pebbles/rules.md", (TOUCHED + 7200, TOUCHED + 7200))
    os.utime(first / "content/pebbles/reference.md", (TOUCHED, TOUCHED))
    os.utime(second / "content/pebbles/reference.md", (TOUCHED, TOUCHED))
    for site in (first, second):
        build(site, stages=[])
    assert (first / "output/sitemap.xml").read_bytes() == (second / "output/sitemap.xml").read_bytes()
    assert lastmods(first)[BASE + "pebbles/"] == w3c(TOUCHED + 3600)
    assert lastmods(first)[BASE + "pebbles/reference.html"] == w3c(TOUCHED)


def test_with_exports_a_shared_link_shows_the_cover_as_a_png_crawlers_take(tmp_path):
    """og:image is the PNG the exports draw of the cover (1200 x 630, Open Graph's large picture),
    since many crawlers and chat apps show no SVG; the kit's SVG stays the index's picture."""
    from PIL import Image

    site = pebbles_site(tmp_path / "site", "")
    build(site, processes=1)
    meta = meta_of(site / "output/pebbles/index.html")
    assert meta["og:image"] == BASE + "pebbles/exports/pebbles-social.png"
    with Image.open(site / "output/pebbles/exports/pebbles-social.png") as picture:
        assert picture.size == (1200, 630)
    assert 'src="pebbles/kit/yard.svg"' in (site / "output/index.html").read_text(), "the index keeps the SVG"
