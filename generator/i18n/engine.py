"""A game engine's words in the game's catalogue, and back out of it for the Play download.

Extracted: every string an engine module marks with `_()` or `N_()` (generator/play/words.py),
found by Babel's Python extractor at its file:line, a "Translators:" comment above it kept for
the translator. Compiled: a translated game's Play download carries its language's words as
the standard library's gettext reads them (locale/<lang>/LC_MESSAGES/engine.mo in the game's
folder): the engine's messages, the headings of the game's pages (a refusal names the section
of the rules it applies, in the reader's words) and Rulepress's own words of the browser's
session (generator/browser, generator/play) and of the widgets' built frames. Fuzzy and
untranslated entries are left out: the reader sees the English, never a stale sentence."""
from __future__ import annotations

import gettext
import io

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo

from generator.content.model import Game
from generator.i18n.model import STAMP, Block
from generator.play.modules import game_modules
from generator.play.words import DOMAIN, ENGLISH, LOCALE

KIND = "engine message"  # the entries' comment in the catalogue
KEYWORDS = {"_": None, "N_": None}
# Rulepress's words the session says in the browser, and the Play widgets' built frames (interactive/widgets.py)
RUNTIME = ("generator/browser/", "generator/play/", "generator/interactive/widgets.py")


def engine_blocks(game: Game) -> list[Block]:
    """The engine modules' marked strings, module by module, in the order they are written."""
    if not game.has_engine:
        return []
    found = []
    for name in game_modules(game.folder):
        for line, message, comments, _context in extract_from_file("python", game.folder / name, keywords=KEYWORDS,
                                                                  comment_tags=("Translators:",), strip_comment_tags=True):
            if isinstance(message, str) and message.strip():
                found.append(Block(message, name, line, "; ".join([KIND, *comments])))
    return found


def is_engine_word(message) -> bool:
    """An entry the Play download needs: a message of the engine, or a heading a refusal names."""
    return any(file.endswith(".py") for file, _line in message.locations) or "heading" in message.auto_comments


def engine_words(game: Game, catalogue: Catalog, interface: Catalog | None) -> dict[str, bytes]:
    """Zip name -> bytes of the words `game`'s Play download carries in `catalogue`'s language
    (nothing when none of them is translated): the game's entries first, then Rulepress's."""
    language = game.language.replace("-", "_")
    # dated as extraction dates a template (a real date in its header would change the bundle's bytes each build)
    chosen = Catalog(locale=language, domain=DOMAIN, charset="utf-8", fuzzy=False, creation_date=STAMP,
                     revision_date=STAMP)
    sources = [(catalogue, is_engine_word)]
    if interface is not None:
        sources.append((interface, lambda m: any(file.startswith(RUNTIME) for file, _ in m.locations)))
    for source, wanted in sources:
        for message in source:
            if (message.id and isinstance(message.id, str) and message.string and not message.fuzzy
                    and not message.context and message.id not in chosen and wanted(message)):
                chosen.add(message.id, message.string)
    if not len(chosen):
        return {}
    compiled = io.BytesIO()
    write_mo(compiled, chosen)
    return {f"games/{game.folder.name}/{LOCALE}/{language}/LC_MESSAGES/{DOMAIN}.mo": compiled.getvalue()}


def compiled_words(game: Game) -> dict[str, bytes]:
    """`engine_words` of a translated game, from its catalogue and Rulepress's of its language
    (nothing for a game in the site's own language). Asked three times a build (the replays'
    narration, the kit's set-up words, the Play download): compiled once for each version of
    the catalogue, and again when it is edited."""
    from generator.i18n.catalogues import catalogue_path
    from generator.i18n.interface import catalogue
    from generator.i18n.site import KEPT  # the catalogue as the pages' translation read it: not parsed twice

    if not game.translation_of:
        return {}
    path = catalogue_path(game, game.language)
    stat = path.stat()  # an edit in `serve` changes its time (read by catalogues.read alone)
    key = (game.folder.name, game.language, str(path), stat.st_mtime_ns, stat.st_size)
    if key not in COMPILED:
        if len(COMPILED) >= 64:  # a long `serve` session's edits: the oldest contents forgotten
            COMPILED.clear()
        COMPILED[key] = engine_words(game, KEPT.catalogue(path, game.language), catalogue(game.language))
    return dict(COMPILED[key])


COMPILED: dict[tuple, dict[str, bytes]] = {}  # a process's compiled words, by their catalogue's version


def translations_of(game: Game) -> gettext.NullTranslations:
    """What the build's engine says for a translated game's pages (its walkthroughs' narration, its
    boards' captions): the words its Play download carries, read as the browser reads them."""
    words = compiled_words(game)
    return gettext.GNUTranslations(io.BytesIO(next(iter(words.values())))) if words else ENGLISH
