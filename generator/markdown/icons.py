"""Inline icons in a page: `:heart:` in any paragraph, list, table or glossary entry draws the
icon of that name (a built-in vector icon of generator.draw.icons, or the game's own
icons/<name>.svg: draw/inline_icons.py) at the text's size, on its baseline, in its colour; a
screen reader reads its name ("heart").

The syntax is the one chat tools and GitHub use for emoji, so an author guesses it; a name that
is no icon of the game is an error at its line naming those there are (`:smile:` is no emoji
here), and code spans are left alone. On the web the icon is an inline SVG; on paper the
rulebook draws it itself (rulebook/inline.py), from the game's icons this rule hands it in the
text token's meta ("own_icons"). The icon's ink and paper are the neutral colours the page's
theme maps to its text and ground (class rp-ink-fill etc.), so it follows the text's colour.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Optional

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.markdown.tokens import add_error, page_line

if TYPE_CHECKING:  # the drawing code is imported by a page that names an icon (a `:`), not by every build
    from generator.draw.inline_icons import Own

INK, PAPER = "#000000", "#ffffff"  # neutral: the theme's classes restyle them
DRAWABLE = "flat SVG shapes in one colour, as drawing programs export them (docs/content.md, icons)"


def icons_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("inline_icons", icon_rule)


def icon_rule(state) -> None:
    env = state.env
    if ":" not in state.src:
        return
    from generator.draw.inline_icons import drawable_icons, has_icons

    game = env.get("game")
    own, broken = drawable_icons(game.folder if game is not None else None)
    web = env.get("medium", "print") == "web"
    for block in state.tokens:
        if block.type == "inline" and block.children and ":" in block.content:
            if web and env.get("page") is not None:
                unknown_icons(block, env, own, broken)
            if web:
                block.children = [piece for token in block.children for piece in with_icons(token, own)]
            else:
                for token in block.children:
                    if token.type == "text" and own and has_icons(token.content, own):
                        token.meta = {**(token.meta or {}), "own_icons": own}  # for rulebook/inline.py


def unknown_icons(block: Token, env: dict, own: Own, broken: dict[str, str]) -> None:
    """An error at its line for each `:name:` of the block's text that is no icon of the game,
    or is its own icon that cannot be drawn (`broken`: name -> why)."""
    from generator.draw.inline_icons import ICON, OWN_FOLDER, known, known_names

    breaks = 0
    for token in block.children:
        if token.type in ("softbreak", "hardbreak"):
            breaks += 1
        elif token.type == "text":
            for match in ICON.finditer(token.content):
                name, line = match.group(1), page_line(env, block, breaks)
                if name in broken:
                    add_error(env, line, f"the icon '{OWN_FOLDER}/{name}.svg' cannot be drawn: {broken[name]}",
                              expected=DRAWABLE, found=f"{OWN_FOLDER}/{name}.svg")
                elif not known(name, own):
                    add_error(env, line, f"no icon named '{name}'",
                              expected=f"one of the icons: {', '.join(known_names(own))}; or the game's own, "
                                       f"{OWN_FOLDER}/{name}.svg", found=match.group(0))


def with_icons(token: Token, own: Own) -> list[Token]:
    """A text token split round the icons it names (the token itself when it names none)."""
    from generator.draw.inline_icons import has_icons, pieces

    if token.type != "text" or not has_icons(token.content, own):
        return [token]
    out = []
    for kind, value in pieces(token.content, own):
        piece = Token("text" if kind == "text" else "html_inline", "", 0)
        piece.content = value if kind == "text" else icon_svg(value, *own_file(own, value))
        out.append(piece)
    return out


def own_file(own: Own, name: str) -> tuple[str, tuple[int, int]]:
    """The game's own file of the icon `name` and its stamp (size, time), or ("", ()) for a built-in."""
    path = own.get(name)
    if path is None:
        return "", (0, 0)
    stat = path.stat()
    return str(path), (stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=None)
def icon_svg(name: str, path: str = "", _stamp: Optional[tuple[int, int]] = None) -> str:
    """The icon (the game's own at `path`, else the built-in) as an inline <svg>, 1em square,
    named for screen readers."""
    from pathlib import Path

    from generator.draw.inline_icons import inline_icon
    from generator.draw.shapes import Drawing
    from generator.draw.svg import to_svg

    own = {name: Path(path)} if path else {}
    drawing = Drawing(10.0, 10.0, (inline_icon(name, 0.0, 0.0, 10.0, INK, PAPER, own=own),), title=name)
    svg = to_svg(drawing, width="", height="", id_prefix=f"icon-{name}-", css_class="inline-icon", themed=True)
    svg = svg.replace(' xmlns:ev="http://www.w3.org/2001/xml-events"', "")  # not allowed in HTML (the Nu checker)
    return svg.replace("<svg ", f'<svg aria-label="{name}" ', 1)
