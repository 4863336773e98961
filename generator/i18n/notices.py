"""Where a translated page shows a block in its source language because the block's source
changed since it was translated, the page says so there: the block is marked (its class
`stale-translation` and its own `lang`, so a screen reader reads it in its language) and a
paragraph says why before it. (A translated glossary's terms keep their source anchors by the
glossary's own rule: markdown/glossary.py.) A markdown-it plugin: its core rule reads the stale
lines from the page being parsed (a TranslatedPage); any other page is left as it is."""
from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.i18n.interface import N_, gettext
from generator.markdown.tokens import page_line

MARKED = ("paragraph_open", "heading_open", "th_open", "td_open", "dt_open")
NOTICE = N_("This part changed in the original since it was translated; it is shown in the original language.")


def stale_notices_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("stale_notices", stale_notices)


def stale_notices(state) -> None:
    page = state.env.get("page")
    stale = set(getattr(page, "stale", ()))
    if not stale:
        return
    kept = []
    for token in state.tokens:
        if token.type in MARKED and token.map and page_line(state.env, token) in stale:
            stale.discard(page_line(state.env, token))  # once per block: a list item's paragraph, not its item
            token.attrs["lang"] = page.source_language
            token.attrs["class"] = " ".join(filter(None, (token.attrs.get("class", ""), "stale-translation")))
            if token.type == "paragraph_open":
                kept += notice_tokens(token, page.notice or gettext(page.language)(NOTICE))
        kept.append(token)
    state.tokens = kept


def notice_tokens(before: Token, text: str) -> list[Token]:
    opening = Token("paragraph_open", "p", 1, attrs={"class": "translation-notice", "role": "note"},
                    map=None, level=before.level, block=True)
    inline = Token("inline", "", 0, content=text, level=before.level + 1, block=True,
                   children=[Token("text", "", 0, content=text)])
    closing = Token("paragraph_close", "p", -1, level=before.level, block=True)
    return [opening, inline, closing]
