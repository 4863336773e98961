"""A site's earlier releases as games of their own, so that one build makes them.

Each release of a game but the current one is loaded from its own sources (sources.py) as a
Game whose slug is "<game>/<version>": its pages, kit and walkthroughs land at
/<game>/<version>/ by the same URL rules as any game's, and its engine is its own (a game's
package is keyed by its folder). Each release after the first gets a "What changed" page at
/<game>/<version>/changes.html, a page of the game that release is (the current game for the
current release), whose ```release-changes block compares it with the release before.

A site where no game lists more than one release is returned as it is: no git call, no file.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import replace
from pathlib import Path

from generator.content.load import Known, load_game, load_page
from generator.content.model import Game, Page, Site
from generator.content.releases import Release
from generator.content.schema import Source
from generator.errors import ContentError, ContentErrors
from generator.fingerprint import digest, file_hashes
from generator.i18n import FOLDER
from generator.i18n.interface import N_, gettext
from generator.releases.sources import Missing, Scratch, unpack_release
from generator.urls import CHANGES_PAGE, release_folder

DIRECTIVE = "release-changes"


def with_earlier_releases(site: Site, known: Known) -> Site:
    """`site` with every game's earlier releases and "What changed" pages added. The sources'
    hashes go into `known.hashes` (the stages' keys of an earlier release's inputs)."""
    histories = [game for game in site.games if len(game.releases) > 1]
    if not histories:
        return site
    scratch = Scratch()
    errors: list[ContentError] = []
    games = {game.slug: game for game in site.games}
    for game in histories:
        for release in game.releases[:-1]:
            earlier = load_release(site.root, game, release, scratch, known, errors)
            if earlier is not None:
                games[earlier.slug] = earlier
    if errors:
        raise ContentErrors(errors)
    for game in histories:
        for before, after in zip(game.releases, game.releases[1:]):
            owner = release_slug(game, after)
            page = changes_page(scratch, game, before, after, known, errors, site.language)
            if page is not None and owner in games and not taken(games[owner], page, errors):
                games[owner] = replace(games[owner], pages=(*games[owner].pages, page))
    if errors:
        raise ContentErrors(errors)
    return replace(site, games=tuple(games.values()))


def taken(game: Game, page: Page, errors: list) -> bool:
    """A page of the game's own at the "What changed" page's address (a page named 'changes' of
    an earlier release): an error, as two pages at one address would be."""
    mine = next((p for p in game.pages if p.url == page.url), None)
    if mine is not None:
        errors.append(ContentError(mine.path, None, f"the page '{mine.name}' is where the \"What changed\" "
                                   f"page of this release goes ({page.url})", expected="another page name",
                                   found=mine.name))
    return mine is not None


def release_slug(game: Game, release: Release) -> str:
    """The slug of the game at `release`: its own for the current release, "<game>/<version>" else."""
    return game.slug if release == game.release else release_folder(game.slug, release.version)


def load_release(root: Path, game: Game, release: Release, scratch: Scratch, known: Known,
                 errors: list) -> Game | None:
    """The game as it was at `release`, from its sources unpacked into the scratch folder."""
    base = scratch.place("sources", release.version)
    folder = base / game.slug  # a game's folder name is its slug (load_game reads it so)
    folder.mkdir()
    origin = unpack_release(root, game.slug, release, folder)
    if isinstance(origin, Missing):
        errors.append(ContentError(game.folder / "game.toml", release_line(game, release),
                                   f"no sources for release {release.version} of {game.title}",
                                   expected=origin.looked_for, found="neither"))
        return None
    known.hashes.update(source_hashes(folder))
    found: list[ContentError] = []
    loaded = load_game(folder, base, found, known)
    errors.extend(explained(found, release, folder, origin))
    if loaded is None:
        return None
    slug = release_slug(game, release)
    pages = tuple(replace(page, game=slug) for page in loaded.pages)
    # its releases up to itself: `release` is its current one (stamps, banners)
    return replace(loaded, slug=slug, pages=pages, release_of=game.slug,
                   releases=game.releases[:game.releases.index(release) + 1])


def explained(errors: list[ContentError], release: Release, folder: Path, origin: str) -> list[ContentError]:
    """An error in an earlier release's sources names the release and the file where the author
    finds it (in git at the release's ref, or in the archived folder), not its scratch copy."""
    def source(path: Path) -> Path:
        try:
            return Path(origin) / path.relative_to(folder)
        except ValueError:
            return path

    return [ContentError(source(error.path), error.line, f"in release {release.version}: {error.message}",
                         column=error.column, expected=error.expected, found=error.found) for error in errors]


def release_line(game: Game, release: Release) -> int | None:
    """The line of the release's `version =` in game.toml, for messages."""
    path = game.folder / "game.toml"
    text = path.read_text(encoding="utf-8")
    listed = tomllib.loads(text).get("releases") or []
    index = next((i for i, entry in enumerate(listed) if entry.get("version") == release.version), None)
    return None if index is None else Source(path, text, []).line_of(("releases", index, "version"))


def source_hashes_of(paths: list[str]) -> list[str]:
    return [f"{Path(path).name}={row[0]}" for path, row in file_hashes(paths, {}).items()]


def source_hashes(folder: Path) -> dict[str, str]:
    """Every file below `folder` by path, with the sha256 of its bytes (the build's own hasher)."""
    paths = sorted(os.path.join(parent, name) for parent, folders, files in os.walk(folder)
                   if "__pycache__" not in Path(parent).parts for name in files)
    return {path: row[0] for path, row in file_hashes(paths, {}).items()}


def changes_page(scratch: Scratch, game: Game, before: Release, after: Release, known: Known,
                 errors: list, language: str = "en") -> Page | None:
    """The "What changed" page of `after`: a generated page holding one ```release-changes block,
    its title and headings in the site's `language`."""
    folder = scratch.place("changes", after.version, game.slug)
    path = folder / f"{CHANGES_PAGE}.md"
    path.write_text(changes_source(game, before, after, language), encoding="utf-8")
    # at /<game>/<version>/ whichever game holds it: the current release's stays where it is when
    # a newer one comes (a feed's link to it holds)
    return load_page(release_folder(game.slug, after.version), path, scratch.folder, errors, known)


PARTS = (("summary", ""), ("sections", N_("Rules text")), ("clarifications", N_("Clarifications")),
         ("components", N_("Cards and components")), ("walkthroughs", N_("Walkthroughs")),
         ("engine", N_("Rule engine")), ("translations", N_("For translators")))


def changes_source(game: Game, before: Release, after: Release, language: str = "en") -> str:
    """The page's Markdown: a heading per part (in its table of contents) over the part's block,
    Rulepress's words in `language` (the site's: the page is its source game's)."""
    _ = gettext(language)
    summary = _("What changed in %(game)s from version %(before)s to %(after)s.") % {
        "game": game.title, "before": before.version, "after": after.version}
    title = _("What changed in %(version)s") % {"version": after.version}
    lines = [f"---\ntitle: {yaml_text(title)}\nsummary: {yaml_text(summary)}\nonly: web\n---\n"]
    catalogues = sorted(str(path) for path in (game.folder / FOLDER).glob("*.po"))  # none: no part for translators
    for part, heading in PARTS:
        if part == "translations" and not catalogues:
            continue
        if heading:
            lines.append(f"## {_(heading)} {{#changed-{part}}}\n")
        # the translators' part names its catalogues' bytes, so the page (the source game's: its key
        # leaves catalogues out) is made again when one changes
        read = f"catalogues: {yaml_text(digest(*source_hashes_of(catalogues)))}\n" if part == "translations" else ""
        lines.append(f"```{DIRECTIVE}\nbefore: {yaml_text(release_slug(game, before))}\n"
                     f"after: {yaml_text(release_slug(game, after))}\npart: {part}\n{read}```\n")
    return "\n".join(lines)


def yaml_text(value: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    import json

    return json.dumps(value)
