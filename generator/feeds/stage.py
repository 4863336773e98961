"""The build stage for the releases' Atom feeds (generator/feeds): a game's feed with its
files, the site's with the site-wide ones. A site whose games list no release gets no feed,
and this stage costs it nothing."""
from __future__ import annotations

from generator.content.model import Game, Site
from generator.fingerprint import digest
from generator.stages import GameOutput, Stage, StageContext
from generator.urls import SITE_FEED, releases_feed


class FeedStage(Stage):
    name = "feeds"

    def game_key(self, site: Site, game: Game) -> str | None:
        if not game.releases or game.release_of or game.translation_of:  # one feed a game, whatever its languages
            return None
        # what the feed says: the site's address and name, the game's title, its releases, and
        # which of them have a "What changed" page (the releases decide that)
        return digest(site.base_url, site.path_prefix, site.title, site.language, game.slug, game.title,
                      *(repr(release) for release in game.releases))

    def write_game(self, site: Site, game: Game, output, context: StageContext) -> GameOutput:
        from generator.feeds import atom_xml, game_feed

        output.write(releases_feed(game.slug), atom_xml(game_feed(site, game)))
        return GameOutput()

    def write_site(self, site: Site, output, context: StageContext, uses: dict) -> None:
        if not any(game.releases for game in site.games):
            return
        from generator.feeds import atom_xml, site_feed

        feed = site_feed(site)
        if feed is not None:
            output.write(SITE_FEED, atom_xml(feed))
