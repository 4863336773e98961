"""Content for one medium: `{.web-only}` or `{.print-only}` on a block marks that
block, on a heading the whole section under it (up to the next heading of the
same or a higher level).

    ## Notation {.web-only}
    Only the site shows this section; the rulebook leaves it out.

Every marked block's opening token gets `meta["only"]` ("web" or "print"), and
the blocks for the other medium than the one being made are removed at once,
before headings get their ids: the contents, anchors, link checks, clarification
lists and search never see them. The medium is the parser env's "medium": the
site's pages set "web"; paper is the default, so the rulebook's parse (and any
other that names none) prints what a page marks for print.
"""
from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.markdown.tokens import add_error, page_line

CLASSES = {"web-only": "web", "print-only": "print"}


def media_plugin(md: MarkdownIt) -> None:
    md.core.ruler.after("attr", "media", media_rule)


def media_rule(state) -> None:
    """Core rule: mark each block for its medium, then drop the other medium's blocks."""
    medium = state.env.get("medium", "print")
    web_page_on_paper = medium == "print" and getattr(state.env.get("page"), "only", "") == "web"
    if not web_page_on_paper and not any(name in state.src for name in CLASSES):
        return  # no block names a medium (most pages): nothing to mark or drop
    mark_media(state.tokens, state.env)
    if web_page_on_paper:
        keep_only_play_blocks(state.tokens)
    state.tokens = for_medium(state.tokens, medium)


def medium_of(token: Token, env: dict) -> str:
    """The medium a token's classes name ("" for both); both classes at once is an error."""
    names = set(str(token.attrs.get("class", "")).split()) & set(CLASSES)
    if len(names) > 1:
        add_error(env, page_line(env, token) if env.get("page") else None,
                  "a block cannot be both web-only and print-only",
                  expected="one of {.web-only} and {.print-only}", found=" ".join(f".{n}" for n in sorted(names)))
        return ""
    return CLASSES[names.pop()] if names else ""


def mark_media(tokens: list[Token], env: dict) -> None:
    """Set meta["only"] on every marked block and on every top-level block of a marked section."""
    section: tuple[int, str] | None = None  # (heading level, medium) of the marked section we are in
    for token in tokens:
        if token.nesting == -1:
            continue
        own = medium_of(token, env)
        if token.type == "heading_open" and token.level == 0:
            level = int(token.tag[1])
            if section and level <= section[0]:
                section = None  # a heading as high as the marked one ends its section
            if own and section is None:
                section = (level, own)
        medium = own or (section[1] if section and token.level == 0 else "")
        if medium:
            token.meta = {**(token.meta or {}), "only": medium}


def keep_only_play_blocks(tokens: list[Token]) -> None:
    """A web-only page on paper (generator/rulebook/selection.py prints one only when it has
    a `play` block and the site a real address): every block but its `play` blocks is web-only."""
    for token in tokens:
        is_play = token.type == "fence" and token.info.strip().split(" ")[0] == "play"
        if token.level == 0 and token.nesting != -1 and not is_play:
            token.meta = {**(token.meta or {}), "only": "web"}


def for_medium(tokens: list[Token], medium: str) -> list[Token]:
    """The tokens without the blocks marked for the other medium (each with all it holds)."""
    kept, skip_to = [], None  # skip_to: the level of the closing token that ends the block being dropped
    for token in tokens:
        if skip_to is not None:
            if token.nesting == -1 and token.level == skip_to:
                skip_to = None
            continue
        only = (token.meta or {}).get("only")
        if only and only != medium:
            if token.nesting == 1:
                skip_to = token.level
            continue
        kept.append(token)
    return kept
