"""Markdown to a flat list of events.

The parser is pulldown-cmark (the CommonMark parser of rustdoc and mdBook)
through pyromark: compiled, it parses a page in a tenth of a millisecond,
where a pure-Python parser takes several. Its events are turned into `Event`s
once, so every rule after this reads one plain shape:

    open/close  a block or inline element (tag "paragraph", "heading", "link", ...)
    code_block, html_block  a whole block: data {"info": fence info or None, "text": ...}
    text, code, inline_html, footnote_ref, softbreak, hardbreak, rule  (data: the text)
"""
from __future__ import annotations

from bisect import bisect_right

import pyromark

OPTIONS = (pyromark.Options.ENABLE_TABLES | pyromark.Options.ENABLE_FOOTNOTES
           | pyromark.Options.ENABLE_STRIKETHROUGH | pyromark.Options.ENABLE_SMART_PUNCTUATION
           | pyromark.Options.ENABLE_HEADING_ATTRIBUTES | pyromark.Options.ENABLE_DEFINITION_LIST)

TAGS = {  # pulldown-cmark's tag names -> ours
    "Paragraph": "paragraph", "Heading": "heading", "BlockQuote": "blockquote", "CodeBlock": "code_block",
    "HtmlBlock": "html_block", "List": "list", "Item": "item", "FootnoteDefinition": "footnote",
    "DefinitionList": "dl", "DefinitionListTitle": "dt", "DefinitionListDefinition": "dd",
    "Table": "table", "TableHead": "table_head", "TableRow": "table_row", "TableCell": "table_cell",
    "Emphasis": "emphasis", "Strong": "strong", "Strikethrough": "strikethrough",
    "Superscript": "superscript", "Subscript": "subscript", "Link": "link", "Image": "image",
}
LEAVES = {"Text": "text", "Code": "code", "InlineHtml": "inline_html", "FootnoteReference": "footnote_ref"}
BARE = {"SoftBreak": "softbreak", "HardBreak": "hardbreak", "Rule": "rule"}


class Event:
    """One parser event. `data` depends on the tag: a heading's level, a
    link's href; `attrs` are HTML attributes the rules add (id, class...).
    `at` is the event's place in the parser's stream (-1: made by a rule, or
    shared), from which `Lines` finds its source line when a message needs it.
    Events may be shared: a rule replaces an event, it never changes one."""

    __slots__ = ("type", "tag", "data", "at", "attrs")

    def __init__(self, type: str, tag: str = "", data=None, at: int = -1, attrs: dict | None = None):
        self.type, self.tag, self.data, self.at, self.attrs = type, tag, data, at, attrs

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.tag!r}, {self.data!r}, at={self.at})"


def with_attributes(event: Event, attrs: dict) -> Event:
    """A copy of `event` with `attrs` added: events may be shared (see SHARED), so
    rules replace an event rather than change it."""
    return Event(event.type, event.tag, event.data, event.at, {**(event.attrs or {}), **attrs})


# A plain open or close (a paragraph, a table cell...) carries nothing of its
# own: one shared event stands for all of them, a third of a page's events.
SHARED = {(kind, name): Event(kind, tag) for name, tag in TAGS.items() for kind in ("open", "close")}


class Lines:
    """Source lines of events, found only when asked: asking the parser for
    every event's position would double its cost, and only error messages and
    a few directives need a line."""

    def __init__(self, text: str):
        self.text = text
        self.starts: list[int] | None = None  # byte offset of each event, by place in the stream
        self.line_starts: list[int] = []

    def line(self, at: int) -> int:
        """The 1-based line in the text of the event at place `at` (0 if unknown)."""
        if at < 0:
            return 0
        if self.starts is None:
            self.starts = [span["start"] for _, span in
                           pyromark.events_with_range(self.text, options=OPTIONS, merge_text=True)]
            encoded = self.text.encode("utf-8")
            self.line_starts = [0] + [i + 1 for i, byte in enumerate(encoded) if byte == 10]
        return bisect_right(self.line_starts, self.starts[at]) if at < len(self.starts) else 0


def parse(text: str) -> list[Event]:
    """Events of `text`; each knows its place in the parser's stream."""
    events: list[Event] = []
    add = events.append
    block = None  # the code or HTML block whose text is being gathered into one event
    at = -1  # the event's place in the stream
    for raw in pyromark.events(text, options=OPTIONS, merge_text=True):
        at += 1
        if block is not None:
            if type(raw) is dict and ("Text" in raw or "Html" in raw):
                block.data["text"] += raw.get("Text") or raw.get("Html")
            else:  # its end
                block = None
            continue
        if type(raw) is str:
            add(Event(BARE[raw], "", None, at, None))
            continue
        # The common events first, in as few steps as possible: a page has hundreds.
        text = raw.get("Text")
        if text is not None:
            add(Event("text", "", text, at, None))
            continue
        value = raw.get("Start")
        if value is not None:
            if type(value) is str:
                if value == "HtmlBlock":
                    block = Event("html_block", "", {"info": None, "text": ""}, at, None)
                    add(block)
                else:
                    add(SHARED["open", value])
                continue
            (name, data), = value.items()
            if name == "CodeBlock":
                block = Event("code_block", "", {"info": convert(name, data), "text": ""}, at, None)
                add(block)
            elif name == "Heading":
                level, attrs = data_and_attributes(data)
                add(Event("open", "heading", level, at, attrs))
            else:
                add(Event("open", TAGS[name], convert(name, data), at, None))
            continue
        value = raw.get("End")
        if value is not None:
            if type(value) is str:
                add(SHARED["close", value])
            else:
                (name, data), = value.items()
                add(Event("close", TAGS[name], convert(name, data), at, None))
            continue
        (kind, value), = raw.items()
        add(Event(LEAVES[kind], "", value, at, None))
    return events


def data_and_attributes(heading: dict) -> tuple[int, dict | None]:
    """A heading's level, and the attributes written after it (`## Setup {#setup .wide}`)."""
    attrs = {key: value or "" for key, value in heading["attrs"]}
    if heading["id"]:
        attrs["id"] = heading["id"]
    if heading["classes"]:
        attrs["class"] = " ".join(heading["classes"])
    return int(heading["level"][1]), attrs or None


def convert(name: str, data):
    """Tag data in plain Python shapes."""
    if name == "Heading":
        return int(data[1]) if type(data) is str else None  # an end is just "H2"
    if name == "CodeBlock":
        return data["Fenced"] if type(data) is dict else None  # the info string; None when indented
    if name in ("Link", "Image") and type(data) is dict:
        kind = data["link_type"]
        href = data["dest_url"]
        if kind == "Email" and not href.startswith("mailto:"):
            href = "mailto:" + href
        return {"href": href, "title": data["title"]}
    return data
