"""Markdown to a flat list of events, each with its source line.

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
    "MetadataBlock": "metadata",
}
LEAVES = {"Text": "text", "Code": "code", "Html": "html", "InlineHtml": "inline_html",
          "FootnoteReference": "footnote_ref", "InlineMath": "code", "DisplayMath": "code",
          "TaskListMarker": "task"}
BARE = {"SoftBreak": "softbreak", "HardBreak": "hardbreak", "Rule": "rule"}


class Event:
    """One parser event. `data` depends on the tag: a heading's level, a
    link's href; `attrs` are HTML attributes the rules add (id, class...)."""

    __slots__ = ("type", "tag", "data", "line", "attrs")

    def __init__(self, type: str, tag: str = "", data=None, line: int = 0, attrs: dict | None = None):
        self.type, self.tag, self.data, self.line, self.attrs = type, tag, data, line, attrs

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.tag!r}, {self.data!r}, line={self.line})"


def parse(text: str) -> list[Event]:
    """Events of `text`, each with its 1-based line in `text`."""
    encoded = text.encode("utf-8")
    starts = [0]  # byte offset where each line starts
    find = encoded.find
    at = find(b"\n")
    while at >= 0:
        starts.append(at + 1)
        at = find(b"\n", at + 1)
    events: list[Event] = []
    add = events.append
    block = None  # the code or HTML block whose text is being gathered into one event
    for raw, span in pyromark.events_with_range(text, options=OPTIONS, merge_text=True):
        if block is not None:
            if type(raw) is dict and ("Text" in raw or "Html" in raw):
                block.data["text"] += raw.get("Text") or raw.get("Html")
            else:  # its end
                block = None
            continue
        line = bisect_right(starts, span["start"])
        if type(raw) is str:
            add(Event(BARE[raw], "", None, line, None))
            continue
        # The common events first, in as few steps as possible: a page has hundreds.
        text = raw.get("Text")
        if text is not None:
            add(Event("text", "", text, line, None))
            continue
        value = raw.get("Start")
        if value is not None:
            if type(value) is str:
                if value == "HtmlBlock":
                    block = Event("html_block", "", {"info": None, "text": ""}, line, None)
                    add(block)
                else:
                    add(Event("open", TAGS[value], None, line, None))
                continue
            (name, data), = value.items()
            if name == "CodeBlock":
                block = Event("code_block", "", {"info": convert(name, data), "text": ""}, line, None)
                add(block)
            elif name == "Heading":
                level, attrs = data_and_attributes(data)
                add(Event("open", "heading", level, line, attrs))
            else:
                add(Event("open", TAGS[name], convert(name, data), line, None))
            continue
        value = raw.get("End")
        if value is not None:
            if type(value) is str:
                add(Event("close", TAGS[value], None, line, None))
            else:
                (name, data), = value.items()
                add(Event("close", TAGS[name], convert(name, data), line, None))
            continue
        (kind, value), = raw.items()
        add(Event(LEAVES[kind], "", value, line, None))
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
