"""Turning pages into finished HTML files, on every core.

A page is the unit of work: Markdown to HTML, then the game template around
it. Each worker process keeps one parser and one template environment (built
once, after fork), and a game's glossary terms once it has seen that game.
Small sites render in this process: forking costs more than it saves there.
"""
from __future__ import annotations

import gc
import hashlib
import os
from dataclasses import dataclass, field

from generator.children import worker_count
from generator.content.model import Site
from generator.errors import ContentError

PARALLEL_FROM = 40  # pages; below this, one process is faster


@dataclass
class PageResult:
    url: str
    path: str  # the Markdown source, for error messages
    size: int  # bytes written to the output folder (0: not written)
    anchors: list[str]
    links: list[dict]
    uses: dict[str, set] = field(default_factory=dict)  # what its directives need site-wide
    errors: list[ContentError] = field(default_factory=list)
    digest: str = ""  # of the finished HTML: what the search index of its game depends on


class PageRenderer:
    """Everything needed to finish pages of one site, built once per process."""

    def __init__(self, site: Site, build, context, folder: str | None = None):
        from generator.i18n.labels import admonition_labels_plugin
        from generator.markdown.render import make_markdown
        from generator.site.theme import make_environment

        self.site = site
        self.context = context
        self.build = build  # the build's stages.StageContext: its directives, and what they see of the build
        self.md = make_markdown(site.raw_html, {name: directive.web for name, directive in build.directives.items()})
        if any(game.translation_of for game in site.games):
            from generator.i18n.notices import stale_notices_plugin

            self.md.use(stale_notices_plugin)  # a translated page marks the blocks it shows in the source language
        self.md.use(admonition_labels_plugin)  # "Clarification" in the page's language
        self.templates = make_environment(site.root, context.bytecode_dir)
        self.templates.auto_reload = False  # one build: no need to stat the templates for every page
        self.templates.get_template("game.html")  # compiled here, once, before workers fork
        self.terms: dict[str, list] = {}
        # Each worker writes its own pages: creating files is a tenth of a
        # page's cost here, and one process writing them all became the bottleneck.
        self.folder = folder
        self.made: set[str] = set()  # folders known to exist

    def render(self, url: str) -> PageResult:
        from generator.markdown.render import glossary_terms, render_page
        from generator.site.pages import page_ids, render_game_page

        game, page = self.site.page_at(url)  # an earlier release's pages sit below its game's folder
        slug = game.slug
        if slug not in self.terms:
            self.terms[slug] = glossary_terms(self.md, self.site, game)
        rendered = render_page(self.md, self.site, game, page, self.terms[slug], self.build)
        size, html_digest = 0, ""
        anchors = rendered.anchors | {section["id"] for section in self.context.sections.get(url, [])}
        if not rendered.errors:
            html = render_game_page(self.templates, self.context, game, rendered)
            # A link may aim at any id of the finished page (the template's, a stage's,
            # a widget's, a footnote's), and `build` and `check` must agree on them.
            anchors = page_ids(html)
            data = html.encode("utf-8")
            html_digest = hashlib.sha256(data).hexdigest()
            if self.folder is not None:
                size = self.write(url, data)
        return PageResult(url=url, path=str(page.path), size=size, anchors=sorted(anchors),
                          links=rendered.links, uses=rendered.uses, errors=rendered.errors, digest=html_digest)

    def write(self, url: str, html: bytes) -> int:
        path = os.path.join(self.folder, url)
        parent = os.path.dirname(path)
        if parent not in self.made:
            os.makedirs(parent, exist_ok=True)
            self.made.add(parent)
        with open(path, "wb") as handle:
            handle.write(html)
        return len(html)


_renderer: PageRenderer | None = None  # one per worker process, set by _start_worker


def _start_worker(renderer: PageRenderer) -> None:
    global _renderer
    from generator.children import die_with_parent

    die_with_parent()  # a killed build leaves no worker behind
    # What the worker inherited never becomes garbage: keep the collector off
    # it (it would also touch, and so copy, every inherited page). And a page
    # leaves no cycles worth collecting before the worker ends with the build.
    gc.freeze()
    gc.disable()
    _renderer = renderer


def _render_in_worker(url: str) -> PageResult:
    return _renderer.render(url)


def render_urls(site: Site, urls: list[str], build, context, processes: int | None = None,
                folder: str | None = None) -> list[PageResult]:
    """Finish every page in `urls`, in order, across `processes` (default: one per core),
    writing each into `folder` (when given) at its URL. `build`: the build's stages.StageContext."""
    processes = processes or worker_count()
    renderer = PageRenderer(site, build, context, folder)
    if processes == 1 or len(urls) < PARALLEL_FROM:
        return [renderer.render(url) for url in urls]
    from generator import jobs  # only now: a one-page edit never needs a pool

    if not jobs.can_fork():
        return [renderer.render(url) for url in urls]
    with jobs.pool(processes, _start_worker, (renderer,)) as pool:
        chunk = max(1, min(32, len(urls) // (processes * 4)))
        return list(pool.map(_render_in_worker, urls, chunksize=chunk))


@dataclass
class PagesMade:
    """What the build's pages came to: every page's cache entry, and what their directives use."""

    entries: dict  # url -> cache.PageEntry
    uses: dict[str, set]  # kind -> values, over every page
    rendered: int  # pages rendered this time (the rest were reused)


def write_pages(site: Site, output, context, build, keys: dict[str, str], reuse,
                processes: int | None) -> PagesMade:
    """Every page of the site, reused (`reuse`: the Builder's reuse.Reuse) while its key (`keys`:
    url -> key) is the last build's, else rendered on every core; every page's errors raised together."""
    from generator import cache as build_cache
    from generator.errors import ContentErrors

    pages: dict = {}
    todo: list[str] = []
    previous = reuse.previous.pages if reuse.previous else {}
    for url, key in keys.items():  # every page, in site order (a page's URL is worked out each time it is asked)
        old = previous.get(url)
        if old and old.key == key and reuse.file(output, url) or reuse.page_kept_for_now(output, url, old):
            pages[url] = old
        else:
            pages[url] = build_cache.PageEntry(key)
            todo.append(url)
    errors: list[ContentError] = []
    folder = None if output.staging is None else str(output.staging)  # None: a dry output
    for result in render_urls(site, todo, build, context, processes, folder=folder):
        errors.extend(result.errors)
        if not result.errors:
            output.record(result.url, result.size)
        pages[result.url] = build_cache.PageEntry(pages[result.url].key, result.path, result.anchors, result.links,
                                                  page_uses(result.uses, context.notes), result.digest)
    if errors:
        raise ContentErrors(errors)
    uses: dict[str, set] = {}
    for entry in pages.values():
        for kind, values in entry.uses.items():
            uses.setdefault(kind, set()).update(values)
    return PagesMade(pages, uses, len(todo))


def page_uses(uses: dict[str, set], notes: list[str]) -> dict[str, list[str]]:
    """A page's `uses` for its cache entry. Its notes of the cache entries its directives made
    again (in whichever process rendered it) go into the build's `notes` instead, each once:
    kept in the entry, they would be said again by every build that reuses the page."""
    from generator.usercache import REPAIRED_USE

    for note in sorted(uses.pop(REPAIRED_USE, ())):
        if note not in notes:
            notes.append(note)
    return {kind: sorted(values) for kind, values in uses.items()}


def check_links(pages: dict, files) -> list[ContentError]:
    """Every internal link hits a page (and one of its ids) or a file of the output."""
    from pathlib import Path

    errors = []
    for page in pages.values():
        for link in page.links:
            url, anchor = link["url"], link["anchor"]
            target = pages.get(url)
            if target is None:
                if url.endswith(".html") or url not in files:
                    errors.append(ContentError(page.path, link["line"], "broken link",
                                               expected="a page or file of this site", found=link["href"]))
                continue
            if anchor and anchor not in target.anchors:
                errors.append(ContentError(page.path, link["line"], f"missing anchor #{anchor}",
                                           expected=f"a heading or id '{anchor}' in {Path(target.path).name}",
                                           found=link["href"]))
    return errors
