"""What a directive prints in a rulebook: the few things a paper rendering may return.

A directive (stages.Directive) declares its paper rendering beside its web one, in the stage
(or package) that owns it: a function `paper(options, context) -> list` of the things below,
called with the same options and DirectiveContext as its web rendering (the block's page, game
and site, the build's `replays`, the `products` the rulebook stage reads). It says what prints,
and nothing of how: no reportlab, no page sizes. The rulebook (generator/rulebook/directives.py)
sets each thing on its page, sizes its diagrams for print, records them for preflight, and
knows no directive by name.

A ContentError from a paper rendering leaves the block out of the book (the page reports the
same error at the same line). Text is in reportlab's paragraph mark-up (<b>, <i>): a rendering
escapes what it quotes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Words:
    """A paragraph of the body's text."""

    text: str


@dataclass(frozen=True)
class DataTable:
    """A table of plain text (escaped by the book), its header row first, and its caption."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Index:
    """Short entries of a line or two each, set in two columns when the text is wide enough."""

    entries: tuple[str, ...]


@dataclass(frozen=True)
class Strip:
    """A walkthrough: its title, and each step's `(state, cells)` (`steps`: objects with those
    attributes) as `engine.render(state, cells)` draws them, with its caption. The book draws
    the steps in whichever of the engine's layouts (its own, or one in `engine.layouts`) prints
    them most readably: a choice of print."""

    title: str
    engine: Any
    steps: tuple
    captions: tuple[str, ...]


@dataclass(frozen=True)
class Diagram:
    """One drawing (generator.draw.shapes.Drawing) with its title and caption; `others`: the same
    diagram in the engine's other layouts (`engine.layouts`, `engine.print_layouts`), of which the
    book sets the one that prints most readably, as it does a walkthrough's steps."""

    drawing: Any
    title: str = ""
    caption: str = ""
    others: tuple = ()


@dataclass(frozen=True)
class Cards:
    """A deck as its cards: each distinct front drawing once, in deck order, drawn with `bleed`
    mm around its cut line; `cards` counts every card, copies too."""

    title: str
    fronts: tuple
    cards: int
    bleed: float


@dataclass(frozen=True)
class Link:
    """A line of text and a QR code of `url` under it. A book prints nothing of a link to an
    address no reader can visit (a placeholder such as rulepress.example)."""

    words: str
    url: str


def escape(text: str) -> str:
    """Plain text for the mark-up: &, < and > as entities (quotes stay as they are), as
    xml.sax.saxutils.escape does; not imported for it: it loads urllib.request, http and ssl
    (10 ms of every build that renders a page, since every stage's directives import this)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


Printed = Words | DataTable | Index | Strip | Diagram | Cards | Link
