"""Heading ids and the table of contents.

`## Setting up` gets id `setting-up`; `## Setting up {#setup}` sets its own.
Ids are unique within a page; h2 and h3 headings make the page's TOC.
"""
from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

from generator.markdown.slugs import slugify, unique

TRAILING_ID = re.compile(r"\s*\{#([\w-]+)\}\s*$")


def headings_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("heading_ids", heading_ids)


def heading_ids(state: StateCore) -> None:
    taken: set[str] = state.env.setdefault("anchors", set())
    toc = state.env.setdefault("toc", [])
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[index + 1]
        explicit = None
        if inline.children and inline.children[-1].type == "text":
            last = inline.children[-1]
            match = TRAILING_ID.search(last.content)
            if match:
                explicit = match[1]
                last.content = last.content[: match.start()]
                inline.content = TRAILING_ID.sub("", inline.content)
        explicit = explicit or token.attrGet("id")
        text = "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline"))
        anchor = explicit if explicit else unique(slugify(text), taken)
        taken.add(anchor)
        token.attrSet("id", anchor)
        level = int(token.tag[1])
        if level in (2, 3):
            toc.append({"level": level, "id": anchor, "text": text.strip()})
