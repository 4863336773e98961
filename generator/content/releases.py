"""A game's releases, as game.toml lists them:

    [[releases]]
    version = "1.1"
    date = 2026-11-26            # a TOML date, or the same as text
    summary = "Errata: a Troll may not throw a Stone over the Sorcerer"
    ref = "splut-1.1"            # optional: the git tag or commit holding this release's sources

The newest release (by date; of one date, the later listed) is the current one: its sources are the
site's files as they are. An earlier one is read from `ref` in the site's git history, or, where
the site is not a git repository, from the game's archived sources (generator/releases)."""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

VERSION = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.\-]{0,31}$")  # a URL segment: /<game>/<version>/


def version_problem(value: str) -> str | None:
    # a trailing dot is dropped from a folder's name on Windows: "1." would be "1"
    if not VERSION.match(value) or ".." in value or value.endswith("."):
        return ("a version of letters, digits, dots and hyphens (at most 32, not ending with a dot), "
                "e.g. \"1.0\" or \"2nd-edition\"")
    return None


def version_clash(version: str, slug: str) -> str | None:
    """What the folder of the release (`<slug>/<version>/`) would be one path with in the game's
    output folder, if anything: its kit, exports, feed, rulebooks or a page. Case-blind, as the
    file systems of macOS and Windows are ("Kit" is "kit" there)."""
    from generator.urls import PAGE_SUFFIX, game_folder_names

    folded = version.casefold()
    if folded.endswith(PAGE_SUFFIX):
        return f"where a page's file goes (<page>{PAGE_SUFFIX})"
    return next((f"the game's {name}" for name in sorted(game_folder_names(slug)) if name.casefold() == folded),
                None)


def version_names(slug: str) -> str:
    """The names a version may not be, for messages."""
    from generator.urls import PAGE_SUFFIX, game_folder_names

    return ", ".join(sorted(game_folder_names(slug))) + f" or <page>{PAGE_SUFFIX}"


def date_problem(value) -> str | None:
    try:
        datetime.date.fromisoformat(str(value))
    except ValueError:
        return "a date, e.g. 2026-11-26"
    return None


@dataclass(frozen=True)
class Release:
    version: str
    date: str  # ISO 8601, e.g. "2026-11-26"
    summary: str
    ref: str = ""  # git tag or commit of the site's repository ("" : from the archive, or the current files)

    def __post_init__(self):
        problem = version_problem(self.version) or date_problem(self.date)
        if problem:
            raise ValueError(f"release {self.version!r} {self.date!r}: {problem}")

    @property
    def date_text(self) -> str:
        """The date as a reader reads it: "26 November 2026"."""
        day = datetime.date.fromisoformat(self.date)
        return f"{day.day} {day:%B %Y}"


def ordered(releases: list[Release]) -> tuple[Release, ...]:
    """Oldest first; the last is the current release. Of one date, the later listed is newer."""
    return tuple(release for _, _, release in sorted((r.date, i, r) for i, r in enumerate(releases)))
