"""Heading ids and the table of contents.

`## Setting up` gets id `setting-up`; `## Setting up {#setup}` sets its own
(see attributes.py). Ids are unique within a page; h2 and h3 headings make
the page's TOC.
"""
from __future__ import annotations

import re

from markdown_it import MarkdownIt

from generator.markdown.slugs import slugify, unique
from generator.markdown.tokens import add_error, page_line, plain_text

# ids the theme and the page's other parts give elements: an author's id must not take one
RESERVED_IDS = frozenset(("main", "credits", "credits-title", "page-toc-title", "rulebook", "print-and-play", "kit-components",
                          "kit-downloads", "kit-not-printed"))
RESERVED_PATTERN = re.compile(r"^(fn\d+|fnref\d+(:\d+)?|gdef-.*|cards-.*)$")  # footnotes, glossary, card galleries


def headings_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("heading_ids", heading_ids)
    md.core.ruler.push("explicit_ids", explicit_ids)


def heading_ids(state) -> None:
    taken: set[str] = state.env.setdefault("anchors", set())
    toc = state.env.setdefault("toc", [])
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = plain_text(tokens[index + 1]).strip()
        explicit = token.attrs.get("id")
        token.meta["explicit_id"] = bool(explicit)
        anchor = explicit if explicit else unique(slugify(text), taken | RESERVED_IDS)
        taken.add(anchor)
        # the id first, as authors read it: <h2 id="setup" class="wide">
        token.attrs = {"id": anchor, **{k: v for k, v in token.attrs.items() if k != "id"}}
        level = int(token.tag[1])
        if level in (2, 3):
            toc.append({"level": level, "id": anchor, "text": text})


def explicit_ids(state) -> None:
    """Core rule: the ids an author gives ({#id}) are unique in the page and none of the ids
    Rulepress gives (a second element with one id breaks its links and its landmarks)."""
    given = []  # (id, line, explicit) of every element with an id, in page order
    for token in state.tokens:
        anchor = token.attrs.get("id") if token.attrs else None
        if anchor and not token.type.endswith("_close"):
            explicit = token.meta.get("explicit_id", True) if token.type == "heading_open" else True
            given.append((anchor, page_line(state.env, token), explicit))
    counts: dict[str, int] = {}
    for anchor, _line, _explicit in given:
        counts[anchor] = counts.get(anchor, 0) + 1
    for anchor, line, explicit in given:
        if not explicit:
            continue
        if anchor in RESERVED_IDS or RESERVED_PATTERN.match(anchor):
            add_error(state.env, line, f"the id '{anchor}' is one Rulepress gives the page",
                      expected="an id of your own (not main, credits, fn1, gdef-..., cards-...)", found=anchor)
        elif counts[anchor] > 1:
            add_error(state.env, line, f"the id '{anchor}' is given to {counts[anchor]} elements of this page",
                      expected="an id used once per page", found=anchor)
