"""A page's translatable blocks, read from markdown-it's tokens: each inline run of text (a
heading, a paragraph, a list item, a table cell, a glossary term or definition) with the file
line its token's map gives, and the page's title and summary from its front matter.

The text of a block is its Markdown source (emphasis, links and code kept), its lines joined
by spaces: a translator writes Markdown back, and a rewrapped paragraph is the same entry."""
from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.content.files import read_source
from generator.content.model import Game, Page, Site
from generator.content.positions import positions_of
from generator.i18n.model import Block
from generator.i18n.options import fence_blocks


# a paragraph's kind is that of the nearest block around it that names one
ENCLOSING = {"dd_open": "definition", "container_admonition_open": "admonition", "footnote_open": "footnote",
             "list_item_open": "list item", "blockquote_open": "quote"}
OWN = {"heading_open": "heading", "th_open": "table cell", "td_open": "table cell", "dt_open": "term"}


def parser(site: Site) -> MarkdownIt:
    """The site's own parser, keeping the blocks of both media: web-only and print-only
    blocks are translated alike."""
    from generator.markdown.render import make_markdown

    md = make_markdown(site.raw_html, {})
    md.core.ruler.disable(["media"])
    return md


def one_line(text: str) -> str:
    """A block's lines as one: the text a catalogue keys it by."""
    return " ".join(part.strip() for part in text.split("\n") if part.strip())


def page_blocks(md: MarkdownIt, site: Site, game: Game, page: Page) -> list[Block]:
    """Every translatable text of `page`, in page order, front matter first."""
    text, _ = read_source(page.path)
    name = page.path.name
    blocks = front_matter_blocks(page, text[:page.body_start])
    env = {"page": page, "game": game, "site": site, "medium": "web"}
    tokens = md.parse(text[page.body_start:], env)
    blocks += token_blocks(tokens, name, page.body_line, page.glossary, game)
    return blocks


def front_matter_blocks(page: Page, front: str) -> list[Block]:
    positions = positions_of(page.path, front)
    found = []
    for key, value in (("title", page.title), ("summary", page.summary)):
        if value.strip():
            found.append(Block(value.strip(), page.path.name, positions.line_of((key,)) or 1, f"page {key}"))
    return found


def token_blocks(tokens: list[Token], name: str, body_line: int, glossary: bool, game: Game | None = None) -> list[Block]:
    """The blocks of a parsed body whose first line is the file's line `body_line` (`game`: whose
    data its tables show)."""
    found, stack = [], []
    for token in tokens:
        if token.nesting == 1:
            stack.append(token)
            if token.type == "container_admonition_open" and (token.meta or {}).get("title"):
                found.append(Block(token.meta["title"], name, body_line + token.map[0], "admonition title"))
        elif token.nesting == -1:
            stack.pop()
        elif token.type == "inline" and one_line(token.content):
            line = body_line + (token.map or nearest_map(stack))[0]
            found.append(Block(one_line(token.content), name, line, kind_of(stack, glossary)))
        elif token.type == "fence" and token.map:
            found += fence_blocks(token.info, token.content, name, body_line + token.map[0] + 1, game)
    return found


def nearest_map(stack: list[Token]) -> list[int]:
    return next((token.map for token in reversed(stack) if token.map), [0, 0])


def kind_of(stack: list[Token], glossary: bool) -> str:
    if not stack:
        return "paragraph"
    own = OWN.get(stack[-1].type)
    if own:
        return "glossary term" if own == "term" and glossary else own
    for token in reversed(stack):
        if token.type in ENCLOSING:
            kind = ENCLOSING[token.type]
            return "glossary definition" if kind == "definition" and glossary else kind
    return "paragraph"
