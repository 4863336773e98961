"""The Markdown stage: one configured markdown-it parser; a game's glossary
terms; a page rendered to HTML with its TOC, anchors, links and the terms it links.

markdown-it-py parses; mdit-py-plugins bring footnotes, definition lists,
containers and block attributes. Our own rules are small core rules over the
token stream, each added by a plugin `plugin(md, **options)` in its own module.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin

from generator.content.model import Game, Page, Site
from generator.errors import ContentError
from generator.markdown.admonitions import admonitions_plugin
from generator.markdown.attributes import attributes_plugin
from generator.markdown.directives import WebRendering, directives_plugin
from generator.markdown.footnotes import footnote_labels_plugin
from generator.markdown.glossary import Term, extract_terms, glossary_plugin, link_terms
from generator.markdown.headings import headings_plugin
from generator.markdown.icons import icons_plugin
from generator.markdown.links import links_plugin, relative
from generator.markdown.media import media_plugin
from generator.markdown.pictures import pictures_plugin
from generator.markdown.quotes import quotes_plugin
from generator.markdown.tables import alignment_plugin, clarifications_directive, table_directive
from generator.markdown.tokens import page_language

BUILTIN_DIRECTIVES: dict[str, WebRendering] = {
    "table": table_directive,
    "clarifications": clarifications_directive,
}


@dataclass
class RenderedPage:
    page: Page
    html: str
    toc: list[dict]
    anchors: set[str]
    links: list[dict]
    terms: list[Term] = field(default_factory=list)
    errors: list[ContentError] = field(default_factory=list)
    uses: dict[str, set] = field(default_factory=dict)  # from directives: kind -> values
    head: list[str] = field(default_factory=list)  # from directives: tags for <head>


def make_markdown(raw_html: bool, directives: dict[str, WebRendering]) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": raw_html, "typographer": True})
    md.enable(["table", "strikethrough", "replacements", "smartquotes"])
    md.use(quotes_plugin)  # the typographer's quotes in each page's language
    md.use(footnote_plugin).use(footnote_labels_plugin).use(deflist_plugin)
    md.use(attributes_plugin).use(media_plugin).use(admonitions_plugin).use(headings_plugin)
    md.use(links_plugin).use(pictures_plugin).use(alignment_plugin).use(glossary_plugin).use(icons_plugin)
    return md.use(directives_plugin, directives={**BUILTIN_DIRECTIVES, **directives})


def glossary_page(game: Game) -> Page | None:
    return next((p for p in game.pages if p.glossary), None)


def glossary_terms(md: MarkdownIt, site: Site, game: Game) -> list[Term]:
    page = glossary_page(game)
    if page is None:
        return []
    # a translated glossary's terms keep the source's anchors (markdown/glossary.py: glossary_anchors)
    return extract_terms(md.parse(page.body, {"page": page, "game": game, "site": site, "medium": "web"}))


def render_page(md: MarkdownIt, site: Site, game: Game, page: Page, terms: list[Term], build=None) -> RenderedPage:
    """The page's HTML body; `build`: the build's stages.StageContext, which its directives see."""
    env = {"page": page, "game": game, "site": site, "medium": "web"}  # print-only blocks are left out
    if build is not None:
        env["build"] = build
    tokens = md.parse(page.body, env)
    used = []
    glossary = glossary_page(game)
    if glossary and page is not glossary:
        used = link_terms(tokens, terms, relative(page.url, glossary.url), page_language(env))
    html = md.renderer.render(tokens, md.options, env)
    errors = env.get("errors", []) + check_clarifications(page, env)
    return RenderedPage(page=page, html=html, toc=env.get("toc", []), anchors=set(env.get("anchors", set())),
                        links=env.get("links", []), terms=used, errors=errors, uses=env.get("uses", {}),
                        head=[env["head"][key] for key in sorted(env.get("head", {}))])


def check_clarifications(page: Page, env: dict) -> list[ContentError]:
    """Every clarification admonition is listed in the front matter, and the reverse."""
    errors = []
    declared = [c.id for c in page.clarifications]
    found = env.get("clarifications", [])
    for index, item in enumerate(found, start=1):
        line = page.body_line + item["line"] - 1 if item["line"] else None
        if not item["id"]:
            errors.append(ContentError(page.path, line, "clarification without an id",
                                       expected="'::: clarification C<n> Title'", found="no id"))
        elif item["id"] != f"C{index}":
            errors.append(ContentError(page.path, line, "clarifications are numbered in page order",
                                       expected=f"C{index}", found=item["id"]))
        elif item["id"] not in declared:
            errors.append(ContentError(page.path, line, f"clarification {item['id']} is not in the front matter",
                                       expected=f"an entry '- id: {item['id']}' with its tests under clarifications:",
                                       found="no entry"))
    ids = {item["id"] for item in found}
    for cid in declared:
        if cid not in ids:
            errors.append(ContentError(page.path, 2, f"front matter lists {cid}, but the page has no such clarification",
                                       expected=f"'::: clarification {cid} ...' in the page", found="none"))
    return errors
