"""A feed of releases (issue 32.5): an Atom feed per game with releases and one for the site,
an entry per release linking to its "What changed" page, read back by a well-kept parser
(feedparser) without complaint, the same bytes in every build, and found from the pages."""
from __future__ import annotations

import shutil

import feedparser
import pytest

from generator.build import build
from tests.sitefactory import GAME_TOML, RULES, make_site

RELEASE_1_0 = '''
[[releases]]
version = "1.0"
date = 2026-10-01
summary = "First release."
'''
RELEASE_1_1 = '''
[[releases]]
version = "1.1"
date = 2026-11-20
summary = "Errata: a tie is shared."
'''
STONES = GAME_TOML.replace('title = "Pebbles"', 'title = "Stones"') + '''
[[releases]]
version = "2.0"
date = 2026-11-25
summary = "Second edition."
'''
TAG = "tag:games.example,"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Pebbles at 1.1 with 1.0 in the archived sources; Stones at 2.0 alone; Rocks with none."""
    root = make_site(tmp_path_factory.mktemp("feeds") / "site", **{
        "content__pebbles__game.toml": GAME_TOML + RELEASE_1_0 + RELEASE_1_1,
        "content__pebbles__rules.md": RULES.replace("A tie is shared.", "A tie is shared equally."),
        "content__stones__game.toml": STONES, "content__stones__rules.md": RULES,
        "content__stones__scores.csv": "pebbles,points\n1,2\n",
        "content__rocks__game.toml": GAME_TOML.replace('title = "Pebbles"', 'title = "Rocks"'),
        "content__rocks__rules.md": RULES, "content__rocks__scores.csv": "pebbles,points\n1,2\n",
    })
    for name in ("reference.md", "glossary.md"):
        for game in ("stones", "rocks"):
            shutil.copy(root / "content/pebbles" / name, root / "content" / game / name)
    archived = root / "releases/pebbles/1.0"
    shutil.copytree(root / "content/pebbles", archived)
    (archived / "game.toml").write_text(GAME_TOML + RELEASE_1_0, encoding="utf-8")
    (archived / "rules.md").write_text(RULES, encoding="utf-8")
    build(root, root / "output")
    return root


def parsed(path):
    feed = feedparser.parse(path.read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    return feed


def test_a_games_feed_has_an_entry_per_release_linking_to_what_changed(site):
    feed = parsed(site / "output/pebbles/releases.atom")
    assert feed.feed.title == "Pebbles: releases"
    assert [link.href for link in feed.feed.links] == ["https://games.example/pebbles/releases.atom",
                                                       "https://games.example/pebbles/"]
    assert [(entry.title, entry.updated, entry.summary) for entry in feed.entries] == [
        ("Pebbles version 1.1, 20 November 2026", "2026-11-20T00:00:00Z", "Errata: a tie is shared."),
        ("Pebbles version 1.0, 1 October 2026", "2026-10-01T00:00:00Z", "First release.")]
    assert [entry.id for entry in feed.entries] == [TAG + "2026-11-20:/pebbles/1.1", TAG + "2026-10-01:/pebbles/1.0"]
    changes, first = (entry.link for entry in feed.entries)
    assert changes == "https://games.example/pebbles/1.1/changes.html"  # generator/urls.changes_url
    assert first == "https://games.example/pebbles/1.0/"  # a first release has no "What changed": its rules
    assert (site / "output/pebbles/1.1/changes.html").is_file() and (site / "output/pebbles/1.0/index.html").is_file()


def test_the_sites_feed_holds_every_games_releases_newest_first(site):
    feed = parsed(site / "output/releases.atom")
    assert feed.feed.title == "Test shelf: releases"
    assert [entry.id for entry in feed.entries] == [TAG + "2026-11-25:/stones/2.0", TAG + "2026-11-20:/pebbles/1.1",
                                                    TAG + "2026-10-01:/pebbles/1.0"]
    assert feed.feed.updated == "2026-11-25T00:00:00Z"


def test_a_game_without_releases_and_an_earlier_release_get_no_feed_of_their_own(site):
    assert not (site / "output/rocks/releases.atom").exists()
    assert not (site / "output/pebbles/1.0/releases.atom").exists()


def test_the_pages_head_links_the_feed_for_feed_readers(site):
    link = '<link rel="alternate" type="application/atom+xml" title="{}: releases" href="{}">'
    assert link.format("Pebbles", "releases.atom") in (site / "output/pebbles/reference.html").read_text()
    assert link.format("Pebbles", "../releases.atom") in (site / "output/pebbles/1.0/index.html").read_text()
    assert link.format("Test shelf", "releases.atom") in (site / "output/index.html").read_text()
    assert "application/atom+xml" not in (site / "output/rocks/index.html").read_text()


def test_feeds_are_the_same_bytes_in_every_build(site, tmp_path):
    again = tmp_path / "again"
    build(site, again, use_cache=False)
    for feed in ("releases.atom", "pebbles/releases.atom", "stones/releases.atom"):
        assert (again / feed).read_bytes() == (site / "output" / feed).read_bytes()


def test_an_edited_release_reaches_the_feeds_and_the_footers_on_the_next_build(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("output", ".rulepress-cache"))
    build(copy, copy / "output")
    game_toml = copy / "content/pebbles/game.toml"
    game_toml.write_text(game_toml.read_text().replace("Errata: a tie is shared.", "Errata: ties are shared.")
                         .replace("2026-11-20", "2026-11-21"), encoding="utf-8")
    build(copy, copy / "output")  # incremental: the build cache of the first
    for feed in ("pebbles/releases.atom", "releases.atom"):
        entry = parsed(copy / "output" / feed).entries[0 if feed.startswith("pebbles") else 1]
        assert (entry.summary, entry.updated) == ("Errata: ties are shared.", "2026-11-21T00:00:00Z")
    assert "version 1.1, 21 November 2026" in (copy / "output/pebbles/reference.html").read_text()


def test_a_site_with_releases_checks_without_writing_its_feeds(site, tmp_path, capsys):
    from generator.cli import main

    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("output", ".rulepress-cache"))
    assert main(["check", str(copy)]) == 0
    assert not (copy / "output").exists()
