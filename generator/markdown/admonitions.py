"""Admonition containers: ::: note / tip / example / warning / clarification.

mdit-py-plugins' `container` parses them (inside list items and quotes too).
A clarification's first word is its id (C1, C2, ...) and becomes its anchor;
the page collects them so the `clarifications` directive can list them. A
`:::` that would close a container from inside another block (an indented
`:::` in a list item the container did not open in), or that closes nothing,
is the author's error.
"""
from __future__ import annotations

import re
from html import escape

from markdown_it import MarkdownIt
from mdit_py_plugins.container import container_plugin

from generator.errors import did_you_mean
from generator.markdown.tokens import add_error, page_line

KINDS = {"note": "Note", "tip": "Tip", "example": "Example", "warning": "Warning", "clarification": "Clarification"}
CLOSING = re.compile(r"^[\s>]*:{3,}\s*$")
LONE_COLONS = re.compile(r"^:{3,}$")
UNKNOWN_OPENING = re.compile(r"^:{3,}\s*([A-Za-z][\w-]*)")  # '::: Warnning ...' (a known kind opens a container)


def admonitions_plugin(md: MarkdownIt) -> None:
    # One container rule for every kind: block rules run on every line, so
    # five separate rules would cost five times as much.
    container_plugin(md, "admonition", validate=is_admonition, render=render_admonition)
    md.core.ruler.push("admonitions", check_admonitions)


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


def check_admonitions(state) -> None:
    """Core rule: collect clarifications with their lines; check where each container closes."""
    env = state.env
    found = env.setdefault("clarifications", [])
    anchors = env.setdefault("anchors", set())
    lines = None
    cut_short = None  # the first line of a container its enclosing block ended before its ':::'
    for index, token in enumerate(state.tokens):
        if token.type == "container_admonition_open":
            kind = kind_of(token.info)
            cid, title = split_title(kind, token.info)
            token.meta.update(kind=kind, cid=cid, title=title)
            if kind == "clarification":
                found.append({"id": cid, "title": title, "line": token.map[0] + 1})
                if cid:
                    anchors.add(cid.lower())
            lines = lines or state.src.split("\n")
            start, end = token.map
            ending = lines[end] if end < len(lines) else ""
            if CLOSING.match(ending) and indent(ending) > indent(lines[start]):
                add_error(env, page_line(env, token, end - start), "':::' closes a container from inside another block",
                          expected=f"the ':::' at the same indentation as the one on line {page_line(env, token)}",
                          found="a ':::' indented deeper, inside a list item or quote the container did not open in")
            elif (ending.strip() and not CLOSING.match(ending)) or indent(ending) < indent(lines[start]):
                # its list item or quote ended first: a ':::' below would close nothing
                cut_short = cut_short or page_line(env, token)
        elif token.type == "inline" and UNKNOWN_OPENING.match(token.content):
            # a misspelt kind is no container: its ':::' lines would print as text
            word = UNKNOWN_OPENING.match(token.content).group(1)
            hint = did_you_mean(word.lower(), KINDS) or (f" (did you mean {word.lower()}?)" if word.lower() in KINDS
                                                          else "")
            add_error(env, page_line(env, token), f"unknown admonition kind '{word}'{hint}",
                      expected="one of: " + ", ".join(KINDS), found=token.content.split("\n", 1)[0])
        elif token.type == "inline" and LONE_COLONS.match(token.content):
            where = (f"the ':::' at the indentation of the one on line {cut_short}, inside the same block"
                     if cut_short else "a ':::' line only after a '::: kind Title' line")
            add_error(env, page_line(env, token), "':::' closes no open container", expected=where, found=token.content)


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" >"))


def render_admonition(self, tokens, idx, options, env) -> str:
    token = tokens[idx]
    if token.nesting != 1:
        return "</div></aside>\n"
    kind, cid, title = token.meta["kind"], token.meta["cid"], token.meta["title"]
    label = token.meta.get("label") or KINDS[kind]  # in the page's language: generator/i18n/labels.py
    if kind == "clarification":
        heading = f"{label} {escape(cid)}" + (f": {escape(title)}" if title else "")
        anchor = f' id="{escape(cid.lower())}"' if cid else ""
    else:
        heading = escape(title) if title else label
        anchor = ""
    # each landmark named by its own title ("Clarification C3: ..."), not all alike by their kind
    number = env["admonitions"] = env.get("admonitions", 0) + 1
    title_id = f"{cid.lower()}-title" if kind == "clarification" and cid else f"{kind}-{number}-title"
    return (f'<aside class="admonition {kind}"{anchor} aria-labelledby="{escape(title_id)}">'
            f'<p class="admonition-title" id="{escape(title_id)}">{heading}</p><div class="admonition-body">\n')
