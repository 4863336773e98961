"""sitemap.xml: every page's absolute URL under the site's base URL and prefix, with the date its
source last changed (generator/site/lastmod.py); robots.txt, which names the sitemap."""
from __future__ import annotations

from html import escape  # xml.sax.saxutils would import urllib and http: 30 ms a build

from generator.urls import absolute_url  # the pages' canonical links and the feeds use it too
from generator.xmltext import xml_text  # base_url and path_prefix are checked at load; this is the writer's own guard

SITEMAP = "sitemap.xml"


def sitemap(base_url: str, prefix: str, urls: list[str], dates: dict[str, str] | None = None) -> str:
    """`dates`: page URL -> its <lastmod> (W3C Datetime); a page without one has none."""
    dates = dates or {}
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for loc, url in sorted((absolute_url(base_url, prefix, url), url) for url in urls):
        lastmod = f"<lastmod>{escape(dates[url])}</lastmod>" if url in dates else ""
        lines.append(f"  <url><loc>{escape(xml_text(loc), quote=False)}</loc>{lastmod}</url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots(base_url: str, prefix: str) -> str:
    """Every crawler may read everything; the sitemap is named by its full address, as the
    robots.txt convention requires (RFC 9309 leaves Sitemap to sitemaps.org, which asks for one)."""
    return f"User-agent: *\nDisallow:\n\nSitemap: {xml_text(absolute_url(base_url, prefix, SITEMAP))}\n"
