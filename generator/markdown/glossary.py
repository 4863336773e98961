"""The glossary: terms come from the definition list on the page marked
`glossary: true`; on every other page of the game, the first use of each
term links to its definition, which shows on hover and focus (CSS only)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.markdown.slugs import slugify
from generator.markdown.tokens import plain_text


@dataclass(frozen=True)
class Term:
    term: str
    anchor: str
    definition: str  # plain text


def glossary_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("glossary_anchors", glossary_anchors)
    for kind, tag in GLOSSARY_TAGS.items():
        md.add_render_rule(kind, glossary_tag(md.renderer.rules.get(kind), tag))


# On the glossary page each term is a heading over its definition: a reader can jump from
# term to term, and the site's search (Pagefind, which splits a page at headings with ids)
# gives each term a result of its own that links to it, not a run of "Throw What a Troll
# must…". Only the web page: a typeset rulebook reads the same tokens as a definition list.
GLOSSARY_TAGS = {"dl_open": '<div class="glossary">', "dl_close": "</div>",
                 "dt_open": '<h2 class="glossary-term"{id}>', "dt_close": "</h2>",
                 "dd_open": '<div class="glossary-definition">', "dd_close": "</div>"}


def glossary_tag(default, tag: str):
    def render(self, tokens, index, options, env):
        page, token = env.get("page"), tokens[index]
        top = token.level == (0 if token.type.startswith("dl") else 1)  # the page's list, not one nested in it
        if not (page and page.glossary and top):
            return default(tokens, index, options, env) if default else self.renderToken(tokens, index, options, env)
        anchor = token.attrGet("id")
        return tag.replace("{id}", f' id="{anchor}"' if anchor else "") + ("\n" if tag.startswith("</") else "")
    return render


def glossary_anchors(state) -> None:
    """Core rule: on a glossary page, give each <dt> an anchor id."""
    page = state.env.get("page")
    if not page or not page.glossary:
        return
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type == "dt_open":
            anchor = "term-" + slugify(plain_text(tokens[index + 1]))
            token.attrSet("id", anchor)
            state.env.setdefault("anchors", set()).add(anchor)


def extract_terms(tokens: list[Token]) -> list[Term]:
    terms, index, count = [], 0, len(tokens)
    while index < count:
        if tokens[index].type != "dt_open":
            index += 1
            continue
        term = plain_text(tokens[index + 1]).strip()
        definition, index = [], index + 3  # past the term's inline and dt_close
        while index < count and tokens[index].type == "dd_open":
            depth, parts = 0, []
            while True:
                token = tokens[index]
                depth += token.nesting if token.type.startswith("dd_") else 0
                if token.type == "inline":
                    parts.append(plain_text(token))
                index += 1
                if depth == 0:
                    break
            definition.append(" ".join(parts))
        terms.append(Term(term, "term-" + slugify(term), " ".join(definition).strip()))
    return terms


def term_pattern(terms: list[Term]) -> re.Pattern | None:
    if not terms:
        return None
    names = sorted((re.escape(t.term) for t in terms), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?:e?s)?(?![\w-])", re.IGNORECASE)


def link_terms(tokens: list[Token], terms: list[Term], glossary_href: str) -> list[Term]:
    """Turn the first use of each term in running text into a link; return the
    terms linked. Text in headings and links is left alone: a heading is not
    running text, and a link inside a link is not allowed."""
    pattern = term_pattern(terms)
    if pattern is None:
        return []
    by_name = {t.term.lower(): t for t in terms}
    linked: dict[str, None] = {}
    in_heading = False
    for block in tokens:
        kind = block.type
        if kind == "heading_open" or kind == "heading_close":
            in_heading = kind == "heading_open"
        if kind != "inline" or in_heading or not block.children:
            continue
        out, in_link = [], 0
        for child in block.children:
            if child.type == "link_open":
                in_link += 1
            elif child.type == "link_close":
                in_link -= 1
            if child.type != "text" or in_link:
                out.append(child)
            else:
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
        link = Token("link_open", "a", 1)
        link.attrs = {"href": f"{glossary_href}#{term.anchor}", "class": "term", "data-def": term.definition,
                      "aria-describedby": f"gdef-{term.anchor}"}
        pieces += [link, text_token(match[0]), Token("link_close", "a", -1)]
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
