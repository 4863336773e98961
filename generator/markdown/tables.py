"""Tables: the `table` directive renders a game's data file, so a table is
never retyped (one source of truth for pages, engines and kits); the
`clarifications` directive lists a page's clarifications; and a Markdown
table's column alignment becomes a class, since the page's CSP forbids `style=`."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from html import escape
from typing import Callable

from markdown_it import MarkdownIt

from generator.markdown.directives import DirectiveContext, check_keys

LONG = 40  # characters: a cell this long is prose, and gets a readable width (style.css `td.long`)
# Rulepress's own words in a table and a clarifications list, in English: the i18n layer extracts
# them (i18n/interface_pot.py) and hands a page's gettext to the directives as env["words"]
# (i18n/labels.py; a printed book's env has its book's), the Markdown layer sitting below it
YES, NO = "yes", "no"
BOTH = "%(first)s and %(second)s"  # two colours at once: "white and red"
NO_AMBIGUITIES = "This page decides no ambiguities."
ALIGNMENT = {"text-align:left": "align-left", "text-align:center": "align-center", "text-align:right": "align-right"}


def alignment_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("table_alignment", alignment_classes)


def alignment_classes(state) -> None:
    """Core rule: `style="text-align:right"` on a cell becomes `class="align-right"`."""
    for token in state.tokens:
        if (token.type == "td_open" or token.type == "th_open") and "style" in token.attrs:
            token.attrs = {"class": ALIGNMENT[token.attrs.pop("style")], **token.attrs}


@dataclass(frozen=True)
class TableView:
    """What a `table` block shows of its data: the site's page and the printed
    rulebook both set this, so they cannot disagree."""

    caption: str
    headers: list[str]
    rows: list[list[str]]  # cells as text: true/false read "yes"/"no"


def same(text: str) -> str:
    return text


def said(env: dict) -> Callable[[str], str]:
    """The page's gettext (env["words"]), else the words as written."""
    return env.get("words") or same


def table_view(options: dict, game, words: Callable[[str], str] = same) -> TableView:
    """The view of checked options (see `table_directive`); `words`: the page's gettext."""
    table = game.data[options["data"]]
    columns = options.get("columns") or table.reader_columns
    headers = [str(h) for h in options.get("headers") or [c.replace("_", " ").capitalize() for c in columns]]
    caption = str(options.get("caption", "") or table.caption or name_caption(table.name))
    return TableView(caption, headers, [[cell_words(row[column], words) for column in columns] for row in table.rows])


def name_caption(name: str) -> str:
    """The caption of a table that has none, made from its name (`hit_locations`: "Hit locations");
    a translated game's catalogue says it in its language (generator/i18n/options.py)."""
    return name.replace("_", " ").capitalize()


def cell_words(value, _: Callable[[str], str] = same) -> str:
    """A data value as a reader says it, on the site and on paper alike: true/false as
    "yes"/"no", a blank or "-" as a dash, a hex colour as its colour's name, and a
    data identifier such as `right-arm` as words ("right arm"); `_`: the page's gettext."""
    if isinstance(value, bool):
        return _(YES) if value else _(NO)
    text = str(value).strip()
    if text in ("", "-"):
        return "—"
    if HEX_COLOUR.fullmatch(text):
        return _(colour_name(text))
    if IDENTIFIER.fullmatch(text):
        words = text.split("-")
        # `white-red` is two colours at once ("white and red"); `right-arm` is one thing
        if all(word.capitalize() in COLOUR_WORDS for word in words):
            return reduce(lambda first, second: _(BOTH) % {"first": first, "second": second}, words)
        return " ".join(words)
    return text


HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
IDENTIFIER = re.compile(r"[a-z]+(?:-[a-z]+)+")  # lowercase words joined by hyphens: `left-hand`, `one-round`
# a few colours that players name, as (name, red, green, blue): a data colour reads as the nearest
NAMED_COLOURS = (("Red", 200, 30, 40), ("Orange", 240, 130, 30), ("Yellow", 240, 200, 10),
                 ("Green", 40, 130, 60), ("Blue", 40, 90, 200), ("Purple", 120, 50, 160), ("Pink", 235, 130, 180),
                 ("Brown", 120, 75, 35), ("Black", 0, 0, 0), ("Grey", 128, 128, 128), ("White", 255, 255, 255))
COLOUR_WORDS = {named[0] for named in NAMED_COLOURS}


def colour_name(hex_colour: str) -> str:
    """The name of the named colour nearest to `#rrggbb`."""
    rgb = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    return min(NAMED_COLOURS, key=lambda named: sum((a - b) ** 2 for a, b in zip(named[1:], rgb)))[0]


def table_directive(options: dict, context: DirectiveContext) -> str:
    check_keys(options, context, {"data", "columns", "headers", "caption"}, {"data"})
    game = context.game
    table = game.data.get(options["data"])
    if table is None:
        raise context.error(f"no data table '{options['data']}' in {game.slug}/game.toml",
                            expected="one of: " + (", ".join(sorted(game.data)) or "(none declared)"),
                            found=str(options["data"]))
    columns = options.get("columns") or table.reader_columns
    unknown = [c for c in columns if c not in table.columns]
    if unknown:
        raise context.error(f"no column '{unknown[0]}' in data '{table.name}'",
                            expected="one of: " + ", ".join(table.columns), found=unknown[0])
    headers = options.get("headers") or columns
    if len(headers) != len(columns):
        raise context.error("headers and columns differ in length", expected=f"{len(columns)} headers",
                            found=f"{len(headers)} headers")
    view = table_view(options, game, said(context.env))
    # a wide table scrolls: keyboard users must be able to reach and scroll it
    out = [f'<div class="table-wrap" tabindex="0" role="region" aria-label="{escape(view.caption)}">'
           f'<table class="data-table">', f"<caption>{escape(view.caption)}</caption>"]
    out.append("<thead><tr>" + "".join(f'<th scope="col">{escape(h)}</th>' for h in view.headers) + "</tr></thead><tbody>")
    out += ["<tr>" + "".join(f'<td class="long">{escape(cell)}</td>' if len(cell) > LONG else f"<td>{escape(cell)}</td>"
                             for cell in row) + "</tr>" for row in view.rows]
    out.append("</tbody></table></div>\n")
    return "".join(out)


def table_on_paper(options: dict, context: DirectiveContext) -> list:
    """A `table` block in a printed book: the page's checks (a ContentError as the page has it),
    then the same rows."""
    from generator.paper import DataTable

    table_directive(options, context)
    view = table_view(options, context.game, said(context.env))
    return [DataTable(tuple(view.headers), tuple(tuple(row) for row in view.rows), view.caption)]


def clarifications_directive(options: dict, context: DirectiveContext) -> str:
    """The numbered list of every clarification on the page, linking to each."""
    check_keys(options, context, set())
    items = context.env.get("clarifications", [])
    if not items:
        return f'<p class="empty">{escape(said(context.env)(NO_AMBIGUITIES))}</p>\n'
    out = ['<ol class="clarification-list">']
    for item in items:
        cid = escape(item["id"])
        out.append(f'<li value="{cid[1:]}"><a href="#{cid.lower()}"><strong>{cid}</strong> {escape(item["title"])}</a></li>')
    out.append("</ol>\n")
    return "".join(out)


def clarifications_on_paper(options: dict, context: DirectiveContext) -> list:
    """The page's clarifications in a printed book: each its number and title, as an index."""
    from generator.paper import Index, Words, escape as quoted

    items = context.env.get("clarifications", [])
    if not items:
        return [Words(quoted(said(context.env)(NO_AMBIGUITIES)))]
    return [Index(tuple(f"<b>{quoted(item['id'])}</b> {quoted(item['title'])}" for item in items))]
