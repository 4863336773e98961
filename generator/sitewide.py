"""The site's own pages beside the games': the index, the 404 page, the sitemap and robots.txt,
made again only when the site, the theme, a game's settings or page list, or a page's date changed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.keys import site_pages_key

if TYPE_CHECKING:
    from generator.content.model import Site

SITE_PAGES = ("index.html", "404.html", "sitemap.xml", "robots.txt")  # written beside the games' pages


def write_site_pages(site: Site, output, context, site_key: str, game_digests: dict[str, str], reuse) -> str:
    """Write (or keep, `reuse`: the Builder's reuse.Reuse) the site's pages; their key, for the build cache."""
    from generator.site import pages as site_pages
    from generator.site.lastmod import page_dates
    from generator.site.sitemap import robots, sitemap
    from generator.site.theme import make_environment

    dates = page_dates(site)
    key = site_pages_key(site_key, game_digests, dates)
    old = reuse.previous.site_pages if reuse.previous else ""
    if old == key and all(reuse.file(output, rel) for rel in SITE_PAGES):
        return key
    env = make_environment(site.root, context.bytecode_dir)
    output.write("index.html", site_pages.render_index(env, context))
    output.write("404.html", site_pages.render_not_found(env, context))
    output.write("sitemap.xml", sitemap(site.base_url, site.path_prefix,
                                        ["index.html", *(p.url for p in site.pages)], dates))
    output.write("robots.txt", robots(site.base_url, site.path_prefix))
    return key
