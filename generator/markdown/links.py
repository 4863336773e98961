"""Links between pages: authors link to Markdown files (`rules.md#setup`,
`../splat/rules.md`); we rewrite them to the built pages' relative URLs and
record each one so the build can check target and anchor."""
from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

from generator.markdown.events import Event


def page_url(game: str, name: str) -> str:
    return f"{game}/index.html" if name == "rules" else f"{game}/{name}.html"


def relative(from_url: str, to_url: str) -> str:
    """`to_url` as seen from the page at `from_url` (both site-relative)."""
    both = from_url + " " + to_url
    if both.startswith(("/", ".")) or " /" in both or " ." in both or "/." in both or "//" in both:
        return posixpath.relpath(to_url, posixpath.dirname(from_url) or ".")
    # Every page links a dozen URLs; posixpath.relpath asks the OS for the
    # working directory each time, which made it a tenth of a page's cost.
    base = from_url.split("/")[:-1]
    target = to_url.split("/")
    common = 0
    while common < len(base) and common < len(target) and base[common] == target[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + target[common:]) or "."


def links_plugin(md) -> None:
    md.rules.append(rewrite_links)


def rewrite_links(events: list, env: dict) -> None:
    page = env["page"]
    found = env.setdefault("links", [])
    for index, event in enumerate(events):
        if event.type != "open" or event.tag != "link":
            continue
        href = event.data["href"]
        at = event.at  # its place in the parser's stream: `event_line` turns it into a line if an error needs one
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith("mailto:"):
            continue
        if not parts.path:  # "#anchor" on this page
            found.append({"at": at, "href": href, "url": page.url, "anchor": parts.fragment})
            continue
        target = posixpath.normpath(posixpath.join(page.game, parts.path))
        if target.endswith(".md"):
            game, _, name = target[:-3].rpartition("/")
            url = page_url(game, name)
            href_now = relative(page.url, url) + (f"#{parts.fragment}" if parts.fragment else "")
            events[index] = Event("open", "link", {**event.data, "href": href_now}, event.at, event.attrs)
            found.append({"at": at, "href": href, "url": url, "anchor": parts.fragment})
        else:
            found.append({"at": at, "href": href, "url": target, "anchor": parts.fragment})
