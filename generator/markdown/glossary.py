"""The glossary: terms come from the definition list on the page marked
`glossary: true`; on every other page of the game, the first use of each
term links to its definition, which shows on hover and focus (CSS only)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.markdown.events import Event, with_attributes
from generator.markdown.html import plain_text
from generator.markdown.slugs import slugify


@dataclass(frozen=True)
class Term:
    term: str
    anchor: str
    definition: str  # plain text


def glossary_anchors(events: list, env: dict) -> None:
    """Core rule: on a glossary page, give each <dt> an anchor id."""
    page = env.get("page")
    if not page or not page.glossary:
        return
    for index, event in enumerate(events):
        if event.type == "open" and event.tag == "dt":
            anchor = "term-" + slugify(plain_text(events, index)[0])
            events[index] = with_attributes(event, {"id": anchor})
            env.setdefault("anchors", set()).add(anchor)


def extract_terms(events: list) -> list[Term]:
    terms = []
    for index, event in enumerate(events):
        if event.type == "open" and event.tag == "dt":
            term, end = plain_text(events, index)
            definition = []
            while end + 1 < len(events) and events[end + 1].type == "open" and events[end + 1].tag == "dd":
                text, end = plain_text(events, end + 1)
                definition.append(text)
            term = term.strip()
            terms.append(Term(term, "term-" + slugify(term), " ".join(definition).strip()))
    return terms


def term_pattern(terms: list[Term]) -> re.Pattern | None:
    if not terms:
        return None
    names = sorted((re.escape(t.term) for t in terms), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?:e?s)?(?![\w-])", re.IGNORECASE)


# Text inside these is never linked: a heading is not running text, and a link
# inside a link is not allowed.
NO_TERMS = {"heading", "link", "image"}


def link_terms(events: list, terms: list[Term], glossary_href: str) -> list[Term]:
    """Turn the first use of each term in running text into a link; return the
    terms linked. `events` is changed in place."""
    pattern = term_pattern(terms)
    if pattern is None:
        return []
    by_name = {t.term.lower(): t for t in terms}
    linked: dict[str, None] = {}
    out, blocked = [], 0
    for event in events:
        if event.tag in NO_TERMS:
            blocked += 1 if event.type == "open" else -1
        if event.type == "text" and not blocked:
            out.extend(split_text(event, pattern, by_name, linked, glossary_href))
        else:
            out.append(event)
    events[:] = out
    return [by_name[name] for name in linked]


def split_text(event: Event, pattern, by_name, linked: dict, glossary_href: str) -> list[Event]:
    text, pieces, start = event.data, [], 0
    for match in pattern.finditer(text):
        term = by_name.get(match[1].lower())
        if term is None or term.term.lower() in linked:
            continue
        linked[term.term.lower()] = None
        if match.start() > start:
            pieces.append(Event("text", data=text[start:match.start()], at=event.at))
        pieces += [Event("open", "link", {"href": f"{glossary_href}#{term.anchor}", "title": ""}, event.at,
                         {"class": "term", "data-def": term.definition, "aria-describedby": f"gdef-{term.anchor}"}),
                   Event("text", data=match[0], at=event.at),
                   Event("close", "link", None, event.at)]
        start = match.end()
    if not pieces:
        return [event]
    if start < len(text):
        pieces.append(Event("text", data=text[start:], at=event.at))
    return pieces
