"""Heading ids and the table of contents.

`## Setting up` gets id `setting-up`; `## Setting up {#setup}` sets its own.
Ids are unique within a page; h2 and h3 headings make the page's TOC.
"""
from __future__ import annotations

from generator.markdown.events import Event
from generator.markdown.html import plain_text
from generator.markdown.slugs import slugify, unique


def headings_plugin(md) -> None:
    md.rules.append(heading_ids)


def heading_ids(events: list, env: dict) -> None:
    taken: set[str] = env.setdefault("anchors", set())
    toc = env.setdefault("toc", [])
    for index, event in enumerate(events):
        if event.type != "open" or event.tag != "heading":
            continue
        text = plain_text(events, index)[0].strip()
        explicit = (event.attrs or {}).get("id")
        anchor = explicit if explicit else unique(slugify(text), taken)
        taken.add(anchor)
        events[index] = event = Event("open", "heading", event.data, event.at, {"id": anchor, **(event.attrs or {})})
        if event.data in (2, 3):
            toc.append({"level": event.data, "id": anchor, "text": text})
