"""Inline icons on the site: `:heart:` in any paragraph, list, table or glossary entry draws the
built-in vector icon of that name (generator.draw.icons) at the text's size, on its baseline,
in its colour; a screen reader reads its name ("heart").

The syntax is the one chat tools and GitHub use for emoji, so an author guesses it; a name that
is no icon stays as it was written (`:30:` in a time, `:foo:`), and code spans are left alone.
On paper the rulebook draws the same icons itself (rulebook/inline.py): this rule runs for the
web only. The icon's ink and paper are the neutral colours the page's theme maps to its text and
ground (class rp-ink-fill etc.), so it follows the text's colour, light or dark.
"""
from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.draw.inline_icons import has_icons, pieces

INK, PAPER = "#000000", "#ffffff"  # neutral: the theme's classes restyle them


def icons_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("inline_icons", icon_rule)


def icon_rule(state) -> None:
    if state.env.get("medium", "print") != "web":
        return
    for block in state.tokens:
        if block.type == "inline" and block.children and ":" in block.content:
            block.children = [piece for token in block.children for piece in with_icons(token)]


def with_icons(token: Token) -> list[Token]:
    """A text token split round the icons it names (the token itself when it names none)."""
    if token.type != "text" or not has_icons(token.content):
        return [token]
    out = []
    for kind, value in pieces(token.content):
        piece = Token("text" if kind == "text" else "html_inline", "", 0)
        piece.content = value if kind == "text" else icon_svg(value)
        out.append(piece)
    return out


@lru_cache(maxsize=None)
def icon_svg(name: str) -> str:
    """The icon as an inline <svg>, 1em square, named for screen readers."""
    from generator.draw.icons import icon
    from generator.draw.shapes import Drawing
    from generator.draw.svg import to_svg

    drawing = Drawing(10.0, 10.0, (icon(name, 0.0, 0.0, 10.0, INK, PAPER),), title=name)
    svg = to_svg(drawing, width="", height="", id_prefix=f"icon-{name}-", css_class="inline-icon", themed=True)
    svg = svg.replace(' xmlns:ev="http://www.w3.org/2001/xml-events"', "")  # not allowed in HTML (the Nu checker)
    return svg.replace("<svg ", f'<svg aria-label="{name}" ', 1)
