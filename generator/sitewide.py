"""What the build makes of the whole site once the games' pages are written: the search index
(site/search.py: Pagefind reads the finished pages), and the site's own pages beside the games'
(the index, the 404 page, the sitemap and robots.txt), each made again only when what it
depends on changed.

Search is a step here, not a stage: it reads every finished page (a stage's write_site sees
what pages use, not the pages) and keeps its shards in the build cache across builds (the
stage protocol keeps a stage's per-game output only)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.keys import site_pages_key

if TYPE_CHECKING:
    from generator.content.model import Site

SITE_PAGES = ("index.html", "404.html", "sitemap.xml", "robots.txt")  # written beside the games' pages


def prepare_search(site: Site, output, warm: bool = True, ahead=None):
    """The search index to make (site/search.py's Indexing): its Pagefind service started now
    (`warm`), while the pages are made, unless the build started one `ahead` (site/search.py's Ahead)."""
    from generator.site.search import Indexing

    return Indexing(site, output, warm, ahead)


def begin_search(previous, hashes: dict[str, str], output_dir):
    """The shards of the last build's search index that hold the pages whose sources changed
    (`hashes`: path -> this build's sha256), begun from the last output (site/search.py's
    begin_shards), or None."""
    from generator.site.search import begin_shards

    old = previous.sources
    changed = {path for path, sha in hashes.items() if (old.get(path) or (None,))[0] != sha}
    return begin_shards(previous.search, previous.pages, changed, output_dir) if changed else None


def start_search(indexing, pages: dict, reuse, code: str, processes: int | None, say) -> None:
    """The search index's shards (site/search.py's Indexing, made before the pages), each made
    again only when its pages' HTML changed, sent to Pagefind (`pages`: url -> cache.PageEntry);
    `indexing.finish()` then gives this build's entries for the build cache."""
    old = reuse.previous.search if reuse.previous else {}
    indexing.start(pages, old, code, processes, say, reuse)


def write_site_pages(site: Site, output, context, site_key: str, game_digests: dict[str, str], reuse) -> str:
    """Write (or keep, `reuse`: the Builder's reuse.Reuse) the site's pages; their keys, for the
    build cache: the index and 404 page show no dates, so an edit (a page's new date) makes
    the sitemap again, not them and their templates."""
    from generator.site.lastmod import page_dates
    from generator.site.sitemap import robots, sitemap

    dates = page_dates(site)
    pages_key, map_key = site_pages_key(site_key, game_digests, {}), site_pages_key(site_key, game_digests, dates)
    old = (reuse.previous.site_pages if reuse.previous else "").split(" ")
    if old[0] != pages_key or not all(reuse.file(output, rel) for rel in SITE_PAGES[:2]):
        write_index_pages(site, output, context)
    if old[-1] != map_key or not all(reuse.file(output, rel) for rel in SITE_PAGES[2:]):
        output.write("sitemap.xml", sitemap(site.base_url, site.path_prefix,
                                            ["index.html", *(p.url for p in site.pages)], dates))
        output.write("robots.txt", robots(site.base_url, site.path_prefix))
    return f"{pages_key} {map_key}"


def write_index_pages(site: Site, output, context) -> None:
    """The index and the 404 page."""
    from generator.site import pages as site_pages
    from generator.site.theme import make_environment

    env = make_environment(site.root, context.bytecode_dir)
    output.write("index.html", site_pages.render_index(env, context))
    output.write("404.html", site_pages.render_not_found(env, context))
