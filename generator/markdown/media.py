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
other that names none) prints what a page marks for print. A page marked `only: web`
prints on paper only the blocks of the directives declared `from_web_pages`
(stages.Directive; the build's registry is the env's `build`).
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
        keep_only_blocks_of(state.tokens, from_web_pages(state.env))
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


def from_web_pages(env: dict) -> set[str]:
    """The directives a web-only page prints on paper (stages.Directive.from_web_pages)."""
    build = env.get("build")
    directives = build.directives if build is not None else {}
    return {name for name, directive in directives.items() if getattr(directive, "from_web_pages", False)}


def keep_only_blocks_of(tokens: list[Token], directives: set[str]) -> None:
    """A web-only page on paper (generator/rulebook/selection.py prints one only when it holds
    such a block and the site has a real address): every block but those of `directives` is web-only."""
    for token in tokens:
        kept = token.type == "fence" and token.info.strip().split(" ")[0] in directives
        if token.level == 0 and token.nesting != -1 and not kept:
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
