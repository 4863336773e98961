"""A page rendered in another language: the translated Markdown (translate.py) through the
site's own renderer, as a page of its own (TranslatedPage), with its stale blocks noticed
(notices.py). A pure function of the page's source and a catalogue: the build decides where
the result is written (`/<lang>/...`, docs/translations.md)."""
from __future__ import annotations

from dataclasses import dataclass, fields

from babel.messages.catalog import Catalog
from markdown_it import MarkdownIt

from generator.content.model import Game, Page, Site
from generator.i18n.blocks import parser
from generator.i18n.notices import stale_notices_plugin
from generator.i18n.translate import Translation, looked_up, translate_page
from generator.markdown.directives import WebRendering
from generator.markdown.glossary import Term, extract_terms
from generator.markdown.render import RenderedPage, glossary_page, make_markdown, render_page


@dataclass(frozen=True)
class TranslatedPage(Page):
    """A page whose body is its translation (the same lines as its source)."""

    language: str = ""
    source_language: str = "en"
    text: str = ""  # the translated file, front matter and body
    stale: tuple[int, ...] = ()  # file lines of blocks shown in the source language, their source changed
    missing: tuple[int, ...] = ()  # file lines of blocks shown in the source language, not translated yet
    notice: str = ""  # what a stale block's notice says ("": notices.NOTICE)
    term_ids: tuple[str, ...] = ()  # a glossary's: its terms' anchors in the source, in order

    @property
    def body(self) -> str:
        """From the body's first line: a translated title moved the offset, never the lines."""
        return "\n".join(self.text.split("\n")[self.body_line - 1:])


def translated(page: Page, translation: Translation, catalogue: Catalog, language: str, source_language: str,
               notice: str = "", term_ids: tuple[str, ...] = ()) -> TranslatedPage:
    own = {field.name: getattr(page, field.name) for field in fields(Page)}
    for key in ("title", "summary"):
        text, _ = looked_up(catalogue, own[key].strip()) if own[key].strip() else (None, "")
        own[key] = text or own[key]
    return TranslatedPage(**own, language=language, source_language=source_language, text=translation.markdown,
                          stale=translation.stale, missing=translation.missing, notice=notice, term_ids=term_ids)


def source_terms(site: Site, game: Game, page: Page) -> list[Term]:
    """The glossary `page`'s terms as the source has them (their anchors)."""
    env = {"page": page, "game": game, "site": site, "medium": "web"}
    return extract_terms(parser(site).parse(page.body, env))


def translated_terms(md: MarkdownIt, site: Site, game: Game, catalogue: Catalog, language: str) -> list[Term]:
    """The game's glossary terms in `language`, each with its source anchor: what render_translated
    links the other pages' first uses to (none when the game has no glossary page)."""
    glossary = glossary_page(game)
    if glossary is None:
        return []
    source = source_terms(site, game, glossary)
    page = translated(glossary, translate_page(parser(site), site, game, glossary, catalogue), catalogue, language,
                      site.language, term_ids=tuple(term.anchor for term in source))
    return extract_terms(md.parse(page.body, {"page": page, "game": game, "site": site, "medium": "web"}))


def translation_markdown(site: Site, directives: dict[str, WebRendering]) -> MarkdownIt:
    """The site's parser with stale blocks noticed (the build's own parser would `use` the plugin)."""
    return make_markdown(site.raw_html, directives).use(stale_notices_plugin)


def render_translated(md: MarkdownIt, site: Site, game: Game, page: Page, catalogue: Catalog, language: str,
                      terms: list[Term] = (), notice: str = "") -> RenderedPage:
    """`page` in `language`, rendered by `md` (translation_markdown's): HTML, contents, anchors and links
    as the source's page has them, each stale block in the source language with its notice."""
    translation = translate_page(parser(site), site, game, page, catalogue)
    ids = tuple(term.anchor for term in source_terms(site, game, page)) if page.glossary else ()
    return render_page(md, site, game, translated(page, translation, catalogue, language, site.language, notice, ids),
                       list(terms))
