"""A site's translations as games of their own, so that one build makes them.

Each catalogue `content/<game>/i18n/<lang>.po` of a current game adds the game in that
language: a Game whose slug is "<lang>/<game>", so its pages (and whatever the stages make of
a game: kit, rulebook, walkthroughs) land at /<lang>/<game>/ by the same URL rules as any
game's, the site's own language staying at the root (as earlier releases sit at
/<game>/<version>/: generator/releases). Its pages are the source's, translated block by block
(pages.translated: stale and missing blocks in the source language, marked); its data rows and
game.toml texts are the catalogue's (games.translated_game). It keeps the source game's folder:
the same engine, pictures and components.

A site with no catalogue is returned as it is: no Babel import, no file read."""
from __future__ import annotations

from dataclasses import replace

from babel.messages.catalog import Catalog

from generator.content.model import Game, Page, Site
from generator.errors import ContentError, ContentErrors
from generator.i18n.blocks import parser
from generator.i18n.catalogues import catalogue_path, languages, read
from generator.i18n.games import translated_game
from generator.i18n.pages import source_terms, translated
from generator.i18n.translate import translate_page
from generator.markdown.render import glossary_page
from generator.urls import translation_folder


def with_translations(site: Site) -> Site:
    """`site` with each current game in every language it has a catalogue for; every catalogue
    that cannot be read is an error, all reported together."""
    wanted = [(game, language) for game in site.current_games for language in languages(game)
              if language != site.language]
    if not wanted:
        return site
    md, added, errors = parser(site), [], []
    for game, language in wanted:
        try:
            catalogue = read(catalogue_path(game, language), language)
        except ContentError as error:
            errors.append(error)
            continue
        added.append(game_in(site, game, catalogue, language, md))
    if errors:
        raise ContentErrors(errors)
    return replace(site, games=(*site.games, *added))


def game_in(site: Site, game: Game, catalogue: Catalog, language: str, md) -> Game:
    """`game` in `language`: its texts, data and pages from `catalogue`."""
    slug = translation_folder(language, game.slug)
    glossary = glossary_page(game)
    term_ids = tuple(term.anchor for term in source_terms(site, game, glossary)) if glossary else ()
    # its own pages: a release's "What changed" page, in the release's folder, stays in the source's
    pages = tuple(page_in(site, game, page, catalogue, language, md, term_ids, slug) for page in game.pages
                  if page.game == game.slug)
    return replace(translated_game(game, catalogue), slug=slug, pages=pages, language=language,
                   translation_of=game.slug)


def page_in(site: Site, game: Game, page: Page, catalogue: Catalog, language: str, md, term_ids: tuple[str, ...],
            slug: str) -> Page:
    translation = translate_page(md, site, game, page, catalogue)
    ids = term_ids if page.glossary else ()
    return replace(translated(page, translation, catalogue, language, site.language, term_ids=ids), game=slug)


def language_name(language: str) -> str:
    """The language's own name for itself ("Deutsch", "français", "日本語"), as a switcher shows it."""
    from babel.core import Locale

    from generator.i18n.pseudo import PSEUDO, pseudo

    if language == PSEUDO:
        return pseudo("Pseudo")  # no language's name: the switcher shows it as a page would
    name = Locale.parse(language, sep="-").get_display_name(Locale.parse(language, sep="-")) or language
    return name[:1].upper() + name[1:]
