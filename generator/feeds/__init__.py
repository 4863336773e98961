"""Atom feeds of the games' releases (issue 32), for players who want errata as they happen:
one per game that lists releases (urls.releases_feed) and one for the site (urls.SITE_FEED),
an entry per release linking to its "What changed" page (its rules, for a game's first).

Written with the standard library (xml.etree) in a fixed order, so the same sources give the
same bytes; nothing here reads a clock. An entry's id is a tag: URI (RFC 4151) made of the
site's host, the release's date, the game and the version: the same in every build, in the
game's feed and the site's, wherever the site is served from.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.content.model import Game, Site
from generator.content.releases import Release
from generator.i18n.interface import release_label, releases_title
from generator.urls import (RULES_PAGE, SITE_FEED, absolute_url, changes_url, page_url, release_folder,
                            releases_feed)
from generator.xmltext import xml_text

ATOM = "http://www.w3.org/2005/Atom"
GENERATOR = "Rulepress"


@dataclass(frozen=True)
class Entry:
    """One release as a feed reader shows it."""

    id: str  # a tag: URI, the same in every build
    title: str
    updated: str  # RFC 3339
    link: str  # absolute: its "What changed" page, or its rules
    summary: str

    def __post_init__(self):
        if not (self.id.startswith("tag:") and self.title and self.link.startswith(("http://", "https://"))):
            raise ValueError(f"an Atom entry needs a tag: id, a title and an absolute link: {self!r}")


@dataclass(frozen=True)
class Feed:
    id: str  # the feed's own absolute URL (it never moves while the site does not)
    title: str
    updated: str  # RFC 3339: its newest entry's
    self_link: str  # absolute
    page_link: str  # absolute: the page a reader opens for the game (or the site)
    author: str
    language: str
    entries: tuple[Entry, ...]  # newest first

    def __post_init__(self):
        if not self.entries:
            raise ValueError(f"a feed of releases needs at least one release: {self.id}")


def current_games_with_releases(site: Site) -> list[Game]:
    """The games whose current rules list releases (an earlier release, itself a game of the
    site, is an entry of its game's feed, not a feed of its own; a translation has its source's)."""
    return [game for game in site.games if game.releases and not game.release_of and not game.translation_of]


def game_feed(site: Site, game: Game) -> Feed:
    pages = {page.url for page in site.pages}
    entries = tuple(reversed([release_entry(site, game, index, pages) for index in range(len(game.releases))]))
    return Feed(id=absolute(site, releases_feed(game.slug)), title=releases_title(site.language, game.title),
                updated=entries[0].updated, self_link=absolute(site, releases_feed(game.slug)),
                page_link=absolute(site, page_url(game.slug, RULES_PAGE)), author=site.title,
                language=site.language, entries=entries)


def site_feed(site: Site) -> Feed | None:
    """Every game's releases, newest first (None: no game lists a release)."""
    pages = {page.url for page in site.pages}
    entries = [release_entry(site, game, index, pages)
               for game in current_games_with_releases(site) for index in range(len(game.releases))]
    if not entries:
        return None
    entries.sort(key=lambda entry: (entry.updated, entry.id), reverse=True)
    return Feed(id=absolute(site, SITE_FEED), title=releases_title(site.language, site.title), updated=entries[0].updated,
                self_link=absolute(site, SITE_FEED), page_link=absolute(site, "index.html"), author=site.title,
                language=site.language, entries=tuple(entries))


def release_entry(site: Site, game: Game, index: int, pages: set[str]) -> Entry:
    """The entry of `game.releases[index]`: its link is its "What changed" page where the site
    has one (every release after the first), else its rules (its own folder's for an earlier
    release, the game's for the current one or where the earlier one is not built)."""
    release = game.releases[index]
    changes = changes_url(game.slug, release.version)
    rules = page_url(game.slug if release is game.release else release_folder(game.slug, release.version), RULES_PAGE)
    link = next((url for url in (changes, rules) if url in pages), page_url(game.slug, RULES_PAGE))
    label = release_label(site.language, release.version, release.date)  # the feed's language: the site's
    return Entry(id=tag_id(site, game, release), title=f"{game.title} {label}",
                 updated=f"{release.date}T00:00:00Z", link=absolute(site, link), summary=release.summary)


def tag_id(site: Site, game: Game, release: Release) -> str:
    """tag:<host>,<release date>:<path prefix><game>/<version>, e.g.
    "tag:games.example,2026-11-26:/splut/1.0" (RFC 4151: the host named it on that date)."""
    from urllib.parse import urlsplit  # only a site with releases pays for the import

    host = urlsplit(site.base_url).hostname or "localhost"
    return f"tag:{host},{release.date}:{site.path_prefix}{game.slug}/{release.version}"


def absolute(site: Site, url: str) -> str:
    return absolute_url(site.base_url, site.path_prefix, url)


def atom_xml(feed: Feed) -> bytes:
    """The feed as Atom 1.0 (RFC 4287), UTF-8, indented; elements in a fixed order. Every text
    and address goes through xml_text: one control character would make the whole feed
    unreadable, and a feed reader says nothing, it just stops updating."""
    from xml.etree import ElementTree as ET  # only a site with releases pays for the import

    def add(parent, tag: str, text: str | None = None, **attributes: str):
        node = ET.SubElement(parent, tag, {name: xml_text(value) for name, value in attributes.items()})
        if text is not None:
            node.text = xml_text(text)
        return node

    root = ET.Element("feed", {"xmlns": ATOM, "xml:lang": xml_text(feed.language)})
    for tag, text in (("id", feed.id), ("title", feed.title), ("updated", feed.updated)):
        add(root, tag, text)
    add(root, "link", rel="self", type="application/atom+xml", href=feed.self_link)
    add(root, "link", rel="alternate", type="text/html", href=feed.page_link)
    add(add(root, "author"), "name", feed.author)
    add(root, "generator", GENERATOR)
    for entry in feed.entries:
        node = add(root, "entry")
        for tag, text in (("id", entry.id), ("title", entry.title), ("updated", entry.updated)):
            add(node, tag, text)
        add(node, "link", rel="alternate", type="text/html", href=entry.link)
        add(node, "summary", entry.summary, type="text")
    ET.indent(root)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="utf-8",
                                                                       xml_declaration=False) + b"\n"
