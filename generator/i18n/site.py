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
            catalogue = KEPT.catalogue(catalogue_path(game, language), language)
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
    key = (page, id(catalogue), language, site.language, site.raw_html, term_ids, slug)
    kept = KEPT.pages.get(key)
    if kept is None:
        kept = KEPT.keep(KEPT.pages, key, translated_page(site, game, page, catalogue, language, md, term_ids, slug))
    return kept


def translated_page(site: Site, game: Game, page: Page, catalogue: Catalog, language: str, md,
                    term_ids: tuple[str, ...], slug: str) -> Page:
    translation = translate_page(md, site, game, page, catalogue)
    ids = term_ids if page.glossary else ()
    return replace(translated(page, translation, catalogue, language, site.language, term_ids=ids), game=slug)


class Kept:
    """What a process translated, kept by what it was made of: `serve` translates again only
    the pages a save changed, and reads again only the catalogues it changed. A catalogue is
    kept by its file's times, size and inode (an edit changes them: read by catalogues.read
    alone, as the engine's words are: engine.py); a translated page by its source page (its
    path, text's hash, title, front matter: the Page itself) and the catalogue it was
    translated with: the kept catalogue object, which is read again when its file changes."""

    LIMIT = 2_000  # entries; then forgotten all at once (the catalogue's translated pages: 50)

    def __init__(self):
        self.catalogues: dict[tuple, Catalog] = {}
        self.pages: dict[tuple, Page] = {}

    def catalogue(self, path, language: str) -> Catalog:
        try:
            stat = path.stat()
        except OSError:  # catalogues.read says what is wrong
            return read(path, language)
        key = (str(path), language, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size, stat.st_ino)
        kept = self.catalogues.get(key)
        if kept is None:  # (the one it replaces stays kept: no other catalogue takes its id)
            kept = self.keep(self.catalogues, key, read(path, language))
        return kept

    def keep(self, kept: dict, key: tuple, value):
        if len(kept) >= self.LIMIT:
            kept.clear()
            self.pages.clear()
        kept[key] = value
        return value


KEPT = Kept()  # one a process: `serve` keeps it from one build to the next


def language_name(language: str) -> str:
    """The language's own name for itself ("Deutsch", "français", "日本語"), as a switcher shows it."""
    from babel.core import Locale

    from generator.i18n.pseudo import PSEUDO, pseudo

    if language == PSEUDO:
        return pseudo("Pseudo")  # no language's name: the switcher shows it as a page would
    name = Locale.parse(language, sep="-").get_display_name(Locale.parse(language, sep="-")) or language
    return name[:1].upper() + name[1:]
