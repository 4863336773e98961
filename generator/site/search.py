"""Site search: Pagefind indexes of the games' pages, made at build time.

Pagefind (the `pagefind` package's binary) reads each finished page, keeps what
the theme marks `data-pagefind-body` (the article: not menus, not diagrams) and
writes a static index with its own search UI. The site serves it itself:
nothing is fetched from elsewhere, and it runs under the pages'
Content-Security-Policy ('wasm-unsafe-eval' is already there for Pyodide).

The index is split into shards of whole games, about SHARD_PAGES pages each,
so that editing a page re-indexes its shard, not the site: Pagefind costs about
1.7-2 ms a page and 10 ms a run: about 2 s for 1,000 pages. The reader's search UI loads the first
shard and merges the others (Pagefind's `mergeIndex`, which shares one WebAssembly
module); `pagefind/shards.json` lists them. Shards are filled in the site's game
order, so a site of up to SHARD_PAGES pages has one index, as before.

The binary is run on the staging output, told the shard's pages by a glob, rather
than through the package's async service, which sleeps 0.1 s before reading each
reply (0.4 s for one page).
"""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

FOLDER = "pagefind"
LIST = f"{FOLDER}/shards.json"  # the shards' folders, first the one whose UI and runtime the reader loads
# Measured: a 20-page shard re-indexes in about 0.05 s, and a 1,000-page site is 50 shards,
# which a search fetches in parallel (each shard's entry, metadata and the term's chunk).
SHARD_PAGES = 20
# Pagefind's other UIs (web components, modular) and its highlighter: the theme uses the default UI
UNUSED = ("pagefind-component-ui.css", "pagefind-component-ui.js", "pagefind-modular-ui.css",
          "pagefind-modular-ui.js", "pagefind-highlight.js")
# what only the first shard needs: the runtime and the UI (merged shards share them)
RUNTIME = ("pagefind.js", "pagefind-worker.js", "pagefind-ui.css", "pagefind-ui.js", "wasm.*.pagefind")
NOT_TEXT = ("svg", "[hidden]")  # diagrams' labels and hidden helpers are not words of the rules


class SearchIndexFailed(RuntimeError):
    """Pagefind could not index the pages (its own message says why)."""


@dataclass(frozen=True)
class Shard:
    name: str  # its folder below FOLDER
    urls: tuple[str, ...]  # its pages, whole games in site order

    @property
    def first(self) -> bool:
        return self.name == "0"


def plan_shards(games: list[list[str]]) -> list[Shard]:
    """Each game's page URLs (in site order) packed into shards of whole games,
    a new shard begun when the next game would take this one past SHARD_PAGES."""
    shards: list[list[str]] = [[]]
    for urls in games:
        if shards[-1] and len(shards[-1]) + len(urls) > SHARD_PAGES:
            shards.append([])
        shards[-1].extend(urls)
    return [Shard(str(number), tuple(urls)) for number, urls in enumerate(shards) if urls]


def shard_list(shards: list[Shard]) -> bytes:
    """`pagefind/shards.json`: what the theme's search script reads to load them."""
    return json.dumps({"shards": [f"{shard.name}/" for shard in shards]}).encode("utf-8")


def index_shards(shards: list[Shard], site: Path, folder: Path, language: str, processes: int | None) -> None:
    """Index each shard's pages, read from the finished `site`, into `folder`/<its name>,
    several shards at once (each run is a short subprocess)."""
    from concurrent.futures import ThreadPoolExecutor

    from generator.pagework import worker_count

    with ThreadPoolExecutor(max_workers=max(1, min(len(shards), processes or worker_count()))) as pool:
        list(pool.map(lambda shard: write_index(shard.urls, site, folder / shard.name, language,
                                                runtime=shard.first), shards))


def write_index(urls: tuple[str, ...], site: Path, folder: Path, language: str, *, runtime: bool = True) -> None:
    """Index the pages `urls` of `site` into `folder`, which must not exist yet; without
    `runtime`, only the index itself (a shard merged into the first). The pages are
    named to Pagefind by a glob of their exact paths (slugs and page names are letters,
    digits and hyphens: nothing in them is special to a glob), so nothing is copied."""
    from pagefind_bin import get_executable

    command = [str(get_executable()), "--site", str(site), "--glob", "{" + ",".join(urls) + "}",
               "--output-path", str(folder), "--silent", "--keep-index-url",
               "--force-language", language.split("-")[0].lower()]
    for selector in NOT_TEXT:
        command += ["--exclude-selectors", selector]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SearchIndexFailed(f"Pagefind failed ({done.returncode}): {(done.stderr or done.stdout).strip()}")
    for pattern in UNUSED + (() if runtime else RUNTIME):
        for path in folder.glob(pattern):
            path.unlink()
