"""sitemap.xml: every page's absolute URL under the site's base URL and prefix."""
from __future__ import annotations

from html import escape  # xml.sax.saxutils would import urllib and http: 30 ms a build

from generator.urls import absolute_url  # the pages' canonical links and the feeds use it too
from generator.xmltext import xml_text  # base_url and path_prefix are checked at load; this is the writer's own guard


def sitemap(base_url: str, prefix: str, urls: list[str]) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for loc in sorted(absolute_url(base_url, prefix, url) for url in urls):
        lines.append(f"  <url><loc>{escape(xml_text(loc), quote=False)}</loc></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"
