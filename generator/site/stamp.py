"""What a game's page shows of the release it belongs to (issue 32): the version and date in
its footer, with links to the release's "What changed" page and to the game's feed; the feed
in its <head>; and, for the Play and Try-it share links (templates/assets/play.js), the
release the page is and where each earlier release is readable. A game that lists no release
gets none of it: its pages stay byte for byte as they were."""
from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape

from generator.content.model import Game, Site
from generator.i18n.interface import reader_language, release_label, releases_title
from generator.urls import SITE_FEED, changes_url, relative, release_folder, releases_feed


@dataclass(frozen=True)
class PageRelease:
    """A page's release, its links relative to the page."""

    version: str
    label: str  # "version 1.1, 26 November 2026", in the page's language ("Version 1.1, 26. November 2026")
    feed: str  # the game's Atom feed
    changes: str  # the release's "What changed" page ("": the release has none, a game's first)
    earlier: str  # JSON: {version: folder} of every earlier release the site builds, for play.js

    def __post_init__(self):
        if not (self.version and self.label and self.feed):
            raise ValueError(f"a page's release needs a version, a label and a feed: {self!r}")


def page_release(site: Site, game: Game, url: str) -> PageRelease | None:
    """The release of `game` (a current game, or an earlier release of one) as its page at
    `url` shows it; None for a game that lists no release."""
    release = game.release
    if release is None:
        return None
    home = game.release_of or game.translation_of or game.slug  # the game whose folder holds the feed and every release
    changes = changes_url(home, release.version)
    earlier = {older.version: relative(url, release_folder(home, older.version) + "/")
               for older in game.releases[:-1] if site.game(release_folder(home, older.version))}
    return PageRelease(
        version=release.version, label=release_label(reader_language(game, site), release.version, release.date),
        feed=relative(url, releases_feed(home)),
        changes=relative(url, changes) if any(page.url == changes for page in game.pages) else "",
        earlier=json.dumps(earlier, sort_keys=True, separators=(",", ":")))


def feed_link(title: str, href: str) -> str:
    """A <link> in a page's <head> that feed readers find (rel=alternate, Atom)."""
    return f'<link rel="alternate" type="application/atom+xml" title="{escape(title)}" href="{escape(href)}">'


def game_feed_head(game: Game, release: PageRelease | None, language: str = "en") -> list[str]:
    """The game's feed, named in the page's `language`."""
    return [feed_link(releases_title(language, game.title), release.feed)] if release else []


def site_feed_head(site: Site, url: str) -> list[str]:
    """The site's feed, on its index, when any game lists a release (generator/feeds)."""
    if not any(game.releases for game in site.games):
        return []
    return [feed_link(releases_title(site.language, site.title), relative(url, SITE_FEED))]
