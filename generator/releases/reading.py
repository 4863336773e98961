"""A release's pages read for comparison: sections as plain words, clarifications by id, and the
walkthrough blocks, from each page's Markdown lines (no rendering: nothing here runs a directive).

A section is a heading and the text up to the next heading; what comes before a page's first
heading is its opening section. A clarification's text belongs to the clarification, not to the
section it sits in, and a fenced block (a directive, code) to neither: the comparison reports
each where a player looks for it."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.markdown.slugs import slugify, unique

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HEADING_ID = re.compile(r"\s*\{[^}]*#([\w-]+)[^}]*\}\s*$")
ATTRIBUTES = re.compile(r"\s*\{[#.][^}]*\}\s*$")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*([\w-]*)")
CONTAINER = re.compile(r"^\s*:::+\s*(\w*)\s*(.*)$")
CLARIFICATION_HEAD = re.compile(r"^(C[1-9][0-9]*)\s*(.*)$")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
MARKUP = re.compile(r"(\*\*|__|\*|`)")


@dataclass
class Section:
    page: str  # the page's name
    page_title: str
    anchor: str  # the heading's id on the page ("" : the text before the first heading)
    title: str
    words: list[str] = field(default_factory=list)


@dataclass
class Clarification:
    id: str
    title: str
    page: str
    page_title: str
    words: list[str] = field(default_factory=list)


@dataclass
class Block:
    """A fenced block of a page: its kind (the info string's first word) and its YAML text."""

    kind: str
    page: str
    text: str


@dataclass
class PageReading:
    sections: list[Section]
    clarifications: list[Clarification]
    blocks: list[Block]


def plain_words(line: str) -> list[str]:
    """A Markdown line's words as a reader sees them: links as their text, no emphasis marks."""
    return MARKUP.sub("", LINK.sub(r"\1", ATTRIBUTES.sub("", line))).split()


def read_page(name: str, title: str, body: str) -> PageReading:
    reading = PageReading([Section(name, title, "", "")], [], [])
    taken: set[str] = set()
    fence: tuple[str, Block] | None = None
    clarification: Clarification | None = None
    for line in body.splitlines():
        if fence is not None:
            if line.strip().startswith(fence[0]) and set(line.strip()) == {fence[0][0]}:
                reading.blocks.append(fence[1])
                fence = None
            else:
                fence[1].text += line + "\n"
            continue
        opened = FENCE.match(line)
        if opened:
            fence = (opened.group(1), Block(opened.group(2), name, ""))
            continue
        container = CONTAINER.match(line)
        if container:
            clarification = opened_clarification(container, name, title, reading)
            continue
        heading = HEADING.match(line)
        if heading and clarification is None:
            reading.sections.append(heading_section(name, title, heading.group(2), taken))
            continue
        (clarification or reading.sections[-1]).words.extend(plain_words(line))
    reading.sections = [s for s in reading.sections if s.anchor or s.words]
    return reading


def opened_clarification(container: re.Match, page: str, title: str, reading: PageReading) -> Clarification | None:
    """A `::: clarification C1 Title` line opens one (returned); any other `:::` line closes it
    or opens an admonition, whose text stays in its section."""
    if container.group(1) != "clarification":
        return None
    head = CLARIFICATION_HEAD.match(container.group(2).strip())
    if head is None:
        return None
    found = Clarification(head.group(1), head.group(2), page, title)
    reading.clarifications.append(found)
    return found


def heading_section(page: str, page_title: str, text: str, taken: set[str]) -> Section:
    """A heading's section, with the id the page gives it (an explicit {#id}, else its words)."""
    explicit = HEADING_ID.search(text)
    title = " ".join(plain_words(text))
    anchor = explicit.group(1) if explicit else unique(slugify(title), taken)
    taken.add(anchor)
    return Section(page, page_title, anchor, title)
