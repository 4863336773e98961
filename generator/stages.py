"""The build stage protocol (the stages that ship are listed in build.default_stages).

A stage (in the spirit of MkDocs' BasePlugin) overrides the methods it needs;
every method here does nothing. The build calls them in this order:

    start(site)                                 forget the last build's state
    directives(site) -> {name: directive}       fenced-block directives for pages
    check(site) -> [ContentError]               validate the stage's inputs (build and `check`);
                                                a build skips it while the stage's game keys are
                                                those of the last build (they cover its inputs)
    game_key(site, game) -> str | None          content key of the stage's inputs for one game
                                                (None: the stage has nothing for this game)
    write_game(site, game, output, context) -> info
                                                the game's files; `info` (JSON) may hold
                                                {"sections": {page url: [{id, title, html}]}}
    plan_game(site, game, context) -> info      what write_game would give, without writing:
                                                its sections and "files", the paths it would write
    finish(site, output)                        after the pages: wait for what write_game left
                                                running (in child processes) and record its files;
                                                such a stage lists them in the info's "files"
    abandon()                                   the build failed: stop what is still running
    write_site(site, output, context, uses)     site-wide files, knowing what pages use
                                                (`uses`: kind -> set of values from directives)
    plan_site(site, uses) -> [path]             the files write_site would write
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.content.model import Game, Site
    from generator.errors import ContentError


class Stage:
    name = "stage"  # for progress messages and the build cache
    # What it makes is for print (PDFs): after a save, `serve` rebuilds the pages with the
    # stage's last files and info, and makes them anew in the full build that follows.
    printed = False
    # write_game leaves work running that `finish` completes: the game's files are the
    # info's "files", not what write_game itself wrote
    writes_later = False

    def start(self, site: Site) -> None:
        """A new build or check begins: sources may have changed since the last one."""

    def directives(self, site: Site) -> dict:
        return {}

    def check(self, site: Site) -> list[ContentError]:
        return []

    def game_key(self, site: Site, game: Game) -> str | None:
        return None

    def write_game(self, site: Site, game: Game, output, context) -> dict:
        return {}

    def plan_game(self, site: Site, game: Game, context) -> dict:
        return {}

    def finish(self, site: Site, output) -> None:
        return None

    def abandon(self) -> None:
        return None

    def write_site(self, site: Site, output, context, uses: dict) -> None:
        return None

    def plan_site(self, site: Site, uses: dict) -> list[str]:
        return []
