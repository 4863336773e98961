"""Links between pages: authors link to Markdown files (`rules.md#setup`,
`../splat/rules.md`); we rewrite them to the built pages' relative URLs and
record each one with its line so the build can check target and anchor."""
from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

from markdown_it import MarkdownIt


def page_url(game: str, name: str) -> str:
    return f"{game}/index.html" if name == "rules" else f"{game}/{name}.html"


def relative(from_url: str, to_url: str) -> str:
    """`to_url` as seen from the page at `from_url` (both site-relative)."""
    return posixpath.relpath(to_url, posixpath.dirname(from_url) or ".")


def links_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("page_links", rewrite_links)


def rewrite_links(state) -> None:
    env = state.env
    page = env["page"]
    found = env.setdefault("links", [])
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        line = page.body_line + (block.map[0] if block.map else 0)
        for token in block.children:
            if token.type != "link_open":
                continue
            href = token.attrGet("href") or ""
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("mailto:"):
                continue
            if not parts.path:  # "#anchor" on this page
                found.append({"line": line, "href": href, "url": page.url, "anchor": parts.fragment})
                continue
            target = posixpath.normpath(posixpath.join(page.game, parts.path))
            if target.endswith(".md"):
                game, _, name = target[:-3].rpartition("/")
                url = page_url(game, name)
                token.attrSet("href", relative(page.url, url) + (f"#{parts.fragment}" if parts.fragment else ""))
                found.append({"line": line, "href": href, "url": url, "anchor": parts.fragment})
            else:
                found.append({"line": line, "href": href, "url": target, "anchor": parts.fragment})
