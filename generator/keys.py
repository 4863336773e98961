"""The build's keys: what each product depends on, as a digest of the inputs' hashes (the
Builder hashes every source once: generator.fingerprint.file_hashes). One place, so a key
is written once and every stage and the Builder agree on what "changed" means:

    input_digest   everything the build reads: the no-op check
    game_digests   per game, what its pages depend on beyond their own text
    folder_key     the files below a folder, by name and content: a stage's game key starts there
"""
from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from generator.fingerprint import digest, tree_file_names
from generator.site.lastmod import git_state
from generator.site.theme import PACKAGE_THEME, theme_dirs

if TYPE_CHECKING:
    from generator.content.model import Site

RELEASE_ARCHIVE = "releases"  # earlier releases' archived sources (generator/releases/sources.ARCHIVE)


def folder_key(hashes: dict[str, str], folder, skip: tuple[str, ...] = ()) -> str:
    """The files below `folder` by name and content, from the Builder's `hashes` (StageContext):
    no file is read again. Names ending in one of `skip` are left out."""
    prefix = str(folder) + os.sep
    return digest(*sorted(f"{path[len(prefix):]}\0{sha}" for path, sha in hashes.items()
                          if path.startswith(prefix) and not path.endswith(skip)))


def source_files(root: Path) -> list[str]:
    """Every file the build reads but the Pyodide lock: content and theme. The site's own
    folders are walked with their links checked: no file outside the site is read."""
    return [name for folder in (root / "content", root / RELEASE_ARCHIVE, *theme_dirs(root))
            for name in tree_file_names(folder, inside=None if folder == PACKAGE_THEME else root)]


def input_digest(root: Path, code: str, hashes: dict[str, str]) -> str:
    """Every file the build reads, for the no-op check (content, theme, Pyodide lock)."""
    parts = [folder_key(hashes, folder) for folder in (root / "content", root / RELEASE_ARCHIVE, *theme_dirs(root))]
    lock = root / "package-lock.json"
    parts.append(lock.read_bytes().hex() if lock.is_file() else "")
    parts.append(runtime_version(root))  # adding the runtime later must build again
    parts.append(git_state(root))  # a commit moves the sitemap's dates (generator/site/lastmod.py)
    return digest(code, *parts)


def runtime_version(root: Path) -> str:
    from generator.interactive.runtime import RuntimeMissing, find_pyodide, pyodide_version

    try:
        return pyodide_version(find_pyodide(root))
    except (RuntimeMissing, OSError, ValueError, KeyError):
        return "missing"


def game_digests(site: Site, hashes: dict[str, str]) -> dict[str, str]:
    """Per game, its inputs other than its pages' text (game.toml, data, engine,
    images), its pages' titles and its glossary."""
    content = str(site.content) + os.sep
    files: dict[str, list[str]] = {}  # slug -> "name\0hash" of its files
    for path, sha in sorted(hashes.items()):
        if path.startswith(content) and not path.endswith(".md"):
            slug, _, name = path[len(content):].partition(os.sep)
            files.setdefault(slug, []).append(f"{name}\0{sha}")
    digests = {}
    for game in site.games:
        glossary = next((p for p in game.pages if p.glossary), None)
        titles = "\n".join(f"{p.name}\t{p.title}" for p in game.pages)
        digests[game.slug] = digest(*own_files(game, files), titles, glossary.source_hash if glossary else "")
    return digests


def own_files(game, files: dict[str, list[str]]) -> list[str]:
    """The "name\0hash" of the game's files: a translation's are its source game's and its own
    catalogue; the catalogues (i18n/) are no input of the game in its own language."""
    catalogues = "i18n" + os.sep
    found = files.get(game.translation_of or game.slug, [])
    if game.translation_of:
        own = f"{catalogues}{game.language}.po\0"
        return [entry for entry in found if not entry.startswith(catalogues) or entry.startswith(own)]
    return [entry for entry in found if not entry.startswith(catalogues)]


def stage_keys(stages: list, site: Site, code: str) -> dict[str, str]:
    """The key of each stage's inputs per game ("stage/slug" -> key), for games the stage has
    inputs in: its own game_key, its product's key and those of the products it reads
    (stages.py), so a change to a product makes every stage that reads it again."""
    products = {stage.product.name: stage.product for stage in stages if stage.product is not None}
    keys = {}
    for stage in stages:
        names = ((stage.product.name,) if stage.product is not None else ()) + tuple(stage.reads)
        for game in site.games:
            key = stage.game_key(site, game)
            if key is not None:
                read = [f"{name}={products[name].key(site, game)}" for name in names if name in products]
                keys[f"{stage.name}/{game.slug}"] = digest(code, key, *read)
    return keys


def site_key(site: Site, code: str, hashes: dict[str, str], assets: dict[str, str]) -> str:
    """What every page depends on: the code, the theme, site.toml and the assets' hashed names."""
    theme = digest(*(folder_key(hashes, folder) for folder in theme_dirs(site.root)))
    site_toml = (site.content / "site.toml").read_bytes()
    named = "\n".join(f"{name}={target}" for name, target in sorted(assets.items()))
    return digest(code, theme, site_toml, named)


def page_key(site_key: str, game_digest: str, stages_key: str, page) -> str:
    """A page's key: the site's, its game's inputs, what the stages give its pages, its text
    (digest's bytes: the three keys its game's pages share hashed once, see prefix_hash)."""
    h = prefix_hash(site_key, game_digest, stages_key).copy()
    data = page.source_hash.encode("utf-8")
    h.update(len(data).to_bytes(8, "little"))
    h.update(data)
    return h.hexdigest()


@functools.lru_cache(maxsize=1)  # a game's pages come one after the other: every page of a site is keyed
def prefix_hash(*parts: str):
    """The hash of `digest(*parts, ...)` up to its last part, to copy."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h


def site_pages_key(site_key: str, game_digests: dict[str, str], dates: dict[str, str]) -> str:
    """The index, 404 page and sitemap: the site's key, every game's inputs, the pages' dates."""
    return digest(site_key, *(f"{slug}={key}" for slug, key in sorted(game_digests.items())),
                  *(f"{url}={date}" for url, date in sorted(dates.items())))
