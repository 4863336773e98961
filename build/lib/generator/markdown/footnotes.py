"""Footnotes come from mdit-py-plugins; this gives the link back to the text a
name that screen readers say (the plugin's is only an arrow)."""
from __future__ import annotations

from markdown_it import MarkdownIt


def footnote_labels_plugin(md: MarkdownIt) -> None:
    plain = md.renderer.rules["footnote_anchor"]

    def footnote_anchor(self, tokens, idx, options, env) -> str:
        return plain(tokens, idx, options, env).replace(
            'class="footnote-backref">', 'class="footnote-backref" aria-label="Back to the text">', 1)

    md.add_render_rule("footnote_anchor", footnote_anchor)
