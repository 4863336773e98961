"""Admonition containers: ::: note / tip / example / warning / clarification.

A clarification's first word is its id (C1, C2, ...) and becomes its anchor;
the page collects them so the `clarifications` directive can list them.
"""
from __future__ import annotations

from html import escape

from generator.errors import ContentError
from generator.markdown.events import Event

KINDS = {"note": "Note", "tip": "Tip", "example": "Example", "warning": "Warning", "clarification": "Clarification"}


def admonitions_plugin(md) -> None:
    md.rules.append(containers)
    md.renderer.rules["admonition"] = render_admonition


def kind_of(info: str) -> str:
    return info.strip().split(" ", 1)[0]


def is_admonition(info: str) -> bool:
    return kind_of(info) in KINDS


def split_title(kind: str, info: str) -> tuple[str, str]:
    rest = info.strip()[len(kind):].strip()
    if kind != "clarification":
        return "", rest
    cid, _, title = rest.partition(" ")
    return cid, title.strip()


def containers(events: list, env: dict) -> None:
    """Core rule: container markers become admonition events; clarifications
    are collected with their lines. A container must close inside the block
    it opened in (not halfway out of a list item, say)."""
    found = env.setdefault("clarifications", [])
    anchors = env.setdefault("anchors", set())
    depth, opened = 0, []  # element depth; (depth, line) of each open container
    for index, event in enumerate(events):
        if event.type == "open":
            depth += 1
        elif event.type == "close":
            depth -= 1
        elif event.type == "marker" and event.data.kind == "open":
            kind = kind_of(event.data.info)
            cid, title = split_title(kind, event.data.info)
            events[index] = Event("open", "admonition", {"kind": kind, "cid": cid, "title": title}, event.at)
            opened.append((depth, event.data.line))
            if kind == "clarification":
                found.append({"id": cid, "title": title, "line": event.data.line})
                if cid:
                    anchors.add(cid.lower())
        elif event.type == "marker" and event.data.kind == "close":
            if not opened:  # its opening line was swallowed by, say, an indented code block
                events[index] = Event("text", data="", at=event.at)
                continue
            events[index] = Event("close", "admonition", None, event.at)
            start_depth, start_line = opened.pop()
            if start_depth != depth:
                page = env["page"]
                env.setdefault("errors", []).append(ContentError(
                    page.path, page.body_line + event.data.line - 1, "':::' closes a container from inside another block",
                    expected=f"the ':::' at the same indentation as the one on line {page.body_line + start_line - 1}",
                    found="a ':::' inside a list item or quote the container did not open in"))
    events.extend(Event("close", "admonition") for _ in opened)


def render_admonition(event: Event, env: dict) -> str:
    if event.type == "close":
        return "</div></aside>\n"
    kind, cid, title = event.data["kind"], event.data["cid"], event.data["title"]
    label = KINDS[kind]
    if kind == "clarification":
        heading = f"{label} {escape(cid)}" + (f": {escape(title)}" if title else "")
        anchor = f' id="{escape(cid.lower())}"' if cid else ""
    else:
        heading = escape(title) if title else label
        anchor = ""
    return (f'<aside class="admonition {kind}"{anchor} aria-label="{escape(label)}">'
            f'<p class="admonition-title">{heading}</p><div class="admonition-body">\n')
