"""Attributes on blocks and headings, on an allow-list.

    {#intro .lead}
    A paragraph with id "intro" and class "lead".

    ## Setup {#prep .wide}

mdit-py-plugins' `attrs_block` reads the line before a block; a heading's
trailing `{...}` is read here, with the same attribute parser. Only `id` and
`class` get through, with plain names for values: anything else (`onclick`,
`style`, `href`, a quote inside a value) is the author's error, reported at
its line, and never reaches the HTML.
"""
from __future__ import annotations

import re

from markdown_it import MarkdownIt
from mdit_py_plugins.attrs import attrs_block_plugin
from mdit_py_plugins.attrs.parse import ParseError, parse

from generator.markdown.tokens import add_error, page_line

ALLOWED = ("id", "class")
NAME = re.compile(r"[\w-]+")
# `{` + `#name`, `.name` or `key=`: an attribute list, not prose in braces
LOOKS_LIKE_ATTRIBUTES = re.compile(r"\{\s*(?:[#.]|[A-Za-z_:][\w:.-]*\s*=)")
TRAILING = re.compile(r"\s*(\{[^{}]*\})\s*$")
EXPECTED = "{#id .class}: an id and classes made of letters, digits, '-' and '_'"


def attributes_plugin(md: MarkdownIt) -> None:
    attrs_block_plugin(md, allowed=ALLOWED)
    md.core.ruler.after("block", "check_attributes", check_block_attributes)
    md.core.ruler.after("check_attributes", "heading_attributes", heading_attributes)


def read_attributes(text: str, env: dict, line: int | None) -> dict[str, str]:
    """The attributes of `text` (`{...}`) that may reach the HTML; an error for each of the rest."""
    try:
        _end, attrs = parse(text)
    except ParseError as error:
        reason = str(error)
        add_error(env, line, "this attribute list cannot be read", expected=EXPECTED,
                  found=f"{text} ({reason[:1].lower()}{reason[1:]})")
        return {}
    return allowed(attrs, text, env, line)


def allowed(attrs: dict, text: str, env: dict, line: int | None) -> dict[str, str]:
    kept = {}
    for key, value in attrs.items():
        if key not in ALLOWED:
            add_error(env, line, f"attribute '{key}' is not allowed", expected=EXPECTED, found=text)
        elif not value.strip() or not all(NAME.fullmatch(name) for name in value.split()) or (
                key == "id" and len(value.split()) > 1):  # classes are a list; an id is one name
            add_error(env, line, f"the {key} {value!r} is not a plain name", expected=EXPECTED, found=text)
        else:
            kept[key] = value
    return kept


def check_block_attributes(state) -> None:
    """Core rule, before `attrs_block` hands each list to its block: keep only
    what is allowed. A line that looks like a list but does not parse became a
    paragraph: that is an error too, not text to publish."""
    tokens, lines = state.tokens, None
    for index, token in enumerate(tokens):
        if token.type == "attrs_block":
            lines = lines or state.src.split("\n")
            text = lines[token.map[0]].strip() if token.map else ""
            token.attrs = allowed(token.attrs, text, state.env, page_line(state.env, token))
        elif token.type == "paragraph_open" and index + 1 < len(tokens):
            first = tokens[index + 1].content.partition("\n")[0].rstrip()
            if first[:1] == "{" and first.endswith("}") and LOOKS_LIKE_ATTRIBUTES.match(first):
                read_attributes(first, state.env, page_line(state.env, token))


def heading_attributes(state) -> None:
    """Core rule, before inline parsing: `## Title {#id .class}` sets the heading's attributes."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[index + 1]
        found = TRAILING.search(inline.content) if inline.content.endswith("}") else None
        if found is None or not LOOKS_LIKE_ATTRIBUTES.match(found[1]):
            continue
        inline.content = inline.content[:found.start()]
        for key, value in read_attributes(found[1], state.env, page_line(state.env, token)).items():
            token.attrSet(key, value)
