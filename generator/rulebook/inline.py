"""Inline tokens as reportlab's paragraph markup (<b>, <i>, <font>, <a>, <super>)."""
from __future__ import annotations

from xml.sax.saxutils import escape

from markdown_it.tree import SyntaxTreeNode

from generator.draw.inline_icons import has_icons, pieces
from generator.rulebook.fonts import MONO

# reportlab breaks a line at a narrow no-break space (U+202F, inside French guillemets: « Rocher »)
# as at any space, but never at a no-break space: so it sets that one, a little wider, in its place
KEPT_TOGETHER = {ord("\u202f"): "\u00a0"}


def words(text: str) -> str:
    """Text as markup: escaped, its no-break spaces kept from breaking."""
    return escape(text.translate(KEPT_TOGETHER))


def markup(node: SyntaxTreeNode) -> str:
    """The markup of an inline node and everything in it."""
    return "".join(child_markup(child) for child in node.children)


def child_markup(node: SyntaxTreeNode) -> str:
    kind = node.type
    own = (node.meta or {}).get("own_icons", {})  # the game's own icons (markdown/icons.py)
    if kind == "text" and has_icons(node.content, own):  # `:star:`: the icon, drawn (rulebook/pictures.py)
        from generator.rulebook.pictures import icon_markup

        return "".join(words(value) if piece == "text" else icon_markup(value, own.get(value))
                       for piece, value in pieces(node.content, own))
    if kind == "text" or kind == "html_inline":
        return words(node.content)
    if kind == "softbreak":
        return " "
    if kind == "hardbreak":
        return "<br/>"
    if kind == "strong":
        return f"<b>{markup(node)}</b>"
    if kind == "em":
        return f"<i>{markup(node)}</i>"
    if kind == "s":
        return f"<strike>{markup(node)}</strike>"
    if kind == "code_inline":
        return f'<font face="{MONO}">{escape(node.content)}</font>'
    if kind == "link":
        href = str(node.attrs.get("href", ""))
        if href.startswith(("http://", "https://", "mailto:")):
            return f'<a href="{escape(href, {chr(34): "&quot;"})}" color="#1d4f91">{markup(node)}</a>'
        return markup(node)  # a link within the site: on paper, its words are enough
    if kind == "image":
        return escape(node.content or "")
    if kind == "footnote_ref":
        return footnote_mark(node.meta["id"] + 1)
    return markup(node) if node.children else escape(node.content or "")


def footnote_mark(number: int) -> str:
    """A footnote's number, raised, at the size of the text around it: reportlab's own
    superscript is up to 2 pt smaller, under 6 pt on paper in a player aid's notes or a
    wide table's cells (MIN_TEXT_PT, generator/kit/preflight.py)."""
    return f'<super size="100%" rise="35%">{number}</super>'


def plain(node: SyntaxTreeNode) -> str:
    """The text of a node, for titles, outlines and the contents."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(plain(child) for child in node.children)
