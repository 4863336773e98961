"""The line-level syntax CommonMark does not know, marked before parsing.

Containers (`::: note Title` ... `:::`) and block attributes (`{#id .class}`
on the line before a block) are whole lines. Each such line is replaced by an
HTML comment naming a marker (`<!--rp:<seal>:3-->`), kept at its indentation: an HTML
comment starts a block of its own anywhere (it may interrupt a paragraph, it
nests in list items), so the parser puts every marker exactly where the author
wrote it, and line numbers stay the same. The `containers` and `attributes`
rules then turn the comments back into what they mark.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
CONTAINER_OPEN = re.compile(r"^(\s*):{3,}\s*(\S.*?)\s*$")
CONTAINER_CLOSE = re.compile(r"^(\s*):{3,}\s*$")
ATTRIBUTES = re.compile(r"^(\s*)\{\s*([#.][^{}]*?|[#.]?[\w-]+=[^{}]*?)\s*\}\s*$")
MARKER = re.compile(r"^<!--rp:(\w+):(\d+)-->\s*$")


@dataclass(frozen=True)
class Marker:
    kind: str  # "open", "close" or "attributes"
    info: str  # a container's info string ("note Title"), or the attribute text ("#id .lead")
    line: int  # 1-based line in the body


def mark_lines(body: str, is_container) -> tuple[str, list[Marker], str]:
    """The body with marker comments in place of container and attribute lines.
    `is_container(info)` says which `:::` info strings open a container."""
    if ":::" not in body and "{" not in body:
        return body, [], ""  # the common page: nothing to mark
    lines = body.split("\n")
    markers: list[Marker] = []
    seal = hashlib.sha1(body.encode("utf-8")).hexdigest()[:12]  # an author cannot write it into the page it is made from
    fence = ""  # the fence that opened the code block we are in, if any
    depth = 0  # containers open
    for index, line in enumerate(lines):
        found = FENCE.match(line)
        if fence:
            if found and found[1][0] == fence[0] and len(found[1]) >= len(fence) and not line[found.end():].strip():
                fence = ""
            continue
        if found:
            fence = found[1]
            continue
        if ":::" in line:
            close = CONTAINER_CLOSE.match(line)
            if close and depth:
                lines[index] = marker_line(markers, seal, close[1], Marker("close", "", index + 1))
                depth -= 1
                continue
            opening = CONTAINER_OPEN.match(line)
            if opening and is_container(opening[2]):
                lines[index] = marker_line(markers, seal, opening[1], Marker("open", opening[2], index + 1))
                depth += 1
                continue
        if "{" in line:
            attributes = ATTRIBUTES.match(line)
            if attributes and is_block_start(lines, index):
                lines[index] = marker_line(markers, seal, attributes[1], Marker("attributes", attributes[2], index + 1))
    # A container left open ends with the page, as in other Markdown tools.
    tail = [marker_line(markers, seal, "", Marker("close", "", len(lines))) for _ in range(depth)]
    return "\n".join(lines + tail), markers, seal


def marker_line(markers: list[Marker], seal: str, indent: str, marker: Marker) -> str:
    markers.append(marker)
    return f"{indent}<!--rp:{seal}:{len(markers) - 1}-->"


def is_block_start(lines: list[str], index: int) -> bool:
    """Attributes stand on their own line before a block, not inside a paragraph."""
    return index == 0 or not lines[index - 1].strip() or lines[index - 1].startswith("<!--rp:")


ID = re.compile(r"#([\w-]+)")
CLASS = re.compile(r"\.([\w-]+)")
PAIR = re.compile(r"""([\w-]+)=("[^"]*"|'[^']*'|\S+)""")


def parse_attributes(text: str) -> dict[str, str]:
    """`#intro .lead data-x=1` -> {"id": "intro", "class": "lead", "data-x": "1"}."""
    attributes = {key: value.strip("\"'") for key, value in PAIR.findall(text)}
    rest = PAIR.sub("", text)
    ids = ID.findall(rest)
    if ids:
        attributes["id"] = ids[-1]
    classes = CLASS.findall(rest)
    if classes:
        attributes["class"] = " ".join(classes)
    return attributes


def restore_markers(events: list, markers: list[Marker], seal: str) -> None:
    """Core rule: each marker comment becomes a `marker` event carrying its Marker.
    Only comments with this page's seal count: an author's own `<!--rp:...-->`
    stays an ordinary comment."""
    from generator.markdown.events import Event

    for index, event in enumerate(events):
        if event.type != "html_block" or not event.data["text"].lstrip().startswith("<!--rp:"):
            continue
        found = MARKER.match(event.data["text"].strip())
        if found and found[1] == seal and int(found[2]) < len(markers):
            events[index] = Event("marker", data=markers[int(found[2])], at=event.at)


def apply_attributes(events: list, env: dict) -> None:
    """Core rule: `{#id .class}` on its own line sets attributes of the next block."""
    from generator.markdown.events import with_attributes

    pending = None
    for index, event in enumerate(events):
        if event.type == "marker" and event.data.kind == "attributes":
            pending = parse_attributes(event.data.info)
        elif pending is not None and event.type in ("open", "code_block"):
            events[index] = with_attributes(event, pending)
            pending = None
