"""The glossary: terms come from the definition list on the page marked
`glossary: true`; on every other page of the game, the first use of each
term links to its definition, which shows on hover and focus (CSS only).
A translated glossary keeps its terms' source anchors and is in its own language's
alphabetical order."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.markdown.slugs import slugify
from generator.markdown.tokens import page_language, plain_text


@dataclass(frozen=True)
class Term:
    term: str
    anchor: str
    definition: str  # plain text


def glossary_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("glossary_anchors", glossary_anchors)
    md.core.ruler.push("glossary_order", glossary_order)
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
    """Core rule: on a glossary page, give each <dt> an anchor id: its term's, or in a translated
    glossary the source's (the page's `term_ids`, in order: `#term-rock` for "Stein"), so that a
    link written to one, or made to it from another page, lands in every language."""
    page = state.env.get("page")
    if not page or not page.glossary:
        return
    tokens = state.tokens
    source_ids = iter(getattr(page, "term_ids", ()))
    for index, token in enumerate(tokens):
        if token.type == "dt_open":
            anchor = next(source_ids, None) or "term-" + slugify(plain_text(tokens[index + 1]))
            token.attrSet("id", anchor)
            state.env.setdefault("anchors", set()).add(anchor)


# Languages written in ideographs, whose alphabetical order is by reading (a dictionary this
# does not have): their glossary keeps the source's order.
SOURCE_ORDER = ("ja", "zh")


def glossary_order(state) -> None:
    """Core rule: a translated glossary (a page with a `source_language` other than its own) lists
    its terms in its language's alphabetical order, each with its definitions and anchor."""
    page, language = state.env.get("page"), page_language(state.env)
    source = getattr(page, "source_language", "")
    if not page or not page.glossary or not source or language == source or language.split("-")[0] in SOURCE_ORDER:
        return
    tokens, start = state.tokens, 0
    while start < len(tokens):
        if tokens[start].type == "dl_open" and tokens[start].level == 0:
            end = next(i for i in range(start, len(tokens)) if tokens[i].type == "dl_close" and tokens[i].level == 0)
            tokens[start + 1:end] = [token for entry in sorted(entries(tokens[start + 1:end]), key=entry_key)
                                     for token in entry]
            start = end
        start += 1


def entries(tokens: list[Token]) -> list[list[Token]]:
    """A definition list's tokens, one run per term (its <dt> and every <dd> after it)."""
    runs: list[list[Token]] = []
    for token in tokens:
        if token.type == "dt_open" and token.level == 1 or not runs:
            runs.append([])
        runs[-1].append(token)
    return runs


def entry_key(entry: list[Token]) -> tuple[str, str]:
    """Alphabetical, as a dictionary of a Latin, Greek or Cyrillic script orders it: letters
    without their accents first (ä with a, é with e; ß as ss), then as written."""
    term = plain_text(entry[1]).casefold() if len(entry) > 1 else ""
    bare = "".join(char for char in unicodedata.normalize("NFKD", term) if not unicodedata.combining(char))
    return bare, term


def extract_terms(tokens: list[Token]) -> list[Term]:
    terms, index, count = [], 0, len(tokens)
    while index < count:
        if tokens[index].type != "dt_open":
            index += 1
            continue
        term = plain_text(tokens[index + 1]).strip()
        anchor = tokens[index].attrGet("id") or "term-" + slugify(term)  # glossary_anchors': the source's
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
        terms.append(Term(term, anchor, " ".join(definition).strip()))
    return terms


# The endings a term takes in running text (a plural, a case), by language: "Rocks" links to
# Rock, "Steinen" to Stein, "Rochers" to Rocher. A modest list, not a stemmer: a word whose stem
# changes ("Platz", "Plätze") links where the text uses the term's own form.
ENDINGS = {"en": r"(?:e?s)?", "de": r"(?:e|em|en|er|ern|es|n|s|se|sen)?", "fr": r"(?:es|e|s|x)?"}
CJK_START = 0x2E80  # kana, ideographs, hangul: written without spaces between words


def term_pattern(terms: list[Term], language: str = "en") -> re.Pattern | None:
    """The terms as a pattern whose group 1 (a term in a spaced script, with its endings and
    between word boundaries) or group 2 (one in a CJK script, whose words have no boundary to
    find: 岩 in 岩を投げる) is the term's name."""
    if not terms:
        return None
    names = sorted((t.term for t in terms), key=len, reverse=True)
    spaced = [re.escape(name) for name in names if not cjk(name)]
    unspaced = [re.escape(name) for name in names if cjk(name)]
    ending = ENDINGS.get(language.split("-")[0], ENDINGS["en"])
    parts = [r"(?<![\w-])(" + "|".join(spaced or [r"(?!)"]) + ")" + ending + r"(?![\w-])",
             "(" + "|".join(unspaced or [r"(?!)"]) + ")"]
    return re.compile("|".join(parts), re.IGNORECASE)


def cjk(name: str) -> bool:
    return bool(name) and (ord(name[0]) >= CJK_START or ord(name[-1]) >= CJK_START)


def link_terms(tokens: list[Token], terms: list[Term], glossary_href: str, language: str = "en") -> list[Term]:
    """Turn the first use of each term in running text (in the page's `language`) into a link;
    return the terms linked. Text in headings and links is left alone: a heading is not
    running text, and a link inside a link is not allowed."""
    pattern = term_pattern(terms, language)
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
        term = by_name.get((match[1] or match[2]).lower())
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
