"""Small helpers every rule over markdown-it's tokens needs: the text of an
inline token, and a page's error at a token's source line."""
from __future__ import annotations

from markdown_it.token import Token

from generator.errors import ContentError


def plain_text(inline: Token) -> str:
    """What a reader sees of an inline token: its text and code, breaks as spaces."""
    parts = []
    for child in inline.children or ():
        kind = child.type
        if kind in ("text", "code_inline"):
            parts.append(child.content)
        elif kind in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


def page_line(env: dict, token: Token | None, offset: int = 0) -> int | None:
    """The file line of `token` (a block token with a source map), `offset` lines below its first."""
    if token is None or not token.map:
        return None
    return env["page"].body_line + token.map[0] + offset


def page_language(env: dict) -> str:
    """The language a page being parsed is written in: its own (a translated page), its game's, the site's."""
    for key in ("page", "game", "site"):
        language = getattr(env.get(key), "language", "")
        if language:
            return language
    return "en"


def add_error(env: dict, line: int | None, message: str, *, expected: str, found: str) -> None:
    """Record a content error for the page being parsed: the build reports them all together."""
    env.setdefault("errors", []).append(ContentError(env["page"].path, line, message, expected=expected, found=found))
