"""Admonition containers: ::: note / tip / example / warning / clarification.

A clarification's first word is its id (C1, C2, ...) and becomes its anchor;
the page collects them so the `clarifications` directive can list them.
"""
from __future__ import annotations

from html import escape

from markdown_it import MarkdownIt
from mdit_py_plugins.container import container_plugin

KINDS = {"note": "Note", "tip": "Tip", "example": "Example", "warning": "Warning", "clarification": "Clarification"}


def admonitions_plugin(md: MarkdownIt) -> None:
    # One container rule for every kind: block rules run on every line, so
    # five separate rules would cost five times as much.
    container_plugin(md, "admonition", validate=is_admonition, render=render_admonition)
    md.core.ruler.push("clarification_ids", collect_clarifications)


def kind_of(info: str) -> str:
    return info.strip().split(" ", 1)[0]


def is_admonition(params: str, *args) -> bool:
    return kind_of(params) in KINDS


def split_title(kind: str, info: str) -> tuple[str, str]:
    rest = info.strip()[len(kind):].strip()
    if kind != "clarification":
        return "", rest
    cid, _, title = rest.partition(" ")
    return cid, title.strip()


def collect_clarifications(state) -> None:
    found = state.env.setdefault("clarifications", [])
    anchors = state.env.setdefault("anchors", set())
    for token in state.tokens:
        if token.type == "container_admonition_open" and kind_of(token.info) == "clarification":
            cid, title = split_title("clarification", token.info)
            token.meta["cid"], token.meta["title"] = cid, title
            line = token.map[0] + 1 if token.map else None
            found.append({"id": cid, "title": title, "line": line})
            if cid:
                anchors.add(cid.lower())


def render_admonition(self, tokens, idx, options, env):
    token = tokens[idx]
    if token.nesting != 1:
        return "</div></aside>\n"
    kind = kind_of(token.info)
    label = KINDS[kind]
    if kind == "clarification":
        cid, title = token.meta.get("cid", ""), token.meta.get("title", "")
        heading = f"{label} {escape(cid)}" + (f": {escape(title)}" if title else "")
        anchor = f' id="{escape(cid.lower())}"' if cid else ""
    else:
        _, title = split_title(kind, token.info)
        heading = escape(title) if title else label
        anchor = ""
    return (f'<aside class="admonition {kind}"{anchor} aria-label="{escape(label)}">'
            f'<p class="admonition-title">{heading}</p><div class="admonition-body">\n')
