"""The labels the Markdown layer gives admonitions ("Note", "Clarification C2: ...") in the
page's language: a translated game's, else the site's (generator/i18n/interface.py). A
markdown-it plugin, as the Markdown layer names the labels below the i18n one: its core rule
runs after the admonitions' own and leaves each label in the opening token's meta, and the page's
gettext in its env for the words its directives write (a table's "yes", markdown/tables.py)."""
from __future__ import annotations

from markdown_it import MarkdownIt

from generator.i18n.interface import gettext, reader_language
from generator.markdown.admonitions import KINDS


def admonition_labels_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("admonition_labels", admonition_labels)


def admonition_labels(state) -> None:
    _ = gettext(reader_language(state.env.get("game"), state.env.get("site")))
    # the page's gettext for the directives' own words ("yes", "Red": markdown/tables.py)
    state.env["words"] = _
    for token in state.tokens:
        if token.type == "container_admonition_open" and token.meta.get("kind") in KINDS:
            token.meta["label"] = _(KINDS[token.meta["kind"]])
