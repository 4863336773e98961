"""Links between pages: authors link to Markdown files (`rules.md#setup`,
`../splat/rules.md`); we rewrite them to the built pages' relative URLs and
record each one with its line so the build can check target and anchor.

Links a reader's browser must never follow from a rules page (`javascript:`,
`vbscript:`, `file:`, `data:` but images) keep their text and lose the link.
"""
from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.markdown.tokens import page_line
from generator.urls import page_url, relative  # relative: imported from here by pages and stages

UNSAFE_SCHEMES = ("javascript:", "vbscript:", "file:", "data:")


def is_safe_url(url: str, image: bool = False) -> bool:
    lowered = url.strip().lower()
    if image and lowered.startswith("data:image/"):
        return True
    return not lowered.startswith(UNSAFE_SCHEMES)


def links_plugin(md: MarkdownIt) -> None:
    # markdown-it would leave an unsafe link as its Markdown source
    # ("[click](javascript:...)"); accept it here so the rule below keeps just its text.
    md.validateLink = lambda url: True
    md.core.ruler.push("page_links", rewrite_links)


def rewrite_links(state) -> None:
    env = state.env
    page = env["page"]
    found = env.setdefault("links", [])
    for block in state.tokens:
        if block.type != "inline" or not block.children or not block.map:
            continue
        children, breaks, unsafe = block.children, 0, []
        for index, token in enumerate(children):
            kind = token.type
            if kind == "softbreak" or kind == "hardbreak":
                breaks += 1
            elif kind == "image":
                if not is_safe_url(token.attrs.get("src", ""), image=True):
                    children[index] = alt_text(token)
            elif kind == "link_open":
                href = token.attrs.get("href", "")
                if not is_safe_url(href):
                    unsafe.append(index)
                    continue
                line = page_line(env, block, breaks)
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
        if unsafe:
            block.children = without_links(children, unsafe)


def without_links(children: list[Token], opens: list[int]) -> list[Token]:
    """`children` less the unsafe links opened at `opens`, their text kept.
    Links do not nest in Markdown: each one closes before the next opens."""
    dropped, out, dropping = set(opens), [], False
    for index, token in enumerate(children):
        if index in dropped:
            dropping = True
        elif dropping and token.type == "link_close":
            dropping = False
        else:
            out.append(token)
    return out


def alt_text(image: Token) -> Token:
    text = Token("text", "", 0)
    text.content = image.content
    return text
