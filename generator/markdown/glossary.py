"""The glossary: terms come from the definition list on the page marked
`glossary: true`; on every other page of the game, the first use of each
term links to its definition, which shows on hover and focus (CSS only)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it.token import Token

from generator.markdown.slugs import slugify


@dataclass(frozen=True)
class Term:
    term: str
    anchor: str
    definition: str  # plain text


def glossary_anchors(state) -> None:
    """Core rule: on a glossary page, give each <dt> an anchor id."""
    page = state.env.get("page")
    if not page or not page.glossary:
        return
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type == "dt_open":
            text = tokens[index + 1].content
            anchor = "term-" + slugify(text)
            token.attrSet("id", anchor)
            state.env.setdefault("anchors", set()).add(anchor)


def extract_terms(tokens: list[Token]) -> list[Term]:
    terms, index = [], 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "dt_open":
            term = tokens[index + 1].content.strip()
            definition, j = [], index + 1
            while j < len(tokens) and tokens[j].type != "dd_open":
                j += 1
            depth = 0
            for k in range(j, len(tokens)):
                if tokens[k].type == "dd_open":
                    depth += 1
                elif tokens[k].type == "dd_close":
                    depth -= 1
                    if depth == 0:
                        break
                elif tokens[k].type == "inline":
                    definition.append(plain_text(tokens[k]))
            terms.append(Term(term, "term-" + slugify(term), " ".join(definition).strip()))
            index = j
        index += 1
    return terms


def plain_text(inline: Token) -> str:
    return "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline", "softbreak")) or inline.content


def term_pattern(terms: list[Term]) -> re.Pattern | None:
    if not terms:
        return None
    names = sorted((re.escape(t.term) for t in terms), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?:e?s)?(?![\w-])", re.IGNORECASE)


def link_terms(tokens: list[Token], terms: list[Term], glossary_href: str) -> list[Term]:
    """Turn the first use of each term in running text into a link; return the terms linked."""
    pattern = term_pattern(terms)
    if pattern is None:
        return []
    by_name = {t.term.lower(): t for t in terms}
    linked: dict[str, None] = {}
    in_heading = False
    for block in tokens:
        if block.type == "heading_open":
            in_heading = True
        elif block.type == "heading_close":
            in_heading = False
        if block.type != "inline" or in_heading or not block.children:
            continue
        children, out, in_link = block.children, [], 0
        for child in children:
            if child.type == "link_open":
                in_link += 1
            elif child.type == "link_close":
                in_link -= 1
            if child.type != "text" or in_link:
                out.append(child)
                continue
            out.extend(split_text(child, pattern, by_name, linked, glossary_href))
        block.children = out
    return [by_name[name] for name in linked]


def split_text(child: Token, pattern, by_name, linked: dict, glossary_href: str) -> list[Token]:
    text, pieces, start = child.content, [], 0
    for match in pattern.finditer(text):
        term = by_name.get(match[1].lower())
        if term is None or term.term.lower() in linked:
            continue
        linked[term.term.lower()] = None
        if match.start() > start:
            pieces.append(text_token(text[start:match.start()]))
        open_ = Token("link_open", "a", 1)
        open_.attrSet("href", f"{glossary_href}#{term.anchor}")
        open_.attrSet("class", "term")
        open_.attrSet("data-def", term.definition)
        open_.attrSet("aria-describedby", f"gdef-{term.anchor}")
        pieces += [open_, text_token(match[0]), Token("link_close", "a", -1)]
        start = match.end()
    if not pieces:
        return [child]
    if start < len(text):
        pieces.append(text_token(text[start:]))
    return pieces


def text_token(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token
