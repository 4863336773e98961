"""The Builder's one reuse decision: whether what the last build made (its build cache entry,
generator/cache.py) stands for this build, so its files are kept rather than made again.

An entry stands when its key is this build's and every file it lists is still in the last
output as the cache saw it. Pages first (`serve`'s first pass after a save), a printed
stage's or the search index's out-of-date entry may stand for now: its files are kept, its old
key with them, and `deferred` says so (the full build that follows makes them again). When
`serve` knows the pages its browsers show (`open_pages`), the other pages' out-of-date HTML
stands for now too: the page being read is made first, the rest follow in the full build.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator import cache as build_cache
    from generator.write import OutputFolder


class Reuse:
    def __init__(self, previous: build_cache.Manifest | None, pages_first: bool = False,
                 open_pages: frozenset[str] | None = None):
        self.previous = previous  # the last build's manifest (None: a clean build)
        self.pages_first = pages_first and previous is not None
        # pages first: the URLs a browser shows (None: not known, every page is made now)
        self.open_pages = open_pages if self.pages_first else None
        self.deferred = False  # an out-of-date entry stood for now (pages first)
        self.pages_later = 0  # pages whose out-of-date HTML stood for now (no browser showed them)

    def file(self, output: OutputFolder, rel: str) -> bool:
        """Keep the last output's `rel`, whose stat the build cache has just checked."""
        return output.reuse(rel, self.previous.files.get(rel), self.previous.inodes.get(rel))

    def kept(self, output: OutputFolder, old, key: str) -> bool:
        """Whether the last build's entry `old` (its key and files) stands for this build's
        `key`: its files are reused when the key is unchanged, or kept for now, pages first."""
        if old and old.key == key and all(self.file(output, rel) for rel in old.files):
            return True
        return self.kept_for_now(output, old)

    def unchanged(self, output: OutputFolder, old, key: str) -> bool:
        """`old` stands for `key` itself (not for now): the key is the same and its files are there."""
        return bool(old) and old.key == key and all(self.file(output, rel) for rel in old.files)

    def kept_for_now(self, output: OutputFolder, old) -> bool:
        """Pages first: keep an out-of-date entry's files (and its old key, so that the full
        build that follows makes them again)."""
        if self.pages_first and old is not None and all(self.file(output, rel) for rel in old.files):
            self.deferred = True
            return True
        return False

    def page_kept_for_now(self, output: OutputFolder, url: str, old) -> bool:
        """Pages first, the open pages known: a page no browser shows keeps its last HTML (and its
        old key and links, so that the full build that follows makes it again)."""
        if self.open_pages is None or url in self.open_pages or old is None or not old.path:
            return False
        if not self.file(output, url):
            return False
        self.deferred = True
        self.pages_later += 1
        return True

    def made_before(self, stage, game) -> build_cache.GameEntry | None:
        """The last build's entry for what `stage` made of `game` (None: none)."""
        return self.previous.games.get(f"{stage.name}/{game.slug}") if self.previous else None

    def checked_before(self, stage, game_keys: dict[str, str]) -> bool:
        """The last (successful) build checked the very inputs `stage` has now: its game keys,
        which cover everything its check reads, are unchanged. Saves a one-page edit from
        loading every game's kit spec (and reportlab)."""
        if self.previous is None:
            return False
        prefix = f"{stage.name}/"
        now = {entry: key for entry, key in game_keys.items() if entry.startswith(prefix)}
        before = {entry: old.key for entry, old in self.previous.games.items() if entry.startswith(prefix)}
        return bool(now) and now == before  # no keys: nothing vouches for its inputs

    def can_defer(self, stage, game_keys: dict[str, str]) -> bool:
        """Pages first, and every game a printed stage has work for has files from the last
        build to stand in (a game new to the stage is made now: its pages link to its files)."""
        if not (self.pages_first and stage.printed):
            return False
        prefix = f"{stage.name}/"
        return all(entry in self.previous.games for entry in game_keys if entry.startswith(prefix))
