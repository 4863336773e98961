"""What the kit stage publishes for other stages to read (stages.Product "kit drawings"): each
game's components (its `components.toml`, read and validated) and its drawings, read and drawn
once per build whichever stage asks first (the kit's check, the `cards` directive, the exports).

Its key is the kit's inputs (spec, data, the game's code that draws, and what a kit prints of
the game): the key of every stage that reads it (the exports) includes it.
"""
from __future__ import annotations

from dataclasses import replace

from generator.content.model import Game, Site
from generator.errors import ContentErrors
from generator.fingerprint import digest
from generator.keys import folder_key
from generator.urls import file_stem

NAME = "kit drawings"


def has_kit(game: Game) -> bool:
    return game.has_file("components.toml")


class KitDrawings:
    name = NAME

    def __init__(self):
        self.hashes: dict[str, str] = {}  # the build's source hashes (StageContext.hashes)
        self.language = ""  # the site's: a game's kit is in its translation's, else in this
        self._components: dict[str, object] = {}  # slug -> its components.toml read (or its errors)
        self._drawn: dict[str, tuple] = {}  # slug -> (components, {ink saver: Artwork})

    def start(self, hashes: dict[str, str], language: str = "") -> None:
        """A new build (of a site in `language`): sources may have changed since the last one."""
        self.hashes, self._components, self._drawn = hashes, {}, {}
        self.language = language

    has_kit = staticmethod(has_kit)

    def key(self, site: Site, game: Game) -> str:
        """The kit's inputs: the spec, its data and the game's code (its drawings are the kit's
        boards and card art), and what its pages print of the game; the pages' text is not one."""
        return digest(folder_key(self.hashes, game.folder, skip=(".md",)), game.title, ";".join(game.designers))

    def components(self, game: Game):
        """The game's components.toml, read and validated once per build; its errors, raised
        again to each that asks."""
        if game.slug not in self._components:
            from generator.kit import load_components

            try:
                loaded = load_components(game.folder, game.data, game.words, game.language or self.language,
                                         engine_words(game))
                self._components[game.slug] = replace(loaded, stem=file_stem(game.slug))
            except ContentErrors as problems:
                self._components[game.slug] = problems
        found = self._components[game.slug]
        if isinstance(found, ContentErrors):
            raise found
        return found

    def drawn(self, game: Game) -> tuple:
        """(components, {ink saver: Artwork}) of the game's kit, read and drawn once per build."""
        if game.slug not in self._drawn:
            from generator.kit.build import kit_artwork

            components = self.components(game)
            self._drawn[game.slug] = (components, kit_artwork(components))
        return self._drawn[game.slug]

    def checked(self, game: Game) -> tuple | None:
        """What `drawn` has drawn of the game so far (None: not drawn in this build)."""
        return self._drawn.get(game.slug)

    def full_colour(self, game: Game) -> tuple:
        """(components, the full-colour Artwork) of the game's kit, drawn once per build: the
        drawings the exports rasterise (made here if the game's kits print only in ink saver)."""
        components, artworks = self.drawn(game)
        if False not in artworks:
            from generator.kit.build import Artwork

            artworks[False] = Artwork(components, False)
        return components, artworks[False]


def engine_words(game: Game):
    """What the game's engine says in a translation's language (None: English, the source's)."""
    if not game.translation_of:
        return None
    from generator.i18n.engine import translations_of

    return translations_of(game)
