"""The Markdown stage: one configured parser; a game's glossary terms; a page
rendered to HTML with its TOC, anchors, links and the terms it links."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.model import Game, Page, Site
from generator.errors import ContentError
from generator.markdown import events as parser
from generator.markdown.admonitions import admonitions_plugin, is_admonition
from generator.markdown.directives import Directive, directives_plugin
from generator.markdown.glossary import Term, extract_terms, glossary_anchors, link_terms
from generator.markdown.headings import headings_plugin
from generator.markdown.html import HtmlRenderer
from generator.markdown.links import links_plugin, relative
from generator.markdown.source import apply_attributes, mark_lines, restore_markers
from generator.markdown.tables import clarifications_directive, table_directive

BUILTIN_DIRECTIVES: dict[str, Directive] = {
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


class Markdown:
    """One configured parser: Markdown in, events through the core rules (in
    order), HTML out. Plugins are plain functions `plugin(md, **options)` that
    append core rules or set render rules."""

    def __init__(self, raw_html: bool):
        self.rules: list = [apply_attributes]  # each rule(events, env) changes the events in place
        self.renderer = HtmlRenderer(raw_html)

    def use(self, plugin, **options) -> "Markdown":
        plugin(self, **options)
        return self

    def parse(self, body: str, env: dict) -> list:
        text, markers, seal = mark_lines(body, is_admonition)
        env["lines"] = parser.Lines(text)
        events = parser.parse(text)
        if markers:
            restore_markers(events, markers, seal)
        for rule in self.rules:
            rule(events, env)
        return events

    def render(self, events: list, env: dict) -> str:
        return self.renderer.render(events, env)


def event_line(path, at: int) -> int | None:
    """The file line of the event at place `at` in the page at `path`, parsed
    again: link errors are rare, and a line for every link would cost every page."""
    from generator.content.load import split_front_matter

    text = path.read_text(encoding="utf-8")
    _data, body_start, body_line = split_front_matter(path, text)
    marked, _markers, _seal = mark_lines(text[body_start:], is_admonition)
    line = parser.Lines(marked).line(at)
    return body_line + line - 1 if line else None


def make_markdown(raw_html: bool, directives: dict[str, Directive]) -> Markdown:
    md = Markdown(raw_html).use(admonitions_plugin).use(headings_plugin).use(links_plugin)
    md.rules.append(glossary_anchors)
    return md.use(directives_plugin, directives={**BUILTIN_DIRECTIVES, **directives})


def glossary_page(game: Game) -> Page | None:
    return next((p for p in game.pages if p.glossary), None)


def glossary_terms(md: Markdown, site: Site, game: Game) -> list[Term]:
    page = glossary_page(game)
    if page is None:
        return []
    return extract_terms(md.parse(page.body, {"page": page, "game": game, "site": site}))


def render_page(md: Markdown, site: Site, game: Game, page: Page, terms: list[Term]) -> RenderedPage:
    env = {"page": page, "game": game, "site": site}
    events = md.parse(page.body, env)
    used = []
    glossary = glossary_page(game)
    if glossary and page is not glossary:
        used = link_terms(events, terms, relative(page.url, glossary.url))
    html = md.render(events, env)
    errors = env.get("errors", []) + check_clarifications(page, env)
    return RenderedPage(page=page, html=html, toc=env.get("toc", []), anchors=set(env.get("anchors", set())),
                        links=env.get("links", []), terms=used, errors=errors, uses=env.get("uses", {}),
                        head=[env["head"][key] for key in sorted(env.get("head", {}))])


def render_pages(site: Site, directives: dict[str, Directive] | None = None) -> tuple[dict[str, RenderedPage], list[ContentError]]:
    """Render every page of the site in this process; pages by URL, and the errors found."""
    md = make_markdown(site.raw_html, directives or {})
    rendered, errors = {}, []
    for game in site.games:
        terms = glossary_terms(md, site, game)
        for page in game.pages:
            result = render_page(md, site, game, page, terms)
            rendered[page.url] = result
            errors.extend(result.errors)
    return rendered, errors


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
