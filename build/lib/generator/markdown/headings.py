"""Heading ids and the table of contents.

`## Setting up` gets id `setting-up`; `## Setting up {#setup}` sets its own
(see attributes.py). Ids are unique within a page; h2 and h3 headings make
the page's TOC.
"""
from __future__ import annotations

from markdown_it import MarkdownIt

from generator.markdown.slugs import slugify, unique
from generator.markdown.tokens import plain_text


def headings_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("heading_ids", heading_ids)


def heading_ids(state) -> None:
    taken: set[str] = state.env.setdefault("anchors", set())
    toc = state.env.setdefault("toc", [])
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = plain_text(tokens[index + 1]).strip()
        explicit = token.attrs.get("id")
        anchor = explicit if explicit else unique(slugify(text), taken)
        taken.add(anchor)
        # the id first, as authors read it: <h2 id="setup" class="wide">
        token.attrs = {"id": anchor, **{k: v for k, v in token.attrs.items() if k != "id"}}
        level = int(token.tag[1])
        if level in (2, 3):
            toc.append({"level": level, "id": anchor, "text": text})
